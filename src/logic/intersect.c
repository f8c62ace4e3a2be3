/* intersect.c: locked candidates. Pointing (type 1): a digit's places in
 * a box all lie in one line, so the rest of the line loses it. Claiming
 * (type 2): a digit's places in a line all lie in one box, so the rest
 * of the box loses it.
 *
 * Step data: digits; units[0] the base unit (box for pointing, line for
 * claiming), units[1] the other unit; cells (role 0) the digit's places
 * in the base unit. */
#include "logic/grid.h"

static int emit(nn_sink *k, int tech, int d, int base, int other, nn_bb places,
                nn_bb elims) {
  nonet_step *s = k->step;
  step_begin(s, tech);
  s->digits = (nonet_mask)(1u << d);
  step_unit(s, base, 1);
  step_unit(s, other, 0);
  step_cells(s, places, 0);
  step_elims(s, elims, d);
  return sink_emit(k);
}

static int pointing(const nn_grid *g, nn_sink *k) {
  for (int b = 18; b < 27; b++)
    for (int d = 0; d < 9; d++) {
      nn_bb p = g_unit_dig(g, b, d);
      if (bb_empty(p) || !bb_many(p)) continue;
      int c = bb_first(p);
      for (int kind = 0; kind < 2; kind++) {
        int line = nonet__cell_units[c][kind];
        if (!bb_sub(p, nonet__unit_bb[line])) continue;
        nn_bb e = bb_andn(g_unit_dig(g, line, d), nonet__unit_bb[b]);
        if (bb_any(e) && emit(k, NONET_TECH_POINTING, d, b, line, p, e))
          return 1;
      }
    }
  return 0;
}

static int claiming(const nn_grid *g, nn_sink *k) {
  for (int line = 0; line < 18; line++)
    for (int d = 0; d < 9; d++) {
      nn_bb p = g_unit_dig(g, line, d);
      if (bb_empty(p) || !bb_many(p)) continue;
      int b = nonet__cell_units[bb_first(p)][2];
      if (!bb_sub(p, nonet__unit_bb[b])) continue;
      nn_bb e = bb_andn(g_unit_dig(g, b, d), nonet__unit_bb[line]);
      if (bb_any(e) && emit(k, NONET_TECH_CLAIMING, d, line, b, p, e)) return 1;
    }
  return 0;
}

int nonet__find_intersections(const nn_grid *g, int tech, nn_sink *k) {
  return tech == NONET_TECH_POINTING ? pointing(g, k) : claiming(g, k);
}
