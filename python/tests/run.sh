#!/bin/sh
# run.sh BUILD_DIR LIBNONET NONET: the Python package installed the way the
# README says (a venv made by Debian's /usr/bin/python3 with
# --system-site-packages, `pip install --no-build-isolation`), from a copy
# of python/ (nothing is written to the source tree) linked with the
# build's libnonet.a, then its pytest suite, which compares answers and
# messages with the command NONET.
set -eu
build=$(cd "$1" && pwd)
lib=$2
cli=$3
src=$(cd "$(dirname "$0")/../.." && pwd)
python=${NONET_PYTHON:-/usr/bin/python3}
venv=$build/python-venv
rm -rf "$venv" "$build/python-src"
"$python" -m venv --system-site-packages "$venv"
cp -r "$src/python" "$build/python-src"
rm -rf "$build/python-src/build"
NONET_SOURCE_DIR=$src NONET_LIBNONET=$lib \
  "$venv/bin/pip" install -q --no-build-isolation --no-deps \
  "$build/python-src" 2>&1 | grep -v -i "warn" || true
"$venv/bin/python" -c "import nonet" # installed, or fail here
cd "$build"
NONET_CLI=$cli PYTHONDONTWRITEBYTECODE=1 \
  exec "$venv/bin/python" -m pytest -q -p no:cacheprovider "$src/python/tests"
