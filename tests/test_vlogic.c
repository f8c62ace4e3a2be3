/* test_vlogic.c: the logic engine of variant puzzles (nonet_vlogic_*).
 * - One case per technique, in a grid built for it (candidates removed by
 *   hand where the case needs it), the technique alone switched on: its
 *   exact placements and eliminations, written out here;
 * - the texts: notation and words of some of those steps, letters for
 *   digits above 9, the JSON;
 * - every step of every path of generated puzzles of every kind (sizes,
 *   jigsaw, extra regions, relations, killer) sound: each placement is,
 *   and each elimination is not, the digit of the one solution, which the
 *   engine and the independent referee (tests/support/vref.c: its own
 *   reading of the JSON object, its own rules, Dancing Links) agree on;
 *   every path solves with trial and error, and without it either solves
 *   or stops where no technique applies, the solution still in the
 *   candidates. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "nonet.h"
#include "support/stopper.h"
#include "support/vref.h"

#define MAXC NONET_VARIANT_MAX_CELLS

static nonet_variant *make(int n, int br, int bc, unsigned cons) {
  nonet_variant *v = NULL;
  char err[160];
  assert_int_equal(nonet_variant_new(&v, n, br, bc, err, sizeof err), NONET_OK);
  if (cons)
    assert_int_equal(nonet_variant_set_constraints(v, cons, err, sizeof err),
                     NONET_OK);
  return v;
}

static void cage(nonet_variant *v, int sum, const int *cells, size_t n) {
  char err[160];
  if (nonet_variant_add_cage(v, sum, cells, n, err, sizeof err) != NONET_OK)
    fail_msg("cage: %s", err);
}

/* A state of an empty grid, or of `puzzle` (N*N symbols, '.' empty). */
static nonet_vlogic_state *start(const nonet_variant *v, const char *puzzle) {
  static nonet_vlogic_state s;
  uint8_t cells[MAXC] = {0};
  int n = nonet_variant_size(v);
  for (int i = 0; puzzle && i < n * n; i++)
    cells[i] = (uint8_t)(puzzle[i] == '.'  ? 0
                         : puzzle[i] > '9' ? puzzle[i] - 'A' + 10
                                           : puzzle[i] - '0');
  int rc = nonet_vlogic_init(&s, v, cells);
  assert_true(rc == NONET_OK);
  return &s;
}

static void drop(nonet_vlogic_state *s, int cell, int digit) {
  s->cand[cell] &= ~(1u << (digit - 1));
}

/* nonet_vlogic_find with `tech` alone. */
static int find_with(const nonet_vlogic_state *s, nonet_vtech tech,
                     nonet_vstep *step) {
  nonet_vlogic_options *o = nonet_vlogic_options_new();
  assert_int_equal(nonet_vlogic_options_set_order(o, &tech, 1), NONET_OK);
  int r = nonet_vlogic_find(s, o, step);
  nonet_vlogic_options_free(o);
  return r;
}

/* Finds a step with `tech` alone. */
static nonet_vstep *find_only(const nonet_vlogic_state *s, nonet_vtech tech) {
  static nonet_vstep step;
  if (find_with(s, tech, &step) != 1)
    fail_msg("%s: no step", nonet_vtech_name(tech));
  assert_int_equal(step.technique, tech);
  return &step;
}

/* Whether `tech` alone finds nothing. */
static int finds_none(const nonet_vlogic_state *s, nonet_vtech tech) {
  static nonet_vstep step;
  return find_with(s, tech, &step) == 0;
}

/* The step's eliminations are exactly these (cell, digit) pairs. */
static void expect_elims(const nonet_vstep *s, const int (*want)[2], int n) {
  char text[8192];
  nonet_vstep_text(s, NONET_TEXT_NOTATION, text, sizeof text);
  if (s->nelim != n)
    fail_msg("%d eliminations, %d expected: %s", s->nelim, n, text);
  for (int k = 0; k < n; k++) {
    int found = 0;
    for (int j = 0; j < s->nelim && !found; j++)
      found = s->elim[j].cell == want[k][0] && s->elim[j].digit == want[k][1];
    if (!found)
      fail_msg("r%dc%d<>%d missing: %s", want[k][0] / s->size + 1,
               want[k][0] % s->size + 1, want[k][1], text);
  }
}

static void expect_text(const nonet_vstep *s, nonet_text_style style,
                        const char *want) {
  char text[8192];
  nonet_vstep_text(s, style, text, sizeof text);
  assert_string_equal(text, want);
}

/* A step's text of a style holds `part`. */
static void expect_text_has(const nonet_vstep *s, nonet_text_style style,
                            const char *part) {
  char text[8192];
  assert_true(nonet_vstep_text(s, style, text, sizeof text) > 0);
  if (!strstr(text, part)) fail_msg("'%s' not in '%s'", part, text);
}

/* Eliminations of `digits` (a list ending with 0) from `cells` (ending
 * with -1), into want; returns their number. */
static int cross(int (*want)[2], const int *cells, const int *digits) {
  int n = 0;
  for (const int *c = cells; *c >= 0; c++)
    for (const int *d = digits; *d; d++) want[n][0] = *c, want[n++][1] = *d;
  return n;
}

/* ---- one case per technique ----------------------------------------- */

static void test_singles(void **state) {
  (void)state;
  nonet_variant *v = make(4, 2, 2, 0);
  nonet_vstep *s =
      find_only(start(v, "123............."), NONET_VTECH_FULL_HOUSE);
  assert_int_equal(s->nplace, 1);
  assert_int_equal(s->place[0].cell, 3);
  assert_int_equal(s->place[0].digit, 4);
  assert_int_equal(s->nelim, 0);
  expect_text(s, NONET_TEXT_NOTATION, "Full House: r1c4=4");
  expect_text(s, NONET_TEXT_WORDS,
              "r1c4 is the last empty cell of row 1, so "
              "it takes the missing digit, 4.");
  /* r1c3: 1, 2 in its row, 3 in its box */
  s = find_only(start(v, "12....3........."), NONET_VTECH_NAKED_SINGLE);
  assert_int_equal(s->place[0].cell, 2);
  assert_int_equal(s->place[0].digit, 4);
  expect_text(s, NONET_TEXT_NOTATION, "Naked Single: r1c3=4");
  expect_text(s, NONET_TEXT_NUDGE, "Look for a Naked Single in box 2.");
  /* the pattern: the cell, not the digit it takes */
  expect_text(s, NONET_TEXT_PATTERN, "Naked Single: r1c3");
  nonet_variant_free(v);
  /* a hidden single in the main diagonal: 7 left out of its other cells */
  v = make(9, 3, 3, NONET_CONSTRAINT_DIAGONALS);
  nonet_vlogic_state *st = start(v, NULL);
  for (int k = 0; k < 9; k++)
    if (k != 4) drop(st, k * 10, 7);
  s = find_only(st, NONET_VTECH_HIDDEN_SINGLE);
  assert_int_equal(s->place[0].cell, 40);
  assert_int_equal(s->place[0].digit, 7);
  expect_text(s, NONET_TEXT_NOTATION, "Hidden Single: r5c5=7 in d1");
  expect_text(s, NONET_TEXT_PATTERN, "Hidden Single: r5c5 in d1");
  expect_text(s, NONET_TEXT_WORDS,
              "In the main diagonal, 7 can only go in r5c5.");
  nonet_variant_free(v);
  /* 16x16: digits above 9 as letters, rows above 9 in two figures */
  v = make(16, 4, 4, 0);
  st = start(v, NULL);
  st->cand[11 * 16 + 2] = 1u << 15;
  s = find_only(st, NONET_VTECH_NAKED_SINGLE);
  expect_text(s, NONET_TEXT_NOTATION, "Naked Single: r12c3=G");
  nonet_variant_free(v);
}

static void test_relations(void **state) {
  (void)state;
  /* a placed digit leaves the cells that see it by a relation */
  nonet_variant *v = make(4, 2, 2, NONET_CONSTRAINT_NONCONSECUTIVE);
  nonet_vlogic_state *s = start(v, ".2..............");
  assert_int_equal(s->cand[0], 1u << 3);    /* r1c1: not 2, nor 1 or 3 */
  assert_int_equal(s->cand[2], 1u << 3);    /* r1c3 likewise */
  assert_int_equal(s->cand[5], 1u << 3);    /* r2c2 likewise */
  assert_int_equal(s->cand[3], 0xfu & ~2u); /* r1c4: its row holds 2 */
  assert_int_equal(s->cand[4], 0xfu & ~2u); /* r2c1: its box holds 2 */
  assert_int_equal(s->cand[6], 0xfu);       /* r2c3: nothing */
  nonet_variant_free(v);
  v = make(9, 3, 3, NONET_CONSTRAINT_ANTI_KNIGHT | NONET_CONSTRAINT_ANTI_KING);
  char p[82];
  memset(p, '.', 81);
  p[81] = 0;
  p[40] = '5'; /* r5c5 */
  s = start(v, p);
  static const int knight[] = {21, 23, 29, 33, 47, 51, 57, 59};
  static const int king[] = {30, 31, 32, 39, 41, 48, 49, 50};
  for (int k = 0; k < 8; k++) {
    assert_false(s->cand[knight[k]] & 1u << 4);
    assert_false(s->cand[king[k]] & 1u << 4);
  }
  assert_false(s->cand[22] & 1u << 4); /* r3c5: the same column */
  assert_true(s->cand[20] & 1u << 4);  /* r3c3: not related */
  nonet_variant_free(v);
}

static void test_cage_combination(void **state) {
  (void)state;
  nonet_variant *v = make(9, 3, 3, 0);
  cage(v, 10, (const int[]){0, 1}, 2);  /* 1+9, 2+8, 3+7, 4+6 */
  cage(v, 17, (const int[]){9, 10}, 2); /* 8+9 alone: easier, shown first */
  nonet_vstep *s = find_only(start(v, NULL), NONET_VTECH_CAGE_COMBINATION);
  int want[64][2];
  int n = cross(want, (const int[]){9, 10, -1},
                (const int[]){1, 2, 3, 4, 5, 6, 7, 0});
  expect_elims(s, want, n);
  expect_text(s, NONET_TEXT_NOTATION,
              "Cage Combination: 17 in r2c1,r2c2 (cage r2c1): 8+9 => "
              "r2c1,r2c2<>1,2,3,4,5,6,7");
  expect_text(s, NONET_TEXT_WORDS,
              "The empty cells r2c1, r2c2 of the cage at r2c1 (sum 17) add up "
              "to 17 with 2 different digits; only 8+9 fit their candidates, "
              "so: remove 1, 2, 3, 4, 5, 6 and 7 from r2c1 and r2c2.");
  /* 4 placed in the 10-cage: r1c2 is 6 (one set, as the 17-cage's: the
   * first cage of the fewest sets is shown) */
  char p[82];
  memset(p, '.', 81);
  p[81] = 0;
  p[0] = '4';
  s = find_only(start(v, p), NONET_VTECH_CAGE_COMBINATION);
  assert_int_equal(s->ncombos, 1);
  assert_int_equal(s->units[0].cell, 0);
  assert_int_equal(s->sum, 6);
  n = cross(want, (const int[]){1, -1}, (const int[]){1, 2, 3, 5, 7, 8, 9, 0});
  expect_elims(s, want, n);
  nonet_variant_free(v);
}

static void test_locked(void **state) {
  (void)state;
  nonet_variant *v = make(9, 3, 3, NONET_CONSTRAINT_DIAGONALS);
  nonet_vlogic_state *st = start(v, NULL);
  /* 5 in box 1 only in r1c1, r1c2 */
  static const int gone[] = {2, 9, 10, 11, 18, 19, 20};
  for (int k = 0; k < 7; k++) drop(st, gone[k], 5);
  nonet_vstep *s = find_only(st, NONET_VTECH_LOCKED_CANDIDATES);
  int want[16][2];
  int n = cross(want, (const int[]){3, 4, 5, 6, 7, 8, -1}, (const int[]){5, 0});
  expect_elims(s, want, n);
  expect_text(s, NONET_TEXT_NOTATION,
              "Locked Candidates: 5 in b1 & r1 => r1c4,r1c5,r1c6,r1c7,r1c8,"
              "r1c9<>5");
  /* a cage whose every set holds 9, its 9s in one row: 9 leaves the row */
  nonet_variant_free(v);
  v = make(9, 3, 3, 0);
  cage(v, 17, (const int[]){30, 31}, 2); /* r4c4, r4c5: 8+9 */
  st = start(v, NULL);
  s = find_only(st, NONET_VTECH_LOCKED_CANDIDATES);
  n = cross(want, (const int[]){27, 28, 29, 32, 33, 34, 35, -1},
            (const int[]){8, 0});
  /* 8 and 9 both: the first found is 8 (digits in order), in the row */
  expect_elims(s, want, n);
  assert_int_equal(s->units[0].kind, NONET_VUNIT_CAGE);
  nonet_variant_free(v);
}

static void test_subsets(void **state) {
  (void)state;
  nonet_variant *v = make(9, 3, 3, 0);
  int want[64][2], n;
  static const int rest2[] = {2, 3, 4, 5, 6, 7, 8, -1},
                   rest3[] = {3, 4, 5, 6, 7, 8, -1},
                   rest4[] = {4, 5, 6, 7, 8, -1};
  /* naked pair 1,2 in r1c1, r1c2 */
  nonet_vlogic_state *st = start(v, NULL);
  st->cand[0] = st->cand[1] = 3;
  nonet_vstep *s = find_only(st, NONET_VTECH_NAKED_PAIR);
  n = cross(want, rest2, (const int[]){1, 2, 0});
  expect_elims(s, want, n);
  expect_text(s, NONET_TEXT_PATTERN, "Naked Pair: 1,2 in r1c1,r1c2 (r1)");
  /* naked triple 1,2,3 */
  st = start(v, NULL);
  st->cand[0] = 3, st->cand[1] = 6, st->cand[2] = 5;
  s = find_only(st, NONET_VTECH_NAKED_TRIPLE);
  n = cross(want, rest3, (const int[]){1, 2, 3, 0});
  expect_elims(s, want, n);
  /* naked quad 1,2,3,4 */
  st = start(v, NULL);
  st->cand[0] = 3, st->cand[1] = 6, st->cand[2] = 12, st->cand[3] = 9;
  s = find_only(st, NONET_VTECH_NAKED_QUAD);
  n = cross(want, rest4, (const int[]){1, 2, 3, 4, 0});
  expect_elims(s, want, n);
  /* hidden pair, triple, quad: the digits gone from the rest of row 1 */
  static const nonet_vtech hidden[] = {NONET_VTECH_HIDDEN_PAIR,
                                       NONET_VTECH_HIDDEN_TRIPLE,
                                       NONET_VTECH_HIDDEN_QUAD};
  for (int k = 2; k <= 4; k++) {
    st = start(v, NULL);
    for (int c = k; c < 9; c++)
      for (int d = 1; d <= k; d++) drop(st, c, d);
    s = find_only(st, hidden[k - 2]);
    int cells[5], digits[10], m = 0;
    for (int c = 0; c < k; c++) cells[c] = c;
    cells[k] = -1;
    for (int d = k + 1; d <= 9; d++) digits[m++] = d;
    digits[m] = 0;
    n = cross(want, cells, digits);
    expect_elims(s, want, n);
  }
  expect_text(s, NONET_TEXT_WORDS,
              "In row 1, the digits 1,2,3,4 can only go in r1c1, r1c2, r1c3, "
              "r1c4, so those cells hold nothing else: remove 5, 6, 7, 8 and 9 "
              "from r1c1, r1c2, r1c3 and r1c4.");
  /* a naked pair in a cage alone (r1c3, r2c4 share no house): the cage's
   * other cell loses its digits */
  nonet_variant_free(v);
  v = make(9, 3, 3, 0);
  cage(v, 12, (const int[]){2, 3, 12}, 3);
  st = start(v, NULL);
  st->cand[2] = st->cand[12] = 3;
  s = find_only(st, NONET_VTECH_NAKED_PAIR);
  n = cross(want, (const int[]){3, -1}, (const int[]){1, 2, 0});
  expect_elims(s, want, n);
  expect_text(s, NONET_TEXT_PATTERN,
              "Naked Pair: 1,2 in r1c3,r2c4 (cage r1c3)");
  nonet_variant_free(v);
}

static void test_fish(void **state) {
  (void)state;
  nonet_variant *v = make(9, 3, 3, 0);
  int want[64][2], n = 0;
  /* X-Wing: 9 in rows 1 and 5 only in columns 2 and 6 */
  nonet_vlogic_state *st = start(v, NULL);
  for (int c = 0; c < 9; c++)
    if (c != 1 && c != 5) drop(st, c, 9), drop(st, 36 + c, 9);
  nonet_vstep *s = find_only(st, NONET_VTECH_X_WING);
  for (int r = 0; r < 9; r++)
    if (r != 0 && r != 4)
      want[n][0] = r * 9 + 1, want[n++][1] = 9, want[n][0] = r * 9 + 5,
      want[n++][1] = 9;
  expect_elims(s, want, n);
  expect_text(s, NONET_TEXT_PATTERN, "X-Wing: 9 r1+r5 c2+c6");
  /* Swordfish: 4 in rows 1, 4, 7 within columns 1, 5, 9 */
  st = start(v, NULL);
  static const int keep3[3][2] = {{0, 4}, {4, 8}, {0, 8}};
  for (int k = 0; k < 3; k++)
    for (int c = 0; c < 9; c++)
      if (c != keep3[k][0] && c != keep3[k][1]) drop(st, 27 * k + c, 4);
  s = find_only(st, NONET_VTECH_SWORDFISH);
  n = 0;
  for (int r = 0; r < 9; r++)
    for (int c = 0; c < 9; c += 4)
      if (r % 3) want[n][0] = r * 9 + c, want[n++][1] = 4;
  expect_elims(s, want, n);
  /* Jellyfish: 2 in rows 1, 3, 5, 7 within columns 2, 4, 6, 8 */
  st = start(v, NULL);
  static const int keep4[4][2] = {{1, 3}, {3, 5}, {5, 7}, {7, 1}};
  for (int k = 0; k < 4; k++)
    for (int c = 0; c < 9; c++)
      if (c != keep4[k][0] && c != keep4[k][1]) drop(st, 18 * k + c, 2);
  s = find_only(st, NONET_VTECH_JELLYFISH);
  n = 0;
  for (int r = 0; r < 9; r++)
    for (int c = 1; c < 9; c += 2)
      if (r % 2 || r == 8) want[n][0] = r * 9 + c, want[n++][1] = 2;
  expect_elims(s, want, n);
  nonet_variant_free(v);
}

/* Keeps only `digits` (a bit set) in cell i. */
static void only(nonet_vlogic_state *s, int i, uint32_t digits) {
  s->cand[i] &= digits;
}

static void test_chains(void **state) {
  (void)state;
  nonet_variant *v = make(9, 3, 3, 0);
  int want[64][2], n = 0;
  /* X-Chain (a skyscraper): 9 in row 1 only in c2, c5, in row 5 only in
   * c2, c6: r1c5 or r5c6 holds it, so r2c6, r3c6, r4c5, r6c5 do not */
  nonet_vlogic_state *st = start(v, NULL);
  for (int c = 0; c < 9; c++) {
    if (c != 1 && c != 4) drop(st, c, 9);
    if (c != 1 && c != 5) drop(st, 36 + c, 9);
  }
  nonet_vstep *s = find_only(st, NONET_VTECH_X_CHAIN);
  static const int sky[][2] = {{14, 9}, {23, 9}, {31, 9}, {49, 9}};
  expect_elims(s, sky, 4);
  expect_text(s, NONET_TEXT_PATTERN,
              "X-Chain: (9)r1c5=(9)r1c2-(9)r5c2=(9)r5c6");
  expect_text(s, NONET_TEXT_NUDGE, "Look for an X-Chain on digit 9.");
  assert_int_equal(s->nunits, 4);
  assert_int_equal(s->units[0].kind, NONET_VUNIT_CANDIDATE);
  assert_int_equal(s->ncells, 4);
  /* XY-Chain: r1c1 {1,2}, r1c5 {2,3}, r5c5 {1,3}: r1c1 or r5c5 is 1, so
   * r5c1 is not */
  st = start(v, NULL);
  only(st, 0, 0x3), only(st, 4, 0x6), only(st, 40, 0x5);
  s = find_only(st, NONET_VTECH_XY_CHAIN);
  static const int xy[][2] = {{36, 1}};
  expect_elims(s, xy, 1);
  expect_text(s, NONET_TEXT_NOTATION,
              "XY-Chain: (1)r1c1=(2)r1c1-(2)r1c5=(3)r1c5-(3)r5c5=(1)r5c5 => "
              "r5c1<>1");
  expect_text(s, NONET_TEXT_WORDS,
              "If r1c1 is not 1, then r1c1 is 2, so r1c5 is not 2, so r1c5 "
              "is 3, so r5c5 is not 3, so r5c5 is 1. So r1c1 is 1 or r5c5 is "
              "1, and what sees both cannot be: remove 1 from r5c1.");
  /* neither an X-Chain (no house has a digit twice) nor an AIC shorter */
  nonet_vlogic_options *o = nonet_vlogic_options_new();
  nonet_vtech x = NONET_VTECH_X_CHAIN;
  static nonet_vstep none;
  assert_int_equal(nonet_vlogic_options_set_order(o, &x, 1), NONET_OK);
  assert_int_equal(nonet_vlogic_find(st, o, &none), 0);
  nonet_vlogic_options_free(o);
  s = find_only(st, NONET_VTECH_AIC);
  expect_elims(s, xy, 1);
  /* AIC, links of both kinds: 2 in column 1 only in r1c1, r5c1; r1c1
   * {1,2}; 1 in row 1 only in r1c1, r1c7; r5c7 {1,2}. A loop: the first
   * start with a result is (1)r5c7 = (2)r5c7 - (2)r5c1 = (2)r1c1 -
   * (1)r1c1 = (1)r1c7, so column 7 has 1 in r5c7 or r1c7 */
  st = start(v, NULL);
  for (int r = 0; r < 9; r++)
    if (r != 0 && r != 4) drop(st, r * 9, 2);
  for (int c = 1; c < 9; c++)
    if (c != 6) drop(st, c, 1);
  only(st, 0, 0x3), only(st, 42, 0x3);
  s = find_only(st, NONET_VTECH_AIC);
  n = 0;
  for (int r = 1; r < 9; r++)
    if (r != 4) want[n][0] = r * 9 + 6, want[n++][1] = 1;
  expect_elims(s, want, n);
  expect_text(s, NONET_TEXT_PATTERN,
              "AIC: (1)r5c7=(2)r5c7-(2)r5c1=(2)r1c1-(1)r1c1=(1)r1c7");
  expect_text(s, NONET_TEXT_NUDGE,
              "Look for a chain of strong and weak links (an AIC) starting "
              "at 1 in r5c7.");
  nonet_variant_free(v);
  /* every step of a chain on generated puzzles is checked in
   * test_generated (sound(): each result against the solution) */
}

static void test_forcing(void **state) {
  (void)state;
  nonet_variant *v = make(9, 3, 3, 0);
  /* r1c1, r1c2, r1c3 {1,2}: 1 in r1c1 makes r1c2 and r1c3 2, and r1c3 is
   * left with nothing */
  nonet_vlogic_state *st = start(v, NULL);
  only(st, 0, 0x3), only(st, 1, 0x3), only(st, 2, 0x3);
  nonet_vstep *s = find_only(st, NONET_VTECH_FORCING_NET);
  static const int cell[][2] = {{0, 1}};
  expect_elims(s, cell, 1);
  expect_text(s, NONET_TEXT_NOTATION,
              "Forcing Net: r1c1=1 -> r1c2=2 -> r1c3 empty => r1c1<>1");
  expect_text(s, NONET_TEXT_WORDS,
              "If r1c1 were 1, singles would follow: r1c2 2; then r1c3 would "
              "have no candidate left. So: remove 1 from r1c1.");
  expect_text(s, NONET_TEXT_NUDGE,
              "Try 1 in r1c1 and follow the singles it forces.");
  /* a house left without a digit: 5 in row 1 only in r1c1, r1c2 (box
   * 1): 5 in r2c1 (box 1 too) takes both */
  st = start(v, NULL);
  for (int c = 2; c < 9; c++) drop(st, c, 5);
  s = find_only(st, NONET_VTECH_FORCING_NET);
  static const int house[][2] = {{9, 5}};
  expect_elims(s, house, 1);
  expect_text(s, NONET_TEXT_NOTATION,
              "Forcing Net: r2c1=5 -> no 5 in r1 => r2c1<>5");
  expect_text(s, NONET_TEXT_WORDS,
              "If r2c1 were 5, then 5 would have no place in row 1. So: "
              "remove 5 from r2c1.");
  /* the placements a contradiction rests on, not every single followed:
   * r4c1, r5c1, r6c1 {1,2}, r4c4 {1,5}: 1 in r4c1 makes r4c4 5 first
   * (it comes first among r4c1's peers), then r5c1 2, and r6c1 has
   * nothing; r4c4 had no part in it. (Every single followed, the net of
   * 1 in r4c1 took three placements, that of 2 two, and 2 was shown.) */
  st = start(v, NULL);
  only(st, 27, 0x3), only(st, 36, 0x3), only(st, 45, 0x3);
  only(st, 30, 0x11);
  s = find_only(st, NONET_VTECH_FORCING_NET);
  static const int rests[][2] = {{27, 1}};
  expect_elims(s, rests, 1);
  expect_text(s, NONET_TEXT_NOTATION,
              "Forcing Net: r4c1=1 -> r5c1=2 -> r6c1 empty => r4c1<>1");
  assert_int_equal(s->nbase, 2);
  /* a cage broken: cage r1c1+r1c2 = 3: 3 in r1c1 leaves r1c2 nothing */
  nonet_variant *k = make(9, 3, 3, 0);
  static const int pair[] = {0, 1};
  cage(k, 3, pair, 2);
  st = start(k, NULL);
  s = find_only(st, NONET_VTECH_FORCING_NET);
  static const int three[][2] = {{0, 3}};
  expect_elims(s, three, 1);
  expect_text(s, NONET_TEXT_NOTATION,
              "Forcing Net: r1c1=3 -> cage r1c1 broken => r1c1<>3");
  nonet_variant_free(k);
  nonet_variant_free(v);
}

/* Row 1 in cages: 3 = r1c1+r1c2, 7, 11, then `last`. */
static nonet_variant *killer_row(void) {
  nonet_variant *v = make(9, 3, 3, 0);
  cage(v, 3, (const int[]){0, 1}, 2);
  cage(v, 7, (const int[]){2, 3}, 2);
  cage(v, 11, (const int[]){4, 5}, 2);
  return v;
}

static void test_rule45(void **state) {
  (void)state;
  int want[64][2], n;
  /* innies: cages inside row 1 add up to 36; r1c9 (in a cage going down)
   * is 9 */
  nonet_variant *v = killer_row();
  cage(v, 15, (const int[]){6, 7}, 2);
  cage(v, 10, (const int[]){8, 17}, 2);
  nonet_vstep *s = find_only(start(v, NULL), NONET_VTECH_INNIES);
  assert_int_equal(s->nplace, 1);
  assert_int_equal(s->place[0].cell, 8);
  assert_int_equal(s->place[0].digit, 9);
  expect_text(s, NONET_TEXT_NOTATION, "Innies: r1: r1c9=9 => r1c9=9");
  nonet_variant_free(v);
  /* outies: the cages over row 1 hold 50, so r2c8 + r2c9 = 5 */
  v = killer_row();
  cage(v, 7, (const int[]){6}, 1);
  cage(v, 10, (const int[]){7, 16}, 2);
  cage(v, 12, (const int[]){8, 17}, 2);
  s = find_only(start(v, NULL), NONET_VTECH_OUTIES);
  n = cross(want, (const int[]){16, 17, -1}, (const int[]){5, 6, 7, 8, 9, 0});
  expect_elims(s, want, n);
  assert_int_equal(s->sum, 5);
  expect_text(s, NONET_TEXT_PATTERN, "Outies: r1: r2c8+r2c9=5");
  nonet_variant_free(v);
  /* cage splitting: one cage crosses row 1: its part inside, r1c9, is 9,
   * its part outside, r2c8 + r2c9, is 12 - 9 = 3 */
  v = killer_row();
  cage(v, 15, (const int[]){6, 7}, 2);
  cage(v, 12, (const int[]){8, 16, 17}, 3);
  s = find_only(start(v, NULL), NONET_VTECH_CAGE_SPLITTING);
  n = cross(want, (const int[]){8, -1},
            (const int[]){1, 2, 3, 4, 5, 6, 7, 8, 0});
  n += cross(want + n, (const int[]){16, 17, -1},
             (const int[]){3, 4, 5, 6, 7, 8, 9, 0});
  expect_elims(s, want, n);
  expect_text(s, NONET_TEXT_PATTERN,
              "Cage Splitting: cage r1c9 (12) over r1: r1c9=9 | r2c8+r2c9=3");
  expect_text(s, NONET_TEXT_NUDGE,
              "Look at the cage that crosses the edge of row 1.");
  nonet_variant_free(v);
}

static void test_trial(void **state) {
  (void)state;
  /* a unique 6x6 with few givens: the first cell with the fewest
   * candidates loses every candidate but its solution's digit */
  nonet_variant *v = make(6, 2, 3, 0);
  nonet_vlogic_state *st = start(v, "..2..13.........5...164.6.3......4..");
  assert_int_equal(st->unique, 1);
  int best = -1;
  for (int i = 0; i < 36; i++) {
    int k = __builtin_popcount(st->cand[i]);
    if (k >= 2 && (best < 0 || k < __builtin_popcount(st->cand[best])))
      best = i;
  }
  nonet_vstep *s = find_only(st, NONET_VTECH_TRIAL);
  int want[8][2], n = 0;
  for (int d = 1; d <= 6; d++)
    if (st->cand[best] >> (d - 1) & 1 && d != st->solution[best])
      want[n][0] = best, want[n++][1] = d;
  expect_elims(s, want, n);
  nonet_variant_free(v);
}

static void test_trial_until(void **state) {
  (void)state;
  /* a 6x6 killer nonet made (generate --size 6 --killer --cage-size 3-6
   * --seed 5, the 15th), whose path needs trial and error twice without
   * forcing nets (theirs, with cage combinations, solves it) */
  static const char six[] =
      "size=6 box=2x3 cages=12:0,1,6;9:2,7,8;14:26,31,32;10:3,4,5;"
      "15:17,23,29;11:9,10,11;11:28,34,35;7:24,25,30;12:12,13,18;7:21,27,33;"
      "9:14,19,20;9:15,16,22 cells=....................................";
  nonet_variant_record rec;
  char err[200];
  assert_int_equal(nonet_variant_parse(six, strlen(six), &rec, err, sizeof err),
                   NONET_OK);
  nonet_variant *v = rec.variant;
  static nonet_vlogic_state s, fresh, full;
  static nonet_vstep step, step2;
  nonet_vtech trial = NONET_VTECH_TRIAL;
  nonet_vlogic_options *o = nonet_vlogic_options_new();
  assert_int_equal(nonet_vlogic_options_set_order(o, &trial, 1), NONET_OK);
  assert_int_equal(nonet_vlogic_init(&fresh, v, rec.cells), NONET_OK);
  assert_int_equal(fresh.unique, 1);
  /* trial and error alone: asked before its first search, stopped there */
  stopper st = {0, 1};
  assert_int_equal(nonet_vlogic_find_until(&fresh, o, &step, stop_fn, &st),
                   NONET_ESTOPPED);
  assert_int_equal(st.calls, 1);
  /* never stopped: the step nonet_vlogic_find gives, after a question a
   * search at least */
  st = (stopper){0, 0};
  assert_int_equal(nonet_vlogic_find_until(&fresh, o, &step, stop_fn, &st), 1);
  assert_int_equal(nonet_vlogic_find(&fresh, o, &step2), 1);
  assert_memory_equal(&step, &step2, sizeof step);
  assert_true(st.calls >= 1);
  nonet_vlogic_options_free(o);
  /* the whole path, never stopped: nonet_vlogic_solve's, the questions
   * before each step and in trial and error's searches */
  o = nonet_vlogic_options_new();
  assert_int_equal(
      nonet_vlogic_options_parse(o, "exclude", "forcing-net", err, sizeof err),
      NONET_OK);
  nonet_vlogic_result r, r2;
  full = fresh;
  assert_int_equal(nonet_vlogic_solve(&full, o, NULL, NULL, &r), 1);
  assert_int_equal(r.trial, 1);
  s = fresh;
  st = (stopper){0, 0};
  assert_int_equal(
      nonet_vlogic_solve_until(&s, o, NULL, NULL, &r2, stop_fn, &st), 1);
  assert_memory_equal(&r, &r2, sizeof r);
  assert_memory_equal(&s, &full, sizeof s);
  int asked = st.calls;
  print_message("%d questions on a path of %d steps\n", asked, r.steps);
  assert_true(asked > r.steps);
  /* stopped at each question in turn: NONET_ESTOPPED, the digits placed
   * so far the solution's, and the path goes on from there to it */
  for (int k = 1; k <= asked; k++) {
    s = fresh;
    st = (stopper){0, k};
    assert_int_equal(
        nonet_vlogic_solve_until(&s, o, NULL, NULL, &r2, stop_fn, &st),
        NONET_ESTOPPED);
    assert_int_equal(st.calls, k);
    for (int i = 0; i < 36; i++)
      assert_true(!s.cells[i] || s.cells[i] == full.solution[i]);
    assert_int_equal(nonet_vlogic_solve(&s, o, NULL, NULL, &r2), 1);
    assert_memory_equal(s.cells, full.solution, 36);
  }
  nonet_vlogic_options_free(o);
  /* with them, no trial and error */
  full = fresh;
  assert_int_equal(nonet_vlogic_solve(&full, NULL, NULL, NULL, &r), 1);
  assert_int_equal(r.trial, 0);
  nonet_variant_free(v);
}

static void test_pointing(void **state) {
  (void)state;
  /* anti-knight: 5 of row 5 only in r5c1, r5c3 (box 4's other cells
   * without it, so Locked Candidates has nothing): the cells a knight's
   * move from both, r3c2 and r7c2, lose it */
  nonet_variant *v = make(9, 3, 3, NONET_CONSTRAINT_ANTI_KNIGHT);
  nonet_vlogic_state *st = start(v, NULL);
  static const int gone[] = {27, 28, 29, 37, 39, 40, 41,
                             42, 43, 44, 45, 46, 47};
  for (int k = 0; k < 13; k++) drop(st, gone[k], 5);
  nonet_vstep *s = find_only(st, NONET_VTECH_RELATION_POINTING);
  int want[16][2];
  int n = cross(want, (const int[]){19, 55, -1}, (const int[]){5, 0});
  expect_elims(s, want, n);
  expect_text(s, NONET_TEXT_NOTATION,
              "Relation Pointing: 5 in r5 (r5c1,r5c3) => r3c2,r7c2<>5");
  assert_true(finds_none(start(v, NULL), NONET_VTECH_RELATION_POINTING));
  nonet_variant_free(v);
  /* nonconsecutive: 5 of row 5 only in r5c4, r5c6 (not in box 5's other
   * cells): r5c5, next to both, is neither 4 nor 6 */
  v = make(9, 3, 3, NONET_CONSTRAINT_NONCONSECUTIVE);
  st = start(v, NULL);
  static const int gone2[] = {30, 31, 32, 36, 37, 38, 40,
                              42, 43, 44, 48, 49, 50};
  for (int k = 0; k < 13; k++) drop(st, gone2[k], 5);
  s = find_only(st, NONET_VTECH_RELATION_POINTING);
  n = cross(want, (const int[]){40, -1}, (const int[]){4, 6, 0});
  expect_elims(s, want, n);
  expect_text(s, NONET_TEXT_NOTATION,
              "Relation Pointing: 5 in r5 (r5c4,r5c6) => r5c5<>4,6");
  /* a third place away from r5c5 in its row (r5c2) and in its box (r4c4):
   * nothing */
  st = start(v, NULL);
  for (int k = 0; k < 13; k++)
    if (gone2[k] != 37 && gone2[k] != 30) drop(st, gone2[k], 5);
  assert_true(finds_none(st, NONET_VTECH_RELATION_POINTING));
  /* the cell form: r5c5 is 3 or 5, so its four neighbours are not 4 */
  st = start(v, NULL);
  st->cand[40] = 1u << 2 | 1u << 4;
  s = find_only(st, NONET_VTECH_RELATION_POINTING);
  n = cross(want, (const int[]){31, 39, 41, 49, -1}, (const int[]){4, 0});
  expect_elims(s, want, n);
  expect_text(s, NONET_TEXT_NOTATION,
              "Relation Pointing: r5c5 (3,5) => r4c5,r5c4,r5c6,r6c5<>4");
  expect_text(s, NONET_TEXT_NUDGE,
              "Look at the candidates of r5c5 and its neighbours.");
  expect_text(s, NONET_TEXT_WORDS,
              "r5c5 can only be 3 or 5, and each rules out itself and the "
              "digits next to it in its orthogonal neighbours, so whichever "
              "it is: remove 4 from r4c5, r5c4, r5c6 and r6c5.");
  /* 3 or 4: neither 3 nor 4 next to it; 3 or 6: nothing */
  st->cand[40] = 1u << 2 | 1u << 3;
  s = find_only(st, NONET_VTECH_RELATION_POINTING);
  n = cross(want, (const int[]){31, 39, 41, 49, -1}, (const int[]){3, 4, 0});
  expect_elims(s, want, n);
  st->cand[40] = 1u << 2 | 1u << 5;
  assert_true(finds_none(st, NONET_VTECH_RELATION_POINTING));
  st->cand[40] = 0; /* a caller's broken state: no cell form, no crash */
  assert_true(finds_none(st, NONET_VTECH_RELATION_POINTING));
  nonet_variant_free(v);
}

/* ---- the API ------------------------------------------------------------ */

static void test_api(void **state) {
  (void)state;
  assert_int_equal(nonet_vtech_count(), NONET_VTECH_RELATION_POINTING + 1);
  /* the default order: the ids, relation pointing after the triples, the
   * chains before trial and error; easiest first */
  nonet_vtech def[NONET_VTECH_SLOTS];
  size_t ndef = nonet_vlogic_options_order(NULL, def, NONET_VTECH_SLOTS);
  assert_int_equal(ndef, (size_t)nonet_vtech_count());
  assert_int_equal(def[NONET_VTECH_HIDDEN_TRIPLE + 1],
                   NONET_VTECH_RELATION_POINTING);
  assert_int_equal(def[NONET_VTECH_TRIAL + 1], NONET_VTECH_X_CHAIN);
  assert_int_equal(def[ndef - 1], NONET_VTECH_TRIAL);
  for (size_t j = 1; j < ndef; j++)
    assert_true(nonet_vtech_level(def[j - 1]) <= nonet_vtech_level(def[j]));
  assert_int_equal(nonet_vtech_level(NONET_VTECH_RELATION_POINTING),
                   NONET_LEVEL_HARD);
  assert_int_equal(nonet_vtech_level(NONET_VTECH_AIC), NONET_LEVEL_EXPERT);
  assert_int_equal(nonet_vtech_level(NONET_VTECH_FORCING_NET),
                   NONET_LEVEL_EXTREME);
  for (int t = 0; t < nonet_vtech_count(); t++) {
    assert_int_equal(nonet_vtech_from_name(nonet_vtech_key((nonet_vtech)t)), t);
    assert_int_equal(nonet_vtech_from_name(nonet_vtech_name((nonet_vtech)t)),
                     t);
    assert_true(nonet_vtech_level((nonet_vtech)t) >= NONET_LEVEL_EASY);
  }
  assert_int_equal(nonet_vtech_from_name("CAGE combination"),
                   NONET_VTECH_CAGE_COMBINATION);
  assert_int_equal(nonet_vtech_from_name("xy-wing"), NONET_EINVAL);
  assert_string_equal(nonet_vtech_name((nonet_vtech)99), "?");
  assert_int_equal(nonet_vtech_level(NONET_VTECH_INNIES), NONET_LEVEL_MEDIUM);
  assert_int_equal(nonet_vtech_level(NONET_VTECH_TRIAL), NONET_LEVEL_TRIAL);
  nonet_vlogic_options *o = nonet_vlogic_options_new();
  char err[160];
  nonet_vtech order[NONET_VTECH_SLOTS];
  assert_int_equal(nonet_vlogic_options_parse(o, "techniques",
                                              "innies, naked single", err,
                                              sizeof err),
                   NONET_OK);
  assert_int_equal(nonet_vlogic_options_order(o, order, NONET_VTECH_SLOTS), 2);
  assert_int_equal(order[0], NONET_VTECH_INNIES);
  assert_int_equal(order[1], NONET_VTECH_NAKED_SINGLE);
  assert_int_equal(
      nonet_vlogic_options_parse(o, "exclude", "trial", err, sizeof err),
      NONET_OK);
  assert_int_equal(nonet_vlogic_options_order(o, order, NONET_VTECH_SLOTS),
                   (size_t)nonet_vtech_count() - 1);
  assert_int_equal(
      nonet_vlogic_options_parse(o, "techniques", "x-wnig", err, sizeof err),
      NONET_EINVAL);
  assert_string_equal(err, "unknown technique 'x-wnig'");
  nonet_vtech twice[2] = {NONET_VTECH_X_WING, NONET_VTECH_X_WING};
  assert_int_equal(nonet_vlogic_options_set_order(o, twice, 2), NONET_EINVAL);
  nonet_vlogic_options_free(o);
  /* bad arguments, conflicts */
  nonet_variant *v = make(4, 2, 2, 0);
  static nonet_vlogic_state s;
  uint8_t cells[16] = {1, 1};
  assert_int_equal(nonet_vlogic_init(&s, v, cells), NONET_ECONFLICT);
  cells[1] = 5;
  assert_int_equal(nonet_vlogic_init(&s, v, cells), NONET_EINVAL);
  assert_int_equal(nonet_vlogic_find(NULL, NULL, NULL), NONET_EINVAL);
  /* a placement that is not a candidate */
  memset(cells, 0, sizeof cells);
  cells[0] = 1;
  assert_int_equal(nonet_vlogic_init(&s, v, cells), NONET_OK);
  nonet_vstep step;
  memset(&step, 0, sizeof step);
  step.size = 4;
  step.nplace = 1;
  step.place[0].cell = 1, step.place[0].digit = 1;
  assert_int_equal(nonet_vlogic_apply(&s, &step), NONET_EINVAL);
  /* JSON of a step */
  cells[1] = 2, cells[2] = 3;
  assert_int_equal(nonet_vlogic_init(&s, v, cells), NONET_OK);
  assert_int_equal(nonet_vlogic_find(&s, NULL, &step), 1);
  char json[65536];
  nonet_vstep_json(&step, 0, json, sizeof json);
  assert_string_equal(json, "{\"technique\": \"Full House\", \"placements\": "
                            "[[1,4,4]], \"eliminations\": [], \"text\": "
                            "\"Full House: r1c4=4\"}");
  size_t need = nonet_vstep_json(&step, NONET_JSON_DETAILS, json, sizeof json);
  assert_true(need < sizeof json);
  assert_non_null(strstr(json, "\"key\": \"full-house\", \"level\": \"Easy\""));
  assert_non_null(strstr(json, "\"units\": [\"r1\"]"));
  nonet_variant_free(v);
}

/* ---- every step of generated puzzles sound ------------------------------ */

typedef struct kind {
  const char *name;
  const char *opts[8];
  int count;
} kind;

typedef struct path_check {
  const uint8_t *solution;
  const vref_puzzle *ref;
  int steps, nets;
  unsigned used[NONET_VTECH_SLOTS];
} path_check;

static long net_elims_replayed, net_cage_elims_replayed; /* (counted for
                                                          test_generated) */

/* Whether the cells of cage k from its j-th on can hold digits not in
 * `used`, different, adding up to `left`: a placed cell its digit, an
 * open one a candidate (cell c, when c >= 0, digit d). */
static int cage_fits(const vref_puzzle *ref, int k, int j, const uint8_t *cells,
                     const uint32_t *cand, int c, int d, uint32_t used,
                     int left) {
  if (j == ref->cages[k].k) return left == 0;
  int q = ref->cages[k].cells[j];
  uint32_t m = cells[q] ? 1u << (cells[q] - 1)
               : q == c ? 1u << (d - 1)
                        : cand[q];
  for (; m; m &= m - 1) {
    int x = __builtin_ctz(m) + 1;
    if (!(used >> (x - 1) & 1) && x <= left &&
        cage_fits(ref, k, j + 1, cells, cand, c, d, used | 1u << (x - 1),
                  left - x))
      return 1;
  }
  return 0;
}

/* A forcing net replayed by the referee's rules alone: its assumption,
 * then each placement it lists a single (the one digit left in its cell,
 * or the one place left for it in a house) after those before it, each
 * elimination seen by every place its digit has left in some house (the
 * text names it), then the contradiction it names. The net lists only
 * what the contradiction rests on, so each must follow from the listed
 * ones. */
static void net_replays(const vref_puzzle *ref, const nonet_vlogic_state *s,
                        const nonet_vstep *step, const char *text) {
  static uint8_t cells[VREF_MAXC];
  static uint32_t cand[VREF_MAXC];
  static int house[VREF_MAXH][VREF_MAXN];
  int n = ref->n, nc = n * n, nh = vref_houses(ref, house);
  memcpy(cells, s->cells, (size_t)nc);
  memcpy(cand, s->cand, (size_t)nc * sizeof *cand);
  if (step->truncated || !step->nbase) fail_msg("net cut short: %s", text);
  for (int j = 0; j < step->nbase; j++) {
    const nonet_vunit *u = &step->units[j];
    int c = u->cell, d = u->index;
    uint32_t b = 1u << (d - 1);
    if (u->kind != NONET_VUNIT_CANDIDATE || cells[c] || !(cand[c] & b))
      fail_msg("net placement %d is not a candidate: %s", j, text);
    if (u->sum && NONET_VNET_KIND(u->sum) == NONET_VUNIT_CAGE) {
      /* ruled out by c's cage: no digits that fit it put d in c */
      int fits = 1, in = 0;
      for (int k = 0; k < ref->ncages; k++)
        for (int i = 0; i < ref->cages[k].k; i++)
          if (ref->cages[k].cells[i] == c) {
            in = 1;
            fits =
                cage_fits(ref, k, 0, cells, cand, c, d, 0, ref->cages[k].sum);
          }
      if (!j || !in || fits)
        fail_msg("net elimination %d fits its cage: %s", j, text);
      cand[c] &= ~b;
      net_cage_elims_replayed++;
      continue;
    }
    if (u->sum) { /* ruled out: some house's places of d all see c */
      int seen = 0;
      for (int h = 0; h < nh && !seen; h++) {
        int places = 0, all = 1;
        for (int i = 0; i < n; i++) {
          int q = house[h][i];
          if (cells[q] == d) all = 0;
          if (cells[q] || !(cand[q] & b)) continue;
          places++;
          all &= q != c && vref_must_differ(ref, c, q);
        }
        seen = places && all;
      }
      if (!j || !seen) fail_msg("net elimination %d is not seen: %s", j, text);
      cand[c] &= ~b;
      net_elims_replayed++;
      continue;
    }
    int single = j == 0 || cand[c] == b; /* the assumption, or naked */
    for (int h = 0; h < nh && !single; h++) {
      int in = 0, elsewhere = 0;
      for (int i = 0; i < n; i++) {
        int q = house[h][i];
        in |= q == c;
        if (q != c && (cells[q] == d || (!cells[q] && (cand[q] & b))))
          elsewhere = 1;
      }
      single = in && !elsewhere;
    }
    if (!single) fail_msg("net placement %d is no single: %s", j, text);
    cells[c] = (uint8_t)d;
    cand[c] = 0;
    for (int q = 0; q < nc; q++) {
      if (cells[q]) continue;
      int dr = q / n - c / n, dc = q % n - c % n;
      if (vref_must_differ(ref, c, q)) cand[q] &= ~b;
      if (ref->nonconsecutive && dr * dr + dc * dc == 1)
        cand[q] &= ~((b << 1) | (b >> 1));
    }
  }
  int broken = 0;
  if (step->sum == 1) {
    broken = !cells[step->sum2] && !cand[step->sum2];
  } else if (step->sum == 2) {
    uint32_t b = 1u << (step->sum2 - 1);
    for (int h = 0; h < nh && !broken; h++) {
      int any = 0;
      for (int i = 0; i < n; i++) {
        int q = house[h][i];
        any |= cells[q] == step->sum2 || (!cells[q] && (cand[q] & b));
      }
      broken = !any;
    }
  } else if (step->sum == 3) {
    for (int k = 0; k < ref->ncages && !broken; k++) {
      int sum = 0, open = 0;
      for (int i = 0; i < ref->cages[k].k; i++) {
        int q = ref->cages[k].cells[i];
        sum += cells[q];
        open += !cells[q];
      }
      broken =
          sum + open > ref->cages[k].sum || sum + open * n < ref->cages[k].sum;
    }
  } else if (step->sum == 4) { /* no digits fit a cage */
    for (int k = 0; k < ref->ncages && !broken; k++)
      broken = !cage_fits(ref, k, 0, cells, cand, -1, 0, 0, ref->cages[k].sum);
  }
  if (!broken) fail_msg("net ends in no contradiction: %s", text);
}

/* Relation pointing replayed by the referee's rules: the listed cells are
 * every place of the digit left in one of the referee's houses (or, for a
 * cage, all lie in one cage), and each of them, were it the digit, rules
 * out each elimination (the cell itself: its other digits; a cell that
 * must differ from it: the digit; a nonconsecutive neighbour: the digits
 * next to it). */
static void pointing_replays(const vref_puzzle *ref,
                             const nonet_vlogic_state *s,
                             const nonet_vstep *step, const char *text) {
  static int house[VREF_MAXH][VREF_MAXN];
  int n = ref->n, nh = vref_houses(ref, house), found = 0;
  uint32_t b = step->digits;
  int d = 0;
  while (d < n && !(b >> d & 1)) d++;
  d++;
  if (!step->nunits) { /* the cell form: each candidate of the cell */
    int c = step->cells[0];
    if (step->ncells != 1 || !ref->nonconsecutive || s->cells[c] ||
        step->digits != s->cand[c])
      fail_msg("pointing's cell is not its candidates: %s", text);
    for (int j = 0; j < step->nelim; j++) {
      int y = step->elim[j].cell, e = step->elim[j].digit;
      int dr = y / n - c / n, dc = y % n - c % n;
      for (int x = 1; x <= n; x++)
        if ((b >> (x - 1) & 1) &&
            !(dr * dr + dc * dc == 1 && x - e <= 1 && e - x <= 1))
          fail_msg("%d in the cell does not rule out %d: %s", x, j, text);
    }
    return;
  }
  if (!b || (b & (b - 1)) || step->ncells < 2)
    fail_msg("pointing without one digit and two places: %s", text);
  for (int h = 0; h < nh && !found; h++) {
    int places = 0, listed = 0, placed = 0;
    for (int i = 0; i < n; i++) {
      int q = house[h][i];
      placed |= s->cells[q] == d;
      if (s->cells[q] || !(s->cand[q] & b)) continue;
      places++;
      for (int j = 0; j < step->ncells; j++) listed += step->cells[j] == q;
    }
    found = !placed && places == step->ncells && listed == places;
  }
  for (int k = 0; k < ref->ncages && !found; k++) {
    int in = 0;
    for (int j = 0; j < step->ncells; j++)
      for (int i = 0; i < ref->cages[k].k; i++)
        in += ref->cages[k].cells[i] == step->cells[j];
    found = in == step->ncells;
  }
  if (!found) fail_msg("pointing's places are no house's or cage's: %s", text);
  for (int j = 0; j < step->nelim; j++) {
    int x = step->elim[j].cell, e = step->elim[j].digit;
    for (int i = 0; i < step->ncells; i++) {
      int p = step->cells[i], dr = x / n - p / n, dc = x % n - p % n;
      int ok = (x == p && e != d) || (e == d && vref_must_differ(ref, p, x)) ||
               (ref->nonconsecutive && dr * dr + dc * dc == 1 &&
                (e == d - 1 || e == d + 1));
      if (!ok) fail_msg("place %d does not rule out %d: %s", i, j, text);
    }
  }
}

static int sound(const nonet_vlogic_state *s, const nonet_vstep *step,
                 void *ctx) {
  path_check *p = ctx;
  char text[8192];
  nonet_vstep_text(step, NONET_TEXT_NOTATION, text, sizeof text);
  for (int j = 0; j < step->nplace; j++)
    if (p->solution[step->place[j].cell] != step->place[j].digit)
      fail_msg("wrong placement: %s", text);
  for (int j = 0; j < step->nelim; j++) {
    if (p->solution[step->elim[j].cell] == step->elim[j].digit)
      fail_msg("wrong elimination: %s", text);
    if (!(s->cand[step->elim[j].cell] >> (step->elim[j].digit - 1) & 1))
      fail_msg("eliminates a digit already gone: %s", text);
  }
  if (!step->nplace && !step->nelim) fail_msg("an empty step: %s", text);
  if (step->technique == NONET_VTECH_FORCING_NET) {
    net_replays(p->ref, s, step, text);
    p->nets++;
  }
  if (step->technique == NONET_VTECH_RELATION_POINTING)
    pointing_replays(p->ref, s, step, text);
  /* each text style can be written */
  for (int style = 0; style < 4; style++)
    assert_true(nonet_vstep_text(step, (nonet_text_style)style, NULL, 0) > 0);
  p->steps++;
  p->used[step->technique]++;
  return 0;
}

typedef struct got {
  nonet_variant *v;
  uint8_t puzzle[MAXC], solution[MAXC];
} got;

static int keep(const nonet_variant_puzzle *p, void *ctx) {
  got *g = ctx;
  g->v = nonet_variant_copy(p->variant);
  memcpy(g->puzzle, p->puzzle, (size_t)(p->size * p->size));
  memcpy(g->solution, p->solution, (size_t)(p->size * p->size));
  return 0;
}

static void check_paths(const got *g, unsigned *used) {
  static char text[NONET_VARIANT_TEXT_MAX];
  static vref_puzzle ref;
  static uint8_t first[MAXC];
  static nonet_vlogic_state s;
  char err[200];
  int n = nonet_variant_size(g->v);
  nonet_variant_format(g->v, g->puzzle, NULL, NONET_FORMAT_JSON, 0, text,
                       sizeof text);
  if (vref_parse_json(text, &ref, err, (int)sizeof err) != 0)
    fail_msg("referee cannot read %s: %s", text, err);
  assert_int_equal(vref_count(&ref, 2, first), 1);
  assert_int_equal(nonet_vlogic_init(&s, g->v, g->puzzle), NONET_OK);
  assert_int_equal(s.unique, 1);
  assert_memory_equal(s.solution, first, (size_t)(n * n));
  path_check p = {first, &ref, 0, 0, {0}};
  nonet_vlogic_result r;
  /* with trial and error: solved, every step sound */
  assert_int_equal(nonet_vlogic_solve(&s, NULL, sound, &p, &r), 1);
  assert_memory_equal(s.cells, first, (size_t)(n * n));
  assert_int_equal(r.steps, p.steps);
  for (int t = 0; t < NONET_VTECH_SLOTS; t++) used[t] += p.used[t];
  /* without: solved, or stopped where nothing applies with the solution
   * still in the candidates */
  nonet_vlogic_options *o = nonet_vlogic_options_new();
  assert_int_equal(
      nonet_vlogic_options_parse(o, "exclude", "trial", err, sizeof err),
      NONET_OK);
  assert_int_equal(nonet_vlogic_init(&s, g->v, g->puzzle), NONET_OK);
  int solved = nonet_vlogic_solve(&s, o, sound, &p, &r);
  assert_int_equal(solved, r.solved);
  assert_int_equal(r.trial, 0);
  if (!solved) {
    static nonet_vstep step;
    assert_int_equal(nonet_vlogic_find(&s, o, &step), 0);
    for (int i = 0; i < n * n; i++)
      assert_true(s.cells[i] ? s.cells[i] == first[i]
                             : (s.cand[i] >> (first[i] - 1) & 1));
  }
  nonet_vlogic_options_free(o);
}

static void test_generated(void **state) {
  (void)state;
  static const kind kinds[] = {
      {"4x4", {"size", "4"}, 20},
      {"6x6", {"size", "6"}, 20},
      {"8x8", {"size", "8"}, 8},
      {"12x12", {"size", "12"}, 3},
      {"jigsaw", {"jigsaw", ""}, 15},
      {"6x6 jigsaw", {"size", "6", "jigsaw", ""}, 10},
      {"diagonals", {"constraints", "diagonals"}, 8},
      {"windoku", {"constraints", "windoku"}, 8},
      {"disjoint", {"constraints", "disjoint"}, 8},
      {"anti-knight", {"constraints", "anti-knight"}, 8},
      {"anti-king", {"constraints", "anti-king"}, 8},
      {"nonconsecutive", {"constraints", "nonconsecutive"}, 4},
      {"killer", {"killer", ""}, 25},
      {"killer, givens", {"killer-givens", ""}, 10},
      {"6x6 killer", {"size", "6", "killer", ""}, 15},
      {"4x4 killer", {"size", "4", "killer", "", "cage-size", "2-4"}, 10},
      {"jigsaw killer", {"jigsaw", "", "killer", ""}, 6},
  };
  unsigned used[NONET_VTECH_SLOTS] = {0};
  int puzzles = 0;
  /* NONET_TEST_QUICK: a quarter */
  int div = vref_quick() ? 4 : 1;
  for (size_t k = 0; k < sizeof kinds / sizeof *kinds; k++) {
    nonet_variant_gen *o = nonet_variant_gen_new();
    char err[200];
    assert_int_equal(
        nonet_variant_gen_parse(o, "seed", "2026", err, sizeof err), NONET_OK);
    for (int i = 0; i < 8 && kinds[k].opts[i]; i += 2)
      if (nonet_variant_gen_parse(o, kinds[k].opts[i], kinds[k].opts[i + 1],
                                  err, sizeof err) != NONET_OK)
        fail_msg("%s: %s", kinds[k].name, err);
    if (nonet_variant_gen_check(o, err, sizeof err) != NONET_OK)
      fail_msg("%s: %s", kinds[k].name, err);
    for (int j = 0; j < (kinds[k].count + div - 1) / div; j++) {
      got g;
      assert_int_equal(
          nonet_variant_generate_job(o, (uint64_t)j, keep, &g, NULL), 1);
      check_paths(&g, used);
      nonet_variant_free(g.v);
      puzzles++;
    }
    nonet_variant_gen_free(o);
  }
  /* the paths met most techniques */
  int met = 0;
  for (int t = 0; t < nonet_vtech_count(); t++) {
    if (used[t]) met++;
    print_message("%-20s %u\n", nonet_vtech_name((nonet_vtech)t), used[t]);
  }
  print_message("%d puzzles, %d techniques used\n", puzzles, met);
  assert_true(met >= 12);
  assert_true(used[NONET_VTECH_RELATION_POINTING] > 0); /* each replayed */
  print_message("%ld eliminations in forcing nets replayed (%ld by cages)\n",
                net_elims_replayed + net_cage_elims_replayed,
                net_cage_elims_replayed);
  assert_true(net_elims_replayed > 0);
  assert_true(net_cage_elims_replayed > 0);
}

/* nonet_vlogic_init_until: the number of solutions up to 2, as the
 * referee counts them, on generated puzzles as they are, with givens
 * taken away and with a wrong digit added; the state as nonet_vlogic_init
 * fills it; stopped, NONET_ESTOPPED with the candidates filled. */
static void test_init_until(void **state) {
  (void)state;
  static const char *const kinds[][4] = {{"size", "6", NULL, NULL},
                                         {"jigsaw", "", NULL, NULL},
                                         {"constraints", "anti-knight"},
                                         {"size", "6", "killer", ""}};
  static nonet_vlogic_state s, s2;
  static vref_puzzle ref;
  static char text[NONET_VARIANT_TEXT_MAX];
  uint8_t first[MAXC], cells[MAXC];
  char err[200];
  int seen[3] = {0};
  for (size_t k = 0; k < sizeof kinds / sizeof *kinds; k++) {
    nonet_variant_gen *o = nonet_variant_gen_new();
    assert_int_equal(nonet_variant_gen_parse(o, "seed", "7", err, sizeof err),
                     NONET_OK);
    for (int i = 0; i < 4 && kinds[k][i]; i += 2)
      assert_int_equal(nonet_variant_gen_parse(o, kinds[k][i], kinds[k][i + 1],
                                               err, sizeof err),
                       NONET_OK);
    assert_int_equal(nonet_variant_gen_check(o, err, sizeof err), NONET_OK);
    for (int job = 0; job < 2; job++) {
      got g;
      assert_int_equal(
          nonet_variant_generate_job(o, (uint64_t)job, keep, &g, NULL), 1);
      int nn = nonet_variant_size(g.v) * nonet_variant_size(g.v);
      for (int change = 0; change < 6; change++) {
        memcpy(cells, g.puzzle, (size_t)nn);
        if (change == 1 || change == 2) { /* 1 or 4 givens fewer */
          for (int i = 0, left = change == 1 ? 1 : 4; i < nn && left; i++)
            if (cells[(i * 7 + job) % nn])
              cells[(i * 7 + job) % nn] = 0, left--;
        } else if (change >= 3) { /* a digit the solution does not have */
          int cell = (change * 11 + job * 5) % nn;
          while (cells[cell]) cell = (cell + 1) % nn;
          cells[cell] =
              (uint8_t)(g.solution[cell] % nonet_variant_size(g.v) + 1);
          if (nonet_variant_conflicts(g.v, cells, NULL, 0) > 0) continue;
        }
        nonet_variant_format(g.v, cells, NULL, NONET_FORMAT_JSON, 0, text,
                             sizeof text);
        if (vref_parse_json(text, &ref, err, (int)sizeof err) != 0)
          fail_msg("referee cannot read %s: %s", text, err);
        long want = vref_count(&ref, 2, first);
        stopper st = {0, 0};
        long n = nonet_vlogic_init_until(&s, g.v, cells, stop_fn, &st);
        if (n != want)
          fail_msg("%s: %ld solutions, the referee %ld", text, n, want);
        seen[want]++;
        assert_int_equal(s.unique, want == 1);
        if (want == 1) assert_memory_equal(s.solution, first, (size_t)nn);
        assert_int_equal(nonet_vlogic_init(&s2, g.v, cells), NONET_OK);
        assert_memory_equal(&s, &s2, sizeof s);
        assert_int_equal(nonet_vlogic_init_until(&s2, g.v, cells, NULL, NULL),
                         want);
      }
      nonet_variant_free(g.v);
    }
    nonet_variant_gen_free(o);
  }
  print_message("no solution %d, one %d, several %d\n", seen[0], seen[1],
                seen[2]);
  assert_true(seen[0] > 0 && seen[1] > 0 && seen[2] > 0);
  /* an empty 25x25 windoku (the clause-learning search, seconds at least)
   * stopped at the first question: the candidates are there, not unique */
  nonet_variant *v = make(25, 5, 5, NONET_CONSTRAINT_WINDOKU);
  memset(cells, 0, sizeof cells);
  stopper st = {0, 1};
  assert_int_equal(nonet_vlogic_init_until(&s, v, cells, stop_fn, &st),
                   NONET_ESTOPPED);
  assert_int_equal(st.calls, 1);
  assert_int_equal(s.unique, 0);
  for (int i = 0; i < 625; i++) assert_int_equal(s.cand[i], (1u << 25) - 1);
  nonet_variant_free(v);
  /* givens that break a rule: NONET_ECONFLICT before any search */
  v = make(4, 2, 2, 0);
  uint8_t twice[16] = {1, 1};
  st = (stopper){0, 0};
  assert_int_equal(nonet_vlogic_init_until(&s, v, twice, stop_fn, &st),
                   NONET_ECONFLICT);
  assert_int_equal(st.calls, 0);
  nonet_variant_free(v);
}

/* nonet_vlogic_generate: `count` puzzles, each unique (the referee) and
 * of the level asked; the options' stop hook is asked and obeyed. */
typedef struct level_got {
  int n;
  got g[3];
} level_got;

static int keep_level(const nonet_variant_puzzle *p, void *ctx) {
  level_got *l = ctx;
  assert_true(l->n < 3);
  return keep(p, &l->g[l->n++]);
}

static int polls;
static int stop_now(void *ctx) {
  (void)ctx;
  polls++;
  return 1;
}

static void test_level_generate(void **state) {
  (void)state;
  static const nonet_level levels[] = {NONET_LEVEL_EASY, NONET_LEVEL_MEDIUM,
                                       NONET_LEVEL_EXPERT, NONET_LEVEL_EXTREME};
  static char text[NONET_VARIANT_TEXT_MAX];
  static vref_puzzle ref;
  static nonet_vlogic_state s;
  char err[200];
  /* trial and error: not a level a job can aim at */
  nonet_variant_gen *x = nonet_variant_gen_new();
  assert_int_equal(
      nonet_vlogic_generate(x, NONET_LEVEL_TRIAL, 1, keep_level, NULL, NULL),
      NONET_EINVAL);
  nonet_variant_gen_free(x);
  for (int k = 0; k < 4; k++) {
    nonet_variant_gen *o = nonet_variant_gen_new();
    assert_int_equal(nonet_variant_gen_parse(o, "seed", "7", err, sizeof err),
                     NONET_OK);
    assert_int_equal(nonet_variant_gen_parse(o, "jigsaw", "", err, sizeof err),
                     NONET_OK);
    level_got l = {0};
    nonet_gen_stats st = {0};
    assert_int_equal(
        nonet_vlogic_generate(o, levels[k], 3, keep_level, &l, &st), 3);
    assert_int_equal(l.n, 3);
    assert_false(st.stopped);
    for (int i = 0; i < 3; i++) {
      nonet_variant_format(l.g[i].v, l.g[i].puzzle, NULL, NONET_FORMAT_JSON, 0,
                           text, sizeof text);
      if (vref_parse_json(text, &ref, err, (int)sizeof err) != 0)
        fail_msg("referee cannot read %s: %s", text, err);
      uint8_t first[MAXC];
      assert_int_equal(vref_count(&ref, 2, first), 1);
      assert_memory_equal(first, l.g[i].solution, 81);
      assert_int_equal(nonet_vlogic_init(&s, l.g[i].v, l.g[i].puzzle),
                       NONET_OK);
      nonet_vlogic_result r;
      assert_int_equal(nonet_vlogic_solve(&s, NULL, NULL, NULL, &r), 1);
      assert_int_equal(r.level, levels[k]);
      /* expert: its path needs a chain, extreme a forcing net (and
       * neither trial and error) */
      if (levels[k] == NONET_LEVEL_EXTREME)
        assert_true(r.counts[NONET_VTECH_FORCING_NET] > 0);
      if (levels[k] == NONET_LEVEL_EXPERT)
        assert_true(r.counts[NONET_VTECH_X_CHAIN] +
                        r.counts[NONET_VTECH_XY_CHAIN] +
                        r.counts[NONET_VTECH_AIC] >
                    0);
      assert_false(r.trial);
      nonet_variant_free(l.g[i].v);
    }
    /* a stop hook that says stop: nothing made, the run says so */
    polls = 0;
    l.n = 0;
    memset(&st, 0, sizeof st);
    assert_int_equal(nonet_variant_gen_set_stop(o, stop_now, NULL), NONET_OK);
    assert_int_equal(
        nonet_vlogic_generate(o, levels[k], 3, keep_level, &l, &st), 0);
    assert_int_equal(l.n, 0);
    assert_true(polls > 0);
    assert_true(st.stopped);
    assert_false(st.timed_out);
    nonet_variant_gen_free(o);
  }
}

/* A step the caller built or changed with a field out of range is
 * refused (EINVAL, no text, no JSON), never read past its arrays; the
 * step as found still works. */
static void test_bad_steps(void **state) {
  (void)state;
  nonet_variant *v = make(4, 2, 2, 0);
  nonet_vlogic_state *st = start(v, "12....3.........");
  nonet_vstep good = *find_only(st, NONET_VTECH_NAKED_SINGLE);
  char buf[8192];
  assert_true(nonet_vstep_text(&good, NONET_TEXT_NOTATION, buf, sizeof buf));
  assert_true(nonet_vstep_json(&good, 0, buf, sizeof buf));
  for (int k = 0; k < 10; k++) {
    nonet_vstep bad = good;
    switch (k) {
    case 0:
      bad.nelim = NONET_VSTEP_MAX_ELIM + 1;
      break;
    case 1:
      bad.nplace = NONET_VSTEP_MAX_PLACE + 1;
      break;
    case 2:
      bad.ncells = NONET_VSTEP_MAX_CELLS + 1;
      break;
    case 3:
      bad.nunits = NONET_VSTEP_MAX_UNITS + 1;
      break;
    case 4:
      bad.size = 0;
      break;
    case 5:
      bad.place[0].cell = 16;
      break;
    case 6:
      bad.place[0].digit = 40;
      break;
    case 7:
      bad.nelim = 1, bad.elim[0] = (nonet_vcand){2, 40};
      break;
    case 8:
      bad.nunits = 1, bad.units[0].kind = 99;
      break;
    default:
      bad.size = 9;
      break; /* not this grid's */
    }
    nonet_vlogic_state copy = *st;
    assert_int_equal(nonet_vlogic_apply(&copy, &bad), NONET_EINVAL);
    if (k < 9) {
      assert_int_equal(
          nonet_vstep_text(&bad, NONET_TEXT_WORDS, buf, sizeof buf), 0);
      assert_int_equal(nonet_vstep_json(&bad, 0, buf, sizeof buf), 0);
    }
  }
  /* a chain or a net whose candidates are missing or not candidates: no
   * text (it reads its first and last) */
  for (int k = 0; k < 4; k++) {
    nonet_vstep bad = good;
    bad.technique = k < 2 ? NONET_VTECH_AIC : NONET_VTECH_FORCING_NET;
    bad.nunits = bad.nbase = (uint8_t)(k % 2);
    bad.units[0].kind = NONET_HOUSE_ROW; /* k odd: one unit, not a candidate */
    assert_int_equal(nonet_vstep_text(&bad, NONET_TEXT_WORDS, buf, sizeof buf),
                     0);
    assert_int_equal(nonet_vstep_json(&bad, 0, buf, sizeof buf), 0);
  }
  /* a net's candidate ruled out by a candidate, by a house past the grid,
   * or its assumption ruled out: no text; by row 2, "r1c2<>1 (r2)"; by the
   * cage at r1c3, "r1c2<>1 (cage r1c3)" */
  for (int k = 0; k < 4; k++) {
    nonet_vstep net = good;
    net.technique = NONET_VTECH_FORCING_NET;
    net.nunits = net.nbase = 2;
    net.sum = 0;
    net.units[0] = (nonet_vunit){NONET_VUNIT_CANDIDATE, 1, 0, 0};
    net.units[1] = (nonet_vunit){NONET_VUNIT_CANDIDATE, 1, 1, 0};
    int at = k == 3 ? 0 : 1,
        hk = k == 0 ? NONET_VUNIT_CANDIDATE : NONET_HOUSE_ROW;
    net.units[at].sum = (uint16_t)NONET_VNET_RULED_OUT(hk, k == 1 ? 99 : 1);
    int len = nonet_vstep_text(&net, NONET_TEXT_NOTATION, buf, sizeof buf);
    if (k != 2) {
      assert_int_equal(len, 0);
    } else {
      assert_non_null(strstr(buf, "r1c1=1 -> r1c2<>1 (r2) -> broken"));
      /* one digit of two cells by one house: written together */
      net.units[2] = net.units[1];
      net.units[2].cell = 2;
      net.nunits = net.nbase = 3;
      expect_text_has(&net, NONET_TEXT_NOTATION,
                      "r1c1=1 -> r1c2,r1c3<>1 (r2) -> broken");
      expect_text_has(&net, NONET_TEXT_WORDS,
                      "r1c2 and r1c3 not 1 (every 1 left in row 2 sees them); "
                      "then");
      net.nunits = net.nbase = 2;
      net.units[1].sum = (uint16_t)NONET_VNET_RULED_OUT(NONET_VUNIT_CAGE, 2);
      expect_text_has(&net, NONET_TEXT_NOTATION,
                      "r1c1=1 -> r1c2<>1 (cage r1c3) -> broken");
      expect_text_has(&net, NONET_TEXT_WORDS,
                      "r1c2 not 1 (no digits that fit cage r1c3");
      /* two digits of a cell by one cage: written together */
      net.units[2] = net.units[1];
      net.units[2].index = 3;
      net.nunits = net.nbase = 3;
      expect_text_has(&net, NONET_TEXT_NOTATION,
                      "r1c1=1 -> r1c2<>1,3 (cage r1c3) -> broken");
      expect_text_has(&net, NONET_TEXT_WORDS,
                      "r1c2 not 1 or 3 (no digits that fit cage r1c3 put them "
                      "there); then");
    }
  }
  assert_int_equal(nonet_vlogic_apply(st, &good), NONET_OK);
  nonet_variant_free(v);
  /* the classic engine's steps too */
  nonet_logic_state cs;
  uint8_t cells[81] = {0};
  for (int i = 0; i < 8; i++) cells[i] = (uint8_t)(i + 1);
  assert_int_equal(nonet_logic_init(&cs, cells), NONET_OK);
  nonet_step step;
  assert_int_equal(nonet_logic_find(&cs, NULL, &step), 1);
  for (int k = 0; k < 6; k++) {
    nonet_step bad = step;
    switch (k) {
    case 0:
      bad.nelim = NONET_STEP_MAX_ELIM + 1;
      break;
    case 1:
      bad.nplace = NONET_STEP_MAX_PLACE + 1;
      break;
    case 2:
      bad.ncells = NONET_STEP_MAX_CELLS + 1;
      break;
    case 3:
      bad.nunits = 1, bad.units[0] = 27;
      break;
    case 4:
      bad.nnodes = NONET_STEP_MAX_NODES + 1;
      break;
    default:
      bad.nelim = 1, bad.elim[0] = (nonet_cand){81, 1};
      break;
    }
    nonet_logic_state copy = cs;
    assert_int_equal(nonet_logic_apply(&copy, &bad), NONET_EINVAL);
    assert_int_equal(nonet_step_text(&bad, NONET_TEXT_WORDS, buf, sizeof buf),
                     0);
    assert_int_equal(nonet_step_json(&bad, 0, buf, sizeof buf), 0);
  }
  assert_int_equal(nonet_logic_apply(&cs, &step), NONET_OK);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_singles),
      cmocka_unit_test(test_relations),
      cmocka_unit_test(test_cage_combination),
      cmocka_unit_test(test_locked),
      cmocka_unit_test(test_pointing),
      cmocka_unit_test(test_subsets),
      cmocka_unit_test(test_fish),
      cmocka_unit_test(test_chains),
      cmocka_unit_test(test_forcing),
      cmocka_unit_test(test_rule45),
      cmocka_unit_test(test_trial),
      cmocka_unit_test(test_trial_until),
      cmocka_unit_test(test_api),
      cmocka_unit_test(test_generated),
      cmocka_unit_test(test_init_until),
      cmocka_unit_test(test_level_generate),
      cmocka_unit_test(test_bad_steps),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
