/* grid.c: the working candidate grid: loading it from a state, placing
 * digits and removing candidates while the derived views (boards per
 * digit, positions per unit) stay in step. */
#include <string.h>

#include "logic/grid.h"

void nonet__grid_load(nn_grid *g, const nonet_logic_state *s) {
  g->st = *s;
  memset(g->dig, 0, sizeof g->dig);
  memset(g->upos, 0, sizeof g->upos);
  memset(g->placed, 0, sizeof g->placed);
  g->empty = NN_BB_EMPTY;
  for (int i = 0; i < 81; i++) {
    const uint8_t *u = nonet__cell_units[i];
    if (s->cells[i]) {
      g->st.cand[i] = 0;
      if (s->cells[i] <= 9)
        for (int j = 0; j < 3; j++)
          g->placed[u[j]] |= (uint16_t)(1u << (s->cells[i] - 1));
      continue;
    }
    bb_set(&g->empty, i);
    unsigned m = s->cand[i] & NONET_ALL_DIGITS;
    g->st.cand[i] = (nonet_mask)m;
    while (m) {
      int k = nn_ctz(m);
      m &= m - 1;
      bb_set(&g->dig[k], i);
      for (int j = 0; j < 3; j++)
        g->upos[k][u[j]] |= (uint16_t)(1u << nonet__cell_pos[i][j]);
    }
  }
}

void nonet__grid_elim(nn_grid *g, int cell, int k) {
  if (!((g->st.cand[cell] >> k) & 1)) return;
  g->st.cand[cell] &= (nonet_mask) ~(1u << k);
  bb_clr(&g->dig[k], cell);
  for (int j = 0; j < 3; j++)
    g->upos[k][nonet__cell_units[cell][j]] &=
        (uint16_t) ~(1u << nonet__cell_pos[cell][j]);
}

void nonet__grid_place(nn_grid *g, int cell, int k) {
  unsigned m = g->st.cand[cell];
  while (m) {
    int j = nn_ctz(m);
    m &= m - 1;
    nonet__grid_elim(g, cell, j);
  }
  g->st.cells[cell] = (uint8_t)(k + 1);
  bb_clr(&g->empty, cell);
  for (int j = 0; j < 3; j++)
    g->placed[nonet__cell_units[cell][j]] |= (uint16_t)(1u << k);
  nn_bb p = bb_and(nonet__peer_bb[cell], g->dig[k]);
  BB_FOR(i, p) nonet__grid_elim(g, i, k);
}

int nonet__grid_apply(nn_grid *g, const nonet_step *s) {
  for (int j = 0; j < s->nplace; j++) {
    int c = s->place[j].cell, d = s->place[j].digit;
    if (c > 80 || d < 1 || d > 9 || !g_has(g, c, d - 1)) return NONET_EINVAL;
  }
  for (int j = 0; j < s->nplace; j++)
    if (g->st.cells[s->place[j].cell] == 0 &&
        g_has(g, s->place[j].cell, s->place[j].digit - 1))
      nonet__grid_place(g, s->place[j].cell, s->place[j].digit - 1);
  for (int j = 0; j < s->nelim; j++) {
    int c = s->elim[j].cell, d = s->elim[j].digit;
    if (c <= 80 && d >= 1 && d <= 9) nonet__grid_elim(g, c, d - 1);
  }
  return NONET_OK;
}
