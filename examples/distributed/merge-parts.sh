#!/bin/sh
# merge-parts.sh OUT SHARDS: merges the tagged parts OUT.parts/part-0 ..
# part-(SHARDS-1), each one shard's `nonet ... --shard K/SHARDS --tag`
# output in order, into OUT: the one-machine output. When a part is
# missing it names the shards to run again and exits 1, writing nothing.
# merge-parts.sh --missing OUT SHARDS: only prints the missing shards.
set -eu
only_missing=0
[ "$1" = --missing ] && { only_missing=1; shift; }
out=$1
shards=$2
missing=""
files=""
k=0
while [ "$k" -lt "$shards" ]; do
  if [ -f "$out.parts/part-$k" ]; then
    files="$files $out.parts/part-$k"
  else
    missing="$missing $k"
  fi
  k=$((k + 1))
done
if [ "$only_missing" = 1 ]; then
  echo $missing
  exit 0
fi
if [ -n "$missing" ]; then
  echo "merge-parts: shards missing:$missing (of $shards): run them again" >&2
  exit 1
fi
# shellcheck disable=SC2086
LC_ALL=C sort -m -s -n -k1,1 $files | cut -f2- >"$out.tmp"
mv "$out.tmp" "$out"
