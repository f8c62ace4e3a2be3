#!/bin/sh
# shard_cli.sh NONET: `--shard K/N` and `--tag`: for N = 1, 2, 3 and 7 the
# N shards' outputs, merged by their tags, are exactly the one-machine
# output, for every batch command (on puzzles with malformed and
# multi-solution records among them) and for generate (one puzzle a job,
# and with --jobs for searches that give any number a job). Each shard
# processes its own records only.
set -u
nonet=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
export LC_ALL=C
"$nonet" generate -n 30 --seed 11 >"$tmp/in.txt" 2>/dev/null
"$nonet" generate -n 6 --seed 12 --level extreme >>"$tmp/in.txt" 2>/dev/null
printf '12345\n..3.5...\n' >>"$tmp/in.txt"                      # malformed
echo '.................................................................................' >>"$tmp/in.txt"
merged() { sort -m -s -n -k1,1 "$@" | cut -f2-; }
check() { # name, then the command's words (the input is added)
  name=$1
  shift
  "$@" "$tmp/in.txt" >"$tmp/one" 2>/dev/null
  for n in 1 2 3 7; do
    k=0
    while [ $k -lt $n ]; do
      "$@" --shard $k/$n --tag "$tmp/in.txt" >"$tmp/s$k" 2>/dev/null
      # a shard's lines are its own records only
      if cut -f1 "$tmp/s$k" | awk -v k=$k -v n=$n '$1 % n != k { bad = 1 } END { exit bad }'; then :; else
        echo "FAIL $name $k/$n: a record of another shard"
        fail=1
      fi
      k=$((k + 1))
    done
    merged "$tmp"/s[0-9]* >"$tmp/m"
    if ! cmp -s "$tmp/m" "$tmp/one"; then
      echo "FAIL $name N=$n: merged shards differ from one machine"
      diff "$tmp/one" "$tmp/m" | head -5
      fail=1
    fi
    rm -f "$tmp"/s[0-9]*
  done
  echo "ok $name"
}
check solve "$nonet" solve
check solve-grid "$nonet" solve --format grid
check count "$nonet" count --limit 3
check check "$nonet" check --minimal
check rate "$nonet" rate --technique
check rate-technique "$nonet" rate --by technique --stats
check explain "$nonet" explain --format jsonl
check hint "$nonet" hint

gen() { # name, options: plain jobs (one puzzle each), -n 40
  name=$1
  shift
  "$nonet" generate "$@" >"$tmp/one" 2>/dev/null
  for n in 1 2 3 7; do
    k=0
    while [ $k -lt $n ]; do
      "$nonet" generate "$@" --shard $k/$n --tag >"$tmp/s$k" 2>/dev/null
      k=$((k + 1))
    done
    merged "$tmp"/s[0-9]* >"$tmp/m"
    cmp -s "$tmp/m" "$tmp/one" || { echo "FAIL $name N=$n"; fail=1; }
    rm -f "$tmp"/s[0-9]*
  done
  echo "ok $name"
}
gen generate -n 40 --seed 5
gen generate-grid -n 12 --seed 6 --symmetry random --format grid --solution

# searches: each job gives any number of puzzles; --jobs J runs jobs
# 0 .. J-1, whose merged puzzles begin with the one-machine -n output
"$nonet" generate -n 8 --seed 7 --max-clues 22 >"$tmp/one" 2>/dev/null
for n in 1 2 3 7; do
  k=0
  while [ $k -lt $n ]; do
    "$nonet" generate --jobs 10 --seed 7 --max-clues 22 --shard $k/$n --tag \
      >"$tmp/s$k" 2>/dev/null
    k=$((k + 1))
  done
  merged "$tmp"/s[0-9]* | head -8 >"$tmp/m"
  cmp -s "$tmp/m" "$tmp/one" || { echo "FAIL generate --jobs N=$n"; fail=1; }
  rm -f "$tmp"/s[0-9]*
done
echo "ok generate --jobs"

# bad values are usage errors
for bad in 3/3 -1/2 1 a/b 0/0 1/2x; do
  "$nonet" solve --shard "$bad" "$tmp/in.txt" >/dev/null 2>&1
  [ $? -eq 2 ] || { echo "FAIL --shard $bad is not a usage error"; fail=1; }
done
"$nonet" generate --seed 1 --max-clues 22 --shard 0/2 >/dev/null 2>&1
[ $? -eq 2 ] || { echo "FAIL a sharded search without --jobs"; fail=1; }
echo "ok bad values"
exit $fail
