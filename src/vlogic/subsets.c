/* subsets.c: naked subsets (k cells of a house or cage whose candidates
 * are k digits: no other cell of it holds them) and hidden subsets (k
 * digits of a house with places in only k cells: those cells hold no
 * other digit), for k = 2, 3, 4.
 *
 * Step data: units[0] the house or cage; cells: the k cells; digits: the
 * k digits. */
#include "vlogic/vlogic.h"

typedef struct pick {
  const vl_grid *g;
  nonet_vstep *s;
  int tech, k, nunit, nitems;
  const uint16_t *unit;   /* the unit's cells */
  int house, cage;        /* which unit (one is -1) */
  uint32_t item[VL_MAXN]; /* naked: cells' candidates; hidden: places */
  int index[VL_MAXN];     /* naked: cell; hidden: digit - 1 */
  int chosen[VL_MAXN];
} pick;

static void name_unit(const pick *p) {
  if (p->house >= 0)
    nonet__vl_house(p->g, p->s, p->house);
  else
    nonet__vl_cage(p->g, p->s, p->cage);
  p->s->nbase = 1;
}

/* The unit's other cells lose the k cells' digits. */
static int naked_found(pick *p, uint32_t digits) {
  const vl_grid *g = p->g;
  nonet__vl_begin(g, p->s, p->tech);
  for (int j = 0; j < p->nunit; j++) {
    int c = p->unit[j], mine = 0;
    for (int t = 0; t < p->k; t++) mine |= p->index[p->chosen[t]] == c;
    if (mine || g->cells[c]) continue;
    for (uint32_t m = g->cand[c] & digits; m; m &= m - 1)
      nonet__vl_elim(p->s, c, vl_ctz(m) + 1);
  }
  if (!p->s->nelim) return 0;
  name_unit(p);
  for (int t = 0; t < p->k; t++) nonet__vl_cell(p->s, p->index[p->chosen[t]]);
  p->s->digits = digits;
  return 1;
}

/* The k cells lose their digits other than the k. */
static int hidden_found(pick *p, uint32_t places) {
  const vl_grid *g = p->g;
  uint32_t digits = 0;
  for (int t = 0; t < p->k; t++) digits |= 1u << p->index[p->chosen[t]];
  nonet__vl_begin(g, p->s, p->tech);
  for (uint32_t m = places; m; m &= m - 1) {
    int c = p->unit[vl_ctz(m)];
    for (uint32_t e = g->cand[c] & ~digits; e; e &= e - 1)
      nonet__vl_elim(p->s, c, vl_ctz(e) + 1);
  }
  if (!p->s->nelim) return 0;
  name_unit(p);
  for (uint32_t m = places; m; m &= m - 1)
    nonet__vl_cell(p->s, p->unit[vl_ctz(m)]);
  p->s->digits = digits;
  return 1;
}

/* Chooses items from `from` on, their union `u` so far; 1 when found. */
static int choose(pick *p, int depth, int from, uint32_t u, int naked) {
  if (depth == p->k) {
    if (vl_pop(u) != p->k) return 0;
    return naked ? naked_found(p, u) : hidden_found(p, u);
  }
  for (int j = from; j <= p->nitems - (p->k - depth); j++) {
    uint32_t v = u | p->item[j];
    if (vl_pop(v) > p->k) continue;
    p->chosen[depth] = j;
    if (choose(p, depth + 1, j + 1, v, naked)) return 1;
  }
  return 0;
}

static int naked_in(pick *p) {
  p->nitems = 0;
  for (int j = 0; j < p->nunit; j++) {
    int c = p->unit[j], n = vl_pop(p->g->cand[c]);
    if (p->g->cells[c] || n < 2 || n > p->k) continue;
    p->item[p->nitems] = p->g->cand[c];
    p->index[p->nitems++] = c;
  }
  return p->nitems >= p->k && choose(p, 0, 0, 0, 1);
}

/* 2, 3 or 4: pairs, triples, quads */
static int size_of(int tech) {
  return tech == NONET_VTECH_NAKED_PAIR || tech == NONET_VTECH_HIDDEN_PAIR ? 2
         : tech == NONET_VTECH_NAKED_TRIPLE || tech == NONET_VTECH_HIDDEN_TRIPLE
             ? 3
             : 4;
}

int nonet__vl_naked_subset(const vl_grid *g, int tech, nonet_vstep *s) {
  pick p = {g, s, tech, size_of(tech), g->n, 0, NULL, -1, -1, {0}, {0}, {0}};
  for (int h = 0; h < g->nh; h++) {
    p.unit = g->house[h], p.nunit = g->n, p.house = h, p.cage = -1;
    if (naked_in(&p)) return 1;
  }
  for (int k = 0; k < g->ncages; k++) {
    p.unit = g->cage_cells + g->cage_at[k], p.nunit = g->cage_n[k];
    p.house = -1, p.cage = k;
    if (naked_in(&p)) return 1;
  }
  return 0;
}

int nonet__vl_hidden_subset(const vl_grid *g, int tech, nonet_vstep *s) {
  pick p = {g, s, tech, size_of(tech), g->n, 0, NULL, -1, -1, {0}, {0}, {0}};
  for (int h = 0; h < g->nh; h++) {
    p.unit = g->house[h], p.house = h;
    uint32_t need = g->all & ~nonet__vl_house_placed(g, h);
    p.nitems = 0;
    for (uint32_t m = need; m; m &= m - 1) {
      int d = vl_ctz(m);
      uint32_t places = 0;
      for (int j = 0; j < g->n; j++)
        if (g->cand[g->house[h][j]] >> d & 1) places |= 1u << j;
      if (vl_pop(places) < 2 || vl_pop(places) > p.k) continue;
      p.item[p.nitems] = places;
      p.index[p.nitems++] = d;
    }
    if (p.nitems >= p.k && choose(&p, 0, 0, 0, 0)) return 1;
  }
  return 0;
}
