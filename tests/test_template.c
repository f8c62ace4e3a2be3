/* test_template.c: the grids made by a formula (src/variant/template.c)
 * for disjoint groups and windoku. Every grid it makes, on every size and
 * box shape those rules take, is checked against the rules by the
 * independent referee (tests/support/vref.c, its own definition of
 * windows and disjoint groups); the grids of different random states
 * must differ, and every cell must take more than one digit over them
 * (the maps are random, not one grid). Rules the formula does not cover
 * must be declined. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "nonet.h"
#include "support/vref.h"
#include "variant/variant.h"

#define WINDOKU NONET_CONSTRAINT_WINDOKU
#define DISJOINT NONET_CONSTRAINT_DISJOINT

static const int sizes[] = {4, 6, 8, 9, 12, 16, 25};

/* The referee's puzzle of the rules: no givens. */
static void rules_of(vref_puzzle *p, int n, int br, int bc, unsigned cons) {
  memset(p, 0, sizeof *p);
  p->n = n, p->br = br, p->bc = bc;
  p->windoku = !!(cons & WINDOKU);
  p->disjoint = !!(cons & DISJOINT);
}

static int grids_checked;

/* `tries` grids of the rules, each checked; they must not all be one. */
static void check_rules(int n, int br, int bc, unsigned cons, int tries) {
  static vref_puzzle p;
  static uint8_t grid[VMAXC], first[VMAXC];
  uint32_t seen[VMAXC] = {0};
  rules_of(&p, n, br, bc, cons);
  nonet_rng rng;
  nonet_rng_seed(&rng, (uint64_t)(n * 1000 + br * 10 + cons));
  int nc = n * n, differ = 0;
  for (int t = 0; t < tries; t++) {
    nonet__v_template_grid(n, br, bc, cons, &rng, grid);
    if (!vref_is_solution(&p, grid))
      fail_msg("%dx%d, boxes %dx%d, constraints %u: grid %d breaks a rule", n,
               n, br, bc, cons, t);
    grids_checked++;
    if (t == 0) memcpy(first, grid, (size_t)nc);
    differ |= memcmp(first, grid, (size_t)nc) != 0;
    for (int c = 0; c < nc; c++) seen[c] |= 1u << (grid[c] - 1);
  }
  if (!differ) fail_msg("%dx%d constraints %u: one grid only", n, n, cons);
  for (int c = 0; c < nc; c++)
    if (!(seen[c] & (seen[c] - 1)))
      fail_msg("%dx%d constraints %u: cell %d always holds one digit", n, n,
               cons, c);
}

static void test_every_shape(void **state) {
  (void)state;
  int shapes = 0;
  for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
    int n = sizes[i];
    for (int br = 2; br < n; br++) {
      if (n % br || nonet__v_check_size(n, br, n / br, NULL, 0) != NONET_OK)
        continue;
      int bc = n / br;
      const unsigned sets[] = {DISJOINT, WINDOKU, WINDOKU | DISJOINT};
      for (int s = 0; s < 3; s++) {
        int fits = nonet__v_template_fits(n, br, bc, sets[s]);
        int square_windows = br == bc && nonet__v_window_count(n, br, bc) > 0;
        /* disjoint alone on any boxes; windoku where the boxes are square
         * and windows fit */
        assert_int_equal(fits, (sets[s] & WINDOKU) ? square_windows : 1);
        if (!fits) continue;
        check_rules(n, br, bc, sets[s], n >= 25 ? 8 : 30);
        shapes++;
      }
    }
  }
  /* 4, 9, 16, 25 take all three; 6, 8, 12 two box shapes each (disjoint) */
  assert_true(shapes >= 4 * 3 + 3 * 2);
  assert_true(grids_checked > 0);
}

static void test_declined(void **state) {
  (void)state;
  /* nothing to make: no constraints, or others beside these two */
  assert_int_equal(nonet__v_template_fits(9, 3, 3, 0), 0);
  assert_int_equal(
      nonet__v_template_fits(9, 3, 3, WINDOKU | NONET_CONSTRAINT_DIAGONALS), 0);
  assert_int_equal(
      nonet__v_template_fits(16, 4, 4, DISJOINT | NONET_CONSTRAINT_ANTI_KING),
      0);
  assert_int_equal(
      nonet__v_template_fits(25, 5, 5, NONET_CONSTRAINT_NONCONSECUTIVE), 0);
  /* a jigsaw (no boxes) */
  assert_int_equal(nonet__v_template_fits(9, 0, 0, DISJOINT), 0);
  assert_int_equal(nonet__v_template_fits(9, 0, 0, WINDOKU), 0);
  /* windoku on boxes that are not square */
  assert_int_equal(nonet__v_template_fits(12, 3, 4, WINDOKU), 0);
  assert_int_equal(nonet__v_template_fits(6, 2, 3, WINDOKU), 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_every_shape),
      cmocka_unit_test(test_declined),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
