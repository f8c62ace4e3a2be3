#!/bin/sh
# run.sh NONET RENDER_CHECK DIR [VARIANT_CHECK]: renders small books of
# DIR/puzzles.txt in every format and checks what came out with tools
# that are not nonet: pdfinfo and pdftotext (pages, paper, captions,
# givens in place), xmllint (SVG and HTML parse), pdftoppm (the PNG pages
# look like the PDF's), and render_check (see its source for what each
# check asks); then books of the variant puzzles of DIR/variants.txt,
# checked by variant_check.
# Prints one line per check; exits 1 if any failed.
set -u
NONET=$1 CHECK=$2 DIR=$3 VCHECK=${4:-}
P=$DIR/puzzles.txt
for t in pdfinfo pdftotext pdftoppm xmllint; do
  command -v $t >/dev/null || {
    echo "missing $t: 'make test' installs poppler-utils and libxml2-utils"
    exit 1
  }
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
n=0 fail=0
pass() { n=$((n + 1)); echo "ok   $1"; }
flunk() { n=$((n + 1)); fail=$((fail + 1)); echo "FAIL $1"; }
# check NAME COMMAND...: runs it, its output shown when it fails
check() {
  label=$1
  shift
  if "$@" >log 2>&1; then pass "$label"; else flunk "$label"; sed 's/^/     /' log; fi
}
# pages FILE.pdf: its page count
pages() { pdfinfo "$1" | sed -n 's/^Pages: *//p'; }
# paper FILE.pdf: its page size line
paper() { pdfinfo "$1" | sed -n 's/^Page size: *//p'; }
# has FILE TEXT...: the file holds each text
has() {
  file=$1
  shift
  for t in "$@"; do grep -qF -- "$t" "$file" || { echo "'$t' not in $file"; return 1; }; done
}
eq() { [ "$1" = "$2" ] || { echo "'$1', expected '$2'"; return 1; }; }

# the test puzzles: 7, and 28 (the same four times, numbered on)
np=$(grep -c '^[^#]' "$P")
check "the test list has 7 puzzles" eq "$np" 7
for k in 1 2 3 4; do grep -v '^#' "$P"; done >p28.txt

# ---- PDF -----------------------------------------------------------------
# A4 holds 20 small solution grids a page, Letter 16.
pdf_case() { # NAME PUZZLES PER_PAGE PAPER SOLUTIONS PAGES PAPERTEXT [ARGS]
  name=$1 list=$2 per=$3 pap=$4 sol=$5 want=$6 size=$7
  shift 7
  cand=0
  case " $* " in *" --candidates "*) cand=1 ;; esac
  solflag=
  [ "$sol" = 1 ] && solflag=--solutions
  "$NONET" render "$list" -o "$name.pdf" --per-page "$per" --paper "$pap" $solflag "$@" ||
    { flunk "$name: nonet render failed"; return; }
  check "$name: $want pages" eq "$(pages "$name.pdf")" "$want"
  check "$name: $size" eq "$(paper "$name.pdf")" "$size"
  pdftotext -bbox "$name.pdf" "$name.bbox"
  check "$name: givens, captions, marks and solutions in place" \
    "$CHECK" pdf "$name.bbox" "$list" "$per" "$sol" "$cand"
}
A4="595.276 x 841.89 pts (A4)"
LETTER="612 x 792 pts (letter)"
pdf_case a4x4 "$P" 4 a4 1 3 "$A4" --title "nonet test book"
pdftotext -layout a4x4.pdf a4x4.txt
check "a4x4: title, captions, levels and ratings" has a4x4.txt \
  "nonet test book" "#1" "#2" "#7" "ER 9.0" easy diabolical "rating 6.6" \
  "gentle · ER 1.2" Solutions
check "a4x4: the title on both puzzle pages" eq "$(grep -c 'nonet test book' a4x4.txt)" 2
pdf_case letter6 "$P" 6 letter 0 2 "$LETTER"
pdf_case a4x1 "$P" 1 a4 1 8 "$A4"
pdf_case letter2 "$P" 2 letter 1 5 "$LETTER" --candidates
pdf_case big6 p28.txt 6 a4 1 7 "$A4"
pdf_case big4 p28.txt 4 letter 1 9 "$LETTER" --title "Twenty-eight"
pdftotext -layout big4.pdf big4.txt
check "big4: captions #1 to #28" has big4.txt "#10" "#28"

# bad input: named by line, left out, the book still made
printf '%s\n' "$(sed -n 6p "$P")" "not a puzzle" "$(sed -n 8p "$P" | cut -c1-80)" \
  "$(sed -n 8p "$P")" >bad.txt
"$NONET" render bad.txt -o bad.pdf 2>bad.err
check "bad input: exit status 1" eq $? 1
check "bad input: lines 2 and 3 named" has bad.err \
  "bad.txt:2: character 'n' at column 1 is not a cell" "bad.txt:3: too few cells"
check "bad input: the book has the 2 good puzzles" eq "$(pages bad.pdf)" 1
sed -n 6p "$P" >good.txt
sed -n 8p "$P" >>good.txt
pdftotext -bbox bad.pdf bad.bbox
check "bad input: the good puzzles in place" "$CHECK" pdf bad.bbox good.txt 4 0

# ---- SVG -----------------------------------------------------------------
"$NONET" render "$P" -o s.svg --per-page 6 || flunk "svg: nonet render failed"
check "svg: one file per page (s-1.svg, s-2.svg)" test -f s-1.svg -a -f s-2.svg -a ! -f s.svg
check "svg: page 1 well-formed" xmllint --noout s-1.svg
check "svg: page 2 well-formed" xmllint --noout s-2.svg
check "svg: A4 in points" has s-1.svg 'width="595.275591pt" height="841.889764pt"'
check "svg: page 1, six grids of 81 cells, givens centred" "$CHECK" svg s-1.svg "$P" 1 6
check "svg: page 2, one grid" "$CHECK" svg s-2.svg "$P" 7 1
grep -v '^#' "$P" | head -2 >two.txt
"$NONET" render two.txt -o one.svg --per-page 2 --candidates --paper letter ||
  flunk "svg: nonet render failed"
check "svg: a one-page book is just one.svg" test -f one.svg -a ! -f one-1.svg
check "svg: with candidates, givens still in place" "$CHECK" svg one.svg two.txt 1 2

# ---- PNG -----------------------------------------------------------------
# pixels = points * dpi / 72, rounded up: A4 at 100 dpi is 827 x 1170,
# Letter at 150 dpi 1275 x 1650
"$NONET" render "$P" -o p.png --per-page 4 --dpi 100 --solutions --candidates -T "PNG" ||
  flunk "png: nonet render failed"
check "png: three pages p-1..p-3.png" test -f p-1.png -a -f p-3.png -a ! -f p-4.png
for k in 1 2 3; do check "png: page $k is 827x1170" "$CHECK" png p-$k.png 827 1170; done
"$NONET" render "$P" -o p.pdf --per-page 4 --solutions --candidates -T "PNG"
pdftoppm -r 100 -png p.pdf ref
for k in 1 2 3; do
  check "png: page $k looks like pdftoppm's page $k of the PDF" "$CHECK" same p-$k.png ref-$k.png
done
check "png: page 1 does not look like page 2 (the check can fail)" \
  sh -c "! '$CHECK' same p-1.png ref-2.png"
"$NONET" render p28.txt -o l.png --per-page 2 --paper letter --dpi 150 ||
  flunk "png: nonet render failed"
check "png: 14 pages numbered l-01..l-14.png" test -f l-01.png -a -f l-14.png -a ! -f l-15.png
check "png: Letter at 150 dpi is 1275x1650" "$CHECK" png l-07.png 1275 1650

# ---- HTML ----------------------------------------------------------------
html_case() { # NAME SOLUTIONS CANDIDATES PAGES [ARGS]
  name=$1 sol=$2 cand=$3 want=$4
  shift 4
  "$NONET" render "$P" -o "$name.html" "$@" || { flunk "$name: nonet render failed"; return; }
  xmllint --html --noout "$name.html" 2>"$name.lint"
  check "$name: parses as HTML without a complaint" eq "$(cat "$name.lint")" ""
  check "$name: $want pages" eq \
    "$(xmllint --html --xpath 'count(//div[contains(@class,"page")])' "$name.html")" "$want"
  xmllint --html --xpath '//table[contains(@class,"grid")]//td' "$name.html" >"$name.tds"
  check "$name: the digits in place" "$CHECK" html "$name.tds" "$P" "$sol" "$cand"
  check "$name: self-contained (nothing fetched)" \
    sh -c "! grep -Eqi 'src=|href=|url\\(|@import|<script|<link' '$name.html'"
  check "$name: print styles" has "$name.html" "@media print" "@page{size:"
}
html_case html4 1 1 3 --solutions --candidates --title "A & B <test>"
check "html4: the title escaped" has html4.html "<title>A &amp; B &lt;test&gt;</title>"
check "html4: captions and notes" has html4.html "<b>#7</b>" "gentle · ER 1.2" diabolical
html_case html1 0 0 7 --per-page 1 --paper letter
check "html1: Letter pages" has html1.html "width:612.00pt;height:792.00pt"

# ---- usage -----------------------------------------------------------------
"$NONET" render "$P" -o book.xyz 2>err.txt
check "an unknown extension is a usage error" eq $? 2
"$NONET" render "$P" 2>err.txt
check "no -o is a usage error" eq $? 2
"$NONET" render "$P" -o x.pdf --per-page 3 2>err.txt
check "--per-page 3 is a usage error" eq $? 2
"$NONET" render "$P" -o - --format pdf >stdout.pdf
check "-o - writes the PDF to stdout" eq "$(pages stdout.pdf)" 2
echo "not a puzzle" | "$NONET" render -o none.pdf 2>err.txt
check "no good puzzle: exit 1, nothing written" sh -c "[ $? = 1 ] && [ ! -e none.pdf ]"

# ---- variants ----------------------------------------------------------------
# sizes 4..25, jigsaw, extra regions, relations, killer cages: one puzzle a
# page, every format, checked by variant_check (see its source)
if [ -n "$VCHECK" ]; then
  V=$DIR/variants.txt
  nv=$(grep -c '^{' "$V")
  "$NONET" render "$V" -o v.svg --per-page 1 || flunk "variants: nonet render svg failed"
  "$NONET" render "$V" -o v.pdf --per-page 1 || flunk "variants: nonet render pdf failed"
  check "variants: one PDF page a puzzle" eq "$(pages v.pdf)" "$nv"
  # without --per-page the largest grid sets it: one a page with a 25x25,
  # two with a 16x16 at most, four up to 12x12
  "$NONET" render "$V" -o auto.pdf || flunk "variants: nonet render (default) failed"
  check "variants: by default one a page (a 25x25 among them)" eq "$(pages auto.pdf)" "$nv"
  grep -v '"size": *25' "$V" >v16.txt
  n16=$(grep -c '^{' v16.txt)
  "$NONET" render v16.txt -o auto16.pdf || flunk "variants: nonet render (16x16) failed"
  check "variants: by default two a page up to 16x16" eq "$(pages auto16.pdf)" "$(((n16 + 1) / 2))"
  grep -v '"size": *\(25\|16\)' "$V" >v12.txt
  n12=$(grep -c '^{' v12.txt)
  "$NONET" render v12.txt -o auto12.pdf || flunk "variants: nonet render (12x12) failed"
  check "variants: by default four a page up to 12x12" eq "$(pages auto12.pdf)" "$(((n12 + 3) / 4))"
  for k in $(seq 1 "$nv"); do
    f=$(printf 'v-%02d.svg' "$k")
    check "variants: svg page $k: lines, region borders, shading, cages, sums" \
      "$VCHECK" svg "$f" "$V" "$k"
  done
  pdftotext -bbox v.pdf v.bbox
  check "variants: pdf: givens (A..P above 9), cage sums, captions" \
    "$VCHECK" pdf v.bbox "$V" 0 v-*.svg
  "$NONET" render "$V" -o n.pdf --per-page 1 --numbers &&
    pdftotext -bbox n.pdf n.bbox
  check "variants: pdf --numbers: 10..25 as numbers" "$VCHECK" pdf n.bbox "$V" 1 v-*.svg
  "$NONET" render "$V" -o v.png --per-page 1 --dpi 100 ||
    flunk "variants: nonet render png failed"
  for k in 1 4 5 9 12; do # no cages: their dashes would cross the line profiles
    check "variants: png page $k: shading, region borders thicker" \
      "$VCHECK" png "$(printf 'v-%02d.png' "$k")" "$(printf 'v-%02d.svg' "$k")" "$V" "$k" 100
  done
  pdftoppm -r 100 -png v.pdf vref
  for k in 2 3 8 11; do
    check "variants: png page $k looks like pdftoppm's page of the PDF" \
      "$CHECK" same "$(printf 'v-%02d.png' "$k")" "$(printf 'vref-%02d.png' "$k")"
  done
  "$NONET" render "$V" -o v.html --solutions --candidates ||
    flunk "variants: nonet render html failed"
  # (xmllint's HTML 4 parser does not know HTML 5's inline SVG elements)
  xmllint --html --noout v.html 2>&1 | grep 'parser error' |
    grep -Ev 'Tag (svg|path|rect|text) invalid' >v.lint
  check "variants: html parses without a complaint (inline SVG aside)" eq "$(cat v.lint)" ""
  check "variants: html cells, borders, shading, cages, sums, solutions" \
    "$VCHECK" html v.html "$V" 0 1
  "$NONET" render "$V" -o vn.html --numbers || flunk "variants: nonet render html failed"
  check "variants: html --numbers" "$VCHECK" html vn.html "$V" 1 0
  # a variant that breaks its rules or has two solutions is named and left out
  printf '%s\n' 'size=4 box=2x2 cells=11..............' 'size=4 box=2x2 cells=1...............' \
    "$(sed -n '/"size":6/{p;q}' "$V")" >vbad.txt
  "$NONET" render vbad.txt -o vbad.pdf 2>vbad.err
  check "variants: bad records: exit status 1" eq $? 1
  check "variants: bad records named" has vbad.err "vbad.txt:1: row 1 has two 1s" \
    "vbad.txt:2: multiple solutions"
  check "variants: the good one rendered" eq "$(pages vbad.pdf)" 1
fi

echo "$((n - fail)) passed, $fail failed"
[ $fail = 0 ]
