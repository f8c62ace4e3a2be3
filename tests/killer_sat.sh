#!/bin/sh
# killer_sat.sh NONET ENCODE: killer puzzles from 12x12 up, where the DLX
# referee (tests/support) takes too long, checked by a SAT encoding of
# their rules (bench/variant_sat.c, built here as `encode`: it reads the
# rules through the public read-only API and knows nothing of nonet's
# solver) solved by cadical: the puzzle has a solution, it is the one
# `generate --solution` printed, and with that solution ruled out there
# is none (UNSAT: unique). Skipped (77) without cadical. Exits 1 on any
# failure.
NONET=$1
ENCODE=$2
command -v cadical >/dev/null 2>&1 || { echo "no cadical: skipped"; exit 77; }
. "$(dirname "$0")/support/testlib.sh"
. "$(dirname "$0")/support/satcheck.sh"

check --size 12 --killer --seed 7 -n 4 -t 2
check --size 12 --killer --cage-size 3-6 --seed 7 -n 2 -t 2
check --size 16 --killer --seed 7 -n 2 -t 2
check --size 12 --killer-givens --seed 7 -n 2 -t 2
check --size 12 --jigsaw --killer --seed 7 -n 2 -t 2
check --size 12 --killer --constraints diagonals --seed 7 -n 2 -t 2
# a 25x25 cages-only killer that generate made (--seed 1, 2026-12-03),
# also a case of tests/cli (count 1): solve's solution must be SAT's, and
# none other (linear.c once took its derived sums over 63 for
# contradictions: clause learning said "no solution")
# (its solve takes 10 s natively, minutes under ASan or qemu: the quick
# runs, NONET_TEST_QUICK, leave it to the main run and to tests/cli)
k25="$(dirname "$0")/cli/cases/count_killer25/input.txt"
want=15
if [ "${NONET_TEST_QUICK:-0}" != 0 ]; then
  want=14
elif $NONET solve --threads 1 "$k25" >"$tmp/s25" 2>"$tmp/err"; then
  n=$((n + 1))
  cp "$k25" "$tmp/p"
  check_puzzle "25x25 killer" "$(sed -n 's/.* cells=\([^ ]*\).*/\1/p' "$tmp/s25")" \
    "$k25"
else
  bad "solve of the 25x25 killer: $(cat "$tmp/err")"
fi
[ $n -ge $want ] || bad "only $n puzzles checked"
echo "$n killer puzzles checked by SAT, $fail failures"
[ $fail = 0 ]
