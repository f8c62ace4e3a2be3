# testlib.sh: sourced by the shell tests (`. "$(dirname "$0")/support/
# testlib.sh"`): $tmp, a directory removed at exit; $fail, the failures
# counted by `bad MESSAGE...`, which prints the message after FAIL.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
bad() {
  echo "FAIL $*"
  fail=$((fail + 1))
}
