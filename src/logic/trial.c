/* trial.c: the last resort, clearly not logic: trial and error. For a
 * cell with the fewest candidates, each candidate is tried by a search
 * (the solver) under the current candidates; those that leave no
 * solution are removed. For a puzzle with one solution this removes all
 * but the cell's true digit. Cells are tried from the fewest candidates
 * up until one yields something (puzzles with several solutions may
 * yield nothing).
 *
 * The searches share a budget of guesses. On a grid from a puzzle each
 * takes a few hundred at most (the largest seen on hardest1106: 250 for
 * one search, 392 for one call of the finder), but candidates typed by
 * hand can leave most cells open with a contradiction deep down, where
 * one search for one solution took 36 million guesses (8 s). When the
 * budget runs out the finder stops: a candidate whose search did not
 * end is not removed (only what a finished search proves is said).
 *
 * Step data: cells[0] the cell tried. */
#include "logic/grid.h"
#include "solver/solver.h"

enum { TRIAL_BUDGET = 100000 }; /* guesses a call, about 20 ms */

int nonet__find_trial(const nn_grid *g, int tech, nn_sink *k) {
  (void)tech;
  unsigned long long left = TRIAL_BUDGET;
  uint16_t allowed[81];
  for (int i = 0; i < 81; i++)
    allowed[i] =
        g->st.cells[i] ? (uint16_t)(1u << (g->st.cells[i] - 1)) : g->st.cand[i];
  for (int want = 2; want <= 9; want++) {
    nn_bb e = g->empty;
    BB_FOR(cell, e) {
      unsigned m = g->st.cand[cell];
      if (pc9(m) != want) continue;
      nonet_step *s = k->step;
      step_begin(s, NONET_TECH_TRIAL);
      step_cell(s, cell, 0);
      int spent = 0;
      for (unsigned r = m; r && !spent; r &= r - 1) {
        int d = nn_ctz(r);
        allowed[cell] = (uint16_t)(1u << d);
        unsigned long long used = 0;
        long n = nonet__solve_masks(allowed, NULL, 1, &used, left);
        left -= used;
        if (n == 0) step_elim(s, cell, d);
        if (n < 0 || left == 0) spent = 1; /* (a budget of 0 is none) */
      }
      allowed[cell] = (uint16_t)m;
      if (s->nelim == want)
        s->nelim = 0; /* no solution at all: nothing sound to say */
      if (s->nelim) {
        s->digits = (nonet_mask)m;
        if (sink_emit(k)) return 1;
      }
      if (spent) return 0;
    }
  }
  return 0;
}
