# satcheck.sh: sourced by the shell tests that check generated puzzles
# too large for the DLX referee (after testlib.sh; $NONET and $ENCODE
# set): `check ARGS...` generates with ARGS and --solution, and for each
# puzzle a SAT encoding of its rules (bench/variant_sat.c, built as
# `encode`: it reads the rules through the public read-only API and knows
# nothing of nonet's solver) solved by cadical must accept generate's
# solution, and with that solution ruled out find none (UNSAT: unique).
# $n counts the puzzles checked.
n=0

# check_puzzle LABEL WANT LINE: the puzzle in $tmp/p has exactly one
# solution by SAT, and it is WANT (a cells= value); LINE names it in
# failures. WANT fills every cell and keeps every given; the encoding
# with WANT as the givens is satisfiable (WANT keeps every rule: unit
# propagation decides it), and with WANT ruled out the puzzle's is not
# (no other solution). cadical need not search for WANT itself: on the
# 25x25 killer that search took 50 s of the check's 120.
check_puzzle() {
  givens=$(sed -n 's/.* cells=\([^ ]*\).*/\1/p' "$tmp/p")
  [ -n "$2" ] && [ ${#2} = ${#givens} ] && ! printf '%s' "$2" | grep -q '[.0]' ||
    { bad "$1: the solution $2 does not fill the grid: $3"; return; }
  printf '%s\n%s\n' "$givens" "$2" | awk '
    NR == 1 { g = $0; next }
    { for (i = 1; i <= length(g); i++) {
        c = substr(g, i, 1)
        if (c != "." && c != "0" && c != substr($0, i, 1)) exit 1 } }' ||
    { bad "$1: the solution $2 changes a given: $3"; return; }
  sed "s/ cells=[^ ]*/ cells=$2/" "$tmp/p" >"$tmp/full"
  $ENCODE <"$tmp/full" >"$tmp/cnf" || { bad "encode $1"; return; }
  cadical -q "$tmp/cnf" >/dev/null
  [ $? = 10 ] || { bad "$1: the solution breaks the rules: $3"; return; }
  $ENCODE --block "$(cat "$tmp/full")" <"$tmp/p" >"$tmp/cnf2"
  cadical -q "$tmp/cnf2" >/dev/null
  [ $? = 20 ] || { bad "$1: a second solution, or none: $3"; return; }
}

# check ARGS...: generates with ARGS and checks each puzzle
check() {
  if ! $NONET generate "$@" --solution >"$tmp/gen" 2>"$tmp/err"; then
    bad "generate $*: $(cat "$tmp/err")"
    return
  fi
  while IFS= read -r line; do
    n=$((n + 1))
    printf '%s\n' "${line% solution=*}" >"$tmp/p"
    check_puzzle "$*" "${line##* solution=}" "$line"
  done <"$tmp/gen"
}

# check_minimal ARGS...: generates one puzzle with ARGS (JSON, no
# symmetry), which must not say "maybe not minimal"; checks it as check()
# does, then each given removed in turn must leave a second solution
# (SAT with generate's solution ruled out). $m counts the givens checked.
m=0
check_minimal() {
  if ! $NONET generate "$@" --format json --solution >"$tmp/gen" \
    2>"$tmp/err"; then
    bad "generate $*: $(cat "$tmp/err")"
    return
  fi
  grep -q "not minimal" "$tmp/err" && bad "generate $*: $(cat "$tmp/err")"
  line=$(head -n 1 "$tmp/gen")
  sol=$(printf '%s\n' "$line" | sed 's/.*"solution":\[\([^]]*\)\].*/\1/')
  puz=$(printf '%s\n' "$line" | sed 's/,"solution":\[[^]]*\]//')
  cells=$(printf '%s\n' "$puz" | sed 's/.*"cells":\[\([^]]*\)\].*/\1/')
  printf '%s\n' "$puz" >"$tmp/p"
  printf '%s\n' "$puz" | sed "s/\"cells\":\[[^]]*\]/\"cells\":[$sol]/" \
    >"$tmp/full"
  # unique: the encoding with generate's solution ruled out has none
  $ENCODE --block "$(cat "$tmp/full")" <"$tmp/p" >"$tmp/cnf" ||
    { bad "encode $*"; return; }
  cadical -q "$tmp/cnf" >/dev/null
  [ $? = 20 ] || { bad "$*: not unique: $line"; return; }
  n=$((n + 1))
  i=0
  for v in $(printf '%s\n' "$cells" | tr ',' ' '); do
    i=$((i + 1))
    [ "$v" = 0 ] && continue
    less=$(printf '%s\n' "$cells" | awk -F, -v OFS=, -v i=$i '{ $i = 0; print }')
    printf '%s\n' "$puz" | sed "s/\"cells\":\[[^]]*\]/\"cells\":[$less]/" \
      >"$tmp/q"
    $ENCODE --block "$(cat "$tmp/full")" <"$tmp/q" >"$tmp/cnf"
    cadical -q "$tmp/cnf" >/dev/null
    [ $? = 10 ] || bad "$*: the given $v of cell $((i - 1)) is not needed"
    m=$((m + 1))
  done
}
