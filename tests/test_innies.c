/* test_innies.c: the sums that rules.c derives for killer puzzles with
 * the 45 rule (a house's innies; innies and outies of runs of rows, of
 * runs of columns, of rectangles of boxes and of jigsaw regions; innies
 * less outies of growing regions) hold in
 * every solution. For grids of many kinds (sizes 4 to 25, jigsaw, extra
 * regions) a solution grid is made (a jigsaw by the generator, with its
 * random regions; the others solved from empty, digits relabelled at
 * random); the test cuts its own random cages on it
 * (connected, no digit twice, some cells left out of every cage or not),
 * each with the grid's sum, and adds them through the public API. The
 * referee (tests/support/vref.c) checks the grid against those rules;
 * then every sum of the compiled rules (src/variant/variant.h) is added
 * up on the grid: the total must match, and the digits of a sum within a
 * house must differ. Nothing here searches: a wrong derivation (a cage
 * counted inside a region it leaves, an outie's sum off by one) fails on
 * the first layout that has it. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "core/bits.h"
#include "nonet.h"
#include "support/vref.h"
#include "support/vref_of.h"
#include "variant/variant.h"

typedef struct got {
  nonet_variant *v;
  uint8_t solution[NONET_VARIANT_MAX_CELLS];
} got;

typedef struct kind {
  int size, jigsaw;
  unsigned cons;
  int lo, hi; /* cells per cage */
  int leave;  /* one cell in `leave` is left out of every cage */
  int layouts;
} kind;

static const kind kinds[] = {
    {9, 0, 0, 2, 5, 0, 60},
    {9, 0, 0, 4, 8, 0, 60},
    {9, 0, 0, 1, 3, 0, 30},
    {9, 0, 0, 2, 6, 4, 40},
    {9, 1, 0, 2, 5, 0, 20},
    {9, 0, NONET_CONSTRAINT_DIAGONALS, 2, 5, 0, 30},
    {9, 0, NONET_CONSTRAINT_WINDOKU, 3, 6, 0, 30},
    {4, 0, 0, 2, 4, 0, 30},
    {6, 0, 0, 3, 5, 0, 30},
    {6, 1, 0, 2, 4, 5, 20},
    {8, 0, 0, 2, 5, 0, 20},
    {12, 0, 0, 2, 6, 0, 10},
    {16, 0, 0, 2, 6, 0, 6},
    {25, 0, 0, 2, 5, 0, 2},
};

static uint64_t rng = 88172645463325252ull;
static int below(int k) {
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return (int)(rng % (uint64_t)k);
}

static int keep(const nonet_variant_puzzle *p, void *ctx) {
  got *g = ctx;
  g->v = nonet_variant_copy(p->variant);
  memcpy(g->solution, p->solution, (size_t)(p->size * p->size));
  return 0;
}

/* A solution grid of the kind: a jigsaw from the generator (random
 * regions), else the first solution of the empty grid with its digits
 * relabelled at random. */
static void grid_of(const kind *k, uint64_t job, got *g) {
  char err[200];
  if (k->jigsaw) {
    nonet_variant_gen *o = nonet_variant_gen_new();
    char size[8];
    snprintf(size, sizeof size, "%d", k->size);
    assert_int_equal(nonet_variant_gen_parse(o, "seed", "5", err, sizeof err),
                     NONET_OK);
    assert_int_equal(nonet_variant_gen_parse(o, "size", size, err, sizeof err),
                     NONET_OK);
    assert_int_equal(
        nonet_variant_gen_parse(o, "jigsaw", NULL, err, sizeof err), NONET_OK);
    assert_int_equal(nonet_variant_gen_check(o, err, sizeof err), NONET_OK);
    nonet_gen_stats st;
    memset(&st, 0, sizeof st);
    assert_int_equal(nonet_variant_generate_job(o, job, keep, g, &st), 1);
    nonet_variant_gen_free(o);
    return;
  }
  static uint8_t none[NONET_VARIANT_MAX_CELLS];
  uint8_t relabel[NONET_VARIANT_MAX_SIZE + 1];
  assert_int_equal(nonet_variant_new(&g->v, k->size, 0, 0, err, sizeof err),
                   NONET_OK);
  assert_int_equal(
      nonet_variant_set_constraints(g->v, k->cons, err, sizeof err), NONET_OK);
  assert_int_equal(nonet_variant_solve(g->v, none, g->solution, 1, NULL), 1);
  for (int d = 1; d <= k->size; d++) relabel[d] = (uint8_t)d;
  for (int d = k->size; d > 1; d--) {
    int j = 1 + below(d), t = relabel[d];
    relabel[d] = relabel[j];
    relabel[j] = (uint8_t)t;
  }
  for (int c = 0; c < k->size * k->size; c++)
    g->solution[c] = relabel[g->solution[c]];
}

/* Cuts random cages of lo..hi cells on the grid (grown from a free cell
 * through free neighbours whose digit the cage lacks), leaving about one
 * cell in `leave` out of every cage (none when 0). */
static void cut_cages(got *g, int lo, int hi, int leave) {
  int n = nonet_variant_size(g->v), nc = n * n;
  int16_t owner[NONET_VARIANT_MAX_CELLS];
  int order[NONET_VARIANT_MAX_CELLS];
  memset(owner, 0xff, sizeof owner);
  for (int c = 0; c < nc; c++) order[c] = c;
  for (int c = nc - 1; c > 0; c--) {
    int j = below(c + 1), t = order[c];
    order[c] = order[j];
    order[j] = t;
  }
  int ncages = 0;
  for (int t = 0; t < nc; t++) {
    int start = order[t];
    if (owner[start] >= 0) continue;
    if (leave && below(leave) == 0) {
      owner[start] = -2; /* left out */
      continue;
    }
    int cells[NONET_VARIANT_MAX_SIZE], k = 1, want = lo + below(hi - lo + 1);
    uint32_t digits = 1u << g->solution[start];
    cells[0] = start;
    owner[start] = (int16_t)ncages;
    while (k < want) {
      int cand[4 * NONET_VARIANT_MAX_SIZE], m = 0;
      for (int i = 0; i < k; i++) {
        int c = cells[i], r = c / n, col = c % n;
        int near[4] = {r > 0 ? c - n : -1, r < n - 1 ? c + n : -1,
                       col > 0 ? c - 1 : -1, col < n - 1 ? c + 1 : -1};
        for (int j = 0; j < 4; j++)
          if (near[j] >= 0 && owner[near[j]] == -1 &&
              !(digits >> g->solution[near[j]] & 1))
            cand[m++] = near[j];
      }
      if (!m) break;
      int c = cand[below(m)];
      cells[k++] = c;
      owner[c] = (int16_t)ncages;
      digits |= 1u << g->solution[c];
    }
    int sum = 0;
    for (int i = 0; i < k; i++) sum += g->solution[cells[i]];
    char err[200];
    if (nonet_variant_add_cage(g->v, sum, cells, (size_t)k, err, sizeof err) !=
        NONET_OK)
      fail_msg("add_cage: %s", err);
    ncages++;
  }
}

/* Checks every derived sum of g's rules on its grid; counts them by kind
 * (within a house, across houses) and those of one cell. */
static void check_sums(const got *g, int *in_house, int *across, int *single,
                       int *signed_sums) {
  static vref_puzzle p;
  static uint8_t none[NONET_VARIANT_MAX_CELLS];
  vref_of(g->v, none, &p);
  assert_true(vref_is_solution(&p, g->solution));
  const vrules *r = g->v->rules;
  assert_non_null(r);
  for (int s = 0; s < r->nsums; s++) {
    const vsum *sum = &r->sums[s];
    const vgroup *grp = &r->groups[sum->group];
    const uint16_t *cells = r->gcells + grp->first;
    int total = 0;
    uint32_t seen = 0;
    /* the last sum->neg cells count negatively: each digit d as n + 1 - d
     * (the derived sum includes (n + 1) per such cell) */
    for (int i = 0; i < grp->size; i++) {
      int d = g->solution[cells[i]];
      total += i >= grp->size - sum->neg ? r->n + 1 - d : d;
      if (grp->kind != VG_LIN && (seen >> d & 1))
        fail_msg("sum %d (%d cells, kind %d): digit %d twice", s, grp->size,
                 grp->kind, d);
      seen |= 1u << d;
    }
    if (total != sum->sum)
      fail_msg("sum %d (%d cells from r%dc%d, kind %d): %d in the grid, "
               "%d derived",
               s, grp->size, cells[0] / r->n + 1, cells[0] % r->n + 1,
               grp->kind, total, sum->sum);
    if (grp->kind == VG_SUM) ++*in_house;
    if (grp->kind == VG_LIN) ++*across;
    if (sum->neg) ++*signed_sums;
    if (grp->kind >= VG_SUM && grp->size == 1) ++*single;
  }
}

static void test_derived_sums_hold(void **state) {
  (void)state;
  int in_house = 0, across = 0, single = 0, signed_sums = 0, layouts = 0;
  for (size_t k = 0; k < sizeof kinds / sizeof *kinds; k++)
    for (int j = 0; j < kinds[k].layouts; j++) {
      got g;
      memset(&g, 0, sizeof g);
      grid_of(&kinds[k], (uint64_t)j, &g);
      cut_cages(&g, kinds[k].lo, kinds[k].hi, kinds[k].leave);
      check_sums(&g, &in_house, &across, &single, &signed_sums);
      nonet_variant_free(g.v);
      layouts++;
    }
  print_message("%d layouts: %d derived sums within a house, %d across "
                "houses (%d of them innies less outies), %d of one cell\n",
                layouts, in_house, across, signed_sums, single);
  /* the derivations are alive: each kind shows up */
  assert_true(in_house > layouts);
  assert_true(across > layouts);
  assert_true(single > 0);
  assert_true(signed_sums > layouts);
}

/* The digit (1..) of the j-th candidate (from 0) of m. */
static int nth_digit(uint32_t m, int j) {
  for (; j > 0; j--) m &= m - 1;
  return nn_ctz(m) + 1;
}

/* linear.c's filter of a sum whose digits may repeat (its last `neg`
 * cells counting negatively) against brute force, on random sums of 1-5
 * cells with 1-4 candidates each, sizes 9 to 25: it never calls a sum
 * that some choice makes a contradiction, never drops a digit of such a
 * choice, and where its remainder is 63 or less (its exact filter) keeps
 * exactly those digits. Sums over 63 (from 12x12 up) were taken for
 * contradictions once: 25x25 cages-only killers had "no solution". */
static void test_lin_drops(void **state) {
  (void)state;
  static const int sizes[] = {9, 12, 16, 25};
  nonet_rng gen;
  nonet_rng_seed(&gen, 64);
  int over63 = 0, contradictions = 0;
  for (int t = 0; t < 20000; t++) {
    int n = sizes[t % 4], k = 1 + (int)nonet_rng_below(&gen, 5);
    int neg = (int)nonet_rng_below(&gen, (uint32_t)k + 1), pos = k - neg;
    uint32_t v[5], drop[5], need[5] = {0};
    int pick[5];
    for (int i = 0; i < k; i++) {
      int m = 1 + (int)nonet_rng_below(&gen, 4);
      v[i] = 0;
      while (nn_popcount(v[i]) < m)
        v[i] |= 1u << nonet_rng_below(&gen, (uint32_t)n);
    }
    /* the sum of one choice (each negative digit d taken as n + 1 - d),
     * or any total */
    int total = 0;
    for (int i = 0; i < k; i++) {
      int d = nth_digit(
          v[i], (int)nonet_rng_below(&gen, (uint32_t)nn_popcount(v[i])));
      total += i < pos ? d : n + 1 - d;
    }
    if (t % 3 == 2) total = k + (int)nonet_rng_below(&gen, (uint32_t)(k * n));
    /* brute force: every choice */
    int exists = 0;
    for (int i = 0; i < k; i++) pick[i] = 0;
    for (;;) {
      int sum = 0;
      for (int i = 0; i < k; i++) {
        int d = nth_digit(v[i], pick[i]);
        sum += i < pos ? d : n + 1 - d;
      }
      if (sum == total) {
        exists = 1;
        for (int i = 0; i < k; i++)
          need[i] |= 1u << (nth_digit(v[i], pick[i]) - 1);
      }
      int i = 0;
      while (i < k && ++pick[i] == nn_popcount(v[i])) pick[i++] = 0;
      if (i == k) break;
    }
    int rem = total, single = 0;
    for (int i = 0; i < k; i++)
      if (nn_popcount(v[i]) == 1) {
        rem -= i < pos ? nn_ctz(v[i]) + 1 : n - nn_ctz(v[i]);
        single++;
      }
    over63 += rem > 63;
    vsum sum = {0, total, VS_LINEAR, NULL, neg};
    for (int bounds_first = 0; bounds_first < 2; bounds_first++) {
      int ok = nonet__v_lin_drops(&sum, n, k, v, bounds_first, drop);
      if (!ok) {
        if (exists)
          fail_msg("n %d, %d cells (%d negative), total %d: a contradiction, "
                   "but a choice makes it",
                   n, k, neg, total);
        contradictions++;
        continue;
      }
      for (int i = 0; i < k; i++) {
        if (drop[i] & need[i])
          fail_msg("n %d, %d cells (%d negative), total %d: cell %d loses "
                   "digits %#x of a choice that makes it",
                   n, k, neg, total, i, drop[i] & need[i]);
        if (nn_popcount(v[i]) == 1)
          assert_int_equal(drop[i], 0);
        else if (!bounds_first && rem <= 63 && single < k)
          assert_int_equal(v[i] & ~drop[i], need[i]);
      }
    }
  }
  print_message("%d sums with a remainder over 63, %d contradictions\n", over63,
                contradictions);
  assert_true(over63 > 200);
  assert_true(contradictions > 100);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_derived_sums_hold),
      cmocka_unit_test(test_lin_drops),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
