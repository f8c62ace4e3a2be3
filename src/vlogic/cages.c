/* cages.c: cage combinations. A cage's empty cells hold different digits,
 * not placed elsewhere in the cage, adding up to its sum less the placed
 * ones: only the digit sets with that sum whose digits the cells'
 * candidates can take one each fit, and each cell keeps the digits it
 * takes in some fitting set. Of the cages that yield, the one with the
 * fewest fitting sets is shown (the easiest to see).
 *
 * Step data: units[0] the cage; cells: its empty cells; sum: what they
 * add up to; combos: the fitting sets (the first 8; ncombos counts
 * them); digits: the digits the cells keep. */
#include "vlogic/vlogic.h"

int nonet__vl_cage_combination(const vl_grid *g, int tech, nonet_vstep *s) {
  /* the cage whose fitting sets are fewest is the easiest to see */
  int best = -1, best_sets = 0;
  for (int k = 0; k < g->ncages; k++) {
    vl_sumset q;
    uint32_t possible[VL_MAXN];
    int ncombos = 0, yields = 0;
    if (nonet__vl_sumset_of(g, g->cage_cells + g->cage_at[k], g->cage_n[k],
                            g->cage_sum[k], 1, &q) < 0 ||
        !q.k ||
        nonet__vl_sumset_solve(&q, possible, NULL, NULL, 0, &ncombos) != 1)
      continue;
    for (int j = 0; j < q.k; j++) yields |= (q.cand[j] & ~possible[j]) != 0;
    if (yields && (best < 0 || ncombos < best_sets))
      best = k, best_sets = ncombos;
  }
  if (best < 0) return 0;
  vl_sumset q;
  uint32_t possible[VL_MAXN], combos[8];
  int ncombos = 0;
  nonet__vl_sumset_of(g, g->cage_cells + g->cage_at[best], g->cage_n[best],
                      g->cage_sum[best], 1, &q);
  nonet__vl_sumset_solve(&q, possible, NULL, combos, 8, &ncombos);
  nonet__vl_begin(g, s, tech);
  nonet__vl_elim_outside(g, s, q.cells, q.k, possible);
  nonet__vl_cage(g, s, best);
  s->nbase = 1;
  for (int j = 0; j < q.k; j++) {
    nonet__vl_cell(s, q.cells[j]);
    s->digits |= possible[j];
  }
  s->sum = q.sum;
  s->ncombos = (uint16_t)ncombos;
  for (int j = 0; j < ncombos && j < 8; j++) s->combos[j] = combos[j];
  if (ncombos > 8) s->truncated = 1;
  return 1;
}
