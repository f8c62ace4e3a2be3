#!/bin/sh
# build.sh [OUT]: the WebAssembly build of libnonet with Debian's
# emscripten, the JavaScript package and the play page, into OUT
# (default build/web): OUT/index.html and the page's files at its root,
# OUT/nonet/ the package (also used by the page). The library's own C
# sources are compiled as they are (the portable solver on wasm SIMD,
# src/solver/fast_wasm.c);
# web/wasm/glue.c exports them to JavaScript.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
out=${1:-$root/build/web}
mkdir -p "$out"
out=$(cd "$out" && pwd)
lib=$out.lib
# emscripten's JavaScript tools need Debian's node modules (node-acorn)
NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}
export NODE_PATH
if [ ! -f "$lib/CMakeCache.txt" ]; then
  emcmake cmake -S "$root" -B "$lib" -DCMAKE_BUILD_TYPE=Release \
    -DNONET_PORTABLE_ONLY=ON -DNONET_WITH_CAIRO=OFF -DNONET_BUILD_TESTS=OFF \
    -DNONET_BUILD_BENCH=OFF -DCMAKE_C_FLAGS="-msimd128" >/dev/null
fi
cmake --build "$lib" --target nonet_static nonet_render -j2 >/dev/null
mkdir -p "$out/nonet"
emcc -O3 -msimd128 -I"$root/include" -I"$root/src" "$here/wasm/glue.c" \
  "$lib/libnonet.a" "$lib/libnonet_render.a" -o "$out/nonet/nonet-core.mjs" \
  -sMODULARIZE=1 -sEXPORT_ES6=1 -sEXPORT_NAME=createNonet \
  -sALLOW_MEMORY_GROWTH=1 -sENVIRONMENT=web,worker \
  -sEXPORTED_RUNTIME_METHODS='["UTF8ToString","stringToUTF8","lengthBytesUTF8","HEAPU8","HEAP32"]' \
  -sEXPORTED_FUNCTIONS='["_malloc","_free"]'
cp "$here"/package/*.js "$here"/package/*.d.ts "$here"/package/package.json \
  "$out/nonet/"
[ -f "$here/package/README.md" ] && cp "$here/package/README.md" "$out/nonet/"
cp "$here"/site/* "$out/"
echo "web: $out (page), $out/nonet (package)"
