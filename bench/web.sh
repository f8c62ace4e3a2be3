#!/bin/sh
# web.sh [BUILD]: the WebAssembly package against native nonet and the
# npm Sudoku packages people use (sudoku-gen, sudoku-core,
# @algorithm.ts/sudoku), and the play page in Chromium, in one run
# (bench/web.mjs). The peers come from the npm registry into
# NONET_BENCH_NPM (default /tmp/nonet-npm-peers), outside the tree;
# nothing of theirs is in nonet. Needs `make web` (or make test) first.
set -eu
BUILD=${1:-build}
here=$(cd "$(dirname "$0")" && pwd)
peers=${NONET_BENCH_NPM:-/tmp/nonet-npm-peers}
if [ ! -d "$peers/node_modules/sudoku-core" ]; then
  mkdir -p "$peers"
  (cd "$peers" && [ -f package.json ] || echo '{"private": true}' >"$peers/package.json")
  (cd "$peers" && npm install --no-audit --no-fund --loglevel=error \
    sudoku-gen@1.0.2 sudoku-core@3.0.3 @algorithm.ts/sudoku@4.0.3 >/dev/null)
fi
[ -f "$BUILD/web/nonet/index.js" ] || sh "$here/../web/build.sh" "$BUILD/web"
set -- --web "$BUILD/web" --nonet "$BUILD/nonet" --data "$here/../../shared/data" \
  --peers "$peers/node_modules" --rounds "${NONET_BENCH_ROUNDS:-3}"
[ -d "$BUILD/npm/node_modules/playwright-core" ] && set -- "$@" --modules "$BUILD/npm/node_modules"
node "$here/web.mjs" "$@"
