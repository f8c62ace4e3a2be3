#!/bin/sh
# run_rate.sh [BUILD]: SE-scale rating throughput (bench_rate) on seeded
# random isomorphs of the shared lists, one core.
#
# With SE_CLASSPATH set to the classes of Sudoku Explainer 1.2.1 (its
# command-line rater is diuf.sudoku.test.serate; build it yourself, it is
# not part of nonet) and java on the PATH, also rates the same SE_COUNT
# (default 20) isomorphs of top1465 with Sudoku Explainer and with nonet,
# and prints both rates and their ratio.
BUILD=${1:-build}
DATA=${NONET_DATA_DIR:-../shared/data}
set -e
"$BUILD/bench/bench_rate" --seed 1 --runs 3 "$DATA/17clue.txt"
"$BUILD/bench/bench_rate" --seed 1 --runs 3 "$DATA/top1465.txt"
[ -n "${SE_CLASSPATH:-}" ] || exit 0
command -v java >/dev/null || { echo "run_rate: java not found" >&2; exit 1; }
n=${SE_COUNT:-20}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$BUILD/bench/bench_rate" --seed 2 --runs 1 --count "$n" --dump "$tmp/iso.txt" \
  "$DATA/top1465.txt" >/dev/null
now() { date +%s.%N; }
t0=$(now)
java -cp "$SE_CLASSPATH" diuf.sudoku.test.serate --format='%g	%r	%p	%d' \
  --input="$tmp/iso.txt" --output="$tmp/se.tsv" 2>/dev/null
t1=$(now)
"$BUILD/nonet" rate --threads 1 "$tmp/iso.txt" >"$tmp/nonet.tsv"
t2=$(now)
same=$(paste "$tmp/se.tsv" "$tmp/nonet.tsv" | awk -F'\t' '$2==$6 && $3==$7 && $4==$8' | wc -l)
awk -v n="$n" -v a="$t0" -v b="$t1" -v c="$t2" -v same="$same" 'BEGIN {
  se = n / (b - a); nn = n / (c - b)
  printf "top1465 isomorphs, %d puzzles: Sudoku Explainer %.2f puzzles/s, nonet %.1f puzzles/s (x%.0f); ER/EP/ED identical on %d\n", n, se, nn, nn / se, same }'
