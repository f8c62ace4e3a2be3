/* solver.h: the solver implementations behind nonet_solve. Internal.
 *
 * Folder src/solver: owns nonet_solve and the mask entry point the
 * generator and the engines use: one algorithm (fast_impl.h over the
 * vector helpers of fastvec.h) built once per instruction set
 * (fast_*.c), and the choice among them at run time (solve.c). May call
 * src/core only. */
#ifndef NONET_SOLVER_H
#define NONET_SOLVER_H

#include <stdint.h>

/* The fast solver (fast_impl.h), built once per instruction set:
 * portable always, AVX2 and AVX-512 on x86-64 compilers that have them
 * (NONET_HAVE_AVX2, NONET_HAVE_AVX512). Each returns the number of
 * solutions found (0..limit), copying the first to `solution` when not
 * NULL; `guesses` may be NULL. The puzzle holds only values 0..9 and
 * limit >= 1 (checked by the caller). The _masks forms start from
 * per-cell masks of allowed digits (bit d-1 = digit d); a cell with one
 * allowed digit acts as a given: this is what the generator uses to ask
 * "has this puzzle a solution where cell i is not v?" (limit 1). Masks
 * can make a search of any length (most cells open, a contradiction deep
 * down): the _masks forms take a budget of guesses (0: none) and return
 * -1 when it runs out before the search ends; `guesses` then says how
 * many were made (the budget). The _until forms call `stop(ctx)` (not
 * NULL) once every 1024 guesses and return -1 as soon as it returns
 * nonzero (the solve form's own code, without the call, stays as it
 * was: a copy of the search of its own). */
/* The three entry points of build `b` (fast_impl.h defines them as
 * NN_FAST(solve), NN_FAST(solve_until), NN_FAST(solve_masks)). */
#define NONET__FAST_ENTRIES(b)                                                 \
  long nonet__fast_##b##_solve(const uint8_t puzzle[81], uint8_t solution[81], \
                               long limit, unsigned long long *guesses);       \
  long nonet__fast_##b##_solve_until(                                          \
      const uint8_t puzzle[81], uint8_t solution[81], long limit,              \
      unsigned long long *guesses, int (*stop)(void *), void *ctx);            \
  long nonet__fast_##b##_solve_masks(                                          \
      const uint16_t allowed[81], uint8_t solution[81], long limit,            \
      unsigned long long *guesses, unsigned long long budget)
NONET__FAST_ENTRIES(portable);
/* WebAssembly SIMD (fast_wasm.c; emscripten builds with -msimd128): the
 * portable solver with a vector load of the puzzle, used in its place;
 * the _base_ entries are fast_impl.h's own in that file. */
NONET__FAST_ENTRIES(wasm);
NONET__FAST_ENTRIES(wasm_base);
NONET__FAST_ENTRIES(avx2);
/* 256-bit vectors with AVX-512 instructions (fast_avx512.c): picked on
 * AMD's AVX-512 CPUs. */
NONET__FAST_ENTRIES(avx512);
/* 512-bit vectors, more operations a round (fast_avx512_wide.c): picked
 * by name only. */
NONET__FAST_ENTRIES(avx512w);
/* 512-bit vectors, fewer operations a round (fast_avx512_zmm.c): picked
 * on the other AVX-512 CPUs (Intel's). */
NONET__FAST_ENTRIES(avx512z);

/* The grid of a solved state given as each digit's cells by band:
 * out[27 * b + i] = d + 1 where bit i of m[d][b] is set (bit 9r + c of
 * band b is row 3b + r, column c); 0 where no digit is. */
void nonet__grid_from_bands(const uint32_t m[9][3], uint8_t out[81]);

/* The same, bit-sliced: v[k] is the set of cells of band b whose value
 * has bit k set. */
static inline void nonet__value_planes(const uint32_t m[9][3], int b,
                                       uint32_t v[4]) {
  v[0] = m[0][b] | m[2][b] | m[4][b] | m[6][b] | m[8][b]; /* 1 3 5 7 9 */
  v[1] = m[1][b] | m[2][b] | m[5][b] | m[6][b];           /* 2 3 6 7 */
  v[2] = m[3][b] | m[4][b] | m[5][b] | m[6][b];           /* 4 5 6 7 */
  v[3] = m[7][b] | m[8][b];                               /* 8 9 */
}

/* The builds of the fast solver, for tests and benchmarks that want one
 * in particular: nonet__backend(k) for k = 0 .. 4 (portable, avx2,
 * avx512-wide, avx512-zmm, avx512) is NULL when this library lacks build k or
 * this CPU cannot run it. */
typedef struct nonet__backend_info {
  const char *name;
  long (*solve)(const uint8_t *, uint8_t *, long, unsigned long long *);
  long (*solve_masks)(const uint16_t *, uint8_t *, long, unsigned long long *,
                      unsigned long long);
  long (*solve_until)(const uint8_t *, uint8_t *, long, unsigned long long *,
                      int (*)(void *), void *);
} nonet__backend_info;
#define NONET__BACKENDS 5
const nonet__backend_info *nonet__backend(int k);
/* The build k the library picks for a CPU whose capabilities are c: bit 0
 * AVX2 (with BMI1/2, POPCNT), bit 1 AVX-512 F/VL/BW/DQ, bit 2 an AMD CPU
 * (SSE4A); the pick before NONET_SOLVER and before asking whether build
 * k was compiled. */
int nonet__backend_pick(int c);

/* The entry points the rest of the library calls: they dispatch to the
 * best implementation for the CPU. Arguments are trusted (checked by the
 * public functions). */
long nonet__solve(const uint8_t puzzle[81], uint8_t solution[81], long limit,
                  unsigned long long *guesses);
long nonet__solve_masks(const uint16_t allowed[81], uint8_t solution[81],
                        long limit, unsigned long long *guesses,
                        unsigned long long budget);
/* nonet__solve asking stop(ctx) (not NULL) now and then: -1 when stopped. */
long nonet__solve_until(const uint8_t puzzle[81], uint8_t solution[81],
                        long limit, unsigned long long *guesses,
                        int (*stop)(void *), void *ctx);

#endif
