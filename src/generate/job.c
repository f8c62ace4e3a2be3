/* job.c: the public generator API: options and their checks,
 * jobs (each a function of the seed and its index only) and the
 * sequential driver nonet_generate. */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "gen.h"

/* ---- options ----------------------------------------------------------- */

void nonet_gen_options_init(nonet_gen_options *o) {
  memset(o, 0, sizeof *o);
  o->symmetry = NONET_SYMMETRY_NONE;
  o->minimal = 1;
}

static int fail(char *err, size_t cap, const char *msg) {
  if (err && cap) snprintf(err, cap, "%s", msg);
  return NONET_EINVAL;
}

int nonet_gen_check(const nonet_gen_options *o, char *err, size_t cap) {
  char msg[160];
  if (!o) return fail(err, cap, "no options");
  if (o->symmetry < 0 || o->symmetry > NONET_SYMMETRY_RANDOM)
    return fail(err, cap, "unknown symmetry");
  if (o->per_grid < 0) return fail(err, cap, "per_grid must be 0 or more");
  if (!(o->timeout >= 0))
    return fail(err, cap, "the timeout must be 0 or more");
  int lo = o->min_clues, hi = o->max_clues;
  if (lo < 0 || lo > 81 || hi < 0 || hi > 81)
    return fail(err, cap, "clue bounds must be between 17 and 81");
  if (hi && hi < 17) {
    snprintf(msg, sizeof msg,
             "no puzzle with %s%d givens has a unique solution (17 is the "
             "fewest possible)",
             lo == hi ? "" : "at most ", hi);
    return fail(err, cap, msg);
  }
  if (lo && hi && lo > hi) {
    snprintf(msg, sizeof msg,
             "contradictory clue bounds: at least %d and at most %d", lo, hi);
    return fail(err, cap, msg);
  }
  if (o->minimal && lo > 40) {
    snprintf(msg, sizeof msg,
             "no minimal puzzle with %s%d givens is known (40 is the most); "
             "allow givens that are not needed to get more",
             lo == hi ? "" : "at least ", lo);
    return fail(err, cap, msg);
  }
  if (o->symmetry == NONET_SYMMETRY_ROT90 && (lo || hi)) {
    /* a rot90 puzzle has 4k or 4k+1 givens */
    int a = lo ? lo : 17, b = hi ? hi : 81, ok = 0;
    for (int c = a; c <= b && !ok; c++) ok = c % 4 <= 1;
    if (!ok) {
      if (a == b)
        snprintf(msg, sizeof msg,
                 "a puzzle with rot90 symmetry has 4k or 4k+1 givens, not %d",
                 a);
      else
        snprintf(msg, sizeof msg,
                 "a puzzle with rot90 symmetry has 4k or 4k+1 givens: none "
                 "from %d to %d",
                 a, b);
      return fail(err, cap, msg);
    }
  }
  if (o->rating_mode != NONET_GEN_RATING_STEER &&
      o->rating_mode != NONET_GEN_RATING_FILTER)
    return fail(err, cap, "unknown rating mode");
  if (o->rating_min < 0 || o->rating_max < 0 || o->rating_min > 200 ||
      o->rating_max > 200)
    return fail(err, cap,
                "rating bounds are ER in tenths (70 for 7.0), 200 at most");
  if (o->rating_min && o->rating_max && o->rating_min > o->rating_max) {
    snprintf(msg, sizeof msg,
             "contradictory rating bounds: at least %d.%d and at most %d.%d",
             o->rating_min / 10, o->rating_min % 10, o->rating_max / 10,
             o->rating_max % 10);
    return fail(err, cap, msg);
  }
  if (o->rating_min > 119) {
    snprintf(msg, sizeof msg,
             "no puzzle is known with an ER of %d.%d or more (the hardest "
             "known are rated 11.9)",
             o->rating_min / 10, o->rating_min % 10);
    return fail(err, cap, msg);
  }
  if (o->rating_max && o->rating_max < 10) {
    snprintf(msg, sizeof msg,
             "no puzzle has an ER below 1.0 (asked: at most %d.%d)",
             o->rating_max / 10, o->rating_max % 10);
    return fail(err, cap, msg);
  }
  if (o->pattern) {
    int n = 0, rows[9] = {0}, cols[9] = {0};
    for (int i = 0; i < 81; i++)
      if (o->pattern[i]) n++, rows[i / 9]++, cols[i % 9]++;
    if (n < 17) {
      snprintf(msg, sizeof msg,
               "the pattern has %d givens; a unique puzzle needs at least 17",
               n);
      return fail(err, cap, msg);
    }
    for (int b = 0; b < 3; b++)
      for (int x = 0; x < 3; x++)
        for (int y = x + 1; y < 3; y++) {
          if (!rows[3 * b + x] && !rows[3 * b + y]) {
            snprintf(msg, sizeof msg,
                     "the pattern leaves rows %d and %d empty: swapping them "
                     "always gives a second solution",
                     3 * b + x + 1, 3 * b + y + 1);
            return fail(err, cap, msg);
          }
          if (!cols[3 * b + x] && !cols[3 * b + y]) {
            snprintf(msg, sizeof msg,
                     "the pattern leaves columns %d and %d empty: swapping "
                     "them always gives a second solution",
                     3 * b + x + 1, 3 * b + y + 1);
            return fail(err, cap, msg);
          }
        }
    if (o->minimal && n > 40) {
      snprintf(msg, sizeof msg,
               "the pattern has %d givens; no minimal puzzle with more than "
               "40 is known",
               n);
      return fail(err, cap, msg);
    }
    if (!nonet__clues_ok(o, n)) {
      snprintf(msg, sizeof msg,
               "the pattern has %d givens, outside the clue bounds", n);
      return fail(err, cap, msg);
    }
    if (o->symmetry == NONET_SYMMETRY_RANDOM)
      return fail(err, cap, "a pattern fixes the givens: no random symmetry");
    if (o->symmetry != NONET_SYMMETRY_NONE) {
      uint8_t m[81];
      for (int i = 0; i < 81; i++) m[i] = o->pattern[i] != 0;
      if (!nonet_grid_has_symmetry(m, o->symmetry)) {
        snprintf(msg, sizeof msg, "the pattern does not have %s symmetry",
                 nonet_symmetry_name(o->symmetry));
        return fail(err, cap, msg);
      }
    }
  }
  return NONET_OK;
}

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
  return made;
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
    nonet_generate_job(&inner, job, seq_emit, &s, stats);
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
