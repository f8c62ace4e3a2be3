#!/bin/sh
# generate_cli.sh NONET CHECKGEN: runs `nonet generate` with each option
# and checks every puzzle it prints with checkgen (independent DLX count,
# minimality, symmetry, bounds, pattern), plus seeds across thread
# counts, the formats and the seed report. Exits 1 on any failure.
NONET=$1
CHECK=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
n=0

# check NAME CHECKGEN-ARGS -- GENERATE-ARGS
check() {
  name=$1
  shift
  cargs=""
  while [ "$1" != "--" ]; do
    cargs="$cargs $1"
    shift
  done
  shift
  n=$((n + 1))
  if ! "$NONET" generate "$@" >"$tmp/out" 2>"$tmp/err"; then
    echo "FAIL $name: nonet generate $* exited $?"
    cat "$tmp/err"
    fail=$((fail + 1))
    return
  fi
  # shellcheck disable=SC2086
  if ! "$CHECK" $cargs <"$tmp/out" >"$tmp/check"; then
    echo "FAIL $name: checkgen$cargs"
    head -5 "$tmp/check"
    fail=$((fail + 1))
    return
  fi
}

check plain --count 200 -- -n 200 --seed 1
check plain_threads --count 200 -- -n 200 --seed 2 -t 2
check solution --count 50 --solution -- -n 50 --seed 3 --solution
for s in rot180 rot90 mirror flip diagonal antidiagonal random; do
  check "sym_$s" --count 20 --symmetry $s -- -n 20 --seed 4 --symmetry $s
done
check max22 --count 20 --max 22 -- -n 20 --seed 5 --max-clues 22
check clues24 --count 20 --min 24 --max 24 -- -n 20 --seed 6 --clues 24
check min27 --count 5 --min 27 -- -n 5 --seed 7 --min-clues 27
check bounds --count 10 --min 21 --max 22 -- -n 10 --seed 8 --min-clues 21 --max-clues 22 -t 2
check sym_bounds --count 5 --symmetry rot180 --max 23 -- -n 5 --seed 9 --symmetry rot180 --max-clues 23
check no_minimal --count 10 --min 34 --max 34 --no-minimal -- -n 10 --seed 10 --clues 34 --no-minimal
printf '..x.x.....x....x....xxx..x.x..xx.x.......x...x.x.........x..x....x...x.x.x..xx...\n' >"$tmp/pat23"
check pattern --count 2 --pattern "$tmp/pat23" -- -n 2 --seed 11 --pattern "$tmp/pat23"
cat >"$tmp/patgrid" <<'EOF'
# rot90, 28 givens, as a grid
x x . | . x x | . . x
. . . | . . . | x . x
. x x | . . . | x . .
------+-------+------
x . . | . x . | . . .
x . . | x . x | . . x
. . . | . x . | . . x
------+-------+------
. . x | . . . | x x .
x . x | . . . | . . .
x . . | x x . | . x x
EOF
check pattern_grid --count 2 --symmetry rot90 --pattern "$tmp/patgrid" -- -n 2 --seed 12 --pattern "$tmp/patgrid" --symmetry rot90

# the same seed gives the same puzzles whatever --threads is
for args in "-n 300 --seed 21" "-n 40 --seed 22 --symmetry random" \
            "-n 30 --seed 23 --max-clues 22" "-n 2 --seed 24 --pattern $tmp/pat23"; do
  n=$((n + 1))
  # shellcheck disable=SC2086
  a=$("$NONET" generate $args -t 1 | cksum)
  # shellcheck disable=SC2086
  b=$("$NONET" generate $args -t 2 | cksum)
  # shellcheck disable=SC2086
  c=$("$NONET" generate $args -t 3 | cksum)
  if [ "$a" != "$b" ] || [ "$a" != "$c" ]; then
    echo "FAIL threads: nonet generate $args differs between -t 1, 2 and 3"
    fail=$((fail + 1))
  fi
done

# without --seed, the seed is reported and repeats the run
n=$((n + 1))
"$NONET" generate -n 5 >"$tmp/a" 2>"$tmp/aerr"
seed=$(sed -n 's/^nonet generate: seed \([0-9][0-9]*\) (repeat with --seed \1)$/\1/p' "$tmp/aerr")
if [ -z "$seed" ]; then
  echo "FAIL seed: no seed reported: $(cat "$tmp/aerr")"
  fail=$((fail + 1))
elif ! "$NONET" generate -n 5 --seed "$seed" 2>/dev/null | cmp -s - "$tmp/a"; then
  echo "FAIL seed: --seed $seed does not repeat the run"
  fail=$((fail + 1))
fi

# every format reads back as the same puzzles; --solution's solutions are
# the puzzles' own
n=$((n + 1))
"$NONET" generate -n 5 --seed 31 >"$tmp/line" 2>/dev/null
for f in grid json csv; do
  "$NONET" generate -n 5 --seed 31 --format $f >"$tmp/f" 2>/dev/null
  "$NONET" solve "$tmp/f" >"$tmp/fs" 2>/dev/null
  "$NONET" solve "$tmp/line" >"$tmp/ls" 2>/dev/null
  if ! cmp -s "$tmp/fs" "$tmp/ls" || [ "$(wc -l <"$tmp/ls")" -ne 5 ]; then
    echo "FAIL format $f: does not read back as the same puzzles"
    fail=$((fail + 1))
  fi
done
"$NONET" generate -n 5 --seed 31 --format json --solution 2>/dev/null |
  sed 's/.*"solution":\(.*\)}$/\1/' >"$tmp/js"
"$NONET" solve --format json "$tmp/line" 2>/dev/null >"$tmp/ljs"
if ! cmp -s "$tmp/js" "$tmp/ljs"; then
  echo "FAIL format json --solution: solutions differ from nonet solve's"
  fail=$((fail + 1))
fi

# grid --solution: each solution below a line 'solution:' reads back with
# its puzzle as one record (5 records, not 10), and is the puzzle's own
# (convert keeps it: puzzle TAB solution, as generate --solution writes)
n=$((n + 1))
"$NONET" generate -n 5 --seed 31 --format grid --solution >"$tmp/gs" 2>/dev/null
"$NONET" solve "$tmp/gs" >"$tmp/gss" 2>/dev/null
"$NONET" convert "$tmp/gs" >"$tmp/gsc" 2>/dev/null
paste "$tmp/line" "$tmp/ls" >"$tmp/lsp"
awk '/^solution:$/ { k = 11; s = ""; next }
     k > 0 { gsub(/[^0-9]/, ""); s = s $0; if (--k == 0) print s }' \
  "$tmp/gs" >"$tmp/gsw"
if ! cmp -s "$tmp/gss" "$tmp/ls" || ! cmp -s "$tmp/gsc" "$tmp/lsp" ||
   ! cmp -s "$tmp/gsw" "$tmp/ls"; then
  echo "FAIL format grid --solution: does not read back as the puzzles and their solutions"
  fail=$((fail + 1))
fi

# --per-grid 1: every puzzle on its own solution grid
n=$((n + 1))
"$NONET" generate -n 10 --seed 41 --max-clues 22 --per-grid 1 --solution >"$tmp/pg" 2>/dev/null
if ! "$CHECK" --count 10 --max 22 --solution <"$tmp/pg" >/dev/null ||
   [ "$(cut -f2 "$tmp/pg" | sort -u | wc -l)" -ne 10 ]; then
  echo "FAIL per-grid: puzzles share a solution grid or fail the checks"
  fail=$((fail + 1))
fi

# csv --solution: PUZZLE,SOLUTION rows that read back as the puzzles
n=$((n + 1))
"$NONET" generate -n 5 --seed 31 --format csv --solution 2>/dev/null >"$tmp/csv"
"$NONET" solve "$tmp/csv" >"$tmp/cs" 2>/dev/null
if ! cmp -s "$tmp/cs" "$tmp/ls" || [ "$(cut -d, -f2 "$tmp/csv")" != "$(cat "$tmp/ls")" ]; then
  echo "FAIL format csv --solution: not PUZZLE,SOLUTION of the same puzzles"
  fail=$((fail + 1))
fi

# rating bands: checkgen's checks, then `nonet rate` must put every
# puzzle inside the band (LO and HI in tenths; HI 0: no upper bound)
# rated NAME COUNT LO HI CHECKGEN-ARGS -- GENERATE-ARGS
rated() {
  name=$1 count=$2 lo=$3 hi=$4
  shift 4
  check "$name" --count "$count" "$@"
  n=$((n + 1))
  while [ "$1" != "--" ]; do shift; done
  shift
  "$NONET" generate "$@" 2>/dev/null | "$NONET" rate >"$tmp/rated" 2>"$tmp/rerr"
  bad=$(awk -F'\t' -v lo="$lo" -v hi="$hi" '
    { er = int($2 * 10 + 0.5); k++ }
    er < lo || (hi > 0 && er > hi) { print "ER " $2 ": " $1 }
    END { if (k != '"$count"') print "rated " k " puzzles" }' "$tmp/rated")
  if [ -n "$bad" ] || [ -s "$tmp/rerr" ]; then
    echo "FAIL $name: outside the band $lo-$hi: $bad $(cat "$tmp/rerr")"
    fail=$((fail + 1))
  fi
}
rated level_easy 20 10 19 -- -n 20 --seed 51 --level easy
rated level_medium 20 20 29 -- -n 20 --seed 52 --level Medium
rated level_hard 10 30 49 -- -n 10 --seed 53 --level HARD
rated level_expert 6 50 69 -- -n 6 --seed 54 --level expert
rated level_extreme 6 70 0 -- -n 6 --seed 55 --level extreme -t 2
rated rating_34 10 20 34 -- -n 10 --seed 56 --rating 2.0-3.4
rated rating_80 3 80 0 -- -n 3 --seed 57 --rating 8.0-
rated rating_sym 4 30 49 --symmetry rot180 -- -n 4 --seed 58 --rating 3.0-4.9 --symmetry rot180
rated rating_clues 3 20 29 --max 23 -- -n 3 --seed 59 --rating 2.0-2.9 --max-clues 23
rated rating_filter 5 50 69 -- -n 5 --seed 60 --level expert --filter
for args in "-n 20 --seed 62 --level hard" "-n 6 --seed 63 --rating 7.5-"; do
  n=$((n + 1))
  # shellcheck disable=SC2086
  a=$("$NONET" generate $args -t 1 | cksum)
  # shellcheck disable=SC2086
  b=$("$NONET" generate $args -t 2 | cksum)
  if [ "$a" != "$b" ]; then
    echo "FAIL threads: nonet generate $args differs between -t 1 and 2"
    fail=$((fail + 1))
  fi
done
for bad in "--rating 5-3" "--level impossible" "--rating abc" "--rating 12.0-"; do
  n=$((n + 1))
  # shellcheck disable=SC2086
  "$NONET" generate $bad >"$tmp/out" 2>"$tmp/err"
  st=$?
  if [ $st -ne 2 ] || [ -s "$tmp/out" ] || [ ! -s "$tmp/err" ]; then
    echo "FAIL bad rating $bad: status $st, $(cat "$tmp/err")"
    fail=$((fail + 1))
  fi
done

# options that would change nothing are refused, not ignored: a usage
# error whose message starts with the option's name
# refused NAME GENERATE-ARGS
refused() {
  name=$1
  shift
  n=$((n + 1))
  "$NONET" generate --seed 1 "$@" >"$tmp/out" 2>"$tmp/err"
  st=$?
  if [ $st -ne 2 ] || [ -s "$tmp/out" ] ||
     ! grep -q -e "^nonet generate: --$name " "$tmp/err"; then
    echo "FAIL refused $*: status $st, $(cat "$tmp/err")"
    fail=$((fail + 1))
  fi
}
refused per-grid --per-grid 1
refused per-grid --pattern "$tmp/pat23" --max-clues 25 --per-grid 1
refused no-minimal --no-minimal
refused no-minimal --no-minimal --level hard
refused level --level hard --level easy
refused level --size 6 --level easy --level easy

# a search that cannot succeed in time says so, and exits 1
n=$((n + 1))
start=$(date +%s)
"$NONET" generate --max-clues 17 --timeout 1 --seed 1 >"$tmp/out" 2>"$tmp/err"
st=$?
end=$(date +%s)
if [ $st -ne 1 ] || [ -s "$tmp/out" ] || [ $((end - start)) -gt 10 ] ||
   ! grep -q "no minimal puzzle with at most 17 givens found within 1 s" "$tmp/err"; then
  echo "FAIL timeout: status $st, $((end - start)) s, $(cat "$tmp/err")"
  fail=$((fail + 1))
fi

echo "$((n - fail)) of $n generate checks passed"
[ $fail = 0 ]
