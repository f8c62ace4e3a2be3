#!/bin/sh
# abi-check.sh [BUILD] [update]: compares libnonet's ABI with the last
# release's (abi/libnonet.so.1.abi, written by abidw when the release was
# made) and fails on any incompatible change: a function or type of
# nonet.h removed or changed. Additions (new functions, new enum values at
# the end) pass: they are what a minor release may bring. With 'update',
# writes the baseline instead (do that only when making a release).
# Needs Debian's abigail-tools (scripts/deps.sh abi installs it).
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$here/build-abi}
mode=${2:-check}
baseline=$here/abi/libnonet.so.1.abi
cmake -S "$here" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DNONET_BUILD_TESTS=OFF -DNONET_BUILD_BENCH=OFF -DNONET_WITH_CAIRO=OFF \
  >/dev/null
cmake --build "$build" --target nonet_shared -j2 >/dev/null
lib=$build/libnonet.so
# --exported-interfaces-only: without it abidw 2.2 loses the definitions
# of exported functions that the library also calls itself
dump() { abidw --exported-interfaces-only --no-show-locs --no-comp-dir-path \
  --headers-dir "$here/include" \
  --no-corpus-path "$lib" | sed "s|$here/||g"; }
if [ "$mode" = update ]; then
  mkdir -p "$here/abi"
  dump >"$baseline"
  echo "abi-check: wrote $baseline"
  exit 0
fi
[ -f "$baseline" ] || { echo "abi-check: no baseline $baseline" >&2; exit 1; }
set +e
dump >"$build/current.abi"
# the opaque types (declared in nonet.h, defined only inside the
# library: callers hold pointers and never see their size or members) may
# change: their layouts are the library's own
supp=$build/opaque.supp
: >"$supp"
for t in $(sed -n 's/^typedef struct \(nonet_[a-z_0-9]*\) nonet_[a-z_0-9]*;$/\1/p' \
  "$here/include/nonet.h"); do
  printf '[suppress_type]\n  type_kind = struct\n  name = %s\n' "$t" >>"$supp"
done
abidiff --no-added-syms --suppressions "$supp" "$baseline" "$build/current.abi" \
  >"$build/abidiff.txt" 2>&1
status=$?
set -e
# abidiff's status is a bit set: 1 error, 2 usage, 4 an ABI change, 8 an
# incompatible one. With --no-added-syms, new functions and enumerators
# added at the end are filtered out (status 0); a struct or signature that
# changed is 4 and a removed function 8: both fail.
if [ "$status" -ne 0 ]; then
  cat "$build/abidiff.txt" >&2
  echo "abi-check: incompatible ABI change against $baseline (abidiff $status)" >&2
  exit 1
fi
echo "abi-check: compatible with $baseline"
