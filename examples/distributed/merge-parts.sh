#!/bin/sh
# merge-parts.sh OUT SHARDS: merges the tagged parts OUT.parts/part-0 ..
# part-(SHARDS-1), each one shard's `nonet ... --shard K/SHARDS --tag`
# output in order, into OUT: the one-machine output. When a part is
# missing it names the shards to run again and exits 1, writing nothing.
set -eu
out=$1
shards=$2
missing=""
k=0
while [ "$k" -lt "$shards" ]; do
  [ -f "$out.parts/part-$k" ] || missing="$missing $k"
  k=$((k + 1))
done
if [ -n "$missing" ]; then
  echo "merge-parts: shards missing:$missing (of $shards): run them again" >&2
  exit 1
fi
k=0
files=""
while [ "$k" -lt "$shards" ]; do
  files="$files $out.parts/part-$k"
  k=$((k + 1))
done
# shellcheck disable=SC2086
LC_ALL=C sort -m -s -n -k1,1 $files | cut -f2- >"$out.tmp"
mv "$out.tmp" "$out"
