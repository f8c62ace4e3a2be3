/* pointing.c: relation pointing, locked candidates through the variant's
 * relations. Digit d must go in one of its places in group A (a house, or
 * a cage whose every fitting digit set holds d); when each place, were it
 * d, would rule out digit e in cell X (X sees it through a house, a cage,
 * a knight's or king's move; or, on a nonconsecutive grid, X is its
 * orthogonal neighbour and e = d - 1 or d + 1; or X is the place itself
 * and e another digit), X is not e whichever place takes d. Where X sees
 * every place through one house this is Locked Candidates, found before.
 *
 * Step data: units[0] A; digits: d; cells: d's places in A;
 * eliminations. On a nonconsecutive grid also the cell form (a cell's
 * candidates instead of a digit's places: try_cell). */
#include <string.h>

#include "vlogic/vlogic.h"

/* Tries digit bit of group a: 1 when a step was written. What d in a
 * place p rules out is, in another cell, d where it sees p, and on a
 * nonconsecutive grid d - 1 and d + 1 in p's orthogonal neighbours; in p
 * itself its other digits. So what every place rules out is d in the
 * cells that see them all, and d +- 1 in the cells that are each place
 * or next to it (with two places or more, only those). */
static int try_digit(const vl_grid *g, int tech, nonet_vstep *s, int a,
                     uint32_t bit) {
  const uint16_t *ac;
  int an = nonet__vl_group_cells(g, a, &ac), np = 0;
  uint16_t places[VL_MAXN];
  vl_bits all; /* the cells that see every place */
  for (int j = 0; j < an; j++)
    if (!g->cells[ac[j]] && g->cand[ac[j]] & bit) {
      const vl_bits *pe = &g->peers[ac[j]];
      for (int w = 0; w < VL_WORDS; w++)
        all.w[w] = np ? all.w[w] & pe->w[w] : pe->w[w];
      places[np++] = ac[j];
    }
  if (np < 2) return 0; /* a hidden single, or nothing */
  uint64_t any = 0;
  for (int w = 0; w < VL_WORDS; w++) {
    uint64_t m = all.w[w], has = 0;
    for (; m; m &= m - 1) {
      int c = w * 64 + nn_ctz64(m);
      if (c < g->nn && (g->cand[c] & bit)) has |= m & -m;
    }
    all.w[w] = has;
    any |= has;
  }
  /* nonconsecutive: the cells each place is or is next to */
  uint16_t near[5];
  uint32_t near_kill[5];
  int nnear = 0;
  uint32_t next = ((bit << 1) | (bit >> 1)) & g->all;
  if (g->nonconsecutive && np <= 5 && next) { /* a cell and 4 next */
    uint16_t maybe[5];
    int nm = 0;
    maybe[nm++] = places[0];
    for (int j = 0; j < g->nadj[places[0]]; j++)
      maybe[nm++] = g->adj[places[0]][j];
    for (int i = 0; i < nm; i++) {
      int x = maybe[i], ok = !g->cells[x] && (g->cand[x] & next);
      for (int j = 1; j < np && ok; j++) {
        int p = places[j], adj = x == p;
        for (int t = 0; t < g->nadj[p] && !adj; t++) adj = g->adj[p][t] == x;
        ok = adj;
      }
      if (ok) {
        near[nnear] = (uint16_t)x;
        near_kill[nnear++] = g->cand[x] & next;
      }
    }
  }
  if (!any && !nnear) return 0;
  nonet__vl_begin(g, s, tech);
  for (int c = 0; c < g->nn; c++) { /* in the order of the cells */
    uint32_t m = vl_has(&all, c) ? bit : 0;
    for (int i = 0; i < nnear; i++)
      if (near[i] == c) m |= near_kill[i];
    for (; m; m &= m - 1) nonet__vl_elim(s, c, vl_ctz(m) + 1);
  }
  nonet__vl_group_unit(g, s, a);
  s->nbase = 1;
  s->digits = bit;
  for (int j = 0; j < np; j++) nonet__vl_cell(s, places[j]);
  return 1;
}

/* The cell form, on a nonconsecutive grid: a cell must hold one of its
 * candidates, and each rules out, in an orthogonal neighbour, itself and
 * the digits next to it; what they all rule out goes (r8c4 3 or 5: its
 * neighbours are not 4). Those are the digits e with every candidate
 * within e - 1 .. e + 1: none when the candidates span more than 3.
 * Step data: no unit; cells: the cell; digits: its candidates. */
static int try_cell(const vl_grid *g, int tech, nonet_vstep *s, int c) {
  uint32_t m = g->cand[c]; /* (none: a caller's state may have such a cell) */
  if (!m || !(m & (m - 1))) return 0;
  uint32_t gone = nn_near_forbidden(m) & g->all;
  if (!gone) return 0;
  nonet__vl_begin(g, s, tech);
  for (int j = 0; j < g->nadj[c]; j++) { /* neighbours in cell order */
    int y = g->adj[c][j];
    for (uint32_t e = g->cells[y] ? 0 : g->cand[y] & gone; e; e &= e - 1)
      nonet__vl_elim(s, y, vl_ctz(e) + 1);
  }
  if (!s->nelim) return 0;
  s->digits = m;
  nonet__vl_cell(s, c);
  return 1;
}

int nonet__vl_pointing(const vl_grid *g, int tech, nonet_vstep *s) {
  for (int j = 0; j < g->nh + g->ncages; j++) { /* houses, then cages */
    int a = j < g->nh ? j : -1 - (j - g->nh);
    for (uint32_t m = nonet__vl_group_needs(g, a); m; m &= m - 1)
      if (try_digit(g, tech, s, a, m & -m)) return 1;
  }
  for (int c = 0; g->nonconsecutive && c < g->nn; c++) /* then cells */
    if (!g->cells[c] && try_cell(g, tech, s, c)) return 1;
  return 0;
}
