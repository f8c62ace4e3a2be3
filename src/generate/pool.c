/* pool.c: the search for puzzles within clue bounds.
 *
 * A job keeps a pool of minimal puzzles ranked by their distance to the
 * bounds and improves it by local moves rather than drawing fresh
 * puzzles blindly. For each solution grid in play it keeps a database of
 * unavoidable sets of that grid (sets of cells whose digits can be
 * rearranged into another grid; a unique puzzle gives a cell of each):
 * the cheap families of unavoidable.c, and the cells where each other
 * solution the solver finds differs from the grid. The database answers
 * most questions of the moves without the solver:
 *
 * - "-2+1": remove two orbits a, b of givens, add one empty orbit c so
 *   the puzzle is unique again: one orbit fewer. c must meet every set
 *   that only a and b met, so it lies in the intersection of those sets;
 *   most pairs have none and cost nothing. The candidates left are tested
 *   by the solver; each other solution it finds is a new set that cuts
 *   the candidates down.
 * - "-1+1": the same with one orbit: another puzzle with as many givens
 *   on the same grid (a step along a plateau, which opens new pairs).
 * - "perturb": remove a few orbits, complete to a random other solution,
 *   add random givens of it until unique, minimize: a step to another
 *   grid, and the way up when the bounds ask for more givens.
 *
 * Every new puzzle within the bounds is emitted once. A job does a fixed
 * amount of work, so what it emits depends on (seed, job) only. A rating
 * hook could steer the search by adding its score to an entry's loss. */
#include <stdlib.h>
#include <string.h>

#include "core/bits.h"
#include "gen.h"
#include "solver/solver.h"

enum {
  POOL = 40,          /* puzzles kept */
  GRIDS = 12,         /* grids with a set database */
  DBMAX = 1536,       /* sets per grid */
  SEEN_CAP = 1 << 14, /* hashes of puzzles emitted or explored */
  GRID_PATIENCE = 60  /* explorations of a grid without progress */
};

typedef struct gridctx {
  uint8_t sol[81];
  int n, base, next; /* sets; the cheap ones; replacement cursor */
  nn_bb set[DBMAX];
  int best;    /* fewest givens seen on this grid */
  int stale;   /* explorations since it improved */
  int emitted; /* puzzles emitted with this grid */
  int live;
} gridctx;

typedef struct entry {
  nonet__puz p;
  double loss;
  uint64_t hash;
  int grid;
  int explored;
} entry;

typedef struct search {
  nonet__gen *g;
  entry e[POOL];
  int n;
  gridctx grid[GRIDS];
  nn_bb orbit[81]; /* cells of each orbit */
  /* the scan of one puzzle against its grid's sets */
  nn_bb pset[81]; /* per orbit: AND of the sets only it meets */
  int np[81];     /* how many such sets */
  int rank[81], nclue, clue[81];
  nn_bb qset[81][81]; /* per pair of clue ranks: AND of the sets only
                         the two meet */
  int lo, hi;         /* bounds on the minimal puzzles looked for */
  int pad;            /* not minimal: add givens up to min_clues */
  uint64_t seen[SEEN_CAP];
  int nseen;
  uint64_t job;
  nonet_gen_emit_fn emit;
  void *ctx;
  long made;
  int stop;               /* emit said stop */
  int full;               /* the set of puzzles seen is full: job done */
  unsigned long long end; /* the job's budget: solver calls */
  int policy;             /* how fresh and perturbed puzzles are minimized */
} search;

/* ---- bit sets of cells --------------------------------------------------- */

/* The orbit of the lowest cell of a non-empty set. */
NONET_INLINE int first_orbit(const search *s, nn_bb b) {
  return s->g->orb.of[bb_first(b)];
}

/* ---- hashes -------------------------------------------------------------- */

static uint64_t hash_cells(const uint8_t c[81]) {
  uint64_t h = 0x9e3779b97f4a7c15ull;
  for (int i = 0; i < 81; i++) {
    h ^= c[i] + 1u + ((uint64_t)i << 8);
    h *= 0xff51afd7ed558ccdull;
    h ^= h >> 32;
  }
  return h ? h : 1;
}

/* Adds h to the set of puzzles seen; 0 when it was there, or when the
 * set is full (which ends the job). `tag` keeps emitted and explored
 * puzzles apart. */
static int remember(search *s, uint64_t h, uint64_t tag) {
  h ^= tag;
  if (!h) h = 1;
  if (s->nseen >= SEEN_CAP / 2) {
    s->full = 1;
    return 0;
  }
  unsigned k = (unsigned)h & (SEEN_CAP - 1);
  while (s->seen[k]) {
    if (s->seen[k] == h) return 0;
    k = (k + 1) & (SEEN_CAP - 1);
  }
  s->seen[k] = h;
  s->nseen++;
  return 1;
}

#define TAG_EMIT 0
#define TAG_EXPLORED 0x5bd1e9955bd1e995ull

/* ---- the database of a grid ---------------------------------------------- */

/* Adds the cells where alt differs from the grid (closed under the
 * symmetry: a symmetric puzzle meets a set through whole orbits). */
static int db_add(search *s, gridctx *gc, const uint8_t *alt) {
  nn_bb set = NN_BB_EMPTY;
  for (int i = 0; i < 81; i++)
    if (alt[i] != gc->sol[i]) bb_set(&set, i);
  if (bb_empty(set)) return -1;
  if (s->g->symmetry != NONET_SYMMETRY_NONE)
    for (int k = 0; k < s->g->orb.n; k++)
      if (bb_meets(s->orbit[k], set)) set = bb_or(set, s->orbit[k]);
  int slot;
  if (gc->n < DBMAX) {
    slot = gc->n++;
  } else {
    slot = gc->next++;
    if (gc->next >= DBMAX) gc->next = gc->base;
  }
  gc->set[slot] = set;
  return slot;
}

static void on_alt(void *ctx, const nonet__puz *p, const uint8_t alt[81]) {
  search *s = ctx;
  (void)p;
  /* the grid is the one of the puzzle being minimized: found by sol */
  for (int k = 0; k < GRIDS; k++)
    if (s->grid[k].live && memcmp(s->grid[k].sol, p->sol, 81) == 0) {
      db_add(s, &s->grid[k], alt);
      return;
    }
}

/* A grid slot for a new solution grid: a free one, else the one with no
 * puzzle in the pool that was used least recently. */
static int grid_new(search *s, const uint8_t sol[81]) {
  int users[GRIDS] = {0};
  for (int k = 0; k < s->n; k++) users[s->e[k].grid]++;
  int slot = -1;
  for (int k = 0; k < GRIDS && slot < 0; k++)
    if (!s->grid[k].live) slot = k;
  for (int k = 0; k < GRIDS && slot < 0; k++)
    if (!users[k]) slot = k;
  if (slot < 0) {
    /* every grid is in use: drop the pool entries of the stalest one */
    slot = 0;
    for (int k = 1; k < GRIDS; k++)
      if (s->grid[k].stale > s->grid[slot].stale) slot = k;
    for (int k = 0; k < s->n;)
      if (s->e[k].grid == slot)
        s->e[k] = s->e[--s->n];
      else
        k++;
  }
  gridctx *gc = &s->grid[slot];
  memcpy(gc->sol, sol, 81);
  gc->n = gc->next = 0;
  gc->best = 82;
  gc->stale = 0;
  gc->emitted = 0;
  gc->live = 1;
  nonet__usets u;
  nonet__usets_find(&u, sol);
  for (int k = 0; k < u.n && gc->n < DBMAX; k++) {
    nn_bb set = u.set[k];
    if (s->g->symmetry != NONET_SYMMETRY_NONE)
      for (int o = 0; o < s->g->orb.n; o++)
        if (bb_meets(s->orbit[o], set)) set = bb_or(set, s->orbit[o]);
    gc->set[gc->n++] = set;
  }
  gc->base = gc->next = gc->n;
  return slot;
}

/* Which sets of the grid's database each clue orbit of p meets alone, and
 * each pair of clue orbits meets alone. */
static void scan(search *s, const gridctx *gc, const nonet__puz *p) {
  const nonet__orbits *orb = &s->g->orb;
  s->nclue = 0;
  for (int k = 0; k < orb->n; k++) {
    s->rank[k] = -1;
    if (p->cell[orb->cells[k][0]]) {
      s->rank[k] = s->nclue;
      s->clue[s->nclue++] = k;
      s->pset[k] = (nn_bb){~0ull, ~0ull};
      s->np[k] = 0;
    }
  }
  for (int a = 0; a < s->nclue; a++)
    for (int b = a + 1; b < s->nclue; b++)
      s->qset[a][b] = (nn_bb){~0ull, ~0ull};
  for (int i = 0; i < gc->n; i++) {
    nn_bb h = bb_and(gc->set[i], p->given);
    if (bb_empty(h)) continue; /* only for a puzzle that is not unique */
    int a = first_orbit(s, h);
    h = bb_andn(h, s->orbit[a]);
    if (bb_empty(h)) {
      s->pset[a] = bb_and(s->pset[a], gc->set[i]);
      s->np[a]++;
      continue;
    }
    int b = first_orbit(s, h);
    h = bb_andn(h, s->orbit[b]);
    if (bb_any(h)) continue;
    int ra = s->rank[a], rb = s->rank[b];
    if (ra > rb) {
      int t = ra;
      ra = rb;
      rb = t;
    }
    s->qset[ra][rb] = bb_and(s->qset[ra][rb], gc->set[i]);
  }
}

/* ---- solver questions ---------------------------------------------------- */

/* A solution of q other than q->sol, knowing that any such solution
 * differs from it on one of the cells rc[0..nrc) (empty in q). Returns 1
 * with it in alt, 0 when q is unique. */
static int other_solution(nonet__gen *g, const nonet__puz *q, const uint8_t *rc,
                          int nrc, uint8_t alt[81]) {
  uint16_t allowed[81];
  for (int i = 0; i < 81; i++)
    allowed[i] = q->cell[i] ? (uint16_t)(1u << (q->cell[i] - 1)) : 0x1ff;
  for (int t = 0; t < nrc; t++) {
    uint16_t bit = (uint16_t)(1u << (q->sol[rc[t]] - 1));
    allowed[rc[t]] = (uint16_t)(0x1ff & ~bit);
    g->n.solver_calls++;
    if (nonet__solve_masks(allowed, alt, 1, NULL, 0) > 0) return 1;
    allowed[rc[t]] = bit;
  }
  return 0;
}

/* ---- offering new puzzles ------------------------------------------------ */

/* Emits p when it is within the clue bounds (after adding givens when
 * redundant ones are allowed) and new. */
static void offer_emit(search *s, const nonet__puz *p, int gi) {
  nonet__gen *g = s->g;
  const nonet_gen_options *o = g->opt;
  gridctx *gc = &s->grid[gi];
  nonet__puz q = *p;
  if (s->stop || (o->per_grid && gc->emitted >= o->per_grid)) return;
  if (s->pad && o->min_clues && q.clues < o->min_clues) {
    /* add random orbits of the solution that fit under max_clues */
    uint8_t order[81];
    int m = 0;
    for (int k = 0; k < g->orb.n; k++)
      if (!q.cell[g->orb.cells[k][0]]) order[m++] = (uint8_t)k;
    for (int a = 0; a < m && q.clues < o->min_clues; a++) {
      int b = a + (int)nonet_rng_below(&g->rng, (uint32_t)(m - a));
      uint8_t k = order[b];
      order[b] = order[a];
      if (o->max_clues && q.clues + g->orb.size[k] > o->max_clues) continue;
      nonet__orbit_add(g, &q, k);
    }
  }
  if (!nonet__clues_ok(o, q.clues)) return;
  if (!remember(s, hash_cells(q.cell), TAG_EMIT)) return;
  int r = nonet__gen_emit(g, &q, s->job, s->emit, s->ctx);
  if (r > 0) {
    s->made++;
    /* a grid that has given all it may is not explored further */
    if (o->per_grid && ++gc->emitted >= o->per_grid) gc->stale = GRID_PATIENCE;
  }
  if (r < 0) s->stop = 1;
}

static double loss_of(search *s, int clues) {
  double d = clues > s->hi ? clues - s->hi : clues < s->lo ? s->lo - clues : 0;
  return d + (double)nonet_rng_below(&s->g->rng, 1024) / 1024.0;
}

/* Puts a minimal puzzle of grid gi in the pool when it is new and better
 * than the worst one kept. */
static void offer_pool(search *s, const nonet__puz *p, int gi) {
  uint64_t h = hash_cells(p->cell);
  for (int k = 0; k < s->n; k++)
    if (s->e[k].hash == h) return;
  double loss = loss_of(s, p->clues);
  int slot;
  if (s->n < POOL) {
    slot = s->n++;
  } else {
    /* explored puzzles give way first: they only serve to perturb */
    slot = 0;
    for (int k = 1; k < s->n; k++)
      if (s->e[k].loss + 2 * s->e[k].explored >
          s->e[slot].loss + 2 * s->e[slot].explored)
        slot = k;
    if (s->e[slot].loss + 2 * s->e[slot].explored <= loss) return;
  }
  s->e[slot].p = *p;
  s->e[slot].loss = loss;
  s->e[slot].hash = h;
  s->e[slot].grid = gi;
  s->e[slot].explored = 0;
  gridctx *gc = &s->grid[gi];
  if (p->clues < gc->best) {
    gc->best = p->clues;
    gc->stale = 0;
  }
}

static void found(search *s, const nonet__puz *p, int gi) {
  offer_emit(s, p, gi);
  offer_pool(s, p, gi);
}

/* Minimizes p, a unique puzzle on grid gi, using the grid's sets: a clue
 * that meets a set alone is needed without asking the solver. */
static void minimize_db(search *s, int gi, nonet__puz *p) {
  nonet__gen *g = s->g;
  gridctx *gc = &s->grid[gi];
  uint8_t order[81], alt[81];
  scan(s, gc, p);
  int m = 0;
  for (int a = 0; a < s->nclue; a++) order[m++] = (uint8_t)s->clue[a];
  for (int a = m - 1; a > 0; a--) {
    int b = (int)nonet_rng_below(&g->rng, (uint32_t)a + 1);
    uint8_t t = order[a];
    order[a] = order[b];
    order[b] = t;
  }
  for (int a = 0; a < m; a++) {
    int k = order[a];
    if (s->np[k]) continue;
    int r = nonet__orbit_needed(g, p, k, NULL, alt);
    if (r == 2) {
      db_add(s, gc, alt);
      s->np[k]++;
    } else if (r == 0) {
      nonet__orbit_remove(g, p, k);
      scan(s, gc, p); /* sets of k and one other are now that one's */
    }
  }
}

/* ---- moves --------------------------------------------------------------- */

/* Tries the empty orbits in (clo, chi) as a replacement for the removed
 * orbits rm[0..nr) of p (which must be removed already); every success
 * is minimized and offered. Returns the number found. */
static int replace(search *s, int gi, nonet__puz *q, const int *rm, int nr,
                   nn_bb cand) {
  nonet__gen *g = s->g;
  gridctx *gc = &s->grid[gi];
  uint8_t rc[16], alt[81];
  int nrc = 0, got = 0;
  for (int a = 0; a < nr; a++) {
    for (int t = 0; t < g->orb.size[rm[a]]; t++)
      rc[nrc++] = g->orb.cells[rm[a]][t];
    cand = bb_andn(cand, s->orbit[rm[a]]);
  }
  cand = bb_andn(cand, q->given);
  while (bb_any(cand) && !s->stop && !s->full) {
    int k = first_orbit(s, cand);
    cand = bb_andn(cand, s->orbit[k]);
    nonet__orbit_add(g, q, k);
    if (!other_solution(g, q, rc, nrc, alt)) {
      nonet__puz r = *q;
      minimize_db(s, gi, &r);
      found(s, &r, gi);
      got++;
    } else {
      /* the new set is met only by the removed orbits: the candidates
       * must be in it */
      int x = db_add(s, gc, alt);
      if (x >= 0) cand = bb_and(cand, gc->set[x]);
    }
    nonet__orbit_remove(g, q, k);
  }
  return got;
}

/* Explores the neighbours of a minimal puzzle on its grid: every "-2+1"
 * and "-1+1". */
static void explore(search *s, int ei) {
  nonet__gen *g = s->g;
  entry *e = &s->e[ei];
  int gi = e->grid;
  nonet__puz p = e->p; /* the pool may change under us */
  e->explored = 1;
  s->grid[gi].stale++;
  uint8_t alt[81];
  /* make sure every clue has a set of its own (this also checks that the
   * puzzle is minimal) */
  scan(s, &s->grid[gi], &p);
  for (int a = 0; a < s->nclue; a++) {
    int k = s->clue[a];
    if (s->np[k]) continue;
    if (nonet__orbit_needed(g, &p, k, NULL, alt) == 2)
      db_add(s, &s->grid[gi], alt);
  }
  scan(s, &s->grid[gi], &p);
  int n = s->nclue;
  int clue[81];
  memcpy(clue, s->clue, sizeof clue);
  nn_bb pset[81];
  for (int a = 0; a < n; a++) pset[a] = s->pset[clue[a]];
  /* pairs, in random order */
  int npairs = n * (n - 1) / 2;
  uint16_t *pairs = malloc((size_t)(npairs ? npairs : 1) * sizeof *pairs);
  nn_bb *pq = malloc((size_t)(npairs ? npairs : 1) * sizeof *pq);
  if (!pairs || !pq) {
    free(pairs);
    free(pq);
    s->g->nomem = 1;
    return;
  }
  int m = 0;
  for (int a = 0; a < n; a++)
    for (int b = a + 1; b < n; b++) {
      nn_bb c =
          bb_andn(bb_and(bb_and(pset[a], pset[b]), s->qset[a][b]), p.given);
      if (bb_empty(c)) continue;
      pq[m] = c;
      pairs[m++] = (uint16_t)(a * 81 + b);
    }
  for (int t = m - 1; t > 0; t--) {
    int u = (int)nonet_rng_below(&g->rng, (uint32_t)t + 1);
    uint16_t x = pairs[t];
    pairs[t] = pairs[u];
    pairs[u] = x;
    nn_bb y = pq[t];
    pq[t] = pq[u];
    pq[u] = y;
  }
  for (int t = 0; t < m && !s->stop && !s->full; t++) {
    if (g->n.solver_calls >= s->end ||
        ((t & 15) == 0 && nonet__gen_should_stop(g)))
      break;
    int a = pairs[t] / 81, b = pairs[t] % 81;
    int rm[2] = {clue[a], clue[b]};
    nonet__orbit_remove(g, &p, rm[0]);
    nonet__orbit_remove(g, &p, rm[1]);
    replace(s, gi, &p, rm, 2, pq[t]);
    nonet__orbit_add(g, &p, rm[0]);
    nonet__orbit_add(g, &p, rm[1]);
  }
  free(pairs);
  free(pq);
  /* singles */
  for (int a = 0; a < n && !s->stop && !s->full; a++) {
    if (g->n.solver_calls >= s->end || nonet__gen_should_stop(g)) break;
    int rm[1] = {clue[a]};
    nonet__orbit_remove(g, &p, rm[0]);
    replace(s, gi, &p, rm, 1, pset[a]);
    nonet__orbit_add(g, &p, rm[0]);
  }
}

/* Removes a few orbits, completes to a random solution, adds random
 * orbits of it until unique, and minimizes: a puzzle on another grid. */
static int perturb(search *s, const nonet__puz *p, nonet__puz *out, int *gi) {
  nonet__gen *g = s->g;
  uint8_t gv[81], grid[81];
  uint16_t allowed[81];
  int m = 0;
  for (int k = 0; k < g->orb.n; k++)
    if (p->cell[g->orb.cells[k][0]]) gv[m++] = (uint8_t)k;
  int d = 2 + (int)nonet_rng_below(&g->rng, 3);
  if (d > m) d = m;
  nonet__puz q = *p;
  for (int a = 0; a < d; a++) {
    int b = a + (int)nonet_rng_below(&g->rng, (uint32_t)(m - a));
    uint8_t t = gv[a];
    gv[a] = gv[b];
    gv[b] = t;
    nonet__orbit_remove(g, &q, gv[a]);
  }
  /* a random solution that differs from the grid on a removed orbit: the
   * first one where it differs is tried in turn */
  for (int i = 0; i < 81; i++)
    allowed[i] = q.cell[i] ? (uint16_t)(1u << (q.cell[i] - 1)) : 0x1ff;
  int got = 0;
  for (int a = 0; a < d && !got; a++)
    for (int t = 0; t < g->orb.size[gv[a]] && !got; t++) {
      int c = g->orb.cells[gv[a]][t];
      uint16_t bit = (uint16_t)(1u << (p->sol[c] - 1));
      allowed[c] = (uint16_t)(0x1ff & ~bit);
      got = nonet__random_solution(g, allowed, grid);
      allowed[c] = bit;
    }
  if (!got) return 0;
  if (!nonet__puz_regrid(g, &q, grid, out)) return 0;
  *gi = grid_new(s, grid);
  nonet__minimize(g, out, s->policy, on_alt, s);
  return 1;
}

/* A fresh minimal puzzle on a new random grid. */
static void fresh(search *s) {
  nonet__gen *g = s->g;
  uint8_t grid[81];
  nonet__puz p;
  nonet__random_grid(g, grid);
  int gi = grid_new(s, grid);
  nonet__puz_init(&p, grid, 1);
  nonet__minimize(g, &p, s->policy, on_alt, s);
  found(s, &p, gi);
}

/* The work of one job, in solver calls (a few tens of thousands a second
 * with the portable solver): more for rarer targets, so that a job can
 * get there from fresh puzzles. */
static unsigned long long budget(const search *s) {
  static const unsigned long long down[] = {/* at most 17 .. 24 givens */
                                            40000000, 8000000, 1000000, 250000,
                                            120000,   60000,   40000,   30000};
  unsigned long long b = 30000;
  if (s->hi < 25) b = down[s->hi < 17 ? 0 : s->hi - 17];
  int lo = s->lo;
  if (lo >= 32)
    b = b > 4000000 ? b : 4000000;
  else if (lo >= 30)
    b = b > 500000 ? b : 500000;
  else if (lo >= 28)
    b = b > 100000 ? b : 100000;
  return b;
}

/* The entry to work on: the unexplored one with the lowest loss. */
static int pick(search *s) {
  int best = -1;
  for (int k = 0; k < s->n; k++)
    if (!s->e[k].explored && s->grid[s->e[k].grid].stale < GRID_PATIENCE &&
        (best < 0 || s->e[k].loss < s->e[best].loss))
      best = k;
  return best;
}

long nonet__pool_job(nonet__gen *g, uint64_t job, nonet_gen_emit_fn emit,
                     void *ctx) {
  search *s = calloc(1, sizeof *s);
  if (!s) {
    g->nomem = 1;
    return NONET_ENOMEM;
  }
  const nonet_gen_options *o = g->opt;
  s->g = g;
  s->job = job;
  s->emit = emit;
  s->ctx = ctx;
  s->pad = !o->minimal;
  s->lo = o->minimal ? o->min_clues : 0;
  s->hi = o->max_clues ? o->max_clues : 81;
  /* few givens wanted: minimize dense areas first; many: sparse first */
  s->policy = s->hi <= 23   ? NONET__MIN_DENSE
              : s->lo >= 26 ? NONET__MIN_SPARSE
                            : NONET__MIN_RANDOM;
  for (int k = 0; k < g->orb.n; k++)
    for (int t = 0; t < g->orb.size[k]; t++)
      bb_set(&s->orbit[k], g->orb.cells[k][t]);
  for (int k = 0; k < POOL / 4 && !s->stop; k++) {
    if (nonet__gen_should_stop(g)) goto done;
    fresh(s);
  }
  s->end = g->n.solver_calls + budget(s);
  for (;;) {
    if (s->stop || s->full || g->n.solver_calls >= s->end ||
        nonet__gen_should_stop(g))
      break;
    g->n.pool_moves++;
    int e = pick(s);
    if (e >= 0 && s->e[e].p.clues >= s->lo &&
        (s->e[e].p.clues > s->hi || nonet_rng_below(&g->rng, 4))) {
      if (remember(s, s->e[e].hash, TAG_EXPLORED))
        explore(s, e);
      else
        s->e[e].explored = 1;
      continue;
    }
    /* nothing worth exploring, or the bounds want more givens: another
     * grid, from a good puzzle or from scratch */
    if (s->n && nonet_rng_below(&g->rng, 4)) {
      int a = (int)nonet_rng_below(&g->rng, (uint32_t)s->n);
      int b = (int)nonet_rng_below(&g->rng, (uint32_t)s->n);
      int k = s->e[a].loss <= s->e[b].loss ? a : b;
      nonet__puz q;
      int gi;
      nonet__puz src = s->e[k].p;
      if (perturb(s, &src, &q, &gi)) found(s, &q, gi);
    } else {
      fresh(s);
    }
  }
done:;
  long made = s->made;
  if (s->stop) g->stopped = 1;
  free(s);
  return made;
}
