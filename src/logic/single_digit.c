/* single_digit.c: single-digit patterns built from strong links
 * (conjugate pairs: a digit with exactly two places in a unit).
 * - Skyscraper: two conjugate pairs in parallel lines sharing one cross
 *   line; one of the two other ends is true.
 * - 2-String Kite: a conjugate pair in a row and one in a column with an
 *   end of each in one box; one of the two far ends is true.
 * - Turbot Fish: any strong - weak - strong chain of one digit.
 * - Empty Rectangle: a box whose places for the digit lie in one row and
 *   one column, with a conjugate pair in a crossing line.
 * In each, cells seeing both ends of the chain lose the digit.
 *
 * Step data: digits; nodes: the chain end - link - link - end (skyscraper,
 * kite, turbot); empty rectangle: units[0] the box, cells with role 1 the
 * conjugate pair, role 0 the box's places. */
#include "logic/grid.h"

typedef struct link {
  uint8_t a, b, unit;
} link;

/* conjugate pairs of digit d in the units [from, to); a pair found in
 * two units (a line and a box) is listed once */
static int strong_links(const nn_grid *g, int d, int from, int to, link *out) {
  int n = 0;
  for (int u = from; u < to; u++) {
    unsigned p = g->upos[d][u];
    if (pc9(p) != 2) continue;
    int a = nonet__unit_cells[u][nn_ctz(p)],
        b = nonet__unit_cells[u][nn_ctz(p & (p - 1))];
    int dup = 0;
    for (int j = 0; j < n; j++) dup |= out[j].a == a && out[j].b == b;
    if (!dup) out[n++] = (link){(uint8_t)a, (uint8_t)b, (uint8_t)u};
  }
  return n;
}

/* chain e1 = s1 - s2 = e2 on digit d; cells seeing both ends lose d */
static int chain4(const nn_grid *g, nn_sink *k, int tech, int d, int e1, int s1,
                  int s2, int e2) {
  nn_bb e = bb_and(bb_and(nonet__peer_bb[e1], nonet__peer_bb[e2]), g->dig[d]);
  bb_clr(&e, s1);
  bb_clr(&e, s2);
  if (bb_empty(e)) return 0;
  nonet_step *s = k->step;
  step_begin(s, tech);
  s->digits = (nonet_mask)(1u << d);
  step_node(s, bb_cell(e1), d, NONET_LINK_STRONG, 0);
  step_node(s, bb_cell(s1), d, NONET_LINK_WEAK, 0);
  step_node(s, bb_cell(s2), d, NONET_LINK_STRONG, 0);
  step_node(s, bb_cell(e2), d, NONET_LINK_END, 0);
  step_elims(s, e, d);
  return sink_emit(k);
}

static int skyscraper(const nn_grid *g, nn_sink *k, int d) {
  link L[9];
  for (int o = 0; o < 2; o++) {
    int n = strong_links(g, d, o ? 9 : 0, o ? 18 : 9, L);
    for (int i = 0; i < n; i++)
      for (int j = i + 1; j < n; j++)
        for (int x = 0; x < 2; x++)
          for (int y = 0; y < 2; y++) {
            int bi = x ? L[i].b : L[i].a, ei = x ? L[i].a : L[i].b;
            int bj = y ? L[j].b : L[j].a, ej = y ? L[j].a : L[j].b;
            /* the bases share the cross line, the ends do not */
            int cross = o ? 0 : 1;
            if (nonet__cell_units[bi][cross] != nonet__cell_units[bj][cross])
              continue;
            if (nonet__cell_units[ei][cross] == nonet__cell_units[ej][cross])
              continue;
            if (chain4(g, k, NONET_TECH_SKYSCRAPER, d, ei, bi, bj, ej))
              return 1;
          }
  }
  return 0;
}

static int kite(const nn_grid *g, nn_sink *k, int d) {
  link R[9], C[9];
  {
    int nr = strong_links(g, d, 0, 9, R), nc = strong_links(g, d, 9, 18, C);
    for (int i = 0; i < nr; i++)
      for (int j = 0; j < nc; j++)
        for (int x = 0; x < 2; x++)
          for (int y = 0; y < 2; y++) {
            int pi = x ? R[i].b : R[i].a, ei = x ? R[i].a : R[i].b;
            int pj = y ? C[j].b : C[j].a, ej = y ? C[j].a : C[j].b;
            if (pi == pj || ei == ej || pi == ej || pj == ei) continue;
            int box = nonet__cell_units[pi][2];
            if (nonet__cell_units[pj][2] != box ||
                nonet__cell_units[ei][2] == box ||
                nonet__cell_units[ej][2] == box)
              continue;
            if (chain4(g, k, NONET_TECH_TWO_STRING_KITE, d, ei, pi, pj, ej))
              return 1;
          }
  }
  return 0;
}

static int turbot(const nn_grid *g, nn_sink *k, int d) {
  link L[27];
  {
    int n = strong_links(g, d, 0, 27, L);
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++) {
        if (i == j) continue;
        for (int x = 0; x < 2; x++)
          for (int y = 0; y < 2; y++) {
            int a = x ? L[i].b : L[i].a, b = x ? L[i].a : L[i].b;
            int c = y ? L[j].b : L[j].a, e = y ? L[j].a : L[j].b;
            if (a == c || a == e || b == c || b == e || !nn_sees(b, c))
              continue;
            if (chain4(g, k, NONET_TECH_TURBOT_FISH, d, a, b, c, e)) return 1;
          }
      }
  }
  return 0;
}

static int empty_rectangle(const nn_grid *g, nn_sink *k, int d) {
  for (int b = 0; b < 9; b++) {
    nn_bb p = g_unit_dig(g, 18 + b, d);
    if (bb_count(p) < 2) continue;
    int r0 = (b / 3) * 3, c0 = (b % 3) * 3;
    for (int r = r0; r < r0 + 3; r++)
      for (int c = c0; c < c0 + 3; c++) {
        nn_bb row = nonet__unit_bb[r], col = nonet__unit_bb[9 + c];
        if (!bb_sub(p, bb_or(row, col))) continue;
        /* both arms needed, else it is plain locked candidates */
        if (bb_empty(bb_andn(bb_and(p, row), col)) ||
            bb_empty(bb_andn(bb_and(p, col), row)))
          continue;
        /* conjugate pair in a column c2 outside the stack, one end in row r */
        for (int c2 = 0; c2 < 9; c2++) {
          if (c2 / 3 == b % 3) continue;
          unsigned q = g->upos[d][9 + c2];
          if (pc9(q) != 2 || !((q >> r) & 1)) continue;
          int rb = nn_ctz(q & ~(1u << r));
          if (rb / 3 == b / 3) continue;
          int t = rb * 9 + c;
          if (!g_has(g, t, d)) continue;
          nonet_step *s = k->step;
          step_begin(s, NONET_TECH_EMPTY_RECTANGLE);
          s->digits = (nonet_mask)(1u << d);
          step_unit(s, 18 + b, 1);
          step_cells(s, p, 0);
          step_cell(s, r * 9 + c2, 1);
          step_cell(s, rb * 9 + c2, 1);
          step_elim(s, t, d);
          if (sink_emit(k)) return 1;
        }
        /* conjugate pair in a row r2 outside the band, one end in column c */
        for (int r2 = 0; r2 < 9; r2++) {
          if (r2 / 3 == b / 3) continue;
          unsigned q = g->upos[d][r2];
          if (pc9(q) != 2 || !((q >> c) & 1)) continue;
          int cb = nn_ctz(q & ~(1u << c));
          if (cb / 3 == b % 3) continue;
          int t = r * 9 + cb;
          if (!g_has(g, t, d)) continue;
          nonet_step *s = k->step;
          step_begin(s, NONET_TECH_EMPTY_RECTANGLE);
          s->digits = (nonet_mask)(1u << d);
          step_unit(s, 18 + b, 1);
          step_cells(s, p, 0);
          step_cell(s, r2 * 9 + c, 1);
          step_cell(s, r2 * 9 + cb, 1);
          step_elim(s, t, d);
          if (sink_emit(k)) return 1;
        }
      }
  }
  return 0;
}

int nonet__find_single_digit(const nn_grid *g, int tech, nn_sink *k) {
  for (int d = 0; d < 9; d++) {
    if (persist_none(k, g, d, tech)) continue;
    int r;
    switch (tech) {
    case NONET_TECH_SKYSCRAPER:
      r = skyscraper(g, k, d);
      break;
    case NONET_TECH_TWO_STRING_KITE:
      r = kite(g, k, d);
      break;
    case NONET_TECH_TURBOT_FISH:
      r = turbot(g, k, d);
      break;
    default:
      r = empty_rectangle(g, k, d);
      break;
    }
    if (r) return 1;
    if (!k->count) persist_set_none(k, g, d, tech);
  }
  return 0;
}
