/* trial.c: the last resort, clearly not logic: trial and error. For a
 * cell with the fewest candidates, each candidate is tried by the solver
 * with the digits placed so far; a candidate that leaves no solution is
 * removed. For a puzzle with one solution this removes all but the
 * cell's true digit. Cells are tried from the fewest candidates up until
 * one yields something.
 *
 * Step data: cells[0] the cell tried; digits: its candidates. */
#include <string.h>

#include "vlogic/vlogic.h"

int nonet__vl_trial(const vl_grid *g, int tech, nonet_vstep *s) {
  uint8_t puzzle[VL_MAXC];
  memcpy(puzzle, g->cells, (size_t)g->nn);
  for (int want = 2; want <= g->n; want++)
    for (int i = 0; i < g->nn; i++) {
      uint32_t m = g->cand[i];
      if (g->cells[i] || vl_pop(m) != want) continue;
      nonet__vl_begin(g, s, tech);
      nonet__vl_cell(s, i);
      s->digits = m;
      for (uint32_t r = m; r; r &= r - 1) {
        puzzle[i] = (uint8_t)(vl_ctz(r) + 1);
        long found = nonet_variant_solve(g->v, puzzle, NULL, 1, NULL);
        if (found < 0) return found == NONET_ENOMEM ? NONET_ENOMEM : 0;
        if (found == 0) nonet__vl_elim(s, i, vl_ctz(r) + 1);
      }
      puzzle[i] = 0;
      if (s->nelim == want) s->nelim = 0; /* no solution at all */
      if (s->nelim) return 1;
    }
  return 0;
}
