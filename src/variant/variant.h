/* variant.h: what the files of src/variant share. Internal.
 *
 * Folder src/variant: every grid beyond the classic 9x9: sizes 4x4 to
 * 25x25 with boxes or jigsaw regions, extra regions (diagonals, windoku,
 * disjoint groups), relations (anti-knight, anti-king, nonconsecutive)
 * and killer cages. One idea per file:
 *   geometry.c   sizes, boxes, regions, houses, cell names
 *   relations.c  cells related by a knight's or king's move, neighbours
 *   cages.c      cage checks, digit combinations of a sum
 *   rules.c      the rules compiled for the solver (groups, peers, sums)
 *   variant.c    the public object: constructors, setters, queries
 *   solve.c      the solver: propagation over every rule, search
 *   learn.c      clause learning, for the hard puzzles the search of
 *                solve.c gets lost in
 *   candidates.c true candidates
 *   check.c      conflicts of givens, solution checks
 *   text.c       the one-line and grid text formats
 *   json.c       the JSON object
 *   fpuzzles.c   f-puzzles links (LZ-string, their JSON)
 *   read.c       records of a stream, parsing one puzzle
 *   format.c     writing puzzles and candidate sets
 *   gen_options.c, jigsaw.c, killer.c, template.c, cayley.c,
 *   generate.c: the generator
 * May call src/core and src/solver only. */
#ifndef NONET_VARIANT_H
#define NONET_VARIANT_H

#include <stddef.h>
#include <stdint.h>

#include "core/bits.h"
#include "nonet.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#elif defined(__ARM_NEON)
#include <arm_neon.h>
#endif

#define VMAXN NONET_VARIANT_MAX_SIZE
#define VMAXC NONET_VARIANT_MAX_CELLS

/* ---- the rules as the user gave them ------------------------------------ */

typedef struct vcage {
  int sum;
  int n;
  uint16_t cells[VMAXN]; /* increasing */
} vcage;

typedef struct vrules vrules;

struct nonet_variant {
  int n;         /* size */
  int br, bc;    /* box rows and columns; 0 for a jigsaw */
  unsigned cons; /* nonet_constraint bits */
  uint8_t region[VMAXC];
  int ncages, capcages;
  vcage *cages;
  vrules *rules; /* compiled, rebuilt by every change */
};

/* ---- geometry.c --------------------------------------------------------- */

/* The usual boxes of size n (rows <= cols, as square as possible); 0
 * when n has none (a prime). */
int nonet__v_default_box(int n, int *br, int *bc);
/* Checks a size and boxes; writes the reason to err. */
int nonet__v_check_size(int n, int br, int bc, char *err, size_t errcap);
/* Checks a region map (n*n numbers 0..n-1: each region n cells,
 * connected). */
int nonet__v_check_regions(int n, const uint8_t *region, char *err,
                           size_t errcap);
/* Fills region[] with the boxes. */
void nonet__v_box_regions(int n, int br, int bc, uint8_t *region);
/* The houses of the rules: writes their kinds and cells (n each) and
 * returns how many (at most 3n + 2 + n + (n/br)(n/bc)); `cells` has room
 * for count * n. */
int nonet__v_houses(const nonet_variant *v, uint8_t *kinds, uint16_t *cells);
/* The number of windoku boxes (0 when they do not fit), and the n cells
 * of window w (0 .. count-1, in reading order) in reading order. */
int nonet__v_window_count(int n, int br, int bc);
void nonet__v_window_cells(int n, int br, int bc, int w, uint16_t *out);
/* 1 when connected (orthogonally) in an n x n grid; else 0 and the first
 * cell the first cannot reach in *apart. */
int nonet__v_connected(int n, const uint16_t *cells, int k, int *apart);
/* Writes "r3c12" (1-based); returns its length. */
int nonet__v_cell_name(int n, int cell, char *buf);
/* The cell of a name "r3c12" (1-based, any case; len bytes, nothing
 * more), or -1. */
int nonet__v_cell_of_name(const char *s, size_t len, int n);
/* The symbol of a digit (1-9, then A-P for 10-25) or region number
 * (0-9, A-O); its value (-1: not a symbol). */
char nonet__v_symbol(int value);
int nonet__v_symbol_value(int c);

/* ---- relations.c -------------------------------------------------------- */

/* The cells related to `cell` by one relation (ANTI_KNIGHT, ANTI_KING,
 * NONCONSECUTIVE), in increasing order, whatever the variant's set;
 * returns how many (at most 8). */
int nonet__v_related(int n, int cell, unsigned relation, uint16_t out[8]);

/* ---- cages.c ------------------------------------------------------------ */

/* The smallest and largest sums of k different digits of 1..n. */
int nonet__v_min_sum(int n, int k);
int nonet__v_max_sum(int n, int k);
/* Checks a cage against the rules so far (cells in range, distinct,
 * connected, at most n, no overlap, a possible sum); sorts `cells`. */
int nonet__v_check_cage(const nonet_variant *v, int sum, uint16_t *cells, int k,
                        char *err, size_t errcap);
/* Writes the k-digit sets of 1..n adding up to `sum` (at most cap; out
 * may be NULL) and returns how many there are, counting no further than
 * cap + 1 (more than cap: not all written). */
long nonet__v_combos(int n, int k, int sum, uint32_t *out, long cap);

/* Sums of digits, for the searches of solve.c and learn.c (digit d is
 * bit d - 1). The smallest (largest) sum of k digits of the set m; -1 if
 * m has fewer than k. */
static inline int nonet__v_low_sum(uint32_t m, int k) {
  int t = 0;
  for (; k > 0 && m; k--, m &= m - 1) t += nn_ctz(m) + 1;
  return k ? -1 : t;
}

static inline int nonet__v_high_sum(uint32_t m, int k) {
  int have = nn_popcount(m), t = 0;
  if (have < k) return -1;
  for (; have > k; have--) m &= m - 1; /* drop the smallest */
  for (; m; m &= m - 1) t += nn_ctz(m) + 1;
  return t;
}

/* The sums reachable by adding one digit of m to a sum of `from` (bit s
 * for sum s). */
static inline uint64_t nonet__v_add_digits(uint64_t from, uint32_t m) {
  uint64_t to = 0;
  for (; m; m &= m - 1) to |= from << (nn_ctz(m) + 1);
  return to;
}

/* The digits of m (1..n) each as n + 1 - d: a cell that counts
 * negatively in a sum, seen as one that counts positively. */
static inline uint32_t nonet__v_reverse(uint32_t m, int n) {
  m = ((m >> 1) & 0x55555555u) | ((m & 0x55555555u) << 1);
  m = ((m >> 2) & 0x33333333u) | ((m & 0x33333333u) << 2);
  m = ((m >> 4) & 0x0f0f0f0fu) | ((m & 0x0f0f0f0fu) << 4);
  m = ((m >> 8) & 0x00ff00ffu) | ((m & 0x00ff00ffu) << 8);
  m = (m >> 16) | (m << 16);
  return m >> (32 - n);
}

/* ---- rules.c: what the solver reads -------------------------------------- */

/* A group of cells whose digits differ; houses hold every digit. */
enum {
  VG_ROW,
  VG_COL,
  VG_BOX,
  VG_DIAGONAL,
  VG_WINDOW,
  VG_DISJOINT,
  VG_CAGE, /* a killer cage */
  VG_SUM,  /* cells of a house that cages leave out (the 45 rule) */
  VG_LIN   /* innies or outies of several houses: a sum whose cells may
              repeat a digit (no combos: propagated by reachable sums) */
};

typedef struct vgroup {
  uint8_t kind;
  uint8_t size;
  uint16_t first; /* its cells: rules->gcells[first .. first + size) */
} vgroup;

/* A sum over a group: a cage, or what the cages of a house leave. */
#define VS_LINEAR (-2)
typedef struct vsum {
  int group;
  int sum;
  long ncombos;    /* the digit sets of the sum, or -1: too many, bounds, or
                     VS_LINEAR: digits may repeat (a VG_LIN group) */
  uint32_t *combo; /* ncombos of them */
  /* VS_LINEAR: the group's last `neg` cells count negatively (innies less
   * outies). Each such digit d is taken as n + 1 - d, and `sum` is then
   * the sum of all the cells (the true one plus (n + 1) * neg). */
  int neg;
} vsum;

/* Two open cells of a sum of different digits that must add up to rem:
 * the digits d of `mine` whose partner rem - d is a different digit of
 * `other` (1..n). */
static inline uint32_t nonet__v_pair_fit(int n, int rem, uint32_t mine,
                                         uint32_t other) {
  uint32_t ok = 0;
  for (uint32_t m = mine; m; m &= m - 1) {
    int d = nn_ctz(m) + 1, e = rem - d;
    if (e >= 1 && e <= n && e != d && (other >> (e - 1) & 1)) ok |= m & -m;
  }
  return ok;
}

/* Whether the digit set c of a sum of different digits still fits its
 * open cells (candidates oc[0..k), their union uni; used: the digits its
 * other cells hold): it holds every used digit, no digit outside used
 * and uni, and a candidate of each open cell. */
static inline int nonet__v_set_fits(uint32_t c, uint32_t used, uint32_t uni,
                                    const uint32_t *oc, int k) {
  uint32_t rest = c & ~used;
  if ((c & used) != used || (rest & ~uni)) return 0;
  int fits = 1; /* (no branch a cell: k is small) */
  for (int i = 0; i < k; i++) fits &= (oc[i] & rest) != 0;
  return fits;
}

/* The digit sets of a sum from the t-th on that fit its open cells
 * (nonet__v_set_fits()) and hold every digit of `need`: the digits of
 * each beside `used` are or-ed into *allowed and and-ed into *must. */
static inline void nonet__v_sets_fold(const vsum *sum, long t, uint32_t need,
                                      uint32_t used, uint32_t uni,
                                      const uint32_t *oc, int k,
                                      uint32_t *allowed, uint32_t *must) {
  for (; t < sum->ncombos; t++) {
    uint32_t c = sum->combo[t];
    if ((c & need) != need || !nonet__v_set_fits(c, used, uni, oc, k)) continue;
    *allowed |= c & ~used;
    *must &= c & ~used;
  }
}

/* The digits a sum of different digits (a cage, a house's rest) leaves
 * its k open cells, whose candidates are oc[] (their union uni, the
 * digits placed in its other cells used, rem what the open cells must
 * add up to): the union of the digit sets
 * that hold `used`, lie within uni and give each open cell a candidate;
 * by bounds when the sum has too many sets to list. *must gets the
 * digits every such set needs (0 by bounds). 0: none fits. */
static inline uint32_t nonet__v_sets_fit(const vsum *sum, uint32_t all,
                                         uint32_t used, uint32_t uni,
                                         const uint32_t *oc, int k, int rem,
                                         uint32_t *must) {
  uint32_t allowed = 0;
  *must = all;
  if (sum->ncombos >= 0) {
    long t = 0;
#if defined(__SSE2__)
    /* four sets at a time, without a branch (the early exits of the loop
     * below mispredict: 8-22% of a killer's search time): a lane fits when it
     * holds `used`, lies within uni beside it and gives every open cell a
     * candidate */
    if (sum->ncombos >= 4) {
      const __m128i zero = _mm_setzero_si128(), ones = _mm_set1_epi32(-1);
      const __m128i vused = _mm_set1_epi32((int)used);
      const __m128i vout = _mm_set1_epi32((int)~(uni | used));
      __m128i acc_allowed = zero, acc_must = _mm_set1_epi32((int)all);
      for (; t + 4 <= sum->ncombos; t += 4) {
        __m128i c =
            _mm_loadu_si128((const __m128i *)(const void *)(sum->combo + t));
        __m128i rest = _mm_andnot_si128(vused, c);
        /* nonzero in a lane that does not fit */
        __m128i bad = _mm_andnot_si128(
            _mm_cmpeq_epi32(_mm_and_si128(c, vused), vused), ones);
        bad = _mm_or_si128(bad, _mm_and_si128(c, vout));
        for (int i = 0; i < k; i++)
          bad = _mm_or_si128(
              bad, _mm_cmpeq_epi32(
                       _mm_and_si128(_mm_set1_epi32((int)oc[i]), rest), zero));
        __m128i fit = _mm_cmpeq_epi32(bad, zero);
        acc_allowed = _mm_or_si128(acc_allowed, _mm_and_si128(fit, rest));
        acc_must = _mm_and_si128(
            acc_must, _mm_or_si128(_mm_andnot_si128(fit, ones), rest));
      }
      uint32_t a[4], m[4];
      _mm_storeu_si128((__m128i *)(void *)a, acc_allowed);
      _mm_storeu_si128((__m128i *)(void *)m, acc_must);
      allowed = a[0] | a[1] | a[2] | a[3];
      *must = m[0] & m[1] & m[2] & m[3];
    }
#elif defined(__ARM_NEON)
    if (sum->ncombos >= 4) { /* the same with NEON */
      const uint32x4_t zero = vdupq_n_u32(0), vused = vdupq_n_u32(used);
      const uint32x4_t vout = vdupq_n_u32(~(uni | used));
      uint32x4_t acc_allowed = zero, acc_must = vdupq_n_u32(all);
      for (; t + 4 <= sum->ncombos; t += 4) {
        uint32x4_t c = vld1q_u32(sum->combo + t);
        uint32x4_t rest = vbicq_u32(c, vused);
        uint32x4_t bad = vmvnq_u32(vceqq_u32(vandq_u32(c, vused), vused));
        bad = vorrq_u32(bad, vandq_u32(c, vout));
        for (int i = 0; i < k; i++)
          bad = vorrq_u32(bad,
                          vceqq_u32(vandq_u32(vdupq_n_u32(oc[i]), rest), zero));
        uint32x4_t fit = vceqq_u32(bad, zero);
        acc_allowed = vorrq_u32(acc_allowed, vandq_u32(fit, rest));
        acc_must = vandq_u32(acc_must, vorrq_u32(vmvnq_u32(fit), rest));
      }
      uint32_t a[4], m[4];
      vst1q_u32(a, acc_allowed);
      vst1q_u32(m, acc_must);
      allowed = a[0] | a[1] | a[2] | a[3];
      *must = m[0] & m[1] & m[2] & m[3];
    }
#endif
    nonet__v_sets_fold(sum, t, 0, used, uni, oc, k, &allowed, must);
    return allowed;
  }
  /* bounds: d fits when the other k-1 cells can make rem - d */
  *must = 0;
  for (uint32_t m = uni; m; m &= m - 1) {
    int d = nn_ctz(m) + 1;
    uint32_t others = uni & ~(1u << (d - 1));
    int lo = nonet__v_low_sum(others, k - 1),
        hi = nonet__v_high_sum(others, k - 1);
    if (lo >= 0 && rem - d >= lo && rem - d <= hi) allowed |= 1u << (d - 1);
  }
  return allowed;
}

/* linear.c: the filter of a sum whose digits may repeat (VS_LINEAR, its
 * last sum->neg cells counted negatively), for solve.c and learn.c
 * alike. v[] holds the candidates of its `size` cells in order; drop[i]
 * gets the digits cell i loses: those no choice of the others completes
 * to the sum (cells with one digit lose none). With bounds_first, the
 * exact filter runs only when the bounds rule a digit out (the
 * depth-first search: more branches, less time, docs/benchmarks.md).
 * Returns 0 on a contradiction. */
int nonet__v_lin_drops(const vsum *sum, int n, int size, const uint32_t *v,
                       int bounds_first, uint32_t *drop);

/* Two houses that share two cells or more: a digit of house a that only
 * fits in the shared cells leaves the rest of house b. */
typedef struct vpair {
  uint16_t a, b;  /* houses (group indexes) */
  uint32_t in_b;  /* positions within a of the shared cells */
  uint32_t first; /* cells of b outside a: rules->pcells[first .. +nout) */
  uint32_t nout;
} vpair;

struct vrules {
  int n, ncells;
  uint32_t all;
  int classic;
  int ngroups;
  vgroup *groups;
  uint16_t *gcells;
  int nhouses;          /* groups 0 .. nhouses-1 hold n cells each */
  uint32_t *peer_first; /* peers of cell c: peers[peer_first[c] .. [c+1]) */
  uint16_t *peers;
  int nonconsec;
  uint16_t *orth; /* 4 per cell, 0xffff for none */
  int nsums;
  vsum *sums;
  uint32_t *sum_first; /* sums of cell c: cell_sums[sum_first[c] ..] */
  uint16_t *cell_sums;
  uint32_t *house_first; /* houses of cell c: cell_houses[house_first[c] ..] */
  uint16_t *cell_houses;
  uint64_t *house_mask; /* per cell, bit h for each house h that holds it
                           (NULL when there are more than 64 houses) */
  int npairs;
  vpair *pairs;
  uint16_t *pcells;
};

/* Builds the compiled rules of v (NULL when out of memory). */
vrules *nonet__v_rules_build(const nonet_variant *v);
void nonet__v_rules_free(vrules *r);
/* Rebuilds v->rules; NONET_OK or NONET_ENOMEM (v->rules then NULL). */
int nonet__v_recompile(nonet_variant *v);

/* ---- variant.c ---------------------------------------------------------- */

/* A variant with n x n cells and the given regions (boxes br x bc, or a
 * jigsaw when br == 0), unchecked; NULL when out of memory. */
nonet_variant *nonet__v_make(int n, int br, int bc, const uint8_t *region);
/* A variant with all of its rules at once, unchecked (cages copied);
 * NULL when out of memory. */
nonet_variant *nonet__v_build(int n, int br, int bc, const uint8_t *region,
                              unsigned cons, const vcage *cages, int ncages);
/* The same without its rules compiled (v->rules NULL): a draft that the
 * caller fills (v->cons, nonet__v_push_cage) and then compiles once with
 * nonet__v_recompile. */
nonet_variant *nonet__v_draft(int n, int br, int bc, const uint8_t *region);
/* Adds a cage without checks (the caller checked it). */
int nonet__v_push_cage(nonet_variant *v, int sum, const uint16_t *cells, int k);
/* The checks of nonet_variant_set_constraints (NONET_OK or NONET_EINVAL
 * with the reason in err). */
int nonet__v_check_constraints(const nonet_variant *v, unsigned cons, char *err,
                               size_t errcap);
/* Sets constraints with those checks (rules recompiled on a change). */
int nonet__v_set_constraints(nonet_variant *v, unsigned cons, char *err,
                             size_t errcap);

/* The generator's tries at a grid under fixed rules start again, in a
 * new random order, after VGRID_UNIT branches a cell times Luby's 1 1 2 1
 * 1 2 4 ...: a random order gone wrong on a large grid with extra regions
 * runs on for millions of branches where a fresh one may take thousands,
 * and the tries grow without end (a grid that exists is found). */
#define VGRID_UNIT 20ull

/* The i-th term (from 0) of Luby's sequence 1 1 2 1 1 2 4 1 1 2 ...: the
 * lengths of the runs between restarts, of learn.c's search and of the
 * generator's tries at a grid. */
static inline int nonet__v_luby(int i) {
  int size = 1, seq = 0;
  while (size < i + 1) {
    seq++;
    size = 2 * size + 1;
  }
  while (size - 1 != i) {
    size = (size - 1) >> 1;
    seq--;
    i = i % size;
  }
  return 1 << seq;
}

/* Shuffles a[0..k-1] (Fisher-Yates, from the end). */
static inline void nonet__v_shuffle(nonet_rng *rng, int *a, int k) {
  for (int i = k - 1; i > 0; i--) {
    int j = (int)nonet_rng_below(rng, (uint32_t)i + 1), t = a[i];
    a[i] = a[j], a[j] = t;
  }
}

/* The branches of the generator's try k (from 0) at a grid of `ncells`
 * cells (VGRID_UNIT). */
static inline unsigned long long nonet__v_grid_try(int ncells, int k) {
  return VGRID_UNIT * (unsigned)ncells * (unsigned)nonet__v_luby(k);
}

/* ---- template.c --------------------------------------------------------- */

/* 1 when a grid under boxes br x bc (br = 0: a jigsaw) and constraints
 * `cons` can be made by a formula (template.c): disjoint groups, or
 * windoku (with or without disjoint groups) on square boxes, and nothing
 * else. */
int nonet__v_template_fits(int n, int br, int bc, unsigned cons);
/* A random grid under those rules (nonet__v_template_fits): the formula's
 * grid under random maps that keep the rules (grid: n*n digits 1..n). */
void nonet__v_template_grid(int n, int br, int bc, unsigned cons,
                            nonet_rng *rng, uint8_t *grid);
/* The window a line (row or column) of a grid of k x k boxes is in, or -1:
 * window w covers lines 1 + w (k + 1) .. k + w (k + 1). */
int nonet__v_window_of(int line, int k);

/* ---- cayley.c ----------------------------------------------------------- */

/* A grid L(a(r) + b(c)) over a random group of order r->n under the rules
 * r (no sums; cons their constraints; boxes br x bc, 0 for a jigsaw),
 * searched within `budget` steps into grid (n*n digits 1..n): 1 found, 0
 * none within the budget, -1 out of memory. */
int nonet__v_cayley_grid(const vrules *r, int br, int bc, unsigned cons,
                         nonet_rng *rng, unsigned long long budget,
                         uint8_t *grid);
/* The budget of a try of the generator and of the check: steps a cell */
#define VCAYLEY_STEPS 256ull

/* ---- solve.c ------------------------------------------------------------ */

/* One search. `cand` holds the starting candidates of every cell (a
 * cell with one candidate acts as a given). */
typedef struct vsearch {
  const vrules *r;
  long limit;
  uint8_t *solution;         /* first solution found (may be NULL) */
  unsigned long long nodes;  /* branches taken */
  unsigned long long budget; /* stop after this many branches (0: none) */
  nonet_rng *rng;            /* random branching order (NULL: fixed) */
  int aborted;               /* the budget ran out */
  const uint8_t *avoid;      /* with `other`: a solution that differs from */
  uint8_t *other;            /* `avoid` is copied here */
  int got_other;             /* ... and this set */
  uint32_t *seen;            /* each solution's digits are added here */
  const uint8_t *prefer;     /* branch on these digits first (a known
                                solution: the search then finds solutions
                                near it first) */
  int method;                /* VS_AUTO, VS_DFS or VS_LEARN */
  /* asked every 1024 branches; nonzero: the search stops (aborted) */
  int (*stop)(void *ctx);
  void *stop_ctx;
  /* the caller's way out (nonet_variant_solve_until): asked every 1024
   * branches of either search, every 256 steps of learn.c; nonzero: the
   * search ends, `cancelled` set (unlike `stop`, the choice of search
   * stays as without it) */
  int (*cancel)(void *ctx);
  void *cancel_ctx;
  int cancelled;
  /* learn.c only (the tests): called with each solution found */
  void (*each)(void *ctx, const uint8_t *grid);
  void *each_ctx;
  unsigned long long conflicts; /* of the learning search */
  /* learn.c: ends the search (aborted) after this many conflicts (0:
   * none) */
  unsigned long long conflict_budget;
} vsearch;

/* Which search runs after propagating at the root: chosen by the rules
 * (VS_AUTO), the depth-first one of solve.c, or learn.c's. The users of
 * budget, rng, avoid/other, seen, prefer and stop get the depth-first
 * one. */
enum { VS_AUTO = 0, VS_DFS = 1, VS_LEARN = 2 };

/* Counts solutions (up to s->limit) from the candidates `cand`
 * (r->ncells masks). Returns the count, or NONET_ENOMEM. Plain 9x9 rules
 * go to the classic solver (budget and rng then unused; with a stop
 * function, nonet_solve_until, when every cell is a given or open). */
long nonet__v_search(vsearch *s, const uint32_t *cand);
/* The starting candidates of a puzzle (givens single, others all). */
void nonet__v_start(const vrules *r, const uint8_t *cells, uint32_t *cand);

/* ---- learn.c ------------------------------------------------------------ */

/* Counts solutions (up to s->limit, the first into s->solution, each to
 * s->each when set) from the candidates `cand` (r->ncells masks) by
 * clause learning. Rules without sums only (NONET_EINVAL otherwise);
 * s->budget, rng, other, seen and prefer are not used. Adds its decisions
 * to s->nodes and its conflicts to s->conflicts. Returns the count, or
 * NONET_ENOMEM. */
long nonet__v_learn(vsearch *s, const uint32_t *cand);

/* The same search in steps, for a proof that may take many budgets (the
 * generator's proof that no grid keeps some rules): _new builds it from
 * `cand` for `s` (which must outlive it; NULL: out of memory); each _run
 * goes on until s->conflict_budget conflicts in all (then s->aborted: the
 * caller clears it, raises the budget and runs again), s->cancel, the
 * limit or the end, and returns the count so far (or NONET_ENOMEM,
 * NONET_ESTOPPED); _done says nothing is left to run (the count is
 * final). */
typedef struct lsolver vlearn;
vlearn *nonet__v_learn_new(vsearch *s, const uint32_t *cand);
long nonet__v_learn_run(vlearn *L);
int nonet__v_learn_done(const vlearn *L);
void nonet__v_learn_free(vlearn *L);

/* ---- sbuf.c: text with the snprintf convention ----------------------------
 */

typedef struct sbuf {
  char *buf;
  size_t cap, len; /* len: what the whole text needs */
} sbuf;
void nonet__sb_put(sbuf *b, const char *s, size_t n);
void nonet__sb_puts(sbuf *b, const char *s);
void nonet__sb_putc(sbuf *b, char c);
void nonet__sb_int(sbuf *b, long v);

/* ---- read.c: a puzzle as read, before its checks ------------------------- */

typedef struct vdraft_cage {
  int sum, k;
  int cells[VMAXN + 1]; /* k of them (one more: "too many") */
} vdraft_cage;

typedef struct vdraft {
  int n;      /* 0: not given */
  int br, bc; /* 0: not given */
  int have_regions;
  uint8_t regions[VMAXC];
  unsigned cons;
  int ncages;
  uint8_t cells[VMAXC];
  uint8_t solution[VMAXC];
  int have_solution;
  /* last: a parser sets the sum and the cells of each cage it adds, so
   * only what comes before is cleared (the cages take 140 KB) */
  vdraft_cage cages[VMAXC];
} vdraft;

/* Builds the record of a draft: checks the size, boxes or regions,
 * constraints and cages, and makes the variant. NONET_OK, NONET_EPARSE
 * with the reason, or NONET_ENOMEM. */
int nonet__v_draft_build(const vdraft *d, nonet_variant_record *out, char *err,
                         size_t errcap);

/* ---- text.c -------------------------------------------------------------- */

/* Reads the cells of an n x n grid from symbols ('.' or '0' empty, 1-9,
 * then A-P) or comma-separated numbers; `what` names them in messages
 * ("cells"). */
int nonet__v_parse_cells(const char *s, size_t len, int n, uint8_t *out,
                         const char *what, char *err, size_t errcap);
/* The text formats: "size=N ..." on one line, or with "grid" its rows
 * below. */
int nonet__v_text_parse(const char *s, size_t len, vdraft *d, char *err,
                        size_t errcap);
void nonet__v_text_write(sbuf *b, const nonet_variant *v, const uint8_t *cells,
                         const uint8_t *solution, nonet_format format,
                         unsigned flags);

/* ---- json.c -------------------------------------------------------------- */

int nonet__v_json_parse(const char *s, size_t len, vdraft *d, char *err,
                        size_t errcap);
void nonet__v_json_write(sbuf *b, const nonet_variant *v, const uint8_t *cells,
                         const uint8_t *solution);

/* ---- fpuzzles.c ---------------------------------------------------------- */

/* Reads an f-puzzles link (https://f-puzzles.com/?load=...). */
/* Reads f-puzzles' JSON itself (what the link carries). */
int nonet__v_fpuzzles_json_parse(const char *s, size_t len, vdraft *d,
                                 char *err, size_t errcap);
int nonet__v_fpuzzles_parse(const char *s, size_t len, vdraft *d, char *err,
                            size_t errcap);

/* ---- gen_options.c ---------------------------------------------------------
 */

enum { VK_NONE = 0, VK_CAGES = 1, VK_GIVENS = 2 }; /* killer kinds */

struct nonet_variant_gen {
  int n, br, bc; /* br = bc = 0: the usual boxes */
  int jigsaw;
  unsigned cons;
  int killer;
  int cage_min, cage_max; /* cage_max beyond n without --cage-size: n */
  int has_cage_size;
  uint64_t seed;
  int has_seed;
  nonet_symmetry symmetry;
  double timeout;
  int has_timeout;
  int prove_minimal; /* no budget for the proofs that givens are needed */
  /* bounds on the givens of the puzzles made (--clues, --min-clues,
   * --max-clues): clues_max -1 for none */
  int clues_min, clues_max;
  nonet_gen_stop_fn stop;
  void *stop_ctx;
  /* set by nonet_variant_gen_check when it could neither find a grid
   * under the rules nor prove that none exists: the run is then a search
   * (nonet_variant_gen_is_search), with a default timeout */
  int undecided;
  /* with undecided: where the generator's proofs on these rules ended
   * (gen_memo.c), shared by the copies of these options */
  struct vmemo *memo;
};

/* The puzzles of job `job` of a run (as nonet_variant_generate_job: the
 * number made, or a negative error). */
typedef long (*nonet__v_job_fn)(const nonet_variant_gen *run, uint64_t job,
                                void *arg, nonet_gen_stats *stats);

/* The sequential driver of nonet_variant_generate and of the level
 * generator: jobs 0, 1, 2 ... on a copy of `o` whose stop hook is the
 * user's and the deadline of o's timeout, until `count` puzzles are made,
 * a job fails, the hook or an emit stops the run, or (with `none_ends`)
 * a job makes none. Adds to `stats` (may be NULL) as nonet_variant_generate
 * does; returns the number made or a negative error. */
long nonet__v_generate_seq(const nonet_variant_gen *o, long count,
                           nonet__v_job_fn job, void *arg, int none_ends,
                           nonet_gen_stats *stats);

/* 1 when the options bound the givens (--clues, --min-clues,
 * --max-clues); 1 when a puzzle of `clues` givens is within the bounds. */
int nonet__v_gen_has_clue_bounds(const nonet_variant_gen *o);
int nonet__v_gen_clues_fit(const nonet_variant_gen *o, int clues);

/* The boxes of the options: --box's, or the usual ones of the size (0 and
 * 0 for a jigsaw). */
void nonet__v_gen_boxes(const nonet_variant_gen *o, int *br, int *bc);
/* The largest cage to make: --cage-size's, or N when the default (2-5)
 * is over N (a 4x4 killer). */
int nonet__v_gen_cage_max(const nonet_variant_gen *o);
/* The candidates of the empty grid under `r` for a proof that no grid
 * keeps the rules (the check's, and the generator's going on with it):
 * relabelling the digits keeps every rule but nonconsecutive, so without
 * it (`nonconsecutive` 0) some grid has 1..N along its first row if any
 * grid does; nonconsecutive keeps d -> N + 1 - d: the first cell is at
 * most (N + 1) / 2. */
void nonet__v_gen_proof_start(const vrules *r, int nonconsecutive,
                              uint32_t *cand);
/* ---- gen_memo.c: where the generator's proofs ended ------------------ */

/* The entries of a memo: the proof on the rules and on wider rules
 * (generate.c, g->pf and g->wide), each in two stages (PROOF_SYMMETRIC,
 * PROOF_ALL): slot 2 * which + stage. */
#define VMEMO_SLOTS 4
typedef struct vmemo vmemo;
/* A memo of proofs on n x n grids with br x bc boxes (NULL: out of
 * memory), held once; _retain holds it once more, _release lets go once
 * (the last one frees it). */
vmemo *nonet__v_memo_new(int n, int br, int bc);
vmemo *nonet__v_memo_retain(vmemo *m);
void nonet__v_memo_release(vmemo *m);
/* 1 when m (not NULL) is about n x n grids with br x bc boxes. */
int nonet__v_memo_fits(const vmemo *m, int n, int br, int bc);
/* How the search of `slot` on the rules `cons` ended, when some job wrote
 * it down: 1, with its count (0 no grid, 1 a grid, copied to `grid` when
 * not NULL) and its conflicts in all; else 0. Any thread, any time. */
int nonet__v_memo_get(vmemo *m, int n, int br, int bc, int slot, unsigned cons,
                      long *count, unsigned long long *conflicts,
                      uint8_t *grid);
/* Writes down how it ended (the first writer of a slot wins; the search
 * takes no random numbers, so every writer would write the same). */
void nonet__v_memo_put(vmemo *m, int n, int br, int bc, int slot, unsigned cons,
                       long count, unsigned long long conflicts,
                       const uint8_t *grid);
/* A step of a search that ends (count 0 or 1) after `end` conflicts, taken
 * by a job that has spent `spent` of them, with `more` to spend: 1 when it
 * ends in this step, and in *used the conflicts the step spends, as
 * running it would (nonet__v_learn_run with a budget of spent + more). */
int nonet__v_memo_step(long count, unsigned long long end,
                       unsigned long long spent, unsigned long long more,
                       unsigned long long *used);

/* nonet_variant_gen_check without looking for a solution grid. */
int nonet__v_gen_check_quick(const nonet_variant_gen *o, char *err,
                             size_t errcap);

/* ---- jigsaw.c ------------------------------------------------------------ */

/* Random jigsaw regions of an n x n grid (n*n region numbers, numbered by
 * first appearance in reading order). */
void nonet__v_random_regions(int n, nonet_rng *rng, uint8_t *region);

/* ---- killer.c ------------------------------------------------------------ */

/* Cuts the cells marked in `free_cells` (n*n flags; NULL: all) into random
 * connected cages of min..max cells with different digits of `grid`,
 * writing each cell's cage number (from `first`) to cage_of. Returns the
 * number of cages made. */
int nonet__v_random_cages(int n, const uint8_t *grid, const uint8_t *free_cells,
                          int min, int max, nonet_rng *rng, int16_t *cage_of,
                          int first);

/* ---- symmetry.c ---------------------------------------------------------- */

/* Symmetry names (src/generate has the same names for 9x9; variants may
 * not call it). */
int nonet__v_symmetry_from_name(const char *name);
const char *nonet__v_symmetry_name(nonet_symmetry s);
/* The orbit of a cell in an n x n grid (room for 4); returns its size. */
int nonet__v_orbit(int n, nonet_symmetry s, int cell, int out[4]);

#endif
