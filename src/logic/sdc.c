/* sdc.c: Sue de Coq. Where a box and a line meet, take 2-3 open cells C
 * holding digits V (at least |C|+2 of them). Add cells L from the rest
 * of the line and B from the rest of the box, with no digit shared
 * between L and B, such that C, L and B together hold exactly as many
 * digits as they have cells. Then those cells hold each of these digits
 * once: the digits of L, and those of V not in B, are locked in the
 * line; the digits of B, and those of V not in L, are locked in the box.
 * Other cells of the line (box) lose them.
 *
 * Step data: cells with role 0 C, 1 L, 2 B; masks[0..2] their digits;
 * units[0] the line, units[1] the box. */
#include "logic/grid.h"

typedef struct part {
  nn_bb cells;
  uint16_t mask;
  uint8_t n;
} part;

/* subsets (1..3 cells) of `cells` that add fewer new digits to V than
 * they have cells */
static int parts(const nn_grid *g, const int *cells, int n, unsigned V, part *out) {
  int np = 0;
  for (unsigned m = 1; m < (1u << n); m++) {
    int k = pc9(m);
    if (k > 3) continue;
    unsigned d = 0;
    nn_bb b = NN_BB_EMPTY;
    for (int j = 0; j < n; j++)
      if ((m >> j) & 1) {
        d |= g->st.cand[cells[j]];
        bb_set(&b, cells[j]);
      }
    if (!(d & V) || pc9(d & ~V) >= k) continue;
    out[np++] = (part){b, (uint16_t)d, (uint8_t)k};
  }
  return np;
}

int nonet__find_sue_de_coq(const nn_grid *g, int tech, nn_sink *k) {
  (void)tech;
  for (int seg = 0; seg < 54; seg++) {
    nn_bb segc = bb_and(nonet__seg_bb[seg], g->empty);
    if (!bb_many(segc)) continue;
    int box = 18 + nn_box_of_seg(seg), line = nn_line_of_seg(seg);
    int lcells[6], nl = 0, bcells[6], nb = 0;
    nn_bb t = bb_andn(bb_and(nonet__unit_bb[line], g->empty), nonet__seg_bb[seg]);
    BB_FOR(c, t) lcells[nl++] = c;
    t = bb_andn(bb_and(nonet__unit_bb[box], g->empty), nonet__seg_bb[seg]);
    BB_FOR(c, t) bcells[nb++] = c;
    if (!nl || !nb) continue;
    int sc[3], ns = 0;
    t = segc;
    BB_FOR(c, t) sc[ns++] = c;
    /* C: 2 or 3 of the segment's open cells */
    for (unsigned cm = 3; cm < (1u << ns); cm++) {
      if (pc9(cm) < 2) continue;
      unsigned V = 0;
      nn_bb C = NN_BB_EMPTY;
      for (int j = 0; j < ns; j++)
        if ((cm >> j) & 1) {
          V |= g->st.cand[sc[j]];
          bb_set(&C, sc[j]);
        }
      int nc = pc9(cm);
      if (pc9(V) < nc + 2) continue;
      part L[64], B[64];
      int npl = parts(g, lcells, nl, V, L), npb = parts(g, bcells, nb, V, B);
      for (int i = 0; i < npl; i++)
        for (int j = 0; j < npb; j++) {
          if (L[i].mask & B[j].mask) continue;
          unsigned N = V | L[i].mask | B[j].mask;
          if (pc9(N) != nc + L[i].n + B[j].n) continue;
          unsigned lineset = L[i].mask | (V & ~B[j].mask);
          unsigned boxset = B[j].mask | (V & ~L[i].mask);
          nonet_step *s = k->step;
          step_begin(s, NONET_TECH_SUE_DE_COQ);
          step_cells(s, C, 0);
          step_cells(s, L[i].cells, 1);
          step_cells(s, B[j].cells, 2);
          s->masks[0] = (nonet_mask)V;
          s->masks[1] = L[i].mask;
          s->masks[2] = B[j].mask;
          s->digits = (nonet_mask)N;
          step_unit(s, line, 1);
          step_unit(s, box, 0);
          nn_bb le = bb_andn(bb_andn(bb_and(nonet__unit_bb[line], g->empty), C), L[i].cells);
          nn_bb be = bb_andn(bb_andn(bb_and(nonet__unit_bb[box], g->empty), C), B[j].cells);
          for (unsigned m = lineset; m; m &= m - 1) {
            int d = nn_ctz(m);
            step_elims(s, bb_and(le, g->dig[d]), d);
          }
          for (unsigned m = boxset; m; m &= m - 1) {
            int d = nn_ctz(m);
            step_elims(s, bb_and(be, g->dig[d]), d);
          }
          if (sink_emit(k)) return 1;
        }
    }
  }
  return 0;
}
