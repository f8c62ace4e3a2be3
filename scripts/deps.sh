#!/bin/sh
# deps.sh [test|fuzz|clang|abi|bench-variants]: installs the Debian packages the tests
# (the fuzzers, the clang build, the ABI check) need when they are missing: as root through apt-get, else
# through sudo when it needs no password, else it names them and fails.
# Building and running nonet itself needs only a C compiler, make, cmake.
set -u
what=${1:-test}
need=""
have_cmd() { command -v "$1" >/dev/null 2>&1; }
have_pkg() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "ok installed"; }
want_pkg() { have_pkg "$1" || need="$need $1"; }

have_cmd cc || want_pkg gcc
have_cmd make || want_pkg make
have_cmd cmake || want_pkg cmake
have_cmd pkg-config || want_pkg pkg-config
have_cmd python3 || want_pkg python3
have_cmd nm || want_pkg binutils
want_pkg libcmocka-dev
# nonet render: cairo for PDF/SVG/PNG, a font, and the tools its tests
# read the books back with (pdfinfo, pdftotext, pdftoppm; xmllint)
want_pkg libcairo2-dev
want_pkg fonts-dejavu-core
want_pkg poppler-utils
want_pkg libxml2-utils
if [ "$what" = abi ]; then
  need=""
  want_pkg abigail-tools
  have_cmd cmake || want_pkg cmake
fi
if [ "$what" = bench-variants ]; then
  # the SAT solver that bench/variants.py measures nonet against
  need=""
  have_cmd cadical || want_pkg cadical
  have_cmd python3 || want_pkg python3
fi
if [ "$what" = fuzz ] || [ "$what" = clang ]; then
  # the fuzzers, and the clang build (make clang)
  have_cmd clang || want_pkg clang
  want_pkg libclang-rt-dev
fi

[ -z "$need" ] && exit 0
if ! have_cmd apt-get; then
  echo "deps: please install:$need (not a Debian system: no apt-get)" >&2
  exit 1
fi
if [ "$(id -u)" = 0 ]; then
  sudo=""
elif have_cmd sudo && sudo -n true 2>/dev/null; then
  sudo="sudo"
else
  echo "deps: missing:$need; install them with: sudo apt-get install$need" >&2
  exit 1
fi
echo "deps: installing$need"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get -o DPkg::Lock::Timeout=900 update -qq >/dev/null &&
  $sudo apt-get -o DPkg::Lock::Timeout=900 install -y -qq --no-install-recommends $need >/dev/null || {
  echo "deps: apt-get install$need failed" >&2
  exit 1
}
