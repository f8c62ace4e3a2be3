/* singles.c: full house (the last empty cell of a house takes the digit
 * the house lacks), naked single (a cell with one candidate) and hidden
 * single (a digit with one place left in a house), over every house:
 * rows, columns, boxes or regions, diagonals, windows, disjoint groups.
 *
 * Step data: units[0] the house (naked single: the cell's box or region,
 * for the nudge); cells[0] the cell. */
#include "vlogic/vlogic.h"

/* The box or region house of a cell (houses 2N .. 3N-1). */
static int region_house(const vl_grid *g, int cell) {
  for (int k = 0; k < g->nhc[cell]; k++)
    if (g->hc[cell][k] >= 2 * g->n && g->hc[cell][k] < 3 * g->n)
      return g->hc[cell][k];
  return g->hc[cell][0];
}

/* Writes the step: digit `bit` in `cell`, seen in house h. */
static int single(const vl_grid *g, nonet_vstep *s, int tech, int h, int cell,
                  uint32_t bit) {
  nonet__vl_begin(g, s, tech);
  nonet__vl_house(g, s, h);
  s->nbase = 1;
  nonet__vl_cell(s, cell);
  s->digits = bit;
  nonet__vl_place_step(s, cell, vl_ctz(bit) + 1);
  return 1;
}

int nonet__vl_full_house(const vl_grid *g, int tech, nonet_vstep *s) {
  for (int h = 0; h < g->nh; h++) {
    int empty = -1, count = 0;
    for (int k = 0; k < g->n && count < 2; k++)
      if (!g->cells[g->house[h][k]]) empty = g->house[h][k], count++;
    if (count != 1) continue;
    uint32_t missing = g->all & ~nonet__vl_house_placed(g, h);
    if (vl_pop(missing) == 1 && g->cand[empty] & missing)
      return single(g, s, tech, h, empty, missing);
  }
  return 0;
}

int nonet__vl_naked_single(const vl_grid *g, int tech, nonet_vstep *s) {
  for (int i = 0; i < g->nn; i++) {
    if (!g->cells[i] && vl_pop(g->cand[i]) == 1)
      return single(g, s, tech, region_house(g, i), i, g->cand[i]);
  }
  return 0;
}

int nonet__vl_hidden_single(const vl_grid *g, int tech, nonet_vstep *s) {
  for (int h = 0; h < g->nh; h++) {
    uint32_t need = g->all & ~nonet__vl_house_placed(g, h);
    for (uint32_t m = need; m; m &= m - 1) {
      uint32_t bit = m & -m;
      int at = -1, count = 0;
      for (int k = 0; k < g->n && count < 2; k++)
        if (g->cand[g->house[h][k]] & bit) at = g->house[h][k], count++;
      if (count == 1) return single(g, s, tech, h, at, bit);
    }
  }
  return 0;
}
