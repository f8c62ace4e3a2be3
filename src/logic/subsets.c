/* subsets.c: naked and hidden pairs, triples and quads.
 * Naked: n cells of a unit whose candidates together are n digits; the
 * other cells of the unit lose those digits. Hidden: n digits whose
 * places in a unit are together n cells; those cells lose every other
 * digit.
 *
 * Step data: digits (the n digits), cells (role 0, the n cells),
 * units[0] the unit. */
#include "core/combos.h"
#include "logic/grid.h"

typedef struct subset_search {
  const nn_grid *g;
  nn_sink *k;
  int tech, n, unit;
  int hidden;
  int items[9], nitems; /* cells (naked) or digits (hidden) to choose */
  uint16_t masks[9];    /* their digits (naked) or positions (hidden) */
} subset_search;

/* a set: `chosen` the items (bits), `uni` their masks' union */
static int report(void *ctx, unsigned chosen, unsigned uni) {
  subset_search *q = ctx;
  const nn_grid *g = q->g;
  nonet_step *s = q->k->step;
  int u = q->unit;
  step_begin(s, q->tech);
  step_unit(s, u, 1);
  if (!q->hidden) {
    /* uni: the digits; the chosen cells hold them all */
    s->digits = (nonet_mask)uni;
    nn_bb cells = NN_BB_EMPTY;
    for (unsigned m = chosen; m; m &= m - 1)
      bb_set(&cells, q->items[nn_ctz(m)]);
    step_cells(s, cells, 0);
    nn_bb rest = bb_andn(bb_and(nonet__unit_bb[u], g->empty), cells);
    for (unsigned m = uni; m; m &= m - 1) {
      int d = nn_ctz(m);
      step_elims(s, bb_and(rest, g->dig[d]), d);
    }
  } else {
    /* uni: positions in the unit; the chosen digits */
    unsigned digits = 0;
    for (unsigned m = chosen; m; m &= m - 1)
      digits |= 1u << q->items[nn_ctz(m)];
    s->digits = (nonet_mask)digits;
    for (unsigned m = uni; m; m &= m - 1) {
      int cell = nonet__unit_cells[u][nn_ctz(m)];
      step_cell(s, cell, 0);
      for (unsigned o = g->st.cand[cell] & ~digits; o; o &= o - 1)
        step_elim(s, cell, nn_ctz(o));
    }
  }
  return sink_emit(q->k);
}

int nonet__find_subsets(const nn_grid *g, int tech, nn_sink *k) {
  subset_search q;
  q.g = g;
  q.k = k;
  q.tech = tech;
  switch (tech) {
  case NONET_TECH_NAKED_PAIR:
    q.n = 2, q.hidden = 0;
    break;
  case NONET_TECH_NAKED_TRIPLE:
    q.n = 3, q.hidden = 0;
    break;
  case NONET_TECH_NAKED_QUAD:
    q.n = 4, q.hidden = 0;
    break;
  case NONET_TECH_HIDDEN_PAIR:
    q.n = 2, q.hidden = 1;
    break;
  case NONET_TECH_HIDDEN_TRIPLE:
    q.n = 3, q.hidden = 1;
    break;
  default:
    q.n = 4, q.hidden = 1;
    break;
  }
  for (int u = 0; u < 27; u++) {
    q.unit = u;
    q.nitems = 0;
    int open = 0;
    if (!q.hidden) {
      for (int j = 0; j < 9; j++) {
        int c = nonet__unit_cells[u][j];
        unsigned m = g->st.cand[c];
        if (g->st.cells[c] || !m) continue;
        open++;
        int n = pc9(m);
        if (n >= 2 && n <= q.n) {
          q.items[q.nitems] = c;
          q.masks[q.nitems++] = (uint16_t)m;
        }
      }
    } else {
      for (int d = 0; d < 9; d++) {
        unsigned p = g->upos[d][u];
        if (!p) continue;
        open++;
        int n = pc9(p);
        if (n >= 2 && n <= q.n) {
          q.items[q.nitems] = d;
          q.masks[q.nitems++] = (uint16_t)p;
        }
      }
    }
    /* a subset must leave at least one other open cell (digit) */
    if (open <= q.n || q.nitems < q.n) continue;
    if (nn_combos(q.masks, q.nitems, q.n, NN_LEX, report, &q)) return 1;
  }
  return 0;
}
