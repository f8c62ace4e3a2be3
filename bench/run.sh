#!/bin/sh
# run.sh [BUILD]: the solver benchmark over the shared lists, with the
# peers given by these variables:
#   NONET_BENCH_TDOKU=/tmp/tdoku/build/run_benchmark   tdoku's run_benchmark
#   NONET_BENCH_JCZSOLVE=/tmp/tdoku/build/run_benchmark  one built with JCZSolve
#   NONET_BENCH_PEER='NAME=CMD'                     any other peer command
# NONET_BENCH_RUNS (default 5) runs per list, median reported.
BUILD=${1:-build}
DATA=${NONET_DATA_DIR:-../shared/data}
HERE=$(cd "$(dirname "$0")" && pwd)
set --
for l in 17clue top1465 serg_benchmark hardest1106; do
  [ -f "$DATA/$l.txt" ] && set -- "$@" "$DATA/$l.txt"
done
[ $# -gt 0 ] || { echo "bench: no puzzle lists in $DATA" >&2; exit 1; }
[ -n "${NONET_BENCH_PEER:-}" ] && set -- --peer "$NONET_BENCH_PEER" "$@"
[ -n "${NONET_BENCH_JCZSOLVE:-}" ] &&
  set -- --peer "jczsolve=$HERE/peer_tdoku.sh $NONET_BENCH_JCZSOLVE jczsolve" "$@"
[ -n "${NONET_BENCH_TDOKU:-}" ] &&
  set -- --peer "tdoku=$HERE/peer_tdoku.sh $NONET_BENCH_TDOKU tdoku" "$@"
status=0
"$BUILD/bench/bench_solve" --seed 1 --runs "${NONET_BENCH_RUNS:-5}" "$@" || status=1
# logic engine: whole human-style solving paths (issue 5)
set --
for l in 17clue top1465 hardest1106; do
  [ -f "$DATA/$l.txt" ] && set -- "$@" "$DATA/$l.txt"
done
"$BUILD/bench/bench_logic" --seed 1 "$@" || status=1
exit $status
