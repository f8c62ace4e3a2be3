/* test_solver.c: nonet_solve against an independent counter; every
 * solution checked against the rules and the givens. nonet_solve_until
 * against nonet_solve, in the chosen build and in every build the CPU
 * runs (the internal src/solver/solver.h names them). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "../src/solver/solver.h"
#include "nonet.h"
#include "support/puzzles.h"
#include "support/ref.h"
#include "support/stopper.h"

static void check_against_reference(const uint8_t p[81], long limit) {
  uint8_t sol[81], ref_first[81];
  long n = nonet_solve(p, sol, limit, NULL);
  long want = ref_count(p, limit, ref_first);
  assert_int_equal(n, want);
  if (n > 0) assert_true(ref_is_solution(p, sol));
  if (limit >= 2 && want == 1) assert_memory_equal(sol, ref_first, 81);
}

static void test_known_puzzles(void **state) {
  (void)state;
  for (size_t k = 0; k < N_KNOWN_PUZZLES; k++) {
    uint8_t p[81], sol[81];
    ref_from_string(known_puzzles[k], p);
    check_against_reference(p, 2);
    /* all of these are proper puzzles */
    assert_int_equal(ref_count(p, 2, NULL), 1);
    assert_int_equal(nonet_solve(p, sol, 2, NULL), 1);
    assert_int_equal(nonet_is_solution(p, sol), 1);
  }
}

static void test_limits_and_multiple(void **state) {
  (void)state;
  uint8_t empty[81] = {0}, sol[81];
  assert_int_equal(nonet_solve(empty, sol, 1, NULL), 1);
  assert_true(ref_is_solution(NULL, sol));
  assert_int_equal(nonet_solve(empty, NULL, 50, NULL), 50);
  /* remove givens from a proper puzzle until it has several solutions */
  uint8_t p[81];
  ref_from_string(known_puzzles[0], p);
  int removed = 0;
  for (int i = 0; i < 81 && removed < 3; i++)
    if (p[i]) {
      p[i] = 0;
      removed++;
    }
  long want = ref_count(p, 1000, NULL);
  assert_true(want > 1);
  assert_int_equal(nonet_solve(p, NULL, 1000, NULL), want);
  assert_int_equal(nonet_solve(p, sol, 1, NULL), 1);
  assert_true(ref_is_solution(p, sol));
  nonet_solve_info info;
  assert_int_equal(nonet_solve(p, NULL, 2, &info), 2);
  assert_true(info.guesses > 0);
}

static void test_no_solution_and_bad_arguments(void **state) {
  (void)state;
  uint8_t p[81] = {0};
  /* r1c1..r1c8 hold 1..8 and r2c9 holds 9: r1c9 has no candidate */
  for (int c = 0; c < 8; c++) p[c] = (uint8_t)(c + 1);
  p[17] = 9;
  assert_int_equal(ref_count(p, 2, NULL), 0);
  assert_int_equal(nonet_solve(p, NULL, 2, NULL), 0);
  /* conflicting givens */
  uint8_t q[81] = {0};
  q[0] = q[8] = 5;
  assert_int_equal(nonet_solve(q, NULL, 2, NULL), 0);
  q[8] = 12;
  assert_int_equal(nonet_solve(q, NULL, 2, NULL), NONET_EINVAL);
  assert_int_equal(nonet_solve(p, NULL, 0, NULL), NONET_EINVAL);
  assert_int_equal(nonet_solve(NULL, NULL, 1, NULL), NONET_EINVAL);
}

/* Random puzzles: a solved grid's random isomorph with random cells
 * removed; counts must match the reference, and isomorphs keep them. */
static void test_random_puzzles_and_isomorphs(void **state) {
  (void)state;
  nonet_rng rng;
  nonet_rng_seed(&rng, 20261122);
  uint8_t base[81], sol[81];
  ref_from_string(known_puzzles[1], base);
  assert_int_equal(nonet_solve(base, sol, 1, NULL), 1);
  int multi = 0, unique = 0;
  for (int t = 0; t < 400; t++) {
    uint8_t grid[81], p[81], iso[81];
    nonet_random_isomorph(sol, grid, &rng);
    assert_true(ref_is_solution(NULL, grid));
    int keep = 24 + (int)nonet_rng_below(&rng, 40);
    memset(p, 0, 81);
    for (int k = 0; k < keep; k++) {
      int i = (int)nonet_rng_below(&rng, 81);
      p[i] = grid[i];
    }
    long limit = 1 + (long)nonet_rng_below(&rng, 20);
    check_against_reference(p, limit);
    long n = nonet_solve(p, NULL, 20, NULL);
    nonet_random_isomorph(p, iso, &rng);
    assert_int_equal(nonet_solve(iso, NULL, 20, NULL), n);
    assert_int_equal(nonet_grid_count_givens(iso), nonet_grid_count_givens(p));
    multi += n > 1;
    unique += n == 1;
  }
  /* the sample must exercise both kinds */
  assert_true(multi > 10);
  assert_true(unique > 10);
  /* random grids with random (often conflicting) digits: no crash, and
   * agreement with the reference */
  for (int t = 0; t < 300; t++) {
    uint8_t p[81] = {0};
    int keep = (int)nonet_rng_below(&rng, 30);
    for (int k = 0; k < keep; k++)
      p[nonet_rng_below(&rng, 81)] = (uint8_t)(1 + nonet_rng_below(&rng, 9));
    check_against_reference(p, 3);
  }
}

/* nonet_solve_until: asked every 1024 guesses, NONET_ESTOPPED when it
 * says stop; else nonet_solve's counts and first solutions. */
static void test_solve_until(void **state) {
  (void)state;
  uint8_t empty[81] = {0}, sol[81], want[81];
  nonet_solve_info info;
  /* the empty grid has more solutions than any limit: a count to a
   * billion ends at the third question, 3 * 1024 guesses in */
  stopper st = {0, 3};
  assert_int_equal(
      nonet_solve_until(empty, sol, 1000000000L, stop_fn, &st, &info),
      NONET_ESTOPPED);
  assert_int_equal(st.calls, 3);
  assert_true(info.guesses == 3 * 1024);
  /* never stopped: asked before guess 1025, 2049, ... */
  st = (stopper){0, 0};
  assert_int_equal(nonet_solve_until(empty, sol, 5000, stop_fn, &st, &info),
                   5000);
  assert_int_equal(nonet_solve(empty, want, 5000, NULL), 5000);
  assert_memory_equal(sol, want, 81);
  assert_true(info.guesses > 1024);
  assert_true(st.calls == (int)((info.guesses - 1) / 1024));
  /* no stop function: nonet_solve */
  assert_int_equal(nonet_solve_until(empty, sol, 50, NULL, NULL, &info), 50);
  assert_true(info.guesses > 0);
  for (size_t k = 0; k < N_KNOWN_PUZZLES; k++) {
    uint8_t p[81];
    ref_from_string(known_puzzles[k], p);
    st = (stopper){0, 0};
    assert_int_equal(nonet_solve_until(p, sol, 2, stop_fn, &st, NULL), 1);
    assert_int_equal(nonet_solve(p, want, 2, NULL), 1);
    assert_memory_equal(sol, want, 81);
  }
  /* a puzzle with several solutions: the reference's count */
  uint8_t p[81];
  ref_from_string(known_puzzles[0], p);
  for (int i = 0, removed = 0; i < 81 && removed < 4; i++)
    if (p[i]) {
      p[i] = 0;
      removed++;
    }
  st = (stopper){0, 0};
  assert_int_equal(nonet_solve_until(p, NULL, 1000, stop_fn, &st, NULL),
                   ref_count(p, 1000, NULL));
  /* the arguments nonet_solve refuses */
  st = (stopper){0, 1};
  assert_int_equal(nonet_solve_until(p, NULL, 0, stop_fn, &st, NULL),
                   NONET_EINVAL);
  assert_int_equal(nonet_solve_until(NULL, NULL, 1, stop_fn, &st, NULL),
                   NONET_EINVAL);
  p[40] = 12;
  assert_int_equal(nonet_solve_until(p, NULL, 2, stop_fn, &st, NULL),
                   NONET_EINVAL);
  assert_int_equal(st.calls, 0);
}

/* The same in every build of the solver this CPU runs; and the mask
 * form's budget of guesses still ends its search (-1, the budget used). */
static void test_solve_until_builds(void **state) {
  (void)state;
  uint8_t empty[81] = {0};
  uint16_t any[81];
  for (int i = 0; i < 81; i++) any[i] = 0x1ff;
  int builds = 0;
  for (int k = 0; k < NONET__BACKENDS; k++) {
    const nonet__backend_info *b = nonet__backend(k);
    if (!b) continue;
    builds++;
    uint8_t sol[81], want[81];
    unsigned long long g = 0;
    stopper st = {0, 2};
    assert_int_equal(b->solve_until(empty, sol, 1000000000L, &g, stop_fn, &st),
                     -1);
    assert_int_equal(st.calls, 2);
    assert_true(g == 2 * 1024);
    st = (stopper){0, 0};
    assert_int_equal(b->solve_until(empty, sol, 3000, &g, stop_fn, &st), 3000);
    assert_int_equal(b->solve(empty, want, 3000, NULL), 3000);
    assert_memory_equal(sol, want, 81);
    assert_true(st.calls == (int)((g - 1) / 1024));
    assert_int_equal(b->solve_masks(any, NULL, 1000000000L, &g, 100), -1);
    assert_true(g == 100);
  }
  assert_true(builds >= 1);
}

static void test_rng_reproducible(void **state) {
  (void)state;
  nonet_rng a, b;
  nonet_rng_seed(&a, 7);
  nonet_rng_seed(&b, 7);
  for (int k = 0; k < 100; k++)
    assert_true(nonet_rng_next(&a) == nonet_rng_next(&b));
  int seen[5] = {0};
  for (int k = 0; k < 5000; k++) {
    uint32_t v = nonet_rng_below(&a, 5);
    assert_true(v < 5);
    seen[v]++;
  }
  for (int k = 0; k < 5; k++) assert_true(seen[k] > 800);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_known_puzzles),
      cmocka_unit_test(test_limits_and_multiple),
      cmocka_unit_test(test_no_solution_and_bad_arguments),
      cmocka_unit_test(test_random_puzzles_and_isomorphs),
      cmocka_unit_test(test_solve_until),
      cmocka_unit_test(test_solve_until_builds),
      cmocka_unit_test(test_rng_reproducible),
  };
  printf("solver backend: %s\n", nonet_solver_backend());
  return cmocka_run_group_tests(tests, NULL, NULL);
}
