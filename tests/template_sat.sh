#!/bin/sh
# template_sat.sh NONET ENCODE: puzzles whose grids a formula makes
# (src/variant/template.c: disjoint groups and windoku from 16x16 up) or a
# group's table (src/variant/cayley.c: rules the generator's search got
# lost in), too large for the DLX referee, checked by SAT
# (support/satcheck.sh): the solution is generate's, and unique; the same
# from one thread as two. NONET_TEST_QUICK (sanitizers, qemu): 16x16
# disjoint groups and one 12x12 of a group's table only (the grids
# themselves are checked there by test_template and test_cayley); a
# 12x12 grid found by clause learning (learn.c) for rules the check
# leaves undecided, and one found for wider rules; a
# 12x12 nonconsecutive puzzle with --prove-minimal and two 12x12 puzzles
# made by default, each given confirmed needed by SAT (not quick). Skipped
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
# no grid in 30 s before cayley.c (12x12 diagonals, anti-knight and
# nonconsecutive: the check left it undecided)
check --size 12 --constraints diagonals,anti-knight,nonconsecutive --seed 1 \
  -n 1 -t 2
want=3
if [ "${NONET_TEST_QUICK:-0}" = 0 ]; then
  # one thread: a second would only run job 1, whose puzzle is not
  # printed (the same puzzle from any number of threads: above)
  check --size 16 --constraints windoku,anti-king,nonconsecutive --seed 1 \
    -n 1 -t 1
  check --size 25 --constraints disjoint,nonconsecutive --seed 1 -n 1 -t 1
  check --size 16 --constraints windoku,disjoint --seed 3 -n 1 -t 1
  check --size 25 --constraints disjoint --seed 3 -n 1 -t 1
  check --size 25 --constraints windoku --seed 3 -n 1 -t 1
  # a grid from clause learning (rules the check leaves undecided: no
  # puzzle within 120 s before)
  check --size 12 --constraints diagonals,windoku,anti-knight --seed 1 -n 1 \
    -t 1
  # a grid of wider rules (anti-king added: generate.c, wide_cons(); no
  # puzzle within 120 s before, 18 s with it)
  check --size 12 --constraints windoku,disjoint,anti-knight,nonconsecutive \
    --seed 1 -n 1 -t 1
  # every given proven needed (the default budget leaves most of a 12x12
  # nonconsecutive puzzle's givens unproven), each confirmed by SAT
  check_minimal --size 12 --constraints nonconsecutive --seed 1 -t 1 \
    --prove-minimal
  [ $m -ge 12 ] || bad "only $m givens checked needed"
  # by default too, where the depth-first search's budget runs out and
  # clause learning settles the given (generate.c, differs_at_learned():
  # before it, both puzzles kept givens unproven)
  check_minimal --size 12 --constraints anti-knight --seed 1 -t 1
  check_minimal --size 12 --constraints diagonals,disjoint,anti-king --seed 1 \
    -t 1
  [ $m -ge 60 ] || bad "only $m givens checked needed"
  want=13
fi
# the check refuses 9x9 diagonals, anti-king and nonconsecutive (no grid:
# test_variant); SAT must find the empty grid's encoding unsatisfiable
if [ "${NONET_TEST_QUICK:-0}" = 0 ]; then
  cells=$(printf '0,%.0s' $(seq 80))0
  printf '{"size": 9, "box": [3, 3], "cells": [%s], "constraints": %s}\n' \
    "$cells" '["diagonals", "anti-king", "nonconsecutive"]' >"$tmp/none.json"
  $ENCODE <"$tmp/none.json" >"$tmp/none.cnf" || bad "encode the 9x9 rules"
  cadical -q "$tmp/none.cnf" >/dev/null
  [ $? = 20 ] || bad "SAT finds a 9x9 grid with diagonals, anti-king, nonconsecutive"
fi
[ $n -ge $want ] || bad "only $n puzzles checked"
echo "$n puzzles checked by SAT, $fail failures"
[ $fail = 0 ]
