/* se_locking.c: intersections (pointing 2.6, claiming 2.8) and their
 * direct forms (direct pointing 1.7, direct claiming 1.9: the
 * elimination leaves a hidden single, which is placed).
 *
 * SE's order: the pairs (box, column), (box, row), (column, box),
 * (row, box); for each, units i1 = 0..8 of the first kind, i2 = 0..8 of
 * the second, digits 1..9. A digit whose candidates in unit 1 (at least
 * two) all lie in unit 2 is locked there. Direct mode then looks, among
 * the other units i3 of the first kind crossing unit 2, for one where the
 * digit keeps a single position outside unit 2. */
#include "se.h"

static int crosses(int u1, int u2) {
  int a = u1 < u2 ? u1 : u2, b = u1 < u2 ? u2 : u1; /* a: box, b: line */
  if (a >= SE_ROW) return 0;
  if (b < SE_COL) return (b - SE_ROW) / 3 == a / 3;
  return (b - SE_COL) / 3 == a % 3;
}

static void fill(const se_grid *g, int u1, int u2, int d, se_hint *h) {
  se_bb rem = se_bb_andnot(se_bb_and(g->dig[d], SE_UNIT_BB[u2]), SE_UNIT_BB[u1]);
  while (!se_bb_empty(rem)) h->elim[se_bb_pop(&rem)] |= (uint16_t)(1u << d);
  h->base_units[0] = (uint8_t)u1;
  h->cover_units[0] = (uint8_t)u2;
  h->nbase = 1;
  h->set_digits = (uint16_t)(1u << d);
}

static int pairs(const se_grid *g, int k1, int k2, int direct, se_acc *acc) {
  for (int i1 = 0; i1 < 9; i1++) {
    int u1 = k1 + i1;
    for (int i2 = 0; i2 < 9; i2++) {
      int u2 = k2 + i2;
      if (!crosses(u1, u2)) continue;
      for (int d = 0; d < 9; d++) {
        se_bb in1 = se_bb_and(g->dig[d], SE_UNIT_BB[u1]);
        if (se_bb_count(in1) <= 1) continue;
        if (!se_bb_empty(se_bb_andnot(in1, SE_UNIT_BB[u2]))) continue;
        se_hint h;
        if (!direct) {
          se_hint_clear(&h);
          h.tech = k1 == SE_BOX ? SE_T_POINTING : SE_T_CLAIMING;
          h.diff = k1 == SE_BOX ? 2.6 : 2.8;
          h.sub = 1;
          fill(g, u1, u2, d, &h);
          if (nonet__se_hint_worth(&h) && acc->add(acc, &h)) return 1;
          continue;
        }
        for (int i3 = 0; i3 < 9; i3++) {
          int u3 = k1 + i3;
          if (i3 == i1 || !crosses(u3, u2)) continue;
          se_bb in3 = se_bb_and(g->dig[d], SE_UNIT_BB[u3]);
          if (se_bb_count(in3) <= 1) continue;
          se_bb left = se_bb_andnot(in3, SE_UNIT_BB[u2]);
          if (se_bb_count(left) != 1) continue;
          se_hint_clear(&h);
          h.tech = k1 == SE_BOX ? SE_T_DIRECT_POINTING : SE_T_DIRECT_CLAIMING;
          h.diff = k1 == SE_BOX ? 1.7 : 1.9;
          h.cell = (int8_t)se_bb_first(left);
          h.digit = (uint8_t)d;
          /* SE applies only the placement of a direct hint */
          if (acc->add(acc, &h)) return 1;
        }
      }
    }
  }
  return 0;
}

int nonet__se_locking(const se_grid *g, int direct, se_acc *acc) {
  return pairs(g, SE_BOX, SE_COL, direct, acc) ||
         pairs(g, SE_BOX, SE_ROW, direct, acc) ||
         pairs(g, SE_COL, SE_BOX, direct, acc) ||
         pairs(g, SE_ROW, SE_BOX, direct, acc);
}
