/* unique.c: uniqueness techniques, used only when the puzzle is known to
 * have one solution (the finder checks the state's `unique` flag).
 *
 * A unique rectangle: four empty cells in two rows, two columns and two
 * boxes, all holding candidates a and b. If they ended up a/b only, a
 * and b could be swapped: two solutions. So something breaks the pattern:
 * - Type 1: three corners are exactly {a,b}: the fourth loses a and b.
 * - Type 2: the two other corners (the roof) share a row or column and
 *   have one extra digit z: z is in one of them, so cells seeing both
 *   lose z.
 * - Type 3: the roof's extra digits act as one cell that forms a naked
 *   subset with other cells of a unit the roof shares.
 * - Type 4: a (or b) is only in the roof within a unit the roof shares:
 *   the roof holds a, so it loses b.
 * - Hidden Rectangle: a corner is exactly {a,b} and, through the opposite
 *   corner, a's only places in that corner's row and column are the
 *   rectangle's: the opposite corner cannot be b.
 * - BUG+1: every open cell has two candidates but one with three, and
 *   every digit appears twice in each unit but the extra digit of that
 *   cell: without it the grid would be a bivalue universal grave (no or
 *   several solutions), so the cell takes it.
 *
 * Step data: digits {a,b}; cells with role 0 the four corners (in
 * reading order), role 1 the subset cells (type 3); masks[1] the subset's
 * digits (type 3); z the extra digit (type 2); x the locked digit and
 * units[0] its unit (type 4); BUG+1: cells[0] the cell. */
#include <stdlib.h>

#include "logic/grid.h"

typedef struct rect {
  int c[4]; /* r1c1, r1c2, r2c1, r2c2 */
  unsigned ab;
} rect;

static void begin(nonet_step *s, int tech, const rect *r) {
  step_begin(s, tech);
  s->digits = (nonet_mask)r->ab;
  for (int j = 0; j < 4; j++) step_cell(s, r->c[j], 0);
}

/* units shared by two cells (up to 2), returns the count */
static int shared_units(int p, int q, int out[2]) {
  int n = 0;
  for (int k = 0; k < 3; k++)
    if (nonet__cell_units[p][k] == nonet__cell_units[q][k])
      out[n++] = nonet__cell_units[p][k];
  return n;
}

/* type 3: the roof's extras X act as one cell in unit u; find cells of u
 * that with it form a naked subset */
static int type3(const nn_grid *g, nn_sink *k, const rect *r, int p, int q,
                 int u, unsigned X) {
  int cells[9], n = 0;
  for (int j = 0; j < 9; j++) {
    int c = nonet__unit_cells[u][j];
    if (c == p || c == q || g->st.cells[c]) continue;
    cells[n++] = c;
  }
  /* subsets of up to 3 other cells */
  for (unsigned m = 1; m < (1u << n); m++) {
    int cnt = pc9(m & 0x1ff);
    if (cnt > 3 || cnt >= n) continue;
    unsigned d = X;
    for (int j = 0; j < n; j++)
      if ((m >> j) & 1) d |= g->st.cand[cells[j]];
    if (pc9(d) != cnt + 1) continue;
    nonet_step *s = k->step;
    begin(s, NONET_TECH_UR_3, r);
    s->masks[1] = (nonet_mask)d;
    step_unit(s, u, 1);
    for (int j = 0; j < n; j++) {
      if ((m >> j) & 1) {
        step_cell(s, cells[j], 1);
        continue;
      }
      for (unsigned e = g->st.cand[cells[j]] & d; e; e &= e - 1)
        step_elim(s, cells[j], nn_ctz(e));
    }
    if (sink_emit(k)) return 1;
  }
  return 0;
}

static int rect_types(const nn_grid *g, int tech, nn_sink *k, const rect *r) {
  unsigned ab = r->ab, x[4];
  int nbi = 0, roof[4], nr = 0;
  for (int j = 0; j < 4; j++) {
    x[j] = g->st.cand[r->c[j]] & ~ab;
    if (!x[j]) {
      nbi++;
    } else {
      roof[nr++] = j;
    }
  }
  nonet_step *s = k->step;
  if (tech == NONET_TECH_UR_1) {
    if (nbi != 3) return 0;
    int f = r->c[roof[0]];
    begin(s, tech, r);
    for (unsigned m = ab; m; m &= m - 1) step_elim(s, f, nn_ctz(m));
    return sink_emit(k);
  }
  if (tech == NONET_TECH_HIDDEN_RECTANGLE) {
    /* corner j bivalue {a,b}; opposite corner o = 3 - j */
    for (int j = 0; j < 4; j++) {
      if (x[j]) continue;
      int o = 3 - j, A = r->c[j], D = r->c[o];
      int rowD = D / 9, colD = 9 + D % 9;
      /* the corner in D's row and the one in D's column */
      int B = rowD * 9 + A % 9, C = (A / 9) * 9 + D % 9;
      for (unsigned m = ab; m; m &= m - 1) {
        int a = nn_ctz(m), b = nn_ctz(ab & ~(1u << a));
        unsigned pr = g->upos[a][rowD], pc = g->upos[a][colD];
        unsigned want_r =
            (1u << nonet__cell_pos[B][0]) | (1u << nonet__cell_pos[D][0]);
        unsigned want_c =
            (1u << nonet__cell_pos[C][1]) | (1u << nonet__cell_pos[D][1]);
        if (pr != want_r || pc != want_c || !g_has(g, D, b)) continue;
        begin(s, tech, r);
        s->x = (uint8_t)(a + 1);
        step_elim(s, D, b);
        if (sink_emit(k)) return 1;
      }
    }
    return 0;
  }
  if (nbi != 2) return 0;
  int p = r->c[roof[0]], q = r->c[roof[1]];
  int us[2], nu = shared_units(p, q, us);
  if (!nu) return 0; /* diagonal roof */
  unsigned X = x[roof[0]] | x[roof[1]];
  switch (tech) {
  case NONET_TECH_UR_2: {
    if (x[roof[0]] != x[roof[1]] || pc9(X) != 1) return 0;
    int z = nn_ctz(X);
    nn_bb e = bb_and(bb_and(nonet__peer_bb[p], nonet__peer_bb[q]), g->dig[z]);
    if (bb_empty(e)) return 0;
    begin(s, tech, r);
    s->z = (uint8_t)(z + 1);
    step_elims(s, e, z);
    return sink_emit(k);
  }
  case NONET_TECH_UR_3:
    if (pc9(X) < 2) return 0;
    for (int j = 0; j < nu; j++)
      if (type3(g, k, r, p, q, us[j], X)) return 1;
    return 0;
  case NONET_TECH_UR_4:
    for (int j = 0; j < nu; j++) {
      int u = us[j];
      for (unsigned m = ab; m; m &= m - 1) {
        int a = nn_ctz(m), b = nn_ctz(ab & ~(1u << a));
        unsigned want = 0;
        for (int t = 0; t < 3; t++)
          if (nonet__cell_units[p][t] == u)
            want =
                (1u << nonet__cell_pos[p][t]) | (1u << nonet__cell_pos[q][t]);
        if (g->upos[a][u] != want) continue;
        begin(s, tech, r);
        s->x = (uint8_t)(a + 1);
        step_unit(s, u, 1);
        step_elim(s, p, b);
        step_elim(s, q, b);
        if (sink_emit(k)) return 1;
      }
    }
    return 0;
  }
  return 0;
}

/* calls fn for each rectangle of four open cells in two rows, two
 * columns and two boxes, and each pair of digits they all hold; stops
 * when fn returns nonzero */
static int each_rect(const nn_grid *g,
                     int (*fn)(const nn_grid *, void *, const rect *),
                     void *ctx) {
  for (int r1 = 0; r1 < 9; r1++)
    for (int c1 = 0; c1 < 9; c1++) {
      unsigned m1 = g->st.cells[r1 * 9 + c1] ? 0 : g->st.cand[r1 * 9 + c1];
      if (pc9(m1) < 2) continue;
      for (int c2 = c1 + 1; c2 < 9; c2++) {
        unsigned m2 =
            m1 & (g->st.cells[r1 * 9 + c2] ? 0 : g->st.cand[r1 * 9 + c2]);
        if (pc9(m2) < 2) continue;
        for (int r2 = r1 + 1; r2 < 9; r2++) {
          if ((r1 / 3 == r2 / 3) == (c1 / 3 == c2 / 3))
            continue; /* two boxes */
          int a = r2 * 9 + c1, b = r2 * 9 + c2;
          unsigned common = m2 & (g->st.cells[a] ? 0 : g->st.cand[a]) &
                            (g->st.cells[b] ? 0 : g->st.cand[b]);
          if (pc9(common) < 2) continue;
          rect r = {{r1 * 9 + c1, r1 * 9 + c2, a, b}, 0};
          for (unsigned m = common; m; m &= m - 1)
            for (unsigned n = m & (m - 1); n; n &= n - 1) {
              r.ab = (1u << nn_ctz(m)) | (1u << nn_ctz(n));
              if (fn(g, ctx, &r)) return 1;
            }
        }
      }
    }
  return 0;
}

typedef struct one_tech {
  int tech;
  nn_sink *k;
} one_tech;

static int visit_one(const nn_grid *g, void *ctx, const rect *r) {
  one_tech *o = ctx;
  return rect_types(g, o->tech, o->k, r);
}

/* the first instance of each rectangle technique, found in one pass */
enum { NUR = 5 };
static const uint8_t ur_techs[NUR] = {NONET_TECH_UR_1, NONET_TECH_UR_2,
                                      NONET_TECH_UR_3, NONET_TECH_UR_4,
                                      NONET_TECH_HIDDEN_RECTANGLE};
typedef struct ur_cache {
  nn_cached head;
  unsigned has, want;
  nonet_step step[NUR];
} ur_cache;

static int record(nn_sink *k) {
  (void)k;
  return 1;
}

static int visit_all(const nn_grid *g, void *ctx, const rect *r) {
  ur_cache *c = ctx;
  for (int j = 0; j < NUR; j++) {
    if (!((c->want >> j) & 1)) continue;
    nn_sink k = {&c->step[j], record, NULL, 0, 0, NULL, NULL, 0};
    if (rect_types(g, ur_techs[j], &k, r)) {
      c->has |= 1u << j;
      c->want &= ~(1u << j);
    }
  }
  return c->want == 0;
}

static int rectangles(const nn_grid *g, int tech, nn_sink *k) {
  if (!k->cache) {
    one_tech o = {tech, k};
    return each_rect(g, visit_one, &o);
  }
  ur_cache *c = k->cache->slot[NN_CACHE_UR];
  if (!c) {
    c = malloc(sizeof *c);
    if (!c) {
      k->nomem = 1;
      return 0;
    }
    k->cache->slot[NN_CACHE_UR] = c;
    c->head.destroy = NULL;
    c->has = 0;
    c->want = (1u << NUR) - 1;
    each_rect(g, visit_all, c);
  }
  for (int j = 0; j < NUR; j++)
    if (ur_techs[j] == tech && ((c->has >> j) & 1)) {
      *k->step = c->step[j];
      return sink_emit(k);
    }
  return 0;
}

static int bug_plus_1(const nn_grid *g, nn_sink *k) {
  int tri = -1;
  nn_bb e = g->empty;
  BB_FOR(c, e) {
    int n = pc9(g->st.cand[c]);
    if (n == 2) continue;
    if (n != 3 || tri >= 0) return 0;
    tri = c;
  }
  if (tri < 0) return 0;
  /* the extra digit: three places in the cell's units, every other count 2 */
  int extra = -1;
  for (unsigned m = g->st.cand[tri]; m; m &= m - 1) {
    int d = nn_ctz(m);
    if (pc9(g->upos[d][nonet__cell_units[tri][0]]) == 3) extra = d;
  }
  if (extra < 0) return 0;
  for (int u = 0; u < 27; u++)
    for (int d = 0; d < 9; d++) {
      int n = pc9(g->upos[d][u]);
      if (!n) continue;
      int in = u == nonet__cell_units[tri][0] ||
               u == nonet__cell_units[tri][1] || u == nonet__cell_units[tri][2];
      if (n != (in && d == extra ? 3 : 2)) return 0;
    }
  nonet_step *s = k->step;
  step_begin(s, NONET_TECH_BUG_PLUS_1);
  s->digits = (nonet_mask)(1u << extra);
  step_cell(s, tri, 0);
  step_place(s, tri, extra);
  return sink_emit(k);
}

int nonet__find_uniqueness(const nn_grid *g, int tech, nn_sink *k) {
  if (!g->st.unique) return 0;
  if (tech == NONET_TECH_BUG_PLUS_1) return bug_plus_1(g, k);
  return rectangles(g, tech, k);
}
