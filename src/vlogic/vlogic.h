/* vlogic.h: what the files of src/vlogic share. Internal.
 *
 * Folder src/vlogic: hints, explanations and levels of variant puzzles,
 * over the public variant API (houses, relations, cages). One idea per
 * file:
 *   grid.c       the working grid: houses, cages, who sees whom; init
 *                and apply of the public state; the step builders
 *   combos.c     the digit sets of a group of cells with a sum
 *   singles.c    full house, naked and hidden singles
 *   intersect.c  locked candidates between two houses or cages
 *   pointing.c   relation pointing: what every place of a digit rules out
 *   subsets.c    naked and hidden pairs, triples, quads
 *   fish.c       X-Wing, Swordfish, Jellyfish on rows and columns
 *   chains.c     X-Chains, XY-Chains, AICs over every house and relation
 *   forcing.c    forcing nets: a candidate whose singles break a rule
 *   cages.c      cage combinations
 *   rule45.c     innies, outies, cage splitting (the 45 rule)
 *   trial.c      trial and error (the solver), clearly labelled
 *   tech.c       one descriptor per technique; options
 *   vlogic.c     find, apply, solve
 *   generate.c   puzzles of one level (the generator's, rated, givens added)
 *   text.c       notation, words, nudges, patterns; json.c the JSON
 * May call the public API (src/variant), src/core and src/solver. */
#ifndef NONET_VLOGIC_H
#define NONET_VLOGIC_H

#include <stddef.h>
#include <stdint.h>

#include "core/bits.h"
#include "nonet.h"

#define VL_MAXN NONET_VARIANT_MAX_SIZE
#define VL_MAXC NONET_VARIANT_MAX_CELLS
#define VL_MAXH 128 /* rows, columns, regions, diagonals, windows, groups */
#define VL_WORDS ((VL_MAXC + 63) / 64)

/* A set of cells. */
typedef struct vl_bits {
  uint64_t w[VL_WORDS];
} vl_bits;

static inline void vl_set(vl_bits *b, int i) {
  b->w[i >> 6] |= 1ull << (i & 63);
}
static inline int vl_has(const vl_bits *b, int i) {
  return (int)(b->w[i >> 6] >> (i & 63)) & 1;
}

static inline int vl_pop(uint32_t m) { return nn_popcount(m); }
static inline int vl_ctz(uint32_t m) { return nn_ctz(m); }
/* The highest digit of a set (0 for none). */
static inline int vl_top(uint32_t m) {
  int d = 0;
  while (m) d++, m >>= 1;
  return d;
}

/* The working grid: the rules as cells and groups, and a copy of the
 * state's cells and candidates. Built for each search (heap: large). */
typedef struct vl_grid {
  const nonet_vlogic_state *st;
  const nonet_variant *v;
  int n, nn;
  int nw;       /* the words of a vl_bits that hold cells: (nn + 63) / 64 */
  uint32_t all; /* every digit */
  int jigsaw;
  int nh; /* houses */
  uint8_t hkind[VL_MAXH];
  uint16_t hidx[VL_MAXH];
  uint16_t house[VL_MAXH][VL_MAXN];
  uint8_t nhc[VL_MAXC]; /* the houses of each cell */
  uint8_t hc[VL_MAXC][8];
  int ncages;
  int16_t cage_of[VL_MAXC];
  uint16_t cage_sum[VL_MAXC], cage_n[VL_MAXC], cage_at[VL_MAXC];
  uint16_t cage_cells[VL_MAXC]; /* cage k: cage_at[k] .. + cage_n[k] */
  vl_bits peers[VL_MAXC];       /* cells that may not hold the same digit */
  int nonconsecutive;
  uint8_t nadj[VL_MAXC]; /* orthogonal neighbours (nonconsecutive) */
  uint16_t adj[VL_MAXC][4];
  uint8_t cells[VL_MAXC];
  uint32_t cand[VL_MAXC];
  int (*stop)(void *ctx); /* asked by trial and error's searches (NULL) */
  void *stop_ctx;
} vl_grid;

/* Runs body with p, e set to each candidate (cell p, 0-based digit e) of
 * g that candidate (cell, d), were it true, rules out, in this order:
 * with incell, the cell's other digits; d in each peer holding it
 * (on_peer runs first for every peer looked at, holding d or not: the
 * chains count their work by it); with near, on a nonconsecutive grid,
 * d - 1 and d + 1 in the cell's orthogonal neighbours. (forcing.c does
 * the same on its own copy of the candidates.) */
#define VL_EACH_RULED_OUT(g, cell, d, incell, near, on_peer, p, e, body)       \
  do {                                                                         \
    const vl_grid *g_ = (g);                                                   \
    int c_ = (cell), d_ = (d);                                                 \
    if (incell)                                                                \
      for (uint32_t m_ = g_->cand[c_] & ~(1u << d_); m_; m_ &= m_ - 1) {       \
        int p = c_, e = vl_ctz(m_);                                            \
        body                                                                   \
      }                                                                        \
    for (int w_ = 0; w_ < VL_WORDS; w_++)                                      \
      for (uint64_t m_ = g_->peers[c_].w[w_]; m_; m_ &= m_ - 1) {              \
        int p = w_ * 64 + nn_ctz64(m_), e = d_;                                \
        on_peer;                                                               \
        if (p < g_->nn && g_->cand[p] >> e & 1) body                           \
      }                                                                        \
    if ((near) && g_->nonconsecutive)                                          \
      for (int j_ = 0; j_ < g_->nadj[c_]; j_++)                                \
        for (int e = d_ - 1; e <= d_ + 1; e += 2) {                            \
          int p = g_->adj[c_][j_];                                             \
          if (e >= 0 && e < g_->n && g_->cand[p] >> e & 1) body                \
        }                                                                      \
  } while (0)

/* grid.c: builds the grid of a state (NULL when out of memory; free()). */
vl_grid *nonet__vl_grid_new(const nonet_vlogic_state *s);
/* The digits placed in house h. */
uint32_t nonet__vl_house_placed(const vl_grid *g, int h);
/* Candidates of the empty cells of a state from its placed digits. */
void nonet__vl_fill_candidates(const vl_grid *g, nonet_vlogic_state *s);
/* The placement of d in cell i: removes it from i's peers (and d +- 1 from
 * nonconsecutive neighbours) in cand. */
void nonet__vl_place(const vl_grid *g, uint8_t *cells, uint32_t *cand, int i,
                     int d);

/* The step builders. */
void nonet__vl_begin(const vl_grid *g, nonet_vstep *s, int tech);
void nonet__vl_cell(nonet_vstep *s, int cell);
void nonet__vl_house(const vl_grid *g, nonet_vstep *s, int h);
void nonet__vl_cage(const vl_grid *g, nonet_vstep *s, int k);
void nonet__vl_elim(nonet_vstep *s, int cell, int digit);
void nonet__vl_place_step(nonet_vstep *s, int cell, int digit);
/* Eliminates from each cell what `keep` (per cell) does not allow; 1 when
 * something went. */
int nonet__vl_elim_outside(const vl_grid *g, nonet_vstep *s,
                           const uint16_t *cells, int k, const uint32_t *keep);

/* combos.c: the digit sets of k empty cells with a sum. `distinct[i]` is
 * the set of cells (indexes into `cells`) cell i must differ from (a
 * cage: every other); digits come from `avail`. Writes to possible[i] the
 * digits cell i holds in some assignment; *required the digits of every
 * one (cliques only); up to ncap sets to combos (*ncombos counts all).
 * Returns 1, 0 when nothing fits, -1 when too much to enumerate. */
typedef struct vl_sumset {
  int k, sum;
  uint16_t cells[VL_MAXN];
  uint32_t cand[VL_MAXN];
  uint32_t differ[VL_MAXN]; /* bit j: cell j differs from this one */
  uint32_t avail;
} vl_sumset;
int nonet__vl_sumset_solve(const vl_sumset *q, uint32_t *possible,
                           uint32_t *required, uint32_t *combos, int ncap,
                           int *ncombos);
/* Fills a sumset from cells of the grid: the empty ones, with the sum
 * less the placed ones' digits; `clique`: all differ (a cage or part of
 * one), else those that see each other. Returns 0, or -1 when it cannot
 * be (more than VL_MAXN empty cells, or the placed digits exceed it). */
int nonet__vl_sumset_of(const vl_grid *g, const uint16_t *cells, int k, int sum,
                        int clique, vl_sumset *q);
/* The same from other cells and candidates than the grid's (a forcing
 * net's, as it follows an assumption). */
int nonet__vl_sumset_at(const vl_grid *g, const uint8_t *placed,
                        const uint32_t *cand, const uint16_t *cells, int k,
                        int sum, int clique, vl_sumset *q);

/* The finders: each fills `s` and returns 1 when its technique applies,
 * else 0 (or NONET_ENOMEM). */
typedef int (*vl_finder)(const vl_grid *g, int tech, nonet_vstep *s);
int nonet__vl_full_house(const vl_grid *g, int tech, nonet_vstep *s);
int nonet__vl_naked_single(const vl_grid *g, int tech, nonet_vstep *s);
int nonet__vl_hidden_single(const vl_grid *g, int tech, nonet_vstep *s);
int nonet__vl_cage_combination(const vl_grid *g, int tech, nonet_vstep *s);
int nonet__vl_locked(const vl_grid *g, int tech, nonet_vstep *s);
/* intersect.c: a group of cells that holds a digit at most once, a house
 * (grp >= 0) or cage (-1 - k): its cells (their count returned), and the
 * digits it must hold that are not placed yet (a cage: those of every
 * digit set that fits); the step's unit for it. */
int nonet__vl_group_cells(const vl_grid *g, int grp, const uint16_t **cells);
uint32_t nonet__vl_group_needs(const vl_grid *g, int grp);
void nonet__vl_group_unit(const vl_grid *g, nonet_vstep *s, int grp);
int nonet__vl_pointing(const vl_grid *g, int tech, nonet_vstep *s);
int nonet__vl_naked_subset(const vl_grid *g, int tech, nonet_vstep *s);
int nonet__vl_hidden_subset(const vl_grid *g, int tech, nonet_vstep *s);
int nonet__vl_fish(const vl_grid *g, int tech, nonet_vstep *s);
int nonet__vl_chain(const vl_grid *g, int tech, nonet_vstep *s);
int nonet__vl_forcing(const vl_grid *g, int tech, nonet_vstep *s);
int nonet__vl_rule45(const vl_grid *g, int tech, nonet_vstep *s);
int nonet__vl_trial(const vl_grid *g, int tech, nonet_vstep *s);

/* text.c: a bounded text writer (snprintf's convention) and the pieces
 * of notation json.c shares. */
typedef struct vl_text {
  char *buf;
  size_t cap, len; /* len: what the full text needs so far */
} vl_text;
void nonet__vt_printf(vl_text *t, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
char nonet__vt_symbol(int digit); /* 1-9, then A-P */
void nonet__vt_cell(vl_text *t, int n, int cell);
void nonet__vt_unit(vl_text *t, int n, const nonet_vunit *u, int words);
void nonet__vt_conclusion(vl_text *t, const nonet_vstep *s, int words);

/* tech.c: one descriptor per technique. */
typedef struct vl_tech {
  const char *name, *key;
  int level;
  vl_finder find;
} vl_tech;
const vl_tech *nonet__vl_tech(int t);
/* 1 when every field of s is in range (stepcheck.c) */
int nonet__vl_step_ok(const nonet_vstep *s);

/* The options: the techniques on, in order. */
struct nonet_vlogic_options {
  int n;
  nonet_vtech order[NONET_VTECH_SLOTS];
};

#endif
