/* trial.c: the last resort, clearly not logic: trial and error. For a
 * cell with the fewest candidates, each candidate is tried by the solver
 * with the digits placed so far; a candidate that leaves no solution is
 * removed. For a puzzle with one solution this removes all but the
 * cell's true digit. Cells are tried from the fewest candidates up until
 * one yields something. The caller's stop (nonet_vlogic_find_until) is
 * asked before each search and by the search.
 *
 * Step data: cells[0] the cell tried; digits: its candidates. */
#include <string.h>

#include "vlogic/vlogic.h"

int nonet__vl_trial(const vl_grid *g, int tech, nonet_vstep *s) {
  uint8_t puzzle[VL_MAXC];
  memcpy(puzzle, g->cells, (size_t)g->nn);
  /* the finder runs this only for a puzzle with one solution, which the
   * state holds: while the placed digits are its own, its digit of a
   * cell leaves a solution (that one), and only the others are searched */
  const uint8_t *sol = g->st->solution;
  int agree = 1;
  for (int i = 0; i < g->nn && agree; i++)
    agree = !g->cells[i] || g->cells[i] == sol[i];
  for (int want = 2; want <= g->n; want++)
    for (int i = 0; i < g->nn; i++) {
      uint32_t m = g->cand[i];
      if (g->cells[i] || vl_pop(m) != want) continue;
      nonet__vl_begin(g, s, tech);
      nonet__vl_cell(s, i);
      s->digits = m;
      for (uint32_t r = m; r; r &= r - 1) {
        puzzle[i] = (uint8_t)(vl_ctz(r) + 1);
        if (agree && puzzle[i] == sol[i]) continue;
        /* asked before each search too: many short ones add up */
        if (g->stop && g->stop(g->stop_ctx)) return NONET_ESTOPPED;
        long found = nonet_variant_solve_until(g->v, puzzle, NULL, 1, g->stop,
                                               g->stop_ctx, NULL);
        if (found == NONET_ESTOPPED || found == NONET_ENOMEM) return (int)found;
        if (found < 0) return 0;
        if (found == 0) nonet__vl_elim(s, i, vl_ctz(r) + 1);
      }
      puzzle[i] = 0;
      if (s->nelim == want) s->nelim = 0; /* no solution at all */
      if (s->nelim) return 1;
    }
  return 0;
}
