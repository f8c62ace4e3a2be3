#!/bin/sh
# solver_env.sh NONET CHECKSOL: NONET_SOLVER picks each build of the
# solver by name (portable, avx2, avx512, avx512-zmm, avx512-wide) when the CPU runs
# it, as `nonet --version` says, and the default build otherwise; every
# build solves puzzles generated here (checked by the independent
# checker) and counts the same solutions, to the last, on puzzles with
# several (one given taken out of each: the generated puzzles are
# minimal, so each then has two solutions or more).
NONET=$1 CHECK=$2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
status=0
default=$("$NONET" --version | sed -n 's/.*(solver: \(.*\))$/\1/p')
[ -n "$default" ] || { echo "no solver in: $("$NONET" --version)"; exit 1; }
echo "default build: $default"
"$NONET" generate -n 300 --seed 7 --threads 2 >"$dir/unique.txt" 2>/dev/null ||
  { echo "generate failed"; exit 1; }
# the first given of each puzzle taken out (from 2 to about 1,600
# solutions for these, counted to the end)
awk '{ i = match($0, /[1-9]/); print substr($0, 1, i - 1) "." substr($0, i + 1) }' \
  "$dir/unique.txt" >"$dir/several.txt"
"$NONET" count --limit 100000 "$dir/several.txt" >"$dir/count.default"
# a minimal puzzle less a given has two solutions or more
awk '$1 < 2 { bad++ } END { exit bad > 0 || NR != 300 }' "$dir/count.default" ||
  { echo "several.txt: a count below 2 (or not 300 lines)"; status=1; }
for b in portable avx2 avx512 avx512-zmm avx512-wide; do
  got=$(NONET_SOLVER=$b "$NONET" --version | sed -n 's/.*(solver: \(.*\))$/\1/p')
  if [ "$got" = "$b" ]; then
    echo "$b: runs here"
  elif [ "$got" = "$default" ]; then
    echo "$b: not run by this CPU (or not built): $got instead"
  else
    echo "$b: NONET_SOLVER=$b gave $got"
    status=1
  fi
  NONET_SOLVER=$b "$NONET" solve "$dir/unique.txt" >"$dir/out" ||
    { echo "$b: solve failed"; status=1; }
  "$CHECK" "$dir/unique.txt" "$dir/out" || { echo "$b: bad solutions"; status=1; }
  NONET_SOLVER=$b "$NONET" count --limit 100000 "$dir/several.txt" >"$dir/count" ||
    { echo "$b: count failed"; status=1; }
  cmp -s "$dir/count" "$dir/count.default" ||
    { echo "$b: counts differ from the default build's"; status=1; }
done
exit $status
