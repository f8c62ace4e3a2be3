/* fast_wasm.c: the fast solver on WebAssembly SIMD (emscripten with
 * -msimd128), in place of fast_portable.c there (solve.c). It is the
 * portable build of fast_impl.h (one digit a 128-bit vector: the same
 * propagation, the same branching, so the same counts and the same first
 * solution), whose vector code clang already emits as wasm SIMD; only the
 * puzzle is loaded differently: with i8x16 compares and bitmasks, where a
 * target without SSE2 gets the scalar loop of load_puzzle (a branch a
 * cell), about 60 ns of a call (9% of the solver's time on the 17-clue
 * list in Node 20). And propagate, branch_config and branch_cell stay
 * functions of their own (NN_PROF), not inlined into search: V8 allocates
 * registers better in the smaller functions (in a test harness,
 * binaryen's -O3 had made the one big function a third slower; binaryen
 * ignores noinline, though, and may still inline a function with one
 * caller: measure the package, not only a harness). Elsewhere this file
 * is empty. */
#if defined(__wasm_simd128__)
#include <stdint.h>

#define NN_LANES 1
#define NN_FAST(name) nonet__fast_wasm_base_##name
#define NN_PROF __attribute__((noinline))
#define NN_BAND_CHECK_LATE 1 /* 3-5% faster in Node 20 (docs/benchmarks.md) */
#include "fast_impl.h"

#include <wasm_simd128.h>

/* load_puzzle of fast_impl.h, a band (27 bytes, read as 32) at a time:
 * digit d may go where d is given or where nothing is; then the givens
 * leave their rows, boxes and columns. */
static void wasm_load_puzzle(const uint8_t puzzle[81], fstate *s) {
  uint8_t buf[96];
  memcpy(buf, puzzle, 81);
  memset(buf + 81, 0, sizeof buf - 81);
  memset(s, 0, sizeof *s);
  uint32_t given[4] = {0, 0, 0, 0};
  for (int b = 0; b < 3; b++) {
    v128_t lo = wasm_v128_load(buf + 27 * b);
    v128_t hi = wasm_v128_load(buf + 27 * b + 16);
#define NN_EQ(x) /* the cells of the band holding x */                         \
  ((uint32_t)wasm_i8x16_bitmask(wasm_i8x16_eq(lo, x)) |                        \
   (uint32_t)wasm_i8x16_bitmask(wasm_i8x16_eq(hi, x)) << 16)
    uint32_t empty = NN_EQ(wasm_i8x16_splat(0));
    given[b] = ~empty & NN_ALL;
    for (int d = 0; d < 9; d++)
      s->w[NN_W(d, b)] =
          (empty | NN_EQ(wasm_i8x16_splat((int8_t)(d + 1)))) & NN_ALL;
#undef NN_EQ
  }
  clear_givens(s, given); /* as load_puzzle does */
}

long nonet__fast_wasm_solve(const uint8_t puzzle[81], uint8_t solution[81],
                            long limit, unsigned long long *guesses) {
  fstate s;
  wasm_load_puzzle(puzzle, &s);
  return search(&s, limit, solution, guesses, ~0ull);
}

long nonet__fast_wasm_solve_until(const uint8_t puzzle[81],
                                  uint8_t solution[81], long limit,
                                  unsigned long long *guesses,
                                  int (*stop)(void *), void *ctx) {
  fstate s;
  wasm_load_puzzle(puzzle, &s);
  return search_until(&s, limit, solution, guesses, stop, ctx);
}

long nonet__fast_wasm_solve_masks(const uint16_t allowed[81],
                                  uint8_t solution[81], long limit,
                                  unsigned long long *guesses,
                                  unsigned long long budget) {
  return nonet__fast_wasm_base_solve_masks(allowed, solution, limit, guesses,
                                           budget);
}
#else
typedef int nonet__fast_wasm_empty; /* ISO C wants a declaration */
#endif
