/* test_generate.c: the generator API. Every puzzle generated is checked
 * with the independent references of tests/support: exactly one solution
 * (DLX count), the solution returned is that one, minimality (each given,
 * or with a symmetry each orbit, removed leaves several solutions), the
 * symmetry of the givens (maps written out again here), the clue bounds
 * and the pattern; and seeds must reproduce puzzles job by job. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include "nonet.h"
#include "support/ref.h"

/* ---- independent checks ----------------------------------------------- */

static int image(int sym, int i) {
  int r = i / 9, c = i % 9;
  switch (sym) {
  case NONET_SYMMETRY_ROT180:
    return (8 - r) * 9 + 8 - c;
  case NONET_SYMMETRY_ROT90:
    return c * 9 + 8 - r;
  case NONET_SYMMETRY_MIRROR:
    return r * 9 + 8 - c;
  case NONET_SYMMETRY_FLIP:
    return (8 - r) * 9 + c;
  case NONET_SYMMETRY_DIAGONAL:
    return c * 9 + r;
  case NONET_SYMMETRY_ANTIDIAGONAL:
    return (8 - c) * 9 + 8 - r;
  default:
    return i;
  }
}

static int ref_symmetric(const uint8_t *p, int sym) {
  for (int i = 0; i < 81; i++)
    if ((p[i] != 0) != (p[image(sym, i)] != 0)) return 0;
  return 1;
}

static int ref_minimal(const uint8_t *p, int sym) {
  uint8_t q[81];
  for (int i = 0; i < 81; i++) {
    if (!p[i]) continue;
    memcpy(q, p, 81);
    int j = i, first = 1;
    do {
      if (j < i) first = 0;
      q[j] = 0;
      j = image(sym, j);
    } while (j != i);
    if (first && ref_count(q, 2, NULL) != 2) return 0;
  }
  return 1;
}

/* ---- the options, as a plain struct the tests read back ---------------- */

/* What a test asks for; spec_build turns it into the library's opaque
 * options through the setters (NULL when a setter refuses a value). */
typedef struct spec {
  uint64_t seed;
  int symmetry, min_clues, max_clues, minimal, per_grid;
  const uint8_t *pattern;
  double timeout;
  nonet_gen_accept_fn accept;
  void *accept_ctx;
  nonet_gen_stop_fn stop;
  void *stop_ctx;
  int rating_min, rating_max, rating_mode;
} spec;

static void spec_init(spec *s) {
  memset(s, 0, sizeof *s);
  s->minimal = 1;
}

static nonet_gen_options *spec_build(const spec *s) {
  nonet_gen_options *o = nonet_gen_options_new();
  assert_non_null(o);
  if (nonet_gen_set_seed(o, s->seed) ||
      nonet_gen_set_symmetry(o, s->symmetry) ||
      nonet_gen_set_clues(o, s->min_clues, s->max_clues) ||
      nonet_gen_set_minimal(o, s->minimal) ||
      nonet_gen_set_per_grid(o, s->per_grid) ||
      nonet_gen_set_pattern(o, s->pattern) ||
      nonet_gen_set_timeout(o, s->timeout) ||
      nonet_gen_set_accept(o, s->accept, s->accept_ctx) ||
      nonet_gen_set_stop(o, s->stop, s->stop_ctx) ||
      nonet_gen_set_rating(o, s->rating_min, s->rating_max, s->rating_mode)) {
    nonet_gen_options_free(o);
    return NULL;
  }
  return o;
}

static int spec_check(const spec *s, char *err, size_t cap) {
  nonet_gen_options *o = spec_build(s);
  if (!o) {
    snprintf(err, cap, "a setter refused a value");
    return NONET_EINVAL;
  }
  int r = nonet_gen_check(o, err, cap);
  nonet_gen_options_free(o);
  return r;
}

static long spec_generate(const spec *s, long count, nonet_gen_emit_fn emit,
                          void *ctx, nonet_gen_stats *st) {
  nonet_gen_options *o = spec_build(s);
  if (!o) return NONET_EINVAL;
  long n = nonet_generate(o, count, emit, ctx, st);
  nonet_gen_options_free(o);
  return n;
}

static long spec_job(const spec *s, uint64_t job, nonet_gen_emit_fn emit,
                     void *ctx, nonet_gen_stats *st) {
  nonet_gen_options *o = spec_build(s);
  if (!o) return NONET_EINVAL;
  long n = nonet_generate_job(o, job, emit, ctx, st);
  nonet_gen_options_free(o);
  return n;
}

typedef struct collected {
  nonet_gen_puzzle *p;
  long n, cap;
} collected;

static int collect(const nonet_gen_puzzle *p, void *ctx) {
  collected *c = ctx;
  if (c->n == c->cap) {
    c->cap = c->cap ? 2 * c->cap : 64;
    c->p = realloc(c->p, (size_t)c->cap * sizeof *c->p);
    assert_non_null(c->p);
  }
  c->p[c->n++] = *p;
  return 0;
}

/* The checks every generated puzzle must pass. */
static void check_puzzle(const nonet_gen_puzzle *g, const spec *o) {
  uint8_t sol[81];
  int clues = 0;
  for (int i = 0; i < 81; i++) clues += g->puzzle[i] != 0;
  assert_int_equal(clues, g->clues);
  assert_int_equal(ref_count(g->puzzle, 2, sol), 1);
  assert_true(ref_is_solution(g->puzzle, g->solution));
  assert_memory_equal(sol, g->solution, 81);
  if (o->min_clues) assert_true(clues >= o->min_clues);
  if (o->max_clues) assert_true(clues <= o->max_clues);
  int sym = g->symmetry;
  if (o->symmetry == NONET_SYMMETRY_RANDOM) {
    assert_true(sym >= NONET_SYMMETRY_ROT180 &&
                sym <= NONET_SYMMETRY_ANTIDIAGONAL);
  } else {
    assert_int_equal(sym, o->symmetry);
  }
  assert_true(ref_symmetric(g->puzzle, sym));
  if (o->pattern)
    for (int i = 0; i < 81; i++)
      assert_int_equal(g->puzzle[i] != 0, o->pattern[i] != 0);
  if (o->minimal) assert_true(ref_minimal(g->puzzle, sym));
}

static void check_distinct(const collected *c) {
  for (long a = 0; a < c->n; a++)
    for (long b = a + 1; b < c->n; b++)
      assert_memory_not_equal(c->p[a].puzzle, c->p[b].puzzle, 81);
}

static collected run(const spec *o, long count) {
  collected c = {NULL, 0, 0};
  nonet_gen_stats st;
  memset(&st, 0, sizeof st);
  long n = spec_generate(o, count, collect, &c, &st);
  assert_int_equal(n, count);
  assert_int_equal(c.n, count);
  assert_int_equal(st.timed_out, 0);
  for (long k = 0; k < c.n; k++) check_puzzle(&c.p[k], o);
  check_distinct(&c);
  return c;
}

/* ---- tests -----------------------------------------------------------------
 */

static void test_plain(void **state) {
  (void)state;
  spec o;
  spec_init(&o);
  o.seed = 11;
  collected c = run(&o, 300);
  /* minimal puzzles from random grids have 20 to 30 givens, mostly 22-27 */
  long sum = 0;
  for (long k = 0; k < c.n; k++) sum += c.p[k].clues;
  assert_true(sum > 22 * c.n && sum < 27 * c.n);
  free(c.p);
}

static void test_symmetries(void **state) {
  (void)state;
  for (int sym = NONET_SYMMETRY_ROT180; sym <= NONET_SYMMETRY_RANDOM; sym++) {
    spec o;
    spec_init(&o);
    o.seed = 100 + (uint64_t)sym;
    o.symmetry = sym;
    collected c = run(&o, 30);
    if (sym == NONET_SYMMETRY_RANDOM) {
      int kinds = 0, seen[8] = {0};
      for (long k = 0; k < c.n; k++)
        if (!seen[c.p[k].symmetry]++) kinds++;
      assert_true(kinds >= 3);
    }
    free(c.p);
  }
}

static void test_clue_bounds(void **state) {
  (void)state;
  struct {
    int lo, hi, sym, minimal;
    long n;
  } cases[] = {
      {0, 22, NONET_SYMMETRY_NONE, 1, 20},
      {24, 24, NONET_SYMMETRY_NONE, 1, 20},
      {27, 0, NONET_SYMMETRY_NONE, 1, 5},
      {0, 24, NONET_SYMMETRY_ROT180, 1, 10},
      {21, 21, NONET_SYMMETRY_DIAGONAL, 1, 3},
      {35, 35, NONET_SYMMETRY_NONE, 0, 20},
      {30, 32, NONET_SYMMETRY_ROT90, 0, 5},
  };
  for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
    spec o;
    spec_init(&o);
    o.seed = 7 + k;
    o.min_clues = cases[k].lo;
    o.max_clues = cases[k].hi;
    o.symmetry = cases[k].sym;
    o.minimal = cases[k].minimal;
    o.timeout = 120;
    collected c = run(&o, cases[k].n);
    free(c.p);
  }
}

static void test_per_grid(void **state) {
  (void)state;
  spec o;
  spec_init(&o);
  o.seed = 5;
  o.max_clues = 22;
  o.per_grid = 2;
  collected c = run(&o, 30);
  for (long a = 0; a < c.n; a++) {
    int same = 0;
    for (long b = 0; b < c.n; b++)
      same += memcmp(c.p[a].solution, c.p[b].solution, 81) == 0;
    assert_true(same <= 2);
  }
  free(c.p);
}

/* A 23-given pattern (the positions of a minimal puzzle). */
static const char pattern23[] = "..x.x.....x....x....xxx..x.x..xx.x.......x..."
                                "x.x.........x..x....x...x.x.x..xx...";

static void test_pattern(void **state) {
  (void)state;
  uint8_t mask[81];
  char err[NONET_MESSAGE_MAX];
  assert_int_equal(strlen(pattern23), 81);
  assert_int_equal(nonet_pattern_parse(pattern23, 81, mask, err, sizeof err),
                   NONET_OK);
  int n = 0;
  for (int i = 0; i < 81; i++) n += mask[i];
  assert_int_equal(n, 23);
  spec o;
  spec_init(&o);
  o.seed = 3;
  o.pattern = mask;
  o.timeout = 120;
  collected c = run(&o, 3);
  free(c.p);
  /* the same with a symmetric pattern and its symmetry declared */
  /* 28 givens with rot90 symmetry */
  static const char rot[] = "xx..xx..x......x.x.xx...x..x...x....x..x.x..x...."
                            "x...x..x...xx.x.x......x..xx..xx";
  assert_int_equal(nonet_pattern_parse(rot, 81, mask, err, sizeof err),
                   NONET_OK);
  o.symmetry = NONET_SYMMETRY_ROT90;
  c = run(&o, 2);
  free(c.p);
}

static void test_seeds_and_jobs(void **state) {
  (void)state;
  spec o;
  spec_init(&o);
  o.seed = 2024;
  collected a = run(&o, 40), b = run(&o, 40);
  for (long k = 0; k < 40; k++) {
    assert_memory_equal(a.p[k].puzzle, b.p[k].puzzle, 81);
    assert_true(a.p[k].job == (uint64_t)k);
  }
  /* job k alone gives the k-th puzzle: what lets threads share the work */
  for (uint64_t j = 0; j < 40; j += 7) {
    collected c = {NULL, 0, 0};
    assert_int_equal(spec_job(&o, j, collect, &c, NULL), 1);
    assert_memory_equal(c.p[0].puzzle, a.p[j].puzzle, 81);
    free(c.p);
  }
  o.seed = 2025;
  collected d = run(&o, 40);
  int same = 0;
  for (long k = 0; k < 40; k++)
    same += !memcmp(a.p[k].puzzle, d.p[k].puzzle, 81);
  assert_int_equal(same, 0);
  free(a.p);
  free(b.p);
  free(d.p);
  /* a clue-bound job, twice */
  spec_init(&o);
  o.seed = 9;
  o.max_clues = 22;
  collected e = {NULL, 0, 0}, f = {NULL, 0, 0};
  long ne = spec_job(&o, 3, collect, &e, NULL);
  long nf = spec_job(&o, 3, collect, &f, NULL);
  assert_true(ne > 0);
  assert_int_equal(ne, nf);
  for (long k = 0; k < ne; k++) {
    assert_memory_equal(e.p[k].puzzle, f.p[k].puzzle, 81);
    check_puzzle(&e.p[k], &o);
  }
  free(e.p);
  free(f.p);
}

static void test_bad_options(void **state) {
  (void)state;
  char err[200];
  spec o;
  struct {
    int lo, hi, sym, minimal;
    const char *want;
  } cases[] = {
      {12, 12, 0, 1, "17 is the fewest"},
      {0, 10, 0, 1, "17 is the fewest"},
      {25, 20, 0, 1, "contradictory"},
      {41, 0, 0, 1, "40 is the most"},
      {22, 22, NONET_SYMMETRY_ROT90, 1, "4k or 4k+1"},
      {-1, 0, 0, 1, "refused"}, /* nonet_gen_set_clues */
      {0, 0, 9, 1, "refused"},  /* nonet_gen_set_symmetry */
      {0, 0, 0, 2, "refused"},  /* nonet_gen_set_minimal: 0 or 1 */
  };
  for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
    spec_init(&o);
    o.min_clues = cases[k].lo;
    o.max_clues = cases[k].hi;
    o.symmetry = cases[k].sym;
    o.minimal = cases[k].minimal;
    err[0] = 0;
    assert_int_equal(spec_check(&o, err, sizeof err), NONET_EINVAL);
    assert_non_null(strstr(err, cases[k].want));
    assert_int_equal(spec_generate(&o, 1, NULL, NULL, NULL), NONET_EINVAL);
    assert_int_equal(spec_job(&o, 0, NULL, NULL, NULL), NONET_EINVAL);
  }
  /* patterns that cannot work */
  uint8_t m[81];
  spec_init(&o);
  o.pattern = m;
  memset(m, 0, 81);
  for (int i = 0; i < 16; i++) m[i * 5] = 1;
  assert_int_equal(spec_check(&o, err, sizeof err), NONET_EINVAL);
  assert_non_null(strstr(err, "16 givens"));
  memset(m, 1, 81);
  memset(m + 27, 0, 18); /* rows 4 and 5 empty */
  o.minimal = 0;
  assert_int_equal(spec_check(&o, err, sizeof err), NONET_EINVAL);
  assert_non_null(strstr(err, "rows 4 and 5"));
  memset(m, 0, 81);
  for (int i = 0; i < 30; i++) m[(i * 7) % 81] = 1;
  for (int r = 0; r < 9; r++) m[r * 9 + 1] = m[r * 9 + 2] = 0; /* cols 2, 3 */
  assert_int_equal(spec_check(&o, err, sizeof err), NONET_EINVAL);
  assert_non_null(strstr(err, "columns 2 and 3"));
  uint8_t mask[81];
  assert_int_equal(nonet_pattern_parse(pattern23, 81, mask, err, sizeof err),
                   NONET_OK);
  o.pattern = mask;
  o.symmetry = NONET_SYMMETRY_ROT180;
  assert_int_equal(spec_check(&o, err, sizeof err), NONET_EINVAL);
  assert_non_null(strstr(err, "does not have rot180"));
  o.symmetry = NONET_SYMMETRY_NONE;
  o.max_clues = 22;
  assert_int_equal(spec_check(&o, err, sizeof err), NONET_EINVAL);
  assert_non_null(strstr(err, "outside the clue bounds"));
}

static int stop_after(void *ctx) { return --*(int *)ctx < 0; }

static void test_timeout_and_stop(void **state) {
  (void)state;
  /* a 17-given pattern that passes the checks: the search runs until the
   * timeout and says so */
  uint8_t m[81];
  memset(m, 0, 81);
  static const int cells[17] = {0, 10, 20, 30, 40, 50, 60, 70, 80,
                                4, 36, 44, 76, 8,  72, 14, 66};
  for (int k = 0; k < 17; k++) m[cells[k]] = 1;
  spec o;
  spec_init(&o);
  o.pattern = m;
  o.timeout = 0.5;
  nonet_gen_stats st;
  memset(&st, 0, sizeof st);
  struct timespec t0, t1;
  timespec_get(&t0, TIME_UTC);
  collected c = {NULL, 0, 0};
  long n = spec_generate(&o, 1, collect, &c, &st);
  timespec_get(&t1, TIME_UTC);
  double dt =
      (double)(t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) * 1e-9;
  assert_true(n == 0 || n == 1);
  if (n == 0) assert_int_equal(st.timed_out, 1);
  for (long k = 0; k < c.n; k++) check_puzzle(&c.p[k], &o);
  free(c.p);
  assert_true(dt < 5.0);
  /* the stop hook ends a clue-bound search early */
  spec_init(&o);
  o.max_clues = 17;
  int polls = 50;
  o.stop = stop_after;
  o.stop_ctx = &polls;
  memset(&st, 0, sizeof st);
  n = spec_generate(&o, 1, NULL, NULL, &st);
  assert_true(n == 0 || n == 1);
  assert_int_equal(st.stopped, 1);
}

static int odd_only(const nonet_gen_puzzle *p, void *ctx) {
  (void)ctx;
  return p->clues % 2;
}

static void test_accept_hook(void **state) {
  (void)state;
  spec o;
  spec_init(&o);
  o.seed = 77;
  o.accept = odd_only;
  collected c = run(&o, 50);
  for (long k = 0; k < c.n; k++) assert_int_equal(c.p[k].clues % 2, 1);
  free(c.p);
}

static void test_pattern_parse(void **state) {
  (void)state;
  uint8_t m[81];
  char err[NONET_MESSAGE_MAX];
  const char *grid = "# a comment\n"
                     "x . . | 1 0 0 | . . X\n"
                     ". . . | . . . | . . .\n"
                     "------+-------+------\n"
                     "9 . . | . . . | . . .\n"
                     ". . . | . . . | . . .\n"
                     ". . . | . x . | . . .\n"
                     ". . . | . . . | . . .\n"
                     ". . . | . . . | . . .\n"
                     ". . . | . . . | . . .\n"
                     ". . . | . . . | . . x\n\n";
  assert_int_equal(nonet_pattern_parse(grid, strlen(grid), m, err, sizeof err),
                   NONET_OK);
  int n = 0;
  for (int i = 0; i < 81; i++) n += m[i];
  assert_int_equal(n, 6);
  assert_true(m[0] && m[3] && m[8] && m[18] && m[40] && m[80]);
  struct {
    const char *text, *want;
  } bad[] = {
      {"x.......\n", "line 1: 8 cells"},
      {"x........\n.........\n", "only 2 rows"},
      {"x........\n....?....\n", "line 2: '?' at column 5"},
      {"", "no pattern rows"},
      {"x........\n.........\n.........\n.........\n.........\n.........\n"
       ".........\n.........\n.........\nx........\n",
       "line 10: more than 9 rows"},
  };
  for (size_t k = 0; k < sizeof bad / sizeof *bad; k++) {
    err[0] = 0;
    assert_int_equal(nonet_pattern_parse(bad[k].text, strlen(bad[k].text), m,
                                         err, sizeof err),
                     NONET_EPARSE);
    assert_non_null(strstr(err, bad[k].want));
  }
}

static void test_symmetry_api(void **state) {
  (void)state;
  for (int s = 0; s <= NONET_SYMMETRY_RANDOM; s++)
    assert_int_equal(nonet_symmetry_from_name(nonet_symmetry_name(s)), s);
  assert_int_equal(nonet_symmetry_from_name("spiral"), NONET_EINVAL);
  int out[4];
  assert_int_equal(nonet_symmetry_orbit(NONET_SYMMETRY_ROT90, 40, out), 1);
  assert_int_equal(nonet_symmetry_orbit(NONET_SYMMETRY_ROT90, 0, out), 4);
  assert_int_equal(out[0], 0);
  assert_int_equal(out[1], 8);
  assert_int_equal(out[2], 72);
  assert_int_equal(out[3], 80);
  assert_int_equal(nonet_symmetry_orbit(NONET_SYMMETRY_DIAGONAL, 10, out), 1);
  assert_int_equal(nonet_symmetry_orbit(NONET_SYMMETRY_MIRROR, 1, out), 2);
  assert_int_equal(out[1], 7);
  assert_int_equal(nonet_symmetry_orbit(NONET_SYMMETRY_RANDOM, 1, out),
                   NONET_EINVAL);
  assert_int_equal(nonet_symmetry_orbit(NONET_SYMMETRY_NONE, 81, out),
                   NONET_EINVAL);
  uint8_t g[81] = {0};
  g[0] = g[80] = 1;
  assert_int_equal(nonet_grid_has_symmetry(g, NONET_SYMMETRY_ROT180), 1);
  assert_int_equal(nonet_grid_has_symmetry(g, NONET_SYMMETRY_MIRROR), 0);
  for (int s = NONET_SYMMETRY_ROT180; s < NONET_SYMMETRY_RANDOM; s++) {
    /* every orbit the library gives agrees with the maps above */
    for (int i = 0; i < 81; i++) {
      int n = nonet_symmetry_orbit(s, i, out), j = i, len = 0;
      do {
        int hit = 0;
        for (int t = 0; t < n; t++) hit |= out[t] == j;
        assert_true(hit);
        j = image(s, j);
        len++;
      } while (j != i);
      assert_int_equal(len, n);
    }
  }
}

/* ---- rating bands ---------------------------------------------------------
 */

/* Every puzzle of a rating band: the checks above, and nonet_rate run
 * again here puts it inside the band with the rating reported. */
static void check_rated(const collected *c, const spec *o) {
  for (long k = 0; k < c->n; k++) {
    nonet_rating r;
    assert_int_equal(nonet_rate(c->p[k].puzzle, &r), NONET_OK);
    if (o->rating_min) assert_true(r.er >= o->rating_min);
    if (o->rating_max) assert_true(r.er <= o->rating_max);
    assert_int_equal(r.er, c->p[k].er);
    assert_int_equal(r.ep, c->p[k].ep);
    assert_int_equal(r.ed, c->p[k].ed);
  }
}

static void test_rating_levels(void **state) {
  (void)state;
  /* the levels of nonet_rating_level, steered */
  static const int band[5][3] = {
      {0, 19, 12}, {20, 29, 10}, {30, 49, 6}, {50, 69, 4}, {70, 0, 4}};
  for (int l = 0; l < 5; l++) {
    spec o;
    spec_init(&o);
    o.seed = 100 + (uint64_t)l;
    o.rating_min = band[l][0];
    o.rating_max = band[l][1];
    collected c = run(&o, band[l][2]);
    check_rated(&c, &o);
    for (long k = 0; k < c.n; k++)
      assert_int_equal(nonet_rating_level_of(c.p[k].er), l);
    free(c.p);
  }
}

static void test_rating_hard_band(void **state) {
  (void)state;
  spec o;
  spec_init(&o);
  o.seed = 7;
  o.rating_min = 80;
  collected c = run(&o, 2);
  check_rated(&c, &o);
  free(c.p);
  /* a narrow band, exactly one value */
  o.seed = 8;
  o.rating_min = o.rating_max = 42;
  c = run(&o, 2);
  check_rated(&c, &o);
  free(c.p);
}

static void test_rating_combined(void **state) {
  (void)state;
  spec o;
  spec_init(&o);
  /* symmetry: the walk moves whole orbits */
  o.seed = 21;
  o.symmetry = NONET_SYMMETRY_ROT180;
  o.rating_min = 30;
  o.rating_max = 49;
  collected c = run(&o, 3);
  check_rated(&c, &o);
  free(c.p);
  o.symmetry = NONET_SYMMETRY_RANDOM;
  o.rating_min = 70;
  o.rating_max = 0;
  c = run(&o, 2);
  check_rated(&c, &o);
  free(c.p);
  /* clue bounds: the band filters the pool search's puzzles */
  spec_init(&o);
  o.seed = 22;
  o.max_clues = 23;
  o.rating_min = 20;
  o.rating_max = 29;
  c = run(&o, 3);
  check_rated(&c, &o);
  free(c.p);
  /* filtering instead of steering: the same guarantees */
  spec_init(&o);
  o.seed = 23;
  o.rating_mode = NONET_GEN_RATING_FILTER;
  o.rating_min = 50;
  o.rating_max = 69;
  c = run(&o, 3);
  check_rated(&c, &o);
  free(c.p);
}

static void test_rating_reproducible(void **state) {
  (void)state;
  spec o;
  spec_init(&o);
  o.seed = 31;
  o.rating_min = 30;
  o.rating_max = 49;
  collected a = run(&o, 5), b = run(&o, 5);
  for (long k = 0; k < 5; k++)
    assert_memory_equal(a.p[k].puzzle, b.p[k].puzzle, 81);
  /* each puzzle is its job's alone: threads may run the jobs */
  for (long k = 0; k < 5; k++) {
    collected c = {NULL, 0, 0};
    assert_int_equal(spec_job(&o, a.p[k].job, collect, &c, NULL), 1);
    assert_memory_equal(c.p[0].puzzle, a.p[k].puzzle, 81);
    free(c.p);
  }
  free(a.p);
  free(b.p);
}

static void test_rating_bad_options(void **state) {
  (void)state;
  spec o;
  char err[200];
  spec_init(&o);
  o.rating_min = 50;
  o.rating_max = 30;
  assert_int_equal(spec_check(&o, err, sizeof err), NONET_EINVAL);
  assert_non_null(strstr(err, "contradictory rating bounds"));
  spec_init(&o);
  o.rating_min = 120;
  assert_int_equal(spec_check(&o, err, sizeof err), NONET_EINVAL);
  assert_non_null(strstr(err, "11.9"));
  spec_init(&o);
  o.rating_max = 5;
  assert_int_equal(spec_check(&o, err, sizeof err), NONET_EINVAL);
  assert_non_null(strstr(err, "below 1.0"));
  spec_init(&o);
  o.rating_min = -1;
  assert_int_equal(spec_check(&o, err, sizeof err), NONET_EINVAL);
  spec_init(&o);
  o.rating_min = 30;
  o.rating_mode = 5;
  assert_int_equal(spec_check(&o, err, sizeof err), NONET_EINVAL);
  assert_int_equal(spec_generate(&o, 1, collect, NULL, NULL), NONET_EINVAL);
  /* an unreachable band in practice: the timeout ends it */
  spec_init(&o);
  o.seed = 1;
  o.rating_min = 115;
  o.timeout = 0.5;
  nonet_gen_stats st;
  memset(&st, 0, sizeof st);
  collected c = {NULL, 0, 0};
  long n = spec_generate(&o, 1, collect, &c, &st);
  assert_true(n == 0 || n == 1);
  if (n == 0) assert_int_equal(st.timed_out, 1);
  check_rated(&c, &o);
  assert_true(st.ratings > 0);
  free(c.p);
}

/* The options by name, as every front end sets them: values, the messages
 * of bad values and combinations, the description, copies. */
static int parse(nonet_gen_options *o, const char *name, const char *value,
                 char *err) {
  err[0] = 0;
  return nonet_gen_options_parse(o, name, value, err, 200);
}

static void test_options_by_name(void **state) {
  (void)state;
  char err[200], d[200];
  nonet_gen_options *o = nonet_gen_options_new();
  assert_non_null(o);
  assert_int_equal(nonet_gen_has_seed(o), 0);
  assert_int_equal(nonet_gen_is_search(o), 0);
  assert_true(nonet_gen_search_timeout(o) == 0.0); /* not a search: none */
  assert_true(nonet_gen_search_timeout(NULL) == 0.0);
  assert_int_equal(parse(o, "seed", "18446744073709551615", err), NONET_OK);
  assert_true(nonet_gen_get_seed(o) == UINT64_MAX);
  assert_int_equal(nonet_gen_has_seed(o), 1);
  assert_int_equal(parse(o, "seed", "-1", err), NONET_EINVAL);
  assert_string_equal(err, "--seed needs a whole number from 0 to "
                           "18446744073709551615, not '-1'");
  assert_int_equal(parse(o, "symmetry", "spiral", err), NONET_EINVAL);
  assert_non_null(strstr(err, "unknown symmetry 'spiral'"));
  assert_int_equal(parse(o, "symmetry", "rot180", err), NONET_OK);
  assert_int_equal(parse(o, "max-clues", "82", err), NONET_EINVAL);
  assert_string_equal(
      err, "--max-clues needs a whole number from 0 to 81, not '82'");
  assert_int_equal(parse(o, "max-clues", "24", err), NONET_OK);
  assert_int_equal(nonet_gen_is_search(o), 1);
  assert_true(nonet_gen_search_timeout(o) == 120.0);
  assert_int_equal(nonet_gen_has_timeout(o), 0); /* the default is not set */
  assert_int_equal(parse(o, "level", "HARD", err), NONET_OK);
  nonet_gen_describe(o, 1, d, sizeof d);
  assert_string_equal(d, "minimal puzzles with at most 24 givens of level HARD "
                         "and rot180 symmetry");
  assert_int_equal(nonet_gen_check(o, err, sizeof err), NONET_OK);
  assert_int_equal(parse(o, "rating", "5-3", err), NONET_EINVAL);
  assert_string_equal(err, "--rating 5-3: the lower bound is above the upper "
                           "bound");
  assert_int_equal(parse(o, "rating", "abc", err), NONET_EINVAL);
  assert_non_null(strstr(err, "not 'abc'"));
  assert_int_equal(parse(o, "rating", "7.0-", err), NONET_OK);
  assert_int_equal(nonet_gen_check(o, err, sizeof err), NONET_EINVAL);
  assert_string_equal(err, "--rating and --level cannot be combined");
  assert_int_equal(parse(o, "level", "impossible", err), NONET_EINVAL);
  assert_non_null(strstr(err, "unknown level 'impossible'"));
  assert_int_equal(parse(o, "timeout", "x", err), NONET_EINVAL);
  assert_int_equal(parse(o, "timeout", "2.5", err), NONET_OK);
  assert_true(nonet_gen_get_timeout(o) == 2.5);
  assert_int_equal(nonet_gen_has_timeout(o), 1);
  /* the setter has the option's bounds */
  assert_int_equal(nonet_gen_set_timeout(o, 2e9), NONET_EINVAL);
  assert_int_equal(nonet_gen_set_timeout(o, -1), NONET_EINVAL);
  assert_int_equal(nonet_gen_set_timeout(o, 1e9), NONET_OK);
  assert_true(nonet_gen_get_timeout(o) == 1e9);
  assert_int_equal(parse(o, "colour", "red", err), NONET_EINVAL);
  assert_string_equal(err, "unknown option 'colour'");
  nonet_gen_options_free(o);

  /* combinations */
  o = nonet_gen_options_new();
  assert_int_equal(parse(o, "clues", "24", err), NONET_OK);
  assert_int_equal(parse(o, "min-clues", "20", err), NONET_OK);
  assert_int_equal(nonet_gen_check(o, err, sizeof err), NONET_EINVAL);
  assert_string_equal(err, "--clues cannot be combined with --min-clues or "
                           "--max-clues");
  nonet_gen_options_free(o);
  o = nonet_gen_options_new();
  assert_int_equal(parse(o, "filter", NULL, err), NONET_OK);
  assert_int_equal(nonet_gen_check(o, err, sizeof err), NONET_EINVAL);
  assert_string_equal(err, "--filter needs --rating or --level");
  nonet_gen_options_free(o);
  o = nonet_gen_options_new();
  assert_int_equal(parse(o, "max-clues", "0", err), NONET_OK);
  assert_int_equal(nonet_gen_check(o, err, sizeof err), NONET_EINVAL);
  assert_non_null(strstr(err, "at most 0 givens"));
  nonet_gen_options_free(o);

  /* a pattern by text; a copy keeps its own pattern */
  o = nonet_gen_options_new();
  assert_int_equal(parse(o, "pattern", "x.x\n", err), NONET_EINVAL);
  assert_non_null(strstr(err, "a pattern row has 9"));
  const char *text = "xxxxxxxxx\nxxxxxxxxx\nxxxxxxxxx\n.........\n"
                     ".........\n.........\n.........\n.........\n"
                     "........x\n";
  assert_int_equal(parse(o, "pattern", text, err), NONET_OK);
  assert_int_equal(parse(o, "no-minimal", NULL, err), NONET_OK);
  nonet_gen_options *c = nonet_gen_options_copy(o);
  assert_non_null(c);
  nonet_gen_options_free(o); /* the copy must not point into it */
  assert_int_equal(nonet_gen_check(c, err, sizeof err), NONET_EINVAL);
  assert_non_null(strstr(err, "rows 4 and 5 empty"));
  nonet_gen_describe(c, 0, d, sizeof d);
  assert_string_equal(d, "puzzle with the givens of the pattern");
  nonet_gen_options_free(c);
  nonet_gen_options_free(NULL);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_plain),
      cmocka_unit_test(test_symmetries),
      cmocka_unit_test(test_clue_bounds),
      cmocka_unit_test(test_per_grid),
      cmocka_unit_test(test_pattern),
      cmocka_unit_test(test_seeds_and_jobs),
      cmocka_unit_test(test_bad_options),
      cmocka_unit_test(test_timeout_and_stop),
      cmocka_unit_test(test_accept_hook),
      cmocka_unit_test(test_pattern_parse),
      cmocka_unit_test(test_symmetry_api),
      cmocka_unit_test(test_rating_levels),
      cmocka_unit_test(test_rating_hard_band),
      cmocka_unit_test(test_rating_combined),
      cmocka_unit_test(test_rating_reproducible),
      cmocka_unit_test(test_rating_bad_options),
      cmocka_unit_test(test_options_by_name),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
