/* grid.c: the working grid of a variant state, read through the public
 * variant API: its houses (numbered as nonet_variant_house numbers them),
 * cages, who sees whom (a house, a cage, a knight's or king's move), the
 * nonconsecutive neighbours; the candidates a state starts with; and the
 * builders of steps. */
#include <stdlib.h>
#include <string.h>

#include "vlogic/vlogic.h"

static void see(vl_grid *g, int a, int b) {
  if (a == b) return;
  vl_set(&g->peers[a], b);
  vl_set(&g->peers[b], a);
}

vl_grid *nonet__vl_grid_new(const nonet_vlogic_state *s) {
  vl_grid *g = calloc(1, sizeof *g);
  if (!g) return NULL;
  const nonet_variant *v = s->variant;
  int n = g->n = nonet_variant_size(v), nn = g->nn = n * n, cells[VL_MAXN];
  g->nw = (nn + 63) / 64;
  g->st = s;
  g->v = v;
  g->all = (1u << n) - 1;
  g->jigsaw = !nonet_variant_box(v, NULL, NULL);
  g->nh = nonet_variant_house_count(v);
  if (g->nh > VL_MAXH) g->nh = VL_MAXH;
  int per_kind[8] = {0};
  for (int h = 0; h < g->nh; h++) {
    nonet_house_kind kind;
    nonet_variant_house(v, h, &kind, cells);
    g->hkind[h] =
        (uint8_t)(kind == NONET_HOUSE_BOX && g->jigsaw ? NONET_VUNIT_REGION
                                                       : kind);
    g->hidx[h] = (uint16_t)per_kind[kind]++;
    for (int k = 0; k < n; k++) {
      g->house[h][k] = (uint16_t)cells[k];
      if (g->nhc[cells[k]] < 8)
        g->hc[cells[k]][g->nhc[cells[k]]++] = (uint8_t)h;
      for (int j = 0; j < k; j++) see(g, cells[j], cells[k]);
    }
  }
  g->ncages = nonet_variant_cage_count(v);
  for (int i = 0; i < nn; i++) g->cage_of[i] = -1;
  int at = 0;
  for (int k = 0; k < g->ncages; k++) {
    int sum, m = nonet_variant_cage(v, k, &sum, cells, VL_MAXN);
    g->cage_sum[k] = (uint16_t)sum;
    g->cage_n[k] = (uint16_t)m;
    g->cage_at[k] = (uint16_t)at;
    for (int j = 0; j < m; j++) {
      g->cage_cells[at++] = (uint16_t)cells[j];
      g->cage_of[cells[j]] = (int16_t)k;
      for (int i = 0; i < j; i++) see(g, cells[i], cells[j]);
    }
  }
  unsigned cons = nonet_variant_constraints(v);
  g->nonconsecutive = (cons & NONET_CONSTRAINT_NONCONSECUTIVE) != 0;
  for (int i = 0; i < nn; i++) {
    int rel[8];
    for (unsigned r = NONET_CONSTRAINT_ANTI_KNIGHT;
         r <= NONET_CONSTRAINT_ANTI_KING; r <<= 1) {
      int m = nonet_variant_related(v, i, (nonet_constraint)r, rel, 8);
      for (int k = 0; k < m; k++) see(g, i, rel[k]);
    }
    if (g->nonconsecutive) {
      int m =
          nonet_variant_related(v, i, NONET_CONSTRAINT_NONCONSECUTIVE, rel, 8);
      for (int k = 0; k < m && k < 4; k++)
        g->adj[i][g->nadj[i]++] = (uint16_t)rel[k];
    }
    g->cells[i] = s->cells[i];
    g->cand[i] = s->cells[i] ? 0 : s->cand[i] & g->all;
  }
  return g;
}

uint32_t nonet__vl_house_placed(const vl_grid *g, int h) {
  uint32_t m = 0;
  for (int k = 0; k < g->n; k++) {
    int d = g->cells[g->house[h][k]];
    if (d) m |= 1u << (d - 1);
  }
  return m;
}

void nonet__vl_place(const vl_grid *g, uint8_t *cells, uint32_t *cand, int i,
                     int d) {
  uint32_t bit = 1u << (d - 1);
  cells[i] = (uint8_t)d;
  cand[i] = 0;
  for (int w = 0; w < VL_WORDS; w++)
    for (uint64_t m = g->peers[i].w[w]; m; m &= m - 1)
      cand[w * 64 + nn_ctz64(m)] &= ~bit;
  uint32_t next = (bit << 1 | bit >> 1) & g->all;
  for (int k = 0; k < g->nadj[i]; k++) cand[g->adj[i][k]] &= ~next;
}

void nonet__vl_fill_candidates(const vl_grid *g, nonet_vlogic_state *s) {
  for (int i = 0; i < g->nn; i++) s->cand[i] = s->cells[i] ? 0 : g->all;
  for (int i = 0; i < g->nn; i++)
    if (s->cells[i]) {
      int d = s->cells[i];
      nonet__vl_place(g, s->cells, s->cand, i, d);
      s->cand[i] = 0;
    }
}

/* ---- steps -------------------------------------------------------------- */

void nonet__vl_begin(const vl_grid *g, nonet_vstep *s, int tech) {
  s->technique = (uint16_t)tech;
  s->size = (uint8_t)g->n;
  s->truncated = 0;
  s->digits = 0;
  s->sum = s->sum2 = 0;
  s->ncombos = 0;
  s->nunits = s->nbase = 0;
  s->ncells = s->cells2 = 0;
  s->nplace = s->nelim = 0;
}

void nonet__vl_cell(nonet_vstep *s, int cell) {
  if (s->ncells < NONET_VSTEP_MAX_CELLS)
    s->cells[s->ncells++] = (uint16_t)cell;
  else
    s->truncated = 1;
}

static void unit(nonet_vstep *s, int kind, int index, int cell, int sum) {
  if (s->nunits >= NONET_VSTEP_MAX_UNITS) {
    s->truncated = 1;
    return;
  }
  nonet_vunit *u = &s->units[s->nunits++];
  u->kind = (uint8_t)kind;
  u->index = (uint16_t)index;
  u->cell = (uint16_t)cell;
  u->sum = (uint16_t)sum;
}

void nonet__vl_house(const vl_grid *g, nonet_vstep *s, int h) {
  unit(s, g->hkind[h], g->hidx[h], g->house[h][0], 0);
}

void nonet__vl_cage(const vl_grid *g, nonet_vstep *s, int k) {
  /* a cage's cells come in increasing order: the first names it */
  unit(s, NONET_VUNIT_CAGE, k, g->cage_cells[g->cage_at[k]], g->cage_sum[k]);
}

void nonet__vl_elim(nonet_vstep *s, int cell, int digit) {
  if (s->nelim >= NONET_VSTEP_MAX_ELIM) return; /* the first ones are kept */
  s->elim[s->nelim].cell = (uint16_t)cell;
  s->elim[s->nelim++].digit = (uint8_t)digit;
}

void nonet__vl_place_step(nonet_vstep *s, int cell, int digit) {
  if (s->nplace >= NONET_VSTEP_MAX_PLACE) return;
  s->place[s->nplace].cell = (uint16_t)cell;
  s->place[s->nplace++].digit = (uint8_t)digit;
}

int nonet__vl_elim_outside(const vl_grid *g, nonet_vstep *s,
                           const uint16_t *cells, int k, const uint32_t *keep) {
  int before = s->nelim;
  for (int j = 0; j < k; j++)
    for (uint32_t m = g->cand[cells[j]] & ~keep[j]; m; m &= m - 1)
      nonet__vl_elim(s, cells[j], vl_ctz(m) + 1);
  return s->nelim > before;
}
