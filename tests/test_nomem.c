/* test_nomem.c: out of memory is NONET_ENOMEM, never a result.
 *
 * This test is linked with -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc
 * (tests/CMakeLists.txt), so every allocation the library makes goes
 * through the wrappers below, which can fail the Nth one after being
 * armed; the library itself has no hook. For each entry point that
 * allocates (SE rating with chains, logic paths with ALS and forcing nets,
 * finding one step, generation with a rating band and with clue bounds),
 * and for N = 0, 1, 2, ... (every N while the count is small, then a
 * stride), the call must either report NONET_ENOMEM or give exactly the
 * result of a run without failure: never a rating of 20.0 "unsolved",
 * never "stuck", never a different puzzle. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "nonet.h"
#include "support/ref.h"

void *__real_malloc(size_t n);
void *__real_calloc(size_t n, size_t k);
void *__real_realloc(void *p, size_t n);
void *__wrap_malloc(size_t n);
void *__wrap_calloc(size_t n, size_t k);
void *__wrap_realloc(void *p, size_t n);

static long armed = -1; /* allocations left before the one that fails */
static long seen;       /* allocations while armed */
static int failed;      /* the armed failure happened */

static int fail_now(void) {
  if (armed < 0) return 0;
  seen++;
  if (armed-- == 0) {
    failed = 1;
    return 1;
  }
  return 0;
}

void *__wrap_malloc(size_t n) { return fail_now() ? NULL : __real_malloc(n); }
void *__wrap_calloc(size_t n, size_t k) {
  return fail_now() ? NULL : __real_calloc(n, k);
}
void *__wrap_realloc(void *p, size_t n) {
  return fail_now() ? NULL : __real_realloc(p, n);
}

static void arm(long n) {
  armed = n;
  seen = 0;
  failed = 0;
}
static void disarm(void) { armed = -1; }

/* The N to try for a call that makes `total` allocations: all of them up
 * to 400, then about 400 spread over the rest (the last one too). */
static long next_n(long n, long total) {
  if (n < 400 || total <= 800) return n + 1;
  long step = (total - 400) / 400 + 1;
  return n + step < total ? n + step : n + 1;
}

/* A hard puzzle (top1465 #1: chains) and one that needs forcing nets
 * on the logic path (hardest1106, "Easter Monster"). */
static const char *const hard = "4...3.......6..8..........1....5..9..8...."
                                "6...7.2........1.27..5.3....4.9........";
static const char *const monster = "1.......2.9.4...5...6...7...5.9.3......."
                                   "7.......85..4.7.....6...3...9.8...2.....1";

static void test_rate(void **state) {
  (void)state;
  uint8_t p[81];
  ref_from_string(hard, p);
  nonet_rating want, got;
  assert_int_equal(nonet_rate(p, &want), NONET_OK);
  assert_true(want.er >= 70 && want.er < 200);
  arm(1000000000L);
  nonet_rate(p, &got);
  long total = seen;
  disarm();
  assert_true(total > 0);
  long nomem = 0, same = 0;
  for (long n = 0; n <= total; n = next_n(n, total)) {
    memset(&got, 0xab, sizeof got);
    arm(n);
    int r = nonet_rate(p, &got);
    int f = failed;
    disarm();
    if (r == NONET_ENOMEM) {
      assert_true(f);
      nomem++;
      continue;
    }
    assert_int_equal(r, NONET_OK);
    /* a failure the rating survived (a cache it did without) changes
     * nothing */
    assert_memory_equal(&got, &want, sizeof want);
    same++;
  }
  print_message("nonet_rate: %ld allocations; %ld failures reported, %ld "
                "survived with the same rating\n",
                total, nomem, same);
  assert_true(nomem > 0);
}

typedef struct path {
  char text[200][256];
  int n;
} path;

static int record(const nonet_logic_state *s, const nonet_step *st, void *ctx) {
  (void)s;
  path *p = ctx;
  if (p->n < 200) nonet_step_text(st, NONET_TEXT_NOTATION, p->text[p->n], 256);
  p->n++;
  return 0;
}

static void test_logic_solve(void **state) {
  (void)state;
  static path want, got;
  uint8_t p[81];
  ref_from_string(monster, p);
  nonet_logic_state s0, s;
  nonet_logic_init(&s0, p);
  nonet_logic_result rw, rg;
  s = s0;
  want.n = 0;
  assert_int_equal(nonet_logic_solve(&s, NULL, record, &want, &rw), 1);
  assert_true(rw.counts[NONET_TECH_FN_CONTRADICTION] +
                  rw.counts[NONET_TECH_FN_VERITY] +
                  rw.counts[NONET_TECH_FC_CONTRADICTION] +
                  rw.counts[NONET_TECH_FC_VERITY] + rw.trial >
              0);
  s = s0;
  arm(1000000000L);
  nonet_logic_solve(&s, NULL, NULL, NULL, NULL);
  long total = seen;
  disarm();
  long nomem = 0, same = 0;
  for (long n = 0; n <= total; n = next_n(n, total)) {
    s = s0;
    got.n = 0;
    arm(n);
    int r = nonet_logic_solve(&s, NULL, record, &got, &rg);
    int f = failed;
    disarm();
    if (r == NONET_ENOMEM) {
      assert_true(f);
      nomem++;
      /* the steps before the failure were the right ones */
      assert_true(got.n <= want.n);
      for (int j = 0; j < got.n && j < 200; j++)
        assert_string_equal(got.text[j], want.text[j]);
      continue;
    }
    assert_int_equal(r, 1);
    assert_int_equal(got.n, want.n);
    for (int j = 0; j < got.n && j < 200; j++)
      assert_string_equal(got.text[j], want.text[j]);
    assert_memory_equal(&rg, &rw, sizeof rw);
    same++;
  }
  print_message("nonet_logic_solve: %ld allocations; %ld failures reported, "
                "%ld survived with the same path\n",
                total, nomem, same);
  assert_true(nomem > 0);
}

/* One step that an allocating finder gives: nonet_logic_find. */
static void test_logic_find(void **state) {
  (void)state;
  uint8_t p[81];
  ref_from_string(monster, p);
  nonet_logic_state s;
  nonet_logic_init(&s, p);
  nonet_logic_options *o = nonet_logic_options_new();
  /* walk the default path to the first step an allocating finder (chains,
   * ALS, forcing) gives: every finder before it has run too */
  nonet_step st;
  for (;;) {
    assert_int_equal(nonet_logic_find(&s, o, &st), 1);
    if (nonet_technique_level(st.technique) >= NONET_LEVEL_EXPERT) break;
    nonet_logic_apply(&s, &st);
  }
  char want[512], got[512];
  nonet_step_text(&st, NONET_TEXT_NOTATION, want, sizeof want);
  arm(1000000000L);
  nonet_logic_find(&s, o, &st);
  long total = seen;
  disarm();
  assert_true(total > 0);
  long nomem = 0;
  for (long n = 0; n <= total; n = next_n(n, total)) {
    arm(n);
    int r = nonet_logic_find(&s, o, &st);
    disarm();
    if (r == NONET_ENOMEM) {
      nomem++;
      continue;
    }
    assert_int_equal(r, 1);
    nonet_step_text(&st, NONET_TEXT_NOTATION, got, sizeof got);
    assert_string_equal(got, want);
  }
  /* nonet_logic_each too */
  arm(0);
  int r = nonet_logic_each(&s, NONET_TECH_FC_CONTRADICTION, NULL, NULL, NULL);
  disarm();
  assert_int_equal(r, NONET_ENOMEM);
  nonet_logic_options_free(o);
  assert_true(nomem > 0);
}

typedef struct gen_out {
  uint8_t p[8][81];
  int n;
} gen_out;

static int keep(const nonet_gen_puzzle *p, void *ctx) {
  gen_out *g = ctx;
  if (g->n < 8) memcpy(g->p[g->n], p->puzzle, 81);
  g->n++;
  return 0;
}

static void check_job(const char *name, const char *value, long stride) {
  nonet_gen_options *o = nonet_gen_options_new();
  assert_non_null(o);
  char err[200];
  assert_int_equal(nonet_gen_options_parse(o, "seed", "5", err, sizeof err),
                   NONET_OK);
  assert_int_equal(nonet_gen_options_parse(o, name, value, err, sizeof err),
                   NONET_OK);
  gen_out want = {.n = 0}, got;
  long r0 = nonet_generate_job(o, 1, keep, &want, NULL);
  assert_true(r0 >= 0);
  arm(1000000000L);
  got.n = 0;
  nonet_generate_job(o, 1, keep, &got, NULL);
  long total = seen;
  disarm();
  long nomem = 0;
  for (long n = 0; n <= total; n += n < 100 ? 1 : stride) {
    got.n = 0;
    arm(n);
    long r = nonet_generate_job(o, 1, keep, &got, NULL);
    disarm();
    if (r == NONET_ENOMEM) {
      nomem++;
      continue;
    }
    assert_int_equal(r, r0);
    assert_int_equal(got.n, want.n);
    for (int k = 0; k < got.n && k < 8; k++)
      assert_memory_equal(got.p[k], want.p[k], 81);
  }
  print_message("nonet_generate_job (%s %s): %ld allocations, %ld failures "
                "reported\n",
                name, value, total, nomem);
  if (total > 0) assert_true(nomem > 0);
  nonet_gen_options_free(o);
}

static void test_generate(void **state) {
  (void)state;
  check_job("rating", "7.0-", 97);
  check_job("max-clues", "22", 7);
}

static void test_objects(void **state) {
  (void)state;
  arm(0);
  assert_null(nonet_gen_options_new());
  arm(0);
  assert_null(nonet_logic_options_new());
  arm(0);
  assert_null(nonet_reader_new_memory("x", 1));
  disarm();
  nonet_gen_options *o = nonet_gen_options_new();
  arm(0);
  assert_null(nonet_gen_options_copy(o));
  disarm();
  nonet_gen_options_free(o);
}

/* A variant's logic path (an 8x8 nonconsecutive puzzle that needs
 * chains, forcing nets and trial and error, so that their allocations and
 * the solver's count too): init, then the path. */
static int vrecord(const nonet_vlogic_state *s, const nonet_vstep *step,
                   void *ctx) {
  path *p = ctx;
  (void)s;
  if (p->n < 200)
    nonet_vstep_text(step, NONET_TEXT_NOTATION, p->text[p->n],
                     sizeof p->text[0]);
  p->n++;
  return 0;
}

static void test_vlogic_solve(void **state) {
  (void)state;
  static path want, got;
  static nonet_variant_record rec;
  static nonet_vlogic_state s;
  const char *text =
      "size=8 box=2x4 constraints=nonconsecutive cells=..................."
      "14..........................3.6...2..........";
  char err[160];
  assert_int_equal(
      nonet_variant_parse(text, strlen(text), &rec, err, sizeof err), NONET_OK);
  nonet_vlogic_result rw, rg;
  assert_int_equal(nonet_vlogic_init(&s, rec.variant, rec.cells), NONET_OK);
  want.n = 0;
  assert_int_equal(nonet_vlogic_solve(&s, NULL, vrecord, &want, &rw), 1);
  assert_true(rw.trial > 0);
  assert_true(rw.counts[NONET_VTECH_X_CHAIN] > 0);
  assert_true(rw.counts[NONET_VTECH_AIC] > 0);
  assert_true(rw.counts[NONET_VTECH_FORCING_NET] > 0);
  arm(1000000000L);
  nonet_vlogic_init(&s, rec.variant, rec.cells);
  nonet_vlogic_solve(&s, NULL, NULL, NULL, NULL);
  long total = seen, nomem = 0, same = 0;
  disarm();
  for (long n = 0; n <= total; n = next_n(n, total)) {
    got.n = 0;
    arm(n);
    int r = nonet_vlogic_init(&s, rec.variant, rec.cells);
    if (r == NONET_OK) r = nonet_vlogic_solve(&s, NULL, vrecord, &got, &rg);
    int f = failed;
    disarm();
    if (r == NONET_ENOMEM) {
      assert_true(f);
      nomem++;
      assert_true(got.n <= want.n);
      for (int j = 0; j < got.n && j < 200; j++)
        assert_string_equal(got.text[j], want.text[j]);
      continue;
    }
    assert_int_equal(r, 1);
    assert_int_equal(got.n, want.n);
    for (int j = 0; j < got.n && j < 200; j++)
      assert_string_equal(got.text[j], want.text[j]);
    assert_memory_equal(&rg, &rw, sizeof rw);
    same++;
  }
  print_message("nonet_vlogic_init + solve: %ld allocations; %ld failures "
                "reported, %ld survived with the same path\n",
                total, nomem, same);
  assert_true(nomem > 0);
  arm(0);
  assert_null(nonet_vlogic_options_new());
  disarm();
  nonet_variant_free(rec.variant);
}

/* A 25x25 count (the clause-learning search of src/variant/learn.c):
 * a pattern grid, part of it given. */
static void test_variant_solve25(void **state) {
  (void)state;
  nonet_variant *v = NULL;
  char err[160];
  assert_int_equal(nonet_variant_new(&v, 25, 5, 5, err, sizeof err), NONET_OK);
  uint8_t cells[625], want[625], got[625];
  uint32_t h = 12345;
  for (int c = 0; c < 625; c++) {
    int r = c / 25, col = c % 25;
    h = h * 1103515245u + 12345u;
    cells[c] = (h >> 16) % 100 < 42
                   ? (uint8_t)((5 * (r % 5) + r / 5 + col) % 25 + 1)
                   : 0;
  }
  long n = nonet_variant_solve(v, cells, want, 2, NULL);
  assert_true(n >= 1);
  arm(1000000000L);
  nonet_variant_solve(v, cells, got, 2, NULL);
  long total = seen, nomem = 0, same = 0;
  disarm();
  for (long k = 0; k <= total; k = next_n(k, total)) {
    memset(got, 0, sizeof got);
    arm(k);
    long r = nonet_variant_solve(v, cells, got, 2, NULL);
    int f = failed;
    disarm();
    if (r == NONET_ENOMEM) {
      assert_true(f);
      nomem++;
      continue;
    }
    assert_int_equal(r, n);
    assert_memory_equal(got, want, sizeof want);
    same++;
  }
  print_message("nonet_variant_solve, 25x25: %ld allocations; %ld failures "
                "reported, %ld survived with the same count\n",
                total, nomem, same);
  assert_true(nomem > 0);
  nonet_variant_free(v);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_objects),
      cmocka_unit_test(test_logic_find),
      cmocka_unit_test(test_logic_solve),
      cmocka_unit_test(test_rate),
      cmocka_unit_test(test_generate),
      cmocka_unit_test(test_vlogic_solve),
      cmocka_unit_test(test_variant_solve25),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
