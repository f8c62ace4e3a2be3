/* rule45.c: the 45 rule of killer puzzles, over one or more houses that
 * do not overlap (a house, runs of rows or columns, runs of boxes in a
 * band or stack, two jigsaw regions side by side): their cells add up to
 * m times 1 + 2 + ... + N (45 in 9x9).
 * - Innies: the cages wholly inside leave the rest of the cells inside
 *   (the innies) a known sum;
 * - Outies: the cages touching them cover them and some cells outside
 *   (the outies), which add up to what the cages hold beyond the houses;
 * - Cage splitting: when one cage alone crosses the houses' edge, its
 *   part inside and its part outside each get a sum, and each part's
 *   digits must be a set with that sum (as a cage's).
 * Each group of cells with a sum keeps only the digits of assignments
 * with that sum (cells that see each other differing); one cell is
 * placed. Groups of at most 6 cells are used (innies, outies).
 *
 * Step data: units: the houses (nbase of them), then the split cage;
 * cells: the innies or outies (splitting: the part inside, then the
 * `cells2` cells of the part outside); sum (and sum2): their sums. */
#include <string.h>

#include "vlogic/vlogic.h"

#define MAX_GROUP 6

/* A set of houses: its cells and the houses. */
typedef struct area {
  vl_bits in;
  int m;
  int house[VL_MAXN];
} area;

typedef struct seen45 {
  const vl_grid *g;
  nonet_vstep *s;
  int tech;
} seen45;

static int try_area(const seen45 *x, const area *a);

static void area_add(const vl_grid *g, area *a, int h) {
  a->house[a->m++] = h;
  for (int k = 0; k < g->n; k++) vl_set(&a->in, g->house[h][k]);
}

/* Tries every run of `len` consecutive houses among `hs` (their house
 * numbers in order). */
static int runs(const seen45 *x, const int *hs, int nh, int len) {
  for (int a0 = 0; a0 + len <= nh; a0++) {
    area a;
    memset(&a, 0, sizeof a);
    for (int j = 0; j < len; j++) area_add(x->g, &a, hs[a0 + j]);
    if (try_area(x, &a)) return 1;
  }
  return 0;
}

/* The areas, smallest first: single houses, then runs of 2, 3, ... rows,
 * columns and boxes of a band or stack, and jigsaw regions side by side. */
static int each_area(const seen45 *x) {
  const vl_grid *g = x->g;
  int n = g->n, hs[VL_MAXN];
  for (int h = 0; h < g->nh; h++) {
    area a;
    memset(&a, 0, sizeof a);
    area_add(g, &a, h);
    if (try_area(x, &a)) return 1;
  }
  int br = 0, bc = 0;
  nonet_variant_box(g->v, &br, &bc);
  for (int len = 2; len < n; len++) {
    for (int dir = 0; dir < 2; dir++) { /* rows, columns */
      for (int j = 0; j < n; j++) hs[j] = dir * n + j;
      if (runs(x, hs, n, len)) return 1;
    }
    if (!br) continue;
    int across = n / bc, down = n / br; /* boxes in a band, in a stack */
    for (int band = 0; band < down && len < across; band++) {
      for (int j = 0; j < across; j++) hs[j] = 2 * n + band * across + j;
      if (runs(x, hs, across, len)) return 1;
    }
    for (int stack = 0; stack < across && len < down; stack++) {
      for (int j = 0; j < down; j++) hs[j] = 2 * n + j * across + stack;
      if (runs(x, hs, down, len)) return 1;
    }
  }
  if (!br) /* jigsaw regions side by side */
    for (int r1 = 0; r1 < n; r1++)
      for (int r2 = r1 + 1; r2 < n; r2++) {
        area a;
        memset(&a, 0, sizeof a);
        area_add(g, &a, 2 * n + r1);
        int touch = 0;
        for (int k = 0; k < n && !touch; k++) {
          int c = g->house[2 * n + r2][k], r = c / n, col = c % n;
          touch = (r > 0 && vl_has(&a.in, c - n)) ||
                  (r + 1 < n && vl_has(&a.in, c + n)) ||
                  (col > 0 && vl_has(&a.in, c - 1)) ||
                  (col + 1 < n && vl_has(&a.in, c + 1));
        }
        if (!touch) continue;
        area_add(g, &a, 2 * n + r2);
        if (try_area(x, &a)) return 1;
      }
  return 0;
}

/* Writes the step of a group of cells with a sum: a placement for one
 * cell, else the digits no fitting assignment gives. 1 when it yields. */
static int group_step(const seen45 *x, const uint16_t *cells, int k, int sum,
                      int clique, uint32_t avail) {
  const vl_grid *g = x->g;
  vl_sumset q;
  uint32_t possible[VL_MAXN];
  if (nonet__vl_sumset_of(g, cells, k, sum, clique, &q) < 0 || !q.k) return 0;
  q.avail &= avail;
  if (nonet__vl_sumset_solve(&q, possible, NULL, NULL, 0, NULL) != 1) return 0;
  if (q.k == 1 && !clique) { /* one cell: its digit */
    nonet__vl_place_step(x->s, q.cells[0], q.sum);
    return 1;
  }
  return nonet__vl_elim_outside(g, x->s, q.cells, q.k, possible);
}

static void name_area(const seen45 *x, const area *a) {
  for (int j = 0; j < a->m; j++) nonet__vl_house(x->g, x->s, a->house[j]);
  x->s->nbase = (uint8_t)a->m;
}

static int try_area(const seen45 *x, const area *a) {
  const vl_grid *g = x->g;
  nonet_vstep *s = x->s;
  int total = a->m * g->n * (g->n + 1) / 2, inside_sum = 0, touching_sum = 0;
  int uncaged_placed = 0, uncaged_empty = 0, ncross = 0, cross = -1;
  uint16_t innies[VL_MAXC], outies[VL_MAXC];
  int nin = 0, nout = 0;
  uint8_t touched[VL_MAXC];
  memset(touched, 0, (size_t)g->ncages);
  for (int i = 0; i < g->nn; i++) {
    if (!vl_has(&a->in, i)) continue;
    int k = g->cage_of[i];
    if (k < 0) {
      uncaged_placed += g->cells[i];
      uncaged_empty += !g->cells[i];
    } else {
      touched[k] = 1;
    }
  }
  for (int k = 0; k < g->ncages; k++) {
    if (!touched[k]) continue;
    int whole = 1;
    const uint16_t *cc = g->cage_cells + g->cage_at[k];
    for (int j = 0; j < g->cage_n[k]; j++) whole &= vl_has(&a->in, cc[j]);
    touching_sum += g->cage_sum[k];
    if (whole) {
      inside_sum += g->cage_sum[k];
      continue;
    }
    ncross++, cross = k;
    for (int j = 0; j < g->cage_n[k]; j++)
      if (vl_has(&a->in, cc[j]))
        innies[nin++] = cc[j];
      else
        outies[nout++] = cc[j];
  }
  /* innies: the cells of crossing cages inside, and cells of no cage */
  int nin_cage = nin;
  for (int i = 0; i < g->nn; i++)
    if (vl_has(&a->in, i) && g->cage_of[i] < 0) innies[nin++] = (uint16_t)i;
  if (x->tech == NONET_VTECH_INNIES) {
    int empty = 0;
    for (int j = 0; j < nin; j++) empty += !g->cells[innies[j]];
    if (empty < 1 || empty > MAX_GROUP) return 0;
    nonet__vl_begin(g, s, x->tech);
    if (!group_step(x, innies, nin, total - inside_sum, 0, g->all)) return 0;
    name_area(x, a);
    for (int j = 0; j < nin; j++)
      if (!g->cells[innies[j]]) nonet__vl_cell(s, innies[j]);
    s->sum = total - inside_sum;
    for (int j = 0; j < nin; j++) s->sum -= g->cells[innies[j]];
    return 1;
  }
  if (uncaged_empty) return 0; /* outies need the houses covered */
  int out_sum = touching_sum - (total - uncaged_placed);
  if (x->tech == NONET_VTECH_OUTIES) {
    int empty = 0;
    for (int j = 0; j < nout; j++) empty += !g->cells[outies[j]];
    if (empty < 1 || empty > MAX_GROUP) return 0;
    nonet__vl_begin(g, s, x->tech);
    if (!group_step(x, outies, nout, out_sum, 0, g->all)) return 0;
    name_area(x, a);
    for (int j = 0; j < nout; j++)
      if (!g->cells[outies[j]]) nonet__vl_cell(s, outies[j]);
    s->sum = out_sum;
    for (int j = 0; j < nout; j++) s->sum -= g->cells[outies[j]];
    return 1;
  }
  /* cage splitting: one cage crosses; both parts get their sums */
  if (ncross != 1) return 0;
  int in_sum = total - inside_sum - uncaged_placed;
  uint32_t avail = g->all; /* digits not placed in the cage */
  for (int j = 0; j < g->cage_n[cross]; j++) {
    int d = g->cells[g->cage_cells[g->cage_at[cross] + j]];
    if (d) avail &= ~(1u << (d - 1));
  }
  nonet__vl_begin(g, s, x->tech);
  int got = group_step(x, innies, nin_cage, in_sum, 1, avail);
  got |= group_step(x, outies, nout, g->cage_sum[cross] - in_sum, 1, avail);
  if (!got) return 0;
  name_area(x, a);
  nonet__vl_cage(g, s, cross);
  for (int j = 0; j < nin_cage; j++) nonet__vl_cell(s, innies[j]);
  for (int j = 0; j < nout; j++) nonet__vl_cell(s, outies[j]);
  s->cells2 = (uint16_t)nout;
  s->sum = in_sum;
  s->sum2 = g->cage_sum[cross] - in_sum;
  return 1;
}

int nonet__vl_rule45(const vl_grid *g, int tech, nonet_vstep *s) {
  if (!g->ncages) return 0;
  seen45 x = {g, s, tech};
  return each_area(&x);
}
