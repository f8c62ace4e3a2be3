#!/bin/sh
# run.sh NONET CASEDIR: runs each case of CASEDIR/cases/*/: its `cmd`
# (a shell line; $NONET is the program) in (a copy of) the case's directory, and
# compares stdout with `out`, stderr with `err` and the exit status with
# `status`. Prints a diff for each failure; exits 1 if any failed.
NONET=$1
export NONET
dir=$2
fail=0
n=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# the cases run in a copy of their folder: files a case writes there stay
# this run's own when two runs go at once (cli, cli_portable)
cp -R "$dir/cases" "$tmp/cases"
for c in "$dir"/cases/*/; do
  name=$(basename "$c")
  n=$((n + 1))
  (cd "$tmp/cases/$name" && sh -c "$(cat cmd)" >"$tmp/out" 2>"$tmp/err"; echo $? >"$tmp/status")
  ok=1
  for f in out err status; do
    want="$c$f"
    [ -f "$want" ] || want=/dev/null
    if ! cmp -s "$want" "$tmp/$f"; then
      echo "FAIL $name: $f differs"
      diff -u "$want" "$tmp/$f" | head -20
      ok=0
    fi
  done
  [ $ok = 1 ] || fail=$((fail + 1))
done
echo "$((n - fail)) of $n CLI cases passed"
[ $fail = 0 ]
