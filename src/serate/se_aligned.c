/* se_aligned.c: aligned pair exclusion (6.2) and aligned triplet
 * exclusion (7.5), as SE finds them.
 *
 * Base cells: empty cells (row-major) with two or more candidates, no
 * peer reduced to a single candidate, and at least one "excluder": a peer
 * with 2 (pairs) or 2..3 (triplets) candidates. For each pair of base
 * cells (i < j, j outer), and for triplets each third base cell among the
 * excluders of the first two (first cell's excluders, then the second's),
 * with at least two excluders common to all: a combination of digits for
 * the base cells is impossible when two cells that see each other get the
 * same digit, or when an excluder's candidates are all used. A digit that
 * no possible combination gives to a base cell goes from that cell. */
#include "se.h"

typedef struct al_base {
  int n;
  uint8_t cell[81];
  se_bb exc[81];           /* excluders of each base cell */
  uint8_t exc_list[81][20]; /* the same, in peer order */
  uint8_t nexc[81];
  se_bb is_base;
  int8_t index[81]; /* base index of a cell, or -1 */
} al_base;

static void find_bases(const se_grid *g, int degree, al_base *b) {
  b->n = 0;
  b->is_base.lo = b->is_base.hi = 0;
  memset(b->index, -1, sizeof b->index);
  for (int c = 0; c < 81; c++) {
    if (se_ncand(g, c) < 2) continue;
    int single = 0, ne = 0;
    se_bb exc = {0, 0};
    for (int k = 0; k < 20; k++) {
      int p = SE_PEERS[c][k];
      int n = se_ncand(g, p);
      if (n == 1) single = 1;
      else if (n >= 2 && n <= degree) {
        se_bb_set(&exc, p);
        b->exc_list[b->n][ne++] = (uint8_t)p;
      }
    }
    if (single || ne == 0) continue;
    b->cell[b->n] = (uint8_t)c;
    b->exc[b->n] = exc;
    b->nexc[b->n] = (uint8_t)ne;
    b->index[c] = (int8_t)b->n;
    se_bb_set(&b->is_base, c);
    b->n++;
  }
}

/* Collects the distinct candidate sets of the excluders in `exc`. */
static int excluder_sets(const se_grid *g, se_bb exc, uint16_t *sets) {
  int n = 0;
  while (!se_bb_empty(exc)) {
    uint16_t m = g->cand[se_bb_pop(&exc)];
    int dup = 0;
    for (int i = 0; i < n; i++) dup |= sets[i] == m;
    if (!dup) sets[n++] = m;
  }
  return n;
}

static int locked(const uint16_t *sets, int nsets, unsigned used) {
  for (int i = 0; i < nsets; i++)
    if (!(sets[i] & ~used)) return 1;
  return 0;
}

static int emit(const se_grid *g, const int *cells, const unsigned *allow, int n,
                se_acc *acc) {
  se_hint h;
  se_hint_clear(&h);
  h.tech = n == 2 ? SE_T_APE : SE_T_ATE;
  h.diff = n == 2 ? 6.2 : 7.5;
  for (int i = 0; i < n; i++) h.elim[cells[i]] = (uint16_t)(g->cand[cells[i]] & ~allow[i]);
  return nonet__se_hint_worth(&h) && acc->add(acc, &h);
}

static int pairs(const se_grid *g, const al_base *b, se_acc *acc) {
  for (int j = 1; j < b->n; j++)
    for (int i = 0; i < j; i++) {
      se_bb common = se_bb_and(b->exc[i], b->exc[j]);
      if (se_bb_count(common) < 2) continue;
      uint16_t sets[20];
      int nsets = excluder_sets(g, common, sets);
      int cells[2] = {b->cell[i], b->cell[j]};
      int see = se_sees(cells[0], cells[1]);
      unsigned allow[2] = {0, 0};
      for (unsigned m0 = g->cand[cells[0]]; m0; m0 &= m0 - 1)
        for (unsigned m1 = g->cand[cells[1]]; m1; m1 &= m1 - 1) {
          unsigned b0 = m0 & -m0, b1 = m1 & -m1;
          if (b0 == b1 && see) continue;
          if (locked(sets, nsets, b0 | b1)) continue;
          allow[0] |= b0;
          allow[1] |= b1;
        }
      if (emit(g, cells, allow, 2, acc)) return 1;
    }
  return 0;
}

static int triplets(const se_grid *g, const al_base *b, se_acc *acc) {
  for (int j = 1; j < b->n; j++)
    for (int i = 0; i < j; i++) {
      int c0 = b->cell[i], c1 = b->cell[j];
      /* the twin area: excluders of c0, then of c1, that are base cells */
      int tail[40], nt = 0;
      se_bb seen = {0, 0};
      const int pick[2] = {i, j};
      for (int s = 0; s < 2; s++)
        for (int k = 0; k < b->nexc[pick[s]]; k++) {
          int c = b->exc_list[pick[s]][k];
          if (c == c0 || c == c1 || se_bb_has(seen, c) || !se_bb_has(b->is_base, c))
            continue;
          se_bb_set(&seen, c);
          tail[nt++] = c;
        }
      se_bb common01 = se_bb_and(b->exc[i], b->exc[j]);
      if (se_bb_count(common01) < 2) continue;
      for (int t = 0; t < nt; t++) {
        int c2 = tail[t];
        se_bb common = se_bb_and(common01, b->exc[b->index[c2]]);
        if (se_bb_count(common) < 2) continue;
        uint16_t sets[20];
        int nsets = excluder_sets(g, common, sets);
        int cells[3] = {c0, c1, c2};
        int s01 = se_sees(c0, c1), s02 = se_sees(c0, c2), s12 = se_sees(c1, c2);
        unsigned allow[3] = {0, 0, 0};
        for (unsigned m0 = g->cand[c0]; m0; m0 &= m0 - 1)
          for (unsigned m1 = g->cand[c1]; m1; m1 &= m1 - 1) {
            unsigned b0 = m0 & -m0, b1 = m1 & -m1;
            if (b0 == b1 && s01) continue;
            for (unsigned m2 = g->cand[c2]; m2; m2 &= m2 - 1) {
              unsigned b2 = m2 & -m2;
              if ((b0 == b2 && s02) || (b1 == b2 && s12)) continue;
              if (locked(sets, nsets, b0 | b1 | b2)) continue;
              allow[0] |= b0;
              allow[1] |= b1;
              allow[2] |= b2;
            }
          }
        if (emit(g, cells, allow, 3, acc)) return 1;
      }
    }
  return 0;
}

int nonet__se_aligned(const se_grid *g, int degree, se_acc *acc) {
  al_base b;
  find_bases(g, degree, &b);
  if (b.n < degree) return 0;
  return degree == 2 ? pairs(g, &b, acc) : triplets(g, &b, acc);
}
