/* vlogic.c: the public entry points of the variant logic engine: the
 * state (init, solved, apply), the finder (techniques in the options'
 * order) and the solving path with its summary. */
#include <stdlib.h>
#include <string.h>

#include "vlogic/vlogic.h"

long nonet_vlogic_init_until(nonet_vlogic_state *s, const nonet_variant *v,
                             const uint8_t *puzzle, int (*stop)(void *ctx),
                             void *ctx) {
  if (!s || !v || !puzzle) return NONET_EINVAL;
  int n = nonet_variant_size(v), nn = n * n;
  for (int i = 0; i < nn; i++)
    if (puzzle[i] > n) return NONET_EINVAL;
  memset(s, 0, sizeof *s);
  s->variant = v;
  s->size = n;
  for (int i = 0; i < nn; i++) {
    s->cells[i] = puzzle[i];
    s->givens[i] = puzzle[i] != 0;
  }
  vl_grid *g = nonet__vl_grid_new(s);
  if (!g) return NONET_ENOMEM;
  nonet__vl_fill_candidates(g, s);
  free(g);
  if (nonet_variant_conflicts(v, puzzle, NULL, 0) > 0) return NONET_ECONFLICT;
  uint8_t sol[VL_MAXC];
  long found = nonet_variant_solve_until(v, puzzle, sol, 2, stop, ctx, NULL);
  if (found == 1) {
    s->unique = 1;
    memcpy(s->solution, sol, (size_t)nn);
  }
  return found;
}

int nonet_vlogic_init(nonet_vlogic_state *s, const nonet_variant *v,
                      const uint8_t *puzzle) {
  long found = nonet_vlogic_init_until(s, v, puzzle, NULL, NULL);
  return found < 0 ? (int)found : NONET_OK;
}

int nonet_vlogic_solved(const nonet_vlogic_state *s) {
  for (int i = 0; i < s->size * s->size; i++)
    if (!s->cells[i]) return 0;
  return 1;
}

static int find_with(const vl_grid *g, const nonet_vlogic_options *o,
                     nonet_vstep *step) {
  nonet_vtech order[NONET_VTECH_SLOTS];
  size_t n = nonet_vlogic_options_order(o, order, NONET_VTECH_SLOTS);
  for (size_t j = 0; j < n; j++) {
    /* trial and error only where one solution is known to exist: else
     * it would search every cell for nothing */
    if (order[j] == NONET_VTECH_TRIAL && !g->st->unique) continue;
    int r = nonet__vl_tech((int)order[j])->find(g, (int)order[j], step);
    if (r) return r;
  }
  return 0;
}

int nonet_vlogic_find_until(const nonet_vlogic_state *s,
                            const nonet_vlogic_options *o, nonet_vstep *step,
                            int (*stop)(void *ctx), void *ctx) {
  if (!s || !s->variant || !step) return NONET_EINVAL;
  vl_grid *g = nonet__vl_grid_new(s);
  if (!g) return NONET_ENOMEM;
  g->stop = stop;
  g->stop_ctx = ctx;
  int r = find_with(g, o, step);
  free(g);
  return r;
}

int nonet_vlogic_find(const nonet_vlogic_state *s,
                      const nonet_vlogic_options *o, nonet_vstep *step) {
  return nonet_vlogic_find_until(s, o, step, NULL, NULL);
}

/* Applies a step with a grid built for the state. */
static int apply_with(const vl_grid *g, nonet_vlogic_state *s,
                      const nonet_vstep *step) {
  int nn = s->size * s->size;
  for (int j = 0; j < step->nplace; j++) {
    int c = step->place[j].cell, d = step->place[j].digit;
    if (c >= nn || d < 1 || d > s->size || s->cells[c] ||
        !(s->cand[c] >> (d - 1) & 1))
      return NONET_EINVAL;
  }
  for (int j = 0; j < step->nplace; j++)
    nonet__vl_place(g, s->cells, s->cand, step->place[j].cell,
                    step->place[j].digit);
  for (int j = 0; j < step->nelim; j++)
    if (step->elim[j].cell < nn && step->elim[j].digit >= 1)
      s->cand[step->elim[j].cell] &= ~(1u << (step->elim[j].digit - 1));
  return NONET_OK;
}

int nonet_vlogic_apply(nonet_vlogic_state *s, const nonet_vstep *step) {
  if (!s || !s->variant || !nonet__vl_step_ok(step) || step->size != s->size)
    return NONET_EINVAL;
  vl_grid *g = nonet__vl_grid_new(s);
  if (!g) return NONET_ENOMEM;
  int r = apply_with(g, s, step);
  free(g);
  return r;
}

int nonet_vlogic_solve(nonet_vlogic_state *s, const nonet_vlogic_options *o,
                       nonet_vpath_fn fn, void *ctx, nonet_vlogic_result *res) {
  return nonet_vlogic_solve_until(s, o, fn, ctx, res, NULL, NULL);
}

int nonet_vlogic_solve_until(nonet_vlogic_state *s,
                             const nonet_vlogic_options *o, nonet_vpath_fn fn,
                             void *ctx, nonet_vlogic_result *res,
                             int (*stop)(void *stop_ctx), void *stop_ctx) {
  if (!s || !s->variant) return NONET_EINVAL;
  nonet_vlogic_result r;
  memset(&r, 0, sizeof r);
  r.hardest = r.decisive = -1;
  nonet_vtech order[NONET_VTECH_SLOTS];
  size_t norder = nonet_vlogic_options_order(o, order, NONET_VTECH_SLOTS);
  int rank[NONET_VTECH_SLOTS];
  for (int t = 0; t < NONET_VTECH_SLOTS; t++) rank[t] = -1;
  for (size_t j = 0; j < norder; j++) rank[order[j]] = (int)j;
  nonet_vstep *step = malloc(sizeof *step);
  /* the grid's rules are built once; its cells and candidates follow the
   * state */
  vl_grid *g = step ? nonet__vl_grid_new(s) : NULL;
  if (!g) {
    free(step);
    return NONET_ENOMEM;
  }
  g->stop = stop;
  g->stop_ctx = stop_ctx;
  int status = 0;
  while (!nonet_vlogic_solved(s)) {
    if (stop && stop(stop_ctx)) {
      status = NONET_ESTOPPED;
      break;
    }
    memcpy(g->cells, s->cells, (size_t)g->nn);
    memcpy(g->cand, s->cand, (size_t)g->nn * sizeof *g->cand);
    int found = find_with(g, o, step);
    if (found < 0) {
      status = found;
      break;
    }
    if (!found || (fn && fn(s, step, ctx))) break;
    if (apply_with(g, s, step) != NONET_OK) break;
    r.steps++;
    r.counts[step->technique]++;
    if (r.hardest < 0 || rank[step->technique] > rank[r.hardest])
      r.hardest = step->technique;
    if (step->technique == NONET_VTECH_TRIAL) r.trial = 1;
  }
  free(g);
  free(step);
  if (status < 0) return status;
  r.solved = nonet_vlogic_solved(s);
  /* the level: the highest level used; the technique that set it */
  for (int t = 0; t < nonet_vtech_count(); t++) {
    if (!r.counts[t]) continue;
    int lv = nonet_vtech_level((nonet_vtech)t);
    if (lv > (int)r.level) r.level = (nonet_level)lv;
  }
  if (r.hardest >= 0) {
    if (nonet_vtech_level((nonet_vtech)r.hardest) == (int)r.level)
      r.decisive = r.hardest;
    else
      for (int t = 0; t < nonet_vtech_count(); t++)
        if (r.counts[t] && nonet_vtech_level((nonet_vtech)t) == (int)r.level)
          r.decisive = t;
  }
  if (res) *res = r;
  return r.solved;
}
