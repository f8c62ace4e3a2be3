/* fish.c: basic fish on rows and columns (X-Wing 2, Swordfish 3,
 * Jellyfish 4 lines): when digit d's places in k rows lie in k columns,
 * those columns hold d only in those rows (and the same with rows and
 * columns swapped).
 *
 * Step data: units: the k base lines, then the k cover lines; digits: d;
 * cells: d's places in the base lines. */
#include "vlogic/vlogic.h"

typedef struct fish {
  const vl_grid *g;
  nonet_vstep *s;
  int tech, k, d, cols; /* cols: 1 when the base lines are columns */
  int nlines;
  int line[VL_MAXN];
  uint32_t where[VL_MAXN]; /* d's places along each base line */
  int chosen[VL_MAXN];
} fish;

static int cell_at(const fish *f, int line, int across) {
  return f->cols ? across * f->g->n + line : line * f->g->n + across;
}

static int found(fish *f, uint32_t cover) {
  const vl_grid *g = f->g;
  uint32_t base = 0, bit = 1u << f->d;
  for (int t = 0; t < f->k; t++) base |= 1u << f->line[f->chosen[t]];
  nonet__vl_begin(g, f->s, f->tech);
  for (uint32_t m = cover; m; m &= m - 1)
    for (int l = 0; l < g->n; l++) {
      int c = cell_at(f, l, vl_ctz(m));
      if (!(base >> l & 1) && g->cand[c] & bit)
        nonet__vl_elim(f->s, c, f->d + 1);
    }
  if (!f->s->nelim) return 0;
  /* houses 0..N-1 are the rows, N..2N-1 the columns */
  for (int t = 0; t < f->k; t++)
    nonet__vl_house(g, f->s, f->line[f->chosen[t]] + (f->cols ? g->n : 0));
  f->s->nbase = (uint8_t)f->k;
  for (uint32_t m = cover; m; m &= m - 1)
    nonet__vl_house(g, f->s, vl_ctz(m) + (f->cols ? 0 : g->n));
  for (int t = 0; t < f->k; t++)
    for (uint32_t m = f->where[f->chosen[t]]; m; m &= m - 1)
      nonet__vl_cell(f->s, cell_at(f, f->line[f->chosen[t]], vl_ctz(m)));
  f->s->digits = bit;
  return 1;
}

static int choose(fish *f, int depth, int from, uint32_t u) {
  if (depth == f->k) return vl_pop(u) == f->k && found(f, u);
  for (int j = from; j <= f->nlines - (f->k - depth); j++) {
    uint32_t v = u | f->where[j];
    if (vl_pop(v) > f->k) continue;
    f->chosen[depth] = j;
    if (choose(f, depth + 1, j + 1, v)) return 1;
  }
  return 0;
}

int nonet__vl_fish(const vl_grid *g, int tech, nonet_vstep *s) {
  int k = tech == NONET_VTECH_X_WING      ? 2
          : tech == NONET_VTECH_SWORDFISH ? 3
                                          : 4;
  fish f = {g, s, tech, k, 0, 0, 0, {0}, {0}, {0}};
  for (f.d = 0; f.d < g->n; f.d++)
    for (f.cols = 0; f.cols < 2; f.cols++) {
      f.nlines = 0;
      for (int l = 0; l < g->n; l++) {
        uint32_t where = 0;
        for (int a = 0; a < g->n; a++)
          if (g->cand[cell_at(&f, l, a)] >> f.d & 1) where |= 1u << a;
        if (vl_pop(where) < 2 || vl_pop(where) > f.k) continue;
        f.line[f.nlines] = l;
        f.where[f.nlines++] = where;
      }
      if (f.nlines >= f.k && choose(&f, 0, 0, 0)) return 1;
    }
  return 0;
}
