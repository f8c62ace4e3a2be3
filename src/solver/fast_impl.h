/* fast_impl.h: the fast solver, written once over the vector type
 * of fastvec.h and compiled once per instruction set by the files
 * fast_*.c, which define NN_LANES and NN_FAST(name) first.
 * Internal.
 *
 * State: for each digit and band, the 27-bit set of cells of the band
 * where the digit may still go (fastvec.h has the layout). A minirow is
 * the three cells a row shares with a box; a minicolumn the three a
 * column shares with a box. A round of propagation works on all digits
 * at once:
 *   1. configurations: in a band a digit takes one minirow per row and
 *      per box, a permutation of the band's 3x3 minirow matrix; minirows
 *      in no permutation go (pointing and claiming, exactly, for the
 *      band). The same for each stack over its minicolumns.
 *   2. it then reads off, per digit, the cells alone in their row (and,
 *      in a stable round only, the minirows and minicolumns it may use
 *      and must use); per cell, how many digits
 *      remain. Sums over the digits give:
 *   3. naked singles: a cell with one digit takes it; the digit leaves
 *      the rest of the row (step 1 of the next round clears the box and
 *      the column);
 *   4. hidden singles: a digit alone in a row claims its cell (after
 *      step 1, a digit alone in a box or a column soon is).
 * When a round changes nothing, its facts hold for the state, and
 *   5. each minirow and minicolumn holds exactly three digits: when only
 *      three may go there they all must (and leave the rest of their row
 *      or box); when three must, no other may. Also caught there: two
 *      naked singles of a digit in one row, a cell two digits claim, a
 *      minirow with fewer than three digits or more than three forced.
 * If step 5 changes nothing either, the state is final (step 5 is
 * skipped once fewer than NN_STEP5_MIN cells are open: it seldom finds
 * anything then). With every cell down to one digit and step 1 stable,
 * each digit keeps a cell in every row, column and box, so the grid is
 * a solution. Otherwise the search branches on the band or stack whose
 * digits use the fewest minirows (minicolumns) and has a digit with two
 * configurations, else on a cell with the fewest digits. No heap, no
 * global mutable state. */
#ifndef NN_FAST
#error "define NN_FAST(name) before including fast_impl.h"
#endif

#include <string.h>

#include "core/bits.h"
#include "fastvec.h"
#include "solver.h"

#define NN_ALL 0x7ffffffu  /* the 27 cells of a band */
#define NN_TRI 0x1249249u  /* first cell of each minirow: 9r + 3k */
#define NN_B01 0x0241209u  /* first cells of the minirows of boxes 0, 1 */
#define NN_B2 0x1008040u   /* first cells of the minirows of box 2 */
#define NN_B12 0x1209048u  /* first cells of the minirows of boxes 1, 2 */
#define NN_ROWB 0x0040201u /* first cell of each row */
#define NN_L8 0x3fdfeffu   /* the low 8 cells of each row */
#define NN_H8 0x4020100u   /* the last cell of each row */
#define NN_COL 0x1ffu      /* a band folded onto its 9 columns */
#define NN_J01 0x0dbu      /* columns 0, 1 of each stack, folded */
#define NN_STK 0x049u      /* column 0 of each stack, folded */
#define NN_J2 0x124u       /* column 2 of each stack, folded */
#define NN_J12 0x1b6u      /* columns 1, 2 of each stack, folded */

#define NN_AI static inline __attribute__((always_inline))

/* The masks of a round, as vectors, made once a call. With AVX2, when
 * vector registers run short, gcc makes such a constant again at every
 * use from an immediate (moved to a vector register, then broadcast:
 * three instructions; 7% of the avx2 build's on serg); made behind an
 * empty asm, a mask is kept in a register or on the stack and read from
 * there (avx2 serg -6% instructions). (Not in the SSE2 build, which reads
 * its constants from memory already: there it costs 2% more.) */
typedef struct kmask {
  nv_t tri, b01, b2, b12, j01, j2, j12, col, rowb, l8, h8, stk;
} kmask;
#if defined(__GNUC__) && !defined(__clang__) && defined(__AVX2__)
NN_AI nv_t nv_k(uint32_t c) {
  nv_t v = (nv_t){0} + c;
#if defined(__AVX512F__)
  __asm__("" : "+v"(v));
#else
  __asm__("" : "+x"(v));
#endif
  return v;
}
#else
#define nv_k(c) ((nv_t){0} + (c))
#endif
NN_AI kmask kmasks(void) {
  kmask m = {nv_k(NN_TRI),  nv_k(NN_B01), nv_k(NN_B2),  nv_k(NN_B12),
             nv_k(NN_J01),  nv_k(NN_J2),  nv_k(NN_J12), nv_k(NN_COL),
             nv_k(NN_ROWB), nv_k(NN_L8),  nv_k(NN_H8),  nv_k(NN_STK)};
  return m;
}

/* Open cells below which step 5 is skipped. It changes the search (the
 * first of several solutions, the guesses), not the counts. 40, not 24:
 * serg's many-solution puzzles gain most (few of its tries there find
 * anything), the other lists about break even (docs/benchmarks.md). */
/* Where the portable build looks for a digit that left a band: after
 * step 1 of its stale vectors (0), or in every vector after steps 3 and
 * 4 (1). The first takes fewer instructions; V8 runs the second faster
 * (fast_wasm.c). The same search either way. */
#ifndef NN_BAND_CHECK_LATE
#define NN_BAND_CHECK_LATE 0
#endif

#ifndef NN_STEP5_MIN
#define NN_STEP5_MIN 40
#endif

/* NN_FEW_OPS: for cores where a round is bound by how many vector
 * operations it issues, not by its chain of dependent ones: Intel's
 * AVX-512 cores, which issue 512-bit shifts on one port and other
 * 512-bit operations on two, and AMD's Zen 4, which splits each 512-bit
 * operation in two 256-bit halves (fast_avx512_zmm.c). There the build with
 * two vectors (a) runs steps 1-2 on the vectors that changed only, as
 * the others do, not on both every round; (b) makes step 3 clear the
 * row of a naked single only, not its box and column too (fewer shifts
 * a round for more rounds); (c) composes the row and band rotations of
 * step 1 (r+2 is r+1 taken twice: 6 shifts, not 8, and 3 shuffles, not
 * 4, for a longer chain). On a 2-core Sapphire Rapids-class Xeon: 7-14%
 * less time on the shared lists; on a 2-core AMD EPYC (Zen 4), where the
 * build without it (fast_avx512_wide.c) was first tuned, 7-17% less on
 * top1465, serg and hardest1106, 0-9% on 17clue (docs/benchmarks.md). */
#ifndef NN_FEW_OPS
#define NN_FEW_OPS 0
#endif
/* (a) and (b) apart, for measuring: NN_BOTH_VECS runs steps 1-2 on both
 * vectors every round, NN_PEER_CLEAR makes step 3 clear box and column
 * too (two vectors only). */
#ifndef NN_BOTH_VECS
#define NN_BOTH_VECS (NN_LANES == 4 && !NN_FEW_OPS)
#endif
#ifndef NN_PEER_CLEAR
#define NN_PEER_CLEAR (NN_LANES == 4 && !NN_FEW_OPS)
#endif
/* (c) alone: the portable and AVX2 builds take it too (fast_portable.c:
 * 1-1.5% fewer instructions, 1-3% less time on the Xeon; fast_avx2.c:
 * 2% fewer instructions, 1-4% less time there). */
#ifndef NN_COMPOSE_ROT
#define NN_COMPOSE_ROT NN_FEW_OPS
#endif

/* Loops over the digit vectors are short (3, 5 or 9); unrolled, the
 * vectors' independent chains interleave. */
#if defined(__GNUC__) && !defined(__clang__)
#define NN_UNROLL _Pragma("GCC unroll 9")
#else
#define NN_UNROLL
#endif

#ifndef NN_PROF /* a profiling harness may keep some functions apart */
#define NN_PROF
#endif

#ifndef NN_STAT /* development counters: a harness may define them */
#define NN_STAT(name) ((void)0)
#endif
#ifndef NN_STAT_PROP
#define NN_STAT_PROP(status) ((void)0)
#endif

typedef union fstate {
  nv_t v[NN_NVEC];
  uint32_t w[NN_NVEC * NN_WORDS]; /* digit d, band b: w[NN_W(d, b)] */
} fstate;

/* Per vector: all ones in the words of real digits (the last vector may
 * hold fewer than NN_LANES digits; with NN_PACK8, digit 8 fills three
 * spare words of vector 0); zero elsewhere. */
#define R3 0xffffffffu, 0xffffffffu, 0xffffffffu
#if NN_PACK8
static const uint32_t nn_real_words[2 * 16] = {R3, R3, R3, R3, R3, 0,  R3,
                                               0,  R3, 0,  R3, 0,  R3, 0};
#else
static const uint32_t nn_real_words[12 * 4] = {
    R3, 0, R3, 0, R3, 0, R3, 0, R3, 0, R3, 0, R3, 0, R3, 0, R3, 0};
#endif
#undef R3

/* x * 7 and x * 511, for bits spaced so that no product overlaps: each
 * first-cell bit to its minirow (3 bits), each row bit to its row. (A
 * shift and a subtraction: vpmulld is slow on some AVX-512 CPUs.) */
NN_AI nv_t times7(nv_t x) { return (x << 3) - x; }
NN_AI nv_t times511(nv_t x) { return (x << 9) - x; }

NN_AI nv_t nv_load(const uint32_t *p) {
  nv_t v;
  memcpy(&v, p, sizeof v);
  return v;
}

/* A state copied a whole vector at a time. (A struct copy goes in 16-byte
 * pieces, and a wider vector read back from them cannot be forwarded
 * from the stores: it waits for them to reach the cache. With 16-byte
 * vectors the struct copy is as good, and measured 1% faster.) */
NN_AI void copy_state(fstate *dst, const fstate *src) {
#if NN_LANES == 1
  *dst = *src;
#else
  NN_UNROLL for (int k = 0; k < NN_NVEC; k++) dst->v[k] = src->v[k];
#endif
}

/* Minirow rotations: minirow (r, k) takes (r, k+1 mod 3), resp. (r,
 * k+2 mod 3). Input holds only first-cell bits; so does the output. */
NN_AI nv_t rot_box(nv_t z, const kmask *K) {
  return ((z >> 3) & K->b01) | ((z << 6) & K->b2);
}
NN_AI nv_t rot_box2(nv_t z, const kmask *K) {
  return ((z >> 6) & K->rowb) | ((z << 3) & K->b12);
}

/* Column rotations inside each stack of a folded band (9 bits): column
 * 3s+j takes 3s+(j+1 mod 3), resp. 3s+(j+2 mod 3). Junk may appear in
 * bits 9-10 (with NN_TERN). */
#ifdef NN_TERN /* one ternary operation */
NN_AI nv_t rot_col(nv_t z, const kmask *K) {
  return nv_sel(z >> 1, z << 2, K->j01);
}
NN_AI nv_t rot_col2(nv_t z, const kmask *K) {
  return nv_sel(z >> 2, z << 1, K->stk);
}
#else /* two masks, not one and an exclusive or: a shorter chain */
NN_AI nv_t rot_col(nv_t z, const kmask *K) {
  return ((z >> 1) & K->j01) | ((z << 2) & K->j2);
}
NN_AI nv_t rot_col2(nv_t z, const kmask *K) {
  return ((z >> 2) & K->stk) | ((z << 1) & K->j12);
}
#endif

/* Counting digits, bit-sliced: for each bit position, how many of the
 * NN_NVEC vectors' lanes (one digit each) have it set, as a binary
 * number b3 b2 b1 b0, left in every lane. */
typedef struct count9 {
  nv_t b0, b1, b2, b3;
} count9;

/* a + b, four bits (the totals never exceed 9). */
NN_AI count9 count9_add(count9 a, count9 b) {
  count9 r;
  nv_t k = a.b0 & b.b0;
  r.b0 = a.b0 ^ b.b0;
  r.b1 = nv_xor3(a.b1, b.b1, k);
  k = nv_maj(a.b1, b.b1, k);
  r.b2 = nv_xor3(a.b2, b.b2, k);
  k = nv_maj(a.b2, b.b2, k);
  r.b3 = nv_xor3(a.b3, b.b3, k);
  return r;
}

/* a + b + c, as the sum bit and the carry */
NN_AI void full_add(nv_t a, nv_t b, nv_t c, nv_t *sum, nv_t *carry) {
#ifdef NN_TERN
  *sum = nv_xor3(a, b, c);
  *carry = nv_maj(a, b, c);
#else
  nv_t t = a ^ b;
  *sum = t ^ c;
  *carry = (a & b) | (t & c);
#endif
}

NN_AI count9 count9_of(const nv_t *x) {
  count9 c = {{0}, {0}, {0}, {0}};
#if NN_PACK8 /* a half adder; digit 8 at the end */
  nv_t a = x[0] & NN_NOT8;
  c.b0 = a ^ x[1];
  c.b1 = a & x[1];
#elif NN_NVEC == 5 || NN_NVEC == 9
  /* full adders in a tree (a shorter chain than one vector at a time) */
  nv_t s0, c0, c1;
  full_add(x[0], x[1], x[2], &s0, &c0);
#if NN_NVEC == 5
  full_add(s0, x[3], x[4], &c.b0, &c1);
  c.b1 = c0 ^ c1;
  c.b2 = c0 & c1;
#else
  nv_t s1, s2, c2, c3, s4, c4;
  full_add(x[3], x[4], x[5], &s1, &c1);
  full_add(x[6], x[7], x[8], &s2, &c2);
  full_add(s0, s1, s2, &c.b0, &c3);
  full_add(c0, c1, c2, &s4, &c4);
  c.b1 = s4 ^ c3;
  c3 &= s4;
  c.b2 = c4 ^ c3;
  c.b3 = c4 & c3;
#endif
#else
  for (int k = 0; k < NN_NVEC; k++) { /* add one bit at a time */
    nv_t carry = c.b0 & x[k];
    c.b0 ^= x[k];
    nv_t carry2 = c.b1 & carry;
    c.b1 ^= carry;
    nv_t carry3 = c.b2 & carry2;
    c.b2 ^= carry2;
    c.b3 |= carry3;
  }
#endif
#if NN_LANES >= 2
  c = count9_add(c, (count9){NN_SWAP1(c.b0), NN_SWAP1(c.b1), NN_SWAP1(c.b2),
                             NN_SWAP1(c.b3)});
#endif
#if NN_LANES >= 4
  c = count9_add(c, (count9){NN_SWAP2(c.b0), NN_SWAP2(c.b1), NN_SWAP2(c.b2),
                             NN_SWAP2(c.b3)});
#endif
#if NN_PACK8
  c = count9_add(
      (count9){NN_FILL(c.b0), NN_FILL(c.b1), NN_FILL(c.b2), NN_FILL(c.b3)},
      (count9){NN_D8(x[0]), {0}, {0}, {0}});
#endif
  return c;
}

/* Three or more; four or more. */
NN_AI nv_t count9_ge3(count9 c) { return nv_or3(c.b3, c.b2, c.b1 & c.b0); }
NN_AI nv_t count9_ge4(count9 c) { return c.b3 | c.b2; }

/* "Seen once or more" (o), "twice or more" (t) and "three times or more"
 * (t3) counters of lanes, merged with those of the lanes SWAP exchanges
 * them with. */
#define NN_MERGE2(SWAP, o, t)                                                  \
  do {                                                                         \
    nv_t o2_ = SWAP(o), t2_ = SWAP(t);                                         \
    t = t | t2_ | (o & o2_);                                                   \
    o = o | o2_;                                                               \
  } while (0)
#define NN_MERGE3(SWAP, o, t, t3)                                              \
  do {                                                                         \
    nv_t o2_ = SWAP(o), t2_ = SWAP(t), s2_ = SWAP(t3);                         \
    t3 = t3 | s2_ | (t & o2_) | (o & t2_);                                     \
    t = t | t2_ | (o & o2_);                                                   \
    o = o | o2_;                                                               \
  } while (0)

/* Sums over the nine digits of x (one vector a digit group): in every
 * word of a digit's band b, the sum over the digits of their words of
 * band b. The cells where some digit is (o), where two or more are (t): */
NN_AI void ot_digits(const nv_t *x, nv_t *po, nv_t *pt) {
#if NN_PACK8
  nv_t a = x[0] & NN_NOT8;
  nv_t o = a | x[1], t = a & x[1];
#else
  nv_t o = x[0], t = {0};
  NN_UNROLL for (int k = 1; k < NN_NVEC; k++) {
    t = nv_or_with_and(t, o, x[k]);
    o |= x[k];
  }
#endif
#if NN_PACK8
  /* all four lanes merged and the spare words filled, four shuffles each
   * side by side, not two merges and a fill one after the other */
  nv_t o0 = NN_FILL(o), o1 = NN_FILL_SWAP1(o), o2 = NN_FILL_SWAP2(o),
       o3 = NN_FILL_SWAP12(o), d8 = NN_D8(x[0]);
  nv_t t01 = nv_or3(NN_FILL(t), NN_FILL_SWAP1(t), o0 & o1);
  nv_t t23 = nv_or3(NN_FILL_SWAP2(t), NN_FILL_SWAP12(t), o2 & o3);
  nv_t o01 = o0 | o1, o23 = o2 | o3;
  t = nv_or3(t01, t23, o01 & o23);
  o = o01 | o23;
  t = nv_or_with_and(t, o, d8);
  o |= d8;
#else
#if NN_LANES >= 2
  NN_MERGE2(NN_SWAP1, o, t);
#endif
#if NN_LANES >= 4
  NN_MERGE2(NN_SWAP2, o, t);
#endif
#endif
  *po = o;
  *pt = t;
}

/* The union over the digits; the sum. The _low forms make words 0-2
 * only (band i in word i; branching reads no more): with NN_PACK8, digit
 * 8 is added without the shuffle that fills the spare words. */
#define NN_OR(a, b) ((a) | (b))
#define NN_ADD(a, b) ((a) + (b))
#define NN_DIGIT_SUM(name, OP, FILL, FILL_SWAP2)                               \
  NN_AI nv_t name(const nv_t *x) {                                             \
    nv_t r = x[0];                                                             \
    if (NN_PACK8) r &= NN_NOT8;                                                \
    NN_UNROLL for (int k = 1; k < NN_NVEC; k++) r = OP(r, x[k]);               \
    r = OP(r, NN_SWAP1(r));                                                    \
    if (!NN_PACK8) return OP(r, NN_SWAP2(r));                                  \
    return OP(OP(FILL(r), FILL_SWAP2(r)), NN_D8(x[0]));                        \
  }
#define NN_SAME(v) (v)
NN_DIGIT_SUM(or_digits, NN_OR, NN_FILL, NN_FILL_SWAP2)
NN_DIGIT_SUM(or_digits_low, NN_OR, NN_SAME, NN_SWAP2)
NN_DIGIT_SUM(add_digits_low, NN_ADD, NN_SAME, NN_SWAP2)

/* Minicolumn (band b, column 3s+j), folded at bit 3s+j, moves to the
 * free third bit of minirow slot (j, s): 9j + 3s + 2; and back. */
NN_AI nv_t spread_cols(nv_t c) {
  return ((c & 0x049u) << 2) | ((c & 0x092u) << 10) | ((c & 0x124u) << 18);
}
NN_AI nv_t fold_cols(nv_t x) {
  return ((x >> 2) & 0x049u) | ((x >> 10) & 0x092u) | ((x >> 18) & 0x124u);
}

/* The cells alone in their row: those of rows that lose nothing but
 * their lowest cell (z: each row without it; where a row is empty the
 * borrow may spoil the next row's answer, but step 1 of the next round
 * then empties the band: a contradiction either way). */
NN_AI nv_t alone_in_row(nv_t w, const kmask *K) {
  nv_t z = w & (w - K->rowb);
  nv_t nz = nv_or_and((z & K->l8) + K->l8, z, K->h8);
  return w & ~((nz << 1) - (nz >> 8));
}

/* The cells that see a cell of p: its rows, boxes and columns. */
NN_AI nv_t peers(nv_t p, const kmask *K) {
  nv_t h = nv_or_and((p & K->l8) + K->l8, p, K->h8);
  nv_t m = nv_or_and((p >> 1) | (p >> 2), p, K->tri);
  nv_t bx = times7(nv_or3(m >> 9, m >> 18, m) & K->stk);
  nv_t c = nv_or3(p >> 9, p >> 18, p) & K->col;
  c = nv_or3(c, NN_BAND1(c), NN_BAND2(c));
  return nv_or3((h << 1) - (h >> 8), nv_or3(bx, bx << 9, bx << 18),
                nv_or3(c, c << 9, c << 18));
}

/* Step 1 for one digit vector, and what step 2 reads off it. */
typedef struct facts {
  nv_t w;      /* the cells after step 1 */
  nv_t tri;    /* minirows in use (first-cell bits) */
  nv_t tri_in; /* minirows the digit must use */
  nv_t col;    /* minicolumns in use (folded) */
  nv_t col_in; /* minicolumns the digit must use */
  nv_t alone;  /* cells alone in their row */
} facts;

NN_AI void step12(nv_t w0, facts *f, const kmask *K) {
  /* Both configuration checks read the same input and their results are
   * combined: a shorter chain of dependent operations than one after the
   * other (a round is bound by latency), for a little less per round. */
  /* stacks: minicolumn (b, j) survives when (b+1, j+1), (b+2, j+2) or
   * (b+1, j+2), (b+2, j+1) both remain; bands are the words of a lane */
  /* (both rotations of the columns first, side by side, then the bands':
   * a shorter chain than rotating, combining and rotating again) */
  nv_t c = nv_or3(w0 >> 9, w0 >> 18, w0) & K->col;
  nv_t c1 = rot_col(c, K), c2 = rot_col2(c, K);
#if NN_COMPOSE_ROT /* BAND2 is BAND1 twice: one shuffle less */
  nv_t v = NN_BAND1(nv_and_or(c2, NN_BAND1(c1), c1 & NN_BAND1(c2))) & c;
#else
  nv_t v =
      nv_and_or(NN_BAND1(c2), NN_BAND2(c1), NN_BAND1(c1) & NN_BAND2(c2)) & c;
#endif
  /* bands: minirow (r, k) survives when (r+1, k+1), (r+2, k+2) or
   * (r+1, k+2), (r+2, k+1) both remain (the same order: boxes, then
   * rows; rows rotated unmasked, with junk in bits 27 and 30 only) */
  nv_t t = nv_or_and((w0 >> 1) | (w0 >> 2), w0, K->tri);
  nv_t t1 = rot_box(t, K), t2 = rot_box2(t, K);
#define NN_ROW1(z) (((z) >> 9) | ((z) << 18)) /* row r takes row r+1 */
#define NN_ROW2(z) (((z) >> 18) | ((z) << 9)) /* row r takes row r+2 */
  /* (with NN_COMPOSE_ROT, ROW1 taken out: t1 and t2 are clean, so the
   * inner terms are too, and no junk is rotated into real bits) */
#if NN_COMPOSE_ROT
  nv_t u = NN_ROW1(nv_and_or(t2, NN_ROW1(t1), t1 & NN_ROW1(t2))) & t;
#else
  nv_t u = nv_and_or(NN_ROW1(t2), NN_ROW2(t1), NN_ROW1(t1) & NN_ROW2(t2)) & t;
#endif
#undef NN_ROW1
#undef NN_ROW2
  nv_t w = nv_or3(v << 9, v << 18, v) & times7(u) & w0;
  f->w = w;
  f->alone = alone_in_row(w, K);
}

/* The minirow and minicolumn facts, for step 5 and for branching (only
 * a stable round needs them): those in use, */
NN_AI void used_facts(facts *f, const kmask *K) {
  nv_t w = f->w;
  f->tri = nv_or_and((w >> 1) | (w >> 2), w, K->tri);
  f->col = nv_or3(w >> 9, w >> 18, w) & K->col;
}

/* and those the digit must use (the only one of their row, of their
 * box): step 5 needs them for every digit, branching for one. */
NN_AI void forced_facts(facts *f) {
  nv_t u = f->tri, c = f->col;
  nv_t r = nv_one3(u >> 3, u >> 6, u) & NN_ROWB;
  f->tri_in = times511(r) & u;
  nv_t e = nv_one3(c >> 1, c >> 2, c) & NN_STK; /* box with one column */
  f->col_in = times7(e) & c;
}

/* Flags a band of vector k's digits that step 1 left empty. */
NN_AI nv_flags left_band(nv_flags acc, const facts *f, int k) {
  return nv_flag_zero(acc, f[k].w, nv_load(nn_real_words + k * NN_WORDS));
}

/* Bit k set when x[k] differs from y[k]. SSE2 has no test of a whole
 * vector (SSE4.1's ptest): there the comparisons of four vectors are
 * packed into one byte mask and read at once, not each vector's alone. */
#if NN_LANES == 1 && defined(__SSE2__) && !defined(__SSE4_1__)
#define NN_PACKED_CHANGES 1
NN_AI unsigned changed_vectors(const nv_t *x, const nv_t *y) {
  unsigned bits = 0;
  for (int g = 0; g < NN_NVEC; g += 4) {
    __m128i e[4];
    for (int j = 0; j < 4; j++)
      e[j] = g + j < NN_NVEC
                 ? _mm_cmpeq_epi32((__m128i)x[g + j], (__m128i)y[g + j])
                 : _mm_set1_epi32(-1);
    __m128i p = _mm_packs_epi16(_mm_packs_epi32(e[0], e[1]),
                                _mm_packs_epi32(e[2], e[3]));
    /* nibble j: vector g + j's four words, all ones when equal */
    unsigned m = ~(unsigned)_mm_movemask_epi8(p) & 0xffffu;
    m = (m | m >> 1 | m >> 2 | m >> 3) & 0x1111u;
    bits |= ((m * 0x249u) >> 9 & 0xfu) << g; /* bits 0, 4, 8, 12 gathered */
  }
  return bits;
}
#else
#define NN_PACKED_CHANGES 0
#endif

/* Runs rounds until nothing changes. A round is steps 1-4; when one
 * changes nothing, its facts hold for the state as it is, and step 5
 * runs on them; if that changes nothing either, the state is final.
 * Returns 0 on a contradiction, 1 on a solution, 2 when cells are still
 * open (then out holds the facts of the final round). Steps 1-2 run
 * again only for the vectors whose cells changed (stale): bit k of known
 * says that out[k] already holds the facts of vector k as it is, so the
 * first round skips them for it. (With two vectors, AVX-512, both are
 * recomputed every round, cheaper than the tests, unless NN_FEW_OPS.) */
NN_PROF static int propagate(fstate *s, facts *out, unsigned known) {
  const nv_t band_words = nv_load(nn_real_words);
  const kmask km = kmasks(), *K = &km;
  facts *f = out; /* f[k] holds for s->v[k] unless bit k of stale is set */
  unsigned stale = ((1u << NN_NVEC) - 1) & ~known;
  NN_STAT(propagations);
  for (;;) {
    NN_STAT(rounds);
    /* a digit that left a band: looked for in the cells step 1 leaves
     * (a vector that changed runs step 1 in the next round; one that did
     * not was looked at when it last ran it), in the portable build on
     * the stale vectors only */
    nv_flags empty = {0};
#if NN_LANES == 4 && NN_BOTH_VECS /* two vectors: both, without a branch */
    NN_UNROLL for (int k = 0; k < NN_NVEC; k++) {
      step12(s->v[k], &f[k], K);
      empty = left_band(empty, f, k);
    }
    stale = 0;
#elif NN_LANES >= 2 /* five (or two) vectors: a test each */
    NN_UNROLL for (int k = 0; k < NN_NVEC; k++) if (stale >> k & 1)
        step12(s->v[k], &f[k], K);
    /* (every vector: as cheap as a test, and tests here cost more) */
    NN_UNROLL for (int k = 0; k < NN_NVEC; k++) empty = left_band(empty, f, k);
    stale = 0;
#else               /* nine: over the bits of stale (a test each was slower) */
    for (; stale; stale &= stale - 1) {
      int k = nn_ctz(stale);
      step12(s->v[k], &f[k], K);
      if (!NN_BAND_CHECK_LATE) empty = left_band(empty, f, k);
    }
#endif
    if (nv_flags_any(empty)) return 0;
    /* sums over the digits */
    nv_t w[NN_NVEC], alone[NN_NVEC], o, t;
    NN_UNROLL for (int k = 0; k < NN_NVEC; k++) {
      w[k] = f[k].w;
      alone[k] = f[k].alone;
    }
    ot_digits(w, &o, &t);
    nv_t claim = or_digits(alone);
    if (nv_any(band_words & ~o & NN_ALL)) return 0; /* a cell without digits */
    nv_t single = o & ~t;
    nv_t x[NN_NVEC];
    NN_UNROLL for (int k = 0; k < NN_NVEC; k++) {
      nv_t y = f[k].w;
#if NN_LANES == 4 && NN_PEER_CLEAR
      /* step 3: naked singles and cells alone in their row clear their
       * row, box and column (fewer rounds; measured slower with one or two
       * digits a vector, where it leaves more vectors stale) */
      nv_t p = nv_or_with_and(f[k].alone, y, single);
      y = nv_andn_or(y, peers(p, K), p);
#else
      /* step 3: naked singles clear their rows */
      nv_t p = y & single;
      nv_t h = nv_or_and((p & K->l8) + K->l8, p, K->h8);
      y = nv_andn_or(y, (h << 1) - (h >> 8), p);
#endif
      /* step 4: claims */
      y = nv_and_orn(y, claim, f[k].alone);
      if (NN_BAND_CHECK_LATE) /* every digit, after steps 3 and 4 */
        empty = nv_flag_zero(empty, y, nv_load(nn_real_words + k * NN_WORDS));
      if (!NN_PACKED_CHANGES) stale |= (unsigned)nv_any(y ^ s->v[k]) << k;
      x[k] = y;
    }
#if NN_PACKED_CHANGES
    stale |= changed_vectors(x, s->v);
#endif
    if (NN_BAND_CHECK_LATE && nv_flags_any(empty)) return 0;
    if (stale) {
      NN_UNROLL for (int k = 0; k < NN_NVEC; k++) s->v[k] = x[k];
      continue;
    }
    /* every cell has one digit: a solution (step 1 keeps each digit in
     * every row, column and box, so no digit can appear twice) */
    int open = nn_popcount(t[0]) + nn_popcount(t[1]) + nn_popcount(t[2]);
    if (open == 0) return 1;
    /* what follows reads the facts again from f: the compiler would
     * otherwise keep this round's intermediates (spilled) for it */
    __asm__ volatile("" ::: "memory");
    /* The state is stable under steps 1-4, so this round's facts hold
     * for it. Two contradictions those steps leave alone: two naked
     * singles of a digit in one row, and a cell that two digits claim.
     * Stable, a digit's row keeps only its naked singles there if it has
     * any (step 3), so two of them are naked singles not alone in their
     * row; and a claimed cell keeps only digits that claim it (step 4),
     * so two claim it when it holds two digits or more. */
    NN_STAT(full_rounds);
    {
      nv_t lone = {0}; /* cells not alone in their row */
      NN_UNROLL for (int k = 0; k < NN_NVEC; k++) lone =
          nv_or_with_andn(lone, f[k].w, f[k].alone);
      if (nv_any(nv_and_or(lone, single, claim & t))) return 0;
    }
    NN_UNROLL for (int k = 0; k < NN_NVEC; k++) used_facts(&f[k], K);
    /* step 5, while enough cells are open for it to pay */
    if (open < NN_STEP5_MIN) return 2;
    /* per minirow: the digits that may use it (first-cell bit), that
     * must (next bit), and per minicolumn, those that may (third bit);
     * and per minicolumn those that must */
    nv_t in_r[NN_NVEC], in_c[NN_NVEC];
    NN_UNROLL for (int k = 0; k < NN_NVEC; k++) {
      forced_facts(&f[k]);
      in_r[k] = nv_or3(f[k].tri_in << 1, spread_cols(f[k].col), f[k].tri);
      in_c[k] = f[k].col_in;
    }
    count9 nr = count9_of(in_r), nc = count9_of(in_c);
    nv_t r3 = count9_ge3(nr), r4 = count9_ge4(nr);
    /* a minirow or minicolumn with fewer than three possible digits, or
     * more than three that must go there */
    if (nv_any(band_words & ((~r3 & (NN_TRI | NN_TRI << 2)) |
                             ((r4 >> 1) & NN_TRI) | (count9_ge4(nc) & NN_COL))))
      return 0;
    nv_t row3 = r3 & ~r4 & NN_TRI;      /* three possible digits */
    nv_t row_full = (r3 >> 1) & NN_TRI; /* three forced digits */
    nv_t col3 = fold_cols(r3 & ~r4);
    nv_t col_full = count9_ge3(nc) & NN_COL;
    empty = (nv_flags){0};
    NN_UNROLL for (int k = 0; k < NN_NVEC; k++) {
      nv_t y = f[k].w;
      /* minirows: a must-use one clears the rest of its row (the next
       * round's step 1 clears the rest of its box) */
      nv_t m = f[k].tri & row3;
      nv_t rh = nv_or3(m >> 3, m >> 6, m) & NN_ROWB;
      nv_t kill = nv_and_andn(times511(rh), (nv_t){0} + NN_TRI, m);
      kill = nv_or_with_andn(kill, row_full, f[k].tri_in);
      y &= ~times7(kill);
      /* minicolumns: the same within the box (step 1 clears the column) */
      m = f[k].col & col3;
      nv_t g = nv_or3(m >> 1, m >> 2, m) & NN_STK;
      kill = nv_or_with_andn(times7(g) & ~m, col_full, f[k].col_in);
      y &= ~nv_or3(kill << 9, kill << 18, kill);
      empty = nv_flag_zero(empty, y, nv_load(nn_real_words + k * NN_WORDS));
      stale |= (unsigned)nv_any(y ^ s->v[k]) << k;
      s->v[k] = y;
    }
    if (nv_flags_any(empty)) return 0;
    if (!stale) return 2;
    NN_STAT(full_hits);
  }
}

/* ---- branching ------------------------------------------------------- */

/* The number of minirows each digit uses in each band, and of
 * minicolumns in each stack, in one word: word i (band or stack i, as
 * nn_word_band says) holds the band's count in byte 3 and the stack's in
 * byte i (stack_byte: that byte's mask per word). After step 1 every
 * minirow (minicolumn) lies in a configuration, and a digit has exactly
 * two configurations when it uses 5 or 6; the sums over the digits rank
 * bands and stacks much as the numbers of configurations do. */
NN_AI nv_t shape_counts(nv_t tri, nv_t col, nv_t stack_byte) {
  nv_t r = (tri + (tri >> 3) + (tri >> 6)) & 0x00c0603u; /* per row */
  nv_t h = (r + (r >> 9) + (r >> 18)) << 24;
  /* per stack of the band, its minicolumns in use (at bit 3s), then
   * moved to bit 8s */
  nv_t p = col - ((col >> 1) & 0x0dbu) - ((col >> 2) & NN_STK);
  p = nv_or3(p, p << 5, p << 10) & 0x30303u;
  p = p + NN_BAND1(p) + NN_BAND2(p);
  return h | (p & stack_byte);
}

/* All ones in the bytes of x that hold 5 or 6 (bytes up to 12). */
NN_AI nv_t bytes_5or6(nv_t x) {
  typedef uint8_t nb_t __attribute__((vector_size(sizeof(nv_t))));
  return (nv_t)((nb_t)((x + 0x03030303u) & 0x0e0e0e0eu) ==
                (nb_t)((nv_t){0} + 0x08080808u));
}

/* Per vector: bit d in the words of digit d; and which band or stack
 * each word stands for. */
#if NN_PACK8
static const uint32_t nn_digit_bit[2 * 16] = {
    1,  1,  1,  256, 2,  2,  2,  256, 4,  4,  4,  256, 8,   8,   8,   0,
    16, 16, 16, 0,   32, 32, 32, 0,   64, 64, 64, 0,   128, 128, 128, 0};
static const uint32_t nn_word_band[16] = {0, 1, 2, 0, 0, 1, 2, 1,
                                          0, 1, 2, 2, 0, 1, 2, 3};
static const uint32_t nn_stack_byte[16] = {
    0xff, 0xff00, 0xff0000, 0xff,     0xff, 0xff00, 0xff0000, 0xff00,
    0xff, 0xff00, 0xff0000, 0xff0000, 0xff, 0xff00, 0xff0000, 0};
#else
static const uint32_t nn_digit_bit[12 * 4] = {
#define D4(d) 1u << (d), 1u << (d), 1u << (d), 1u << (d)
    D4(0), D4(1), D4(2), D4(3), D4(4), D4(5), D4(6), D4(7), D4(8), 0, 0,
    0,     0,     0,     0,     0,     0,     0,     0,     0,     0
#undef D4
};
static const uint32_t nn_word_band[16] = {0, 1, 2, 3, 0, 1, 2, 3,
                                          0, 1, 2, 3, 0, 1, 2, 3};
static const uint32_t nn_stack_byte[16] = {
    0xff, 0xff00, 0xff0000, 0, 0xff, 0xff00, 0xff0000, 0,
    0xff, 0xff00, 0xff0000, 0, 0xff, 0xff00, 0xff0000, 0};
#endif

#if NN_LANES >= 2 && defined(__AVX2__)
/* branch_config's keys: words 0-2 stand for band or stack i (all ones
 * elsewhere: never the least), whose stack count is byte i (the first
 * NN_WORDS words are read) */
static const uint32_t nn_key_index[16] = {
    0, 1, 2, ~0u, ~0u, ~0u, ~0u, ~0u, ~0u, ~0u, ~0u, ~0u, ~0u, ~0u, ~0u, ~0u};
static const uint32_t nn_key_shift[16] = {0, 8, 16, 0, 0, 8, 16, 0,
                                          0, 8, 16, 0, 0, 8, 16, 0};
#endif

/* What the split of branch_config takes out of each digit of a vector:
 * in band bb (sel: its words), the lowest minirow not forced is kept and
 * the rest of its row goes (keep), or it goes (drop); in stack bb
 * (vert), the same with the lowest minicolumn not forced, in the first
 * band that has one, and the rest of its box. */
NN_AI void split(const facts *f, nv_t sel, nv_t vert, uint32_t bb, nv_t *keep,
                 nv_t *drop) {
  facts fk = *f; /* (step 5 may not have run) */
  forced_facts(&fk);
  /* band: the lowest minirow not forced */
  nv_t x = fk.tri & ~fk.tri_in & sel;
  x &= -x;
  nv_t xc = times7(x);
  nv_t r = (x | (x >> 3) | (x >> 6)) & NN_ROWB;
  nv_t keep_h = times511(r) & ~xc, drop_h = xc;
  /* stack: the lowest minicolumn not forced, in the first band that
   * has one */
  nv_t y = fk.col & ~fk.col_in & (7u << (3 * bb));
  nv_t nz = (nv_t)(y != 0);
  y &= ~(NN_BANDUP1(nz) | NN_BANDUP2(nz));
  y &= -y;
  nv_t yc = y | (y << 9) | (y << 18);
  nv_t keep_v = (0x1c0e07u << (3 * bb)) & ~yc & (nv_t)(y != 0), drop_v = yc;
  *keep = (keep_h & ~vert) | (keep_v & vert);
  *drop = (drop_h & ~vert) | (drop_v & vert);
}

/* Splits *cur into two: the band or stack whose digits use the fewest
 * minirows (minicolumns) and has a digit with exactly two
 * configurations. The lowest such digit has a minirow (minicolumn) x
 * that lies in one of them only: *cur keeps x and drops the rest of its
 * row (of its box), *alt drops x; step 1 then completes each. f holds
 * the facts of the final round of propagate. Returns 0 when there is no
 * such digit. */
NN_PROF static int branch_config(fstate *cur, fstate *alt, const facts *f,
                                 unsigned *kept) {
  const nv_t stack_byte = nv_load(nn_stack_byte);
  nv_t n[NN_NVEC], two[NN_NVEC];
  NN_UNROLL for (int k = 0; k < NN_NVEC; k++) {
    n[k] = shape_counts(f[k].tri, f[k].col, stack_byte);
    two[k] = bytes_5or6(n[k]);
  }
  nv_t sum = add_digits_low(n), any2 = or_digits_low(two);
  /* the smallest key (total, then bands before stacks, then index) among
   * bands and stacks with a two-configuration digit (all ones where no
   * digit has two configurations) */
#if NN_LANES >= 2 && defined(__AVX2__)
  /* the six keys in words 0-2, bands' and stacks' side by side, and their
   * least: a shorter chain than taking the words out one by one */
  const nv_t idx = nv_load(nn_key_index), sh = nv_load(nn_key_shift);
  nv_t kh = ((sum >> 24) << 3) | idx | ((any2 >> 31) - 1u);
  nv_t kv =
      (((sum >> sh) & 0xffu) << 3) | 4u | idx | (((any2 >> sh) & 1u) - 1u);
  nv_t key = nv_min_u32(kh, kv);
  key = nv_min_u32(nv_min_u32(key, NN_BAND1(key)), NN_BAND2(key));
  uint32_t best = key[0];
#else
  uint32_t best = ~0u;
  for (uint32_t i = 0; i < 3; i++) {
    uint32_t kh = (sum[i] >> 24) << 3 | i | ((any2[i] >> 31) - 1u);
    uint32_t kv = ((sum[i] >> (8 * i)) & 0xffu) << 3 | 4u | i |
                  (((any2[i] >> (8 * i)) & 1u) - 1u);
    kh = kh < kv ? kh : kv;
    best = kh < best ? kh : best;
  }
#endif
  if (best == ~0u) return 0;
  const uint32_t bb = best & 3u;
  nv_t sel = (nv_t)(nv_load(nn_word_band) == bb); /* word bb of every lane */
  nv_t vert = (nv_t){0} - ((best >> 2) & 1u);     /* all ones: a stack */
#if NN_LANES != 2
  nv_t byte = sel & nv_sel(stack_byte, (nv_t){0} + 0xff000000u, vert);
#endif
  /* the lowest digit with two configurations there */
#if NN_LANES == 1 && defined(__SSE2__)
  /* a digit a vector, and byte has one byte set (of word bb): there,
   * digit d's bit d, digits 0-7 in one byte that psadbw takes out (no
   * branch a vector) */
  nv_t acc = {0};
  NN_UNROLL for (int j = 0; j < 8; j++) acc |= two[j] & (0x01010101u << j);
  __m128i sad = _mm_sad_epu8((__m128i)(acc & byte), _mm_setzero_si128());
  unsigned at = (unsigned)_mm_cvtsi128_si32(sad) |
                (unsigned)_mm_extract_epi16(sad, 4) |
                (unsigned)nv_any(two[8] & byte) << 8;
  const int k = nn_ctz(at);
  const nv_t lane = ~(nv_t){0};
#elif NN_LANES == 1 /* a digit a vector: the first vector with one */
  int k = 0;
  while (!nv_any(two[k] & byte)) k++;
  const nv_t lane = ~(nv_t){0};
#else
  /* a bit a word where a digit has two configurations there, every
   * digit's four bits in a row of one mask, in digit order: the digit is
   * the lowest bit's quarter (a mask test a vector, not a sum over the
   * digits and words taken out of it) */
  uint64_t at = 0;
#if NN_PACK8 /* digits 0-3, then 4-7, then digit 8 (words 3, 7, 11) */
  uint32_t m0 = _mm512_test_epi32_mask((__m512i)two[0], (__m512i)byte);
  uint32_t m1 = _mm512_test_epi32_mask((__m512i)two[1], (__m512i)byte);
  at = (m0 & 0x7777u) | (uint64_t)m1 << 16 |
       (uint64_t)((m0 & 0x888u) != 0) << 32;
#else
  /* the flag byte moved to the top of its word (a stack's byte bb to byte
   * 3; a band's is there), whose sign bit movmskps takes in word bb */
  const __m128i up = _mm_cvtsi32_si128((best & 4u) ? 24 - 8 * (int)bb : 0);
  NN_UNROLL for (int k = 0; k < NN_NVEC; k++) at |=
      (uint64_t)_mm256_movemask_ps((__m256)_mm256_and_si256(
          _mm256_sll_epi32((__m256i)two[k], up), (__m256i)sel))
      << (8 * k);
#endif
  const int d = nn_ctz64(at) / 4;
  const int k = NN_VEC_OF(d);
#if NN_LANES == 2
  static const uint32_t nn_lane[16] = {~0u, ~0u, ~0u, ~0u, 0,   0,   0,   0,
                                       0,   0,   0,   0,   ~0u, ~0u, ~0u, ~0u};
  const nv_t lane = nv_load(nn_lane + 8 * (d & 1)); /* digit d's lane */
#endif
#endif
#if NN_LANES == 4
  /* two vectors: both split, the digit's lanes picked by masks (nothing
   * waits for the digit's vector to be known before it starts) */
  NN_UNROLL for (int j = 0; j < NN_NVEC; j++) {
    nv_t keep, drop;
    split(&f[j], sel, vert, bb, &keep, &drop);
    nv_t lj = (nv_t)((nv_load(nn_digit_bit + j * NN_WORDS) & (1u << d)) != 0);
    const nv_t was = cur->v[j];
    alt->v[j] = was & ~(drop & lj);
    cur->v[j] = was & ~(keep & lj);
  }
#else
  nv_t keep, drop;
  split(&f[k], sel, vert, bb, &keep, &drop);
  const nv_t was = cur->v[k];
  copy_state(alt, cur);
  alt->v[k] = was & ~(drop & lane);
  cur->v[k] = was & ~(keep & lane);
#endif
  /* vectors other than the digit's are untouched */
  *kept = ((1u << NN_NVEC) - 1) & ~(1u << k);
  return 1;
}

/* Splits *cur on a cell with the fewest candidates: its lowest digit in
 * *cur, the others in *alt. */
NN_PROF static unsigned branch_cell(fstate *cur, fstate *alt) {
  nv_t o = cur->v[0] & NN_NOT8, t = {0}, t3 = {0};
  for (int k = 1; k < NN_NVEC; k++) {
    nv_t x = cur->v[k];
    t3 |= t & x;
    t |= o & x;
    o |= x;
  }
#if NN_LANES >= 2
  NN_MERGE3(NN_SWAP1, o, t, t3);
#endif
#if NN_LANES >= 4
  NN_MERGE3(NN_SWAP2, o, t, t3);
#endif
#if NN_PACK8 /* words 0-2 are enough here */
  nv_t d8 = NN_D8(cur->v[0]);
  t3 |= t & d8;
  t |= o & d8;
#endif
  nv_t multi = t, two = t & ~t3;
  int b = -1, p = 0;
  for (int k = 0; k < 3; k++)
    if (two[k]) {
      b = k;
      p = nn_ctz(two[k]);
      break;
    }
  if (b < 0) {
    int best = 10;
    for (int k = 0; k < 3 && best > 3; k++) {
      uint32_t m = multi[k];
      while (m) {
        int q = nn_ctz(m);
        m &= m - 1;
        int n = 0;
        for (int d = 0; d < 9; d++) n += (int)((cur->w[NN_W(d, k)] >> q) & 1u);
        if (n < best) {
          best = n;
          b = k;
          p = q;
          if (n == 3) break;
        }
      }
    }
  }
  int d = 0;
  uint32_t bit = 1u << p;
  while (!(cur->w[NN_W(d, b)] & bit)) d++;
  copy_state(alt, cur);
  alt->w[NN_W(d, b)] &= ~bit;
  for (int e = 0; e < 9; e++)
    if (e != d) cur->w[NN_W(e, b)] &= ~bit;
  return ((1u << NN_NVEC) - 1) & ~(1u << NN_VEC_OF(d)); /* alt's unchanged */
}

static void extract(const fstate *s, uint8_t out[81]) {
#if defined(__AVX512BW__) && defined(__AVX512VL__) && NN_LANES == 4
  /* each digit's cells of a band are a byte mask: the digit goes to
   * those bytes (27 masked moves, the masks loaded straight from the
   * state), and 27 bytes a band are stored (a masked store: no overlap
   * to arrange) */
  for (int b = 0; b < 3; b++) {
    __m256i y = _mm256_setzero_si256();
    for (int d = 0; d < 9; d++)
      y = _mm256_mask_mov_epi8(y, (__mmask32)s->w[NN_W(d, b)],
                               _mm256_set1_epi8((char)(d + 1)));
    _mm256_mask_storeu_epi8(out + 27 * b, (__mmask32)0x7ffffff, y);
  }
#elif defined(__AVX2__)
  /* a band at a time: each bit of each cell's value to its byte, stored
   * straight into out, 32 bytes a band: the last band's end at cell 80
   * (its planes shifted up by five cells), and the middle band's, stored
   * last, carry the last band's first five cells over the garbage the
   * other two leave in them */
#if NN_LANES == 2
  /* the value planes as vectors (lane 0, word b: band b): digits 2k and
   * 2k + 1 in the lanes of vector k */
  const nv_t *x = s->v;
  const nv_t s0 = NN_SWAP1(x[0]), s1 = NN_SWAP1(x[1]), s2 = NN_SWAP1(x[2]),
             s3 = NN_SWAP1(x[3]);
  nv_t pl[4] = {x[0] | x[1] | x[2] | x[3] | x[4], /* 1 3 5 7 9 */
                s0 | x[1] | s2 | x[3],            /* 2 3 6 7 */
                s1 | x[2] | s2 | x[3],            /* 4 5 6 7 */
                s3 | x[4]};                       /* 8 9 */
  nv_t up[4]; /* word 1 | word 2 << 27 in word 1; word 2 << 5 in word 2 */
  for (int k = 0; k < 4; k++) {
    up[k] = pl[k] << 5;
    pl[k] |= NN_BAND1(pl[k]) << 27;
  }
#define NN_PLANE(k, b)                                                         \
  _mm256_permutevar8x32_epi32((__m256i)(b == 2 ? up[k] : pl[k]),               \
                              _mm256_set1_epi32(b))
#else
  uint32_t v[3][4];
  for (int b = 0; b < 3; b++) {
#define NN_D(d) s->w[NN_W(d, b)]
    v[b][0] = NN_D(0) | NN_D(2) | NN_D(4) | NN_D(6) | NN_D(8);
    v[b][1] = NN_D(1) | NN_D(2) | NN_D(5) | NN_D(6);
    v[b][2] = NN_D(3) | NN_D(4) | NN_D(5) | NN_D(6);
    v[b][3] = NN_D(7) | NN_D(8);
#undef NN_D
  }
  for (int k = 0; k < 4; k++) {
    v[1][k] |= v[2][k] << 27;
    v[2][k] <<= 5;
  }
#define NN_PLANE(k, b) _mm256_set1_epi32((int)v[b][k])
#endif
  static const int order[3] = {0, 2, 1};
  for (int j = 0; j < 3; j++) {
    const int b = order[j];
    __m256i y = _mm256_setzero_si256();
    for (int k = 0; k < 4; k++) {
#if defined(__AVX512BW__) && defined(__AVX512VL__) && NN_LANES != 2
      y = _mm256_or_si256(y, _mm256_maskz_set1_epi8(v[b][k], (char)(1 << k)));
#else
      static const uint64_t spread[8] = {0,
                                         0x0101010101010101,
                                         0x0202020202020202,
                                         0x0303030303030303,
                                         0x8040201008040201,
                                         0x8040201008040201,
                                         0x8040201008040201,
                                         0x8040201008040201};
      const __m256i bits = _mm256_loadu_si256((const __m256i *)(spread + 4));
      __m256i z = _mm256_shuffle_epi8(
          NN_PLANE(k, b), _mm256_loadu_si256((const __m256i *)spread));
      z = _mm256_cmpeq_epi8(_mm256_and_si256(z, bits), bits);
      /* bit k of the value: the byte's 0xff and 1 << k */
      y = _mm256_or_si256(
          y, _mm256_and_si256(z, _mm256_set1_epi8((char)(1 << k))));
#endif
    }
#undef NN_PLANE
    _mm256_storeu_si256((__m256i *)(void *)(out + (b == 2 ? 49 : 27 * b)), y);
  }
#elif defined(__wasm_simd128__) && NN_LANES == 1
  /* the four value planes as vectors (word b: band b), then per band and
   * half each cell's byte gathers its bit of every plane */
  const nv_t *x = s->v;
  v128_t p[4] = {(v128_t)(x[0] | x[2] | x[4] | x[6] | x[8]),
                 (v128_t)(x[1] | x[2] | x[5] | x[6]),
                 (v128_t)(x[3] | x[4] | x[5] | x[6]), (v128_t)(x[7] | x[8])};
  const v128_t bits = wasm_i64x2_splat(0x8040201008040201);
  uint8_t buf[96];
  for (int b = 0; b < 3; b++)
    for (int h = 0; h < 2; h++) {
      /* bytes 16h .. 16h + 15 of band b: bytes 2h, 2h + 1 of word b */
      const int lo = 4 * b + 2 * h;
      const v128_t at =
          wasm_i8x16_make(lo, lo, lo, lo, lo, lo, lo, lo, lo + 1, lo + 1,
                          lo + 1, lo + 1, lo + 1, lo + 1, lo + 1, lo + 1);
      v128_t v = wasm_i8x16_splat(0);
      for (int k = 0; k < 4; k++) {
        v128_t y = wasm_v128_and(wasm_i8x16_swizzle(p[k], at), bits);
        v = wasm_v128_or(v, wasm_v128_and(wasm_i8x16_eq(y, bits),
                                          wasm_i8x16_splat((int8_t)(1 << k))));
      }
      wasm_v128_store(buf + 27 * b + 16 * h, v);
    }
  memcpy(out, buf, 81);
#elif defined(__SSE2__) && NN_LANES == 1
  /* SSE2 alone (no pshufb): each value plane of a band (bit k of every
   * cell's value) spread a bit to a byte by unpacking its bytes eightfold
   * and testing each byte's own bit, 16 cells at a time */
  const __m128i bits = _mm_set1_epi64x((long long)0x8040201008040201ull);
  uint8_t buf[96];
  for (int b = 0; b < 3; b++) {
#define NN_D(d) s->w[NN_W(d, b)]
    const uint32_t v[4] = {NN_D(0) | NN_D(2) | NN_D(4) | NN_D(6) | NN_D(8),
                           NN_D(1) | NN_D(2) | NN_D(5) | NN_D(6),
                           NN_D(3) | NN_D(4) | NN_D(5) | NN_D(6),
                           NN_D(7) | NN_D(8)};
#undef NN_D
    __m128i lo = _mm_setzero_si128(), hi = _mm_setzero_si128();
    for (int k = 0; k < 4; k++) {
      __m128i x = _mm_cvtsi32_si128((int)v[k]);
      x = _mm_unpacklo_epi8(x, x);
      x = _mm_unpacklo_epi16(x, x); /* byte j fourfold */
      const __m128i one = _mm_set1_epi8((char)(1 << k));
      __m128i a = _mm_and_si128(_mm_unpacklo_epi32(x, x), bits);
      __m128i c = _mm_and_si128(_mm_unpackhi_epi32(x, x), bits);
      lo = _mm_or_si128(lo, _mm_and_si128(_mm_cmpeq_epi8(a, bits), one));
      hi = _mm_or_si128(hi, _mm_and_si128(_mm_cmpeq_epi8(c, bits), one));
    }
    _mm_storeu_si128((__m128i *)(void *)(buf + 27 * b), lo);
    _mm_storeu_si128((__m128i *)(void *)(buf + 27 * b + 16), hi);
  }
  memcpy(out, buf, 81);
#else
  uint32_t m[9][3];
  for (int d = 0; d < 9; d++)
    for (int b = 0; b < 3; b++) m[d][b] = s->w[NN_W(d, b)];
  nonet__grid_from_bands(m, out);
#endif
}

/* Guesses between two calls of a stop function (search_until): a
 * millisecond or less of search. */
#define NN_STOP_EVERY 1024

#define NN_SEARCH search_until_impl
#define NN_SEARCH_ATTR NN_AI
#define NN_SEARCH_PARAMS int (*stop)(void *), void *ctx
#define NN_SEARCH_STOP 1
#include "fast_search.h"

/* Flattened: the steps (propagate, the branchings, extract) are inlined
 * into it first, so that they are called once again, by search, and gcc
 * inlines them there as before (else it keeps them apart, called by
 * both, and the plain search takes 1-2% more instructions). */
#if defined(__GNUC__) && !defined(__wasm__)
#define NN_FLATTEN __attribute__((flatten))
#else
#define NN_FLATTEN
#endif
NN_FLATTEN static long search_until(fstate *cur, long limit, uint8_t *solution,
                                    unsigned long long *guesses,
                                    int (*stop)(void *), void *ctx) {
  return search_until_impl(cur, limit, solution, guesses, stop, ctx);
}

#define NN_SEARCH search
#define NN_SEARCH_ATTR static
#define NN_SEARCH_PARAMS unsigned long long budget
#define NN_SEARCH_STOP 0
#include "fast_search.h"

#if !defined(__SSE2__) /* (loaded in vectors there) */
/* A given leaves its digit's row, box and column at once (rounds would
 * take it out of the row in step 3, the box and the column in the next
 * two rounds' step 1): the propagation from the puzzle reaches the same
 * state in fewer rounds. given[b]: the given cells of band b (given[3]
 * is 0, for the spare words). */
static void clear_givens(fstate *s, const uint32_t given[4]) {
  nv_t g;
  for (int i = 0; i < NN_WORDS; i++) g[i] = given[nn_word_band[i]];
  const kmask km = kmasks();
  NN_UNROLL for (int k = 0; k < NN_NVEC; k++) {
    nv_t y = s->v[k], p = y & g;
    s->v[k] = nv_andn_or(y, peers(p, &km), p);
  }
}
#endif

/* The state of a puzzle: each digit may go where it is given or where
 * nothing is. (Inlined into solve and solve_until, as into solve alone
 * before.) */
#if defined(__AVX2__) && NN_LANES >= 2
/* The value (digit + 1) each word of each vector stands for, 15 for a
 * spare word; and per bit i of it, all ones in the words whose value has
 * bit i (n: word n % NN_WORDS of vector n / NN_WORDS). */
#if NN_PACK8
#define NN_VAL(k, w)                                                           \
  ((w) % 4 != 3 ? 4 * (k) + (w) / 4 + 1 : (k) == 0 && (w) / 4 < 3 ? 9 : 15)
#else
#define NN_VAL(k, w)                                                           \
  ((w) % 4 != 3 && NN_LANES * (k) + (w) / 4 <= 8                               \
       ? NN_LANES * (k) + (w) / 4 + 1                                          \
       : 15)
#endif
#define NN_VB(i, n) (NN_VAL((n) / NN_WORDS, (n) % NN_WORDS) >> (i)&1 ? ~0u : 0u)
#define NN_VB8(i, n)                                                           \
  NN_VB(i, n), NN_VB(i, n + 1), NN_VB(i, n + 2), NN_VB(i, n + 3),              \
      NN_VB(i, n + 4), NN_VB(i, n + 5), NN_VB(i, n + 6), NN_VB(i, n + 7)
#define NN_VB40(i)                                                             \
  { NN_VB8(i, 0), NN_VB8(i, 8), NN_VB8(i, 16), NN_VB8(i, 24), NN_VB8(i, 32) }
static const uint32_t nn_value_bit[4][40] = {NN_VB40(0), NN_VB40(1), NN_VB40(2),
                                             NN_VB40(3)};
#undef NN_VAL
#undef NN_VB
#undef NN_VB8
#undef NN_VB40
#endif

NN_AI void load_puzzle(const uint8_t puzzle[81], fstate *s) {
#if defined(__AVX2__) && NN_LANES >= 2
  /* in vectors, the givens' peers cleared at once: each band's four bit
   * planes of the values (a shift and a byte mask each), spread to every
   * word of their band, then per vector the words whose value matches */
  uint32_t m[4][3];
  for (int b = 0; b < 3; b++) {
    /* 32 cells from the band's first; the last band's 32 end at cell 80
     * (not read past the puzzle, nor copied: a copy's stores would not
     * forward to the loads) and its masks are shifted down */
    const int at = b < 2 ? 27 * b : 49, sh = b < 2 ? 0 : 5;
    __m256i v =
        _mm256_loadu_si256((const __m256i *)(const void *)(puzzle + at));
    m[0][b] = (uint32_t)_mm256_movemask_epi8(_mm256_slli_epi16(v, 7)) >> sh;
    m[1][b] = (uint32_t)_mm256_movemask_epi8(_mm256_slli_epi16(v, 6)) >> sh;
    m[2][b] = (uint32_t)_mm256_movemask_epi8(_mm256_slli_epi16(v, 5)) >> sh;
    m[3][b] = (uint32_t)_mm256_movemask_epi8(_mm256_slli_epi16(v, 4)) >> sh;
  }
  nv_t pv[4];
  for (int i = 0; i < 4; i++) {
    __m128i q = _mm_setr_epi32((int)(m[i][0] & NN_ALL), (int)(m[i][1] & NN_ALL),
                               (int)m[i][2], 0);
#if NN_PACK8
    pv[i] = (nv_t)_mm512_permutexvar_epi32(
        _mm512_loadu_si512((const void *)nn_word_band),
        _mm512_castsi128_si512(q));
#else
    pv[i] = (nv_t)_mm256_broadcastsi128_si256(q);
#endif
  }
  const nv_t empty = ~(pv[0] | pv[1] | pv[2] | pv[3]) & NN_ALL;
  const kmask km = kmasks();
  NN_UNROLL for (int k = 0; k < NN_NVEC; k++) {
    const uint32_t *vb = nn_value_bit[0] + k * NN_WORDS;
    nv_t at = ~((pv[0] ^ nv_load(vb)) | (pv[1] ^ nv_load(vb + 40)) |
                (pv[2] ^ nv_load(vb + 80)) | (pv[3] ^ nv_load(vb + 120)));
    nv_t y = nv_or_with_and(at, empty, nv_load(nn_real_words + k * NN_WORDS));
    s->v[k] = nv_andn_or(y, peers(at, &km), at);
  }
#elif defined(__SSE2__) && NN_LANES == 1
  /* the same in 16-byte halves: a band's cells 0-15 and 16-31 (the last
   * band's second half read as cells 65-80, its mask shifted down) */
  uint32_t m[4][3];
  for (int b = 0; b < 3; b++) {
    const __m128i lo =
        _mm_loadu_si128((const __m128i *)(const void *)(puzzle + 27 * b));
    const __m128i hi = _mm_loadu_si128(
        (const __m128i *)(const void *)(puzzle + (b < 2 ? 27 * b + 16 : 65)));
    const int sh = b < 2 ? 0 : 5;
#define NN_PLANE(i)                                                            \
  (((uint32_t)_mm_movemask_epi8(_mm_slli_epi16(lo, 7 - (i))) |                 \
    ((uint32_t)_mm_movemask_epi8(_mm_slli_epi16(hi, 7 - (i))) >> sh) << 16) &  \
   NN_ALL)
    m[0][b] = NN_PLANE(0);
    m[1][b] = NN_PLANE(1);
    m[2][b] = NN_PLANE(2);
    m[3][b] = NN_PLANE(3);
#undef NN_PLANE
  }
  nv_t pv[4];
  for (int i = 0; i < 4; i++)
    pv[i] = (nv_t)_mm_setr_epi32((int)m[i][0], (int)m[i][1], (int)m[i][2], 0);
  const nv_t empty =
      ~(pv[0] | pv[1] | pv[2] | pv[3]) & (nv_t){NN_ALL, NN_ALL, NN_ALL, 0};
  const kmask km = kmasks();
  NN_UNROLL for (int d = 0; d < 9; d++) {
    const unsigned v = (unsigned)d + 1;
    nv_t at = (v & 1 ? pv[0] : ~pv[0]) & (v & 2 ? pv[1] : ~pv[1]) &
              (v & 4 ? pv[2] : ~pv[2]) & (v & 8 ? pv[3] : ~pv[3]);
    s->v[d] = nv_andn_or(empty | at, peers(at, &km), at);
  }
#else
  memset(s, 0, sizeof *s);
  uint32_t given[4] = {0, 0, 0, 0}; /* per band; word 3: none */
  uint32_t at[9][3];
  memset(at, 0, sizeof at);
  for (int b = 0; b < 3; b++)
    for (int j = 0; j < 27; j++) {
      int v = puzzle[27 * b + j];
      if (v) {
        given[b] |= 1u << j;
        at[v - 1][b] |= 1u << j;
      }
    }
  for (int d = 0; d < 9; d++)
    for (int b = 0; b < 3; b++)
      s->w[NN_W(d, b)] = (NN_ALL & ~given[b]) | at[d][b];
  clear_givens(s, given);
#endif
}

/* The state from per-cell masks of allowed digits. */
static void load_masks(const uint16_t allowed[81], fstate *s) {
  memset(s, 0, sizeof *s);
#if defined(__AVX2__)
  uint16_t buf[96];
  memcpy(buf, allowed, 81 * sizeof *buf);
  memset(buf + 81, 0, sizeof buf - 81 * sizeof *buf);
  for (int b = 0; b < 3; b++) {
#if defined(__AVX512BW__)
    __m512i v = _mm512_loadu_si512((const void *)(buf + 27 * b));
    for (int d = 0; d < 9; d++)
      s->w[NN_W(d, b)] = (uint32_t)_mm512_test_epi16_mask(
                             v, _mm512_set1_epi16((short)(1 << d))) &
                         NN_ALL;
#else
    __m256i lo =
        _mm256_loadu_si256((const __m256i *)(const void *)(buf + 27 * b));
    __m256i hi =
        _mm256_loadu_si256((const __m256i *)(const void *)(buf + 27 * b + 16));
    for (int d = 0; d < 9; d++) {
      __m128i n = _mm_cvtsi32_si128(15 - d); /* bit d to the sign bit */
      __m256i p =
          _mm256_packs_epi16(_mm256_sll_epi16(lo, n), _mm256_sll_epi16(hi, n));
      p = _mm256_permute4x64_epi64(p, 0xd8);
      s->w[NN_W(d, b)] = (uint32_t)_mm256_movemask_epi8(p) & NN_ALL;
    }
#endif
  }
#else
  for (int b = 0; b < 3; b++)
    for (int j = 0; j < 27; j++) {
      unsigned m = allowed[27 * b + j] & 0x1ffu;
      while (m) {
        int d = nn_ctz(m);
        m &= m - 1;
        s->w[NN_W(d, b)] |= 1u << j;
      }
    }
#endif
}

long NN_FAST(solve_masks)(const uint16_t allowed[81], uint8_t solution[81],
                          long limit, unsigned long long *guesses,
                          unsigned long long budget) {
  fstate s;
  load_masks(allowed, &s);
  return search(&s, limit, solution, guesses, budget ? budget : ~0ull);
}

long NN_FAST(solve)(const uint8_t puzzle[81], uint8_t solution[81], long limit,
                    unsigned long long *guesses) {
  fstate s;
  load_puzzle(puzzle, &s);
  return search(&s, limit, solution, guesses, ~0ull);
}

long NN_FAST(solve_until)(const uint8_t puzzle[81], uint8_t solution[81],
                          long limit, unsigned long long *guesses,
                          int (*stop)(void *), void *ctx) {
  fstate s;
  load_puzzle(puzzle, &s);
  return search_until(&s, limit, solution, guesses, stop, ctx);
}
