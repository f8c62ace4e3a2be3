/* test_fast.c: every build of the fast solver (portable, and AVX2 and
 * AVX-512 where this library has them and the CPU runs them) against
 * the independent references: solution counts at several limits by the
 * Dancing Links counter, solutions by the rule checker; the entry point
 * from per-cell digit masks against a small counter of its own here; the
 * builds against each other (same count, same first solution, same
 * guesses: they run one algorithm). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "nonet.h"
#include "solver/solver.h"
#include "support/puzzles.h"
#include "support/ref.h"

/* ---- an independent counter for digit masks ---------------------------
 * Plain backtracking over cells, fewest candidates first; shares nothing
 * with the library. */
typedef struct mref {
  uint16_t allowed[81];
  uint8_t grid[81];
  uint16_t row[9], col[9], box[9];
  long found, limit;
  uint8_t first[81];
} mref;

static void mref_search(mref *m) {
  int best = -1, best_n = 10;
  uint16_t best_c = 0;
  for (int i = 0; i < 81; i++) {
    if (m->grid[i]) continue;
    int r = i / 9, c = i % 9, b = (r / 3) * 3 + c / 3;
    uint16_t cand =
        m->allowed[i] & (uint16_t) ~(m->row[r] | m->col[c] | m->box[b]);
    int n = 0;
    for (int d = 0; d < 9; d++) n += (cand >> d) & 1;
    if (n < best_n) {
      best_n = n;
      best = i;
      best_c = cand;
    }
  }
  if (best < 0) {
    if (m->found++ == 0) memcpy(m->first, m->grid, 81);
    return;
  }
  int r = best / 9, c = best % 9, b = (r / 3) * 3 + c / 3;
  for (int d = 0; d < 9 && m->found < m->limit; d++) {
    uint16_t bit = (uint16_t)(1u << d);
    if (!(best_c & bit)) continue;
    m->grid[best] = (uint8_t)(d + 1);
    m->row[r] |= bit;
    m->col[c] |= bit;
    m->box[b] |= bit;
    mref_search(m);
    m->row[r] &= (uint16_t)~bit;
    m->col[c] &= (uint16_t)~bit;
    m->box[b] &= (uint16_t)~bit;
    m->grid[best] = 0;
  }
}

static long mref_count(const uint16_t allowed[81], long limit, uint8_t *first) {
  mref *m = calloc(1, sizeof *m);
  assert_non_null(m);
  memcpy(m->allowed, allowed, sizeof m->allowed);
  m->limit = limit;
  mref_search(m);
  long n = m->found;
  if (n && first) memcpy(first, m->first, 81);
  free(m);
  return n;
}

/* ---- helpers ------------------------------------------------------------- */

static int nbackends(const nonet__backend_info *b[NONET__BACKENDS]) {
  int n = 0;
  for (int k = 0; k < NONET__BACKENDS; k++)
    if (nonet__backend(k)) b[n++] = nonet__backend(k);
  return n;
}

/* One build on one puzzle against the reference, at this limit. */
static void check_puzzle(const nonet__backend_info *b, const uint8_t p[81],
                         long limit) {
  uint8_t sol[81], ref_first[81];
  memset(sol, 0, sizeof sol);
  long got = b->solve(p, sol, limit, NULL);
  long want = ref_count(p, limit, ref_first);
  if (got != want)
    print_error("%s: %ld solutions, reference %ld (limit %ld)\n", b->name, got,
                want, limit);
  assert_int_equal(got, want);
  if (got > 0) assert_true(ref_is_solution(p, sol));
  if (limit >= 2 && want == 1) assert_memory_equal(sol, ref_first, 81);
}

/* A solution grid: the solved first known puzzle. */
static void solved_grid(uint8_t g[81]) {
  uint8_t p[81];
  ref_from_string(known_puzzles[1], p);
  assert_int_equal(ref_count(p, 1, g), 1);
}

/* ---- tests --------------------------------------------------------------- */

static void test_backends_present(void **state) {
  (void)state;
  const nonet__backend_info *b[NONET__BACKENDS];
  int n = nbackends(b);
  assert_true(n >= 1);
  assert_string_equal(b[0]->name, "portable");
  const char *chosen = nonet_solver_backend();
  printf("builds this CPU runs:");
  for (int k = 0; k < n; k++) printf(" %s", b[k]->name);
  printf("; nonet_solve uses %s\n", chosen);
  const char *env = getenv("NONET_PORTABLE");
  if (env && strcmp(env, "1") == 0) {
    assert_string_equal(chosen, "portable");
  } else if (n >= 3) {
    /* AVX-512: the 256-bit build on AMD's CPUs, the 512-bit one with few
     * operations on the others. The library tells AMD's by SSE4A, from
     * glibc's features; the vendor string and the feature bits that
     * libgcc's builtins read with cpuid are the independent answer (an
     * AMD CPU whose hypervisor hid SSE4A gets the 512-bit build: slower
     * there, but it runs) */
#if (defined(__x86_64__) || defined(__i386__)) && defined(__GNUC__)
    __builtin_cpu_init();
    int amd = __builtin_cpu_is("amd") && __builtin_cpu_supports("sse4a");
    assert_string_equal(chosen, amd ? "avx512" : "avx512-zmm");
#endif
  } else {
    /* the best build the CPU runs */
    assert_string_equal(chosen, b[n - 1]->name);
  }
}

/* The pick from the CPU's capabilities, every case (bit 0 AVX2, bit 1
 * AVX-512, bit 2 AMD's CPU), whatever this CPU is; the indexes are
 * nonet__backend's. */
static void test_backend_pick(void **state) {
  (void)state;
  enum { PORTABLE, AVX2, AVX512W, AVX512Z, AVX512 };
  assert_int_equal(nonet__backend_pick(0), PORTABLE);
  assert_int_equal(nonet__backend_pick(4), PORTABLE); /* old AMD, no AVX2 */
  assert_int_equal(nonet__backend_pick(1), AVX2);
  assert_int_equal(nonet__backend_pick(1 | 4), AVX2);       /* Zen 1-3 */
  assert_int_equal(nonet__backend_pick(1 | 2), AVX512Z);    /* Intel's */
  assert_int_equal(nonet__backend_pick(1 | 2 | 4), AVX512); /* Zen 4, 5 */
  (void)AVX512W;                                            /* by name only */
}

static void test_known_puzzles_all_builds(void **state) {
  (void)state;
  const nonet__backend_info *b[NONET__BACKENDS];
  int n = nbackends(b);
  for (int k = 0; k < n; k++)
    for (size_t i = 0; i < N_KNOWN_PUZZLES; i++) {
      uint8_t p[81];
      ref_from_string(known_puzzles[i], p);
      for (long limit = 1; limit <= 3; limit++) check_puzzle(b[k], p, limit);
    }
}

/* Random puzzles (isomorphs of a grid with random cells cleared) and
 * random grids of random digits (mostly conflicting): counts at random
 * limits against the reference. */
static void test_random_puzzles_all_builds(void **state) {
  (void)state;
  const nonet__backend_info *b[NONET__BACKENDS];
  int n = nbackends(b);
  nonet_rng rng;
  nonet_rng_seed(&rng, 4242);
  uint8_t g[81];
  solved_grid(g);
  int counts[4] = {0, 0, 0, 0}; /* none, one, several, hit the limit */
  for (int t = 0; t < 300; t++) {
    uint8_t iso[81], p[81];
    nonet_random_isomorph(g, iso, &rng);
    memset(p, 0, 81);
    int keep = 20 + (int)nonet_rng_below(&rng, 40);
    for (int k = 0; k < keep; k++) {
      int i = (int)nonet_rng_below(&rng, 81);
      p[i] = iso[i];
    }
    if (t % 3 == 0) /* a wrong given now and then */
      p[nonet_rng_below(&rng, 81)] = (uint8_t)(1 + nonet_rng_below(&rng, 9));
    long limit = 1 + (long)nonet_rng_below(&rng, 12);
    long want = ref_count(p, limit, NULL);
    counts[want == 0 ? 0 : want == 1 ? 1 : want < limit ? 2 : 3]++;
    for (int k = 0; k < n; k++) check_puzzle(b[k], p, limit);
  }
  for (int t = 0; t < 300; t++) {
    uint8_t p[81] = {0};
    int keep = (int)nonet_rng_below(&rng, 30);
    for (int k = 0; k < keep; k++)
      p[nonet_rng_below(&rng, 81)] = (uint8_t)(1 + nonet_rng_below(&rng, 9));
    for (int k = 0; k < n; k++) check_puzzle(b[k], p, 3);
  }
  printf("random puzzles: %d none, %d one, %d several, %d at the limit\n",
         counts[0], counts[1], counts[2], counts[3]);
  for (int k = 0; k < 4; k++) assert_true(counts[k] >= 10);
}

/* The limit is a count: the empty grid has exactly `limit` solutions
 * found, each call copying a valid first one. */
static void test_limits_all_builds(void **state) {
  (void)state;
  const nonet__backend_info *b[NONET__BACKENDS];
  int n = nbackends(b);
  uint8_t empty[81] = {0};
  long limits[] = {1, 2, 3, 17, 100, 1000};
  for (int k = 0; k < n; k++)
    for (size_t i = 0; i < sizeof limits / sizeof *limits; i++) {
      uint8_t sol[81];
      memset(sol, 0, sizeof sol);
      unsigned long long guesses = 0;
      assert_int_equal(b[k]->solve(empty, sol, limits[i], &guesses), limits[i]);
      assert_true(ref_is_solution(NULL, sol));
      assert_true(guesses > 0);
      assert_int_equal(b[k]->solve(empty, NULL, limits[i], NULL), limits[i]);
    }
  /* a puzzle that singles alone solve needs no guess */
  uint8_t p[81];
  ref_from_string(known_puzzles[N_KNOWN_PUZZLES - 1], p);
  for (int k = 0; k < n; k++) {
    unsigned long long guesses = 99;
    assert_int_equal(b[k]->solve(p, NULL, 2, &guesses), 1);
    assert_int_equal(guesses, 0);
  }
}

/* The builds agree with each other exactly: counts, first solutions of
 * puzzles with many solutions, and numbers of guesses. */
static void test_builds_agree(void **state) {
  (void)state;
  const nonet__backend_info *b[NONET__BACKENDS];
  int n = nbackends(b);
  if (n < 2) {
    printf("only the portable build runs here: nothing to compare\n");
    skip();
  }
  nonet_rng rng;
  nonet_rng_seed(&rng, 99);
  uint8_t g[81];
  solved_grid(g);
  for (int t = 0; t < 500; t++) {
    uint8_t iso[81], p[81];
    nonet_random_isomorph(g, iso, &rng);
    memset(p, 0, 81);
    int keep = 15 + (int)nonet_rng_below(&rng, 30);
    for (int k = 0; k < keep; k++) {
      int i = (int)nonet_rng_below(&rng, 81);
      p[i] = iso[i];
    }
    long limit = 1 + (long)nonet_rng_below(&rng, 5);
    uint8_t s0[81], s1[81];
    unsigned long long g0, g1;
    long n0 = b[0]->solve(p, s0, limit, &g0);
    for (int k = 1; k < n; k++) {
      long n1 = b[k]->solve(p, s1, limit, &g1);
      assert_int_equal(n1, n0);
      assert_int_equal(g1, g0);
      if (n0) assert_memory_equal(s1, s0, 81);
    }
    if (n0) assert_true(ref_is_solution(p, s0));
  }
}

/* A puzzle as masks: one digit for a given, all nine for an empty cell. */
static void masks_of(const uint8_t p[81], uint16_t m[81]) {
  for (int c = 0; c < 81; c++)
    m[c] = p[c] ? (uint16_t)(1u << (p[c] - 1)) : (uint16_t)0x1ff;
}

/* Masks with one digit for givens and all nine for empty cells are the
 * puzzle itself. */
static void test_masks_match_givens(void **state) {
  (void)state;
  const nonet__backend_info *b[NONET__BACKENDS];
  int n = nbackends(b);
  for (size_t i = 0; i < N_KNOWN_PUZZLES; i++) {
    uint8_t p[81];
    uint16_t m[81];
    ref_from_string(known_puzzles[i], p);
    masks_of(p, m);
    for (int k = 0; k < n; k++) {
      uint8_t s1[81], s2[81];
      long a = b[k]->solve(p, s1, 2, NULL),
           c = b[k]->solve_masks(m, s2, 2, NULL, 0);
      assert_int_equal(a, c);
      assert_int_equal(a, ref_count(p, 2, NULL));
      assert_memory_equal(s1, s2, 81);
    }
  }
}

/* The generator's question: with every given kept, is there a solution
 * where empty cell i is not its digit v? For a proper puzzle, never; and
 * where i is not some other digit, always (the unique solution). */
static void test_masks_exclusion_queries(void **state) {
  (void)state;
  const nonet__backend_info *b[NONET__BACKENDS];
  int n = nbackends(b);
  for (size_t i = 0; i < N_KNOWN_PUZZLES; i++) {
    uint8_t p[81], sol[81];
    ref_from_string(known_puzzles[i], p);
    assert_int_equal(ref_count(p, 2, sol), 1);
    uint16_t m[81];
    masks_of(p, m);
    for (int c = 0; c < 81; c++) {
      if (p[c]) continue;
      uint16_t keep = m[c];
      uint16_t v = (uint16_t)(1u << (sol[c] - 1));
      uint16_t other = (uint16_t)(1u << (sol[c] % 9)); /* a wrong digit */
      for (int k = 0; k < n; k++) {
        uint8_t s[81];
        m[c] = keep & (uint16_t)~v;
        assert_int_equal(b[k]->solve_masks(m, s, 1, NULL, 0), 0);
        m[c] = keep & (uint16_t)~other;
        assert_int_equal(b[k]->solve_masks(m, s, 1, NULL, 0), 1);
        assert_memory_equal(s, sol, 81);
      }
      m[c] = keep;
    }
  }
}

/* A budget of guesses: the masks search stops when it would make one
 * more than the budget, says -1 and that it made the budget; a budget
 * of exactly what the search needs changes nothing. */
static void test_masks_budget(void **state) {
  (void)state;
  const nonet__backend_info *b[NONET__BACKENDS];
  int n = nbackends(b);
  int cut = 0;
  for (size_t i = 0; i < N_KNOWN_PUZZLES; i++) {
    uint8_t p[81];
    uint16_t m[81];
    ref_from_string(known_puzzles[i], p);
    masks_of(p, m);
    for (int k = 0; k < n; k++) {
      uint8_t s[81];
      unsigned long long g0 = 0, g = 0;
      long n0 = b[k]->solve_masks(m, s, 2, &g0, 0);
      assert_int_equal(n0, ref_count(p, 2, NULL));
      assert_int_equal(b[k]->solve_masks(m, s, 2, &g, g0 ? g0 : 1), n0);
      assert_true(g == g0);
      if (g0 == 0) continue;
      g = 12345;
      assert_int_equal(b[k]->solve_masks(m, s, 2, &g, g0 - 1 ? g0 - 1 : 0),
                       g0 - 1 ? -1 : n0);
      if (g0 > 1) {
        assert_true(g == g0 - 1);
        cut++;
      }
    }
  }
  assert_true(cut > 0); /* some puzzle needed more than one guess */
}

/* Random masks around a solution grid: each cell allows its digit and
 * some others, or now and then a set without it. Counts at limits 1-6
 * against the counter above; solutions obey the rules and the masks. */
static void test_random_masks(void **state) {
  (void)state;
  const nonet__backend_info *b[NONET__BACKENDS];
  int n = nbackends(b);
  nonet_rng rng;
  nonet_rng_seed(&rng, 777);
  uint8_t g[81];
  solved_grid(g);
  int none = 0, one = 0, several = 0;
  for (int t = 0; t < 400; t++) {
    uint8_t iso[81];
    uint16_t m[81];
    nonet_random_isomorph(g, iso, &rng);
    uint32_t density = 1 + nonet_rng_below(&rng, 6); /* extra digits, of 16 */
    for (int c = 0; c < 81; c++) {
      uint16_t mask = (uint16_t)(1u << (iso[c] - 1));
      for (int d = 0; d < 9; d++)
        if (nonet_rng_below(&rng, 16) < density) mask |= (uint16_t)(1u << d);
      if (nonet_rng_below(&rng, 400) == 0)
        mask &= (uint16_t) ~(1u << (iso[c] - 1));
      m[c] = mask;
    }
    long limit = 1 + (long)nonet_rng_below(&rng, 6);
    uint8_t ref_first[81];
    long want = mref_count(m, limit, ref_first);
    none += want == 0;
    one += want == 1;
    several += want > 1;
    for (int k = 0; k < n; k++) {
      uint8_t s[81];
      long got = b[k]->solve_masks(m, s, limit, NULL, 0);
      if (got != want)
        print_error("%s: %ld solutions, reference %ld (limit %ld)\n",
                    b[k]->name, got, want, limit);
      assert_int_equal(got, want);
      if (got) {
        assert_true(ref_is_solution(NULL, s));
        for (int c = 0; c < 81; c++) assert_true((m[c] >> (s[c] - 1)) & 1u);
        if (want == 1 && limit >= 2) assert_memory_equal(s, ref_first, 81);
      }
    }
  }
  printf("random masks: %d none, %d one, %d several\n", none, one, several);
  assert_true(none >= 10 && one >= 10 && several >= 10);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_backends_present),
      cmocka_unit_test(test_backend_pick),
      cmocka_unit_test(test_known_puzzles_all_builds),
      cmocka_unit_test(test_random_puzzles_all_builds),
      cmocka_unit_test(test_limits_all_builds),
      cmocka_unit_test(test_builds_agree),
      cmocka_unit_test(test_masks_match_givens),
      cmocka_unit_test(test_masks_exclusion_queries),
      cmocka_unit_test(test_random_masks),
      cmocka_unit_test(test_masks_budget),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
