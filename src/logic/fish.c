/* fish.c: basic fish (X-Wing, Swordfish, Jellyfish) and their finned and
 * sashimi forms.
 *
 * A fish of size n on digit d: n base lines (rows, or columns) whose
 * places for d all lie in n cover lines (columns, or rows); the cover
 * lines lose d outside the base lines. Finned: the base lines also have
 * places outside the covers, all in one box (the fins); then only the
 * cover cells in the fins' box lose d (if no fin is true the fish holds,
 * if one is, it sees them). Sashimi: a finned fish where some base line
 * has a single place in the covers.
 *
 * Step data: digits; units: the n base lines (nbase = n) then the n
 * cover lines; cells with role 1: the fins. */
#include "logic/grid.h"

typedef struct fish_search {
  const nn_grid *g;
  nn_sink *k;
  int tech, n, finned, sashimi, d, orient;
  int lines[9], nlines;   /* candidate base lines (index 0..8) */
  uint16_t pos[9];        /* their places (cross-line indexes) */
  int chosen[5];
} fish_search;

static nn_bb line_bb(int orient, int i) { return nonet__unit_bb[orient ? 9 + i : i]; }

static int report(fish_search *q, unsigned covers, nn_bb fins, nn_bb elims) {
  nonet_step *s = q->k->step;
  step_begin(s, q->tech);
  s->digits = (nonet_mask)(1u << q->d);
  int bo = q->orient ? 9 : 0, co = q->orient ? 0 : 9;
  for (int j = 0; j < q->n; j++) step_unit(s, bo + q->lines[q->chosen[j]], 1);
  for (unsigned m = covers; m; m &= m - 1) step_unit(s, co + nn_ctz(m), 0);
  step_cells(s, fins, 1);
  step_elims(s, elims, q->d);
  return sink_emit(q->k);
}

/* the cells of digit d in the cover lines, outside the base lines */
static nn_bb cover_cells(const fish_search *q, unsigned covers, nn_bb base) {
  nn_bb c = NN_BB_EMPTY;
  for (unsigned m = covers; m; m &= m - 1) c = bb_or(c, line_bb(!q->orient, nn_ctz(m)));
  return bb_andn(bb_and(c, q->g->dig[q->d]), base);
}

static int leaf(fish_search *q, unsigned uni) {
  nn_bb base = NN_BB_EMPTY;
  for (int j = 0; j < q->n; j++) base = bb_or(base, line_bb(q->orient, q->lines[q->chosen[j]]));
  int nu = nn_popcount(uni);
  if (!q->finned) {
    if (nu != q->n) return 0;
    nn_bb e = cover_cells(q, uni, base);
    return bb_any(e) ? report(q, uni, NN_BB_EMPTY, e) : 0;
  }
  if (nu <= q->n) return 0;
  for (int st = 0; st < 3; st++) {
    unsigned smask = 7u << (3 * st);
    unsigned S = uni & smask, R = uni & ~smask;
    if (!S || nn_popcount(R) > q->n) continue;
    int need = q->n - nn_popcount(R);
    for (unsigned T = S;; T = (T - 1) & S) { /* subsets of S, S itself first */
      if (nn_popcount(T) == need && T != S) {
        unsigned C = R | T, F = S & ~T;
        nn_bb fins = NN_BB_EMPTY;
        int ok = 1, sashimi = 0;
        for (int j = 0; j < q->n && ok; j++) {
          unsigned m = q->pos[q->chosen[j]];
          int inc = nn_popcount(m & C);
          if (!inc) ok = 0;
          if (inc == 1) sashimi = 1;
        }
        if (ok && sashimi == q->sashimi) {
          for (unsigned m = F; m; m &= m - 1) fins = bb_or(fins, line_bb(!q->orient, nn_ctz(m)));
          fins = bb_and(fins, bb_and(base, q->g->dig[q->d]));
          int box = nonet__cell_units[bb_first(fins)][2];
          if (bb_sub(fins, nonet__unit_bb[box])) {
            nn_bb e = bb_and(cover_cells(q, C, base), nonet__unit_bb[box]);
            if (bb_any(e) && report(q, C, fins, e)) return 1;
          }
        }
      }
      if (!T) break;
    }
  }
  return 0;
}

static int choose(fish_search *q, int from, int depth, unsigned uni) {
  if (depth == q->n) return leaf(q, uni);
  int maxu = q->finned ? q->n + 3 : q->n;
  for (int i = from; i <= q->nlines - (q->n - depth); i++) {
    unsigned u2 = uni | q->pos[i];
    if (nn_popcount(u2) > maxu) continue;
    q->chosen[depth] = i;
    if (choose(q, i + 1, depth + 1, u2)) return 1;
  }
  return 0;
}

int nonet__find_fish(const nn_grid *g, int tech, nn_sink *k) {
  fish_search q;
  q.g = g;
  q.k = k;
  q.tech = tech;
  switch (tech) {
  case NONET_TECH_X_WING: q.n = 2, q.finned = 0, q.sashimi = 0; break;
  case NONET_TECH_SWORDFISH: q.n = 3, q.finned = 0, q.sashimi = 0; break;
  case NONET_TECH_JELLYFISH: q.n = 4, q.finned = 0, q.sashimi = 0; break;
  case NONET_TECH_FINNED_X_WING: q.n = 2, q.finned = 1, q.sashimi = 0; break;
  case NONET_TECH_FINNED_SWORDFISH: q.n = 3, q.finned = 1, q.sashimi = 0; break;
  case NONET_TECH_FINNED_JELLYFISH: q.n = 4, q.finned = 1, q.sashimi = 0; break;
  case NONET_TECH_SASHIMI_X_WING: q.n = 2, q.finned = 1, q.sashimi = 1; break;
  case NONET_TECH_SASHIMI_SWORDFISH: q.n = 3, q.finned = 1, q.sashimi = 1; break;
  default: q.n = 4, q.finned = 1, q.sashimi = 1; break;
  }
  for (int d = 0; d < 9; d++) {
    q.d = d;
    for (int o = 0; o < 2; o++) {
      q.orient = o;
      q.nlines = 0;
      int maxc = q.finned ? q.n + 3 : q.n, minc = q.finned ? 1 : 2;
      for (int i = 0; i < 9; i++) {
        unsigned p = g->upos[d][o ? 9 + i : i];
        int c = nn_popcount(p);
        if (c >= minc && c <= maxc) {
          q.lines[q.nlines] = i;
          q.pos[q.nlines++] = (uint16_t)p;
        }
      }
      if (q.nlines >= q.n && choose(&q, 0, 0, 0)) return 1;
    }
  }
  return 0;
}
