#!/bin/sh
# install.sh BUILD_DIR LIBNONET: the Python package installed the way the
# README says, into BUILD_DIR/python-venv: a venv made by Debian's
# /usr/bin/python3 (NONET_PYTHON names another) with
# --system-site-packages, then `pip install --no-build-isolation` of a copy
# of python/ (nothing is written to the source tree), linked with
# LIBNONET (a libnonet.a already built). Prints the venv's python.
set -eu
build=$(cd "$1" && pwd)
lib=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
src=$(cd "$(dirname "$0")/.." && pwd)
venv=$build/python-venv
rm -rf "$venv" "$build/python-src"
"${NONET_PYTHON:-/usr/bin/python3}" -m venv --system-site-packages "$venv"
cp -r "$src/python" "$build/python-src"
rm -rf "$build/python-src/build"
NONET_SOURCE_DIR=$src NONET_LIBNONET=$lib \
  "$venv/bin/pip" install -q --no-build-isolation --no-deps \
  "$build/python-src" 2>&1 | grep -v -i "warn" >&2 || true
"$venv/bin/python" -c "import nonet" # installed, or fail here
echo "$venv/bin/python"
