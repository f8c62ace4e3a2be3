/* singles.c: full house, naked single, hidden single.
 *
 * Step data: cells[0] the cell; units[0] the unit (full house, hidden
 * single; variant = 0 box, 1 row, 2 column for hidden singles). */
#include "logic/grid.h"

static int full_house(const nn_grid *g, nn_sink *k) {
  nonet_step *s = k->step;
  for (int u = 0; u < 27; u++) {
    if (pc9(g->placed[u]) != 8) continue;
    nn_bb e = bb_and(nonet__unit_bb[u], g->empty);
    if (bb_empty(e) || bb_many(e)) continue;
    int cell = bb_first(e);
    unsigned m = g->st.cand[cell];
    if (!m || (m & (m - 1))) continue;
    step_begin(s, NONET_TECH_FULL_HOUSE);
    step_cell(s, cell, 0);
    step_unit(s, u, 1);
    step_place(s, cell, nn_ctz(m));
    s->digits = (nonet_mask)m;
    if (sink_emit(k)) return 1;
  }
  return 0;
}

static int naked_single(const nn_grid *g, nn_sink *k) {
  nonet_step *s = k->step;
  nn_bb b = bb_and(g_single(g), g->empty);
  BB_FOR(cell, b) {
    unsigned m = g->st.cand[cell];
    step_begin(s, NONET_TECH_NAKED_SINGLE);
    step_cell(s, cell, 0);
    step_place(s, cell, nn_ctz(m));
    s->digits = (nonet_mask)m;
    if (sink_emit(k)) return 1;
  }
  return 0;
}

/* boxes first (the easiest to see), then rows, then columns */
static const uint8_t hidden_unit_order[3][2] = {{18, 0}, {0, 1}, {9, 2}};

static int hidden_single(const nn_grid *g, nn_sink *k) {
  nonet_step *s = k->step;
  for (int o = 0; o < 3; o++) {
    int base = hidden_unit_order[o][0];
    for (int u = base; u < base + 9; u++) {
      for (int d = 0; d < 9; d++) {
        unsigned p = g->upos[d][u];
        if (!p || (p & (p - 1))) continue;
        int cell = nonet__unit_cells[u][nn_ctz(p)];
        step_begin(s, NONET_TECH_HIDDEN_SINGLE);
        s->variant = hidden_unit_order[o][1];
        step_cell(s, cell, 0);
        step_unit(s, u, 1);
        step_place(s, cell, d);
        s->digits = (nonet_mask)(1u << d);
        if (sink_emit(k)) return 1;
      }
    }
  }
  return 0;
}

int nonet__find_singles(const nn_grid *g, int tech, nn_sink *k) {
  switch (tech) {
  case NONET_TECH_FULL_HOUSE:
    return full_house(g, k);
  case NONET_TECH_NAKED_SINGLE:
    return naked_single(g, k);
  case NONET_TECH_HIDDEN_SINGLE:
    return hidden_single(g, k);
  }
  return 0;
}
