#!/bin/sh
# whole.sh [BUILD]: the solver as users run it, whole processes: `nonet count
# --limit 2 --threads 1 < FILE` against a peer reading FILE on standard
# input too, one thread each, counting to 2, on the same seeded random
# isomorphs (17clue once, top1465 x10, serg_benchmark x4, hardest1106
# x20), for each build of nonet's solver against the peer built for the
# same instruction set; alternating runs, median of NONET_BENCH_RUNS
# (default 7, at least 3). The peers, built outside the tree (nothing of
# them is part of nonet), are commands that read puzzles on standard
# input and print one count a line:
#   NONET_BENCH_PEER_AVX512='/tmp/tdoku/b-native/count 2'  (-march=native)
#   NONET_BENCH_PEER_AVX2='/tmp/tdoku/b-avx2/count 2'      (-DAVX2=ON)
#   NONET_BENCH_PEER_PORTABLE='/tmp/tdoku/b-sse42/count 2' (-DSSE4_2=ON)
# A build without a peer is left out. Ratios are peer / nonet, by the
# wall clock and by CPU time (which other jobs disturb much less).
set -eu
BUILD=${1:-build}
DATA=${NONET_DATA_DIR:-../shared/data}
set --
for l in 17clue.txt:1 top1465.txt:10 serg_benchmark.txt:4 hardest1106.txt:20; do
  [ -f "$DATA/${l%:*}" ] && set -- "$@" "$DATA/$l"
done
[ $# -gt 0 ] || { echo "whole.sh: no puzzle lists in $DATA" >&2; exit 1; }
peers=0
[ -n "${NONET_BENCH_PEER_PORTABLE:-}" ] &&
  set -- --peer "portable=$NONET_BENCH_PEER_PORTABLE" "$@" && peers=1
[ -n "${NONET_BENCH_PEER_AVX2:-}" ] &&
  set -- --peer "avx2=$NONET_BENCH_PEER_AVX2" "$@" && peers=1
[ -n "${NONET_BENCH_PEER_AVX512:-}" ] &&
  set -- --peer "avx512=$NONET_BENCH_PEER_AVX512" "$@" && peers=1
[ "$peers" = 1 ] || { echo "whole.sh: no peer given (NONET_BENCH_PEER_*)" >&2; exit 1; }
exec "$BUILD/bench/bench_whole" --nonet "$BUILD/nonet" --seed "${NONET_BENCH_SEED:-1}" \
  --runs "${NONET_BENCH_RUNS:-7}" "$@"
