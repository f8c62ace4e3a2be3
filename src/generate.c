/* generate.c: random solution grids, removing givens while the puzzle
 * stays unique (orbit by orbit for symmetric puzzles), and the job
 * structure of the public generator API.
 *
 * Whether an orbit of givens is needed is answered first by a cheap
 * local test (each of its cells is forced by a naked or hidden single
 * once the orbit is gone, so it is not needed), then by the solver on
 * per-cell digit masks: "is there a solution where cell i is not v?"
 * (limit 1). A given found needed stays needed as more are removed, so
 * each orbit is tested once. */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "bits.h"
#include "gen.h"
#include "solver.h"

#define ALL 0x1ffu

/* ---- the puzzle being built ------------------------------------------ */

void nonet__puz_init(nonet__puz *p, const uint8_t sol[81], int full) {
  memcpy(p->sol, sol, 81);
  memset(p->row, 0, sizeof p->row);
  memset(p->col, 0, sizeof p->col);
  memset(p->box, 0, sizeof p->box);
  if (!full) {
    memset(p->cell, 0, 81);
    p->glo = p->ghi = 0;
    p->clues = 0;
    return;
  }
  memcpy(p->cell, sol, 81);
  p->glo = ~0ull;
  p->ghi = (1ull << 17) - 1;
  for (int i = 0; i < 81; i++) {
    uint16_t b = (uint16_t)(1u << (sol[i] - 1));
    p->row[nn_row(i)] |= b;
    p->col[nn_col(i)] |= b;
    p->box[nn_box(i)] |= b;
  }
  p->clues = 81;
}

void nonet__puz_add(nonet__puz *p, int i) {
  uint16_t b = (uint16_t)(1u << (p->sol[i] - 1));
  p->cell[i] = p->sol[i];
  p->row[nn_row(i)] |= b;
  p->col[nn_col(i)] |= b;
  p->box[nn_box(i)] |= b;
  if (i < 64)
    p->glo |= 1ull << i;
  else
    p->ghi |= 1ull << (i - 64);
  p->clues++;
}

void nonet__puz_remove(nonet__puz *p, int i) {
  uint16_t b = (uint16_t) ~(1u << (p->sol[i] - 1));
  p->cell[i] = 0;
  p->row[nn_row(i)] &= b;
  p->col[nn_col(i)] &= b;
  p->box[nn_box(i)] &= b;
  if (i < 64)
    p->glo &= ~(1ull << i);
  else
    p->ghi &= ~(1ull << (i - 64));
  p->clues--;
}

NONET_INLINE unsigned seen(const nonet__puz *p, int i) {
  return p->row[nn_row(i)] | p->col[nn_col(i)] | p->box[nn_box(i)];
}

/* With cell i empty: is its solution digit forced by the givens alone,
 * as a naked single or a hidden single in one of its units? Then the
 * puzzle without i has the same solutions as with it. */
static int forced(const nonet__puz *p, int i) {
  unsigned bit = 1u << (p->sol[i] - 1);
  if ((seen(p, i) | bit) == ALL) return 1;
  const int units[3] = {nn_row(i), 9 + nn_col(i), 18 + nn_box(i)};
  for (int u = 0; u < 3; u++) {
    int k = 0;
    for (; k < 9; k++) {
      int j = nn_unit_cell(units[u], k);
      if (j != i && !p->cell[j] && !(seen(p, j) & bit)) break;
    }
    if (k == 9) return 1;
  }
  return 0;
}

/* ---- is an orbit needed? --------------------------------------------- */

/* The cheap test: removes orbit k when each of its cells comes back
 * forced by singles (then the puzzle stays unique) and returns 1; else
 * leaves p as it was and returns 0. */
static int cheap_removal(nonet__gen *g, nonet__puz *p, int k) {
  const int n = g->orb.size[k];
  const uint8_t *c = g->orb.cells[k];
  int pending = 0;
  for (int t = 0; t < n; t++) {
    nonet__puz_remove(p, c[t]);
    pending |= 1 << t;
  }
  /* cells forced by singles come back as known */
  for (int progress = 1; pending && progress;) {
    progress = 0;
    for (int t = 0; t < n; t++)
      if ((pending >> t & 1) && forced(p, c[t])) {
        nonet__puz_add(p, c[t]);
        pending &= ~(1 << t);
        progress = 1;
      }
  }
  if (pending) {
    for (int t = 0; t < n; t++)
      if (pending >> t & 1) nonet__puz_add(p, c[t]);
    return 0;
  }
  for (int t = 0; t < n; t++) nonet__puz_remove(p, c[t]);
  g->n.cheap_removals++;
  return 1;
}

/* Whether orbit k is needed, by the unavoidable sets, then (unless the
 * cheap test is known to fail) the cheap test, then the solver. */
static int needed(nonet__gen *g, nonet__puz *p, int k, const nonet__usets *u,
                  uint8_t *alt, int try_cheap) {
  const int n = g->orb.size[k];
  const uint8_t *c = g->orb.cells[k];
  if (u) {
    /* an unavoidable set with no other given left: needed */
    uint64_t lo = p->glo, hi = p->ghi;
    for (int t = 0; t < n; t++) {
      if (c[t] < 64)
        lo &= ~(1ull << c[t]);
      else
        hi &= ~(1ull << (c[t] - 64));
    }
    for (int t = 0; t < n; t++)
      for (int s = 0; s < u->count[c[t]]; s++) {
        int x = u->list[c[t]][s];
        if (!((u->lo[x] & lo) | (u->hi[x] & hi))) {
          g->n.uset_hits++;
          return 1;
        }
      }
  }
  if (try_cheap && cheap_removal(g, p, k)) {
    for (int t = 0; t < n; t++) nonet__puz_add(p, c[t]);
    return 0;
  }
  /* the solver: a solution other than p->sol differs on a first cell t of
   * the orbit; ask for each t with the cells before it fixed */
  uint16_t allowed[81];
  for (int i = 0; i < 81; i++)
    allowed[i] =
        p->cell[i] ? (uint16_t)(1u << (p->cell[i] - 1)) : (uint16_t)ALL;
  for (int t = 0; t < n; t++) allowed[c[t]] = ALL;
  int need = 0;
  for (int t = 0; t < n && !need; t++) {
    uint16_t bit = (uint16_t)(1u << (p->sol[c[t]] - 1));
    allowed[c[t]] = (uint16_t)(ALL & ~bit);
    g->n.solver_calls++;
    if (nonet__solve_masks(allowed, alt, 1, NULL) > 0) need = alt ? 2 : 1;
    allowed[c[t]] = bit;
  }
  return need;
}

int nonet__orbit_needed(nonet__gen *g, nonet__puz *p, int k,
                        const nonet__usets *u, uint8_t *alt) {
  return needed(g, p, k, u, alt, 1);
}

/* Given peers of each cell, kept up to date while removing. */
static void count_peers(const nonet__puz *p, int cnt[81]) {
  for (int i = 0; i < 81; i++) {
    int n = 0;
    for (int j = 0; j < 81; j++)
      n += j != i && p->cell[j] &&
           (nn_row(j) == nn_row(i) || nn_col(j) == nn_col(i) ||
            nn_box(j) == nn_box(i));
    cnt[i] = n;
  }
}

static void drop_peers(int cnt[81], int i) {
  for (int j = 0; j < 81; j++)
    cnt[j] -= j != i && (nn_row(j) == nn_row(i) || nn_col(j) == nn_col(i) ||
                         nn_box(j) == nn_box(i));
}

/* Policy RANDOM: two passes over the orbits in one random order: first
 * every orbit whose removal the cheap test allows (removing givens never
 * makes another cell forced, so one pass finds them all), then the
 * solver for the rest. Testing the cheap ones first saves a quarter of
 * the solver calls and gives puzzles with slightly fewer givens.
 * DENSE and SPARSE test next the orbit whose cells see the most (the
 * fewest) givens, ties in random order: DENSE gives about one given
 * fewer on average, SPARSE about one more, which helps searches for few
 * or many givens. */
void nonet__minimize(nonet__gen *g, nonet__puz *p, int policy,
                     nonet__alt_fn on_alt, void *alt_ctx) {
  uint8_t alt[81];
  uint8_t order[81];
  nonet__usets u;
  nonet__usets_find(&u, p->sol);
  int m = 0;
  for (int k = 0; k < g->orb.n; k++)
    if (p->cell[g->orb.cells[k][0]]) order[m++] = (uint8_t)k;
  for (int a = m - 1; a > 0; a--) {
    int b = (int)nonet_rng_below(&g->rng, (uint32_t)a + 1);
    uint8_t t = order[a];
    order[a] = order[b];
    order[b] = t;
  }
  if (policy == NONET__MIN_RANDOM) {
    int left = 0;
    for (int a = 0; a < m; a++)
      if (!cheap_removal(g, p, order[a])) order[left++] = order[a];
    for (int a = 0; a < left; a++) {
      int k = order[a];
      int r = needed(g, p, k, &u, on_alt ? alt : NULL, 0);
      if (r == 2) on_alt(alt_ctx, p, alt);
      if (!r)
        for (int t = 0; t < g->orb.size[k]; t++)
          nonet__puz_remove(p, g->orb.cells[k][t]);
    }
  } else {
    int cnt[81];
    count_peers(p, cnt);
    for (int left = m; left > 0; left--) {
      int best = 0, score = -1;
      for (int a = 0; a < left; a++) {
        int k = order[a], sc = 0;
        for (int t = 0; t < g->orb.size[k]; t++) sc += cnt[g->orb.cells[k][t]];
        sc = sc * 4 / g->orb.size[k];
        if (policy == NONET__MIN_SPARSE) sc = 1000 - sc;
        if (sc > score) score = sc, best = a;
      }
      int k = order[best];
      memmove(order + best, order + best + 1, (size_t)(left - best - 1));
      int r = needed(g, p, k, &u, on_alt ? alt : NULL, 1);
      if (r == 2) on_alt(alt_ctx, p, alt);
      if (!r)
        for (int t = 0; t < g->orb.size[k]; t++) {
          nonet__puz_remove(p, g->orb.cells[k][t]);
          drop_peers(cnt, g->orb.cells[k][t]);
        }
    }
  }
  g->n.minimized++;
}

int nonet__is_minimal(nonet__gen *g, nonet__puz *p) {
  for (int k = 0; k < g->orb.n; k++)
    if (p->cell[g->orb.cells[k][0]] &&
        !nonet__orbit_needed(g, p, k, NULL, NULL))
      return 0;
  return 1;
}

/* ---- random solution grids ------------------------------------------- */

/* Boxes 1, 5 and 9 share no row or column, so any filling of them
 * completes to a grid; the solver completes it, and a random isomorph
 * mixes the result. */
void nonet__random_grid(nonet__gen *g, uint8_t grid[81]) {
  uint8_t start[81];
  memset(start, 0, sizeof start);
  for (int b = 0; b < 9; b += 4) {
    uint8_t d[9];
    for (int k = 0; k < 9; k++) d[k] = (uint8_t)(k + 1);
    for (int a = 8; a > 0; a--) {
      int j = (int)nonet_rng_below(&g->rng, (uint32_t)a + 1);
      uint8_t t = d[a];
      d[a] = d[j];
      d[j] = t;
    }
    for (int k = 0; k < 9; k++) start[nn_box_cell(b, k)] = d[k];
  }
  g->n.solver_calls++;
  g->n.grids++;
  nonet__solve(start, grid, 1, NULL);
  nonet_random_isomorph(grid, grid, &g->rng);
}

/* A solution of the masks chosen at random: the solver takes digits in a
 * fixed order, so it solves a random relabelling and the result is
 * mapped back. Returns 0 when there is none. */
int nonet__random_solution(nonet__gen *g, const uint16_t allowed[81],
                           uint8_t out[81]) {
  uint8_t to[10], from[10];
  uint16_t in[81];
  for (int d = 1; d <= 9; d++) to[d] = (uint8_t)d;
  for (int a = 9; a > 1; a--) {
    int b = 1 + (int)nonet_rng_below(&g->rng, (uint32_t)a);
    uint8_t t = to[a];
    to[a] = to[b];
    to[b] = t;
  }
  for (int d = 1; d <= 9; d++) from[to[d]] = (uint8_t)d;
  for (int i = 0; i < 81; i++) {
    unsigned m = allowed[i], r = 0;
    while (m) {
      r |= 1u << (to[nn_ctz(m) + 1] - 1);
      m &= m - 1;
    }
    in[i] = (uint16_t)r;
  }
  g->n.solver_calls++;
  if (nonet__solve_masks(in, out, 1, NULL) < 1) return 0;
  for (int i = 0; i < 81; i++) out[i] = from[out[i]];
  return 1;
}

/* ---- options ----------------------------------------------------------- */

void nonet_gen_options_init(nonet_gen_options *o) {
  memset(o, 0, sizeof *o);
  o->symmetry = NONET_SYMMETRY_NONE;
  o->minimal = 1;
}

int nonet__clues_ok(const nonet_gen_options *o, int clues) {
  return (!o->min_clues || clues >= o->min_clues) &&
         (!o->max_clues || clues <= o->max_clues);
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

int nonet__gen_should_stop(nonet__gen *g) {
  if (g->stopped) return 1;
  if (!g->opt->stop) return 0;
  g->stopped = g->opt->stop(g->opt->stop_ctx) != 0;
  return g->stopped;
}

int nonet__gen_emit(nonet__gen *g, const nonet__puz *p, uint64_t job,
                    nonet_gen_emit_fn emit, void *ctx) {
  nonet_gen_puzzle out;
  memcpy(out.puzzle, p->cell, 81);
  memcpy(out.solution, p->sol, 81);
  out.clues = p->clues;
  out.symmetry = g->symmetry;
  out.job = job;
  if (g->opt->accept && !g->opt->accept(&out, g->opt->accept_ctx)) return 0;
  if (emit && emit(&out, ctx)) {
    g->stopped = 1;
    return -1;
  }
  return 1;
}

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
