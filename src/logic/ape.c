/* ape.c: aligned pair exclusion. Two open cells P and Q sharing a unit
 * cannot take the same digit, nor a pair of digits {x,y} that some
 * bivalue cell {x,y} seeing both of them needs (it would be emptied). If
 * every digit of Q is excluded next to digit x of P, P is not x.
 *
 * Step data: cells with role 0 P and Q, role 1 the bivalue cells that
 * exclude combinations. */
#include "logic/grid.h"

int nonet__find_ape(const nn_grid *g, int tech, nn_sink *k) {
  (void)tech;
  nn_bb bv = g_bivalue(g), outer = g->empty;
  BB_FOR(p, outer) {
    nn_bb inner = bb_and(nonet__peer_bb[p], g->empty);
    BB_FOR(q, inner) {
      if (q <= p) continue;
      nn_bb cs = bb_and(bb_and(nonet__peer_bb[p], nonet__peer_bb[q]), bv);
      if (bb_empty(cs)) continue;
      /* excluded[x]: digits y of Q impossible with x in P */
      uint16_t excl[9] = {0};
      nn_bb t = cs;
      BB_FOR(c, t) {
        unsigned m = g->st.cand[c];
        int x = nn_ctz(m), y = nn_ctz(m & (m - 1));
        excl[x] |= (uint16_t)(1u << y);
        excl[y] |= (uint16_t)(1u << x);
      }
      for (int side = 0; side < 2; side++) {
        int a = side ? q : p, b = side ? p : q;
        unsigned ca = g->st.cand[a], cb = g->st.cand[b];
        nonet_step *s = k->step;
        step_begin(s, NONET_TECH_APE);
        for (unsigned m = ca; m; m &= m - 1) {
          int x = nn_ctz(m);
          /* same digit is excluded: P and Q share a unit */
          if ((cb & ~(1u << x) & ~excl[x]) == 0) step_elim(s, a, x);
        }
        if (!s->nelim || s->nelim == pc9(ca)) continue;
        step_cell(s, a, 0);
        step_cell(s, b, 0);
        t = cs;
        BB_FOR(c, t) {
          unsigned m = g->st.cand[c];
          int used = 0;
          for (int j = 0; j < s->nelim; j++)
            used |= (m >> (s->elim[j].digit - 1)) & 1;
          if (used && (m & cb)) step_cell(s, c, 1);
        }
        s->digits = (nonet_mask)(ca | cb);
        if (sink_emit(k)) return 1;
      }
    }
  }
  return 0;
}
