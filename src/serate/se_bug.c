/* se_bug.c: bivalue universal grave, types 1 (5.6), 2 and 4 (5.7) and 3
 * (5.7 + 0.1 per extra cell of its naked set), as SE 1.2.1 (with the
 * lksudoku corrections of the serate builds) finds them.
 *
 * Scan boxes, rows, columns (units 0..8 each) and digits 1..9: a digit
 * with other than zero or two positions in a unit must have exactly one
 * position in a cell with three or more candidates: that cell is a BUG
 * cell and the digit one of its BUG digits. Removing the BUG digits must
 * leave every empty cell with two candidates and every digit with zero or
 * two positions per unit. */
#include "se.h"

static void bug_hint(se_hint *h, int type, double diff) {
  se_hint_clear(h);
  h->tech = SE_T_BUG;
  h->sub = (uint8_t)type;
  h->diff = diff;
}

int nonet__se_bug(const se_grid *g, se_acc *acc) {
  uint16_t tcand[81];
  memcpy(tcand, g->cand, sizeof tcand);
  int bug[81], nbug = 0;
  uint16_t bugval[81] = {0};
  unsigned allvals = 0;
  nn_bb common = {0, 0}, inbug = {0, 0};
  int have_common = 0;
  /* lksudoku's addition: every extra cell when only one digit breaks the
   * pattern (several type-2 cells in one unit) */
  nn_bb allextra = {0, 0};
  int allextra_set = 0, onlyval = -1, onevalue = 1;
  static const int kinds[3] = {SE_BOX, SE_ROW, SE_COL};
  int extra_order[81], nextra_order = 0; /* allextra in insertion order */

  for (int k = 0; k < 3; k++)
    for (int u = kinds[k]; u < kinds[k] + 9; u++)
      for (int d = 0; d < 9; d++) {
        unsigned pos = se_unit_pos(g, u, d);
        int n = pc9(pos);
        if (n == 0 || n == 2) continue;
        int nb[9], nnb = 0;
        for (unsigned m = pos; m; m &= m - 1) {
          int c = SE_UNIT[u][nn_ctz(m)];
          if (se_ncand(g, c) >= 3) nb[nnb++] = c;
        }
        if (!allextra_set) {
          allextra_set = 1;
          onlyval = d;
          for (int i = 0; i < nnb; i++)
            if (!bb_has(allextra, nb[i])) {
              bb_set(&allextra, nb[i]);
              extra_order[nextra_order++] = nb[i];
            }
        } else if (onevalue) {
          if (onlyval == d) {
            for (int i = 0; i < nnb; i++)
              if (!bb_has(allextra, nb[i])) {
                bb_set(&allextra, nb[i]);
                extra_order[nextra_order++] = nb[i];
              }
          } else {
            onevalue = 0;
          }
        }
        if (nnb == 1) {
          int c = nb[0];
          if (!bb_has(inbug, c)) {
            bb_set(&inbug, c);
            bug[nbug++] = c;
          }
          bugval[c] |= (uint16_t)(1u << d);
          allvals |= 1u << d;
          tcand[c] &= (uint16_t) ~(1u << d);
          if (!have_common) {
            common = SE_PEER_BB[c];
            have_common = 1;
          } else {
            common = bb_and(common, SE_PEER_BB[c]);
          }
          common = bb_andn(common, inbug);
          if (nbug > 1 && pc9(allvals) > 1 && bb_empty(common)) return 0;
        }
        if (nnb == 0) return 0;
      }

  if (!allextra_set) return 0; /* no unit breaks the pattern */
  if (onevalue && nextra_order > nbug) {
    for (int i = 0; i < nextra_order; i++) {
      int c = extra_order[i];
      if (bb_has(inbug, c)) continue;
      bb_set(&inbug, c);
      bug[nbug++] = c;
      bugval[c] = (uint16_t)(1u << onlyval);
      tcand[c] &= (uint16_t) ~(1u << onlyval);
      if (!have_common) {
        common = SE_PEER_BB[c];
        have_common = 1;
      } else {
        common = bb_and(common, SE_PEER_BB[c]);
      }
      common = bb_andn(common, inbug);
      if (nbug > 1 && pc9(allvals) > 1 && bb_empty(common)) return 0;
    }
  }

  /* what is left must be a BUG: two candidates per empty cell, two
   * positions per digit and unit */
  for (int c = 0; c < 81; c++)
    if (!g->val[c] && pc9(tcand[c]) != 2) return 0;
  for (int u = 0; u < 27; u++)
    for (int d = 0; d < 9; d++) {
      int n = 0;
      for (int i = 0; i < 9; i++) n += tcand[SE_UNIT[u][i]] >> d & 1;
      if (n != 0 && n != 2) return 0;
    }

  se_hint h;
  if (nbug == 1) {
    bug_hint(&h, 1, nonet__se_bug_diff(1, 0));
    h.elim[bug[0]] = (uint16_t)(g->cand[bug[0]] & ~allvals);
    return acc->add(acc, &h);
  }
  int type4_first = 0;
  if (pc9(allvals) == 1) {
    /* type 2: the BUG digit goes from the cells seeing every BUG cell */
    int v = nn_ctz(allvals);
    if (have_common && !bb_empty(common)) {
      nn_bb rem = bb_and(common, g->dig[v]);
      if (!bb_empty(rem)) {
        bug_hint(&h, 2, nonet__se_bug_diff(2, 0));
        while (!bb_empty(rem)) h.elim[bb_pop(&rem)] = (uint16_t)(1u << v);
        if (acc->add(acc, &h)) return 1;
      }
    }
    type4_first = 0;
  } else if (!have_common || bb_empty(common)) {
    return 0;
  } else {
    type4_first = 1;
  }

  /* type 4: two BUG cells in one unit sharing one non-BUG digit */
  if (nbug == 2) {
    int c1 = bug[0], c2 = bug[1];
    unsigned both = g->cand[c1] & g->cand[c2] & ~allvals;
    if (pc9(both) == 1) {
      int v = nn_ctz(both);
      for (int k = 0; k < 3; k++) {
        if (SE_CELL_UNIT[c1][k] != SE_CELL_UNIT[c2][k]) continue;
        bug_hint(&h, 4, nonet__se_bug_diff(4, 0));
        h.elim[c1] = (uint16_t)(g->cand[c1] & ~bugval[c1] & ~(1u << v));
        h.elim[c2] = (uint16_t)(g->cand[c2] & ~bugval[c2] & ~(1u << v));
        if (acc->add(acc, &h)) return 1;
      }
    }
  }
  if (!type4_first) return 0;

  /* type 3: the BUG digits act as one cell of a naked set in a unit
   * shared by all BUG cells */
  for (int degree = 2; degree <= 6; degree++)
    for (int k = 0; k < 3; k++) {
      int u = SE_CELL_UNIT[bug[0]][k];
      int shared = 1;
      for (int i = 1; i < nbug; i++)
        if (SE_CELL_UNIT[bug[i]][k] != u) shared = 0;
      if (!shared) continue;
      /* the common cells of that unit, in the order of the first BUG
       * cell's peers */
      int rc[20], nrc = 0;
      for (int i = 0; i < 20; i++) {
        int c = SE_PEERS[bug[0]][i];
        if (bb_has(common, c) && bb_has(SE_UNIT_BB[u], c)) rc[nrc++] = c;
      }
      if (nrc < degree) continue;
      unsigned combo = (1u << (degree - 1)) - 1;
      do {
        unsigned other = 0;
        int ok = 1;
        nn_bb naked = {0, 0};
        for (unsigned m = combo; m; m &= m - 1) {
          int c = rc[nn_ctz(m)];
          bb_set(&naked, c);
          other |= g->cand[c];
          if (pc9(g->cand[c]) <= 1) ok = 0;
        }
        if (pc9(other) != degree) continue;
        if (pc9(allvals) <= 1) ok = 0;
        unsigned set = other | allvals;
        if (!ok || pc9(set) != degree) continue;
        bug_hint(&h, 3, nonet__se_bug_diff(3, degree));
        int any = 0;
        for (int i = 0; i < nrc; i++) {
          int c = rc[i];
          if (bb_has(naked, c) || bb_has(inbug, c)) continue;
          any = 1;
          h.elim[c] = (uint16_t)(g->cand[c] & set);
        }
        if (!any || !nonet__se_hint_worth(&h)) continue;
        if (acc->add(acc, &h)) return 1;
      } while (se_next_combo(&combo, nrc));
    }
  return 0;
}
