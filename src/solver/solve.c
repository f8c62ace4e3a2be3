/* solve.c: nonet_solve, argument checks and the choice of a solver.
 *
 * The fast solver exists in up to five builds (fast_*.c); the
 * first call picks the best one the CPU runs (of the three AVX-512 builds,
 * avx512 on AMD's CPUs, avx512-zmm on the others:
 * nonet__backend_pick says why;
 * avx512-wide only by name), or the portable
 * one when the environment has NONET_PORTABLE=1 (or the library was
 * configured with NONET_PORTABLE_ONLY);
 * NONET_SOLVER=portable|avx2|avx512|avx512-zmm|avx512-wide names a build to use
 * instead (ignored when the CPU cannot run it). The choice is
 * cached in an atomic: every thread that races to fill it computes the same
 * answer. */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "nonet.h"
#include "solver.h"

#if defined(__wasm_simd128__)
#include <wasm_simd128.h>
#endif

typedef nonet__backend_info backend;

enum {
  BK_PORTABLE,
  BK_AVX2,
  BK_AVX512W,
  BK_AVX512Z,
  BK_AVX512,
  BK_COUNT = NONET__BACKENDS
};

static const backend backends[BK_COUNT] = {
#if defined(__wasm_simd128__) /* the portable solver, loaded by wasm SIMD */
    {"portable", nonet__fast_wasm_solve, nonet__fast_wasm_solve_masks,
     nonet__fast_wasm_solve_until},
#else
    {"portable", nonet__fast_portable_solve, nonet__fast_portable_solve_masks,
     nonet__fast_portable_solve_until},
#endif
#if defined(NONET_HAVE_AVX2) && !defined(NONET_PORTABLE_ONLY)
    {"avx2", nonet__fast_avx2_solve, nonet__fast_avx2_solve_masks,
     nonet__fast_avx2_solve_until},
#else
    {NULL, NULL, NULL, NULL},
#endif
#if defined(NONET_HAVE_AVX512) && !defined(NONET_PORTABLE_ONLY)
    {"avx512-wide", nonet__fast_avx512w_solve, nonet__fast_avx512w_solve_masks,
     nonet__fast_avx512w_solve_until},
    {"avx512-zmm", nonet__fast_avx512z_solve, nonet__fast_avx512z_solve_masks,
     nonet__fast_avx512z_solve_until},
    {"avx512", nonet__fast_avx512_solve, nonet__fast_avx512_solve_masks,
     nonet__fast_avx512_solve_until},
#else
    {NULL, NULL, NULL, NULL},
    {NULL, NULL, NULL, NULL},
    {NULL, NULL, NULL, NULL},
#endif
};

static int forced_portable(void) {
  const char *e = getenv("NONET_PORTABLE");
  return e && *e && strcmp(e, "0") != 0;
}

#if (defined(__x86_64__) || defined(__i386__)) &&                              \
    (defined(__GNUC__) || defined(__clang__))
#define NN_X86 1
#if defined(__GLIBC__) && defined(__has_include) && !defined(NONET_NO_GLIBC_CPU)
#if __has_include(<sys/platform/x86.h>)
#include <sys/platform/x86.h> /* glibc 2.33 and later */
#define NN_GLIBC_CPU 1
#endif
#endif
#include <cpuid.h>

#ifdef NN_GLIBC_CPU
/* glibc's CPU_FEATURE_ACTIVE, with an unsigned shift: the header's own
 * `1 << bit` is undefined for bit 31 (AVX512VL), which UBSan reports. */
static int glibc_active(unsigned index) {
  const struct cpuid_feature *f = __x86_get_cpuid_feature_leaf(index / 128);
  unsigned reg = index % 128;
  return (int)((f->active_array[reg / 32] >> (reg % 32)) & 1u);
}
#endif

/* What the CPU (and the OS, which must save the vector registers) can
 * run: bit 0 the avx2 build's instructions, bit 1 the avx512 builds';
 * bit 2 (looked at only with bit 1): the CPU has AMD's SSE4A, which every
 * AMD CPU since 2007 has and none of Intel's, so it is AMD's.
 * From what glibc read at start-up where it tells (no instruction asked
 * again: in a virtual machine each cpuid is an exit to the hypervisor,
 * some 5 us here, and libgcc's __builtin_cpu_init asks a dozen times in
 * every process); else cpuid and xgetbv, once, at the first solve. */
static int cpu_caps(void) {
  int caps = 0;
#ifdef NN_GLIBC_CPU
#define NN_ACTIVE(name) glibc_active(x86_cpu_##name)
  if (NN_ACTIVE(AVX2) && NN_ACTIVE(BMI1) && NN_ACTIVE(BMI2) &&
      NN_ACTIVE(POPCNT)) {
    caps = 1;
    if (NN_ACTIVE(AVX512F) && NN_ACTIVE(AVX512VL) && NN_ACTIVE(AVX512BW) &&
        NN_ACTIVE(AVX512DQ))
      caps |= 2 | NN_ACTIVE(SSE4A) << 2;
  }
#undef NN_ACTIVE
#else
  unsigned a, b, c, d;
  if (__get_cpuid_max(0, NULL) < 7) return 0;
  __cpuid(1, a, b, c, d);
  if (!(c & (1u << 27)) || !(c & (1u << 23))) /* OSXSAVE, POPCNT */
    return 0;
  unsigned lo, hi;
  __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
  (void)hi;
  __cpuid_count(7, 0, a, b, c, d);
  /* BMI1 3, AVX2 5, BMI2 8; the OS saves SSE and AVX state (XCR0 1, 2) */
  if ((b & 0x128u) == 0x128u && (lo & 0x6u) == 0x6u) {
    caps = 1;
    /* AVX512F 16, DQ 17, BW 30, VL 31; opmask and ZMM state (XCR0 5-7) */
    if ((b & 0xc0030000u) == 0xc0030000u && (lo & 0xe0u) == 0xe0u) {
      caps |= 2;
      if (__get_cpuid(0x80000001u, &a, &b, &c, &d) && (c & 0x40u)) /* SSE4A */
        caps |= 4;
    }
  }
#endif
  return caps;
}
#endif

/* cpu_caps(), once (0 off x86). */
static int caps(void) {
#ifdef NN_X86
  static atomic_int known; /* 0: not yet; else caps + 1 */
  int c = atomic_load_explicit(&known, memory_order_relaxed) - 1;
  if (c < 0) {
    c = cpu_caps();
    atomic_store_explicit(&known, c + 1, memory_order_relaxed);
  }
  return c;
#else
  return 0;
#endif
}

/* 1 when build k exists and this CPU runs it. */
static int runs(int k) {
  if (!backends[k].name) return 0;
  if (k == BK_PORTABLE) return 1;
  return k == BK_AVX2 ? caps() & 1 : (caps() >> 1) & 1;
}

/* The build for CPU capabilities c (cpu_caps' bits), when built. Of the
 * AVX-512 builds: on AMD's Zen 4 (which splits a 512-bit operation in
 * two 256-bit halves) avx512, on 256-bit vectors, measured fastest
 * (docs/solver.md); on an Intel Xeon avx512-zmm solved 35% more puzzles
 * a second than the AVX2 build (512-bit operations there have two ports
 * to themselves), and avx512 has not been measured there (on the EPYC
 * its AVX-512 instructions gained 11-14% over the AVX2 build, short of
 * that), so the others keep avx512-zmm. */
int nonet__backend_pick(int c) {
  if (c & 2) return c & 4 ? BK_AVX512 : BK_AVX512Z;
  return c & 1 ? BK_AVX2 : BK_PORTABLE;
}

static int detect(void) {
  if (forced_portable()) return BK_PORTABLE;
  /* NONET_SOLVER=portable|avx2|avx512|avx512-zmm|avx512-wide: that build */
  const char *want = getenv("NONET_SOLVER");
  if (want && *want)
    for (int k = 0; k < BK_COUNT; k++)
      if (backends[k].name && strcmp(backends[k].name, want) == 0 && runs(k))
        return k;
  int k = nonet__backend_pick(caps());
  if (runs(k)) return k;
  return runs(BK_AVX2) ? BK_AVX2 : BK_PORTABLE;
}

const nonet__backend_info *nonet__backend(int k) {
  return k >= 0 && k < BK_COUNT && runs(k) ? &backends[k] : NULL;
}

/* (Inlined into each entry point, as when there were two: a call of
 * its own costs nonet_solve 9 instructions.) */
static inline __attribute__((always_inline)) const backend *chosen(void) {
  static atomic_int cache; /* 0: not yet; else backend index + 1 */
  int k = atomic_load_explicit(&cache, memory_order_relaxed);
  if (!k) {
    k = detect() + 1;
    atomic_store_explicit(&cache, k, memory_order_relaxed);
  }
  return &backends[k - 1];
}

const char *nonet_solver_backend(void) { return chosen()->name; }

long nonet__solve(const uint8_t puzzle[81], uint8_t solution[81], long limit,
                  unsigned long long *guesses) {
  return chosen()->solve(puzzle, solution, limit, guesses);
}

long nonet__solve_masks(const uint16_t allowed[81], uint8_t solution[81],
                        long limit, unsigned long long *guesses,
                        unsigned long long budget) {
  return chosen()->solve_masks(allowed, solution, limit, guesses, budget);
}

long nonet__solve_until(const uint8_t puzzle[81], uint8_t solution[81],
                        long limit, unsigned long long *guesses,
                        int (*stop)(void *), void *ctx) {
  return chosen()->solve_until(puzzle, solution, limit, guesses, stop, ctx);
}

/* Whether `puzzle` holds a cell above 9. */
static int bad_cells(const uint8_t puzzle[81]) {
#if defined(__wasm_simd128__)
  /* clang leaves the loop below scalar on wasm: five vectors, one byte */
  v128_t top =
      wasm_u8x16_max(wasm_v128_load(puzzle), wasm_v128_load(puzzle + 16));
  top = wasm_u8x16_max(top, wasm_u8x16_max(wasm_v128_load(puzzle + 32),
                                           wasm_v128_load(puzzle + 48)));
  top = wasm_u8x16_max(top, wasm_v128_load(puzzle + 64));
  if (wasm_v128_any_true(wasm_u8x16_gt(top, wasm_i8x16_splat(9))) ||
      puzzle[80] > 9)
    return 1;
  return 0;
#else
  uint8_t top = 0; /* no early exit: the loop vectorizes (bytewise max) */
  for (int i = 0; i < 81; i++) top = puzzle[i] > top ? puzzle[i] : top;
  return top > 9;
#endif
}

long nonet_solve(const uint8_t puzzle[81], uint8_t solution[81], long limit,
                 nonet_solve_info *info) {
  unsigned long long guesses = 0;
  if (!puzzle || limit < 1 || bad_cells(puzzle)) return NONET_EINVAL;
  long n = nonet__solve(puzzle, solution, limit, &guesses);
  if (info) info->guesses = guesses;
  return n;
}

long nonet_solve_until(const uint8_t puzzle[81], uint8_t solution[81],
                       long limit, int (*stop)(void *ctx), void *ctx,
                       nonet_solve_info *info) {
  if (!stop) return nonet_solve(puzzle, solution, limit, info);
  unsigned long long guesses = 0;
  if (!puzzle || limit < 1 || bad_cells(puzzle)) return NONET_EINVAL;
  long n = nonet__solve_until(puzzle, solution, limit, &guesses, stop, ctx);
  if (info) info->guesses = guesses;
  return n < 0 ? NONET_ESTOPPED : n;
}
