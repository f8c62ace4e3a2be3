/* test_grid.c: candidates, placement checks, conflicts, solution check. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "nonet.h"
#include "support/ref.h"

/* The board of the Ruby solver's specs (../shared/seeds/001_...). */
static const uint8_t ruby_board[81] = {
    1, 7, 4, 0, 9, 0, 6, 0, 0, 0, 0, 0, 0, 3, 8, 1, 5, 7, 5, 3, 0,
    7, 0, 1, 0, 0, 4, 0, 0, 7, 3, 4, 9, 8, 0, 0, 8, 4, 0, 5, 0, 0,
    3, 6, 0, 3, 0, 5, 0, 0, 6, 4, 7, 0, 2, 8, 6, 9, 0, 0, 0, 0, 1,
    0, 0, 0, 6, 2, 7, 0, 3, 8, 0, 5, 3, 0, 8, 0, 0, 9, 6};
static const uint8_t ruby_solution[81] = {
    1, 7, 4, 2, 9, 5, 6, 8, 3, 9, 6, 2, 4, 3, 8, 1, 5, 7, 5, 3, 8,
    7, 6, 1, 9, 2, 4, 6, 2, 7, 3, 4, 9, 8, 1, 5, 8, 4, 1, 5, 7, 2,
    3, 6, 9, 3, 9, 5, 8, 1, 6, 4, 7, 2, 2, 8, 6, 9, 5, 3, 7, 4, 1,
    4, 1, 9, 6, 2, 7, 5, 3, 8, 7, 5, 3, 1, 8, 4, 2, 9, 6};

static void test_can_place_matches_ruby_specs(void **state) {
  (void)state;
  assert_int_equal(nonet_can_place(ruby_board, 0, 3, 2), 1);
  assert_int_equal(nonet_can_place(ruby_board, 1, 0, 4), 0);
  assert_int_equal(nonet_can_place(ruby_board, 1, 0, 1), 0);
  assert_int_equal(nonet_can_place(ruby_board, 1, 1, 4), 0);
  assert_int_equal(nonet_can_place(ruby_board, 1, 2, 4), 0);
  assert_int_equal(nonet_can_place(ruby_board, 0, 3, 4), 0);
  assert_int_equal(nonet_can_place(ruby_board, 0, 3, 3), 0);
  assert_int_equal(nonet_can_place(ruby_board, 6, 6, 3), 0);
  assert_int_equal(nonet_can_place(ruby_board, 8, 6, 1), 0);
  assert_int_equal(nonet_can_place(ruby_board, 9, 0, 1), NONET_EINVAL);
  assert_int_equal(nonet_can_place(ruby_board, 0, 0, 10), NONET_EINVAL);
}

static void test_candidates(void **state) {
  (void)state;
  /* possible_values(0, 3) == [2] */
  assert_int_equal(nonet_candidates(ruby_board, 0, 3), 1u << 1);
  /* a given's own value is ignored: r1c1 holds 1, and 1 is its only fit */
  assert_int_equal(nonet_candidates(ruby_board, 0, 0), 1u << 0);
  uint8_t empty[81] = {0};
  assert_int_equal(nonet_candidates(empty, 4, 4), NONET_ALL_DIGITS);
  assert_int_equal(nonet_candidates(empty, -1, 4), 0);
  /* every candidate set agrees with can_place, digit by digit */
  for (int r = 0; r < 9; r++)
    for (int c = 0; c < 9; c++)
      for (int d = 1; d <= 9; d++)
        assert_int_equal(!!(nonet_candidates(ruby_board, r, c) >> (d - 1) & 1),
                         nonet_can_place(ruby_board, r, c, d));
}

static void test_conflicts_named(void **state) {
  (void)state;
  uint8_t g[81] = {0};
  g[2 * 9 + 0] = 5; /* r3c1 */
  g[2 * 9 + 6] = 5; /* r3c7 */
  nonet_conflict c[4];
  assert_int_equal(nonet_find_conflicts(g, c, 4), 1);
  char msg[160];
  nonet_conflict_describe(&c[0], msg, sizeof msg);
  assert_string_equal(msg, "row 3 has two 5s (r3c1, r3c7)");

  g[0 * 9 + 1] = 5; /* r1c2: same box as r3c1 */
  g[8 * 9 + 0] = 5; /* r9c1: same column as r3c1 */
  g[2 * 9 + 3] = 5; /* r3c4: a third 5 in row 3 */
  int n = nonet_find_conflicts(g, c, 4);
  assert_int_equal(n, 3);
  nonet_conflict_describe(&c[0], msg, sizeof msg);
  assert_string_equal(msg, "row 3 has three 5s (r3c1, r3c4, r3c7)");
  nonet_conflict_describe(&c[1], msg, sizeof msg);
  assert_string_equal(msg, "column 1 has two 5s (r3c1, r9c1)");
  nonet_conflict_describe(&c[2], msg, sizeof msg);
  assert_string_equal(msg, "box 1 has two 5s (r1c2, r3c1)");
  /* counting without storing */
  assert_int_equal(nonet_find_conflicts(g, NULL, 0), 3);
  /* truncated description keeps the NUL and reports the full length */
  char small[8];
  size_t need = nonet_conflict_describe(&c[0], small, sizeof small);
  assert_int_equal(need, strlen("row 3 has three 5s (r3c1, r3c4, r3c7)"));
  assert_int_equal(strlen(small), 7);
  g[40] = 10;
  assert_int_equal(nonet_find_conflicts(g, c, 4), NONET_EINVAL);
  assert_int_equal(nonet_find_conflicts(ruby_board, c, 4), 0);
}

static void test_is_solution(void **state) {
  (void)state;
  assert_true(ref_is_solution(ruby_board, ruby_solution));
  assert_int_equal(nonet_is_solution(ruby_board, ruby_solution), 1);
  assert_int_equal(nonet_is_solution(NULL, ruby_solution), 1);
  uint8_t bad[81];
  memcpy(bad, ruby_solution, 81);
  uint8_t t = bad[3]; /* swap two cells of row 1: rows fine, columns not */
  bad[3] = bad[4];
  bad[4] = t;
  assert_int_equal(nonet_is_solution(NULL, bad), 0);
  assert_false(ref_is_solution(NULL, bad));
  memcpy(bad, ruby_solution, 81);
  bad[80] = 0;
  assert_int_equal(nonet_is_solution(NULL, bad), 0);
  /* a valid grid that disagrees with a given */
  uint8_t puzzle[81] = {0};
  puzzle[0] = 2;
  assert_int_equal(nonet_is_solution(puzzle, ruby_solution), 0);
}

static void test_strerror_and_counts(void **state) {
  (void)state;
  assert_string_equal(nonet_strerror(NONET_OK), "success");
  assert_string_equal(nonet_strerror(NONET_EPARSE), "malformed puzzle");
  assert_string_equal(nonet_strerror(12345), "unknown error");
  assert_int_equal(nonet_grid_count_givens(ruby_board), 45);
  assert_int_equal(nonet_grid_is_valid(ruby_board), 1);
  assert_string_equal(nonet_version(), NONET_VERSION_STRING);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_can_place_matches_ruby_specs),
      cmocka_unit_test(test_candidates),
      cmocka_unit_test(test_conflicts_named),
      cmocka_unit_test(test_is_solution),
      cmocka_unit_test(test_strerror_and_counts),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
