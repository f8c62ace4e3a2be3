/* job.c: the top of the generator: jobs (each a function of the seed and
 * its index only), dispatched to the strategies, and the sequential
 * driver nonet_generate. */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "gen.h"

/* ---- jobs -------------------------------------------------------------- */

/* The random stream of a job: a function of the seed and the job index
 * only (two rounds of splitmix64 inside nonet_rng_seed). */
static void job_rng(nonet_rng *rng, uint64_t seed, uint64_t job) {
  nonet_rng mix;
  nonet_rng_seed(&mix, seed);
  nonet_rng_seed(rng, nonet_rng_next(&mix) ^ (job * 0xd1b54a32d192ed03ull));
}

static void add_stats(nonet_gen_stats *s, const nonet__gen *g, long made) {
  if (!s) return;
  s->jobs++;
  if (made > 0) s->puzzles += (unsigned long long)made;
  s->solver_calls += g->n.solver_calls;
  s->grids += g->n.grids;
  s->pool_moves += g->n.pool_moves;
  s->ratings += g->n.ratings;
  s->rating_moves += g->n.rating_moves;
  if (g->stopped) s->stopped = 1;
}

long nonet_generate_job(const nonet_gen_options *o, uint64_t job,
                        nonet_gen_emit_fn emit, void *ctx,
                        nonet_gen_stats *stats) {
  if (nonet_gen_check(o, NULL, 0) != NONET_OK) return NONET_EINVAL;
  nonet__gen g;
  memset(&g, 0, sizeof g);
  g.opt = o;
  job_rng(&g.rng, o->seed, job);
  g.symmetry = o->symmetry;
  if (g.symmetry == NONET_SYMMETRY_RANDOM)
    g.symmetry = 1 + (int)nonet_rng_below(&g.rng, 6);
  nonet__orbits_make(&g.orb, g.symmetry);

  long made;
  if (o->pattern) {
    made = nonet__pattern_job(&g, job, emit, ctx);
  } else if (o->min_clues || o->max_clues) {
    made = nonet__pool_job(&g, job, emit, ctx);
  } else if ((o->rating_min || o->rating_max) &&
             o->rating_mode == NONET_GEN_RATING_STEER) {
    made = nonet__rating_job(&g, job, emit, ctx);
  } else {
    uint8_t grid[81];
    nonet__puz p;
    nonet__random_grid(&g, grid);
    nonet__puz_init(&p, grid, 1);
    nonet__minimize(&g, &p, NONET__MIN_RANDOM, NULL, NULL);
    made = nonet__gen_emit(&g, &p, job, emit, ctx) > 0;
  }
  if (made < 0) made = 0;
  add_stats(stats, &g, made);
  return g.nomem ? NONET_ENOMEM : made;
}

/* ---- the sequential driver -------------------------------------------- */

static double now_seconds(void) {
  struct timespec ts;
  timespec_get(&ts, TIME_UTC);
  return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

typedef struct seq_ctx {
  const nonet_gen_options *user;
  nonet_gen_emit_fn emit;
  void *ctx;
  long want, made;
  double deadline;
  int timed_out, user_stop;
  unsigned polls;
} seq_ctx;

static int seq_stop(void *arg) {
  seq_ctx *s = arg;
  if (s->user->stop && s->user->stop(s->user->stop_ctx))
    return s->user_stop = 1;
  if (s->deadline > 0 && now_seconds() >= s->deadline) return s->timed_out = 1;
  return 0;
}

static int seq_emit(const nonet_gen_puzzle *p, void *arg) {
  seq_ctx *s = arg;
  s->made++;
  if (s->emit && s->emit(p, s->ctx)) return s->user_stop = 1;
  return s->made >= s->want;
}

long nonet_generate(const nonet_gen_options *o, long count,
                    nonet_gen_emit_fn emit, void *ctx, nonet_gen_stats *stats) {
  if (nonet_gen_check(o, NULL, 0) != NONET_OK) return NONET_EINVAL;
  if (count <= 0) return 0;
  seq_ctx s = {o, emit, ctx, count, 0, 0, 0, 0, 0};
  if (o->timeout > 0) s.deadline = now_seconds() + o->timeout;
  nonet_gen_options inner = *o;
  inner.stop = seq_stop;
  inner.stop_ctx = &s;
  for (uint64_t job = 0; s.made < count && !s.timed_out && !s.user_stop;
       job++) {
    if (nonet_generate_job(&inner, job, seq_emit, &s, stats) == NONET_ENOMEM)
      return NONET_ENOMEM;
    /* plain jobs are short: check the clock between them too */
    if (s.made < count && seq_stop(&s)) break;
  }
  if (stats) {
    /* reaching the count is not a stop */
    stats->timed_out = s.timed_out;
    stats->stopped = s.user_stop;
  }
  return s.made;
}
