/* grid.h: the working candidate grid of the logic engine, the step
 * builder helpers and the finder interface every technique family
 * implements. Internal; not installed.
 *
 * Folder src/logic: owns the human-style techniques behind hints,
 * explanations and rating by technique: one file per family of finders,
 * the technique descriptors (tech.c), the finder's options (options.c),
 * paths (logic.c), step texts (text.c, steptext.c) and JSON (json.c).
 * May call src/core and src/solver.
 *
 * Digits: internally a digit is an index 0..8 (bit 1 << k); steps and
 * the public API use 1..9. */
#ifndef NONET_LOGIC_GRID_H
#define NONET_LOGIC_GRID_H

#include "core/geometry.h"
#include "nonet.h"

/* The state plus derived views, kept in step by place/elim. */
typedef struct nn_grid {
  nonet_logic_state st;
  nn_bb dig[9];         /* cells where digit k is a candidate */
  nn_bb empty;          /* unfilled cells */
  uint16_t upos[9][27]; /* positions (bit k = k-th cell) of digit in unit */
  uint16_t placed[27];  /* digits placed in each unit */
} nn_grid;

/* Builds the views from a state (trusting its candidates). */
void nonet__grid_load(nn_grid *g, const nonet_logic_state *s);
/* Places digit k (0..8) in a cell: removes its candidates and k from the
 * peers. */
void nonet__grid_place(nn_grid *g, int cell, int k);
/* Removes candidate k (0..8) of a cell (nothing when absent). */
void nonet__grid_elim(nn_grid *g, int cell, int k);
/* Applies a step; NONET_EINVAL when a placement is not a candidate. */
int nonet__grid_apply(nn_grid *g, const nonet_step *s);
/* 1 when every field of s is in range (stepcheck.c) */
int nonet__step_ok(const nonet_step *s);

/* Candidates of digit k as a board. */
NONET_INLINE nn_bb g_dig(const nn_grid *g, int k) { return g->dig[k]; }
NONET_INLINE int g_has(const nn_grid *g, int cell, int k) {
  return (g->st.cand[cell] >> k) & 1;
}
/* cells of unit u holding candidate k */
NONET_INLINE nn_bb g_unit_dig(const nn_grid *g, int u, int k) {
  return bb_and(g->dig[k], nonet__unit_bb[u]);
}
/* Cells with exactly two candidates. */
NONET_INLINE nn_bb g_bivalue(const nn_grid *g) {
  nn_bb one = NN_BB_EMPTY, two = NN_BB_EMPTY, three = NN_BB_EMPTY;
  for (int k = 0; k < 9; k++) {
    nn_bb d = g->dig[k];
    three = bb_or(three, bb_and(two, d));
    two = bb_or(two, bb_and(one, d));
    one = bb_or(one, d);
  }
  return bb_andn(two, three);
}
/* Cells with exactly one candidate. */
NONET_INLINE nn_bb g_single(const nn_grid *g) {
  nn_bb one = NN_BB_EMPTY, two = NN_BB_EMPTY;
  for (int k = 0; k < 9; k++) {
    two = bb_or(two, bb_and(one, g->dig[k]));
    one = bb_or(one, g->dig[k]);
  }
  return bb_andn(one, two);
}

/* ---- building steps ---------------------------------------------------- */

NONET_INLINE void step_begin(nonet_step *s, int tech) {
  s->technique = (uint16_t)tech;
  s->variant = 0;
  s->truncated = 0;
  s->digits = 0;
  s->x = s->z = 0;
  s->masks[0] = s->masks[1] = s->masks[2] = s->masks[3] = 0;
  s->ncells = s->nunits = s->nbase = 0;
  s->nnodes = 0;
  s->nplace = s->nelim = 0;
}
NONET_INLINE void step_cell(nonet_step *s, int cell, int role) {
  if (s->ncells < NONET_STEP_MAX_CELLS) {
    s->cells[s->ncells] = (uint8_t)cell;
    s->roles[s->ncells++] = (uint8_t)role;
  } else {
    s->truncated = 1;
  }
}
NONET_INLINE void step_cells(nonet_step *s, nn_bb b, int role) {
  BB_FOR(i, b) step_cell(s, i, role);
}
NONET_INLINE void step_unit(nonet_step *s, int u, int base) {
  if (s->nunits < NONET_STEP_MAX_UNITS) {
    s->units[s->nunits++] = (uint8_t)u;
    if (base) s->nbase++;
  }
}
/* digit k 0..8; ignores duplicates */
NONET_INLINE void step_elim(nonet_step *s, int cell, int k) {
  for (int j = 0; j < s->nelim; j++)
    if (s->elim[j].cell == cell && s->elim[j].digit == k + 1) return;
  if (s->nelim < NONET_STEP_MAX_ELIM) {
    s->elim[s->nelim].cell = (uint8_t)cell;
    s->elim[s->nelim++].digit = (uint8_t)(k + 1);
  }
}
/* eliminates digit k from every cell of b */
NONET_INLINE void step_elims(nonet_step *s, nn_bb b, int k) {
  BB_FOR(i, b) step_elim(s, i, k);
}
NONET_INLINE void step_place(nonet_step *s, int cell, int k) {
  for (int j = 0; j < s->nplace; j++)
    if (s->place[j].cell == cell) return;
  if (s->nplace < NONET_STEP_MAX_PLACE) {
    s->place[s->nplace].cell = (uint8_t)cell;
    s->place[s->nplace++].digit = (uint8_t)(k + 1);
  }
}
/* a chain node over the cells of b (1..3 of them), digit k */
NONET_INLINE void step_node(nonet_step *s, nn_bb b, int k, int link, int on) {
  if (s->nnodes >= NONET_STEP_MAX_NODES) {
    s->truncated = 1;
    return;
  }
  nonet_node *n = &s->nodes[s->nnodes++];
  n->ncells = 0;
  BB_FOR(i, b) if (n->ncells < 3) n->cells[n->ncells++] = (uint8_t)i;
  n->digit = (uint8_t)(k + 1);
  n->link = (uint8_t)link;
  n->on = (uint8_t)on;
}

/* ---- finders ------------------------------------------------------------ */

/* Work a family of techniques shares while one step is being found
 * (the finders of a family run one after the other on the same grid):
 * each slot belongs to one family and holds what it computed: an object
 * starting with a nn_cached header, destroyed when the search for the
 * step ends (with its destroy function, or free() when that is NULL). */
typedef struct nn_cached {
  void (*destroy)(void *self);
} nn_cached;
enum {
  NN_CACHE_FISH,   /* fish.c: basic fish */
  NN_CACHE_FINNED, /* fish.c: finned and sashimi fish */
  NN_CACHE_UR,     /* unique.c */
  NN_CACHE_ALS,    /* als.c: the sets and their restricted commons */
  NN_CACHE_FC,     /* forcing.c: chain results */
  NN_CACHE_FN,     /* forcing.c: net results */
  NN_CACHE_COUNT
};
typedef struct nn_cache {
  void *slot[NN_CACHE_COUNT];
} nn_cache;

/* What a whole solving path remembers from step to step: for each digit,
 * the single-digit techniques (fish, single-digit patterns, colors,
 * X-Chains) known to find nothing while that digit's candidates stay as
 * they were. Those techniques look at one digit's candidates only, so
 * the answer holds until they change. */
typedef struct nn_persist {
  nn_bb board[9];   /* the digit's candidates when `none` was recorded */
  uint64_t none[9]; /* bit t: technique t finds nothing for the digit */
} nn_persist;

/* Where a finder reports what it finds. The finder fills *step and calls
 * sink_emit; a nonzero return means stop searching. */
typedef struct nn_sink {
  nonet_step *step;
  int (*emit)(struct nn_sink *k); /* NULL: stop at the first */
  void *ctx;
  int count;
  int all; /* report every instance found (nonet_logic_each), not only the
              best: searches that pick the shortest chain emit at once */
  nn_cache *cache;     /* NULL: compute everything afresh (with `all`) */
  nn_persist *persist; /* NULL outside whole paths */
  int nomem;           /* a finder ran out of memory: the search reports
                          NONET_ENOMEM, never "nothing found" */
} nn_sink;

/* 1 when technique t is known to find nothing for digit d */
NONET_INLINE int persist_none(nn_sink *k, const nn_grid *g, int d, int t) {
  nn_persist *p = k->persist;
  if (!p) return 0;
  if (!bb_eq(p->board[d], g->dig[d])) {
    p->board[d] = g->dig[d];
    p->none[d] = 0;
    return 0;
  }
  return (int)((p->none[d] >> t) & 1);
}
/* records that technique t found nothing for digit d (as it is now) */
NONET_INLINE void persist_set_none(nn_sink *k, const nn_grid *g, int d, int t) {
  nn_persist *p = k->persist;
  if (!p) return;
  if (!bb_eq(p->board[d], g->dig[d])) {
    p->board[d] = g->dig[d];
    p->none[d] = 0;
  }
  p->none[d] |= 1ull << t;
}

NONET_INLINE int sink_emit(nn_sink *k) {
  if (!k->step->nelim && !k->step->nplace) return 0;
  k->count++;
  return k->emit ? k->emit(k) : 1;
}

/* A finder looks for instances of technique `tech` (of its family). */
typedef int (*nn_finder)(const nn_grid *g, int tech, nn_sink *k);

/* The techniques this library knows (ids 0 .. NN_TECH_COUNT - 1). */
#define NN_TECH_COUNT 49

/* Where a nudge points (nn_tech.nudge), and whether the name takes "an". */
enum {
  NN_NUDGE_DIGIT = 0, /* the digit, or where it places or removes one */
  NN_NUDGE_UNIT = 1,  /* the unit of the pattern (units[0]) */
  NN_NUDGE_BOX = 2,   /* the box of the step's cell */
  NN_NUDGE_AN = 4     /* "Look for an ..." */
};

struct nn_text_family; /* logic/text.h */

/* One technique's descriptor (tech.c): everything about it but its
 * finder's code (its family's file) and its text writers (text.c). */
typedef struct nn_tech {
  const char *name, *key;
  nn_finder find;
  uint8_t uniqueness;
  nonet_level level;                 /* nonet_technique_level */
  const struct nn_text_family *text; /* how its steps are written */
  uint8_t nudge;                     /* NN_NUDGE_* */
  const char *const *variants;       /* names by step variant, or NULL */
} nn_tech;
extern const nn_tech nonet__techs[NN_TECH_COUNT];
/* The default order of the finder (tech.c). */
extern const uint8_t nonet__default_order[NN_TECH_COUNT];

/* The finder's options (opaque in nonet.h; logic.c). */
struct nonet_logic_options {
  uint8_t order[NONET_TECH_SLOTS]; /* technique ids, tried in this order */
  int count;                       /* entries used in order[] */
  nonet_uniqueness uniqueness;
};
/* The defaults, in a struct the caller owns (options.c). */
void nonet__logic_options_init(nonet_logic_options *o);

int nonet__find_singles(const nn_grid *g, int tech, nn_sink *k);
int nonet__find_intersections(const nn_grid *g, int tech, nn_sink *k);
int nonet__find_subsets(const nn_grid *g, int tech, nn_sink *k);
int nonet__find_fish(const nn_grid *g, int tech, nn_sink *k);
int nonet__find_single_digit(const nn_grid *g, int tech, nn_sink *k);
int nonet__find_wings(const nn_grid *g, int tech, nn_sink *k);
int nonet__find_colors(const nn_grid *g, int tech, nn_sink *k);
int nonet__find_remote_pairs(const nn_grid *g, int tech, nn_sink *k);
int nonet__find_chains(const nn_grid *g, int tech, nn_sink *k);
int nonet__find_uniqueness(const nn_grid *g, int tech, nn_sink *k);
int nonet__find_ape(const nn_grid *g, int tech, nn_sink *k);
int nonet__find_als(const nn_grid *g, int tech, nn_sink *k);
int nonet__find_sue_de_coq(const nn_grid *g, int tech, nn_sink *k);
int nonet__find_forcing(const nn_grid *g, int tech, nn_sink *k);
int nonet__find_trial(const nn_grid *g, int tech, nn_sink *k);

/* Runs the options' techniques in order on a loaded grid; 1 when found.
 * `persist` (may be NULL) carries memos from step to step of a path. */
int nonet__find(const nn_grid *g, const nonet_logic_options *o, nonet_step *s,
                nn_persist *persist);

#endif
