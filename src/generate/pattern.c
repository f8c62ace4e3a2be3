/* pattern.c: finding a puzzle whose givens are exactly a pattern's
 * cells (pattern_text.c reads patterns).
 *
 * The search keeps a solution grid G and scores it by the number of
 * solutions (up to a limit) of G restricted to the pattern. A move frees
 * a given and up to two of its peers and takes a random other solution
 * of what is left, which changes G on that given; moves that do not make
 * the count worse are kept. The given to change is one that is not
 * needed (when the puzzle is unique but not minimal), or one that sees a
 * cell where another solution differs from G. */
#include <stdio.h>
#include <string.h>

#include "gen.h"
#include "solver/solver.h"

/* ---- searching ---------------------------------------------------------- */

enum {
  PATTERN_GRIDS = 24,  /* fresh random grids tried first */
  PATTERN_MOVES = 600, /* then local-search moves, per job */
  PATTERN_LIMIT = 24   /* solutions counted to score a grid */
};

/* How far grid G is from giving a puzzle on the pattern. */
typedef struct verdict {
  long count; /* solutions of G on the pattern, up to the limit; a
                 unique puzzle that is not minimal when it must be
                 counts 2 */
  int focus;  /* -1, or a cell the next move should change: a
                 redundant given, or a cell next to where another
                 solution differs from G */
} verdict;

static int is_peer(int a, int b) {
  return a / 9 == b / 9 || a % 9 == b % 9 ||
         (a / 27 == b / 27 && a % 9 / 3 == b % 9 / 3);
}

static verdict judge(nonet__gen *g, const uint8_t *pc, int n,
                     const uint8_t grid[81], nonet__puz *p) {
  verdict v = {0, -1};
  nonet__puz_init(p, grid, 0);
  for (int t = 0; t < n; t++) nonet__puz_add(p, pc[t]);
  g->n.solver_calls++;
  v.count = nonet__solve(p->cell, NULL, PATTERN_LIMIT, NULL);
  if (v.count == 1) {
    if (g->opt->minimal)
      for (int k = 0; k < g->orb.n; k++)
        if (p->cell[g->orb.cells[k][0]] &&
            !nonet__orbit_needed(g, p, k, NULL, NULL)) {
          v.count = 2;
          v.focus = g->orb.cells[k][0];
          break;
        }
    return v;
  }
  /* another solution shows where the givens leave room: change a given
   * that sees one of the cells where it differs */
  uint16_t allowed[81];
  uint8_t alt[81];
  for (int i = 0; i < 81; i++)
    allowed[i] = p->cell[i] ? (uint16_t)(1u << (p->cell[i] - 1)) : 0x1ff;
  if (v.count > 1 && nonet__random_solution(g, allowed, alt) &&
      memcmp(alt, grid, 81) != 0) {
    uint8_t d[81], near[81];
    int nd = 0, nn = 0;
    for (int i = 0; i < 81; i++)
      if (alt[i] != grid[i]) d[nd++] = (uint8_t)i;
    int y = d[nonet_rng_below(&g->rng, (uint32_t)nd)];
    for (int t = 0; t < n; t++)
      if (is_peer(pc[t], y)) near[nn++] = pc[t];
    if (nn) v.focus = near[nonet_rng_below(&g->rng, (uint32_t)nn)];
  }
  return v;
}

long nonet__pattern_job(nonet__gen *g, uint64_t job, nonet_gen_emit_fn emit,
                        void *ctx) {
  uint8_t pc[81], grid[81], best[81];
  int n = 0;
  for (int i = 0; i < 81; i++)
    if (g->opt->pattern[i]) pc[n++] = (uint8_t)i;
  nonet__puz p;
  verdict cur = {PATTERN_LIMIT + 1, -1};
  for (int t = 0; t < PATTERN_GRIDS; t++) {
    if (nonet__gen_should_stop(g)) return 0;
    nonet__random_grid(g, grid);
    verdict v = judge(g, pc, n, grid, &p);
    if (v.count == 1) return nonet__gen_emit(g, &p, job, emit, ctx);
    if (v.count < cur.count) {
      cur = v;
      memcpy(best, grid, 81);
    }
  }
  uint16_t allowed[81];
  for (int m = 0; m < PATTERN_MOVES; m++) {
    if (nonet__gen_should_stop(g)) return 0;
    g->n.pool_moves++;
    for (int i = 0; i < 81; i++) allowed[i] = 0x1ff;
    for (int t = 0; t < n; t++)
      allowed[pc[t]] = (uint16_t)(1u << (best[pc[t]] - 1));
    /* change the focus cell (or a random given), and free up to two
     * givens among its peers */
    int c0 =
        cur.focus >= 0 ? cur.focus : pc[nonet_rng_below(&g->rng, (uint32_t)n)];
    allowed[c0] = (uint16_t)(0x1ff & ~allowed[c0]);
    int k = (int)nonet_rng_below(&g->rng, 3);
    for (int t = 0; t < k; t++) {
      int c = pc[nonet_rng_below(&g->rng, (uint32_t)n)];
      if (c != c0 && is_peer(c, c0)) allowed[c] = 0x1ff;
    }
    if (!nonet__random_solution(g, allowed, grid)) {
      cur.focus = -1;
      continue;
    }
    verdict v = judge(g, pc, n, grid, &p);
    if (v.count == 1) return nonet__gen_emit(g, &p, job, emit, ctx);
    /* sideways moves keep the search from sticking; rarely a worse one */
    if (v.count <= cur.count || nonet_rng_below(&g->rng, 16) == 0) {
      cur = v;
      memcpy(best, grid, 81);
    } else {
      cur.focus = -1;
    }
  }
  return 0;
}
