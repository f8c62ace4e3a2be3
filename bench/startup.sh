#!/bin/sh
# startup.sh [BUILD]: how long a whole `nonet count PUZZLE` takes (start-up
# and one puzzle), against /bin/true and, when NONET_BENCH_PEER_ONE names
# one, a peer program given the same puzzle on standard input, all in one
# hyperfine run (hyperfine subtracts the shell's own start-up, which it
# measures, from every command).
#   NONET_BENCH_PEER_ONE='/tmp/tdoku/b-native/solve 2'   tdoku's example
#   driver (example/solve.c, built outside the tree) counting to 2
# Needs hyperfine (Debian: hyperfine).
set -eu
BUILD=${1:-build}
p='4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......'
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "$p" >"$tmp/one.txt"
set -- --warmup 50 --runs ${NONET_BENCH_RUNS:-500} --export-markdown "$tmp/t.md" \
  -n "nonet count PUZZLE" "$BUILD/nonet count $p" \
  -n "nonet count FILE" "$BUILD/nonet count $tmp/one.txt" \
  -n "/bin/true" "/bin/true"
if [ -n "${NONET_BENCH_PEER_ONE:-}" ]; then
  set -- "$@" -n "peer < FILE" "$NONET_BENCH_PEER_ONE < $tmp/one.txt"
fi
hyperfine "$@" >/dev/null 2>&1
cat "$tmp/t.md"
