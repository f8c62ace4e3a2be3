#!/bin/sh
# logic_cli.sh NONET CHECKPATH CLIDIR DATADIR: `nonet explain --format
# jsonl` checked by the independent path checker, on the project's own
# puzzles and, when present, on top1465 and hardest1106 (every path must
# end solved: trial and error is the last resort).
NONET=$1 CHECK=$2 CASES=$3 DATA=$4
out=$(mktemp)
trap 'rm -f "$out"' EXIT
status=0
own="$CASES/logic_known.txt"
"$NONET" explain --format jsonl "$own" >"$out" || { echo "own puzzles: nonet failed"; status=1; }
"$CHECK" --solved "$own" "$out" || status=1
for list in top1465 hardest1106; do
  [ -f "$DATA/$list.txt" ] || { echo "$list not present: skipped"; continue; }
  "$NONET" explain --format jsonl --threads 2 "$DATA/$list.txt" >"$out" || { echo "$list: nonet failed"; status=1; }
  "$CHECK" --solved "$DATA/$list.txt" "$out" || status=1
done
exit $status
