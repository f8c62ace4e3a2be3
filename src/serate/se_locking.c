/* se_locking.c: intersections (pointing 2.6, claiming 2.8) and their
 * direct forms (direct pointing 1.7, direct claiming 1.9: the
 * elimination leaves a hidden single, which is placed).
 *
 * SE's order: the pairs (box, column), (box, row), (column, box),
 * (row, box); for each, units i1 = 0..8 of the first kind, and the units
 * i2 = 0..8 of the second kind that cross it, digits 1..9. A digit whose
 * candidates in unit 1 (at least two) all lie in unit 2 is locked there.
 * Direct mode then looks, among the other units i3 of the first kind
 * crossing unit 2, for one where the digit keeps a single position
 * outside unit 2. */
#include "se.h"

/* The three units of the other kind crossing unit u, ascending. */
static void crossing(int u, int kind, int *out) {
  if (u < SE_ROW) { /* a box: its rows or columns */
    int base = kind == SE_ROW ? SE_ROW + u / 3 * 3 : SE_COL + u % 3 * 3;
    for (int i = 0; i < 3; i++) out[i] = base + i;
  } else { /* a line: the boxes of its band or stack */
    int line = u < SE_COL ? u - SE_ROW : u - SE_COL;
    for (int i = 0; i < 3; i++)
      out[i] = u < SE_COL ? line / 3 * 3 + i : line / 3 + 3 * i;
  }
}

static void fill(const se_grid *g, int u1, int u2, int d, se_hint *h) {
  nn_bb rem = bb_andn(bb_and(g->dig[d], SE_UNIT_BB[u2]), SE_UNIT_BB[u1]);
  while (!bb_empty(rem)) h->elim[bb_pop(&rem)] |= (uint16_t)(1u << d);
  h->base_units[0] = (uint8_t)u1;
  h->cover_units[0] = (uint8_t)u2;
  h->nbase = 1;
  h->set_digits = (uint16_t)(1u << d);
}

static int pairs(const se_grid *g, int k1, int k2, int direct, se_acc *acc) {
  for (int u1 = k1; u1 < k1 + 9; u1++) {
    int cross[3];
    crossing(u1, k2, cross);
    /* per crossing unit, the digits of the three shared cells (seen[j])
     * and those in two of them at least (twice[j]): a digit is locked in
     * crossing j when twice there and seen in no other */
    unsigned seen[3], twice[3];
    for (int j = 0; j < 3; j++) {
      unsigned in2 = SE_SHARED[u1][cross[j]], a, b, c;
      a = g->cand[SE_UNIT[u1][nn_ctz(in2)]];
      in2 &= in2 - 1;
      b = g->cand[SE_UNIT[u1][nn_ctz(in2)]];
      in2 &= in2 - 1;
      c = g->cand[SE_UNIT[u1][nn_ctz(in2)]];
      seen[j] = a | b | c;
      twice[j] = (a & b) | (a & c) | (b & c);
    }
    for (int j = 0; j < 3; j++) {
      int u2 = cross[j];
      unsigned locked = twice[j] & ~(seen[(j + 1) % 3] | seen[(j + 2) % 3]);
      for (; locked; locked &= locked - 1) {
        int d = nn_ctz(locked);
        se_hint h;
        if (!direct) {
          /* nothing to remove: the digit is only in unit 1 within unit 2 */
          if (!(g->pos[u2][d] & ~SE_SHARED[u2][u1])) continue;
          se_hint_clear(&h);
          h.tech = k1 == SE_BOX ? SE_T_POINTING : SE_T_CLAIMING;
          h.diff = nonet__se_diff(h.tech);
          h.sub = 1;
          fill(g, u1, u2, d, &h);
          if (acc->add(acc, &h)) return 1;
          continue;
        }
        int others[3];
        crossing(u2, k1, others);
        for (int i = 0; i < 3; i++) {
          int u3 = others[i];
          if (u3 == u1) continue;
          unsigned p3 = g->pos[u3][d];
          if (pc9(p3) <= 1) continue;
          unsigned left = p3 & ~SE_SHARED[u3][u2];
          if (pc9(left) != 1) continue;
          se_hint_clear(&h);
          h.tech = k1 == SE_BOX ? SE_T_DIRECT_POINTING : SE_T_DIRECT_CLAIMING;
          h.diff = nonet__se_diff(h.tech);
          h.cell = (int8_t)SE_UNIT[u3][nn_ctz(left)];
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
