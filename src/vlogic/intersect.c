/* intersect.c: locked candidates between any two groups of cells that
 * hold a digit at most once (houses of every kind, cages): when the
 * places of digit d in group A (a house, which must hold d; or a cage
 * whose every fitting digit set holds d) all lie in group B, d is in
 * A and B's common cells, and no other cell of B holds it.
 *
 * Step data: units[0] A (the base), units[1] B; digits: d; cells: d's
 * places in A. Its groups (cells, needed digits, unit) serve pointing.c
 * too. */
#include <string.h>

#include "vlogic/vlogic.h"

int nonet__vl_group_cells(const vl_grid *g, int grp, const uint16_t **cells) {
  if (grp >= 0) {
    *cells = g->house[grp];
    return g->n;
  }
  int k = -1 - grp;
  *cells = g->cage_cells + g->cage_at[k];
  return g->cage_n[k];
}

void nonet__vl_group_unit(const vl_grid *g, nonet_vstep *s, int grp) {
  if (grp >= 0)
    nonet__vl_house(g, s, grp);
  else
    nonet__vl_cage(g, s, -1 - grp);
}

uint32_t nonet__vl_group_needs(const vl_grid *g, int grp) {
  if (grp >= 0) return g->all & ~nonet__vl_house_placed(g, grp);
  int k = -1 - grp;
  vl_sumset q;
  uint32_t possible[VL_MAXN], required = 0, combos[1];
  if (nonet__vl_sumset_of(g, g->cage_cells + g->cage_at[k], g->cage_n[k],
                          g->cage_sum[k], 1, &q) < 0 ||
      nonet__vl_sumset_solve(&q, possible, &required, combos, 0, NULL) != 1)
    return 0;
  return required;
}

/* Tries A with digit bit: 1 when a step was written. */
static int try_digit(const vl_grid *g, int tech, nonet_vstep *s, int a,
                     uint32_t bit) {
  const uint16_t *ac, *bc;
  int an = nonet__vl_group_cells(g, a, &ac), np = 0;
  uint16_t places[VL_MAXN];
  vl_bits in_a;
  memset(&in_a, 0, sizeof in_a);
  for (int j = 0; j < an; j++) {
    vl_set(&in_a, ac[j]);
    if (g->cand[ac[j]] & bit) places[np++] = ac[j];
  }
  if (np < 2) return 0; /* a hidden single, or nothing */
  /* B: a house or the cage of the first place */
  int first = places[0], cand_b[9], nb = 0;
  for (int j = 0; j < g->nhc[first]; j++) cand_b[nb++] = g->hc[first][j];
  if (g->cage_of[first] >= 0) cand_b[nb++] = -1 - g->cage_of[first];
  for (int j = 0; j < nb; j++) {
    int b = cand_b[j];
    if (b == a) continue;
    int bn = nonet__vl_group_cells(g, b, &bc), all_in = 1;
    vl_bits in_b;
    memset(&in_b, 0, sizeof in_b);
    for (int t = 0; t < bn; t++) vl_set(&in_b, bc[t]);
    for (int t = 0; t < np && all_in; t++) all_in = vl_has(&in_b, places[t]);
    if (!all_in) continue;
    nonet__vl_begin(g, s, tech);
    for (int t = 0; t < bn; t++)
      if (!vl_has(&in_a, bc[t]) && g->cand[bc[t]] & bit)
        nonet__vl_elim(s, bc[t], vl_ctz(bit) + 1);
    if (!s->nelim) continue;
    nonet__vl_group_unit(g, s, a);
    s->nbase = 1;
    nonet__vl_group_unit(g, s, b);
    s->digits = bit;
    for (int t = 0; t < np; t++) nonet__vl_cell(s, places[t]);
    return 1;
  }
  return 0;
}

int nonet__vl_locked(const vl_grid *g, int tech, nonet_vstep *s) {
  for (int j = 0; j < g->nh + g->ncages; j++) { /* houses, then cages */
    int a = j < g->nh ? j : -1 - (j - g->nh);
    for (uint32_t m = nonet__vl_group_needs(g, a); m; m &= m - 1)
      if (try_digit(g, tech, s, a, m & -m)) return 1;
  }
  return 0;
}
