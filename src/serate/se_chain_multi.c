/* se_chain_multi.c: SE's getMultipleChainsHintList: Nishio (7.5),
 * multiple (8.0), dynamic (8.5) and dynamic (+) (9.0) forcing chains,
 * plus the length bonus.
 *
 * For every empty cell (row-major) with more than two candidates (more
 * than one for dynamic chains), and every candidate digit ascending, SE
 * runs the chains from "digit on" and from "digit off", and derives:
 * - contradictions: an assumption that makes something both on and off
 *   is false (Nishio and dynamic only);
 * - double forcing: what both assumptions force (dynamic, cells with 3+
 *   candidates);
 * - region forcing: for a unit in which the cell is the digit's first
 *   position, what every position of the digit forces (not Nishio);
 * and after the digits, cell forcing: what every candidate of the cell
 * forces. Hints are ordered by difficulty, complexity, kind (double,
 * cell, region, contradiction), then order found; the first is SE's step.
 *
 * A run depends only on the candidates it read. Runs are kept from one
 * step of the rating to the next (per kind of chains) and dropped when a
 * candidate they read has changed: a chain step usually removes a single
 * candidate, and most runs survive it. */
#include <stdlib.h>

#include "se_chain_run.h"

/* A digit's templates (se_templates.c) on the grid they were made on:
 * its positions per row, then its placed cells per row. */
typedef struct tmpl_memo {
  uint16_t key[18];
  int have, res;
  nn_bb some, all;
} tmpl_memo;

/* Runs kept across steps for one kind of chains. */
typedef struct se_mcache {
  se_rrec *rec[SE_KEYS];
  uint16_t last[81]; /* the candidates when it was last used */
  int have;
  tmpl_memo tm[9]; /* Nishio: the templates of each digit */
} se_mcache;

/* The templates of digit d, made again only when its positions or
 * placements changed. */
static int templates_memo(tmpl_memo *t, const se_grid *g, int d, nn_bb *some,
                          nn_bb *all) {
  uint16_t key[18] = {0};
  for (int r = 0; r < 9; r++) {
    key[r] = g->pos[SE_ROW + r][d];
    for (int c = 0; c < 9; c++)
      if (g->val[r * 9 + c] == d + 1) key[9 + r] |= (uint16_t)(1u << c);
  }
  if (!t->have || memcmp(key, t->key, sizeof key)) {
    memcpy(t->key, key, sizeof key);
    t->res = nonet__se_templates(g, d, &t->some, &t->all);
    t->have = 1;
  }
  *some = t->some;
  *all = t->all;
  return t->res;
}

se_mcache *nonet__se_mcache_new(void) { return calloc(1, sizeof(se_mcache)); }

void nonet__se_mcache_free(se_mcache *m) {
  if (!m) return;
  for (int k = 0; k < SE_KEYS; k++) nonet__se_rrec_free(m->rec[k]);
  free(m);
}

/* Drops the runs that the candidates lost since the last use change:
 * those that read a lost candidate, unless a closer look shows that they
 * would come out the same (nonet__se_rrec_still). */
static void invalidate(se_mcache *m, const se_grid *g) {
  if (m->have) {
    int ch[64], n = 0, added = 0;
    uint16_t rm[81], rpos[27][9];
    /* a run read a lost candidate (c, d) when it read the whole cell c
     * (rcells) or processed a potential of d in c or a peer (rd[d]: it
     * read the positions of d in their units): cells lost from, and per
     * digit the cells near */
    nn_bb lostc = {0, 0}, near[9];
    unsigned dm = 0;
    memset(rpos, 0, sizeof rpos);
    for (int c = 0; c < 81; c++) {
      added |= g->cand[c] & ~m->last[c];
      rm[c] = (uint16_t)(m->last[c] & ~g->cand[c]);
      if (rm[c]) bb_set(&lostc, c);
      for (unsigned x = rm[c]; x && n <= 48; x &= x - 1) {
        int d = nn_ctz(x);
        ch[n++] = c * 9 + d;
        for (int k = 0; k < 3; k++)
          rpos[SE_CELL_UNIT[c][k]][d] |= (uint16_t)(1u << SE_CELL_INDEX[c][k]);
        if (!(dm >> d & 1)) near[d].lo = near[d].hi = 0;
        dm |= 1u << d;
        near[d] = bb_or(near[d], SE_PEER_BB[c]);
        bb_set(&near[d], c);
      }
    }
    for (int k = 0; k < SE_KEYS; k++) {
      se_rrec *r = m->rec[k];
      if (!r) continue;
      int stale = n > 48 || added;
      int reads = stale || !bb_empty(bb_and(r->rcells, lostc));
      for (unsigned x = dm; x && !reads; x &= x - 1)
        reads = !bb_empty(bb_and(r->rd[nn_ctz(x)], near[nn_ctz(x)]));
      if (reads && !stale) stale = !nonet__se_rrec_still(r, rm, rpos, ch, n);
      if (stale) {
        nonet__se_rrec_free(r);
        m->rec[k] = NULL;
      }
    }
  }
  memcpy(m->last, g->cand, sizeof m->last);
  m->have = 1;
}

typedef struct m_best {
  int have;
  int cx, sk;
  int kind;   /* SE_T_CONTRADICTION_FC, SE_T_DOUBLE_FC, ... */
  int target; /* key of the potential the hint concludes */
} m_best;

typedef struct m_ctx {
  const se_grid *g;
  se_engine *e;
  se_mcache *cache; /* NULL: runs are dropped at the end */
  se_rrec **local;  /* runs of this call when there is no cache */
  se_run *scratch;
  m_best best;
  int failed;
  int tmpl[9]; /* Nishio: whether some/all below are known */
  nn_bb some[9], all[9];
  const se_reach *reach; /* static multiple chains: the implication graph's
                        reach sets on this grid (se_chain_reach.c), or
                        NULL */
} m_ctx;

/* Static runs follow the edges of the static implication graph: a run
 * derives only potentials its start reaches there. When the reach sets
 * of a group's starts share nothing, neither do their runs, and the group
 * (a cell's candidates, a digit's positions in a unit) offers nothing:
 * its runs need not be made. */
static int may_share(const m_ctx *x, const int *keys, int n) {
  if (!x->reach) return 1;
  int nw = nonet__se_reach_words(x->reach);
  uint64_t meet[SE_KEY_WORDS];
  memcpy(meet, nonet__se_reach_of(x->reach, keys[0]),
         (size_t)nw * sizeof *meet);
  for (int i = 1; i < n; i++) {
    const uint64_t *s = nonet__se_reach_of(x->reach, keys[i]);
    for (int w = 0; w < nw; w++) meet[w] &= s[w];
  }
  uint64_t any = 0;
  for (int w = 0; w < nw; w++) any |= meet[w];
  return any != 0;
}

static se_rrec *get_rec(m_ctx *x, int key) {
  se_rrec **slot = x->cache ? &x->cache->rec[key] : &x->local[key];
  if (*slot) return *slot;
  nonet__se_engine_run(x->e, key, x->scratch);
  *slot = nonet__se_rrec_make(x->scratch);
  if (!*slot) {
    x->failed = 1;
    nonet__se_engine_set_nomem(x->e);
  }
  return *slot;
}

/* Hints come in SE's order; the first one with the least complexity and
 * sort key wins (equal complexities mean equal difficulties). */
static void offer(m_ctx *x, int kind, int sk, int cx, int target) {
  m_best *b = &x->best;
  if (b->have && !(cx < b->cx || (cx == b->cx && sk < b->sk))) return;
  /* a hint that places a digit in a cell with no other candidate removes
   * nothing and does not count (SE's isWorth) */
  if (se_key_is_on(target)) {
    int c = se_key_cell(target);
    if (!(x->g->cand[c] & ~(1u << se_key_digit(target)))) return;
  }
  b->have = 1;
  b->cx = cx;
  b->sk = sk;
  b->kind = kind;
  b->target = target;
}

/* The "on" (left[0]) and "off" (left[1]) potentials of a set: the scans
 * below stop when they have met them all. */
static void count_sides(const uint64_t *set, int left[2]) {
  /* on keys are 0..728: words 0..10 and bits 0..24 of word 11 */
  const uint64_t low = (1ULL << (729 - 11 * 64)) - 1;
  int on = 0, off = 0;
  for (int w = 0; w < 11; w++)
    if (set[w]) on += pc64(set[w]);
  if (set[11] & low) on += pc64(set[11] & low);
  if (set[11] & ~low) off += pc64(set[11] & ~low);
  for (int w = 12; w < SE_KEY_WORDS; w++)
    if (set[w]) off += pc64(set[w]);
  left[0] = on;
  left[1] = off;
}

/* Potentials derived by every run: on ones first, then off ones, each in
 * the first run's order, offered with the sum of their counts. */
static void common(m_ctx *x, se_rrec **runs, int nr, int kind, int sk) {
  uint64_t both[SE_KEY_WORDS];
  memcpy(both, runs[0]->in, sizeof both);
  for (int i = 1; i < nr; i++)
    for (int w = 0; w < SE_KEY_WORDS; w++) both[w] &= runs[i]->in[w];
  /* each run counts itself: the starts are never in all of them */
  int left[2];
  count_sides(both, left);
  for (int pass = 0; pass < 2; pass++)
    for (int i = 0; i < runs[0]->n && left[pass]; i++) {
      int t = runs[0]->order[i];
      if (se_key_is_on(t) != (pass == 0) || !se_kset_has(both, t)) continue;
      left[pass]--;
      int cx = 0;
      for (int j = 0; j < nr; j++) cx += se_rrec_cnt(runs[j], t);
      offer(x, kind, sk, cx, t);
    }
}

static void region_chains(m_ctx *x, int c, int d, int multiple) {
  const se_grid *g = x->g;
  for (int k = 0; k < 3; k++) {
    int u = SE_CELL_UNIT[c][k];
    unsigned pos = g->pos[u][d];
    int n = pc9(pos);
    if (!(n == 2 || (multiple && n > 2))) continue;
    if (SE_UNIT[u][nn_ctz(pos)] != c) continue;
    if (x->reach) {
      int keys[9], nk = 0;
      for (unsigned m = pos; m; m &= m - 1)
        keys[nk++] = se_key_on(SE_UNIT[u][nn_ctz(m)], d);
      if (!may_share(x, keys, nk)) continue;
    }
    se_rrec *runs[9];
    int nr = 0;
    for (unsigned m = pos; m; m &= m - 1) {
      runs[nr] = get_rec(x, se_key_on(SE_UNIT[u][nn_ctz(m)], d));
      if (!runs[nr]) return;
      nr++;
    }
    common(x, runs, nr, SE_T_REGION_FC, 6);
  }
}

int nonet__se_multiple_chains_with(se_engine *e, se_mcache *cache,
                                   const se_reach *reach, const se_grid *g,
                                   int multiple, int dynamic, int nishio,
                                   int level, se_hint *out) {
  m_ctx *x = calloc(1, sizeof *x);
  if (!x) {
    nonet__se_engine_set_nomem(e);
    return 0;
  }
  x->scratch = malloc(sizeof *x->scratch);
  if (!x->scratch) {
    nonet__se_engine_set_nomem(e);
    free(x);
    return 0;
  }
  x->g = g;
  x->e = e;
  x->cache = level == 0 ? cache : NULL; /* nested runs read the whole grid */
  if (!x->cache && !(x->local = calloc(SE_KEYS, sizeof *x->local))) {
    nonet__se_engine_set_nomem(e);
    free(x->scratch);
    free(x);
    return 0;
  }
  x->reach = !dynamic && !nishio && level == 0 ? reach : NULL;
  /* Nishio runs follow one digit: "on" can contradict only outside every
   * placement of the digit, "off" only inside all (se_templates.c) */
  if (nishio)
    for (int d = 0; d < 9; d++)
      x->tmpl[d] =
          x->cache
              ? templates_memo(&x->cache->tm[d], g, d, &x->some[d], &x->all[d])
              : nonet__se_templates(g, d, &x->some[d], &x->all[d]);
  if (x->cache) invalidate(x->cache, g);
  nonet__se_engine_setup(e, g, !nishio, dynamic, level);
  for (int c = 0; c < 81 && !x->failed; c++) {
    int card = se_ncand(g, c);
    if (g->val[c] || !(card > 2 || (card > 1 && dynamic))) continue;
    se_rrec *cell[9];
    int nc = 0;
    int want_cell = !nishio && (card == 2 || (multiple && card > 2));
    if (want_cell && x->reach) {
      int keys[9], nk = 0;
      for (unsigned m = g->cand[c]; m; m &= m - 1)
        keys[nk++] = se_key_on(c, nn_ctz(m));
      want_cell = may_share(x, keys, nk);
    }
    for (unsigned m = g->cand[c]; m && !x->failed; m &= m - 1) {
      int d = nn_ctz(m);
      if (nishio && x->tmpl[d]) {
        if (!bb_has(x->some[d], c)) {
          se_rrec *ron = get_rec(x, se_key_on(c, d));
          if (!ron) break;
          if (ron->contra)
            offer(x, SE_T_CONTRADICTION_FC, 7, ron->contra_cx,
                  se_key_off(c, d));
        }
        if (bb_has(x->all[d], c)) {
          se_rrec *roff = get_rec(x, se_key_off(c, d));
          if (!roff) break;
          if (roff->contra)
            offer(x, SE_T_CONTRADICTION_FC, 7, roff->contra_cx,
                  se_key_on(c, d));
        }
        continue;
      }
      /* static chains: the run serves the cell's forcing (below) and is
       * made by the regions that need it */
      se_rrec *ron = NULL;
      if (!x->reach || want_cell) {
        ron = get_rec(x, se_key_on(c, d));
        if (!ron) break;
        cell[nc++] = ron;
      }
      /* the run from "digit off" only serves contradictions and double
       * forcing, which static multiple chains do not look for */
      if (dynamic || nishio) {
        se_rrec *roff = get_rec(x, se_key_off(c, d));
        if (!roff) break;
        if (ron->contra)
          offer(x, SE_T_CONTRADICTION_FC, 7, ron->contra_cx, se_key_off(c, d));
        if (roff->contra)
          offer(x, SE_T_CONTRADICTION_FC, 7, roff->contra_cx, se_key_on(c, d));
        if (card >= 3 && dynamic && !nishio) {
          uint64_t both[SE_KEY_WORDS];
          int left[2];
          for (int w = 0; w < SE_KEY_WORDS; w++)
            both[w] = ron->in[w] & roff->in[w];
          count_sides(both, left);
          for (int pass = 0; pass < 2; pass++)
            for (int i = 0; i < ron->n && left[pass]; i++) {
              int t = ron->order[i];
              if (se_key_is_on(t) != (pass == 0) || !se_kset_has(both, t))
                continue;
              left[pass]--;
              offer(x, SE_T_DOUBLE_FC, 1,
                    se_rrec_cnt(ron, t) + se_rrec_cnt(roff, t), t);
            }
        }
      }
      if (!nishio) region_chains(x, c, d, multiple);
    }
    if (x->failed) break;
    if (want_cell && nc == card) common(x, cell, nc, SE_T_CELL_FC, 5);
  }
  int found = x->best.have && !x->failed;
  if (found) {
    double base = nonet__se_chain_base(level, nishio, dynamic);
    const m_best *b = &x->best;
    se_hint_clear(out);
    out->diff = base + nonet__se_length_bonus(b->cx);
    out->tech = (uint8_t)(nishio ? SE_T_NISHIO : b->kind);
    out->level = (uint8_t)(level > 0 ? level + 1 : dynamic ? 1 : 0);
    int t = b->target, c = se_key_cell(t), d = se_key_digit(t);
    if (se_key_is_on(t)) {
      out->cell = (int8_t)c;
      out->digit = (uint8_t)d;
      out->elim[c] = (uint16_t)(g->cand[c] & ~(1u << d));
    } else {
      out->elim[c] = (uint16_t)(1u << d);
    }
  }
  if (x->local) {
    for (int k = 0; k < SE_KEYS; k++) nonet__se_rrec_free(x->local[k]);
    free(x->local);
  }
  free(x->scratch);
  free(x);
  return found;
}
