#!/bin/sh
# gecode_peer.sh GECODE_DIR [OUT]: builds Gecode's own Sudoku example, a
# peer for bench/variants.py (--gecode-bin OUT).
#
# GECODE_DIR is a checkout of github.com/Gecode/gecode fetched by the
# user (only examples/sudoku.cpp and examples/sudoku-instances.hh are
# read; nothing of it is part of nonet), at the release Debian packages
# (`git -C GECODE_DIR checkout release-6.2.0`: newer examples do not
# build against libgecode 6.2). The example is compiled against
# Debian's Gecode (libgecode-dev, installed with apt-get when missing and
# run as root) into OUT (default /tmp/gecode-sudoku). Its model: one
# `distinct` a house, domain consistent (-ipl dom, its default), AFC/size
# variable order, smallest value first; the instance is its last
# argument, an index into sudoku-instances.hh.
set -eu
src=${1:?usage: gecode_peer.sh GECODE_DIR [OUT]}
out=${2:-/tmp/gecode-sudoku}
if [ ! -f /usr/include/gecode/driver.hh ]; then
  if [ "$(id -u)" = 0 ]; then
    apt-get install -y libgecode-dev >/dev/null
  else
    echo "gecode_peer.sh: needs Debian's libgecode-dev" >&2
    exit 1
  fi
fi
g++ -O2 -std=c++17 -I"$src" -o "$out" "$src/examples/sudoku.cpp" \
  -lgecodedriver -lgecodegist -lgecodesearch -lgecodeminimodel \
  -lgecodeint -lgecodekernel -lgecodesupport
echo "$out"
