/* generate.c: variant puzzles, one per job, each drawn from (seed, job)
 * alone. A job makes its rules (boxes, or random jigsaw regions), a
 * random solution grid under them (the search's tries, a group's table,
 * for rules the check left undecided clause learning), then
 *   - plain: every given of the full grid, removed one (symmetric) group
 *     at a time in random order while the puzzle stays unique;
 *   - killer, cages only: random cages; while a second solution exists,
 *     the cages over the cells where it differs, and next to them, are
 *     cut again, smaller (the count tries the grid's digits first, so
 *     the second solution it finds is one near the grid);
 *   - killer with givens: random cages, givens added where a second
 *     solution differs, then removed again while not needed.
 * "Unique without this given" is asked as "is there a solution where this
 * cell differs from the grid?" (one search that stops at the first). */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "variant.h"

/* A clause-learning search for a grid that keeps what it learned from
 * one budget to the next (proof_step()). */
typedef struct gproof {
  nonet_variant *v; /* the rules it runs on now */
  vsearch s;
  vlearn *L;
  int stage;                /* a PROOF_ stage */
  unsigned long long spent; /* the stage's conflicts so far */
  uint8_t grid[VMAXC];
} gproof;

typedef struct vgen {
  const nonet_variant_gen *o;
  nonet_rng rng;
  int n, nc, br, bc;
  nonet_symmetry sym;
  uint8_t region[VMAXC];
  nonet_variant *v; /* the rules, cages included */
  uint8_t grid[VMAXC];
  uint8_t puzzle[VMAXC];
  uint8_t other[VMAXC];
  unsigned long long solver_calls, grids;
  /* the grid's search so far: its branches, and learn.c's conflicts
   * (learn_grid()) */
  unsigned long long grid_branches, grid_conflicts;
  int learn_tries;
  int unproven;    /* givens kept when the search gave up on them */
  int learn_fails; /* differs_at_learned()'s proofs that ran out */
  int stopped, nomem;
  /* the proof that no grid keeps rules the check left undecided, or a
   * grid it found; and the same search on wider rules (proof_step()) */
  gproof pf, wide;
} vgen;

/* The stages of the proof: the rules without nonconsecutive, from the
 * first row 1..N; all of them (with nonconsecutive, the first cell at
 * most (N + 1) / 2); a grid found; no grid. */
enum { PROOF_SYMMETRIC = 0, PROOF_ALL, PROOF_GRID, PROOF_NONE };

/* From 12x12 up, a search that would prove a given not needed gives up
 * after this many branches, and clause learning asks the given again
 * (differs_at_learned()). Smaller grids always get their proofs.
 * Measured at 10,000 branches before that (the budget then), 12x12
 * rules at --seed 1: the same puzzles in 10-30% less time at 2,000 (16x16
 * anti-knight 7.0 -> 3.8 s, nonconsecutive 6.0 -> 2.4 s); 500 was no
 * faster on 12x12. (On a 25x25 nonconsecutive grid, 10 of the 376 proofs
 * found within 10,000 branches took over 2,000.) */
#define PROOF_BUDGET 2000
#define PROOF_BUDGET_FROM 12
/* Killers, whose givens clause learning does not ask again (below), keep
 * the budget of before, 10,000 branches below 25x25. */
#define KILLER_PROOF_BUDGET 10000
#define KILLER_PROOF_BUDGET_BELOW 25
/* Where that budget runs out, clause learning gets this many conflicts
 * (differs_at_learned()), until it has run out LEARN_PROOF_FAILS times
 * for the puzzle (then the givens it could not settle stay, unproven).
 * Not for killers: 16x16 killers with givens took 3.3 -> 8.6 s at
 * --seed 1, -n 2, and stayed unproven. */
#define LEARN_PROOF_CONFLICTS 20000ull
#define LEARN_PROOF_FAILS 2
/* From 12x12 up, counting a killer's solutions gives up after this many
 * branches (a few cages-only 12x12 layouts take minutes to prove unique
 * or not; most are decided in a few thousand branches): then the largest
 * cages are cut again smaller (cages only), or a given is added (killer
 * with givens), and the count starts again. */
#define COUNT_BUDGET 5000
/* From 25x25, a killer's count that the depth-first search left
 * undecided goes on with clause learning (learn.c), for this many
 * conflicts: cages-only 25x25 killers at --seed 1, 2, 3 came in 29, 283
 * and 71 s (none within 200-400 s before; 166, 251, 166 s at 20,000). */
#define LEARN_COUNT_FROM 25
#define LEARN_COUNT_CONFLICTS 5000
/* From 12x12 up, a second solution's cages are cut again with their
 * neighbours (below, alone: the cages stay larger, as they were). */
#define WIDE_RECUT_FROM 12
/* From 16x16, disjoint groups and windoku grids are made by a formula
 * (template.c) under random maps that keep the rules, not searched. */
#define TEMPLATE_FROM 16

/* With clue bounds, a job draws at most this many puzzles for one within
 * them (then it makes none: nonet_variant_generate_job returns 0). */
#define CLUE_DRAWS NONET_VARIANT_CLUE_DRAWS

static int stop(vgen *g) {
  if (!g->stopped && g->o->stop && g->o->stop(g->o->stop_ctx)) g->stopped = 1;
  return g->stopped;
}

static int stop_hook(void *ctx) { return stop(ctx); }

/* What every search of the generator starts from: s->r the rules, `cand`
 * the puzzle's candidates, `cell` (>= 0) without the grid's digit; the
 * search is counted. */
static void start(vgen *g, const uint8_t *puzzle, vsearch *s, int cell,
                  uint32_t *cand) {
  s->r = g->v->rules;
  nonet__v_start(s->r, puzzle, cand);
  if (cell >= 0) cand[cell] &= ~(1u << (g->grid[cell] - 1));
  g->solver_calls++;
}

/* A search of the puzzle's solutions under the rules; `s` is set up by
 * the caller (limit, budget, ...), `cell` (>= 0) loses the grid's digit
 * first. The generator's stop hook is asked during the search too (a
 * search can take minutes: a job others made unneeded, or --timeout, must
 * not wait for it): then s->aborted is set and g->stopped. */
static long search(vgen *g, const uint8_t *puzzle, vsearch *s, int cell) {
  uint32_t cand[VMAXC];
  if (g->o->stop) {
    s->stop = stop_hook;
    s->stop_ctx = g;
  }
  start(g, puzzle, s, cell, cand);
  long n = nonet__v_search(s, cand);
  if (n < 0) g->nomem = 1;
  return n;
}

static long cancellable(vgen *g, const uint8_t *puzzle, vsearch *s, int cell,
                        int learn);

/* learn.c's solutions: one that differs from the grid to g->other */
static void keep_other(void *ctx, const uint8_t *grid) {
  vgen *g = ctx;
  if (memcmp(grid, g->grid, (size_t)g->nc))
    memcpy(g->other, grid, (size_t)g->nc);
}

/* Counts the solutions of the puzzle (up to 2); a second one that
 * differs from the grid goes to g->other. -1 when stopped or over the
 * budget (COUNT_BUDGET; from LEARN_COUNT_FROM, then over learn.c's
 * LEARN_COUNT_CONFLICTS too). The depth-first search
 * tries the grid's digits first: it finds the grid, then the solutions
 * that differ from it last (a cages-only 12x12 killer with a second
 * solution: tens of branches, not millions). */
static long count(vgen *g, const uint8_t *puzzle) {
  vsearch s;
  memset(&s, 0, sizeof s);
  s.limit = 2;
  s.avoid = g->grid;
  s.other = g->other;
  s.prefer = g->grid;
  s.budget = g->n >= PROOF_BUDGET_FROM ? COUNT_BUDGET : 0;
  long n = search(g, puzzle, &s, -1);
  if (!s.aborted) return n;
  if (g->n < LEARN_COUNT_FROM || g->stopped) return -1;
  /* clause learning takes it on (its second solution, if any, to
   * g->other) */
  vsearch l;
  memset(&l, 0, sizeof l);
  l.limit = 2;
  l.conflict_budget = LEARN_COUNT_CONFLICTS;
  l.each = keep_other;
  l.each_ctx = g;
  n = cancellable(g, puzzle, &l, -1, 1);
  return n < 0 || l.aborted || g->stopped ? -1 : n;
}

/* A search that ends by the caller's `cancel` (learn.c's way out: the
 * search picked stays the one without a stop hook), set up as search()
 * does; `learn`: learn.c itself (which breaks ties by s->rng), else the
 * search the library picks. Sets g->stopped or g->nomem on those ends. */
static long cancellable(vgen *g, const uint8_t *puzzle, vsearch *s, int cell,
                        int learn) {
  uint32_t cand[VMAXC];
  if (g->o->stop) {
    s->cancel = stop_hook;
    s->cancel_ctx = g;
  }
  start(g, puzzle, s, cell, cand);
  long n = learn ? nonet__v_learn(s, cand) : nonet__v_search(s, cand);
  if (n == NONET_ESTOPPED || s->cancelled)
    g->stopped = 1;
  else if (n < 0)
    g->nomem = 1;
  return n;
}

/* With --prove-minimal, a given whose budgeted search gave up is asked
 * again without a budget, by the search the library chooses for a count
 * (from 12x12 up without sums: learn.c after a short depth-first search).
 * Measured on a 16x16 nonconsecutive puzzle that the budget left with 73
 * givens (71 unproven): cadical found 69 of them removable, each proof
 * 0.3-1.9 s; learn.c takes 10,000-30,000 conflicts (0.2-0.9 s). 1 when
 * some solution differs at c, 0 when none, -1 when stopped. */
static int differs_at_fully(vgen *g, const uint8_t *puzzle, int c) {
  vsearch s;
  memset(&s, 0, sizeof s);
  s.limit = 1;
  long n = cancellable(g, puzzle, &s, c, 0);
  return n < 0 || s.cancelled ? -1 : n != 0;
}

/* Where the budgeted depth-first search gave up on a given, clause
 * learning (learn.c) asks it again within LEARN_PROOF_CONFLICTS: what
 * one branch of the depth-first search learns never helps the next, and
 * the proof that a given is not needed is a search that finds nothing.
 * 1 when some solution differs at c, 0 when none, -1 when undecided
 * (then g->learn_fails counts it) or stopped. */
static int differs_at_learned(vgen *g, const uint8_t *puzzle, int c) {
  vsearch s;
  memset(&s, 0, sizeof s);
  s.limit = 1;
  s.conflict_budget = LEARN_PROOF_CONFLICTS;
  long n = cancellable(g, puzzle, &s, c, 1);
  if (n < 0 || s.cancelled || g->stopped) return -1;
  if (s.aborted) {
    g->learn_fails++;
    return -1;
  }
  return n != 0;
}

/* 1 when some solution of the puzzle differs from the grid at cell c
 * (or the search gave up: then *gave_up is set). */
static int differs_at(vgen *g, const uint8_t *puzzle, int c, int *gave_up) {
  int killer = g->v->rules->nsums != 0;
  vsearch s;
  memset(&s, 0, sizeof s);
  s.limit = 1;
  s.budget = g->n < PROOF_BUDGET_FROM                     ? 0
             : killer && g->n < KILLER_PROOF_BUDGET_BELOW ? KILLER_PROOF_BUDGET
                                                          : PROOF_BUDGET;
  s.prefer = g->grid; /* a second solution is usually near the grid */
  long n = search(g, puzzle, &s, c);
  if (s.aborted && !g->stopped) { /* asked again, past the budget */
    int d = g->o->prove_minimal ? differs_at_fully(g, puzzle, c)
            : !killer && g->learn_fails < LEARN_PROOF_FAILS
                ? differs_at_learned(g, puzzle, c)
                : -1;
    if (d >= 0) return d;
  }
  if (s.aborted) *gave_up = 1;
  return n != 0 || s.aborted;
}

/* Removes givens (whole orbits) in random order while the puzzle stays
 * unique. */
static void minimize(vgen *g) {
  int order[VMAXC], k = 0;
  for (int c = 0; c < g->nc; c++)
    if (g->puzzle[c]) order[k++] = c;
  nonet__v_shuffle(&g->rng, order, k);
  for (int i = 0; i < k && !stop(g) && !g->nomem; i++) {
    int orb[4], m = nonet__v_orbit(g->n, g->sym, order[i], orb), keep = 0;
    if (!g->puzzle[order[i]]) continue; /* its orbit went already */
    for (int j = 0; j < m; j++) g->puzzle[orb[j]] = 0;
    int gave_up = 0;
    for (int j = 0; j < m && !keep; j++)
      keep = differs_at(g, g->puzzle, orb[j], &gave_up);
    if (keep)
      for (int j = 0; j < m; j++) g->puzzle[orb[j]] = g->grid[orb[j]];
    g->unproven += gave_up;
  }
}

/* The rules with the cages of cage_of (ids 0 .. ncages-1). */
static int set_rules(vgen *g, const int16_t *cage_of, int ncages) {
  vcage *cages = NULL;
  if (ncages) {
    cages = calloc((size_t)ncages, sizeof *cages);
    if (!cages) return -1;
    for (int c = 0; c < g->nc; c++) {
      vcage *k = &cages[cage_of[c]];
      k->cells[k->n++] = (uint16_t)c;
      k->sum += g->grid[c];
    }
  }
  nonet_variant_free(g->v);
  g->v =
      nonet__v_build(g->n, g->br, g->bc, g->region, g->o->cons, cages, ncages);
  free(cages);
  return g->v ? 0 : -1;
}

/* A solution of g->puzzle under the rules, searched in a random order
 * within `budget` branches, into `out`; 0 when the search gave up. */
static int random_fill(vgen *g, unsigned long long budget, uint8_t *out) {
  vsearch s;
  memset(&s, 0, sizeof s);
  s.limit = 1;
  s.solution = out;
  s.rng = &g->rng;
  s.budget = budget;
  long n = search(g, g->puzzle, &s, -1);
  g->grid_branches += s.nodes;
  return n == 1;
}

/* A random solution grid under the rules (no cages yet); 0 when the
 * search gave up (a jigsaw layout without a grid, or bad luck). */
static int random_grid(vgen *g, unsigned long long budget) {
  memset(g->puzzle, 0, (size_t)g->nc);
  return random_fill(g, budget, g->grid);
}

/* 1 when the grid is made by a formula (template.c) rather than searched:
 * from TEMPLATE_FROM, where the rules fit one. */
static int template_grid(const vgen *g) {
  return !g->o->jigsaw && g->n >= TEMPLATE_FROM &&
         nonet__v_template_fits(g->n, g->br, g->bc, g->o->cons);
}

/* After a try of the search that found no grid: a try at a grid from a
 * group's table (cayley.c), which finds one at once for rules that the
 * search gets lost in (12x12 diagonals, anti-king and nonconsecutive: no
 * puzzle within 60 s before, 3.1 s with it, --seed 1) and has none for
 * others (the search's tries go on). Boxes only (random jigsaw regions
 * seldom fit a group). 1 made, 0 not, -1 out of memory. */
static int cayley_grid(vgen *g) {
  if (g->o->jigsaw) return 0;
  return nonet__v_cayley_grid(g->v->rules, g->br, g->bc, g->o->cons, &g->rng,
                              VCAYLEY_STEPS * (unsigned)g->nc, g->grid);
}

/* Rules the check left undecided (nonet_variant_gen_check: neither a
 * grid nor a proof that there is none within its budgets; 18
 * combinations on 12x12 and 6 on 16x16, all with windoku) get, beside
 * the search's tries and the group tables', rounds of clause learning:
 * the k-th gives the proof (proof_step(); every other round, while it
 * goes on, the search on wider rules instead: wide_cons())
 * LEARN_GRID_CONFLICTS << k conflicts more (at most << 10), then, when
 * it found no grid, a try from the empty grid with as many, its ties
 * broken at random; a round is made when the search's branches for the
 * grid so far reach LEARN_GRID_BRANCHES per conflict of the rounds with
 * it. Measured on 12x12 at --seed 1 (2026-12-02, one thread): diagonals,
 * windoku, anti-knight and anti-king proven to have no grid in 49 s (69
 * s with 8 branches a conflict, which gave the search's tries half of
 * the time; they found no grid of these rules in our runs); six more of
 * the 15 combinations that gave nothing in 60 s before now give a puzzle
 * or the proof (docs/variants.md). learn.c alone from the empty grid
 * found 12x12 diagonals, windoku and anti-knight in 412,192 conflicts
 * (17 s) and windoku, disjoint groups, anti-king and nonconsecutive in
 * 739,208 (38 s).
 */
#define LEARN_GRID_CONFLICTS 100000ull
#define LEARN_GRID_BRANCHES 2ull

/* A grid found by clause learning (learn.c, ties broken at random)
 * within `conflicts`; 1 made, 0 not, -1 out of memory or stopped. */
static int learn_grid(vgen *g, unsigned long long conflicts) {
  vsearch s;
  memset(&s, 0, sizeof s);
  s.limit = 1;
  s.solution = g->grid;
  s.rng = &g->rng;
  s.conflict_budget = conflicts;
  memset(g->puzzle, 0, (size_t)g->nc);
  long n = cancellable(g, g->puzzle, &s, -1, 1);
  g->grid_conflicts += s.conflicts;
  return n < 0 ? -1 : n == 1;
}

/* The search of a proof's stage let go. */
static void proof_drop(gproof *pf) {
  nonet__v_learn_free(pf->L);
  pf->L = NULL;
  nonet_variant_free(pf->v);
  pf->v = NULL;
}

/* The stage after one that ended with `count` (0: no grid); 1 when a grid
 * is in pf->grid. */
static int proof_next(gproof *pf, long count) {
  proof_drop(pf);
  pf->spent = 0;
  if (count == 0)
    pf->stage = PROOF_NONE;
  else
    pf->stage = pf->stage == PROOF_SYMMETRIC ? PROOF_ALL : PROOF_GRID;
  return pf->stage == PROOF_GRID;
}

/* Rules the check left undecided get, beside the tries at a grid, the
 * check's proof that there is none carried on as one clause-learning
 * search (learn.c) that keeps what it learned from one budget to the
 * next, from the check's candidates (nonet__v_gen_proof_start(): the
 * first row 1..N). With nonconsecutive, the rules without it are
 * searched that way first (no grid of theirs: none of all the rules
 * either), then all of them, the first cell at most (N + 1) / 2. Measured
 * on 12x12 (2026-12-02): diagonals, windoku, anti-knight and anti-king
 * have no grid, 490,688 conflicts (24 s); with disjoint groups instead
 * of anti-king, a grid from the first row in 145,421 (5.5 s), where the
 * tries from the empty grid found none in 60 s. Its own steps take no
 * random numbers: every job proves or finds the same, so where a stage
 * ends is written down for the jobs after (g->o->memo, gen_memo.c), and a
 * job that finds it there answers its steps from it, spending the
 * conflicts it would have spent: the same puzzle either way. `pf` is g->pf on
 * the rules (`cons` g->o->cons) or g->wide on wider ones (wide_cons()).
 * Gives the search `conflicts` more; 1 when a grid is in pf->grid, 0 not
 * yet (or no grid: pf->stage is PROOF_NONE), -1 stopped or out of
 * memory. */
static int proof_step(vgen *g, gproof *pf, unsigned cons,
                      unsigned long long conflicts) {
  if (pf->stage == PROOF_GRID) return 1;
  if (pf->stage == PROOF_NONE) return 0;
  unsigned nc = NONET_CONSTRAINT_NONCONSECUTIVE;
  if (pf->stage == PROOF_SYMMETRIC && !(cons & nc))
    pf->stage = PROOF_ALL; /* the same rules */
  /* where this stage ends, when a job has written it down (gen_memo.c):
   * the step is answered from that, as running it would answer it */
  vmemo *memo = g->o->memo;
  int slot = 2 * (pf == &g->wide) + pf->stage;
  long count;
  unsigned long long end, used;
  if (nonet__v_memo_get(memo, g->n, g->br, g->bc, slot, cons, &count, &end,
                        pf->grid)) {
    int done = nonet__v_memo_step(count, end, pf->spent, conflicts, &used);
    g->grid_conflicts += used;
    pf->spent += used;
    proof_drop(pf); /* this job's own search of the stage, if any */
    return done ? proof_next(pf, count) : 0;
  }
  if (!pf->L) {
    unsigned rules = pf->stage == PROOF_SYMMETRIC ? cons & ~nc : cons;
    pf->v = nonet__v_build(g->n, g->br, g->bc, NULL, rules, NULL, 0);
    if (!pf->v) {
      g->nomem = 1;
      return -1;
    }
    uint32_t cand[VMAXC];
    nonet__v_gen_proof_start(pf->v->rules, (rules & nc) != 0, cand);
    vsearch *s = &pf->s;
    memset(s, 0, sizeof *s);
    s->r = pf->v->rules;
    s->limit = 1;
    s->solution = pf->grid;
    if (g->o->stop) {
      s->cancel = stop_hook;
      s->cancel_ctx = g;
    }
    if (!(pf->L = nonet__v_learn_new(s, cand))) {
      g->nomem = 1;
      return -1;
    }
  }
  vsearch *s = &pf->s;
  unsigned long long before = s->conflicts;
  s->aborted = 0;
  s->conflict_budget = s->conflicts + conflicts;
  long n = nonet__v_learn_run(pf->L);
  g->grid_conflicts += s->conflicts - before;
  pf->spent = s->conflicts;
  if (n == NONET_ESTOPPED || s->cancelled) {
    g->stopped = 1;
    return -1;
  }
  if (n < 0) {
    g->nomem = 1;
    return -1;
  }
  if (!nonet__v_learn_done(pf->L)) return 0;
  nonet__v_memo_put(memo, g->n, g->br, g->bc, slot, cons, n, s->conflicts,
                    pf->grid);
  return proof_next(pf, n);
}

/* The grid of pf (proof_step()) with its digits relabelled at random:
 * any permutation keeps the rules without nonconsecutive, d -> N + 1 - d
 * keeps nonconsecutive. */
static void proof_grid(vgen *g, const gproof *pf) {
  int map[VMAXN + 1];
  for (int d = 0; d <= g->n; d++) map[d] = d;
  if (!(g->o->cons & NONET_CONSTRAINT_NONCONSECUTIVE))
    nonet__v_shuffle(&g->rng, map + 1, g->n);
  else if (nonet_rng_below(&g->rng, 2))
    for (int d = 1; d <= g->n; d++) map[d] = g->n + 1 - d;
  for (int c = 0; c < g->nc; c++) g->grid[c] = (uint8_t)map[pf->grid[c]];
}

/* The wider rules of g->wide: with nonconsecutive and without diagonals,
 * the rules with anti-knight, anti-king and disjoint groups added. A grid
 * of theirs keeps the rules too, and their search (proof_step(), from a
 * first cell of at most (N + 1) / 2) can end sooner: more rules, more
 * propagation. It takes every other round of the proof's while it goes
 * on. Measured on 12x12 at --seed 1 (one thread, two runs at a time,
 * 2026-12-03): windoku with anti-knight and nonconsecutive, with
 * disjoint groups too, or with anti-king too, gave no puzzle in 120 s,
 * now one in 44, 18 and 34 s; the three others without diagonals, whose
 * grids learn.c finds from the empty grid, took 45, 66 and 50 s before
 * and 43, 41 and 38 s now. With diagonals the wider rules had no grid in
 * our runs, and their proof cost the proof of the rules its rounds
 * (diagonals, windoku, anti-knight, anti-king and nonconsecutive refused
 * after 109 s, not 81): those keep the rules alone. */
static unsigned wide_cons(const vgen *g) {
  unsigned nc = NONET_CONSTRAINT_NONCONSECUTIVE,
           diag = NONET_CONSTRAINT_DIAGONALS;
  if ((g->o->cons & (nc | diag)) != nc) return g->o->cons;
  return g->o->cons | NONET_CONSTRAINT_DISJOINT | NONET_CONSTRAINT_ANTI_KNIGHT |
         NONET_CONSTRAINT_ANTI_KING;
}

/* A grid made by the formula (template.c) moved away from it: REMIX_ROUNDS
 * times, a random half of its cells kept and the rest searched again in a
 * random order (within VGRID_UNIT branches a cell; a round that finds
 * nothing keeps the grid). Measured on 25x25 disjoint groups and windoku
 * (--seed 1): each round takes 0 to a few hundred branches and changes 0
 * to 50 cells; after 40 rounds 190 to 480 of the 625 cells differ from the
 * formula's grid. A third of the cells kept: most rounds find nothing
 * within the budget. */
#define REMIX_ROUNDS 64
static void remix(vgen *g) {
  uint8_t got[VMAXC];
  for (int round = 0; round < REMIX_ROUNDS && !stop(g) && !g->nomem; round++) {
    for (int c = 0; c < g->nc; c++)
      g->puzzle[c] = nonet_rng_below(&g->rng, 2) ? g->grid[c] : 0;
    if (random_fill(g, VGRID_UNIT * (unsigned)g->nc, got))
      memcpy(g->grid, got, (size_t)g->nc);
  }
}

/* Frees the cages marked in `gone` and cuts their cells again into
 * cages of min..top cells; returns the number of cages. */
static int recut(vgen *g, int16_t *cage_of, int ncages, const uint8_t *gone,
                 int min, int top) {
  uint8_t freed[VMAXC];
  int16_t map[VMAXC], next = 0;
  for (int id = 0; id < ncages; id++) map[id] = gone[id] ? -1 : next++;
  for (int c = 0; c < g->nc; c++) {
    cage_of[c] = map[cage_of[c]];
    freed[c] = cage_of[c] < 0;
  }
  return next + nonet__v_random_cages(g->n, g->grid, freed, min, top, &g->rng,
                                      cage_of, next);
}

/* The number of cells of each cage of cage_of into size[] (zeroed). */
static void cage_sizes(const vgen *g, const int16_t *cage_of, int *size) {
  memset(size, 0, VMAXC * sizeof *size);
  for (int c = 0; c < g->nc; c++) size[cage_of[c]]++;
}

/* Marks in `gone` the cage of cell c and the cages of its orthogonal
 * neighbours. */
static void mark_around(const vgen *g, const int16_t *cage_of, int c,
                        uint8_t *gone) {
  int r = c / g->n, col = c % g->n;
  gone[cage_of[c]] = 1;
  if (r > 0) gone[cage_of[c - g->n]] = 1;
  if (r < g->n - 1) gone[cage_of[c + g->n]] = 1;
  if (col > 0) gone[cage_of[c - 1]] = 1;
  if (col < g->n - 1) gone[cage_of[c + 1]] = 1;
}

/* Cages smaller than the range are cut again with their neighbours
 * (a few times). Returns the number of cages, or -1 when some cage is
 * still too small (the caller starts again). */
static int no_small_cages(vgen *g, int16_t *cage_of, int ncages, int min,
                          int top) {
  for (int tries = 0; tries < 16; tries++) {
    uint8_t gone[VMAXC] = {0};
    int size[VMAXC], small = 0;
    cage_sizes(g, cage_of, size);
    for (int c = 0; c < g->nc; c++) {
      if (size[cage_of[c]] >= min) continue;
      mark_around(g, cage_of, c, gone);
      small = 1;
    }
    if (!small) return ncages;
    ncages = recut(g, cage_of, ncages, gone, min, top);
  }
  int size[VMAXC];
  cage_sizes(g, cage_of, size);
  for (int k = 0; k < ncages; k++)
    if (size[k] < min) return -1;
  return ncages;
}

/* Killer without givens: cages cut again where a second solution
 * differs, smaller each round, until the cages alone give one solution.
 * 0 when it did not get there (the caller starts again). */
static int killer_cages(vgen *g) {
  int16_t cage_of[VMAXC];
  int min = g->o->cage_min, max = nonet__v_gen_cage_max(g->o);
  memset(cage_of, 0xff, sizeof cage_of);
  int ncages =
      nonet__v_random_cages(g->n, g->grid, NULL, min, max, &g->rng, cage_of, 0);
  memset(g->puzzle, 0, (size_t)g->nc);
  for (int round = 0; round < 4 * g->n && !stop(g); round++) {
    /* smaller cages each round, down to the smallest allowed */
    int top = max - round / 2;
    if (top < min) top = min;
    ncages = no_small_cages(g, cage_of, ncages, min, top);
    if (ncages < 0) return 0;
    if (set_rules(g, cage_of, ncages) < 0) {
      g->nomem = 1;
      return 0;
    }
    long n = count(g, g->puzzle);
    if (n < 0 && g->stopped) return 0;
    if (n == 1) return 1;
    uint8_t gone[VMAXC] = {0};
    if (n < 0) {
      /* undecided within the budget: the largest cages are cut again
       * smaller (more, smaller cages decide sooner) */
      int size[VMAXC], big = 0;
      cage_sizes(g, cage_of, size);
      for (int k = 0; k < ncages; k++)
        if (size[k] > big) big = size[k];
      for (int k = 0; k < ncages; k++) gone[k] = size[k] == big;
      ncages = recut(g, cage_of, ncages, gone, min, top > min ? top - 1 : min);
      continue;
    }
    /* cut again the cages over the cells where the second solution
     * differs, and from 12x12 up the cages next to those cells too (cut
     * again alone, the same few cells often pair up again the same way
     * and the second solution stays) */
    for (int c = 0; c < g->nc; c++) {
      if (g->other[c] == g->grid[c]) continue;
      if (g->n < WIDE_RECUT_FROM)
        gone[cage_of[c]] = 1;
      else
        mark_around(g, cage_of, c, gone);
    }
    ncages = recut(g, cage_of, ncages, gone, min, top);
  }
  return 0;
}

/* Killer with givens: random cages, then givens where a second solution
 * differs until there is one, then the givens not needed removed. */
static int killer_givens(vgen *g) {
  int16_t cage_of[VMAXC];
  int min = g->o->cage_min, max = nonet__v_gen_cage_max(g->o);
  memset(cage_of, 0xff, sizeof cage_of);
  int ncages =
      nonet__v_random_cages(g->n, g->grid, NULL, min, max, &g->rng, cage_of, 0);
  ncages = no_small_cages(g, cage_of, ncages, min, max);
  if (ncages < 0) return 0;
  if (set_rules(g, cage_of, ncages) < 0) {
    g->nomem = 1;
    return 0;
  }
  memset(g->puzzle, 0, (size_t)g->nc);
  while (!stop(g)) {
    long n = count(g, g->puzzle);
    if (n < 0 && g->stopped) return 0;
    if (n == 1) break;
    /* a given where the second solution differs; undecided within the
     * budget, a given anywhere (minimize takes the needless ones away) */
    int diff[VMAXC], k = 0, orb[4];
    for (int c = 0; c < g->nc; c++)
      if (n < 0 ? !g->puzzle[c] : g->other[c] != g->grid[c]) diff[k++] = c;
    /* cannot happen: two solutions (one is the grid), or undecided with
     * cells left */
    if (!k) return 0;
    int c = diff[nonet_rng_below(&g->rng, (uint32_t)k)];
    int m = nonet__v_orbit(g->n, g->sym, c, orb);
    for (int j = 0; j < m; j++) g->puzzle[orb[j]] = g->grid[orb[j]];
  }
  minimize(g);
  return !g->stopped;
}

/* One puzzle; 1 when made. */
static int make(vgen *g) {
  const nonet_variant_gen *o = g->o;
  for (int attempt = 0; !stop(g) && !g->nomem; attempt++) {
    if (o->jigsaw) nonet__v_random_regions(g->n, &g->rng, g->region);
    if (set_rules(g, NULL, 0) < 0) {
      g->nomem = 1;
      return 0;
    }
    /* a jigsaw layout without a grid shows itself within a few thousand
     * branches (then new regions); fixed rules: tries of Luby's lengths
     * (VGRID_UNIT), each in a new random order */
    unsigned long long budget = o->jigsaw ? 2000ull * (unsigned)g->nc
                                          : nonet__v_grid_try(g->nc, attempt);
    if (template_grid(g)) {
      nonet__v_template_grid(g->n, g->br, g->bc, o->cons, &g->rng, g->grid);
      remix(g);
    } else if (g->pf.stage == PROOF_GRID || g->wide.stage == PROOF_GRID) {
      proof_grid(g, g->pf.stage == PROOF_GRID ? &g->pf : &g->wide);
      remix(g);
    } else if (!random_grid(g, budget)) {
      int got = cayley_grid(g);
      if (got < 0) g->nomem = 1;
      if (got == 0 && o->undecided && !g->v->rules->nsums) {
        int k = g->learn_tries < 10 ? g->learn_tries : 10;
        unsigned long long next = LEARN_GRID_CONFLICTS << k;
        if (g->grid_branches >=
            LEARN_GRID_BRANCHES * (g->grid_conflicts + next)) {
          g->learn_tries++;
          /* the wider rules' search, while it goes on, takes every
           * other round of the proof's */
          gproof *pf = &g->pf;
          unsigned cons = o->cons, wide = wide_cons(g);
          if (g->learn_tries % 2 && g->wide.stage < PROOF_GRID &&
              wide != cons) {
            pf = &g->wide;
            cons = wide;
          }
          got = proof_step(g, pf, cons, next);
          if (got > 0) proof_grid(g, pf);
          if (g->pf.stage == PROOF_NONE) return 0;
          if (got == 0) got = learn_grid(g, next);
        }
      }
      if (got <= 0) continue;
      remix(g);
    }
    g->grids++;
    if (o->killer == VK_CAGES) {
      if (killer_cages(g)) return 1;
      continue;
    }
    if (o->killer == VK_GIVENS) {
      if (killer_givens(g)) return 1;
      continue; /* cages out of the size range: a new grid */
    }
    memcpy(g->puzzle, g->grid, (size_t)g->nc);
    minimize(g);
    return !g->stopped && !g->nomem;
  }
  return 0;
}

static void job_rng(nonet_rng *rng, uint64_t seed, uint64_t job) {
  nonet_rng mix;
  nonet_rng_seed(&mix, seed ^ 0x56415249414e5453ull); /* "VARIANTS" */
  nonet_rng_seed(rng, nonet_rng_next(&mix) ^ (job * 0x9e3779b97f4a7c15ull));
}

long nonet_variant_generate_job(const nonet_variant_gen *o, uint64_t job,
                                nonet_variant_emit_fn emit, void *ctx,
                                nonet_gen_stats *stats) {
  if (!o || nonet__v_gen_check_quick(o, NULL, 0) != NONET_OK)
    return NONET_EINVAL;
  vgen *g = calloc(1, sizeof *g);
  if (!g) return NONET_ENOMEM;
  g->o = o;
  g->n = o->n;
  g->nc = o->n * o->n;
  nonet__v_gen_boxes(o, &g->br, &g->bc);
  job_rng(&g->rng, o->seed, job);
  g->sym = o->symmetry;
  if (g->sym == NONET_SYMMETRY_RANDOM)
    g->sym = (nonet_symmetry)(1 + nonet_rng_below(&g->rng, 6));
  long made = 0;
  int clues = 0, fits = 0;
  /* with clue bounds, puzzles are drawn (the job's random numbers going
   * on) until one has givens within them; the first draw is the job's
   * puzzle without bounds */
  for (int draw = 0; draw < CLUE_DRAWS && !fits; draw++) {
    if (!make(g) || g->nomem) break;
    clues = 0;
    for (int c = 0; c < g->nc; c++) clues += g->puzzle[c] != 0;
    fits = nonet__v_gen_clues_fit(o, clues);
    if (!fits) g->unproven = g->learn_fails = 0; /* (of that puzzle) */
  }
  if (fits && !g->nomem) {
    nonet_variant_puzzle p;
    memset(&p, 0, sizeof p);
    p.variant = g->v;
    p.puzzle = g->puzzle;
    p.solution = g->grid;
    p.size = g->n;
    p.clues = clues;
    p.cages = g->v->ncages;
    p.symmetry = o->killer == VK_CAGES ? NONET_SYMMETRY_NONE : g->sym;
    p.job = job;
    p.unproven = g->unproven;
    made = 1;
    if (emit && emit(&p, ctx)) g->stopped = 1;
  }
  if (stats) {
    stats->jobs++;
    stats->puzzles += (unsigned long long)made;
    stats->solver_calls += g->solver_calls;
    stats->grids += g->grids;
    if (g->stopped) stats->stopped = 1;
  }
  int nomem = g->nomem, none = g->pf.stage == PROOF_NONE;
  nonet_variant_free(g->v);
  nonet__v_learn_free(g->pf.L);
  nonet_variant_free(g->pf.v);
  nonet__v_learn_free(g->wide.L);
  nonet_variant_free(g->wide.v);
  free(g);
  return nomem ? NONET_ENOMEM : none ? NONET_ENOGRID : made;
}

/* ---- the sequential driver ------------------------------------------- */

typedef struct seq {
  const nonet_variant_gen *user;
  double deadline;
  int timed_out;
} seq;

static double now_seconds(void) {
  struct timespec ts;
  timespec_get(&ts, TIME_UTC);
  return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* The run's stop hook: the user's, and the deadline of the timeout. */
static int seq_stop(void *arg) {
  seq *q = arg;
  if (q->user->stop && q->user->stop(q->user->stop_ctx)) return 1;
  if (q->deadline > 0 && now_seconds() >= q->deadline) {
    q->timed_out = 1;
    return 1;
  }
  return 0;
}

long nonet__v_generate_seq(const nonet_variant_gen *o, long count,
                           nonet__v_job_fn job, void *arg, int none_ends,
                           nonet_gen_stats *stats) {
  nonet_variant_gen run = *o;
  seq q = {o, o->timeout > 0 ? now_seconds() + o->timeout : 0, 0};
  run.stop = seq_stop;
  run.stop_ctx = &q;
  nonet_gen_stats local;
  memset(&local, 0, sizeof local);
  long made = 0;
  for (uint64_t k = 0; made < count; k++) {
    long r = job(&run, k, arg, &local);
    if (r < 0) {
      made = r;
      break;
    }
    made += r;
    if (local.stopped || q.timed_out) break;
    if (r == 0 && none_ends) break;
  }
  if (stats) {
    stats->jobs += local.jobs;
    stats->puzzles += local.puzzles;
    stats->solver_calls += local.solver_calls;
    stats->grids += local.grids;
    stats->stopped |= local.stopped && !q.timed_out;
    stats->timed_out |= q.timed_out;
  }
  return made;
}

typedef struct plain_run {
  nonet_variant_emit_fn emit;
  void *ctx;
} plain_run;

static long plain_job(const nonet_variant_gen *run, uint64_t job, void *arg,
                      nonet_gen_stats *stats) {
  plain_run *pr = arg;
  return nonet_variant_generate_job(run, job, pr->emit, pr->ctx, stats);
}

long nonet_variant_generate(const nonet_variant_gen *o, long count,
                            nonet_variant_emit_fn emit, void *ctx,
                            nonet_gen_stats *stats) {
  if (!o || nonet__v_gen_check_quick(o, NULL, 0) != NONET_OK)
    return NONET_EINVAL;
  plain_run pr = {emit, ctx};
  /* with clue bounds, a job that makes none drew NONET_VARIANT_CLUE_DRAWS
   * puzzles outside them: out of reach */
  return nonet__v_generate_seq(o, count, plain_job, &pr,
                               nonet__v_gen_has_clue_bounds(o), stats);
}
