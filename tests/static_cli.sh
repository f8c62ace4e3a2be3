#!/bin/sh
# static_cli.sh NONET HELPER: the statically linked command (CMake's
# NONET_STATIC_CLI) has no program interpreter (no dynamic loader at
# start-up); its `render` hands PDF, SVG and PNG to nonet-render (HELPER,
# beside it in the build tree) and gives the same bytes for SVG as the
# helper run directly; alone in a directory, it still makes HTML and says
# that PNG needs nonet-render, with exit status 1.
NONET=$1
HELPER=$2
. "$(dirname "$0")/support/testlib.sh"
p='..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..'
if readelf -l "$NONET" | grep -q INTERP; then
  bad "$NONET asks for a program interpreter: not static"
fi
readelf -l "$HELPER" | grep -q INTERP || bad "$HELPER is not dynamic"
echo "$p" | "$NONET" render -o "$tmp/a.svg" || bad "render -o a.svg: status $?"
echo "$p" | "$HELPER" render -o "$tmp/b.svg" || bad "helper render: status $?"
cmp -s "$tmp/a.svg" "$tmp/b.svg" || bad "the SVG differs from the helper's"
grep -q '<svg' "$tmp/a.svg" || bad "no SVG made"
mkdir "$tmp/alone"
cp "$NONET" "$tmp/alone/nonet"
echo "$p" | NONET_MODULE_DIR= "$tmp/alone/nonet" render -o "$tmp/c.html" ||
  bad "alone: HTML, status $?"
grep -q '<html' "$tmp/c.html" || bad "alone: no HTML made"
echo "$p" | NONET_MODULE_DIR= "$tmp/alone/nonet" render -o "$tmp/c.png" \
  2>"$tmp/err"
status=$?
[ $status = 1 ] || bad "alone: PNG, status $status (1 expected)"
grep -q 'nonet-render' "$tmp/err" || bad "alone: the message: $(cat "$tmp/err")"
echo "$p" | "$NONET" solve | grep -q '^4839216579' || bad "solve"
[ $fail = 0 ] && echo "static command: ok"
exit $fail
