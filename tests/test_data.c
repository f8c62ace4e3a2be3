/* test_data.c: every puzzle of the shared lists solved, each solution
 * checked against the rules and the givens, and each solution count
 * confirmed by the independent counter. Skips when ../shared/data is
 * absent; NONET_DATA_LIMIT=N checks only the first N of each list. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

#include <cmocka.h>

#include "nonet.h"
#include "support/ref.h"

static void check_list(const char *name, int want_unique) {
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
  long bad = 0;
  for (long k = 0; k < n; k++) {
    uint8_t sol[81], first[81];
    long got = nonet_solve(v[k], sol, 2, NULL);
    long want = ref_count(v[k], 2, first);
    int ok = got == want && got >= 1 && ref_is_solution(v[k], sol) &&
             (want_unique ? got == 1 : got == 2);
    if (ok && want == 1)
      for (int i = 0; i < 81; i++) ok &= sol[i] == first[i];
    if (!ok && bad++ < 5)
      print_error("%s #%ld: nonet %ld, reference %ld\n", name, k + 1, got,
                  want);
  }
  printf("%s: %ld puzzles checked\n", name, n);
  free(v);
  assert_int_equal(bad, 0);
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
static void test_serg(void **s) {
  (void)s;
  check_list("serg_benchmark.txt", 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_17clue),
      cmocka_unit_test(test_top1465),
      cmocka_unit_test(test_hardest),
      cmocka_unit_test(test_serg),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
