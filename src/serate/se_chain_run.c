/* se_chain_run.c: one propagation run of SE's Chaining.doChaining (see
 * se_chain_run.h).
 *
 * Complexity: SE counts the distinct potentials among the ancestors of a
 * potential (Potential.getAncestorCount). Every derived potential has one
 * node per run, so that count is the size of its ancestor closure, kept
 * here as a bit set per node when nodes may have several parents (dynamic
 * and nested runs) and as a depth otherwise. The bits stand for the nodes
 * in the order they were made, so a node's set has only as many words as
 * nodes made before it need. A "fresh" potential, built
 * for a contradiction and never stored, hides the stored node with its
 * own key, as in SE; that rare case is counted by a search.
 *
 * The work grid is the start grid minus the "off" potentials processed so
 * far (dynamic runs only); it keeps, per unit and digit, the positions
 * left, and an undo log restores it after the run. */
#include <stdlib.h>

#include "se_chain_run.h"

#define MAX_FRESH_PARENTS 24

typedef struct fresh {
  uint16_t key;
  uint16_t np;
  uint16_t par[MAX_FRESH_PARENTS];
  int cnt;
} fresh;

struct se_engine {
  int nomem;            /* an allocation failed: the rating reports
                           NONET_ENOMEM */
  se_grid src;          /* the grid the runs start from */
  uint16_t spos[27][9]; /* its positions per unit and digit */
  uint16_t wcand[81];   /* the work grid */
  uint16_t wpos[27][9];
  uint16_t undo[SE_KEYS]; /* candidates removed by the run */
  uint8_t wofs[81][4];    /* per cell: its units (box, row,
                             column) times 9, for wpos */
  uint16_t wkeep[81][4];  /* and the masks keeping the others */
  uint16_t wout[81][4];   /* the masks of a unit's positions
                             outside c's box (row, column; box:
                             all but c) */
  int nundo;
  int ylinks, dynamic, level, closures;
  se_run *run;
  /* parents of the stored nodes */
  uint32_t pstart[SE_KEYS]; /* in pool, for two parents or more */
  uint16_t npar[SE_KEYS];
  uint16_t par1[SE_KEYS]; /* the first parent */
  uint16_t *pool;
  size_t npool, cappool;
  /* ancestor closures: bit i for the i-th node made; cw words used, 0
   * while not made yet (a node with one parent gets its closure when
   * something asks for it: most never need one) */
  uint16_t slot[SE_KEYS];
  uint64_t (*clos)[SE_KEY_WORDS];
  uint8_t cw[SE_KEYS];
  uint16_t lpar[SE_KEYS]; /* the parent's slot of a node without closure */
  int nslots;
  /* queues (each key enters at most once) */
  uint16_t qon[SE_KEYS], qoff[SE_KEYS];
  int hon, ton, hoff, toff;
  /* the contradictions of the current step */
  int ncontra, contra_min;
  /* search scratch */
  uint64_t seen[SE_KEY_WORDS];
  uint16_t stack[SE_KEYS];
  /* nested rules: a grid to run them on, hints found, new potentials */
  se_grid rules_grid;
  se_hint *hints;
  int nhints, caphints;
  fresh *adv;
  int nadv, capadv;
};

int nonet__se_engine_nomem(const se_engine *e) { return e && e->nomem; }

void nonet__se_engine_set_nomem(se_engine *e) { e->nomem = 1; }

se_engine *nonet__se_engine_new(void) {
  se_engine *e = calloc(1, sizeof *e);
  if (!e) return NULL;
  e->clos = malloc(sizeof *e->clos * SE_KEYS);
  for (int c = 0; c < 81; c++)
    for (int k = 0; k < 3; k++) {
      e->wofs[c][k] = (uint8_t)(SE_CELL_UNIT[c][k] * 9);
      e->wkeep[c][k] = (uint16_t) ~(1u << SE_CELL_INDEX[c][k]);
      e->wout[c][k] = (uint16_t)(k == 0   ? ~(1u << SE_CELL_INDEX[c][0])
                                 : k == 1 ? ~(7u << (c % 9 / 3 * 3))
                                          : ~(7u << (c / 9 / 3 * 3)));
    }
  e->cappool = 4096;
  e->pool = malloc(e->cappool * sizeof *e->pool);
  if (!e->clos || !e->pool) {
    nonet__se_engine_free(e);
    return NULL;
  }
  return e;
}

void nonet__se_engine_free(se_engine *e) {
  if (!e) return;
  free(e->clos);
  free(e->pool);
  free(e->hints);
  free(e->adv);
  free(e);
}

void nonet__se_engine_setup(se_engine *e, const se_grid *g, int ylinks,
                            int dynamic, int level) {
  e->src = *g;
  memcpy(e->spos, g->pos, sizeof e->spos);
  memcpy(e->wcand, g->cand, sizeof e->wcand);
  memcpy(e->wpos, e->spos, sizeof e->wpos);
  e->ylinks = ylinks;
  e->dynamic = dynamic;
  e->level = level;
  e->closures = dynamic || level > 0;
}

static int in_run(const se_engine *e, int key) {
  return se_kset_has(e->run->in, key);
}

/* Removes candidate d of cell c from the work grid. */
static void work_remove(se_engine *e, int c, int d) {
  e->wcand[c] &= (uint16_t) ~(1u << d);
  uint16_t *w = &e->wpos[0][0] + d;
  const uint8_t *o = e->wofs[c];
  const uint16_t *keep = e->wkeep[c];
  w[o[0]] &= keep[0];
  w[o[1]] &= keep[1];
  w[o[2]] &= keep[2];
  e->undo[e->nundo++] = (uint16_t)(c * 9 + d);
}

static void work_restore(se_engine *e) {
  if (e->nundo > 12) { /* a copy of 650 bytes beats many small undos */
    memcpy(e->wcand, e->src.cand, sizeof e->wcand);
    memcpy(e->wpos, e->spos, sizeof e->wpos);
    e->nundo = 0;
    return;
  }
  while (e->nundo > 0) {
    int x = e->undo[--e->nundo], c = x / 9, d = x % 9;
    e->wcand[c] |= (uint16_t)(1u << d);
    for (int k = 0; k < 3; k++)
      e->wpos[SE_CELL_UNIT[c][k]][d] |= (uint16_t)(1u << SE_CELL_INDEX[c][k]);
  }
}

static int pool_reserve(se_engine *e, size_t n) {
  if (e->npool + n <= e->cappool) return 1;
  size_t cap = e->cappool * 2;
  while (cap < e->npool + n) cap *= 2;
  uint16_t *p = realloc(e->pool, cap * sizeof *p);
  if (!p) {
    e->nomem = 1;
    return 0;
  }
  e->pool = p;
  e->cappool = cap;
  return 1;
}

/* The ancestor closure of slot s, made on first use: the closure of
 * the nearest ancestor that has one, plus the single-parent nodes
 * between. */
static const uint64_t *closure(se_engine *e, int s) {
  if (e->cw[s]) return e->clos[s];
  int m = e->lpar[s];
  while (!e->cw[m]) m = e->lpar[m];
  int wn = s / 64 + 1, mw = e->cw[m];
  uint64_t *c = e->clos[s];
  const uint64_t *mc = e->clos[m];
  for (int w = 0; w < mw; w++) c[w] = mc[w];
  for (int w = mw; w < wn; w++) c[w] = 0;
  for (int k = s; k != m; k = e->lpar[k]) c[k >> 6] |= 1ULL << (k & 63);
  e->cw[s] = (uint8_t)wn;
  return c;
}

/* Stores a derived potential with its parents. */
static void store(se_engine *e, int key, const uint16_t *par, int np) {
  se_run *r = e->run;
  se_kset_add(r->in, key);
  r->order[r->n++] = (uint16_t)key;
  if (!pool_reserve(e, (size_t)np)) np = 0; /* out of memory: lose parents */
  e->pstart[key] = (uint32_t)e->npool;
  e->npar[key] = (uint16_t)np;
  e->par1[key] = np ? par[0] : 0;
  for (int i = 0; i < np; i++) e->pool[e->npool + (size_t)i] = par[i];
  e->npool += (size_t)np;
  if (!e->closures) {
    r->cnt[key] = (uint16_t)(np ? r->cnt[par[0]] + 1 : 1);
    return;
  }
  int s = e->nslots++, wn = s / 64 + 1;
  e->slot[key] = (uint16_t)s;
  e->cw[s] = (uint8_t)wn;
  uint64_t *c = e->clos[s];
  for (int w = 0; w < wn; w++) c[w] = 0;
  for (int i = 0; i < np; i++) {
    int ps = e->slot[par[i]];
    const uint64_t *pc = closure(e, ps);
    for (int w = 0; w < e->cw[ps]; w++) c[w] |= pc[w];
  }
  c[s >> 6] |= 1ULL << (s & 63);
  if (np <= 1) {
    /* a new node is in no closure yet: one more than the parent */
    r->cnt[key] = (uint16_t)(np ? r->cnt[par[0]] + 1 : 1);
    return;
  }
  int n = 0;
  for (int w = 0; w < wn; w++) n += pc64(c[w]);
  r->cnt[key] = (uint16_t)n;
}

/* Stores a potential with the single parent p (the common case). */
static inline void store1(se_engine *e, int key, int p) {
  se_run *r = e->run;
  se_kset_add(r->in, key);
  r->order[r->n++] = (uint16_t)key;
  r->cnt[key] = (uint16_t)(r->cnt[p] + 1);
  e->npar[key] = 1;
  e->par1[key] = (uint16_t)p;
  if (e->closures) {
    int s = e->nslots++;
    e->slot[key] = (uint16_t)s;
    e->cw[s] = 0;
    e->lpar[s] = e->slot[p];
  }
}

/* Ancestors reachable from `par` without going through the stored node
 * of `block`, plus one for the fresh node itself. */
static int count_blocked(se_engine *e, int block, const uint16_t *par, int np) {
  memset(e->seen, 0, sizeof e->seen);
  se_kset_add(e->seen, block);
  int sp = 0, n = 1;
  for (int i = 0; i < np; i++)
    if (!se_kset_has(e->seen, par[i])) {
      se_kset_add(e->seen, par[i]);
      e->stack[sp++] = par[i];
    }
  while (sp > 0) {
    int k = e->stack[--sp];
    n++;
    const uint16_t *pp = e->npar[k] == 1 ? &e->par1[k] : e->pool + e->pstart[k];
    for (int i = 0; i < e->npar[k]; i++)
      if (!se_kset_has(e->seen, pp[i])) {
        se_kset_add(e->seen, pp[i]);
        e->stack[sp++] = pp[i];
      }
  }
  return n;
}

/* Whether the stored node `key` is an ancestor of stored node p. */
static int is_ancestor(se_engine *e, int p, int key) {
  if (e->closures) {
    int ps = e->slot[p], ks = e->slot[key];
    const uint64_t *pc = closure(e, ps);
    return (ks >> 6) < e->cw[ps] && ((pc[ks >> 6] >> (ks & 63)) & 1);
  }
  for (int k = p;; k = e->par1[k]) {
    if (k == key) return 1;
    if (!e->npar[k]) return 0;
  }
}

/* SE's ancestor count of a fresh (not stored) potential. */
static int fresh_count(se_engine *e, int key, const uint16_t *par, int np) {
  int stored = in_run(e, key);
  if (np == 1) {
    if (stored && is_ancestor(e, par[0], key))
      return count_blocked(e, key, par, np);
    return e->run->cnt[par[0]] + 1;
  }
  uint64_t u[SE_KEY_WORDS];
  int wn = 0;
  for (int i = 0; i < np; i++) {
    int ps = e->slot[par[i]];
    closure(e, ps);
    if (e->cw[ps] > wn) wn = e->cw[ps];
  }
  memset(u, 0, (size_t)wn * sizeof *u);
  for (int i = 0; i < np; i++) {
    int ps = e->slot[par[i]];
    const uint64_t *pc = e->clos[ps];
    for (int w = 0; w < e->cw[ps]; w++) u[w] |= pc[w];
  }
  if (stored) {
    int ks = e->slot[key];
    if ((ks >> 6) < wn && ((u[ks >> 6] >> (ks & 63)) & 1))
      return count_blocked(e, key, par, np);
  }
  int n = 1;
  for (int w = 0; w < wn; w++) n += pc64(u[w]);
  return n;
}

static void contradiction(se_engine *e, int cx) {
  if (e->ncontra == 0 || cx < e->contra_min) e->contra_min = cx;
  e->ncontra++;
}

/* One "off" consequence of an "on" potential p. */
static inline void on_off(se_engine *e, const uint64_t *in, int p, int k) {
  if (se_kset_has(in, k - 729)) {
    uint16_t par[1] = {(uint16_t)p};
    contradiction(e, e->run->cnt[k - 729] + fresh_count(e, k, par, 1));
  } else if (!se_kset_has(in, k)) {
    store1(e, k, p);
    e->qoff[e->toff++] = (uint16_t)k;
  }
}

/* "On" potential processed: the other candidates of its cell (Y links)
 * and the digit in its peers go off, in SE's order (box, row, column). */
static void note_read(se_run *r, int c, int d) { bb_set(&r->rd[d], c); }

static void process_on(se_engine *e, int p) {
  const uint64_t *in = e->run->in;
  unsigned c = (unsigned)p / 9, d = (unsigned)p - c * 9;
  note_read(e->run, (int)c, (int)d);
  if (e->ylinks)
    for (unsigned m = e->wcand[c] & ~(1u << d); m; m &= m - 1)
      on_off(e, in, p, se_key_off((int)c, nn_ctz(m)));
  const uint8_t *cu = SE_CELL_UNIT[c];
  const uint16_t *w = &e->wpos[0][0] + d;
  const uint8_t *o = e->wofs[c];
  const uint16_t *out = e->wout[c];
  const uint8_t *uc = SE_UNIT[cu[0]];
  for (unsigned m = w[o[0]] & out[0]; m; m &= m - 1)
    on_off(e, in, p, se_key_off(uc[nn_ctz(m)], (int)d));
  uc = SE_UNIT[cu[1]];
  for (unsigned m = w[o[1]] & out[1]; m; m &= m - 1)
    on_off(e, in, p, se_key_off(uc[nn_ctz(m)], (int)d));
  uc = SE_UNIT[cu[2]];
  for (unsigned m = w[o[2]] & out[2]; m; m &= m - 1)
    on_off(e, in, p, se_key_off(uc[nn_ctz(m)], (int)d));
}

/* One "on" consequence of an "off" potential p, built with its parents
 * (SE's getOffToOn): in dynamic runs the candidates removed so far that
 * make it the last one are parents too. */
static void fresh_on(const se_engine *e, fresh *x, int key, int p, int unit,
                     int d, unsigned cellmask) {
  x->key = (uint16_t)key;
  x->par[0] = (uint16_t)p;
  x->np = 1;
  x->cnt = -1;
  if (!e->dynamic) return;
  if (unit < 0) {
    for (unsigned m = e->src.cand[cellmask] & ~e->wcand[cellmask]; m;
         m &= m - 1)
      x->par[x->np++] = (uint16_t)se_key_off((int)cellmask, nn_ctz(m));
  } else {
    for (unsigned m = e->spos[unit][d] & ~e->wpos[unit][d]; m; m &= m - 1)
      x->par[x->np++] = (uint16_t)se_key_off(SE_UNIT[unit][nn_ctz(m)], d);
  }
}

/* "Off" potential processed: the last candidate of its cell (Y links)
 * and the last position of its digit in a unit go on. */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((noinline))
#endif
/* process_off's rare case in dynamic runs: two units force the same
 * candidate on. */
static void
off_dup(se_engine *e, int p, int c, int d, unsigned go, const unsigned *pos) {
  const uint8_t *cu = SE_CELL_UNIT[c];
  const uint16_t *keep = e->wkeep[c];
  const uint64_t *in = e->run->in;
  unsigned cc = e->wcand[c];
  fresh f[4];
  int n = 0;
  if (go & 1)
    fresh_on(e, &f[n++], se_key_on(c, nn_ctz(cc & ~(1u << d))), p, -1, d,
             (unsigned)c);
  for (int k = 0; k < 3; k++) {
    if (!(go >> (k + 1) & 1)) continue;
    int u = cu[k];
    int key = se_key_on(SE_UNIT[u][nn_ctz(pos[k] & keep[k])], d);
    int dup = -1;
    for (int i = 0; i < n; i++)
      if (f[i].key == key) dup = i;
    if (dup < 0) {
      fresh_on(e, &f[n++], key, p, u, d, 0);
      continue;
    }
    /* SE (FIXED14) keeps the one with fewer ancestors, moved last; with
     * the same single parent both counts are equal */
    if (se_kset_has(e->run->in, key) && !se_kset_has(e->run->in, key + 729))
      continue; /* derived already: neither kept one does anything */
    fresh y;
    fresh_on(e, &y, key, p, u, d, 0);
    if (f[dup].np == 1) continue; /* y has p and more: not fewer */
    int fewer;
    if (y.np == 1 && !se_kset_has(e->run->in, key)) {
      /* y's ancestors are p's (ancestor-closed) and y itself: fewer
       * than f's when some parent of f is not among p's ancestors */
      fewer = 0;
      for (int i = 1; i < f[dup].np && !fewer; i++)
        fewer = !is_ancestor(e, p, f[dup].par[i]);
    } else {
      if (f[dup].cnt < 0)
        f[dup].cnt = fresh_count(e, f[dup].key, f[dup].par, f[dup].np);
      y.cnt = fresh_count(e, y.key, y.par, y.np);
      fewer = y.cnt < f[dup].cnt;
    }
    if (fewer) {
      for (int i = dup; i + 1 < n; i++) f[i] = f[i + 1];
      f[n - 1] = y;
    }
  }
  work_remove(e, c, d);
  for (int i = 0; i < n; i++) {
    int k = f[i].key;
    if (se_kset_has(in, k + 729)) {
      int cnt = f[i].cnt >= 0 ? f[i].cnt : fresh_count(e, k, f[i].par, f[i].np);
      contradiction(e, cnt + e->run->cnt[k + 729]);
    } else if (!se_kset_has(in, k)) {
      if (f[i].np == 1)
        store1(e, k, p);
      else
        store(e, k, f[i].par, f[i].np);
      e->qon[e->ton++] = (uint16_t)k;
    }
  }
}

static void process_off(se_engine *e, int p) {
  unsigned x = (unsigned)p - 729u;
  int c = (int)(x / 9), d = (int)(x % 9);
  note_read(e->run, c, d);
  const uint8_t *cu = SE_CELL_UNIT[c];
  unsigned cc = e->wcand[c];
  const uint16_t *w = &e->wpos[0][0] + d;
  const uint8_t *o = e->wofs[c];
  const uint16_t *keep = e->wkeep[c];
  /* the positions of d in each unit but c's */
  unsigned pos[3] = {w[o[0]], w[o[1]], w[o[2]]};
  {
    se_run *r = e->run;
    uint16_t *rec = r->offmask[r->noff];
    r->offkey[r->noff++] = (uint16_t)p;
    rec[0] = (uint16_t)(e->ylinks ? cc : 0);
    rec[1] = (uint16_t)pos[0];
    rec[2] = (uint16_t)pos[1];
    rec[3] = (uint16_t)pos[2];
  }
  /* bit 0: the cell's other candidate; bits 1-3: the unit's other position */
  unsigned go = (unsigned)(e->ylinks && pc9(cc) == 2) |
                (unsigned)(pc9(pos[0]) == 2) << 1 |
                (unsigned)(pc9(pos[1]) == 2) << 2 |
                (unsigned)(pc9(pos[2]) == 2) << 3;
  if (!go) {
    if (e->dynamic) work_remove(e, c, d);
    return;
  }
  const uint64_t *in = e->run->in;
  if (!e->dynamic) {
    /* every consequence has p as its only parent: the same key twice is
     * the same potential, kept once */
    int keys[4], n = 0;
    if (go & 1) keys[n++] = se_key_on(c, nn_ctz(cc & ~(1u << d)));
    for (int k = 0; k < 3; k++) {
      if (!(go >> (k + 1) & 1)) continue;
      int key = se_key_on(SE_UNIT[cu[k]][nn_ctz(pos[k] & keep[k])], d);
      int dup = 0;
      for (int i = 0; i < n; i++) dup |= keys[i] == key;
      if (!dup) keys[n++] = key;
    }
    for (int i = 0; i < n; i++) {
      int k = keys[i];
      if (se_kset_has(in, k + 729)) {
        uint16_t par[1] = {(uint16_t)p};
        contradiction(e, fresh_count(e, k, par, 1) + e->run->cnt[k + 729]);
      } else if (!se_kset_has(in, k)) {
        store1(e, k, p);
        e->qon[e->ton++] = (uint16_t)k;
      }
    }
    return;
  }
  {
    /* without two units forcing the same candidate, each consequence is
     * built only when it is stored or contradicts (the work grid is not
     * changed before) */
    int keys[4], units[4], m = 0, dup = 0;
    if (go & 1) {
      keys[m] = se_key_on(c, nn_ctz(cc & ~(1u << d)));
      /* derived already (and not contradicted): does nothing */
      if (!se_kset_has(in, keys[m]) || se_kset_has(in, keys[m] + 729))
        units[m++] = -1;
    }
    for (int k = 0; k < 3; k++) {
      if (!(go >> (k + 1) & 1)) continue;
      int key = se_key_on(SE_UNIT[cu[k]][nn_ctz(pos[k] & keep[k])], d);
      if (se_kset_has(in, key) && !se_kset_has(in, key + 729)) continue;
      for (int i = 0; i < m; i++) dup |= keys[i] == key;
      keys[m] = key;
      units[m++] = cu[k];
    }
    if (!dup) {
      for (int i = 0; i < m; i++) {
        int k = keys[i];
        if (se_kset_has(in, k + 729)) {
          fresh y;
          fresh_on(e, &y, k, p, units[i], d, (unsigned)c);
          contradiction(e,
                        fresh_count(e, k, y.par, y.np) + e->run->cnt[k + 729]);
        } else if (!se_kset_has(in, k)) {
          fresh y;
          fresh_on(e, &y, k, p, units[i], d, (unsigned)c);
          if (y.np == 1)
            store1(e, k, p);
          else
            store(e, k, y.par, y.np);
          e->qon[e->ton++] = (uint16_t)k;
        }
      }
      work_remove(e, c, d);
      return;
    }
  }
  off_dup(e, p, c, d, go, pos);
}

/* ---- nested level 1: eliminations of simpler rules --------------- */

typedef struct collect_acc {
  se_acc acc;
  se_engine *e;
} collect_acc;

static int collect(se_acc *acc, const se_hint *h) {
  se_engine *e = ((collect_acc *)acc)->e;
  if (e->nhints == e->caphints) {
    int cap = e->caphints ? e->caphints * 2 : 64;
    se_hint *p = realloc(e->hints, (size_t)cap * sizeof *p);
    if (!p) {
      e->nomem = 1;
      return 1;
    }
    e->hints = p;
    e->caphints = cap;
  }
  e->hints[e->nhints++] = *h;
  return 0;
}

/* SE's getRuleParents: the removed candidates a hint relies on. */
static int rule_parents(const se_engine *e, const se_hint *h, uint16_t *par) {
  const uint16_t *s = e->src.cand, *w = e->wcand;
  int np = 0;
  switch (h->tech) {
  case SE_T_POINTING:
  case SE_T_CLAIMING:
  case SE_T_X_WING: {
    int d = nn_ctz(h->set_digits);
    nn_bb cover = {0, 0};
    for (int i = 0; i < h->nbase; i++)
      cover = bb_or(cover, SE_UNIT_BB[h->cover_units[i]]);
    for (int i = 0; i < h->nbase; i++)
      for (int k = 0; k < 9; k++) {
        int q = SE_UNIT[h->base_units[i]][k];
        if ((s[q] >> d & 1) && !(w[q] >> d & 1) && !bb_has(cover, q) &&
            np < MAX_FRESH_PARENTS)
          par[np++] = (uint16_t)se_key_off(q, d);
      }
    break;
  }
  case SE_T_HIDDEN_PAIR: {
    unsigned mine = 0;
    for (unsigned m = h->set_digits; m; m &= m - 1)
      mine |= e->wpos[h->set_unit][nn_ctz(m)];
    for (int k = 0; k < 9; k++) {
      if (mine >> k & 1) continue;
      int q = SE_UNIT[h->set_unit][k];
      for (unsigned m = h->set_digits & s[q]; m; m &= m - 1)
        if (np < MAX_FRESH_PARENTS)
          par[np++] = (uint16_t)se_key_off(q, nn_ctz(m));
    }
    break;
  }
  case SE_T_NAKED_PAIR: {
    nn_bb cells = h->set_cells;
    while (!bb_empty(cells)) {
      int q = bb_pop(&cells);
      for (unsigned m = s[q] & ~h->set_digits; m; m &= m - 1)
        if (np < MAX_FRESH_PARENTS)
          par[np++] = (uint16_t)se_key_off(q, nn_ctz(m));
    }
    break;
  }
  default:
    break;
  }
  return np;
}

static int add_adv(se_engine *e, const fresh *x) {
  if (e->nadv == e->capadv) {
    int cap = e->capadv ? e->capadv * 2 : 64;
    fresh *p = realloc(e->adv, (size_t)cap * sizeof *p);
    if (!p) {
      e->nomem = 1;
      return 0;
    }
    e->adv = p;
    e->capadv = cap;
  }
  e->adv[e->nadv++] = *x;
  return 1;
}

/* The work grid as an se_grid, for the rule producers (locking, subsets,
 * fish: they read candidates, positions, empty cells, values and digit
 * boards, not the single masks). */
static void build_rules_grid(se_engine *e) {
  se_grid *g = &e->rules_grid;
  memcpy(g->val, e->src.val, sizeof g->val);
  memcpy(g->cand, e->wcand, sizeof g->cand);
  memcpy(g->pos, e->wpos, sizeof g->pos);
  memcpy(g->empty, e->src.empty, sizeof g->empty);
  memcpy(g->dig, e->src.dig, sizeof g->dig);
  for (int i = 0; i < e->nundo; i++)
    bb_clr(&g->dig[e->undo[i] % 9], e->undo[i] / 9);
}

/* SE's getAdvancedPotentials for level 1: the first rule among locking,
 * hidden pairs, naked pairs and X-wings with a hint that relies on removed
 * candidates gives its eliminations, cells sorted by column then row. */
static void advanced(se_engine *e) {
  collect_acc ca = {{collect, NULL}, e};
  e->nadv = 0;
  build_rules_grid(e);
  const se_grid *g = &e->rules_grid;
  for (int rule = 0; rule < 4 && e->nadv == 0; rule++) {
    e->nhints = 0;
    switch (rule) {
    case 0:
      nonet__se_locking(g, 0, &ca.acc);
      break;
    case 1:
      nonet__se_hidden_set(g, 2, 0, &ca.acc);
      break;
    case 2:
      nonet__se_naked_set(g, 2, &ca.acc);
      break;
    default:
      nonet__se_fish(g, 2, &ca.acc);
      break;
    }
    for (int i = 0; i < e->nhints; i++) {
      const se_hint *h = &e->hints[i];
      fresh x;
      int np = rule_parents(e, h, x.par);
      if (np == 0) continue;
      x.np = (uint16_t)np;
      x.cnt = -1;
      for (int col = 0; col < 9; col++)
        for (int row = 0; row < 9; row++) {
          int q = row * 9 + col;
          for (unsigned m = h->elim[q]; m; m &= m - 1) {
            x.key = (uint16_t)se_key_off(q, nn_ctz(m));
            add_adv(e, &x);
          }
        }
    }
  }
  for (int i = 0; i < e->nadv; i++) {
    const fresh *x = &e->adv[i];
    if (in_run(e, x->key)) continue;
    store(e, x->key, x->par, x->np);
    e->qoff[e->toff++] = x->key;
  }
}

void nonet__se_engine_run(se_engine *e, int start, se_run *out) {
  e->run = out;
  memset(out->in, 0, sizeof out->in);
  out->n = 0;
  out->contra = 0;
  out->contra_cx = 0;
  out->rcells.lo = out->rcells.hi = 0;
  memset(out->rd, 0, sizeof out->rd);
  out->noff = 0;
  e->npool = 0;
  e->nslots = 0;
  e->hon = e->ton = e->hoff = e->toff = 0;
  e->ncontra = 0;
  store(e, start, NULL, 0);
  if (se_key_is_on(start))
    e->qon[e->ton++] = (uint16_t)start;
  else
    e->qoff[e->toff++] = (uint16_t)start;
  while (e->hon < e->ton || e->hoff < e->toff) {
    if (e->hon < e->ton)
      process_on(e, e->qon[e->hon++]);
    else
      process_off(e, e->qoff[e->hoff++]);
    if (e->ncontra) {
      out->contra = 1;
      out->contra_cx = e->contra_min;
      break;
    }
    if (e->hon == e->ton && e->hoff == e->toff && e->level > 0) advanced(e);
  }
  /* with Y links a processed potential's cell was read whole (bivalue
   * cells, other candidates); without, only the positions of its digit */
  if (e->ylinks)
    for (int d = 0; d < 9; d++) out->rcells = bb_or(out->rcells, out->rd[d]);
  work_restore(e);
}

se_rrec *nonet__se_rrec_make(const se_run *r) {
  se_rrec *x = malloc(sizeof *x + (size_t)r->n * 2 * sizeof(uint16_t) +
                      (size_t)r->noff * 5 * sizeof(uint16_t));
  if (!x) return NULL;
  x->noff = r->noff;
  x->offmask = (uint16_t(*)[4])(x + 1); /* first: the 8-byte aligned part */
  x->offkey = (uint16_t *)(x->offmask + r->noff);
  memcpy(x->offmask, r->offmask, (size_t)r->noff * sizeof *x->offmask);
  memcpy(x->offkey, r->offkey, (size_t)r->noff * sizeof *x->offkey);
  memcpy(x->in, r->in, sizeof x->in);
  x->n = r->n;
  x->contra = r->contra;
  x->contra_cx = r->contra_cx;
  x->rcells = r->rcells;
  memcpy(x->rd, r->rd, sizeof x->rd);
  x->order = x->offkey + r->noff;
  x->cnt = x->order + r->n;
  memcpy(x->order, r->order, (size_t)r->n * sizeof *x->order);
  int k = 0;
  for (int w = 0; w < SE_KEY_WORDS; w++) {
    x->pre[w] = (uint16_t)k;
    for (uint64_t m = r->in[w]; m; m &= m - 1)
      x->cnt[k++] = r->cnt[w * 64 + nn_ctz64(m)];
  }
  return x;
}

void nonet__se_rrec_free(se_rrec *r) { free(r); }

/* A read of a set of positions (or candidates) `m` decided only whether
 * it held exactly two: losing `h` of them changes it when it held two
 * before or holds two after. */
static int read_changes(unsigned m, unsigned h) {
  return h && (pc9(m) == 2 || pc9(m & ~h) == 2);
}

int nonet__se_rrec_still(se_rrec *r, const uint16_t rm[81],
                         const uint16_t rpos[27][9], const int *lost, int n) {
  /* a lost candidate the run derived on or off: from the "on" potential
   * that made it off (its whole cell and its peers' digit were read and
   * are all in the run), or from what it made */
  for (int i = 0; i < n; i++)
    if (se_rrec_has(r, lost[i]) || se_rrec_has(r, lost[i] + 729)) return 0;
  /* otherwise only what the processed "off" potentials read can change:
   * whether a cell or a unit was down to two */
  for (int j = 0; j < r->noff; j++) {
    unsigned x = (unsigned)r->offkey[j] - 729u, c = x / 9, d = x % 9;
    const uint16_t *m = r->offmask[j];
    if (read_changes(m[0], m[0] & rm[c])) return 0;
    for (int k = 0; k < 3; k++)
      if (read_changes(m[k + 1], m[k + 1] & rpos[SE_CELL_UNIT[c][k]][d]))
        return 0;
  }
  for (int j = 0; j < r->noff; j++) {
    unsigned x = (unsigned)r->offkey[j] - 729u, c = x / 9, d = x % 9;
    uint16_t *m = r->offmask[j];
    m[0] &= (uint16_t)~rm[c];
    for (int k = 0; k < 3; k++)
      m[k + 1] &= (uint16_t)~rpos[SE_CELL_UNIT[c][k]][d];
  }
  return 1;
}
