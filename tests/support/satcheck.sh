# satcheck.sh: sourced by the shell tests that check generated puzzles
# too large for the DLX referee (after testlib.sh; $NONET and $ENCODE
# set): `check ARGS...` generates with ARGS and --solution, and for each
# puzzle a SAT encoding of its rules (bench/variant_sat.c, built as
# `encode`: it reads the rules through the public read-only API and knows
# nothing of nonet's solver) solved by cadical must give generate's
# solution, and with that solution ruled out none (UNSAT: unique). $n
# counts the puzzles checked.
n=0

# check ARGS...: generates with ARGS and checks each puzzle
check() {
  if ! $NONET generate "$@" --solution >"$tmp/gen" 2>"$tmp/err"; then
    bad "generate $*: $(cat "$tmp/err")"
    return
  fi
  while IFS= read -r line; do
    n=$((n + 1))
    want=${line##* solution=}
    printf '%s\n' "${line% solution=*}" >"$tmp/p"
    $ENCODE <"$tmp/p" >"$tmp/cnf" || { bad "encode $*"; continue; }
    cadical -q "$tmp/cnf" >"$tmp/out"
    [ $? = 10 ] || { bad "$*: no solution: $line"; continue; }
    $ENCODE --decode "$tmp/p" <"$tmp/out" >"$tmp/sol" ||
      { bad "$*: decoding failed"; continue; }
    got=$(sed -n 's/.* cells=\([^ ]*\).*/\1/p' "$tmp/sol")
    [ "$got" = "$want" ] || { bad "$*: SAT's solution $got, generate's $want"; continue; }
    $ENCODE --block "$(cat "$tmp/sol")" <"$tmp/p" >"$tmp/cnf2"
    cadical -q "$tmp/cnf2" >/dev/null
    [ $? = 20 ] || bad "$*: a second solution: $line"
  done <"$tmp/gen"
}
