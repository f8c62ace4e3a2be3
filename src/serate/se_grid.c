/* se_grid.c: the rater's candidate grid, applying steps, step names. */
#include <stdio.h>

#include "se.h"

int nonet__se_grid_init(se_grid *g, const uint8_t cells[81]) {
  memset(g, 0, sizeof *g);
  /* digits given in each unit; a digit given twice in a unit is a
   * conflict */
  unsigned used[27] = {0};
  int conflict = 0;
  for (int c = 0; c < 81; c++) {
    g->val[c] = cells[c];
    if (!cells[c]) continue;
    unsigned bit = 1u << (cells[c] - 1);
    for (int k = 0; k < 3; k++) {
      int u = SE_CELL_UNIT[c][k];
      conflict |= (used[u] & bit) != 0;
      used[u] |= bit;
    }
  }
  for (int c = 0; c < 81; c++) {
    if (cells[c]) continue;
    const uint8_t *cu = SE_CELL_UNIT[c];
    unsigned m = 0x1ff & ~(used[cu[0]] | used[cu[1]] | used[cu[2]]);
    g->cand[c] = (uint16_t)m;
    for (int k = 0; k < 3; k++)
      g->empty[cu[k]] |= (uint16_t)(1u << SE_CELL_INDEX[c][k]);
    for (; m; m &= m - 1) {
      int d = nn_ctz(m);
      bb_set(&g->dig[d], c);
      for (int k = 0; k < 3; k++)
        g->pos[cu[k]][d] |= (uint16_t)(1u << SE_CELL_INDEX[c][k]);
    }
  }
  nonet__se_grid_refresh(g);
  return conflict;
}

void nonet__se_grid_refresh(se_grid *g) {
  for (int u = 0; u < 27; u++) {
    g->single[u] = 0;
    for (int d = 0; d < 9; d++)
      if (pc9(g->pos[u][d]) == 1) g->single[u] |= (uint16_t)(1u << d);
  }
  g->nsingle.lo = g->nsingle.hi = 0;
  for (int c = 0; c < 81; c++)
    if (pc9(g->cand[c]) == 1) bb_set(&g->nsingle, c);
}

void nonet__se_place(se_grid *g, int c, int d) {
  const uint8_t *cu = SE_CELL_UNIT[c], *ci = SE_CELL_INDEX[c];
  for (unsigned m = g->cand[c]; m; m &= m - 1) {
    int v = nn_ctz(m);
    bb_clr(&g->dig[v], c);
    for (int k = 0; k < 3; k++) {
      unsigned p = g->pos[cu[k]][v] &= (uint16_t) ~(1u << ci[k]);
      if (p && !(p & (p - 1)))
        g->single[cu[k]] |= (uint16_t)(1u << v);
      else
        g->single[cu[k]] &= (uint16_t) ~(1u << v);
    }
  }
  g->cand[c] = 0;
  bb_clr(&g->nsingle, c);
  g->val[c] = (uint8_t)(d + 1);
  for (int k = 0; k < 3; k++) g->empty[cu[k]] &= (uint16_t) ~(1u << ci[k]);
  /* only the peers that still have d */
  nn_bb peers = bb_and(SE_PEER_BB[c], g->dig[d]);
  while (!bb_empty(peers)) se_remove(g, bb_pop(&peers), d);
}

int nonet__se_hint_worth(const se_hint *h) {
  if (h->cell >= 0) return 1;
  for (int c = 0; c < 81; c++)
    if (h->elim[c]) return 1;
  return 0;
}

void nonet__se_apply(se_grid *g, const se_hint *h) {
  /* most steps place a digit and remove nothing: skip empty stretches of
   * the eliminations four cells at a time */
  for (int c = 0; c < 80; c += 4) {
    uint64_t w;
    memcpy(&w, h->elim + c, sizeof w);
    if (!w) continue;
    for (int i = c; i < c + 4; i++)
      for (unsigned m = h->elim[i]; m; m &= m - 1) se_remove(g, i, nn_ctz(m));
  }
  for (unsigned m = h->elim[80]; m; m &= m - 1) se_remove(g, 80, nn_ctz(m));
  if (h->cell >= 0) nonet__se_place(g, h->cell, h->digit);
}

/* SE's suffix for nested chains (Chaining.getNestedSuffix). */
static const char *nested_suffix(int level) {
  switch (level) {
  case 1:
    return " (+)";
  case 2:
    return " (+ Forcing Chains)";
  case 3:
    return " (+ Multiple Forcing Chains)";
  case 4:
    return " (+ Dynamic Forcing Chains)";
  case 5:
    return " (+ Dynamic Forcing Chains (+ Forcing Chains))";
  default:
    return "";
  }
}

void nonet__se_hint_name(const se_hint *h, char *buf, size_t cap) {
  switch (h->tech) {
  case SE_T_UNIQUE_LOOP:
    if (h->size > 6)
      snprintf(buf, cap, "Unique Loop %d type %d", h->size, h->sub);
    else
      snprintf(buf, cap, "Unique %s type %d",
               h->size == 4 ? "Rectangle" : "Loop", h->sub);
    return;
  case SE_T_BUG:
    snprintf(buf, cap, "BUG type %d", h->sub);
    return;
  case SE_T_CYCLE:
    snprintf(buf, cap, "%s",
             h->sub == SE_CH_XY  ? "Bidirectional Cycle"
             : h->sub == SE_CH_Y ? "Bidirectional Y-Cycle"
             : h->size == 4      ? "Generalized X-Wing"
                                 : "Bidirectional X-Cycle");
    return;
  case SE_T_FORCING_CHAIN:
    snprintf(buf, cap, "%s",
             h->sub == SE_CH_XY ? "Forcing Chain"
             : h->size == 6     ? "Turbot Fish"
                                : "Forcing X-Chain");
    return;
  case SE_T_CELL_FC:
  case SE_T_REGION_FC:
  case SE_T_CONTRADICTION_FC:
  case SE_T_DOUBLE_FC: {
    /* level: 0 multiple (static), 1 dynamic, 2 + n nested level n */
    const char *kind = h->tech == SE_T_CELL_FC     ? "Cell Forcing"
                       : h->tech == SE_T_REGION_FC ? "Region Forcing"
                       : h->tech == SE_T_DOUBLE_FC ? "Double Forcing"
                                                   : "Contradiction Forcing";
    snprintf(buf, cap, "%s%s Chains%s", h->level ? "Dynamic " : "", kind,
             h->level >= 2 ? nested_suffix(h->level - 1) : "");
    return;
  }
  default:
    snprintf(buf, cap, "%s",
             h->tech < SE_T_COUNT ? nonet__se_techs[h->tech].name : "?");
  }
}
