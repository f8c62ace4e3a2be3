/* logic.c: the public entry points of the logic engine: state set-up,
 * finding, applying, and whole solving paths. */
#include <stdlib.h>
#include <string.h>

#include "logic/grid.h"
#include "solver/solver.h"

int nonet_logic_init(nonet_logic_state *s, const uint8_t puzzle[81]) {
  if (!s || !puzzle || !nonet_grid_is_valid(puzzle)) return NONET_EINVAL;
  memset(s, 0, sizeof *s);
  for (int i = 0; i < 81; i++) {
    s->cells[i] = puzzle[i];
    s->givens[i] = puzzle[i] != 0;
    if (!puzzle[i]) s->cand[i] = nonet_candidates(puzzle, i / 9, i % 9);
  }
  if (nonet_find_conflicts(puzzle, NULL, 0) > 0) return NONET_ECONFLICT;
  s->unique = nonet__solve(puzzle, NULL, 2, NULL) == 1;
  return NONET_OK;
}

int nonet_logic_solved(const nonet_logic_state *s) {
  if (!s) return 0;
  for (int i = 0; i < 81; i++)
    if (!s->cells[i]) return 0;
  return 1;
}

/* Drops placements and eliminations of candidates that are not there,
 * and eliminations the step's own placements make anyway (same cell, or
 * same digit in a peer); 1 when the step still changes the grid. */
static int effective(const nn_grid *g, nonet_step *s) {
  int p = 0;
  for (int j = 0; j < s->nplace; j++) {
    nonet_cand e = s->place[j];
    if (e.cell < 81 && e.digit >= 1 && e.digit <= 9 &&
        g_has(g, e.cell, e.digit - 1))
      s->place[p++] = e;
  }
  s->nplace = (uint8_t)p;
  int n = 0;
  for (int j = 0; j < s->nelim; j++) {
    nonet_cand e = s->elim[j];
    if (e.cell >= 81 || e.digit < 1 || e.digit > 9 ||
        !g_has(g, e.cell, e.digit - 1))
      continue;
    int implied = 0;
    for (int k = 0; k < p && !implied; k++)
      implied =
          s->place[k].cell == e.cell ||
          (s->place[k].digit == e.digit && nn_sees(s->place[k].cell, e.cell));
    if (!implied) s->elim[n++] = e;
  }
  s->nelim = (uint8_t)n;
  return n + p > 0;
}

typedef struct each_ctx {
  const nn_grid *g;
  nonet_step_fn fn;
  void *ctx;
  int stop;
} each_ctx;

static int first_emit(nn_sink *k) {
  const each_ctx *e = k->ctx;
  return effective(e->g, k->step);
}

static int each_emit(nn_sink *k) {
  each_ctx *e = k->ctx;
  if (!effective(e->g, k->step)) return 0;
  if (e->fn && e->fn(k->step, e->ctx)) e->stop = 1;
  return e->stop;
}

static int allowed(const nn_grid *g, const nonet_logic_options *o, int t) {
  if (t < 0 || t >= NN_TECH_COUNT || !nonet__techs[t].find) return 0;
  if (nonet__techs[t].uniqueness &&
      (o->uniqueness == NONET_UNIQUENESS_OFF || !g->st.unique))
    return 0;
  return 1;
}

int nonet__find(const nn_grid *g, const nonet_logic_options *o, nonet_step *s,
                nn_persist *persist) {
  nn_cache cache;
  memset(&cache, 0, sizeof cache);
  int found = 0;
  each_ctx e = {g, NULL, NULL, 0};
  int count = o->count < 0               ? 0
              : o->count > NN_TECH_COUNT ? NN_TECH_COUNT
                                         : o->count;
  for (int j = 0; j < count && !found; j++) {
    int t = o->order[j];
    if (!allowed(g, o, t)) continue;
    nn_sink k = {s, first_emit, &e, 0, 0, &cache, persist, 0};
    found = nonet__techs[t].find(g, t, &k);
    if (k.nomem) found = NONET_ENOMEM; /* never "nothing found" */
  }
  for (int j = 0; j < NN_CACHE_COUNT; j++) {
    nn_cached *c = cache.slot[j];
    if (c && c->destroy)
      c->destroy(c);
    else
      free(c);
  }
  return found;
}

int nonet_logic_find(const nonet_logic_state *s, const nonet_logic_options *o,
                     nonet_step *step) {
  if (!s || !step) return NONET_EINVAL;
  nonet_logic_options def;
  if (!o) {
    nonet__logic_options_init(&def);
    o = &def;
  }
  nn_grid g;
  nonet__grid_load(&g, s);
  return nonet__find(&g, o, step, NULL);
}

int nonet_logic_each(const nonet_logic_state *s, nonet_technique t,
                     const nonet_logic_options *o, nonet_step_fn fn,
                     void *ctx) {
  if (!s || (int)t < 0 || t >= NN_TECH_COUNT) return NONET_EINVAL;
  nonet_logic_options def;
  if (!o) {
    nonet__logic_options_init(&def);
    o = &def;
  }
  nn_grid g;
  nonet__grid_load(&g, s);
  if (!allowed(&g, o, t)) return 0;
  nonet_step step;
  each_ctx e = {&g, fn, ctx, 0};
  nn_sink k = {&step, each_emit, &e, 0, 1, NULL, NULL, 0};
  nonet__techs[t].find(&g, t, &k);
  return k.nomem ? NONET_ENOMEM : k.count;
}

int nonet_logic_apply(nonet_logic_state *s, const nonet_step *step) {
  if (!s || !nonet__step_ok(step)) return NONET_EINVAL;
  nn_grid g;
  nonet__grid_load(&g, s);
  int r = nonet__grid_apply(&g, step);
  if (r == NONET_OK) *s = g.st;
  return r;
}

static int rank_of(const nonet_logic_options *o, int t) {
  for (int j = 0; j < o->count; j++)
    if (o->order[j] == t) return j;
  return -1;
}

int nonet_logic_solve(nonet_logic_state *s, const nonet_logic_options *o,
                      nonet_path_fn fn, void *ctx, nonet_logic_result *res) {
  if (!s) return NONET_EINVAL;
  nonet_logic_options def;
  if (!o) {
    nonet__logic_options_init(&def);
    o = &def;
  }
  nonet_logic_result r;
  memset(&r, 0, sizeof r);
  r.hardest = -1;
  nn_grid g;
  nonet__grid_load(&g, s);
  nonet_step step;
  nn_persist persist;
  memset(&persist, 0, sizeof persist);
  for (int d = 0; d < 9; d++)
    persist.board[d] = (nn_bb){~0ull, ~0ull}; /* never a real board */
  /* each step removes at least one candidate: 729 bounds the path */
  for (int guard = 0; guard < 800 && bb_any(g.empty); guard++) {
    int found = nonet__find(&g, o, &step, &persist);
    if (found == NONET_ENOMEM) {
      *s = g.st; /* the steps taken so far are applied */
      if (res) {
        memset(res, 0, sizeof *res);
        res->hardest = res->decisive = -1;
      }
      return NONET_ENOMEM;
    }
    if (!found) break;
    if (fn && fn(&g.st, &step, ctx)) {
      *s = g.st;
      goto done;
    }
    if (nonet__grid_apply(&g, &step) != NONET_OK) break;
    r.steps++;
    r.counts[step.technique]++;
    if (step.technique == NONET_TECH_TRIAL) r.trial = 1;
    if (r.hardest < 0 || rank_of(o, step.technique) > rank_of(o, r.hardest))
      r.hardest = step.technique;
  }
  *s = g.st;
done:
  r.solved = !bb_any(g.empty);
  /* the level: the highest of the techniques used; the technique that
   * set it, `hardest` when that has the level */
  r.level = NONET_LEVEL_EASY;
  r.decisive = -1;
  for (int t = 0; t < NN_TECH_COUNT; t++)
    if (r.counts[t] && (r.decisive < 0 || nonet__techs[t].level >= r.level)) {
      r.level = nonet__techs[t].level;
      r.decisive = t;
    }
  if (r.decisive >= 0 && r.hardest >= 0 &&
      nonet__techs[r.hardest].level == r.level)
    r.decisive = r.hardest;
  if (res) *res = r;
  return r.solved;
}
