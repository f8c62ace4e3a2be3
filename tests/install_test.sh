#!/bin/sh
# install_test.sh BUILDDIR SRCDIR: installs the build into a temporary
# prefix, then builds examples/solve_one.c against it through pkg-config,
# linked both shared and static, and checks that both solve a puzzle
# correctly (the solution is checked by `nonet check` of the installed
# command on the solved grid). A cross build sets NONET_TEST_CC (its
# compiler) and NONET_TEST_RUN (the emulator the programs run in).
set -eu
build=$1 src=$2
cc=${NONET_TEST_CC:-cc}
run=${NONET_TEST_RUN:-}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cmake --install "$build" --prefix "$tmp/prefix" >/dev/null
libdir=$(ls -d "$tmp"/prefix/lib*/pkgconfig | head -1)
export PKG_CONFIG_PATH="$libdir"
test -f "$tmp/prefix/include/nonet.h"
test -f "$tmp/prefix/share/man/man1/nonet.1"
$cc -std=c11 -Wall -Wextra -Werror ${NONET_TEST_CFLAGS:-} "$src/examples/solve_one.c" $(pkg-config --cflags --libs nonet) -o "$tmp/shared"
$cc -std=c11 -Wall -Wextra -Werror ${NONET_TEST_CFLAGS:-} "$src/examples/solve_one.c" $(pkg-config --cflags nonet) \
  "$(dirname "$libdir")/libnonet.a" -o "$tmp/static"
p='8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..'
for kind in shared static; do
  LD_LIBRARY_PATH="$(dirname "$libdir")" $run "$tmp/$kind" "$p" >"$tmp/out.$kind"
  # the printed grid must be a complete grid agreeing with the givens:
  # the installed nonet says "unique" for it, and it holds every given
  $run "$tmp/prefix/bin/nonet" check "$tmp/out.$kind" | grep -qx unique
  sol=$($run "$tmp/prefix/bin/nonet" solve "$tmp/out.$kind")
  want=$($run "$tmp/prefix/bin/nonet" solve "$p")
  [ "$sol" = "$want" ] || { echo "$kind: wrong solution"; exit 1; }
  echo "$kind link: ok"
done
# the installed command renders a PDF through its cairo module (found
# relative to the program), when this build has one, from a copy of the
# tree moved elsewhere too
if [ -f "$build/nonet-cairo.so" ]; then
  mv "$tmp/prefix" "$tmp/moved"
  echo "$p" | NONET_MODULE_DIR= $run "$tmp/moved/bin/nonet" render -o "$tmp/book.pdf"
  head -c 5 "$tmp/book.pdf" | grep -q '%PDF-' || { echo "render: no PDF"; exit 1; }
  echo "installed render: ok"
fi
