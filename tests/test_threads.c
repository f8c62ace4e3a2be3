/* test_threads.c: the library from several threads at once. The header
 * promises no global mutable state: any entry point may run on any thread
 * at the same time as any other, each call on its own buffers and states,
 * and objects passed as const (generator options, variant rules) may be
 * shared. Four threads here run the same work at once (classic and
 * variant generation from a seed, solving and counting, Sudoku Explainer
 * ratings, logic paths with their texts, true candidates) on shared
 * options and rules, and each thread's transcript of what it got must be
 * byte for byte the one the same work wrote alone first. That run alone
 * is checked against the independent referees of tests/support (DLX
 * counts, rule checkers). And a search is stopped from another thread,
 * as a Cancel button does. Built with ThreadSanitizer (`make tsan`), a
 * data race anywhere on these paths fails the run. NONET_TEST_SHOW=1
 * prints the reference transcript. */
#define _POSIX_C_SOURCE 200809L /* pthread barriers */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include "nonet.h"
#include "support/ref.h"
#include "support/vref.h"

#define THREADS 4
#define ROUNDS 2
#define CLASSIC 3 /* classic puzzles generated per round */
#define VJOBS 2   /* variant jobs per kind */
#define LOG_CAP (1 << 20)

/* What a run of the work wrote down; compared byte for byte. */
typedef struct log {
  char *buf;
  size_t len;
  int overflow;
} log;

static void say(log *l, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  size_t room = LOG_CAP - l->len;
  int n = vsnprintf(l->buf + l->len, room, fmt, ap);
  va_end(ap);
  if (n < 0 || (size_t)n >= room)
    l->overflow = 1;
  else
    l->len += (size_t)n;
}

static void say_cells(log *l, const uint8_t *cells, int n) {
  for (int c = 0; c < n; c++)
    say(l, "%c", "0123456789ABCDEFGHIJKLMNOP"[cells[c]]);
  say(l, "\n");
}

/* The shared, read-only inputs: options made once, used by every thread. */
static nonet_gen_options *classic_opts;
static const char *const variant_kinds[][2] = {
    {"size", "6"},    /* 6x6 killer, cages only */
    {"jigsaw", NULL}, /* 9x9 jigsaw, random regions */
    {"constraints", "anti-knight,diagonals"},
};
#define VKINDS (sizeof variant_kinds / sizeof variant_kinds[0])
static nonet_variant_gen *variant_opts[VKINDS];
/* 6x6 puzzles of level Medium, by the level generator's own driver */
static nonet_variant_gen *level_opts;
/* rules read from the reference run's puzzles, shared by the threads */
static nonet_variant *shared_rules[VKINDS][VJOBS];
static uint8_t shared_givens[VKINDS][VJOBS][NONET_VARIANT_MAX_CELLS];

typedef struct classic_got {
  uint8_t puzzle[CLASSIC][81], solution[CLASSIC][81];
  int n;
} classic_got;

static int keep_classic(const nonet_gen_puzzle *p, void *ctx) {
  classic_got *g = ctx;
  if (g->n < CLASSIC) {
    memcpy(g->puzzle[g->n], p->puzzle, 81);
    memcpy(g->solution[g->n], p->solution, 81);
    g->n++;
  }
  return 0;
}

static int log_step(const nonet_logic_state *s, const nonet_step *step,
                    void *ctx) {
  char text[2048];
  (void)s;
  nonet_step_text(step, NONET_TEXT_NOTATION, text, sizeof text);
  say(ctx, "  %s\n", text);
  return 0;
}

static int log_vstep(const nonet_vlogic_state *s, const nonet_vstep *step,
                     void *ctx) {
  char text[4096];
  (void)s;
  nonet_vstep_text(step, NONET_TEXT_NOTATION, text, sizeof text);
  say(ctx, "  %s\n", text);
  return 0;
}

/* Classic: puzzles from the shared options, each solved, counted, rated
 * and explained. */
static void classic_work(log *l, classic_got *g) {
  memset(g, 0, sizeof *g);
  nonet_gen_stats st;
  memset(&st, 0, sizeof st);
  long made = nonet_generate(classic_opts, CLASSIC, keep_classic, g, &st);
  say(l, "classic made %ld\n", made);
  for (int i = 0; i < g->n; i++) {
    uint8_t sol[81];
    say_cells(l, g->puzzle[i], 81);
    long count = nonet_solve(g->puzzle[i], sol, 2, NULL);
    say(l, "count %ld\n", count);
    say_cells(l, sol, 81);
    nonet_rating r;
    int rc = nonet_rate(g->puzzle[i], &r);
    say(l, "rate %d er %d ep %d ed %d %s\n", rc, r.er, r.ep, r.ed, r.technique);
    nonet_logic_state s;
    nonet_logic_result res;
    nonet_logic_init(&s, g->puzzle[i]);
    int solved = nonet_logic_solve(&s, NULL, log_step, l, &res);
    say(l, "path %d steps %d\n", solved, res.steps);
  }
}

typedef struct variant_got {
  char json[VKINDS][VJOBS][16384];
} variant_got;

typedef struct emit_ctx {
  char *json;
  size_t cap;
} emit_ctx;

static int keep_variant(const nonet_variant_puzzle *p, void *ctx) {
  emit_ctx *e = ctx;
  nonet_variant_format(p->variant, p->puzzle, p->solution, NONET_FORMAT_JSON, 0,
                       e->json, e->cap);
  return 0;
}

/* Variants: puzzles from the shared options (as JSON with their
 * solutions), then, on the shared rules, solved, counted, their true
 * candidates and a logic path. */
static void variant_work(log *l, variant_got *g) {
  for (size_t k = 0; k < VKINDS; k++)
    for (int j = 0; j < VJOBS; j++) {
      emit_ctx e = {g->json[k][j], sizeof g->json[k][j]};
      e.json[0] = 0;
      nonet_gen_stats st;
      memset(&st, 0, sizeof st);
      long made = nonet_variant_generate_job(variant_opts[k], (uint64_t)j,
                                             keep_variant, &e, &st);
      say(l, "variant %zu job %d made %ld\n%s\n", k, j, made, e.json);
      const nonet_variant *v = shared_rules[k][j];
      int n = nonet_variant_size(v), nc = n * n;
      uint8_t sol[NONET_VARIANT_MAX_CELLS];
      uint32_t cand[NONET_VARIANT_MAX_CELLS];
      long count = nonet_variant_solve(v, shared_givens[k][j], sol, 2, NULL);
      say(l, "count %ld\n", count);
      say_cells(l, sol, nc);
      int tc = nonet_variant_true_candidates(v, shared_givens[k][j], cand);
      say(l, "true candidates %d:", tc);
      for (int c = 0; c < nc; c++) say(l, " %x", (unsigned)cand[c]);
      say(l, "\n");
      nonet_vlogic_state *s = malloc(sizeof *s);
      if (!s) { /* (no cmocka assert off the main thread) */
        say(l, "out of memory\n");
        continue;
      }
      nonet_vlogic_result res;
      nonet_vlogic_init(s, v, shared_givens[k][j]);
      int solved = nonet_vlogic_solve(s, NULL, log_vstep, l, &res);
      say(l, "path %d steps %d trial %d level %d\n", solved, res.steps,
          res.trial, (int)res.level);
      free(s);
    }
}

static int log_level(const nonet_variant_puzzle *p, void *ctx) {
  say(ctx, "level puzzle, %d givens: ", p->clues);
  say_cells(ctx, p->puzzle, p->size * p->size);
  return 0;
}

static void work(log *l, classic_got *cg, variant_got *vg) {
  l->len = 0;
  l->overflow = 0;
  classic_work(l, cg);
  variant_work(l, vg);
  nonet_gen_stats st;
  memset(&st, 0, sizeof st);
  long made = nonet_vlogic_generate(level_opts, NONET_LEVEL_MEDIUM, 2,
                                    log_level, l, &st);
  say(l, "level made %ld\n", made);
}

/* The reference, alone; then the checks of the referees. */
static log reference;
static classic_got ref_classic;
static variant_got ref_variant;

static void make_reference(void) {
  /* the variant puzzles the work generates, read back, are the shared
   * rules and givens it then solves */
  for (size_t k = 0; k < VKINDS; k++)
    for (int j = 0; j < VJOBS; j++) {
      char json[sizeof ref_variant.json[k][j]], err[256];
      emit_ctx e = {json, sizeof json};
      assert_int_equal(nonet_variant_generate_job(variant_opts[k], (uint64_t)j,
                                                  keep_variant, &e, NULL),
                       1);
      nonet_variant_record rec;
      memset(&rec, 0, sizeof rec);
      assert_int_equal(
          nonet_variant_parse(json, strlen(json), &rec, err, sizeof err),
          NONET_OK);
      assert_non_null(rec.variant);
      shared_rules[k][j] = rec.variant;
      memcpy(shared_givens[k][j], rec.cells, sizeof rec.cells);
    }
  log l = {malloc(LOG_CAP), 0, 0};
  assert_non_null(l.buf);
  work(&l, &ref_classic, &ref_variant);
  assert_false(l.overflow);
  reference = l;
  if (getenv("NONET_TEST_SHOW")) fwrite(l.buf, 1, l.len, stderr);
}

static void test_reference_is_right(void **state) {
  (void)state;
  assert_int_equal(ref_classic.n, CLASSIC);
  for (int i = 0; i < CLASSIC; i++) {
    uint8_t first[81];
    assert_int_equal(ref_count(ref_classic.puzzle[i], 2, first), 1);
    assert_memory_equal(first, ref_classic.solution[i], 81);
    assert_true(
        ref_is_solution(ref_classic.puzzle[i], ref_classic.solution[i]));
  }
  for (size_t k = 0; k < VKINDS; k++)
    for (int j = 0; j < VJOBS; j++) {
      static vref_puzzle p;
      char err[256];
      assert_int_equal(
          vref_parse_json(ref_variant.json[k][j], &p, err, (int)sizeof err), 0);
      assert_true(p.has_solution);
      assert_true(vref_is_solution(&p, p.solution));
      static uint8_t first[VREF_MAXC];
      assert_int_equal(vref_count(&p, 2, first), 1);
      assert_memory_equal(first, p.solution, (size_t)(p.n * p.n));
      assert_memory_equal(p.cells, shared_givens[k][j], (size_t)(p.n * p.n));
    }
  /* the transcript says what the referees found, and is not empty */
  assert_non_null(strstr(reference.buf, "count 1\n"));
  assert_null(strstr(reference.buf, "count 2\n"));
  assert_null(strstr(reference.buf, "count 0\n"));
}

/* ---- the threads ---------------------------------------------------- */

typedef struct worker {
  pthread_t thread;
  pthread_barrier_t *start;
  int same;      /* rounds whose transcript was the reference's */
  size_t differ; /* first byte that differed, in the first bad round */
  int bad_round;
} worker;

static void *run_worker(void *arg) {
  worker *w = arg;
  log l = {malloc(LOG_CAP), 0, 0};
  classic_got *cg = malloc(sizeof *cg);
  variant_got *vg = malloc(sizeof *vg);
  w->bad_round = -1;
  pthread_barrier_wait(w->start);
  for (int round = 0; l.buf && cg && vg && round < ROUNDS; round++) {
    work(&l, cg, vg);
    if (!l.overflow && l.len == reference.len &&
        memcmp(l.buf, reference.buf, l.len) == 0) {
      w->same++;
    } else if (w->bad_round < 0) {
      size_t i = 0;
      while (i < l.len && i < reference.len && l.buf[i] == reference.buf[i])
        i++;
      w->differ = i;
      w->bad_round = round;
    }
  }
  free(l.buf);
  free(cg);
  free(vg);
  return NULL;
}

static void test_threads_agree(void **state) {
  (void)state;
  pthread_barrier_t start;
  worker w[THREADS];
  memset(w, 0, sizeof w);
  assert_int_equal(pthread_barrier_init(&start, NULL, THREADS), 0);
  for (int t = 0; t < THREADS; t++) {
    w[t].start = &start;
    assert_int_equal(pthread_create(&w[t].thread, NULL, run_worker, &w[t]), 0);
  }
  for (int t = 0; t < THREADS; t++) pthread_join(w[t].thread, NULL);
  pthread_barrier_destroy(&start);
  for (int t = 0; t < THREADS; t++) {
    if (w[t].same != ROUNDS)
      fprintf(stderr, "thread %d, round %d: differs from byte %zu: %.80s\n", t,
              w[t].bad_round, w[t].differ, reference.buf + w[t].differ);
    assert_int_equal(w[t].same, ROUNDS);
  }
}

/* ---- a search stopped from another thread ---------------------------- */

/* The documented Cancel button: the stop function reads a flag that
 * another thread sets. An empty 25x25 windoku takes the search seconds
 * (13.8 s in docs/benchmarks.md); set after 50 ms, the flag ends it with
 * NONET_ESTOPPED long before that. */
static int flag_set(void *ctx) { return atomic_load((atomic_int *)ctx); }

static void *press_cancel(void *ctx) {
  struct timespec wait = {0, 50 * 1000 * 1000};
  nanosleep(&wait, NULL);
  atomic_store((atomic_int *)ctx, 1);
  return NULL;
}

static void test_cancel_from_another_thread(void **state) {
  (void)state;
  nonet_variant *v = NULL;
  char err[200];
  assert_int_equal(nonet_variant_new(&v, 25, 0, 0, err, sizeof err), NONET_OK);
  assert_int_equal(nonet_variant_set_constraints(v, NONET_CONSTRAINT_WINDOKU,
                                                 err, sizeof err),
                   NONET_OK);
  static uint8_t empty[NONET_VARIANT_MAX_CELLS], sol[NONET_VARIANT_MAX_CELLS];
  atomic_int cancel;
  atomic_init(&cancel, 0);
  pthread_t button;
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  assert_int_equal(pthread_create(&button, NULL, press_cancel, &cancel), 0);
  long r = nonet_variant_solve_until(v, empty, sol, 1, flag_set, &cancel, NULL);
  clock_gettime(CLOCK_MONOTONIC, &t1);
  pthread_join(button, NULL);
  double took =
      (double)(t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) * 1e-9;
  if (getenv("NONET_TEST_SHOW"))
    fprintf(stderr, "stopped after %.3f s\n", took);
  assert_int_equal(r, NONET_ESTOPPED);
  /* (generous: ThreadSanitizer and qemu slow the search's polling too) */
  if (took > 5.0) fail_msg("stopped after %.2f s, not soon after 0.05 s", took);
  nonet_variant_free(v);
}

static int setup(void **state) {
  char err[256];
  (void)state;
  classic_opts = nonet_gen_options_new();
  if (!classic_opts || nonet_gen_set_seed(classic_opts, 7) != NONET_OK)
    return -1;
  for (size_t k = 0; k < VKINDS; k++) {
    nonet_variant_gen *o = variant_opts[k] = nonet_variant_gen_new();
    if (!o || nonet_variant_gen_parse(o, "seed", "3", err, sizeof err) ||
        nonet_variant_gen_parse(o, variant_kinds[k][0], variant_kinds[k][1],
                                err, sizeof err))
      return -1;
    if (k == 0 && nonet_variant_gen_parse(o, "killer", NULL, err, sizeof err))
      return -1;
    if (nonet_variant_gen_check(o, err, sizeof err) != NONET_OK) {
      fprintf(stderr, "%s\n", err);
      return -1;
    }
  }
  level_opts = nonet_variant_gen_new();
  if (!level_opts ||
      nonet_variant_gen_parse(level_opts, "size", "6", err, sizeof err) ||
      nonet_variant_gen_parse(level_opts, "seed", "4", err, sizeof err) ||
      nonet_variant_gen_check(level_opts, err, sizeof err))
    return -1;
  make_reference();
  return 0;
}

static int teardown(void **state) {
  (void)state;
  nonet_gen_options_free(classic_opts);
  nonet_variant_gen_free(level_opts);
  for (size_t k = 0; k < VKINDS; k++) {
    nonet_variant_gen_free(variant_opts[k]);
    for (int j = 0; j < VJOBS; j++) nonet_variant_free(shared_rules[k][j]);
  }
  free(reference.buf);
  return 0;
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_reference_is_right),
      cmocka_unit_test(test_threads_agree),
      cmocka_unit_test(test_cancel_from_another_thread),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
