#!/bin/sh
# deps.sh [test|web|fuzz|clang|abi|arm|bench-variants]: installs the Debian packages the tests
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
# the WebAssembly package and the play page (make web; make test runs
# their tests in Node and in headless Chromium)
if [ "$what" = test ] || [ "$what" = web ]; then
  [ "$what" = web ] && need=""
  have_cmd emcc || want_pkg emscripten
  have_cmd node || want_pkg nodejs
  have_cmd npm || want_pkg npm
  [ "$what" = test ] && { have_cmd chromium || want_pkg chromium; }
fi
# the Python package (python/): built for Debian's /usr/bin/python3 in a
# venv, its pytest suite, the Dask cluster test, the stubs check; the
# distributed recipes' tests (GNU parallel over ssh to an sshd of their
# own on the loopback)
if [ "$what" = test ]; then
  for p in python3-dev python3-venv python3-pip python3-setuptools \
    python3-wheel python3-numpy python3-pytest python3-distributed \
    python3-mypy parallel rsync openssh-client openssh-server; do
    want_pkg $p
  done
  # the SAT referee of the larger generated killers (tests/killer_sat.sh)
  have_cmd cadical || want_pkg cadical
fi
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
  # Gecode, for its own Sudoku example (bench/gecode_peer.sh), and g++
  have_pkg libgecode-dev || want_pkg libgecode-dev
  have_cmd g++ || want_pkg g++
  # node, for the Interactive Sudoku Solver's own solver (variants.py --iss)
  have_cmd node || want_pkg nodejs
fi
if [ "$what" = fuzz ] || [ "$what" = clang ]; then
  # the fuzzers, and the clang build (make clang)
  have_cmd clang || want_pkg clang
  want_pkg libclang-rt-dev
fi
add_arch=""
if [ "$what" = arm ]; then
  # make test-arm: the cross compiler, qemu-user to run what it builds,
  # and the arm64 libc (with its start files, libc6-dev: the cross
  # compiler links against them) and cmocka it runs with (multiarch
  # packages: dpkg learns arm64 first)
  need=""
  have_cmd cmake || want_pkg cmake
  have_cmd pkg-config || want_pkg pkg-config
  have_cmd aarch64-linux-gnu-gcc || want_pkg gcc-aarch64-linux-gnu
  have_cmd qemu-aarch64 || want_pkg qemu-user
  want_pkg libc6:arm64
  want_pkg libc6-dev:arm64
  want_pkg libcmocka-dev:arm64
  dpkg --print-foreign-architectures | grep -qx arm64 || add_arch=arm64
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
[ -z "$add_arch" ] || $sudo dpkg --add-architecture "$add_arch" || exit 1
$sudo apt-get -o DPkg::Lock::Timeout=900 update -qq >/dev/null &&
  $sudo apt-get -o DPkg::Lock::Timeout=900 install -y -qq --no-install-recommends $need >/dev/null || {
  echo "deps: apt-get install$need failed" >&2
  exit 1
}
