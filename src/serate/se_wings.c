/* se_wings.c: XY-wing (4.2) and XYZ-wing (4.4).
 *
 * SE's order: pivot cells in row-major order (two candidates, three for
 * XYZ); the first wing among the pivot's peers (box, row, column order)
 * with two candidates sharing exactly one digit with the pivot; the
 * second wing likewise among the pivot's peers. The digit z common to both
 * wings goes from the cells seeing both wings (and the pivot, for XYZ). */
#include "se.h"

int nonet__se_xy_wing(const se_grid *g, int xyz, se_acc *acc) {
  int target = xyz ? 3 : 2;
  for (int p = 0; p < 81; p++) {
    unsigned xy = g->cand[p];
    if (pc9(xy) != target) continue;
    /* the peers with two candidates, in peer order: wings are among them */
    int bi[20], nb = 0;
    for (int i = 0; i < 20; i++)
      if (pc9(g->cand[SE_PEERS[p][i]]) == 2) bi[nb++] = SE_PEERS[p][i];
    for (int i = 0; i < nb; i++) {
      int a = bi[i];
      unsigned xz = g->cand[a];
      if (pc9(xy & ~xz) != 1) continue;
      for (int j = 0; j < nb; j++) {
        int b = bi[j];
        unsigned yz = g->cand[b];
        unsigned uni = xy | xz | yz, inter = xy & xz & yz;
        if (pc9(uni) != 3 || pc9(inter) != (xyz ? 1 : 0)) continue;
        int z = nn_ctz(xz & yz);
        nn_bb victims = bb_and(SE_PEER_BB[a], SE_PEER_BB[b]);
        if (xyz) victims = bb_and(victims, SE_PEER_BB[p]);
        victims = bb_and(victims, g->dig[z]);
        bb_clr(&victims, p);
        bb_clr(&victims, a);
        bb_clr(&victims, b);
        if (bb_empty(victims)) continue;
        se_hint h;
        se_hint_clear(&h);
        h.tech = xyz ? SE_T_XYZ_WING : SE_T_XY_WING;
        h.diff = nonet__se_diff(h.tech);
        while (!bb_empty(victims))
          h.elim[bb_pop(&victims)] = (uint16_t)(1u << z);
        if (acc->add(acc, &h)) return 1;
      }
    }
  }
  return 0;
}
