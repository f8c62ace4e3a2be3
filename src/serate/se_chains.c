/* se_chains.c: SE's chaining producers, in order: forcing chains and
 * cycles, aligned triplet exclusion, Nishio, multiple, dynamic, dynamic
 * (+), then the nested levels. The first that finds a hint gives the
 * step. Scratch memory is allocated on first use, so that puzzles solved
 * without chains allocate nothing big. */
#include <stdlib.h>

#include "se_chain_run.h"
#include "se_nested.h"

struct se_chain_ctx {
  int nomem; /* an allocation failed: the rating reports NONET_ENOMEM */
  se_unary_scratch *unary;
  se_engine *engine;
  se_nx *nested;
  se_mcache *cache[3];     /* runs kept across steps: Nishio, multiple,
                                     dynamic */
  se_reach *reach;         /* for nonet__se_forcing_possible */
  uint16_t reach_cand[81]; /* the grid it last ran on */
  int reach_ok;
  se_ate_cache ate;
  se_ul_cache *ul; /* made on first use */
  se_memo memo;
  se_ate_cache ape;
};

se_ate_cache *nonet__se_chain_ape(se_chain_ctx *cx) { return &cx->ape; }

se_ul_cache *nonet__se_chain_ul(se_chain_ctx *cx) {
  if (!cx->ul) cx->ul = calloc(1, sizeof *cx->ul); /* NULL: no cache */
  return cx->ul;
}
se_memo *nonet__se_chain_memo(se_chain_ctx *cx) { return &cx->memo; }

int nonet__se_chain_nomem(const se_chain_ctx *cx) {
  return cx->nomem || nonet__se_engine_nomem(cx->engine) ||
         nonet__se_nx_nomem(cx->nested);
}

se_chain_ctx *nonet__se_chain_new(void) {
  return calloc(1, sizeof(se_chain_ctx));
}

void nonet__se_chain_free(se_chain_ctx *cx) {
  if (!cx) return;
  free(cx->unary);
  nonet__se_engine_free(cx->engine);
  nonet__se_nx_free(cx->nested);
  for (int i = 0; i < 3; i++) nonet__se_mcache_free(cx->cache[i]);
  free(cx->reach);
  free(cx->ul);
  free(cx);
}

int nonet__se_unary_chains(se_chain_ctx *cx, const se_grid *g, se_hint *out) {
  if ((!cx->unary &&
       !(cx->unary = calloc(1, nonet__se_unary_scratch_size()))) ||
      (!cx->reach && !(cx->reach = malloc(nonet__se_reach_size())))) {
    cx->nomem = 1;
    return 0;
  }
  /* no candidate implies its own opposite: no forcing chain, no cycle;
   * otherwise only some candidates can start one */
  se_starts st;
  int possible = nonet__se_forcing_possible(cx->reach, g, &st);
  memcpy(cx->reach_cand, g->cand, sizeof cx->reach_cand);
  cx->reach_ok = 1;
  if (!possible) return 0;
  return nonet__se_unary_chains_with(cx->unary, g, &st, out);
}

int nonet__se_multiple_chains(se_chain_ctx *cx, const se_grid *g, int multiple,
                              int dynamic, int nishio, int level,
                              se_hint *out) {
  if (!cx->engine && !(cx->engine = nonet__se_engine_new())) {
    cx->nomem = 1;
    return 0;
  }
  se_mcache *cache = NULL;
  if (level == 0) {
    int i = nishio ? 0 : dynamic ? 2 : 1;
    if (!cx->cache[i]) cx->cache[i] = nonet__se_mcache_new();
    cache = cx->cache[i];
  }
  /* the reach sets, when they were made on this grid (the candidates
   * make the static graph) */
  const se_reach *reach =
      cx->reach_ok && !memcmp(cx->reach_cand, g->cand, sizeof cx->reach_cand)
          ? cx->reach
          : NULL;
  return nonet__se_multiple_chains_with(cx->engine, cache, reach, g, multiple,
                                        dynamic, nishio, level, out);
}

typedef struct first_acc {
  se_acc acc;
  se_hint *out;
} first_acc;

static int take_first(se_acc *acc, const se_hint *h) {
  *((first_acc *)acc)->out = *h;
  return 1;
}

int nonet__se_chains(se_chain_ctx *cx, const se_grid *g, se_hint *out) {
  first_acc fa = {{take_first, NULL}, out};
  if (nonet__se_unary_chains(cx, g, out)) return 1;
  if (nonet__se_ate_cached(&cx->ate, g, &fa.acc)) return 1;
  if (nonet__se_multiple_chains(cx, g, 0, 1, 1, 0, out)) return 1; /* Nishio */
  if (nonet__se_multiple_chains(cx, g, 1, 0, 0, 0, out))
    return 1; /* multiple */
  if (nonet__se_multiple_chains(cx, g, 1, 1, 0, 0, out)) return 1; /* dynamic */
  if (nonet__se_multiple_chains(cx, g, 1, 1, 0, 1, out))
    return 1; /* dynamic (+) */
  /* nested levels: (+ forcing chains), (+ multiple), (+ dynamic), ... */
  if (!cx->nested && !(cx->nested = nonet__se_nx_new())) {
    cx->nomem = 1;
    return 0;
  }
  for (int level = 2; level <= 5; level++)
    if (nonet__se_nx_nested(cx->nested, g, level, out)) return 1;
  return 0;
}
