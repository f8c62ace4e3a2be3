/* remote.c: remote pairs. Bivalue cells with the same two digits {x,y},
 * linked by seeing each other, alternate x and y along any path; two of
 * them at an odd distance hold x and y between them, so a cell seeing
 * both holds neither. Only chains of at least four cells count (shorter
 * ones are naked pairs).
 *
 * Step data: digits (x,y); cells with role 0 the chain from one end to
 * the other. */
#include <string.h>

#include "logic/grid.h"

int nonet__find_remote_pairs(const nn_grid *g, int tech, nn_sink *k) {
  (void)tech;
  nn_bb bv = g_bivalue(g), seen_masks = NN_BB_EMPTY, outer = bv;
  BB_FOR(first, outer) {
    if (bb_has(seen_masks, first)) continue;
    unsigned m = g->st.cand[first];
    nn_bb same = NN_BB_EMPTY, t = bv;
    BB_FOR(i, t) if (g->st.cand[i] == m) bb_set(&same, i);
    seen_masks = bb_or(seen_masks, same);
    if (bb_count(same) < 4) continue;
    int x = nn_ctz(m), y = nn_ctz(m & (m - 1));
    /* breadth-first from each cell of the set: distances and parents */
    nn_bb starts = same;
    BB_FOR(a, starts) {
      int8_t dist[81];
      uint8_t parent[81], queue[81];
      memset(dist, -1, sizeof dist);
      int qh = 0, qt = 0;
      queue[qt++] = (uint8_t)a;
      dist[a] = 0;
      while (qh < qt) {
        int c = queue[qh++];
        nn_bb nb = bb_and(nonet__peer_bb[c], same);
        BB_FOR(o, nb) {
          if (dist[o] >= 0) continue;
          dist[o] = (int8_t)(dist[c] + 1);
          parent[o] = (uint8_t)c;
          queue[qt++] = (uint8_t)o;
        }
      }
      for (int q = 0; q < qt; q++) {
        int b = queue[q];
        if (b <= a || dist[b] < 3 || !(dist[b] & 1)) continue;
        nn_bb both = bb_and(nonet__peer_bb[a], nonet__peer_bb[b]);
        nn_bb ex = bb_and(both, g->dig[x]), ey = bb_and(both, g->dig[y]);
        if (bb_empty(ex) && bb_empty(ey)) continue;
        nonet_step *s = k->step;
        step_begin(s, NONET_TECH_REMOTE_PAIR);
        s->digits = (nonet_mask)m;
        uint8_t path[81];
        int n = 0;
        for (int c = b; c != a; c = parent[c]) path[n++] = (uint8_t)c;
        path[n++] = (uint8_t)a;
        for (int j = n - 1; j >= 0; j--) step_cell(s, path[j], 0);
        step_elims(s, ex, x);
        step_elims(s, ey, y);
        if (sink_emit(k)) return 1;
      }
    }
  }
  return 0;
}
