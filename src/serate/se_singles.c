/* se_singles.c: hidden singles (1.0 full house, 1.2 box, 1.5 row or
 * column) and naked singles (2.3), in SE's order.
 *
 * Hidden singles: first the units with a single empty cell (full houses),
 * then the others; each time boxes, then columns, then rows; within a
 * kind units 0..8 and digits 1..9. Naked singles: cells in row-major
 * order. */
#include "se.h"

static int scan(const se_grid *g, int first_unit, int alone_only, se_acc *acc) {
  for (int u = first_unit; u < first_unit + 9; u++) {
    if (!g->single[u]) continue;
    int alone = se_unit_empty(g, u) == 1;
    if (alone != alone_only) continue;
    for (unsigned ms = g->single[u]; ms; ms &= ms - 1) {
      int d = nn_ctz(ms);
      unsigned pos = g->pos[u][d];
      se_hint h;
      se_hint_clear(&h);
      h.tech = alone                  ? SE_T_FULL_HOUSE
               : first_unit == SE_BOX ? SE_T_HIDDEN_SINGLE_BOX
                                      : SE_T_HIDDEN_SINGLE_LINE;
      h.diff = nonet__se_diff(h.tech);
      h.cell = (int8_t)SE_UNIT[u][nn_ctz(pos)];
      h.digit = (uint8_t)d;
      if (acc->add(acc, &h)) return 1;
    }
  }
  return 0;
}

int nonet__se_hidden_single(const se_grid *g, se_acc *acc) {
  static const int order[3] = {SE_BOX, SE_COL, SE_ROW};
  for (int alone = 1; alone >= 0; alone--)
    for (int k = 0; k < 3; k++)
      if (scan(g, order[k], alone, acc)) return 1;
  return 0;
}

int nonet__se_naked_single(const se_grid *g, se_acc *acc) {
  for (nn_bb cells = g->nsingle; !bb_empty(cells);) {
    int c = bb_pop(&cells);
    unsigned m = g->cand[c];
    {
      se_hint h;
      se_hint_clear(&h);
      h.tech = SE_T_NAKED_SINGLE;
      h.diff = nonet__se_diff(h.tech);
      h.cell = (int8_t)c;
      h.digit = (uint8_t)nn_ctz(m);
      if (acc->add(acc, &h)) return 1;
    }
  }
  return 0;
}
