/* wings.c: XY-Wing, XYZ-Wing, W-Wing.
 * - XY-Wing: a pivot {x,y} seeing pincers {x,z} and {y,z}: one pincer is
 *   z, so cells seeing both pincers lose z.
 * - XYZ-Wing: a pivot {x,y,z} seeing pincers {x,z} and {y,z}: one of the
 *   three is z, so cells seeing all three lose z.
 * - W-Wing: two cells {x,y} that do not see each other, and a conjugate
 *   pair of x whose ends see one cell each: one of the two cells is y,
 *   so cells seeing both lose y.
 *
 * Step data: digits; z (the eliminated digit); cells with role 0: pivot,
 * pincer, pincer (XY, XYZ) or the two bivalue cells (W), role 1 the
 * conjugate pair (W); x: W-Wing's linking digit. */
#include "logic/grid.h"

static int emit_wing(const nn_grid *g, nn_sink *k, int tech, int p, int a,
                     int b, int z, nn_bb seers) {
  nn_bb e = bb_and(seers, g->dig[z]);
  bb_clr(&e, p);
  bb_clr(&e, a);
  bb_clr(&e, b);
  if (bb_empty(e)) return 0;
  nonet_step *s = k->step;
  step_begin(s, tech);
  s->digits = (nonet_mask)(g->st.cand[p] | g->st.cand[a] | g->st.cand[b]);
  s->z = (uint8_t)(z + 1);
  step_cell(s, p, 0);
  step_cell(s, a, 0);
  step_cell(s, b, 0);
  step_elims(s, e, z);
  return sink_emit(k);
}

static int xy_wing(const nn_grid *g, nn_sink *k, int xyz) {
  nn_bb bv = g_bivalue(g);
  nn_bb pivots = bv;
  if (xyz) {
    pivots = NN_BB_EMPTY;
    nn_bb e = g->empty;
    BB_FOR(i, e) if (pc9(g->st.cand[i]) == 3) bb_set(&pivots, i);
  }
  BB_FOR(p, pivots) {
    unsigned cp = g->st.cand[p];
    nn_bb wings = bb_and(nonet__peer_bb[p], bv);
    uint8_t list[20];
    int n = 0;
    BB_FOR(w, wings) {
      unsigned cw = g->st.cand[w];
      /* XY: shares one digit with the pivot; XYZ: inside the pivot */
      if (xyz ? (cw & cp) == cw : pc9(cw & cp) == 1) list[n++] = (uint8_t)w;
    }
    for (int i = 0; i < n; i++)
      for (int j = i + 1; j < n; j++) {
        int a = list[i], b = list[j];
        unsigned ca = g->st.cand[a], cb = g->st.cand[b];
        if (ca == cb) continue;
        unsigned z = ca & cb;
        if (pc9(z) != 1) continue;
        int zd = nn_ctz(z);
        nn_bb seers = bb_and(nonet__peer_bb[a], nonet__peer_bb[b]);
        if (xyz) {
          if (!(cp & z) || (ca | cb) != cp) continue;
          seers = bb_and(seers, nonet__peer_bb[p]);
        } else {
          if ((cp & z) || pc9(ca | cb | cp) != 3) continue;
        }
        if (emit_wing(g, k, xyz ? NONET_TECH_XYZ_WING : NONET_TECH_XY_WING, p,
                      a, b, zd, seers))
          return 1;
      }
  }
  return 0;
}

static int w_wing(const nn_grid *g, nn_sink *k) {
  nn_bb bv = g_bivalue(g), outer = bv;
  BB_FOR(p, outer) {
    unsigned m = g->st.cand[p];
    nn_bb inner = bv;
    BB_FOR(q, inner) {
      if (q <= p || g->st.cand[q] != m || nn_sees(p, q)) continue;
      for (unsigned xm = m; xm; xm &= xm - 1) {
        int x = nn_ctz(xm), y = nn_ctz(m & ~(1u << x));
        nn_bb e =
            bb_and(bb_and(nonet__peer_bb[p], nonet__peer_bb[q]), g->dig[y]);
        if (bb_empty(e)) continue;
        for (int u = 0; u < 27; u++) {
          unsigned pos = g->upos[x][u];
          if (pc9(pos) != 2) continue;
          int s1 = nonet__unit_cells[u][nn_ctz(pos)];
          int s2 = nonet__unit_cells[u][nn_ctz(pos & (pos - 1))];
          if (s1 == p || s1 == q || s2 == p || s2 == q) continue;
          if (!((nn_sees(s1, p) && nn_sees(s2, q)) ||
                (nn_sees(s1, q) && nn_sees(s2, p))))
            continue;
          nonet_step *s = k->step;
          step_begin(s, NONET_TECH_W_WING);
          s->digits = (nonet_mask)m;
          s->x = (uint8_t)(x + 1);
          s->z = (uint8_t)(y + 1);
          step_cell(s, p, 0);
          step_cell(s, q, 0);
          step_cell(s, s1, 1);
          step_cell(s, s2, 1);
          step_elims(s, e, y);
          if (sink_emit(k)) return 1;
          break;
        }
      }
    }
  }
  return 0;
}

int nonet__find_wings(const nn_grid *g, int tech, nn_sink *k) {
  switch (tech) {
  case NONET_TECH_XY_WING:
    return xy_wing(g, k, 0);
  case NONET_TECH_XYZ_WING:
    return xy_wing(g, k, 1);
  default:
    return w_wing(g, k);
  }
}
