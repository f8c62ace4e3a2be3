/* se_fish.c: X-wing (3.2), swordfish (3.8), jellyfish (5.2).
 *
 * SE's order: base lines columns first, then rows; combinations of
 * `degree` lines in increasing order of their bit masks; digits 1..9. A
 * digit placed more than 9 - 2 * degree times is skipped. Every base line
 * needs at least two positions, and together exactly `degree`. */
#include "se.h"

static int scan(const se_grid *g, int degree, int base, int cover,
                unsigned digits, se_acc *acc) {
  int placed[9] = {0};
  for (int c = 0; c < 81; c++)
    if (g->val[c]) placed[g->val[c] - 1]++;
  /* per digit, the base lines with 2 to `degree` positions: SE's
   * combinations that can succeed are combinations of these */
  unsigned elig[9];
  for (int d = 0; d < 9; d++) {
    elig[d] = 0;
    if ((digits >> d & 1) && placed[d] + degree * 2 <= 9)
      for (int l = 0; l < 9; l++) {
        int n = pc9(g->pos[base + l][d]);
        if (n >= 2 && n <= degree) elig[d] |= 1u << l;
      }
  }
  unsigned live = 0; /* digits with enough eligible lines */
  for (int d = 0; d < 9; d++)
    if (pc9(elig[d]) >= degree) live |= 1u << d;
  if (!live) return 0;
  /* SE loops over all combinations of lines, then digits */
  unsigned combo = (1u << degree) - 1;
  do {
    for (unsigned dm = live; dm; dm &= dm - 1) {
      int d = nn_ctz(dm);
      if ((combo & elig[d]) != combo) continue;
      unsigned uni = 0;
      for (unsigned m = combo; m; m &= m - 1)
        uni |= g->pos[base + nn_ctz(m)][d];
      if (pc9(uni) != degree) continue;
      se_hint h;
      se_hint_clear(&h);
      h.tech = degree == 2   ? SE_T_X_WING
               : degree == 3 ? SE_T_SWORDFISH
                             : SE_T_JELLYFISH;
      h.diff = nonet__se_diff(h.tech);
      h.size = (uint8_t)degree;
      nn_bb basebb = {0, 0};
      int n = 0;
      for (unsigned m = combo; m; m &= m - 1) {
        h.base_units[n++] = (uint8_t)(base + nn_ctz(m));
        basebb = bb_or(basebb, SE_UNIT_BB[base + nn_ctz(m)]);
      }
      n = 0;
      int any = 0;
      for (unsigned m = uni; m; m &= m - 1) {
        int cu = cover + nn_ctz(m);
        h.cover_units[n++] = (uint8_t)cu;
        nn_bb rem = bb_andn(bb_and(g->dig[d], SE_UNIT_BB[cu]), basebb);
        while (!bb_empty(rem)) {
          h.elim[bb_pop(&rem)] |= (uint16_t)(1u << d);
          any = 1;
        }
      }
      h.nbase = (uint8_t)degree;
      h.set_digits = (uint16_t)(1u << d);
      if (any && acc->add(acc, &h)) return 1;
    }
  } while (se_next_combo(&combo, 9));
  return 0;
}

int nonet__se_fish(const se_grid *g, int degree, se_acc *acc) {
  return nonet__se_fish_in(g, degree, 0x1ff, acc);
}

int nonet__se_fish_in(const se_grid *g, int degree, unsigned digits,
                      se_acc *acc) {
  if (!digits) return 0;
  return scan(g, degree, SE_COL, SE_ROW, digits, acc) ||
         scan(g, degree, SE_ROW, SE_COL, digits, acc);
}
