#!/bin/sh
# data_cli.sh NONET CHECKSOL DATADIR: `nonet solve` over every shared
# list, its output checked by the independent checker. Skips (exit 77)
# when the data directory is absent.
NONET=$1 CHECK=$2 DATA=$3
[ -f "$DATA/17clue.txt" ] || { echo "no data in $DATA: skipped"; exit 77; }
out=$(mktemp)
trap 'rm -f "$out"' EXIT
status=0
for list in 17clue top1465 hardest1106; do
  "$NONET" solve --threads 2 "$DATA/$list.txt" >"$out" || { echo "$list: nonet failed"; status=1; }
  "$CHECK" "$DATA/$list.txt" "$out" || status=1
done
"$NONET" solve --first --threads 2 "$DATA/serg_benchmark.txt" >"$out" || { echo "serg: nonet failed"; status=1; }
"$CHECK" --several "$DATA/serg_benchmark.txt" "$out" || status=1
# without --first every serg puzzle is reported as having several
n=$("$NONET" solve "$DATA/serg_benchmark.txt" 2>/dev/null | grep -c '^multiple solutions$')
echo "serg without --first: $n lines say multiple solutions"
[ "$n" = 10000 ] || status=1
exit $status
