#!/bin/sh
# modes.sh [BUILD]: what `solve` costs over `count --limit 2`, and `solve
# --first` over `count --limit 1`, whole processes on one thread, on the
# same seeded random isomorphs of the shared lists (serg_benchmark's
# puzzles all have several solutions: solve reports each). Ratios below
# 1: the second is faster. NONET_BENCH_RUNS (default 5) runs, median.
# The last pair again with the output to /dev/null: the search and the
# formatting without the writing of 41 times as many bytes (a solution
# line against a count's).
set -eu
BUILD=${1:-build}
DATA=${NONET_DATA_DIR:-../shared/data}
set --
for l in serg_benchmark.txt:4 17clue.txt:1 top1465.txt:10; do
  [ -f "$DATA/${l%:*}" ] && set -- "$@" "$DATA/$l"
done
[ $# -gt 0 ] || { echo "modes.sh: no puzzle lists in $DATA" >&2; exit 1; }
run() {
  "$BUILD/bench/bench_modes" --nonet "$BUILD/nonet" --runs "${NONET_BENCH_RUNS:-5}" "$@"
}
run --variant "count=count --limit 2 --threads 1" --variant "solve=solve --threads 1" "$@"
run --variant "count1=count --limit 1 --threads 1" --variant "first=solve --first --threads 1" "$@"
run --null --variant "count1=count --limit 1 --threads 1" --variant "first=solve --first --threads 1" "$@"
