#!/bin/sh
# outputs.sh NONET OUTDIR [full]: runs a fixed set of seeds and lists
# through every command of the binary NONET and writes what each prints
# (stdout, stderr, exit status) to OUTDIR, so that two builds can be
# compared byte for byte with `diff -r` (a refactoring changes nothing).
# Uses ../shared/data when present; 'full' adds the slow lists (all of
# top1465 and the sx sample, 20,000 17-clue puzzles, hardest1106's
# first 60: about 15 CPU minutes).
set -u
nonet=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
mkdir -p "$2"
out=$(cd "$2" && pwd)
mode=${3:-quick}
here=$(cd "$(dirname "$0")/.." && pwd)
data=$here/../shared/data
mkdir -p "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

run() { # name command...
  name=$1
  shift
  "$@" >"$out/$name.out" 2>"$out/$name.err"
  echo $? >"$out/$name.status"
}

# generate: every mode, a few seeds, formats
for s in 3 4 5 9 11; do
  run gen-plain-$s "$nonet" generate -n 200 --seed $s --threads 2
  run gen-rot180-$s "$nonet" generate -n 50 --seed $s --symmetry rot180 --format grid --solution
  run gen-random-$s "$nonet" generate -n 50 --seed $s --symmetry random --format json --solution
  run gen-clues-$s "$nonet" generate -n 20 --seed $s --clues 24 --format csv --solution
  run gen-max-$s "$nonet" generate -n 20 --seed $s --max-clues 21
  run gen-hard-$s "$nonet" generate -n 10 --seed $s --level hard --symmetry rot180
  run gen-filter-$s "$nonet" generate -n 5 --seed $s --level medium --filter
done
run gen-extreme "$nonet" generate -n 3 --seed 2026 --rating 7.0-
printf 'x.x.x.x.x\n' >"$tmp/p"
(cd "$tmp" && run gen-badpattern "$nonet" generate --pattern p)
run gen-badclues "$nonet" generate --clues 12

"$nonet" generate -n 40 --seed 77 >"$tmp/gen.txt" 2>/dev/null
"$nonet" generate -n 20 --seed 78 --level extreme >"$tmp/hard.txt" 2>/dev/null
cat "$tmp/gen.txt" "$tmp/hard.txt" >"$tmp/all.txt"
for c in solve count check; do
  run $c "$nonet" $c "$tmp/all.txt"
done
run check-minimal "$nonet" check --minimal "$tmp/all.txt"
run rate "$nonet" rate --technique "$tmp/all.txt"
run rate-json "$nonet" rate --format json "$tmp/all.txt"
run rate-by "$nonet" rate --by technique --stats "$tmp/all.txt"
run explain "$nonet" explain --stats "$tmp/all.txt"
run explain-grid "$nonet" explain --grid "$tmp/hard.txt"
run explain-jsonl "$nonet" explain --format jsonl "$tmp/all.txt"
for l in nudge pattern step full; do
  run hint-$l "$nonet" hint --level $l "$tmp/all.txt"
done
run render-html "$nonet" render -o - -f html --solutions --candidates -T Test "$tmp/hard.txt"
run render-svg "$nonet" render -o "$tmp/book.svg" -n 6 --solutions "$tmp/all.txt"
cat "$tmp"/book*.svg >"$out/render-svg.files" 2>/dev/null
run render-png "$nonet" render -o "$tmp/book.png" -n 1 -r 40 "$tmp/hard.txt"
cat "$tmp"/book*.png >"$out/render-png.files" 2>/dev/null

if [ -d "$data" ]; then
  head -2000 "$data/17clue.txt" >"$tmp/17.txt"
  run data-solve-17 "$nonet" solve "$tmp/17.txt"
  run data-count-serg "$nonet" count --limit 3 "$data/serg_benchmark.txt"
  run data-rate-top200 "$nonet" rate --technique "$data/se_rated_top1465_200.tsv"
  run data-explain-top100 "$nonet" explain --format jsonl "$(head -100 "$data/top1465.txt" >"$tmp/t100" && echo "$tmp/t100")"
  if [ "$mode" = full ]; then
    head -20000 "$data/17clue.txt" >"$tmp/17k.txt"
    head -60 "$data/hardest1106.txt" >"$tmp/h60.txt"
    run full-rate-top1465 "$nonet" rate --technique "$data/top1465.txt"
    run full-rate-sx "$nonet" rate --technique "$data/sx_rated_sample.tsv"
    run full-rate-17k "$nonet" rate --technique "$tmp/17k.txt"
    run full-rate-h60 "$nonet" rate --technique "$tmp/h60.txt"
    run full-explain-top1465 "$nonet" explain --format jsonl "$data/top1465.txt"
  fi
fi
