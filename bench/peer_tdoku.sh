#!/bin/sh
# peer_tdoku.sh RUN_BENCHMARK [SOLVER] FILE: a peer for bench_solve.
#
# Runs tdoku's own benchmark program (run_benchmark, built from
# github.com/t-dillon/tdoku outside this project, e.g. in /tmp; nothing
# of it is part of nonet) on FILE exactly as given: -r 0 keeps the
# puzzles and their order (no reshuffling), -n the file's count (no
# resampling), limit 2 as bench_solve; one second of warm-up, then
# passes for at least two seconds, as bench_solve times itself. SOLVER is
# tdoku (default) or another solver run_benchmark was built with, such
# as jczsolve. Prints puzzles/s.
set -eu
prog=$1
shift
solver=tdoku
if [ $# -gt 1 ]; then
  solver=$1
  shift
fi
file=$1
n=$(grep -c -v '^#' "$file")
"$prog" -s "$solver" -r 0 -n "$n" -w 1 -t 2 -c 1 "$file" | tail -n 1 | cut -d, -f6
