/* solver_fast_impl.h: the fast solver, written once over the vector type
 * of fastvec.h and compiled once per instruction set by the files
 * solver_fast_*.c, which define NN_LANES and NN_FAST(name) first.
 * Internal.
 *
 * State: for each digit and band, the 27-bit set of cells of the band
 * where the digit may still go (fastvec.h has the layout). A round of
 * propagation does, for all digits and bands at once:
 *   1. naked singles: cells left with one digit; that digit is removed
 *      from the rest of the cell's row, box and column;
 *   2. band configurations: in a band a digit occupies one minirow
 *      (row x box) per row and per box, i.e. a permutation of the 3x3
 *      minirow matrix; minirows in no permutation are removed (this is
 *      pointing and claiming, exactly, for the band);
 *   3. the same for stacks over minicolumns (bands x columns);
 *   4. hidden singles: a digit with one cell left in a row claims the
 *      cell (after 2 and 3, a box or column single is also a row single).
 * Rounds repeat until nothing changes. A search then branches on a cell
 * with the fewest candidates. No heap, no global mutable state. */
#ifndef NN_FAST
#error "define NN_FAST(name) before including solver_fast_impl.h"
#endif

#include <string.h>

#include "bits.h"
#include "fastvec.h"
#include "solver.h"

#define NN_ALL 0x7ffffffu  /* the 27 cells of a band */
#define NN_TRI 0x1249249u  /* first cell of each minirow: 9r + 3k */
#define NN_B01 0x0241209u  /* first cells of the minirows of boxes 0, 1 */
#define NN_ROWB 0x0040201u /* first cell of each row */
#define NN_L8 0x3fdfeffu   /* the low 8 cells of each row */
#define NN_H8 0x4020100u   /* the last cell of each row */
#define NN_COL 0x1ffu      /* a band folded onto its 9 columns */
#define NN_J01 0x0dbu      /* columns 0, 1 of each stack, folded */

typedef union fstate {
  nv_t v[NN_NVEC];
  uint32_t w[NN_NVEC * NN_WORDS]; /* digit d, band b: w[4 * d + b] */
} fstate;

/* Per vector: words that belong to a real digit (bands 0-2), for the
 * empty-band test; and the three band words of every lane. */
static const uint32_t nn_real_words[12 * 4] = {
#define R3 0xffffffffu, 0xffffffffu, 0xffffffffu, 0
    R3, R3, R3, R3, R3, R3, R3, R3, R3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
#undef R3
};

#define NN_AI static inline __attribute__((always_inline))

NN_AI nv_t nv_load(const uint32_t *p) {
  nv_t v;
  memcpy(&v, p, sizeof v);
  return v;
}

NN_AI nv_t nv_splat(uint32_t x) {
  nv_t v = {0};
  return v + x;
}

/* Minirow rotation: minirow (r, k) takes (r, k+1 mod 3). Input holds
 * only first-cell bits; the output may have junk above bit 26. */
NN_AI nv_t rot_box(nv_t z) {
  return ((z >> 3) & NN_B01) | ((z << 6) & ~NN_B01);
}

/* Column rotation inside each stack of a folded band (9 bits): column
 * 3s+j takes 3s+(j+1 mod 3). Junk may appear in bits 9-10. */
NN_AI nv_t rot_col(nv_t z) {
  return ((z >> 1) & NN_J01) | ((z << 2) & ~NN_J01);
}

/* Step 2: keep the minirows that lie in some permutation. Minirow (r, k)
 * survives when (r+1, k+1), (r+2, k+2) or (r+1, k+2), (r+2, k+1) both
 * remain. */
NN_AI nv_t band_config(nv_t w) {
  nv_t t = (w | (w >> 1) | (w >> 2)) & NN_TRI;
  nv_t x = ((t >> 9) | (t << 18)) & NN_ALL; /* row r takes row r+1 */
  nv_t y = ((t >> 18) | (t << 9)) & NN_ALL; /* row r takes row r+2 */
  nv_t f = (x & rot_box(y)) | (rot_box(x) & y);
  nv_t v = t & rot_box(f);
  return w & (v | (v << 1) | (v << 2));
}

/* Step 3: the same over the minicolumns of each stack, whose rows are
 * the three bands (the words of a lane). */
NN_AI nv_t stack_config(nv_t w) {
  nv_t c = (w | (w >> 9) | (w >> 18)) & NN_COL;
  nv_t x = NN_BAND1(c), y = NN_BAND2(c);
  nv_t f = (x & rot_col(y)) | (rot_col(x) & y);
  nv_t v = c & rot_col(f);
  return w & (v | (v << 9) | (v << 18));
}

/* Step 1 for one vector: p holds the placed cells of each digit. */
NN_AI nv_t clear_peers(nv_t w, nv_t p) {
  /* rows holding a placed cell */
  nv_t h = (((p & NN_L8) + NN_L8) | p) & NN_H8;
  nv_t rows = (h << 1) - (h >> 8);
  /* boxes of this band and columns of the other bands */
  nv_t c = (p | (p >> 9) | (p >> 18)) & NN_COL;
  nv_t g = (c | (c >> 1) | (c >> 2)) & 0x49u;
  nv_t m = ((g << 3) - g) | NN_BAND1(c) | NN_BAND2(c);
  m = m | (m << 9) | (m << 18);
  return (w & ~(rows | m)) | p;
}

/* Step 4 for one vector: cells that are alone in their row. */
NN_AI nv_t row_singles(nv_t w) {
  nv_t a = w >> 1, b = w >> 2;
  nv_t one = (w ^ a ^ b) & ~(w & a & b) & NN_TRI; /* minirow with 1 cell */
  nv_t u = (w | a | b) & NN_TRI;                  /* non-empty minirows */
  nv_t u1 = u >> 3, u2 = u >> 6;
  nv_t r = (u ^ u1 ^ u2) & ~(u & u1 & u2) & NN_ROWB; /* one minirow */
  return w & ((r << 9) - r) & ((one << 3) - one);
}

/* Combines the (once, twice) counts of all lanes, leaving the totals in
 * every lane. */
NN_AI void reduce2(nv_t *o, nv_t *t) {
#if NN_LANES >= 2
  {
    nv_t o2 = NN_SWAP1(*o), t2 = NN_SWAP1(*t);
    *t = *t | t2 | (*o & o2);
    *o = *o | o2;
  }
#endif
#if NN_LANES >= 4
  {
    nv_t o2 = NN_SWAP2(*o), t2 = NN_SWAP2(*t);
    *t = *t | t2 | (*o & o2);
    *o = *o | o2;
  }
#endif
  (void)o;
  (void)t;
}

NN_AI nv_t reduce_or(nv_t x) {
#if NN_LANES >= 2
  x |= NN_SWAP1(x);
#endif
#if NN_LANES >= 4
  x |= NN_SWAP2(x);
#endif
  return x;
}

/* Runs rounds until nothing changes. Returns 0 on a contradiction; else
 * 1, with *multi the cells that still have two digits or more. */
static int propagate(fstate *s, nv_t *multi) {
  const nv_t band_words = nv_load(nn_real_words);
  for (;;) {
    nv_t o = s->v[0], t = {0};
    for (int k = 1; k < NN_NVEC; k++) {
      t |= o & s->v[k];
      o |= s->v[k];
    }
    reduce2(&o, &t);
    if (nv_any(~o & band_words & NN_ALL)) return 0; /* a cell is empty */
    nv_t single = o & ~t;
    nv_t next[NN_NVEC], hid[NN_NVEC], claim = {0};
    for (int k = 0; k < NN_NVEC; k++) {
      nv_t w = s->v[k];
      w = clear_peers(w, w & single);
      w = band_config(w);
      w = stack_config(w);
      hid[k] = row_singles(w);
      claim |= hid[k];
      next[k] = w;
    }
    claim = reduce_or(claim);
    nv_t diff = {0};
    for (int k = 0; k < NN_NVEC; k++) {
      nv_t w = next[k] & (~claim | hid[k]);
      if (nv_any_zero(w, nv_load(nn_real_words + k * NN_WORDS))) return 0;
      diff |= w ^ s->v[k];
      s->v[k] = w;
    }
    if (!nv_any(diff)) {
      *multi = t;
      return 1;
    }
  }
}

/* Picks the branch: a cell with the fewest candidates (band *band, bit
 * *bit) and its lowest digit. */
static void choose(const fstate *s, nv_t multi, int *band, int *bit,
                   int *digit) {
  nv_t o = s->v[0], t = {0}, t3 = {0};
  for (int k = 1; k < NN_NVEC; k++) {
    nv_t x = s->v[k];
    t3 |= t & x;
    t |= o & x;
    o |= x;
  }
#if NN_LANES >= 2
  {
    nv_t o2 = NN_SWAP1(o), t2 = NN_SWAP1(t), s2 = NN_SWAP1(t3);
    t3 = t3 | s2 | (t & o2) | (o & t2);
    t = t | t2 | (o & o2);
    o = o | o2;
  }
#endif
#if NN_LANES >= 4
  {
    nv_t o2 = NN_SWAP2(o), t2 = NN_SWAP2(t), s2 = NN_SWAP2(t3);
    t3 = t3 | s2 | (t & o2) | (o & t2);
    t = t | t2 | (o & o2);
    o = o | o2;
  }
#endif
  nv_t two = multi & ~t3;
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
        for (int d = 0; d < 9; d++) n += (int)((s->w[4 * d + k] >> q) & 1u);
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
  while (!((s->w[4 * d + b] >> p) & 1u)) d++;
  *band = b;
  *bit = p;
  *digit = d;
}

static void extract(const fstate *s, uint8_t out[81]) {
  for (int d = 0; d < 9; d++)
    for (int b = 0; b < 3; b++) {
      uint32_t m = s->w[4 * d + b];
      while (m) {
        out[27 * b + nn_ctz(m)] = (uint8_t)(d + 1);
        m &= m - 1;
      }
    }
}

static long search(fstate *cur, long limit, uint8_t *solution,
                   unsigned long long *guesses) {
  fstate stack[82];
  int sp = 0;
  long found = 0;
  unsigned long long g = 0;
  for (;;) {
    nv_t multi;
    if (propagate(cur, &multi)) {
      if (!nv_any(multi)) {
        if (found == 0 && solution) extract(cur, solution);
        if (++found >= limit) break;
      } else {
        int b, p, d;
        choose(cur, multi, &b, &p, &d);
        uint32_t bit = 1u << p;
        stack[sp] = *cur;
        stack[sp].w[4 * d + b] &= ~bit; /* the other branch: not d */
        sp++;
        for (int e = 0; e < 9; e++) /* this branch: d */
          if (e != d) cur->w[4 * e + b] &= ~bit;
        g++;
        continue;
      }
    }
    if (sp == 0) break;
    *cur = stack[--sp];
  }
  if (guesses) *guesses = g;
  return found;
}

long NN_FAST(solve_masks)(const uint16_t allowed[81], uint8_t solution[81],
                          long limit, unsigned long long *guesses) {
  fstate s;
  memset(&s, 0, sizeof s);
  for (int b = 0; b < 3; b++)
    for (int j = 0; j < 27; j++) {
      unsigned m = allowed[27 * b + j] & 0x1ffu;
      while (m) {
        int d = nn_ctz(m);
        m &= m - 1;
        s.w[4 * d + b] |= 1u << j;
      }
    }
  return search(&s, limit, solution, guesses);
}

long NN_FAST(solve)(const uint8_t puzzle[81], uint8_t solution[81], long limit,
                    unsigned long long *guesses) {
  uint32_t given[3] = {0, 0, 0}, at[9][3];
  memset(at, 0, sizeof at);
  for (int b = 0; b < 3; b++)
    for (int j = 0; j < 27; j++) {
      int v = puzzle[27 * b + j];
      if (v) {
        given[b] |= 1u << j;
        at[v - 1][b] |= 1u << j;
      }
    }
  fstate s;
  memset(&s, 0, sizeof s);
  for (int d = 0; d < 9; d++)
    for (int b = 0; b < 3; b++) s.w[4 * d + b] = (NN_ALL & ~given[b]) | at[d][b];
  return search(&s, limit, solution, guesses);
}
