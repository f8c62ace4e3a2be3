#!/bin/sh
# run.sh BUILD_DIR LIBNONET NONET: the Python package installed the way the
# README says (python/install.sh: a venv of Debian's /usr/bin/python3,
# pip install --no-build-isolation, linked with the build's libnonet.a),
# then its pytest suite, which compares answers and messages with the
# command NONET.
set -eu
src=$(cd "$(dirname "$0")/../.." && pwd)
python=$(sh "$src/python/install.sh" "$1" "$2")
cd "$1"
NONET_CLI=$3 PYTHONDONTWRITEBYTECODE=1 \
  exec "$python" -m pytest -q -p no:cacheprovider "$src/python/tests"
