/* se_chain_multi.c: SE's getMultipleChainsHintList: Nishio (7.5),
 * multiple (8.0), dynamic (8.5) and nested (9.0, 9.5, ...) forcing
 * chains, plus the length bonus.
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
 * A run from "digit on" serves its own cell and the units it is a
 * position in, so it is kept until its cell has been handled. */
#include <stdlib.h>

#include "se_chain_run.h"

typedef struct m_best {
  int have;
  int cx, sk;
  int kind;   /* SE_T_CONTRADICTION_FC, SE_T_DOUBLE_FC, ... */
  int target; /* key of the potential the hint concludes */
} m_best;

typedef struct m_ctx {
  const se_grid *g;
  se_engine *e;
  se_run *cache[729];
  se_run *free_runs;
  se_run **all; /* every run allocated, for freeing */
  int nall, capall;
  se_run *tmp;
  m_best best;
  int failed;
} m_ctx;

static se_run *get_run(m_ctx *x) {
  if (x->free_runs) {
    se_run *r = x->free_runs;
    x->free_runs = r->next_free;
    return r;
  }
  if (x->nall == x->capall) {
    int cap = x->capall ? x->capall * 2 : 64;
    se_run **p = realloc(x->all, (size_t)cap * sizeof *p);
    if (!p) return NULL;
    x->all = p;
    x->capall = cap;
  }
  se_run *r = malloc(sizeof *r);
  if (!r) return NULL;
  x->all[x->nall++] = r;
  return r;
}

static void put_run(m_ctx *x, se_run *r) {
  r->next_free = x->free_runs;
  x->free_runs = r;
}

static se_run *on_run(m_ctx *x, int c, int d) {
  int k = se_key_on(c, d);
  if (x->cache[k]) return x->cache[k];
  se_run *r = get_run(x);
  if (!r) {
    x->failed = 1;
    return NULL;
  }
  nonet__se_engine_run(x->e, k, r);
  x->cache[k] = r;
  return r;
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

static void region_chains(m_ctx *x, int c, int d, int multiple) {
  const se_grid *g = x->g;
  for (int k = 0; k < 3; k++) {
    int u = SE_CELL_UNIT[c][k];
    unsigned pos = se_unit_pos(g, u, d);
    int n = se_pop9(pos);
    if (!(n == 2 || (multiple && n > 2))) continue;
    if (SE_UNIT[u][nn_ctz(pos)] != c) continue;
    se_run *runs[9] = {0};
    int nr = 0;
    for (unsigned m = pos; m; m &= m - 1) {
      runs[nr] = on_run(x, SE_UNIT[u][nn_ctz(m)], d);
      if (!runs[nr]) return;
      nr++;
    }
    uint64_t both[SE_KEY_WORDS];
    memcpy(both, runs[0]->in, sizeof both);
    for (int i = 1; i < nr; i++)
      for (int w = 0; w < SE_KEY_WORDS; w++) both[w] &= runs[i]->in[w];
    /* on targets first, then off targets, each in the first run's order */
    for (int pass = 0; pass < 2; pass++)
      for (int i = 0; i < runs[0]->n; i++) {
        int t = runs[0]->order[i];
        if (se_key_is_on(t) != (pass == 0) || !se_kset_has(both, t)) continue;
        int cx = 0;
        for (int j = 0; j < nr; j++) cx += runs[j]->cnt[t];
        offer(x, SE_T_REGION_FC, 6, cx, t);
      }
  }
}

static void cell_chains(m_ctx *x, int c) {
  const se_grid *g = x->g;
  se_run *runs[9] = {0};
  int nr = 0;
  for (unsigned m = g->cand[c]; m; m &= m - 1) runs[nr++] = x->cache[se_key_on(c, nn_ctz(m))];
  uint64_t both[SE_KEY_WORDS];
  memcpy(both, runs[0]->in, sizeof both);
  for (int i = 1; i < nr; i++)
    for (int w = 0; w < SE_KEY_WORDS; w++) both[w] &= runs[i]->in[w];
  for (int pass = 0; pass < 2; pass++)
    for (int i = 0; i < runs[0]->n; i++) {
      int t = runs[0]->order[i];
      if (se_key_is_on(t) != (pass == 0) || !se_kset_has(both, t)) continue;
      int cx = 0;
      for (int j = 0; j < nr; j++) cx += runs[j]->cnt[t];
      offer(x, SE_T_CELL_FC, 5, cx, t);
    }
}

int nonet__se_multiple_chains_with(se_engine *e, const se_grid *g, int multiple,
                                   int dynamic, int nishio, int level,
                                   se_hint *out);
int nonet__se_multiple_chains_with(se_engine *e, const se_grid *g, int multiple,
                                   int dynamic, int nishio, int level,
                                   se_hint *out) {
  m_ctx *x = calloc(1, sizeof *x);
  if (!x) return 0;
  x->g = g;
  x->e = e;
  nonet__se_engine_setup(e, g, !nishio, dynamic, level);
  x->tmp = get_run(x);
  if (!x->tmp) x->failed = 1;
  for (int c = 0; c < 81 && !x->failed; c++) {
    int card = se_ncand(g, c);
    if (g->val[c] || !(card > 2 || (card > 1 && dynamic))) continue;
    for (unsigned m = g->cand[c]; m && !x->failed; m &= m - 1) {
      int d = nn_ctz(m);
      se_run *ron = on_run(x, c, d);
      if (!ron) break;
      /* the run from "digit off" only serves contradictions and double
       * forcing, which static multiple chains do not look for */
      se_run *roff = x->tmp;
      if (dynamic || nishio) {
        nonet__se_engine_run(e, se_key_off(c, d), roff);
        if (ron->contra) offer(x, SE_T_CONTRADICTION_FC, 7, ron->contra_cx, se_key_off(c, d));
        if (roff->contra) offer(x, SE_T_CONTRADICTION_FC, 7, roff->contra_cx, se_key_on(c, d));
      }
      if (card >= 3 && dynamic && !nishio)
        for (int pass = 0; pass < 2; pass++)
          for (int i = 0; i < ron->n; i++) {
            int t = ron->order[i];
            if (se_key_is_on(t) != (pass == 0) || !se_kset_has(roff->in, t)) continue;
            offer(x, SE_T_DOUBLE_FC, 1, ron->cnt[t] + roff->cnt[t], t);
          }
      if (!nishio) region_chains(x, c, d, multiple);
    }
    if (x->failed) break;
    if (!nishio && (card == 2 || (multiple && card > 2))) cell_chains(x, c);
    for (unsigned m = g->cand[c]; m; m &= m - 1) {
      int k = se_key_on(c, nn_ctz(m));
      if (x->cache[k]) {
        put_run(x, x->cache[k]);
        x->cache[k] = NULL;
      }
    }
  }
  int found = x->best.have && !x->failed;
  if (found) {
    double base = level >= 2 ? 9.5 + 0.5 * (level - 2)
                  : level > 0 ? 8.5 + 0.5 * level
                  : nishio ? 7.5
                  : dynamic ? 8.5
                            : 8.0;
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
  for (int i = 0; i < x->nall; i++) free(x->all[i]);
  free(x->all);
  free(x);
  return found;
}
