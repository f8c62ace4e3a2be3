/* test_logic_sound.c: soundness of the logic engine over every puzzle of
 * the shared lists (../shared/data, skipped when absent): every
 * placement and every elimination of every step of every solving path
 * agrees with the puzzle's solution. The solution comes from nonet_solve
 * and its uniqueness is confirmed by the independent DLX counter. For
 * serg_benchmark.txt (several solutions each) a step is sound when no
 * solution of the puzzle is lost: each elimination is checked to leave
 * no solution when forced, each placement to hold in every solution.
 * Also reports the coverage: the share solved without trial and error.
 * NONET_DATA_LIMIT=N checks only the first N puzzles of each list. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "nonet.h"
#include "support/ref.h"

typedef struct check_ctx {
  const uint8_t *puzzle;
  const uint8_t *sol; /* NULL: several solutions */
  long bad, steps, uniq_steps;
  const char *list;
  long index;
} check_ctx;

static void complain(check_ctx *c, const nonet_step *st, const char *what) {
  if (c->bad++ < 10) {
    char text[4096];
    nonet_step_text(st, NONET_TEXT_NOTATION, text, sizeof text);
    print_error("%s #%ld: %s in step: %s\n", c->list, c->index + 1, what, text);
  }
}

/* 1 when the puzzle with cell forced to digit (or, for != 0 `not`,
 * forbidden that digit) has a solution */
static int has_solution_with(const uint8_t *p, int cell, int digit, int not ) {
  uint8_t q[81];
  memcpy(q, p, 81);
  if (!not ) {
    q[cell] = (uint8_t)digit;
    return nonet_find_conflicts(q, NULL, 0) == 0 &&
           nonet_solve(q, NULL, 1, NULL) > 0;
  }
  for (int e = 1; e <= 9; e++) {
    if (e == digit) continue;
    q[cell] = (uint8_t)e;
    if (nonet_find_conflicts(q, NULL, 0) == 0 &&
        nonet_solve(q, NULL, 1, NULL) > 0)
      return 1;
  }
  return 0;
}

static int on_step(const nonet_logic_state *s, const nonet_step *st,
                   void *ctx) {
  check_ctx *c = ctx;
  c->steps++;
  if (nonet_technique_is_uniqueness(st->technique)) {
    c->uniq_steps++;
    if (!c->sol)
      complain(c, st,
               "uniqueness technique on a puzzle with several solutions");
  }
  if (st->nplace + st->nelim == 0) complain(c, st, "empty step");
  for (int j = 0; j < st->nplace; j++) {
    int cell = st->place[j].cell, d = st->place[j].digit;
    if (s->cells[cell] || !(s->cand[cell] & (1u << (d - 1))))
      complain(c, st, "placement of a non-candidate");
    if (c->sol ? c->sol[cell] != d : has_solution_with(c->puzzle, cell, d, 1))
      complain(c, st, "wrong placement");
  }
  for (int j = 0; j < st->nelim; j++) {
    int cell = st->elim[j].cell, d = st->elim[j].digit;
    if (s->cells[cell] || !(s->cand[cell] & (1u << (d - 1))))
      complain(c, st, "elimination of a non-candidate");
    if (c->sol ? c->sol[cell] == d : has_solution_with(c->puzzle, cell, d, 0))
      complain(c, st, "wrong elimination");
  }
  return 0;
}

static void check_list(const char *name, int unique) {
  const char *path = ref_data_path(name);
  if (!path) {
    printf("%s not present: skipped\n", name);
    skip();
  }
  uint8_t(*v)[81];
  long n = ref_load(path, &v);
  assert_true(n > 0);
  const char *lim = getenv("NONET_DATA_LIMIT");
  if (lim && atol(lim) > 0 && atol(lim) < n) n = atol(lim);
  check_ctx c;
  memset(&c, 0, sizeof c);
  c.list = name;
  long logic_only = 0, solved = 0;
  for (long k = 0; k < n; k++) {
    uint8_t sol[81], first[81];
    long got = nonet_solve(v[k], sol, 2, NULL);
    if (unique) {
      assert_int_equal(got, 1);
      assert_int_equal(ref_count(v[k], 2, first), 1);
      assert_memory_equal(sol, first, 81);
      assert_true(ref_is_solution(v[k], sol));
    } else {
      assert_true(ref_count(v[k], 2, NULL) == 2);
    }
    nonet_logic_state s;
    assert_int_equal(nonet_logic_init(&s, v[k]), NONET_OK);
    assert_int_equal(s.unique, unique);
    c.puzzle = v[k];
    c.sol = unique ? sol : NULL;
    c.index = k;
    nonet_logic_result r;
    nonet_logic_solve(&s, NULL, on_step, &c, &r);
    if (unique) {
      /* with trial and error as the last resort every unique puzzle
       * gets solved, and the final grid is the solution */
      assert_int_equal(r.solved, 1);
      assert_memory_equal(s.cells, sol, 81);
    }
    solved += r.solved;
    logic_only += r.solved && !r.trial;
  }
  printf("%s: %ld puzzles, %ld steps checked (%ld uniqueness), %ld solved, %ld "
         "(%.2f%%) "
         "without trial and error\n",
         name, n, c.steps, c.uniq_steps, solved, logic_only,
         100.0 * logic_only / n);
  free(v);
  assert_int_equal(c.bad, 0);
}

static void test_17clue(void **s) {
  (void)s;
  check_list("17clue.txt", 1);
}
static void test_top1465(void **s) {
  (void)s;
  check_list("top1465.txt", 1);
}
static void test_hardest(void **s) {
  (void)s;
  check_list("hardest1106.txt", 1);
}
static void test_se_rated(void **s) {
  (void)s;
  check_list("se_rated_top1465_200.tsv", 1);
}
static void test_sx_rated(void **s) {
  (void)s;
  check_list("sx_rated_sample.tsv", 1);
}
static void test_serg(void **s) {
  (void)s;
  check_list("serg_benchmark.txt", 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_top1465),  cmocka_unit_test(test_hardest),
      cmocka_unit_test(test_se_rated), cmocka_unit_test(test_sx_rated),
      cmocka_unit_test(test_serg),     cmocka_unit_test(test_17clue),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
