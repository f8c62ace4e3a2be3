/* se_subsets.c: naked sets (pair 3.0, triplet 3.6, quad 5.0), hidden sets
 * (pair 3.4, triplet 4.0, quad 5.4) and direct hidden sets (pair 2.0,
 * triplet 2.5: the set leaves a hidden single elsewhere in its unit,
 * which is placed).
 *
 * SE's order: boxes, then columns, then rows, units 0..8 of each; within
 * a unit the combinations of `degree` cell indexes (naked) or digits
 * (hidden) in increasing order of their bit masks. Every member must have
 * at least two candidates (positions) and together exactly `degree`. */
#include "se.h"

static const int kinds[3] = {SE_BOX, SE_COL, SE_ROW};

int nonet__se_naked_set(const se_grid *g, int degree, se_acc *acc) {
  for (int k = 0; k < 3; k++)
    for (int u = kinds[k]; u < kinds[k] + 9; u++) {
      if (se_unit_empty(g, u) < degree * 2) continue;
      const uint8_t *cells = SE_UNIT[u];
      unsigned combo = (1u << degree) - 1;
      do {
        unsigned uni = 0;
        int ok = 1;
        for (unsigned m = combo; m; m &= m - 1) {
          unsigned c = g->cand[cells[nn_ctz(m)]];
          if (se_pop9(c) <= 1) {
            ok = 0;
            break;
          }
          uni |= c;
        }
        if (!ok || se_pop9(uni) != degree) continue;
        se_hint h;
        se_hint_clear(&h);
        h.tech = degree == 2 ? SE_T_NAKED_PAIR
                 : degree == 3 ? SE_T_NAKED_TRIPLE
                               : SE_T_NAKED_QUAD;
        h.diff = degree == 2 ? 3.0 : degree == 3 ? 3.6 : 5.0;
        h.size = (uint8_t)degree;
        for (int i = 0; i < 9; i++) {
          if (combo >> i & 1) {
            se_bb_set(&h.set_cells, cells[i]);
            continue;
          }
          h.elim[cells[i]] = (uint16_t)(g->cand[cells[i]] & uni);
        }
        h.set_digits = (uint16_t)uni;
        h.set_unit = (uint8_t)u;
        if (nonet__se_hint_worth(&h) && acc->add(acc, &h)) return 1;
      } while (se_next_combo(&combo, 9));
    }
  return 0;
}

int nonet__se_hidden_set(const se_grid *g, int degree, int direct,
                         se_acc *acc) {
  for (int k = 0; k < 3; k++)
    for (int u = kinds[k]; u < kinds[k] + 9; u++) {
      int empty = se_unit_empty(g, u);
      if (!(empty > degree * 2 || (direct && empty > degree))) continue;
      unsigned pos[9];
      for (int d = 0; d < 9; d++) pos[d] = se_unit_pos(g, u, d);
      const uint8_t *cells = SE_UNIT[u];
      unsigned combo = (1u << degree) - 1;
      do {
        unsigned uni = 0;
        int ok = 1;
        for (unsigned m = combo; m; m &= m - 1) {
          unsigned p = pos[nn_ctz(m)];
          if (se_pop9(p) <= 1) {
            ok = 0;
            break;
          }
          uni |= p;
        }
        if (!ok || se_pop9(uni) != degree) continue;
        se_hint h;
        se_hint_clear(&h);
        h.size = (uint8_t)degree;
        if (direct) {
          /* first digit outside the set left with one position */
          int found = -1;
          for (int d = 0; d < 9 && found < 0; d++) {
            if (combo >> d & 1) continue;
            if (se_pop9(pos[d]) <= 1) continue;
            unsigned rest = pos[d] & ~uni;
            if (se_pop9(rest) == 1) found = d;
          }
          if (found < 0) continue;
          h.tech = degree == 2 ? SE_T_DIRECT_HIDDEN_PAIR : SE_T_DIRECT_HIDDEN_TRIPLE;
          h.diff = degree == 2 ? 2.0 : 2.5;
          h.cell = (int8_t)cells[nn_ctz(pos[found] & ~uni)];
          h.digit = (uint8_t)found;
          if (acc->add(acc, &h)) return 1;
          continue;
        }
        h.tech = degree == 2 ? SE_T_HIDDEN_PAIR
                 : degree == 3 ? SE_T_HIDDEN_TRIPLE
                               : SE_T_HIDDEN_QUAD;
        h.diff = degree == 2 ? 3.4 : degree == 3 ? 4.0 : 5.4;
        for (unsigned m = uni; m; m &= m - 1) {
          int c = cells[nn_ctz(m)];
          h.elim[c] = (uint16_t)(g->cand[c] & ~combo);
        }
        h.set_digits = (uint16_t)combo;
        h.set_unit = (uint8_t)u;
        if (nonet__se_hint_worth(&h) && acc->add(acc, &h)) return 1;
      } while (se_next_combo(&combo, 9));
    }
  return 0;
}
