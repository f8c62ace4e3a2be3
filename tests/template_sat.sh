#!/bin/sh
# template_sat.sh NONET ENCODE: puzzles whose grids a formula makes
# (src/variant/template.c: disjoint groups and windoku from 16x16 up),
# too large for the DLX referee, checked by SAT (support/satcheck.sh): the
# solution is generate's, and unique; the same from one thread as two.
# NONET_TEST_QUICK (sanitizers, qemu): 16x16 disjoint groups only (the
# formula's windoku grids are checked there by test_template). Skipped
# (77) without cadical. Exits 1 on any failure.
NONET=$1
ENCODE=$2
command -v cadical >/dev/null 2>&1 || { echo "no cadical: skipped"; exit 77; }
. "$(dirname "$0")/support/testlib.sh"
. "$(dirname "$0")/support/satcheck.sh"

check --size 16 --constraints disjoint --seed 3 -n 2 -t 2
# the same puzzles from one thread as from two (seeded, like every kind)
$NONET generate --size 16 --constraints disjoint --seed 3 -n 2 -t 1 \
  --solution >"$tmp/one" 2>/dev/null
cmp -s "$tmp/one" "$tmp/gen" || bad "--seed 3: one thread made other puzzles"
want=2
if [ "${NONET_TEST_QUICK:-0}" = 0 ]; then
  check --size 16 --constraints windoku,disjoint --seed 3 -n 1 -t 2
  check --size 25 --constraints disjoint --seed 3 -n 1 -t 2
  check --size 25 --constraints windoku --seed 3 -n 1 -t 2
  want=5
fi
[ $n -ge $want ] || bad "only $n puzzles checked"
echo "$n puzzles checked by SAT, $fail failures"
[ $fail = 0 ]
