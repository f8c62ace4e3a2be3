/* fastvec.h: the vector type of the fast solver. Internal.
 *
 * The includer defines NN_LANES, the digits one vector holds: 4 (512-bit
 * vectors, AVX-512), 2 (256-bit, AVX2) or 1 (128-bit: SSE2 on x86-64,
 * NEON on arm64, where the vector extensions below become NEON code, or
 * plain C). Each digit owns a 128-bit lane of four 32-bit words: words
 * 0-2 are the digit's candidate cells in bands 0-2 (bit 9*row + column
 * of the band), word 3 is zero. With four lanes (NN_PACK8), digits 0-7
 * fill two vectors and digit 8 lives in their spare words, its band b in
 * word 3 of lane b of vector 0: two vectors of work a round, not three.
 * NN_W(d, b) is the word of digit d, band b; NN_VEC_OF(d) its vector.
 *
 * Element-wise operators come from the GNU vector extensions, which gcc
 * and clang turn into the instructions of the target (vpternlogd where
 * AVX-512 is on); shuffles and whole-vector tests are the helpers below. */
#ifndef NONET_FASTVEC_H
#define NONET_FASTVEC_H

#include <stdint.h>

#if !defined(NN_LANES) || (NN_LANES != 1 && NN_LANES != 2 && NN_LANES != 4)
#error "define NN_LANES as 1, 2 or 4 before including fastvec.h"
#endif

#define NN_WORDS (4 * NN_LANES) /* 32-bit words in a vector */
#if NN_LANES == 4
#define NN_PACK8 1
#define NN_NVEC 2 /* vectors for 9 digits */
#define NN_W(d, b) ((d) == 8 ? 4 * (b) + 3 : 4 * (d) + (b))
#define NN_VEC_OF(d) ((d) == 8 ? 0 : (d) / 4)
#else
#define NN_PACK8 0
#define NN_NVEC ((9 + NN_LANES - 1) / NN_LANES)
#define NN_W(d, b) (4 * (d) + (b))
#define NN_VEC_OF(d) ((d) / NN_LANES)
#endif

typedef uint32_t nv_t __attribute__((vector_size(4 * NN_WORDS)));

#if defined(__clang__) || (defined(__GNUC__) && __GNUC__ >= 12)
#define NN_SHUFFLE(v, ...) __builtin_shufflevector((v), (v), __VA_ARGS__)
#define NN_SHUFFLE2(v, w, ...) __builtin_shufflevector((v), (w), __VA_ARGS__)
#else
#define NN_SHUFFLE(v, ...) __builtin_shuffle((v), (nv_t){__VA_ARGS__})
#define NN_SHUFFLE2(v, w, ...) __builtin_shuffle((v), (w), (nv_t){__VA_ARGS__})
#endif

/* The same permutation (a b c d) of the four words of every lane. */
#if NN_LANES == 1
#define NN_PERM4(v, a, b, c, d) NN_SHUFFLE(v, a, b, c, d)
#elif NN_LANES == 2
#define NN_PERM4(v, a, b, c, d)                                                \
  NN_SHUFFLE(v, a, b, c, d, 4 + a, 4 + b, 4 + c, 4 + d)
#else
#define NN_PERM4(v, a, b, c, d)                                                \
  NN_SHUFFLE(v, a, b, c, d, 4 + a, 4 + b, 4 + c, 4 + d, 8 + a, 8 + b, 8 + c,   \
             8 + d, 12 + a, 12 + b, 12 + c, 12 + d)
#endif

/* Band rotations of every digit: its word of band b takes its word of
 * band b+1 (resp. b+2) modulo 3; other words stay. NN_BANDUP1 (UP2):
 * band b takes band b-1 (b-2), zero where there is none. */
#if NN_PACK8
#define NN_BAND1(v)                                                            \
  NN_SHUFFLE(v, 1, 2, 0, 7, 5, 6, 4, 11, 9, 10, 8, 3, 13, 14, 12, 15)
#define NN_BAND2(v)                                                            \
  NN_SHUFFLE(v, 2, 0, 1, 11, 6, 4, 5, 3, 10, 8, 9, 7, 14, 12, 13, 15)
#define NN_BANDUP1(v)                                                          \
  NN_SHUFFLE2(v, (nv_t){0}, 16, 0, 1, 16, 16, 4, 5, 3, 16, 8, 9, 7, 16, 12,    \
              13, 16)
#define NN_BANDUP2(v)                                                          \
  NN_SHUFFLE2(v, (nv_t){0}, 16, 16, 0, 16, 16, 16, 4, 16, 16, 16, 8, 3, 16,    \
              16, 12, 16)
#else
#define NN_BAND1(v) NN_PERM4(v, 1, 2, 0, 3)
#define NN_BAND2(v) NN_PERM4(v, 2, 0, 1, 3)
#define NN_BANDUP1(v) NN_PERM4(v, 3, 0, 1, 2) /* word 3 is zero */
#define NN_BANDUP2(v) NN_PERM4(v, 3, 3, 0, 1)
#endif

/* Lane swaps for reductions across digits; zero where there are not so
 * many lanes (adding nothing). */
#if NN_LANES == 1
#define NN_SWAP1(v) ((v)&0)
#define NN_SWAP2(v) ((v)&0)
#elif NN_LANES == 2
#define NN_SWAP1(v) NN_SHUFFLE(v, 4, 5, 6, 7, 0, 1, 2, 3)
#define NN_SWAP2(v) ((v)&0)
#elif NN_LANES == 4
#define NN_SWAP1(v)                                                            \
  NN_SHUFFLE(v, 4, 5, 6, 7, 0, 1, 2, 3, 12, 13, 14, 15, 8, 9, 10, 11)
#define NN_SWAP2(v)                                                            \
  NN_SHUFFLE(v, 8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7)
#endif

#if NN_PACK8
/* Digit 8 to where sums over digits are kept (word b of every lane, and
 * word 3 of lane b); and those sums, made in words 0-2 of every lane, to
 * word 3 of lane b too. */
#define NN_D8(v)                                                               \
  NN_SHUFFLE(v, 3, 7, 11, 3, 3, 7, 11, 7, 3, 7, 11, 11, 3, 7, 11, 15)
#define NN_FILL(v)                                                             \
  NN_SHUFFLE(v, 0, 1, 2, 0, 4, 5, 6, 5, 8, 9, 10, 10, 12, 13, 14, 15)
/* NN_FILL(NN_SWAP2(v)) in one shuffle */
#define NN_FILL_SWAP2(v)                                                       \
  NN_SHUFFLE(v, 8, 9, 10, 8, 12, 13, 14, 13, 0, 1, 2, 2, 4, 5, 6, 7)
#define NN_FILL_SWAP1(v)                                                       \
  NN_SHUFFLE(v, 4, 5, 6, 4, 0, 1, 2, 1, 12, 13, 14, 14, 8, 9, 10, 11)
#define NN_FILL_SWAP12(v)                                                      \
  NN_SHUFFLE(v, 12, 13, 14, 12, 8, 9, 10, 9, 4, 5, 6, 6, 0, 1, 2, 3)
#define NN_NOT8                                                                \
  ((nv_t){~0u, ~0u, ~0u, 0, ~0u, ~0u, ~0u, 0, ~0u, ~0u, ~0u, 0, ~0u, ~0u, ~0u, \
          ~0u})
#else /* no digit in a spare word */
#define NN_D8(v) ((v)&0)
#define NN_FILL(v) (v)
#define NN_FILL_SWAP2(v) NN_SWAP2(v)
#define NN_NOT8 (~(nv_t){0})
#endif

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#elif defined(__aarch64__)
#include <arm_neon.h>
#elif defined(__wasm_simd128__)
#include <wasm_simd128.h>
#endif

/* Three-input bit functions: vpternlogd where AVX-512 is on. */
#if NN_LANES == 4 && defined(__AVX512F__)
#define NN_TERN(a, b, c, imm)                                                  \
  ((nv_t)_mm512_ternarylogic_epi32((__m512i)(a), (__m512i)(b), (__m512i)(c),   \
                                   (imm)))
#elif NN_LANES == 2 && defined(__AVX512VL__)
#define NN_TERN(a, b, c, imm)                                                  \
  ((nv_t)_mm256_ternarylogic_epi32((__m256i)(a), (__m256i)(b), (__m256i)(c),   \
                                   (imm)))
#elif NN_LANES == 1 && defined(__AVX512VL__)
#define NN_TERN(a, b, c, imm)                                                  \
  ((nv_t)_mm_ternarylogic_epi32((__m128i)(a), (__m128i)(b), (__m128i)(c),      \
                                (imm)))
#endif

/* Three-input functions. With vpternlogd the first operand is also the
 * destination: callers pass first a value that dies there, and masks
 * (constants) last. */
#define NN_INLINE3 static inline __attribute__((always_inline)) nv_t
#ifdef NN_TERN
#define NN_F3(name, imm, expr)                                                 \
  NN_INLINE3 name(nv_t a, nv_t b, nv_t c) { return NN_TERN(a, b, c, imm); }
#else
#define NN_F3(name, imm, expr)                                                 \
  NN_INLINE3 name(nv_t a, nv_t b, nv_t c) { return expr; }
#endif
NN_F3(nv_one3, 0x16, (a ^ b ^ c) & ~(a & b & c)) /* exactly one of a, b, c */
NN_F3(nv_sel, 0xe4, (a & c) | (b & ~c))          /* c ? a : b, bitwise */
NN_F3(nv_or3, 0xfe, a | b | c)
NN_F3(nv_or_and, 0xa8, (a | b) & c)
NN_F3(nv_and_or, 0xea, (a & b) | c)
NN_F3(nv_or_with_and, 0xf8, a | (b & c))
NN_F3(nv_andn_or, 0xba, (a & ~b) | c)
NN_F3(nv_and_orn, 0xb0, a &(~b | c))
NN_F3(nv_and_andn, 0x40, a &b & ~c)
NN_F3(nv_or_with_andn, 0xf4, a | (b & ~c))
NN_F3(nv_xor3, 0x96, a ^ b ^ c)
NN_F3(nv_maj, 0xe8, (a & b) | (a & c) | (b & c)) /* two or three of a, b, c */

/* 1 when any bit of v is set. */
static inline __attribute__((always_inline)) int nv_any(nv_t v) {
#if NN_LANES == 4 && defined(__AVX512F__)
  return _mm512_test_epi32_mask((__m512i)v, (__m512i)v) != 0;
#elif NN_LANES == 2 && defined(__AVX__)
  return !_mm256_testz_si256((__m256i)v, (__m256i)v);
#elif NN_LANES == 1 && defined(__SSE4_1__)
  return !_mm_testz_si128((__m128i)v, (__m128i)v);
#elif NN_LANES == 1 && defined(__SSE2__)
  return _mm_movemask_epi8(_mm_cmpeq_epi8((__m128i)v, _mm_setzero_si128())) !=
         0xffff;
#elif NN_LANES == 1 && defined(__aarch64__)
  return vmaxvq_u32((uint32x4_t)v) != 0; /* NEON: the largest word */
#elif NN_LANES == 1 && defined(__wasm_simd128__)
  return wasm_v128_any_true((v128_t)v);
#else
  uint32_t acc = 0;
  for (int i = 0; i < NN_WORDS; i++) acc |= v[i];
  return acc != 0;
#endif
}

/* The lesser of a and b, word by word (unsigned). */
#if NN_LANES == 4 && defined(__AVX512F__)
#define nv_min_u32(a, b) ((nv_t)_mm512_min_epu32((__m512i)(a), (__m512i)(b)))
#elif NN_LANES == 2 && defined(__AVX2__)
#define nv_min_u32(a, b) ((nv_t)_mm256_min_epu32((__m256i)(a), (__m256i)(b)))
#endif

/* Flags gathered over several vectors, tested once: whether some word
 * of v selected by `sel` (all ones or zero per word) is zero. */
#if NN_LANES == 4 && defined(__AVX512F__)
typedef __mmask16 nv_flags;
static inline __attribute__((always_inline)) nv_flags
nv_flag_zero(nv_flags acc, nv_t v, nv_t sel) {
  __mmask16 m = _mm512_test_epi32_mask((__m512i)sel, (__m512i)sel);
  return acc | _mm512_mask_testn_epi32_mask(m, (__m512i)v, (__m512i)v);
}
static inline __attribute__((always_inline)) int nv_flags_any(nv_flags f) {
  return f != 0;
}
#else
typedef nv_t nv_flags;
static inline __attribute__((always_inline)) nv_flags
nv_flag_zero(nv_flags acc, nv_t v, nv_t sel) {
  return acc | ((nv_t)(v == 0) & sel);
}
static inline __attribute__((always_inline)) int nv_flags_any(nv_flags f) {
  return nv_any(f);
}
#endif

#endif
