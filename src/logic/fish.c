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

static int leaf(fish_search *q, unsigned uni) {
  const nn_grid *g = q->g;
  unsigned baselines = 0;
  for (int j = 0; j < q->n; j++) baselines |= 1u << q->lines[q->chosen[j]];
  int nu = pc9(uni);
  int cross0 = q->orient ? 0 : 9; /* unit number of cross line 0 */
  if (!q->finned) {
    if (nu != q->n) return 0;
    nn_bb e = NN_BB_EMPTY;
    for (unsigned m = uni; m; m &= m - 1) {
      int c = nn_ctz(m);
      for (unsigned r = g->upos[q->d][cross0 + c] & ~baselines; r; r &= r - 1)
        bb_set(&e, nonet__unit_cells[cross0 + c][nn_ctz(r)]);
    }
    return bb_any(e) ? report(q, uni, NN_BB_EMPTY, e) : 0;
  }
  if (nu <= q->n) return 0;
  for (int st = 0; st < 3; st++) {
    unsigned smask = 7u << (3 * st);
    unsigned S = uni & smask, R = uni & ~smask;
    /* eliminations lie in covers inside the fins' stack: need one there */
    if (!S || pc9(R) >= q->n) continue;
    int need = q->n - pc9(R);
    for (unsigned T = (S - 1) & S; T; T = (T - 1) & S) {
      if (pc9(T) != need) continue;
      unsigned C = R | T, F = S & ~T, finbands = 0;
      int ok = 1, sashimi = 0;
      for (int j = 0; j < q->n; j++) {
        unsigned m = q->pos[q->chosen[j]];
        int inc = pc9(m & C);
        if (!inc) ok = 0;
        if (inc == 1) sashimi = 1;
        if (m & F) finbands |= 1u << (q->lines[q->chosen[j]] / 3);
      }
      if (!ok || sashimi != q->sashimi || pc9(finbands) != 1) continue;
      unsigned rows = (7u << (3 * nn_ctz(finbands))) & ~baselines;
      nn_bb e = NN_BB_EMPTY;
      for (unsigned m = T; m; m &= m - 1) {
        int c = nn_ctz(m);
        for (unsigned r = g->upos[q->d][cross0 + c] & rows; r; r &= r - 1)
          bb_set(&e, nonet__unit_cells[cross0 + c][nn_ctz(r)]);
      }
      if (bb_empty(e)) continue;
      nn_bb fins = NN_BB_EMPTY;
      for (unsigned m = F; m; m &= m - 1) {
        int c = nn_ctz(m);
        for (unsigned r = g->upos[q->d][cross0 + c] & baselines; r; r &= r - 1)
          bb_set(&fins, nonet__unit_cells[cross0 + c][nn_ctz(r)]);
      }
      if (report(q, C, fins, e)) return 1;
    }
  }
  return 0;
}

/* a finned fish needs, for some stack (band) holding the fins, at most
 * n-1 cover lines outside it (a cover inside it holds the eliminations) */
static int fins_possible(unsigned u, int n) {
  return pc9(u & ~0x007u) < n || pc9(u & ~0x038u) < n || pc9(u & ~0x1c0u) < n;
}

static int choose(fish_search *q, int from, int depth, unsigned uni) {
  if (depth == q->n) return leaf(q, uni);
  int maxu = q->finned ? q->n + 3 : q->n;
  for (int i = from; i <= q->nlines - (q->n - depth); i++) {
    unsigned u2 = uni | q->pos[i];
    if (pc9(u2) > maxu || (q->finned && !fins_possible(u2, q->n))) continue;
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
        int c = pc9(p);
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
