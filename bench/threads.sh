#!/bin/sh
# threads.sh [BUILD]: `nonet solve` with one thread and with two, whole
# processes, on the same seeded random isomorphs of each shared list
# (17clue x4, top1465 x20, serg_benchmark x8, hardest1106 x20: each a
# run of a good part of a second). The ratio t2/t1 below 0.556 is a
# speed-up above 1.8. Only meaningful when nothing else runs: the load
# average is printed before and after. NONET_BENCH_RUNS (default 7).
set -eu
BUILD=${1:-build}
DATA=${NONET_DATA_DIR:-../shared/data}
set --
for l in 17clue.txt:4 top1465.txt:20 serg_benchmark.txt:8 hardest1106.txt:20; do
  [ -f "$DATA/${l%:*}" ] && set -- "$@" "$DATA/$l"
done
[ $# -gt 0 ] || { echo "threads.sh: no puzzle lists in $DATA" >&2; exit 1; }
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
"$BUILD/bench/bench_modes" --nonet "$BUILD/nonet" --runs "${NONET_BENCH_RUNS:-7}" \
  --variant "t1=solve --threads 1" --variant "t2=solve --threads 2" "$@"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
