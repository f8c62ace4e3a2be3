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
 * One enumeration of base lines (sizes 2 to 4) finds every kind at once;
 * while a step is searched, the first instance of each kind is kept for
 * the other fish techniques (the basic kinds and the finned kinds are two
 * separate passes, the basic one being much cheaper).
 *
 * Step data: digits; units: the n base lines (nbase = n) then the n
 * cover lines; cells with role 1: the fins. */
#include <stdlib.h>

#include "logic/grid.h"

/* kind index: (size - 2) * 3 + form (0 basic, 1 finned, 2 sashimi) */
static const uint8_t kind_tech[9] = {
    NONET_TECH_X_WING,           NONET_TECH_FINNED_X_WING,
    NONET_TECH_SASHIMI_X_WING,   NONET_TECH_SWORDFISH,
    NONET_TECH_FINNED_SWORDFISH, NONET_TECH_SASHIMI_SWORDFISH,
    NONET_TECH_JELLYFISH,        NONET_TECH_FINNED_JELLYFISH,
    NONET_TECH_SASHIMI_JELLYFISH};

typedef struct fish_cache {
  nn_cached head;
  uint16_t has;
  nonet_step step[9];
} fish_cache;

typedef struct fish_search {
  const nn_grid *g;
  nn_sink *k;        /* all-mode: emit instances of `want` to it */
  fish_cache *cache; /* else: record the first of each wanted kind */
  uint16_t want;     /* kinds wanted (bits) */
  int finned;        /* this pass looks for finned/sashimi (else basic) */
  int d, orient;
  int lines[9], nlines; /* candidate base lines (index 0..8) */
  uint16_t pos[9];      /* their places (cross-line indexes) */
  int chosen[5];
} fish_search;

static int kind_of(int tech) {
  for (int j = 0; j < 9; j++)
    if (kind_tech[j] == tech) return j;
  return 0;
}

/* reports a fish of kind `kind`; returns 1 to stop */
static int report(fish_search *q, int n, int kind, unsigned covers, nn_bb fins,
                  nn_bb elims) {
  nonet_step *s = q->cache ? &q->cache->step[kind] : q->k->step;
  step_begin(s, kind_tech[kind]);
  s->digits = (nonet_mask)(1u << q->d);
  int bo = q->orient ? 9 : 0, co = q->orient ? 0 : 9;
  for (int j = 0; j < n; j++) step_unit(s, bo + q->lines[q->chosen[j]], 1);
  for (unsigned m = covers; m; m &= m - 1) step_unit(s, co + nn_ctz(m), 0);
  step_cells(s, fins, 1);
  step_elims(s, elims, q->d);
  if (q->cache) {
    q->cache->has |= (uint16_t)(1u << kind);
    q->want &= (uint16_t) ~(1u << kind);
    return q->want == 0;
  }
  return sink_emit(q->k);
}

/* the base lines chosen so far, size n */
static int leaf(fish_search *q, int n, unsigned uni) {
  const nn_grid *g = q->g;
  unsigned baselines = 0;
  for (int j = 0; j < n; j++) baselines |= 1u << q->lines[q->chosen[j]];
  int nu = pc9(uni);
  int cross0 = q->orient ? 0 : 9; /* unit number of cross line 0 */
  int base_kind = (n - 2) * 3;
  if (!q->finned) {
    if (nu != n || !((q->want >> base_kind) & 1)) return 0;
    nn_bb e = NN_BB_EMPTY;
    for (unsigned m = uni; m; m &= m - 1) {
      int c = nn_ctz(m);
      for (unsigned r = g->upos[q->d][cross0 + c] & ~baselines; r; r &= r - 1)
        bb_set(&e, nonet__unit_cells[cross0 + c][nn_ctz(r)]);
    }
    return bb_any(e) ? report(q, n, base_kind, uni, NN_BB_EMPTY, e) : 0;
  }
  if (nu <= n || !((q->want >> base_kind) & 6)) return 0;
  for (int st = 0; st < 3; st++) {
    unsigned smask = 7u << (3 * st);
    unsigned S = uni & smask, R = uni & ~smask;
    /* eliminations lie in covers inside the fins' stack: need one there */
    if (!S || pc9(R) >= n) continue;
    int need = n - pc9(R);
    for (unsigned T = (S - 1) & S; T; T = (T - 1) & S) {
      if (pc9(T) != need) continue;
      unsigned C = R | T, F = S & ~T, finbands = 0;
      int ok = 1, sashimi = 0;
      for (int j = 0; j < n; j++) {
        unsigned m = q->pos[q->chosen[j]];
        int inc = pc9(m & C);
        if (!inc) ok = 0;
        if (inc == 1) sashimi = 1;
        if (m & F) finbands |= 1u << (q->lines[q->chosen[j]] / 3);
      }
      int kind = base_kind + 1 + sashimi;
      if (!ok || !((q->want >> kind) & 1) || pc9(finbands) != 1) continue;
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
      if (report(q, n, kind, C, fins, e)) return 1;
    }
  }
  return 0;
}

/* a finned fish of size n needs, for some stack (band) holding the fins,
 * at most n-1 cover lines outside it (a cover inside it holds the
 * eliminations) */
static int fins_possible(unsigned u, int n) {
  return pc9(u & ~0x007u) < n || pc9(u & ~0x038u) < n || pc9(u & ~0x1c0u) < n;
}

static int choose(fish_search *q, int from, int depth, unsigned uni, int maxn) {
  if (depth >= 2 && leaf(q, depth, uni)) return 1;
  if (depth == maxn) return 0;
  for (int i = from; i < q->nlines; i++) {
    unsigned u2 = uni | q->pos[i];
    if (q->finned ? pc9(u2) > maxn + 3 || !fins_possible(u2, maxn)
                  : pc9(u2) > maxn)
      continue;
    q->chosen[depth] = i;
    if (choose(q, i + 1, depth + 1, u2, maxn)) return 1;
  }
  return 0;
}

/* runs the enumeration for the kinds in q->want; 1 when stopped (all
 * found, or the sink says stop) */
static int run(fish_search *q) {
  const nn_grid *g = q->g;
  int maxn = q->want & 0x1c0 ? 4 : q->want & 0x38 ? 3 : 2;
  for (int d = 0; d < 9 && q->want; d++) {
    q->d = d;
    /* the kinds still wanted, less those known to find nothing here */
    uint16_t want = q->want, skip = 0;
    for (int j = 0; j < 9; j++)
      if (((want >> j) & 1) && persist_none(q->k, g, d, kind_tech[j]))
        skip |= (uint16_t)(1u << j);
    q->want = want & (uint16_t)~skip;
    if (!q->want) {
      q->want = want;
      continue;
    }
    for (int o = 0; o < 2; o++) {
      q->orient = o;
      q->nlines = 0;
      int maxc = q->finned ? maxn + 3 : maxn, minc = q->finned ? 1 : 2;
      for (int i = 0; i < 9; i++) {
        unsigned p = g->upos[d][o ? 9 + i : i];
        int c = pc9(p);
        if (c >= minc && c <= maxc) {
          q->lines[q->nlines] = i;
          q->pos[q->nlines++] = (uint16_t)p;
        }
      }
      if (q->nlines >= 2 && choose(q, 0, 0, 0, maxn)) {
        if (!q->cache) return 1; /* the sink said stop */
        break;                   /* every kind searched here is found */
      }
    }
    /* kinds searched here and not found: nothing for this digit */
    uint16_t found = (want & (uint16_t)~skip) & (uint16_t)~q->want;
    for (int j = 0; j < 9; j++)
      if ((q->want >> j) & 1) persist_set_none(q->k, g, d, kind_tech[j]);
    q->want = want & (uint16_t)~found;
  }
  return q->want == 0;
}

int nonet__find_fish(const nn_grid *g, int tech, nn_sink *k) {
  int kind = kind_of(tech);
  fish_search q;
  q.g = g;
  q.k = k;
  q.finned = kind % 3 != 0;
  if (!k->cache) {
    q.cache = NULL;
    q.want = (uint16_t)(1u << kind);
    return run(&q);
  }
  void **slot = &k->cache->slot[q.finned ? NN_CACHE_FINNED : NN_CACHE_FISH];
  fish_cache *c = *slot;
  if (!c) {
    c = malloc(sizeof *c);
    if (!c) {
      k->nomem = 1;
      return 0;
    }
    *slot = c;
    c->head.destroy = NULL;
    c->has = 0;
    q.cache = c;
    q.want =
        q.finned ? 0x1b6 : 0x049; /* every finned kind, or every basic kind */
    run(&q);
  }
  if (!((c->has >> kind) & 1)) return 0;
  *k->step = c->step[kind];
  return sink_emit(k);
}
