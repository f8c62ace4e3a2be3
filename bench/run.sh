#!/bin/sh
# run.sh [BUILD]: the solver benchmark over the shared lists.
BUILD=${1:-build}
DATA=${NONET_DATA_DIR:-../shared/data}
set --
for l in 17clue top1465 serg_benchmark hardest1106; do
  [ -f "$DATA/$l.txt" ] && set -- "$@" "$DATA/$l.txt"
done
[ $# -gt 0 ] || { echo "bench: no puzzle lists in $DATA" >&2; exit 1; }
"$BUILD/bench/bench_solve" --seed 1 "$@"
# logic engine: whole human-style solving paths (issue 5)
set --
for l in 17clue top1465 hardest1106; do
  [ -f "$DATA/$l.txt" ] && set -- "$@" "$DATA/$l.txt"
done
"$BUILD/bench/bench_logic" --seed 1 "$@"
