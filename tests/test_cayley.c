/* test_cayley.c: grids from a group's addition table
 * (src/variant/cayley.c). Every grid it returns is checked against every
 * rule by the independent referee (tests/support/vref.c); rules where the
 * search of the whole grid got lost (non-consecutive with other rules on
 * 12x12 and 16x16, 25x25 windoku with relations) must get grids within a
 * few tries, and different ones; Sudoku X on 6x6 (no group of order
 * 2 mod 4 has a transversal) gets none, at once. */
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

/* Rules under which the group grids are found (measured: 1 to 41 tries of
 * the generator's budget each), with their tries here. */
typedef struct rules_case {
  int n;
  const char *cons;
  int tries;
} rules_case;

static const rules_case cases[] = {
    {4, "diagonals", 200},
    {6, "anti-knight", 200},
    {8, "disjoint,anti-king", 200},
    {9, "diagonals,anti-king", 200},
    {9, "nonconsecutive", 200},
    {12, "nonconsecutive", 200},
    {12, "diagonals,anti-knight,nonconsecutive", 200},
    {12, "disjoint,anti-king,nonconsecutive", 200},
    {12, "anti-knight,anti-king,nonconsecutive", 200},
    /* none from an abelian group in 5 s of tries: from Z_6 x| Z_2 or
     * Z_3 x| Z_4 */
    {12, "diagonals,disjoint,anti-knight", 200},
    {12, "windoku,nonconsecutive", 200},
    {12, "diagonals,disjoint,anti-king,nonconsecutive", 200},
    {16, "windoku,anti-king,nonconsecutive", 200},
    {16, "diagonals,windoku,disjoint,anti-knight,nonconsecutive", 200},
    {16, "diagonals,disjoint,anti-knight,anti-king,nonconsecutive", 200},
    {25, "windoku,anti-knight", 200},
    {25, "disjoint,nonconsecutive", 200},
};

static nonet_variant *variant_of(int n, const char *list, vref_puzzle *p) {
  nonet_variant *v = NULL;
  int br, bc;
  assert_int_equal(nonet__v_default_box(n, &br, &bc), 1);
  assert_int_equal(nonet_variant_new(&v, n, br, bc, NULL, 0), NONET_OK);
  unsigned cons = 0;
  assert_int_equal(nonet_constraints_parse(list, &cons, NULL, 0), NONET_OK);
  assert_int_equal(nonet_variant_set_constraints(v, cons, NULL, 0), NONET_OK);
  memset(p, 0, sizeof *p);
  p->n = n, p->br = br, p->bc = bc;
  p->diagonals = strstr(list, "diagonals") != NULL;
  p->windoku = strstr(list, "windoku") != NULL;
  p->disjoint = strstr(list, "disjoint") != NULL;
  p->knight = strstr(list, "anti-knight") != NULL;
  p->king = strstr(list, "anti-king") != NULL;
  p->nonconsecutive = strstr(list, "nonconsecutive") != NULL;
  return v;
}

/* Up to `tries` tries at a grid; the number of tries taken (0: none). */
static int find(const nonet_variant *v, nonet_rng *rng, int tries,
                uint8_t *grid) {
  for (int t = 1; t <= tries; t++) {
    int got =
        nonet__v_cayley_grid(v->rules, v->br, v->bc, v->cons, rng,
                             VCAYLEY_STEPS * (unsigned)(v->n * v->n), grid);
    assert_true(got >= 0);
    if (got) return t;
  }
  return 0;
}

static void test_found_and_kept(void **state) {
  (void)state;
  static vref_puzzle p;
  static uint8_t a[VMAXC], b[VMAXC];
  for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
    const rules_case *c = &cases[k];
    nonet_variant *v = variant_of(c->n, c->cons, &p);
    nonet_rng rng;
    nonet_rng_seed(&rng, 100 + k);
    int ta = find(v, &rng, c->tries, a), tb = find(v, &rng, c->tries, b);
    if (!ta || !tb)
      fail_msg("%dx%d %s: no grid in %d tries", c->n, c->n, c->cons, c->tries);
    if (!vref_is_solution(&p, a) || !vref_is_solution(&p, b))
      fail_msg("%dx%d %s: a grid breaks a rule", c->n, c->n, c->cons);
    if (!nonet_variant_is_solution(v, NULL, a))
      fail_msg("%dx%d %s: the library disagrees", c->n, c->n, c->cons);
    if (memcmp(a, b, (size_t)(c->n * c->n)) == 0)
      fail_msg("%dx%d %s: the same grid twice", c->n, c->n, c->cons);
    printf("%dx%d %s: tries %d and %d\n", c->n, c->n, c->cons, ta, tb);
    nonet_variant_free(v);
  }
}

/* Sudoku X of order 2 mod 4: no group's table has a transversal (Hall
 * and Paige), so no try is made; without diagonals the same size has
 * grids. */
static void test_no_transversal(void **state) {
  (void)state;
  static vref_puzzle p;
  static uint8_t grid[VMAXC];
  nonet_rng rng;
  nonet_rng_seed(&rng, 7);
  nonet_variant *v = variant_of(6, "diagonals", &p);
  assert_int_equal(find(v, &rng, 50, grid), 0);
  nonet_variant_free(v);
  v = variant_of(6, "disjoint", &p);
  assert_true(find(v, &rng, 50, grid) > 0);
  assert_true(vref_is_solution(&p, grid));
  nonet_variant_free(v);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_found_and_kept),
      cmocka_unit_test(test_no_transversal),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
