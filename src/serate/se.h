/* se.h: internals of the Sudoku Explainer (SE) scale rater.
 *
 * Folder src/serate: owns nonet_rate: SE's producers in SE's order (one
 * file per family), SE's techniques as data (se_techs.c), the chain
 * engines and their memory across steps. May call src/core and
 * src/solver. Shares the boards and geometry of src/core with the logic
 * engine; keeps its own grid and enumerations, whose order decides
 * which step SE takes (see docs/ARCHITECTURE.md).
 *
 * The rater follows SE 1.2.1 (serate) step by step: at each step it asks
 * SE's hint producers, in SE's fixed order, for their first hint, applies
 * that hint, and rates the puzzle by the hardest step. To pick the same
 * step as SE when several are possible, every producer enumerates units,
 * cells, digits and combinations in the order SE does; the comments of
 * each file say which order that is.
 *
 * Conventions: cells 0..80 row-major; digits d = 0..8 stand for 1..9 and
 * a candidate mask has bit d set for digit d + 1. Units 0-8 are boxes,
 * 9-17 rows, 18-26 columns: SE's numbering of src/core/geometry.h. Boards
 * are the library's (src/core/board.h). */
#ifndef NONET_SE_H
#define NONET_SE_H

#include <stdint.h>
#include <string.h>

#include "core/geometry.h"

/* ------------------------------------------------------------------ */
/* Geometry                                                            */
/* ------------------------------------------------------------------ */

/* The library's geometry in SE's numbering (src/core/geometry.h). */
#define SE_UNIT nonet__se_unit
#define SE_CELL_UNIT nonet__se_cell_unit
#define SE_CELL_INDEX nonet__se_cell_index
#define SE_PEERS nonet__se_peers
#define SE_UNIT_BB nonet__se_unit_bb
#define SE_PEER_BB nonet__peer_bb /* the same sets in both numberings */
#define SE_SHARED nonet__se_shared

/* Unit kinds: the first unit of each kind, and the index into
 * SE_CELL_UNIT / SE_CELL_INDEX. */
enum { SE_BOX = 0, SE_ROW = 9, SE_COL = 18 };
enum { SE_KBOX = 0, SE_KROW = 1, SE_KCOL = 2 };

/** Whether two distinct cells share a unit. */
NONET_INLINE int se_sees(int a, int b) { return bb_has(SE_PEER_BB[a], b); }

/* ------------------------------------------------------------------ */
/* The candidate grid                                                  */
/* ------------------------------------------------------------------ */

typedef struct se_grid {
  uint16_t cand[81];   /**< candidates of each cell (0 when solved) */
  uint16_t pos[27][9]; /**< positions of digit d in unit u (bit k for
                            the unit's k-th cell) */
  uint16_t empty[27];  /**< empty cells of each unit, same bits */
  uint16_t single[27]; /**< digits with exactly one position in unit u */
  uint8_t val[81];     /**< 0 or the digit 1..9 placed */
  nn_bb dig[9];        /**< cells where digit d is a candidate */
  nn_bb nsingle;       /**< cells with exactly one candidate */
} se_grid;

/** Fills a grid from givens (0 = empty), candidates being every digit
 * not already in a unit of the cell. Returns 1 when two givens of a unit
 * are the same digit, else 0. */
int nonet__se_grid_init(se_grid *g, const uint8_t cells[81]);

/** Removes candidate d from cell c (no effect when absent). */
NONET_INLINE void se_remove(se_grid *g, int c, int d) {
  if (!(g->cand[c] >> d & 1)) return;
  g->cand[c] &= (uint16_t) ~(1u << d);
  bb_clr(&g->dig[d], c);
  if (pc9(g->cand[c]) == 1)
    bb_set(&g->nsingle, c);
  else
    bb_clr(&g->nsingle, c);
  for (int k = 0; k < 3; k++) {
    int u = SE_CELL_UNIT[c][k];
    unsigned p = g->pos[u][d] &= (uint16_t) ~(1u << SE_CELL_INDEX[c][k]);
    if (p && !(p & (p - 1)))
      g->single[u] |= (uint16_t)(1u << d);
    else
      g->single[u] &= (uint16_t) ~(1u << d);
  }
}

/** Recomputes single[] and nsingle from cand and pos (after building a
 * grid by hand). */
void nonet__se_grid_refresh(se_grid *g);

/** Places digit d in cell c and removes it from the cell's peers (SE's
 * setValueAndCancel). */
void nonet__se_place(se_grid *g, int c, int d);

/** Candidate positions of digit d in unit u, bit k for the unit's k-th
 * cell. */
NONET_INLINE unsigned se_unit_pos(const se_grid *g, int u, int d) {
  return g->pos[u][d];
}

/** Number of empty cells of unit u. */
NONET_INLINE int se_unit_empty(const se_grid *g, int u) {
  return pc9(g->empty[u]);
}

/** Number of candidates of cell c. */
NONET_INLINE int se_ncand(const se_grid *g, int c) { return pc9(g->cand[c]); }

/** Next k-subset of n bits in increasing order (Gosper's hack, the
 * order of SE's Permutations); returns 0 after the last. */
NONET_INLINE int se_next_combo(unsigned *m, int n) {
  unsigned x = *m, s = x & -x, r = x + s;
  if (s == 0) return 0;
  unsigned nx = r | (((x ^ r) >> 2) / s);
  if (nx >> n) return 0;
  *m = nx;
  return 1;
}

/* ------------------------------------------------------------------ */
/* Hints                                                               */
/* ------------------------------------------------------------------ */

/** Techniques, in SE's order of producers (their names and difficulties:
 * nonet__se_techs, se_techs.c). */
typedef enum se_tech {
  SE_T_FULL_HOUSE = 0,       /* 1.0 last empty cell of a unit */
  SE_T_HIDDEN_SINGLE_BOX,    /* 1.2 */
  SE_T_HIDDEN_SINGLE_LINE,   /* 1.5 */
  SE_T_DIRECT_POINTING,      /* 1.7 */
  SE_T_DIRECT_CLAIMING,      /* 1.9 */
  SE_T_DIRECT_HIDDEN_PAIR,   /* 2.0 */
  SE_T_NAKED_SINGLE,         /* 2.3 */
  SE_T_DIRECT_HIDDEN_TRIPLE, /* 2.5 */
  SE_T_POINTING,             /* 2.6 */
  SE_T_CLAIMING,             /* 2.8 */
  SE_T_NAKED_PAIR,           /* 3.0 */
  SE_T_X_WING,               /* 3.2 */
  SE_T_HIDDEN_PAIR,          /* 3.4 */
  SE_T_NAKED_TRIPLE,         /* 3.6 */
  SE_T_SWORDFISH,            /* 3.8 */
  SE_T_HIDDEN_TRIPLE,        /* 4.0 */
  SE_T_XY_WING,              /* 4.2 */
  SE_T_XYZ_WING,             /* 4.4 */
  SE_T_UNIQUE_LOOP,          /* 4.5+ (sub: type 1-4) */
  SE_T_NAKED_QUAD,           /* 5.0 */
  SE_T_JELLYFISH,            /* 5.2 */
  SE_T_HIDDEN_QUAD,          /* 5.4 */
  SE_T_BUG,                  /* 5.6+ (sub: type 1-4) */
  SE_T_APE,                  /* 6.2 aligned pair exclusion */
  SE_T_CYCLE,                /* 6.5+ (sub: SE_CH_X / SE_CH_Y / both) */
  SE_T_FORCING_CHAIN,        /* 6.6+ (sub: SE_CH_X / both) */
  SE_T_ATE,                  /* 7.5 aligned triplet exclusion */
  SE_T_NISHIO,               /* 7.5+ */
  SE_T_CELL_FC,              /* 8.0+ multiple, 8.5+ dynamic, ... */
  SE_T_REGION_FC,
  SE_T_CONTRADICTION_FC,
  SE_T_DOUBLE_FC,
  SE_T_COUNT
} se_tech;

/** A technique of SE as data (se_techs.c): its name and the difficulty SE
 * gives it (for those that vary, the base of the rules below). */
typedef struct se_tech_info {
  const char *name;
  double diff;
} se_tech_info;
extern const se_tech_info nonet__se_techs[SE_T_COUNT];
double nonet__se_diff(se_tech t);
/** SE's rules for the difficulties that vary: a unique loop by its size,
 * a BUG by its type (and the size of a type 3's naked set), forcing
 * X-chains and cycles with or without Y links, multiple and dynamic
 * chains by nesting level. */
double nonet__se_loop_diff(int size);
double nonet__se_bug_diff(int type, int degree);
double nonet__se_unary_base(se_tech t, int xy);
double nonet__se_chain_base(int level, int nishio, int dynamic);

/* Chain kinds (se_hint.sub for cycles and forcing chains). */
enum { SE_CH_X = 1, SE_CH_Y = 2, SE_CH_XY = 3 };

/** One step: placements and eliminations, with SE's difficulty. */
typedef struct se_hint {
  double diff;       /**< SE's difficulty, as SE computes it */
  uint8_t tech;      /**< se_tech */
  uint8_t sub;       /**< a type or chain kind, see se_tech */
  uint8_t level;     /**< chains: 0 static, 1 dynamic, 2.. nested+1 */
  int8_t cell;       /**< cell placed by the step, or -1 */
  uint8_t digit;     /**< digit placed (0..8) when cell >= 0 */
  uint8_t size;      /**< loop size, set size, ... */
  uint16_t elim[81]; /**< candidates the step removes, per cell */
  /* What a nested chain needs to find the step's premises (rule
   * parents): */
  uint8_t base_units[4]; /**< locking / fish base units (nbase of them) */
  uint8_t cover_units[4];
  uint8_t nbase;
  uint8_t set_unit;    /**< hidden set: its unit */
  uint16_t set_digits; /**< naked / hidden set: its digits */
  nn_bb set_cells;     /**< naked set: its cells */
} se_hint;

/** A hint sink. `add` returns nonzero to stop the producer (SE's single
 * hint accumulator stops at the first hint). */
typedef struct se_acc se_acc;
struct se_acc {
  int (*add)(se_acc *acc, const se_hint *h);
  void *ctx;
};

/** Clears a hint before a producer fills it. */
NONET_INLINE void se_hint_clear(se_hint *h) {
  memset(h, 0, sizeof *h);
  h->cell = -1;
}

/** Whether a hint removes or places anything. */
int nonet__se_hint_worth(const se_hint *h);

/** Applies a hint to a grid: removes its eliminations, then places its
 * digit (SE's IndirectHint.apply). */
void nonet__se_apply(se_grid *g, const se_hint *h);

/** Writes the technique name of a hint ("Naked Pair", "Dynamic Cell
 * Forcing Chains", ...) into buf. */
void nonet__se_hint_name(const se_hint *h, char *buf, size_t cap);

/* ------------------------------------------------------------------ */
/* Producers, in SE's order. Each calls acc->add for every hint it finds,
 * in SE's order, and returns 1 as soon as add asks to stop (0 when it ran
 * to the end). */
/* ------------------------------------------------------------------ */

int nonet__se_hidden_single(const se_grid *g, se_acc *acc);
int nonet__se_locking(const se_grid *g, int direct, se_acc *acc);
int nonet__se_hidden_set(const se_grid *g, int degree, int direct, se_acc *acc);
int nonet__se_naked_single(const se_grid *g, se_acc *acc);
int nonet__se_naked_set(const se_grid *g, int degree, se_acc *acc);
int nonet__se_fish(const se_grid *g, int degree, se_acc *acc);

/** The same in some units only (bit u of `units`: se_grid unit u) or for
 * some digits only (fish): what they find in a unit depends only on the
 * candidates of its cells (for fish, on the positions and placements of
 * the digit). */
int nonet__se_hidden_set_in(const se_grid *g, int degree, int direct,
                            uint32_t units, se_acc *acc);
int nonet__se_naked_set_in(const se_grid *g, int degree, uint32_t units,
                           se_acc *acc);
int nonet__se_fish_in(const se_grid *g, int degree, unsigned digits,
                      se_acc *acc);

/** Remembers, for each of a rating's subset and fish producers, the grid
 * on which it last found nothing: the next time it looks only at the
 * units (digits) where a cell changed since (same result). */
enum { SE_MEMO_SLOTS = 11 };
typedef struct se_memo {
  uint16_t cand[SE_MEMO_SLOTS][81];
  uint8_t val[SE_MEMO_SLOTS][81];
  uint8_t valid[SE_MEMO_SLOTS];
} se_memo;

/** What changed in a grid since slot `slot` of the memo found nothing:
 * the units (bit u) and digits (bit d) of the changed cells; all when the
 * slot holds nothing. */
void nonet__se_memo_changes(const se_memo *m, int slot, const se_grid *g,
                            uint32_t *units, unsigned *digits);
/** Records the outcome of a producer run on g (found: 1 when it found a
 * hint). */
void nonet__se_memo_done(se_memo *m, int slot, const se_grid *g, int found);
int nonet__se_xy_wing(const se_grid *g, int xyz, se_acc *acc);
int nonet__se_unique_loops(const se_grid *g, se_acc *acc);

/** Unique loops remembering, per pair of digits, the cells holding both
 * (and their candidates) and the loops that closed in the walks through
 * them: while those cells stay the same, so do the loops, and only the
 * hints they give (which read other cells too) are worked out again
 * (same result). */
enum { SE_UL_BUF = 480 };
typedef struct se_ul_cache {
  nn_bb cells[36];
  uint16_t cand[36][81];
  uint8_t known[36];          /**< the pair's loops are recorded */
  uint16_t used[36];          /**< bytes of buf used */
  uint8_t buf[36][SE_UL_BUF]; /**< loops in the order found: length, then
                                   the cells (the first is the start) */
} se_ul_cache;
int nonet__se_unique_loops_cached(se_ul_cache *cache, const se_grid *g,
                                  se_acc *acc);
int nonet__se_bug(const se_grid *g, se_acc *acc);
int nonet__se_aligned(const se_grid *g, int degree, se_acc *acc);

/** The placements of digit d alone (one per row, column, box, on its
 * candidates or where placed): cells in some of them (`some`), in all
 * (`all`). Returns 0 when there are too many to list (or none). */
int nonet__se_templates(const se_grid *g, int d, nn_bb *some, nn_bb *all);

/** Aligned triplet exclusion that remembers the last grid where it found
 * nothing, to look only at what changed since (same result). */
typedef struct se_ate_cache {
  uint16_t cand[81];
  nn_bb base; /**< the base cells then */
  int valid;
} se_ate_cache;
int nonet__se_ate_cached(se_ate_cache *cache, const se_grid *g, se_acc *acc);
/** Aligned pair exclusion with the same kind of memory. */
int nonet__se_ape_cached(se_ate_cache *cache, const se_grid *g, se_acc *acc);

#endif
