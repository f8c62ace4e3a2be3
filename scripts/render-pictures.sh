#!/bin/sh
# render-pictures.sh [OUTDIR] [PUZZLES]: pictures of what `nonet render`
# makes, to look at: the PDF book's pages as PNGs (pdftoppm), the HTML
# book screenshotted in headless Chromium, and the HTML printed to PDF by
# Chromium (its page count shows the print styles work). Installs
# poppler-utils and chromium when missing (Debian, as root or through
# password-less sudo). Not part of `make test`.
#   OUTDIR   default build/pictures
#   PUZZLES  default tests/render/puzzles.txt
set -eu
cd "$(dirname "$0")/.."
out=${1:-build/pictures}
puzzles=${2:-tests/render/puzzles.txt}

need=""
command -v pdftoppm >/dev/null 2>&1 || need="$need poppler-utils"
command -v chromium >/dev/null 2>&1 || need="$need chromium"
dpkg-query -W -f='${Status}' libcairo2-dev 2>/dev/null | grep -q "ok installed" ||
  need="$need libcairo2-dev pkg-config"
if [ -n "$need" ]; then
  sudo=""
  [ "$(id -u)" = 0 ] || sudo="sudo -n"
  echo "render-pictures: installing$need"
  $sudo apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends $need >/dev/null
fi

make >/dev/null
nonet=./build/nonet
mkdir -p "$out"
out=$(cd "$out" && pwd) # absolute: Chromium is given full paths
rm -f "$out"/book*.png "$out"/book.pdf "$out"/book.html "$out"/html*.png "$out"/html-print.pdf

# the book of the README: four a page, solutions at the end
$nonet render "$puzzles" -o "$out/book.pdf" --per-page 4 --solutions --title "nonet puzzles"
pdftoppm -r 80 -png "$out/book.pdf" "$out/book"
# a close look at one grid, and a teaching sheet with candidates
pdftoppm -r 200 -f 1 -l 1 -x 100 -y 280 -W 900 -H 900 -png "$out/book.pdf" "$out/book-zoom"
$nonet render "$puzzles" -o "$out/book-candidates.pdf" --per-page 1 --candidates --paper letter
pdftoppm -r 80 -f 1 -l 1 -png "$out/book-candidates.pdf" "$out/book-candidates"
rm -f "$out/book-candidates.pdf"

# the same book as HTML, on screen and printed by Chromium
$nonet render "$puzzles" -o "$out/book.html" --per-page 4 --solutions --title "nonet puzzles" --candidates
pages=$(grep -c '^<div class="page' "$out/book.html")
html=$out/book.html
chrome() {
  profile=$(mktemp -d)
  timeout 120 chromium --headless --no-sandbox --disable-gpu --disable-quic \
    --no-first-run --disable-background-networking --disable-component-update \
    --disable-sync --user-data-dir="$profile" "$@" >/dev/null 2>&1 || true
  rm -rf "$profile"
}
# one A4 page is 794 x 1123 CSS pixels, plus 21 between pages
chrome --hide-scrollbars --window-size=900,$((pages * 1144 + 30)) \
  --screenshot="$out/html.png" "file://$html"
chrome --hide-scrollbars --window-size=900,1170 \
  --screenshot="$out/html-page1.png" "file://$html"
chrome --print-to-pdf="$out/html-print.pdf" --no-pdf-header-footer "file://$html"
printed=$(pdfinfo "$out/html-print.pdf" 2>/dev/null | sed -n 's/^Pages: *//p')
echo "render-pictures: wrote $out/ (book-*.png from the PDF; html*.png from Chromium)"
echo "render-pictures: HTML book of $pages pages printed by Chromium to ${printed:-?} pages"
ls "$out"
