/* test_serate_data.c: agreement with Sudoku Explainer on the shared
 * reference lists, against the accuracy goal: ER identical on at least
 * 95% of the puzzles and within 0.2 on at least 99%; EP and ED identical
 * on at least 95% (where given).
 *
 * - se_rated_top1465_200.tsv: classic SE 1.2.1 ratings (ER, EP, ED).
 * - sx_rated_sample.tsv: Sukaku Explainer ratings, which agree with
 *   classic SE below 4.0 and from 7.2 up: only those are compared (the
 *   other puzzles are not rated here). Below 4.0 the goal above applies.
 *   From 7.2 up Sukaku Explainer still differs from classic SE on some
 *   puzzles: rating these puzzles with classic SE 1.2.1 itself gave 94.0%
 *   identical and 96.3% within 0.2 of the file (1584 puzzles). A rater
 *   that follows classic SE cannot do better there, so that part must
 *   reach 93% and 95%.
 *
 * Every disagreement is reported: puzzle, SE's ER, ours, and the step
 * that decided ours. Skips when ../shared/data is absent;
 * NONET_DATA_LIMIT=N rates only the first N puzzles of each comparison. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "nonet.h"
#include "support/ref.h"

/* Parses "d.d" into tenths; -1 when absent. */
static int tenths(const char **s) {
  while (**s == '\t' || **s == ' ') (*s)++;
  int a, b;
  if (sscanf(*s, "%d.%d", &a, &b) != 2) return -1;
  while (**s && **s != '\t' && **s != '\n') (*s)++;
  return a * 10 + b;
}

/* Rates the puzzles of `name` whose reference ER is in [lo, hi) and
 * checks the share identical (want_same %) and within 0.2 (want_near %). */
static void check(const char *name, int compare_ep_ed, int lo, int hi,
                  int want_same, int want_near) {
  const char *path = ref_data_path(name);
  FILE *f = path ? fopen(path, "r") : NULL;
  if (!f) {
    printf("%s not present: skipped\n", name);
    skip();
  }
  long limit = 0;
  const char *lim = getenv("NONET_DATA_LIMIT");
  if (lim && atol(lim) > 0) limit = atol(lim);
  char line[512];
  long n = 0, er_same = 0, er_near = 0, ep_same = 0, ed_same = 0, seen = 0;
  while (fgets(line, sizeof line, f)) {
    if (line[0] == '#' || strlen(line) < 82) continue;
    const char *s = line + 81;
    int er = tenths(&s), ep = compare_ep_ed ? tenths(&s) : -1,
        ed = compare_ep_ed ? tenths(&s) : -1;
    assert_true(er > 0);
    if (er < lo || er >= hi) continue;
    if (limit && seen >= limit) break;
    seen++;
    uint8_t cells[81];
    ref_from_string(line, cells);
    nonet_rating r;
    assert_int_equal(nonet_rate(cells, &r), NONET_OK);
    n++;
    er_same += r.er == er;
    er_near += abs(r.er - er) <= 2;
    ep_same += r.ep == ep;
    ed_same += r.ed == ed;
    if (r.er != er || (compare_ep_ed && (r.ep != ep || r.ed != ed)))
      printf("disagreement: %.81s SE %d.%d/%d.%d/%d.%d ours %d.%d/%d.%d/%d.%d "
             "by %s\n",
             line, er / 10, er % 10, ep / 10, ep % 10, ed / 10, ed % 10,
             r.er / 10, r.er % 10, r.ep / 10, r.ep % 10, r.ed / 10, r.ed % 10,
             r.technique);
  }
  fclose(f);
  assert_true(n > 0);
  printf("%s", name);
  if (lo > 0) printf(", ER from %d.%d", lo / 10, lo % 10);
  if (hi < 1000) printf(", ER below %d.%d", hi / 10, hi % 10);
  printf(": %ld puzzles compared: ER identical %.2f%%, within 0.2 %.2f%%", n,
         100.0 * er_same / n, 100.0 * er_near / n);
  if (compare_ep_ed)
    printf(", EP identical %.2f%%, ED identical %.2f%%", 100.0 * ep_same / n,
           100.0 * ed_same / n);
  printf("\n");
  assert_true(er_same * 100 >= n * want_same);
  assert_true(er_near * 100 >= n * want_near);
  if (compare_ep_ed) {
    assert_true(ep_same * 100 >= n * 95);
    assert_true(ed_same * 100 >= n * 95);
  }
}

static void test_top1465_200(void **s) {
  (void)s;
  check("se_rated_top1465_200.tsv", 1, 0, 1000, 95, 99);
}

static void test_sx_below_4(void **s) {
  (void)s;
  check("sx_rated_sample.tsv", 0, 0, 40, 95, 99);
}

static void test_sx_from_7_2(void **s) {
  (void)s;
  check("sx_rated_sample.tsv", 0, 72, 1000, 93, 95);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_top1465_200),
      cmocka_unit_test(test_sx_below_4),
      cmocka_unit_test(test_sx_from_7_2),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
