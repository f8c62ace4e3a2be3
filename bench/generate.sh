#!/bin/sh
# generate.sh [BUILD]: the generator benchmark (one core unless said).
#
# Prints puzzles per second for each option, by wall clock and by CPU
# time (steadier on a shared machine), the clue-count histogram of plain
# minimal generation, and the speed-up of --threads 2. Peers run in the
# same invocation when their programs are given:
#   TDOKU_GENERATE=/path/to/tdoku/build/generate  (tdoku's generator)
#   QQWING=/path/to/qqwing                        (QQWing's command line)
# Nothing of theirs is part of nonet; build them yourself outside the tree.
# SECONDS_LOW (default 60) is the time given to each low-clue search.
set -u
BUILD=${1:-build}
B="$BUILD/bench/bench_generate"
N="$BUILD/nonet"
LOW=${SECONDS_LOW:-60}
[ -x "$B" ] || { echo "bench: build first ($B missing)" >&2; exit 1; }

# cpu_rate COUNT CMD...: runs CMD, prints "puzzles/s (wall)  puzzles/s (cpu)"
cpu_rate() {
  count=$1
  shift
  /usr/bin/time -f "%e %U %S" -o /tmp/nonet-bench.$$ "$@" >/dev/null 2>&1
  read -r wall user sys </tmp/nonet-bench.$$
  rm -f /tmp/nonet-bench.$$
  awk -v n="$count" -v w="$wall" -v u="$user" -v s="$sys" \
    'BEGIN { printf "%10.1f %10.1f\n", n / w, n / (u + s) }'
}

echo "nonet generate benchmark: $(date -u +%Y-%m-%d), $(nproc) cores, solver $("$N" --version | sed 's/.*solver: \(.*\))/\1/')"
printf '%-40s %10s %10s\n' "what" "puzzles/s" "per cpu-s"

row() { # row LABEL BENCH-ARGS...
  label=$1
  shift
  "$B" --seed 1 "$@" | awk -v l="$label" '{
    for (i = 1; i < NF; i++) { if ($i == "puzzles/s") w = $(i+1); if ($i == "cpu-s") c = $(i+1) }
    printf "%-40s %10s %10s\n", l, w, c }'
}

row "nonet minimal" -n 20000
if [ -n "${TDOKU_GENERATE:-}" ]; then
  # pool of one, all clues dropped each round: fresh minimal puzzles
  printf '%-40s %s\n' "tdoku generate (fresh, minimal)" \
    "$(cpu_rate 20000 "$TDOKU_GENERATE" -p0 -e0 -s0 -d81 -n1 -a1 -l 20000)"
fi
if [ -n "${QQWING:-}" ]; then
  printf '%-40s %s\n' "qqwing --generate" "$(cpu_rate 1000 "$QQWING" --generate 1000 --one-line)"
fi
row "nonet --symmetry rot180" -n 10000 --symmetry rot180
if [ -n "${QQWING:-}" ]; then
  printf '%-40s %s\n' "qqwing --symmetry rotate180" \
    "$(cpu_rate 1000 "$QQWING" --generate 1000 --one-line --symmetry rotate180)"
fi
row "nonet --symmetry rot90" -n 5000 --symmetry rot90
row "nonet --symmetry random" -n 10000 --symmetry random
row "nonet --clues 25" --clues 25 --seconds 10
row "nonet --max-clues 22" --max-clues 22 --seconds 10
row "nonet --max-clues 21" --max-clues 21 --seconds 20
row "nonet --max-clues 20" --max-clues 20 --seconds "$LOW"
row "nonet --max-clues 20 --per-grid 1" --max-clues 20 --per-grid 1 --seconds "$LOW"
row "nonet --max-clues 19" --max-clues 19 --seconds "$LOW"
row "nonet --max-clues 22 --symmetry rot180" --max-clues 22 --symmetry rot180 --seconds 20
for s in 1 2 3; do
  printf '%-40s ' "nonet --max-clues 18 -n 1 (seed $s)"
  "$B" --seed "$s" -n 1 --max-clues 18 --seconds 120 |
    awk '{ for (i = 1; i < NF; i++) if ($i == "seconds") t = $(i+1)
           printf "first after %s s (%s found)\n", t, $2 }'
done

echo
echo "--threads (nonet generate -n 40000 --seed 1, wall clock):"
t1=$( { /usr/bin/time -f "%e" "$N" generate -n 40000 --seed 1 -t 1 >/dev/null; } 2>&1 | tail -1)
t2=$( { /usr/bin/time -f "%e" "$N" generate -n 40000 --seed 1 -t 2 >/dev/null; } 2>&1 | tail -1)
awk -v a="$t1" -v b="$t2" 'BEGIN { printf "  1 thread %.2f s, 2 threads %.2f s: %.2fx\n", a, b, a / b }'
# variant jobs take milliseconds to seconds each; a run of fewer puzzles
# than the jobs a thread once took at a time (32) is the case to watch
for args in "--size 16 -n 24" "--killer -n 400" "--jigsaw -n 400" "--size 12 --constraints windoku -n 24"; do
  # shellcheck disable=SC2086
  t1=$( { /usr/bin/time -f "%e" "$N" generate $args --seed 1 -t 1 >/dev/null; } 2>&1 | tail -1)
  # shellcheck disable=SC2086
  t2=$( { /usr/bin/time -f "%e" "$N" generate $args --seed 1 -t 2 >/dev/null; } 2>&1 | tail -1)
  awk -v l="$args" -v a="$t1" -v b="$t2" 'BEGIN { printf "  %-38s 1 thread %.2f s, 2 threads %.2f s: %.2fx\n", l, a, b, a / b }'
done

echo
echo "clue counts of plain minimal puzzles (nonet, 20000, seed 1):"
"$B" --seed 1 -n 20000 --hist | tail -n +2
