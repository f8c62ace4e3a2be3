/* generate_pool.c: the search for puzzles within clue bounds. A job keeps
 * a small pool of minimal puzzles ranked by their distance to the bounds
 * and improves it with local moves instead of drawing fresh puzzles
 * blindly:
 *
 * - "-2+1": remove two orbits of givens of a puzzle and add one other
 *   orbit of the same solution so that the puzzle is unique again (then
 *   minimize): one orbit fewer. Every other solution of the smaller
 *   puzzle differs from the grid on the cells where it differs, so the
 *   orbit added must meet all of those sets; each solution the solver
 *   finds cuts the candidates down, and few need a test of their own.
 * - "-1+1": the same with one orbit removed: another puzzle with as many
 *   givens on the same grid, which opens new "-2+1" moves.
 * - "perturb": remove a few orbits, complete to a random other solution,
 *   add random givens of it until unique, minimize: a step to another
 *   grid (and the way up when the bounds ask for more givens).
 *
 * Every new puzzle within the bounds is emitted once. The job's work is
 * a fixed number of moves, so what it emits depends on (seed, job) only.
 * A rating hook could rank the pool by adding its score to `loss`. */
#include <stdlib.h>
#include <string.h>

#include "gen.h"
#include "solver.h"

enum {
  POOL = 24,        /* puzzles kept */
  JOB_MOVES = 2000, /* moves per job */
  PAIR_TRIES = 16,  /* "-2+1" pairs tried per move */
  SEEN_CAP = 4096   /* hashes of puzzles emitted (power of two) */
};

typedef struct entry {
  nonet__puz p;
  double loss;
  uint64_t hash;
  unsigned fails; /* moves from this puzzle that found nothing */
} entry;

typedef struct pool {
  nonet__gen *g;
  entry e[POOL];
  int n;
  int lo, hi; /* bounds on the minimal puzzles looked for */
  int pad;    /* not minimal: add givens up to min_clues */
  uint64_t seen[SEEN_CAP];
  int nseen;
  uint64_t job;
  nonet_gen_emit_fn emit;
  void *ctx;
  long made;
} pool;

static uint64_t hash_cells(const uint8_t c[81]) {
  uint64_t h = 0x9e3779b97f4a7c15ull;
  for (int i = 0; i < 81; i++) {
    h ^= c[i] + 1u + ((uint64_t)i << 8);
    h *= 0xff51afd7ed558ccdull;
    h ^= h >> 32;
  }
  return h ? h : 1;
}

static double distance(const pool *pl, int clues) {
  return clues > pl->hi ? clues - pl->hi : clues < pl->lo ? pl->lo - clues : 0;
}

/* Adds h to the emitted set; 0 when it was there (or the set is full). */
static int remember(pool *pl, uint64_t h) {
  if (pl->nseen >= SEEN_CAP / 2) return 0;
  unsigned k = (unsigned)h & (SEEN_CAP - 1);
  while (pl->seen[k]) {
    if (pl->seen[k] == h) return 0;
    k = (k + 1) & (SEEN_CAP - 1);
  }
  pl->seen[k] = h;
  pl->nseen++;
  return 1;
}

/* Emits p when it is within the clue bounds (after adding givens when
 * redundant ones are allowed). Returns -1 when the caller said stop. */
static int offer_emit(pool *pl, const nonet__puz *p) {
  nonet__gen *g = pl->g;
  const nonet_gen_options *o = g->opt;
  nonet__puz q = *p;
  if (pl->pad && o->min_clues && q.clues < o->min_clues) {
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
      for (int t = 0; t < g->orb.size[k]; t++)
        nonet__puz_add(&q, g->orb.cells[k][t]);
    }
  }
  if (!nonet__clues_ok(o, q.clues)) return 0;
  if (!remember(pl, hash_cells(q.cell))) return 0;
  int r = nonet__gen_emit(g, &q, pl->job, pl->emit, pl->ctx);
  if (r > 0) pl->made++;
  return r < 0 ? -1 : 0;
}

/* Puts a minimal puzzle in the pool when it is new and better than the
 * worst one kept. */
static void offer_pool(pool *pl, const nonet__puz *p) {
  uint64_t h = hash_cells(p->cell);
  for (int k = 0; k < pl->n; k++)
    if (pl->e[k].hash == h) return;
  double loss = distance(pl, p->clues) +
                (double)nonet_rng_below(&pl->g->rng, 1024) / 1024.0;
  int slot;
  if (pl->n < POOL) {
    slot = pl->n++;
  } else {
    slot = 0;
    for (int k = 1; k < pl->n; k++)
      if (pl->e[k].loss > pl->e[slot].loss) slot = k;
    if (pl->e[slot].loss <= loss) return;
  }
  pl->e[slot].p = *p;
  pl->e[slot].loss = loss;
  pl->e[slot].hash = h;
  pl->e[slot].fails = 0;
}

/* A new minimal puzzle: offered to the caller and to the pool. */
static int found(pool *pl, const nonet__puz *p) {
  if (offer_emit(pl, p) < 0) return -1;
  offer_pool(pl, p);
  return 0;
}

/* ---- other solutions -------------------------------------------------- */

/* A solution of q other than q->sol, given that every such solution
 * differs from q->sol on one of the cells rc[0..nrc) (empty in q): the
 * first cell where it differs is tried in turn. Returns 1 with it in
 * alt, 0 when there is none (q is unique). */
static int other_solution(nonet__gen *g, const nonet__puz *q,
                          const uint8_t *rc, int nrc, uint8_t alt[81]) {
  uint16_t allowed[81];
  for (int i = 0; i < 81; i++)
    allowed[i] = q->cell[i] ? (uint16_t)(1u << (q->cell[i] - 1)) : 0x1ff;
  for (int t = 0; t < nrc; t++) {
    uint16_t bit = (uint16_t)(1u << (q->sol[rc[t]] - 1));
    allowed[rc[t]] = (uint16_t)(0x1ff & ~bit);
    g->n.solver_calls++;
    if (nonet__solve_masks(allowed, alt, 1, NULL) > 0) return 1;
    allowed[rc[t]] = bit;
  }
  return 0;
}

/* Keeps the candidate orbits that meet the cells where alt differs from
 * the solution. */
static int filter(const nonet__gen *g, const nonet__puz *q, const uint8_t *alt,
                  uint8_t *cand, int nc) {
  int m = 0;
  for (int a = 0; a < nc; a++) {
    int k = cand[a], hit = 0;
    for (int t = 0; t < g->orb.size[k] && !hit; t++)
      hit = alt[g->orb.cells[k][t]] != q->sol[g->orb.cells[k][t]];
    if (hit) cand[m++] = (uint8_t)k;
  }
  return m;
}

/* Removes the orbits rm[0..nr) from p (a minimal puzzle) and looks for
 * one other orbit that makes it unique again. On success p holds the new
 * puzzle and 1 is returned; otherwise p is unchanged. */
static int minus_plus_one(nonet__gen *g, nonet__puz *p, const int *rm,
                          int nr) {
  uint8_t rc[16], cand[81], alt[81];
  int nrc = 0, nc = 0;
  for (int a = 0; a < nr; a++)
    for (int t = 0; t < g->orb.size[rm[a]]; t++) {
      rc[nrc++] = g->orb.cells[rm[a]][t];
      nonet__puz_remove(p, g->orb.cells[rm[a]][t]);
    }
  int ok = 0;
  if (other_solution(g, p, rc, nrc, alt)) {
    for (int k = 0; k < g->orb.n; k++) {
      int skip = p->cell[g->orb.cells[k][0]] != 0;
      for (int a = 0; a < nr && !skip; a++) skip = rm[a] == k;
      if (!skip) cand[nc++] = (uint8_t)k;
    }
    nc = filter(g, p, alt, cand, nc);
    while (nc > 0 && !ok) {
      int a = (int)nonet_rng_below(&g->rng, (uint32_t)nc);
      int k = cand[a];
      cand[a] = cand[--nc];
      for (int t = 0; t < g->orb.size[k]; t++)
        nonet__puz_add(p, g->orb.cells[k][t]);
      if (!other_solution(g, p, rc, nrc, alt)) {
        ok = 1;
        break;
      }
      for (int t = 0; t < g->orb.size[k]; t++)
        nonet__puz_remove(p, g->orb.cells[k][t]);
      nc = filter(g, p, alt, cand, nc);
    }
  }
  if (!ok)
    for (int t = 0; t < nrc; t++) nonet__puz_add(p, rc[t]);
  return ok;
}

/* ---- moves --------------------------------------------------------------- */

/* Orbits given in p, in random order. */
static int given_orbits(nonet__gen *g, const nonet__puz *p, uint8_t *out) {
  int m = 0;
  for (int k = 0; k < g->orb.n; k++)
    if (p->cell[g->orb.cells[k][0]]) out[m++] = (uint8_t)k;
  for (int a = m - 1; a > 0; a--) {
    int b = (int)nonet_rng_below(&g->rng, (uint32_t)a + 1);
    uint8_t t = out[a];
    out[a] = out[b];
    out[b] = t;
  }
  return m;
}

/* "-2+1" on random pairs; 1 with a new minimal puzzle in out. */
static int move_down(nonet__gen *g, const nonet__puz *p, nonet__puz *out) {
  uint8_t gv[81];
  int m = given_orbits(g, p, gv);
  if (m < 2) return 0;
  for (int t = 0; t < PAIR_TRIES; t++) {
    int a = (int)nonet_rng_below(&g->rng, (uint32_t)m);
    int b = (int)nonet_rng_below(&g->rng, (uint32_t)m - 1);
    if (b >= a) b++;
    int rm[2] = {gv[a], gv[b]};
    *out = *p;
    if (minus_plus_one(g, out, rm, 2)) {
      nonet__minimize(g, out, NULL);
      return 1;
    }
  }
  return 0;
}

/* "-1+1": another puzzle on the same grid. */
static int move_side(nonet__gen *g, const nonet__puz *p, nonet__puz *out) {
  uint8_t gv[81];
  int m = given_orbits(g, p, gv);
  for (int t = 0; t < m && t < 4; t++) {
    int rm[1] = {gv[t]};
    *out = *p;
    if (minus_plus_one(g, out, rm, 1)) {
      nonet__minimize(g, out, NULL);
      return 1;
    }
  }
  return 0;
}

/* Remove a few orbits, complete to a random solution, add random orbits
 * of it until unique, minimize. */
static int move_perturb(nonet__gen *g, const nonet__puz *p, nonet__puz *out) {
  uint8_t gv[81], order[81], grid[81];
  uint16_t allowed[81];
  int m = given_orbits(g, p, gv);
  int d = 2 + (int)nonet_rng_below(&g->rng, 2);
  if (d > m) d = m;
  nonet__puz q = *p;
  for (int a = 0; a < d; a++)
    for (int t = 0; t < g->orb.size[gv[a]]; t++)
      nonet__puz_remove(&q, g->orb.cells[gv[a]][t]);
  for (int i = 0; i < 81; i++)
    allowed[i] = q.cell[i] ? (uint16_t)(1u << (q.cell[i] - 1)) : 0x1ff;
  if (!nonet__random_solution(g, allowed, grid)) return 0;
  nonet__puz_init(out, grid, 0);
  for (int i = 0; i < 81; i++)
    if (q.cell[i]) nonet__puz_add(out, i);
  int n = 0;
  for (int k = 0; k < g->orb.n; k++)
    if (!out->cell[g->orb.cells[k][0]]) order[n++] = (uint8_t)k;
  for (int a = 0;; a++) {
    g->n.solver_calls++;
    if (nonet__solve(out->cell, NULL, 2, NULL) == 1) break;
    if (a == n) return 0; /* cannot happen: all givens is unique */
    int b = a + (int)nonet_rng_below(&g->rng, (uint32_t)(n - a));
    uint8_t k = order[b];
    order[b] = order[a];
    order[a] = k;
    for (int t = 0; t < g->orb.size[k]; t++)
      nonet__puz_add(out, g->orb.cells[k][t]);
  }
  nonet__minimize(g, out, NULL);
  return 1;
}

/* A fresh minimal puzzle. */
static void fresh(nonet__gen *g, nonet__puz *out) {
  uint8_t grid[81];
  nonet__random_grid(g, grid);
  nonet__puz_init(out, grid, 1);
  nonet__minimize(g, out, NULL);
}

/* Picks a pool entry: the better of two drawn at random. */
static int pick(pool *pl) {
  int a = (int)nonet_rng_below(&pl->g->rng, (uint32_t)pl->n);
  int b = (int)nonet_rng_below(&pl->g->rng, (uint32_t)pl->n);
  return pl->e[a].loss <= pl->e[b].loss ? a : b;
}

long nonet__pool_job(nonet__gen *g, uint64_t job, nonet_gen_emit_fn emit,
                     void *ctx) {
  pool *pl = calloc(1, sizeof *pl);
  if (!pl) return NONET_ENOMEM;
  const nonet_gen_options *o = g->opt;
  pl->g = g;
  pl->job = job;
  pl->emit = emit;
  pl->ctx = ctx;
  pl->pad = !o->minimal;
  pl->lo = o->minimal ? o->min_clues : 0;
  pl->hi = o->max_clues ? o->max_clues : 81;
  nonet__puz p, q;
  for (int k = 0; k < POOL; k++) {
    if (nonet__gen_should_stop(g)) goto done;
    fresh(g, &p);
    if (found(pl, &p) < 0) goto done;
  }
  for (int mv = 0; mv < JOB_MOVES; mv++) {
    if (nonet__gen_should_stop(g)) break;
    g->n.pool_moves++;
    int e = pick(pl);
    const nonet__puz *cur = &pl->e[e].p;
    int ok;
    if (cur->clues > pl->hi) {
      ok = move_down(g, cur, &q) || move_side(g, cur, &q);
    } else if (cur->clues < pl->lo) {
      ok = move_perturb(g, cur, &q);
    } else {
      unsigned r = nonet_rng_below(&g->rng, 4);
      ok = r == 0   ? move_perturb(g, cur, &q)
           : r == 1 ? move_side(g, cur, &q)
                    : move_down(g, cur, &q) || move_side(g, cur, &q);
    }
    if (!ok) {
      /* a puzzle that leads nowhere gives way to a perturbed or fresh one */
      if (++pl->e[e].fails >= 4) {
        if (!move_perturb(g, cur, &q)) fresh(g, &q);
        pl->e[e].loss = 1e9;
        ok = 1;
      } else {
        continue;
      }
    }
    if (found(pl, &q) < 0) break;
  }
done:;
  long made = pl->made;
  free(pl);
  return made;
}
