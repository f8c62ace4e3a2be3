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
  uint16_t cells; /* positions in the rest list */
  uint16_t mask;  /* digits */
  uint8_t n;
} part;

/* the subsets of 1..3 cells of `cells` (n <= 6), with their digits */
static int subsets(const nn_grid *g, const int *cells, int n, part *out) {
  uint16_t dig[64];
  int np = 0;
  dig[0] = 0;
  for (unsigned m = 1; m < (1u << n); m++) {
    dig[m] = (uint16_t)(dig[m & (m - 1)] | g->st.cand[cells[nn_ctz(m)]]);
    int k = pc9(m);
    if (k <= 3) out[np++] = (part){(uint16_t)m, dig[m], (uint8_t)k};
  }
  return np;
}

/* keeps the subsets that share a digit with V and add fewer new digits
 * than they have cells */
static int useful(const part *in, int n, unsigned V, part *out) {
  int np = 0;
  for (int j = 0; j < n; j++)
    if ((in[j].mask & V) && pc9(in[j].mask & ~V) < in[j].n) out[np++] = in[j];
  return np;
}

static nn_bb cells_of(const int *cells, unsigned m) {
  nn_bb b = NN_BB_EMPTY;
  for (; m; m &= m - 1) bb_set(&b, cells[nn_ctz(m)]);
  return b;
}

int nonet__find_sue_de_coq(const nn_grid *g, int tech, nn_sink *k) {
  (void)tech;
  for (int seg = 0; seg < 54; seg++) {
    nn_bb segc = bb_and(nonet__seg_bb[seg], g->empty);
    if (!bb_many(segc)) continue;
    int box = 18 + nn_box_of_seg(seg), line = nn_line_of_seg(seg);
    int lcells[6], nl = 0, bcells[6], nb = 0;
    nn_bb t =
        bb_andn(bb_and(nonet__unit_bb[line], g->empty), nonet__seg_bb[seg]);
    BB_FOR(c, t) lcells[nl++] = c;
    t = bb_andn(bb_and(nonet__unit_bb[box], g->empty), nonet__seg_bb[seg]);
    BB_FOR(c, t) bcells[nb++] = c;
    if (!nl || !nb) continue;
    int sc[3], ns = 0;
    t = segc;
    BB_FOR(c, t) sc[ns++] = c;
    part LA[64], BA[64];
    int nla = -1, nba = -1;
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
      if (nla < 0) {
        nla = subsets(g, lcells, nl, LA);
        nba = subsets(g, bcells, nb, BA);
      }
      part L[64], B[64];
      int npl = useful(LA, nla, V, L), npb = useful(BA, nba, V, B);
      int need = nc - pc9(V); /* (new digits - cells) of L plus of B */
      for (int i = 0; i < npl; i++)
        for (int j = 0; j < npb; j++) {
          if (L[i].mask & B[j].mask) continue;
          if (pc9(L[i].mask & ~V) - L[i].n + pc9(B[j].mask & ~V) - B[j].n !=
              need)
            continue;
          unsigned N = V | L[i].mask | B[j].mask;
          if (pc9(N) != nc + L[i].n + B[j].n) continue;
          unsigned lineset = L[i].mask | (V & ~B[j].mask);
          unsigned boxset = B[j].mask | (V & ~L[i].mask);
          nn_bb lc = cells_of(lcells, L[i].cells),
                bc = cells_of(bcells, B[j].cells);
          nonet_step *s = k->step;
          step_begin(s, NONET_TECH_SUE_DE_COQ);
          step_cells(s, C, 0);
          step_cells(s, lc, 1);
          step_cells(s, bc, 2);
          s->masks[0] = (nonet_mask)V;
          s->masks[1] = L[i].mask;
          s->masks[2] = B[j].mask;
          s->digits = (nonet_mask)N;
          step_unit(s, line, 1);
          step_unit(s, box, 0);
          nn_bb le =
              bb_andn(bb_andn(bb_and(nonet__unit_bb[line], g->empty), C), lc);
          nn_bb be =
              bb_andn(bb_andn(bb_and(nonet__unit_bb[box], g->empty), C), bc);
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
