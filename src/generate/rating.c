/* rating.c: generating puzzles within a band of Sudoku Explainer
 * ratings (nonet_gen_options.rating_min / rating_max, ER in tenths).
 *
 * Filtering (rating every fresh minimal puzzle and keeping those in the
 * band) is what nonet__gen_emit does for any job. Steering, the default,
 * is a job of its own: a local search that starts from a fresh minimal
 * puzzle and, while the puzzle's ER is outside the band, walks to a
 * neighbour:
 *
 * - "swap": remove one orbit of givens (the puzzle now has other
 *   solutions, each differing from the grid on that orbit); add an empty
 *   orbit where one of them differs, until the puzzle is unique again;
 *   minimize. Another minimal puzzle on the same grid that shares most
 *   givens, so usually a similar rating: a small step.
 * - "hop": remove two orbits, take a random other solution as the new
 *   grid, add random orbits of it until unique, minimize: a larger step,
 *   onto another grid.
 *
 * A neighbour replaces the current puzzle when its distance to the band
 * (band_loss) is no larger, so the walk drifts along plateaus of equal
 * ER; after PATIENCE moves without a strict improvement it restarts
 * from a fresh puzzle. A job makes at most MOVES moves and emits the
 * first puzzle inside the band, so what it emits depends on (seed, job)
 * only. Hard bands gain most: a puzzle near a 7.x puzzle is far more
 * often 8.x than a fresh one. */
#include <string.h>

#include "core/bits.h"
#include "gen.h"
#include "solver/solver.h"

#define ALL 0x1ffu

enum {
  MOVES = 400,   /* moves (and fresh puzzles) per job */
  PATIENCE = 40, /* moves without strict improvement before a restart */
  NEAR = 15,     /* a fresh puzzle further than this (tenths of ER) from
                    the band is replaced at once, not walked from */
  WALK_MIN = 80  /* the walk only for bands from this ER up: measured,
                    for commoner bands it costs more ratings than drawing
                    fresh puzzles (Expert: 16.5 ratings a puzzle walking,
                    10.2 fresh) */
};

/* ---- the band ------------------------------------------------------------ */

/* Distance of a rating to the band, in tenths of ER (0 inside). Below the
 * band, a harder first step (ED) and a harder start up to the first
 * placement (EP) count a little: they break ties on plateaus of equal ER
 * in the direction of harder puzzles. */
static double band_loss(const nonet_gen_options *o, const nonet_rating *r) {
  if (o->rating_min && r->er < o->rating_min)
    return (o->rating_min - r->er) + 0.05 * (o->rating_min - r->ep) +
           0.02 * (o->rating_min - r->ed);
  if (o->rating_max && r->er > o->rating_max)
    return (r->er - o->rating_max) +
           (r->ep > o->rating_max ? 0.05 * (r->ep - o->rating_max) : 0) +
           (r->ed > o->rating_max ? 0.02 * (r->ed - o->rating_max) : 0);
  return 0;
}

/* The order of removals steers too. Removing first the givens whose
 * cells see the most givens (DENSE) gives far fewer puzzles that need
 * chains: measured on fresh minimal puzzles, ER < 2.0 for 45% of them
 * instead of 30%, and much cheaper ratings for bands below 7.0. For
 * bands that reach 7.0 the random order with singles-forced givens
 * first (RANDOM) gives the most hard puzzles (ER >= 8.0: 2.6%, against
 * 0.5% for DENSE). */
static int removal_policy(const nonet_gen_options *o) {
  return o->rating_max && o->rating_max < 70 ? NONET__MIN_DENSE
                                             : NONET__MIN_RANDOM;
}

/* ---- moves --------------------------------------------------------------- */

/* A random solution of q other than q->sol, knowing that every such
 * solution differs from it on one of the cells rc[0..nrc): 1 with it in
 * alt, 0 when q is unique. */
static int other_solution(nonet__gen *g, const nonet__puz *q, const uint8_t *rc,
                          int nrc, uint8_t alt[81]) {
  uint16_t allowed[81];
  for (int i = 0; i < 81; i++)
    allowed[i] = q->cell[i] ? (uint16_t)(1u << (q->cell[i] - 1)) : ALL;
  for (int t = 0; t < nrc; t++) {
    uint16_t bit = (uint16_t)(1u << (q->sol[rc[t]] - 1));
    allowed[rc[t]] = (uint16_t)(ALL & ~bit);
    if (nonet__random_solution(g, allowed, alt)) return 1;
    allowed[rc[t]] = bit;
  }
  return 0;
}

/* "swap": q = p with one orbit of givens replaced by others on the same
 * grid, minimized. Returns 0 when the move failed. */
static int swap_move(nonet__gen *g, const nonet__puz *p, nonet__puz *q) {
  uint8_t gv[81], rc[4], alt[81], cand[81];
  int m = nonet__given_orbits(g, p, gv);
  if (!m) return 0;
  int k = gv[0], nrc = g->orb.size[k];
  *q = *p;
  nonet__orbit_remove(g, q, k);
  memcpy(rc, g->orb.cells[k], (size_t)nrc);
  /* every other solution differs from the grid on the removed orbit; an
   * added orbit must sit where one of them differs */
  for (int round = 0; round < 12; round++) {
    if (!other_solution(g, q, rc, nrc, alt)) break;
    int nc = 0; /* an orbit with two such cells is twice as likely */
    for (int i = 0; i < 81; i++)
      if (alt[i] != q->sol[i] && !q->cell[i] && g->orb.of[i] != k)
        cand[nc++] = (uint8_t)g->orb.of[i];
    if (!nc) return 0; /* only the removed orbit tells them apart */
    nonet__orbit_add(g, q, cand[nonet_rng_below(&g->rng, (uint32_t)nc)]);
    if (round == 11) return 0;
  }
  nonet__minimize(g, q, removal_policy(g->opt), NULL, NULL);
  return 1;
}

/* "hop": two orbits removed, a random other solution as the new grid,
 * random orbits of it added until unique, minimized. */
static int hop_move(nonet__gen *g, const nonet__puz *p, nonet__puz *q) {
  uint8_t gv[81], rc[8], grid[81];
  int m = nonet__given_orbits(g, p, gv);
  int d = m < 2 ? m : 2, nrc = 0;
  if (!d) return 0;
  nonet__puz r = *p;
  for (int a = 0; a < d; a++) {
    nonet__orbit_remove(g, &r, gv[a]);
    for (int t = 0; t < g->orb.size[gv[a]]; t++)
      rc[nrc++] = g->orb.cells[gv[a]][t];
  }
  if (!other_solution(g, &r, rc, nrc, grid)) return 0;
  if (!nonet__puz_regrid(g, &r, grid, q)) return 0;
  nonet__minimize(g, q, removal_policy(g->opt), NULL, NULL);
  return 1;
}

/* A fresh minimal puzzle on a new random grid. */
static void fresh(nonet__gen *g, nonet__puz *p) {
  uint8_t grid[81];
  nonet__random_grid(g, grid);
  nonet__puz_init(p, grid, 1);
  nonet__minimize(g, p, removal_policy(g->opt), NULL, NULL);
}

/* ---- the job ------------------------------------------------------------- */

long nonet__rating_job(nonet__gen *g, uint64_t job, nonet_gen_emit_fn emit,
                       void *ctx) {
  const nonet_gen_options *o = g->opt;
  nonet__puz cur, next;
  nonet_rating rc, rn;
  double lcur = 0;
  int stale = PATIENCE; /* start with a fresh puzzle */
  for (int move = 0; move < MOVES; move++) {
    if (nonet__gen_should_stop(g)) return 0;
    if (stale >= PATIENCE) {
      fresh(g, &cur);
      nonet__rate_puz(g, &cur, &rc);
      lcur = band_loss(o, &rc);
      stale = lcur > NEAR || o->rating_min < WALK_MIN ? PATIENCE : 0;
      if (lcur == 0) break;
      continue;
    }
    g->n.rating_moves++;
    int ok = nonet_rng_below(&g->rng, 4) ? swap_move(g, &cur, &next)
                                         : hop_move(g, &cur, &next);
    if (!ok) {
      stale++;
      continue;
    }
    nonet__rate_puz(g, &next, &rn);
    double l = band_loss(o, &rn);
    stale = l < lcur ? 0 : stale + 1;
    if (l <= lcur) {
      cur = next;
      rc = rn;
      lcur = l;
      if (l == 0) break;
    }
  }
  if (lcur != 0 || !nonet__rating_in_band(o, rc.er)) return 0;
  g->rated = &rc;
  int r = nonet__gen_emit(g, &cur, job, emit, ctx);
  g->rated = NULL;
  return r > 0;
}
