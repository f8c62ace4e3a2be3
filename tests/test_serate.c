/* test_serate.c: the rater on Sudoku Explainer's scale.
 *
 * - Known ratings: puzzles with ratings established by running Sudoku
 *   Explainer 1.2.1 itself (its command-line rater serate, the "FIXED14"
 *   build of 1to9only's serate series) on them; they must come out the
 *   same, ER, EP and ED. The puzzles are from the public-domain
 *   sudoku-exchange puzzle bank (one per rating) and from the forum's
 *   HardestDatabase110626 (nested chains).
 * - Soundness: every placement and elimination along the solving path
 *   agrees with the solution found by the independent counter.
 * - The fast chain engines and the general (nested-level) engine give the
 *   same hint at every chain step of some hard paths: two independent
 *   implementations of SE's chain rules checked against each other.
 * - API errors and levels. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "nonet.h"
#include "serate/se_chain.h"
#include "serate/se_nested.h"
#include "support/ref.h"

typedef struct known {
  const char *puzzle;
  int er, ep, ed;        /* tenths, as Sudoku Explainer printed them */
  const char *technique; /* the hardest step, by SE's names (getName);
                            SE's own log confirmed each one */
} known;

static const known knowns[] = {
    {"57..6...3.3...5.6.6.1..7....53.....1....8....9.....27....8..4.2.8.1...3."
     "2...4..19",
     25, 12, 12, "Direct Hidden Triplet"},
    {"6...5...7.3........8.4.92...153.......8...3.......759...95.1.3........8."
     "2...7...4",
     26, 12, 12, "Pointing"},
    {"869...312.2.....8..7.1.8.4..3.....9.7...6...4..19.25.....836...4...7...3."
     "...1....",
     28, 12, 12, "Claiming"},
    {"....5.......2.6....64...39..45...81.....2.......1.7....53...98..9.8.4.6."
     "1...3...4",
     30, 12, 12, "Naked Pair"},
    {"97.3.6.428.5...1.9....5....2.7...3.4.1..2..8.4..738..1...9.5............"
     "1..847..3",
     32, 12, 12, "X-Wing"},
    {".8.2..4..57....1....23.....82..9...5...715...7...2..41.....67....3....18."
     ".7..9.5.",
     34, 12, 12, "Hidden Pair"},
    {".13.9.46.8.......5....4....2.......197..1..43.6.7.5.9..894.371..........."
     "..678...",
     36, 12, 12, "Naked Triplet"},
    {"..96.3..4.1.7...8.4...8...3......641..5...2..164......6...1...2.5...2.6."
     "3..4.75..",
     38, 12, 12, "Swordfish"},
    {"..41.52...........9..823..4.4.....6..3.218.7.7.8...5.3...5.1............."
     "25...94.",
     40, 12, 12, "Hidden Triplet"},
    {".4........861...34..15..26....3.584.....4.....589.2....95..83..16...945.."
     "......1.",
     42, 12, 12, "XY-Wing"},
    {"5...7...3......7...12.495....89.7...1.5...9.8...1.26....451.39...1......"
     "6...9...5",
     44, 12, 12, "XYZ-Wing"},
    {"2..9.....8..5.3....547.6..2..8.....9.97...42.1.....3..3..1.589....8.2..3."
     "....7..5",
     45, 12, 12, "Unique Rectangle type 1"},
    {"..5.6.47.8.7.24...9..1...26.7....5..13.....64..9....1.39...2..8...49.6.5."
     "58.1.2..",
     46, 12, 12, "Unique Loop type 2"},
    {"41.2....3.2.....14..7..62....38.1..6.........9..7.23....83..4..53.....9."
     "6....7.31",
     47, 12, 12, "Unique Rectangle type 3"},
    {"...7.5.............7.619.3.3.6...9.8...2.3....1.....2..9.....1.1.7.5.6."
     "44..1.8..5",
     50, 12, 12, "Naked Quad"},
    {"..45..7...2.8...6..6..714..........6..64172..3..........713..9..8...6.5.."
     ".3..41..",
     52, 12, 12, "Jellyfish"},
    {"...1......48.53.1...19..46..5.6.28.7.6.....2.2.47.5.3..26..91...1.42.58.."
     "....6...",
     56, 12, 12, "BUG type 1"},
    {"...357.....2...3.....1.2...62.....87..76.41..8...2...3.98...63..56.3.29."
     "2...6...1",
     57, 12, 12, "BUG type 2"},
    {"9.82576.4...9.6....63.1.25..3..9..6...9.6.4....53487...7.....8...4...3..."
     "........",
     58, 12, 12, "BUG type 3"},
    {"4..7.9..3.7.3.5.6..2..1..7..1.834.5..........6.......85...8...1.381.652."
     "1..5.3..7",
     62, 12, 12, "Aligned Pair Exclusion"},
    {".....2.43..8..42..2..6.7.9...73...6..4..9..3..5...84...1.8.9..4..94..7.."
     "46.2.....",
     65, 12, 12, "Bidirectional X-Cycle"},
    {"1..5....9.54..7.1.....4..7..7..1...4..38297..6...5..3..2..7.....3.4..16."
     "5....3..7",
     66, 12, 12, "Turbot Fish"},
    {".16.3.74..........8.9...5.6.8.693.5.....4......48519...61...49..9.274.6."
     "4.......5",
     70, 12, 12, "Bidirectional Y-Cycle"},
    {".9......6..689....2.37.6.9.1...2.....549.832.....7...4.2.6.78.9....356.."
     "3......5.",
     71, 12, 12, "Forcing Chain"},
    {"...8.4...82.....534.......9.9..7..1.7...1...2..1...5...6.5.1.4...96.21..."
     "4.....2.",
     75, 12, 12, "Aligned Triplet Exclusion"},
    {".9...371....15....5.1.47.........9..6..581..4..7.........31.6.8....92...."
     "837...2.",
     76, 12, 12, "Nishio Forcing Chains"},
    {"...8.9..41....4.7.8....6913....4...1..6...3..7...5....2481....5.1.4...."
     "85..2.8...",
     82, 12, 12, "Region Forcing Chains"},
    {"....1...26..7...8..2..356.....9..3.1.4.....9.7.3..1.....635..2..3...6.."
     "98...4....",
     83, 12, 12, "Cell Forcing Chains"},
    {"16.....49.7..1..3...26.57....6...3...8..6..5..4.9.1.2....8.2.......7...."
     "6.8...1.2",
     87, 12, 12, "Dynamic Cell Forcing Chains"},
    {"7...4...6...759...9..8.1..3...524....3.....2.4.......75.1...2.8.8.....1."
     "2.9...3.4",
     89, 12, 12, "Dynamic Region Forcing Chains"},
    {"...5..7...95.7...6.....285.1.....9.7..7.1.2..9.8.....5.638.....7...5.64.."
     ".1..4...",
     90, 12, 12, "Dynamic Contradiction Forcing Chains"},
    /* HardestDatabase110626 #4: EP and ED need nested chains too */
    {"........7..4.2.6..8.....31......29...4..9..3...95.6....1......8..6.5.2.."
     "7......6.",
     102, 102, 98, "Dynamic Contradiction Forcing Chains (+ Forcing Chains)"},
    /* HardestDatabase110626 #1 and #3 */
    {"........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2."
     "4.5.....3",
     103, 12, 12, "Dynamic Region Forcing Chains (+ Forcing Chains)"},
    {"..2...7...1.....6.5......18....37.......49.....41.23....3.2.9...8.....5."
     "6.......2",
     103, 12, 12, "Dynamic Region Forcing Chains (+ Forcing Chains)"},
};
#define N_KNOWN (sizeof knowns / sizeof *knowns)

/* Walks SE's path from a puzzle, checking every step against the unique
 * solution; with `cross`, checks the chain engines against each other at
 * every step that needs chains. Returns the number of steps. */
static int walk(const char *puzzle, int cross) {
  uint8_t cells[81], sol[81];
  ref_from_string(puzzle, cells);
  assert_int_equal(ref_count(cells, 2, sol), 1);
  se_chain_ctx *cx = nonet__se_chain_new();
  se_nx *nx = nonet__se_nx_new();
  assert_non_null(cx);
  assert_non_null(nx);
  se_grid g;
  nonet__se_grid_init(&g, cells);
  int steps = 0;
  for (;;) {
    int open = 0;
    for (int c = 0; c < 81; c++) open += g.val[c] == 0;
    if (!open) break;
    se_hint h;
    assert_true(nonet__se_next_hint(cx, &g, &h));
    steps++;
    for (int c = 0; c < 81; c++) {
      /* never remove the solution's digit */
      if (h.elim[c] >> (sol[c] - 1) & 1) {
        print_error("%s step %d removes the solution digit %d of r%dc%d\n",
                    puzzle, steps, sol[c], c / 9 + 1, c % 9 + 1);
        fail();
      }
    }
    if (h.cell >= 0) assert_int_equal(h.digit + 1, sol[h.cell]);
    if (cross && h.tech >= SE_T_CYCLE && h.tech != SE_T_ATE) {
      static const int modes[5][4] = {
          {0, 0, 0, 0}, {0, 1, 1, 0}, {1, 0, 0, 0}, {1, 1, 0, 0}, {1, 1, 0, 1}};
      for (int m = 0; m < 5; m++) {
        se_hint a, b;
        int fa =
            m == 0 ? nonet__se_unary_chains(cx, &g, &a)
                   : nonet__se_multiple_chains(cx, &g, modes[m][0], modes[m][1],
                                               modes[m][2], modes[m][3], &a);
        int fb = nonet__se_nx_chains(nx, &g, modes[m][0], modes[m][1],
                                     modes[m][2], modes[m][3], &b);
        assert_int_equal(fa, fb);
        if (fa) {
          assert_true(a.diff == b.diff);
          assert_memory_equal(a.elim, b.elim, sizeof a.elim);
          assert_int_equal(a.cell, b.cell);
        }
      }
    }
    nonet__se_apply(&g, &h);
  }
  for (int c = 0; c < 81; c++) assert_int_equal(g.val[c], sol[c]);
  nonet__se_nx_free(nx);
  nonet__se_chain_free(cx);
  return steps;
}

/* Each known puzzle rated as SE rates it, and SE's path walked step by
 * step (every step sound): as many steps as the rating counted. (One
 * rating per puzzle serves both: rating is most of the time, ten times
 * more under the sanitizers.) */
static void test_known(void **state) {
  (void)state;
  int bad = 0;
  for (size_t k = 0; k < N_KNOWN; k++) {
    uint8_t cells[81];
    ref_from_string(knowns[k].puzzle, cells);
    nonet_rating r;
    assert_int_equal(nonet_rate(cells, &r), NONET_OK);
    if (r.er != knowns[k].er || r.ep != knowns[k].ep || r.ed != knowns[k].ed ||
        strcmp(r.technique, knowns[k].technique) != 0) {
      print_error("%s: SE %d/%d/%d %s, ours %d/%d/%d %s\n", knowns[k].puzzle,
                  knowns[k].er, knowns[k].ep, knowns[k].ed, knowns[k].technique,
                  r.er, r.ep, r.ed, r.technique);
      bad++;
    }
    assert_int_equal(r.level, nonet_rating_level_of(r.er));
    assert_true(r.steps > 0);
    assert_int_equal(walk(knowns[k].puzzle, 0), r.steps);
  }
  assert_int_equal(bad, 0);
}

static void test_engines_agree(void **state) {
  (void)state;
  static const char *const hard[] = {
      /* top1465 #1, #2 (9.0, 9.5 with dynamic (+) chains) */
      "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4."
      "9........",
      "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5.."
      ".........",
      /* sudoku-exchange bank: Nishio, multiple and dynamic chains */
      ".2..3..188.....6...31...9...7...3...9.5.2.7.4...7...9...4...86...3....."
      "978..4..2.",
      "7...4...6...759...9..8.1..3...524....3.....2.4.......75.1...2.8.8.....1."
      "2.9...3.4",
  };
  for (size_t k = 0; k < sizeof hard / sizeof *hard; k++)
    assert_true(walk(hard[k], 1) > 0);
}

/* Rates SE's path from a puzzle twice at once: with one chain context
 * kept over all steps (what nonet_rate does: its memories of earlier
 * steps let producers look only at what changed) and with a new context
 * at every step (nothing remembered). Every step must come out the same. */
static void same_without_memory(const char *puzzle) {
  uint8_t cells[81];
  ref_from_string(puzzle, cells);
  se_chain_ctx *warm = nonet__se_chain_new();
  assert_non_null(warm);
  se_grid g;
  nonet__se_grid_init(&g, cells);
  for (int step = 1;; step++) {
    int open = 0;
    for (int c = 0; c < 81; c++) open += g.val[c] == 0;
    if (!open) break;
    se_chain_ctx *cold = nonet__se_chain_new();
    assert_non_null(cold);
    se_hint a, b;
    assert_true(nonet__se_next_hint(warm, &g, &a));
    assert_true(nonet__se_next_hint(cold, &g, &b));
    nonet__se_chain_free(cold);
    if (a.diff != b.diff || a.tech != b.tech || a.cell != b.cell ||
        a.digit != b.digit || memcmp(a.elim, b.elim, sizeof a.elim) != 0) {
      print_error(
          "%s step %d: kept context %.1f tech %d, new context %.1f tech %d\n",
          puzzle, step, a.diff, a.tech, b.diff, b.tech);
      fail();
    }
    nonet__se_apply(&g, &a);
  }
  nonet__se_chain_free(warm);
}

static void test_memory_changes_nothing(void **state) {
  (void)state;
  for (size_t k = 0; k < N_KNOWN; k++)
    if (knowns[k].er < 100) same_without_memory(knowns[k].puzzle);
  static const char *const more[] = {
      "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4."
      "9........",
      ".2..3..188.....6...31...9...7...3...9.5.2.7.4...7...9...4...86...3....."
      "978..4..2.",
      /* from top1465: 9.1, 8.5, 8.3, 7.2 */
      "..3.5.4..7...6.....5.8...6.5....3..4.1..7..8.2..4....7.4...8.5.....4..."
      "9..6.1.2..",
      "....8.64......5..3.2.9.........49....3......14..7...687.8....2.......5.."
      "6...5..8.",
      "..2......8.13..6.......7..4.1.9..........48.......6.75.24.9.3...6......."
      "..9.5...8",
      ".472.........96..1..2........6..4.3...8.1.......8........9....36....274."
      "7.4..8..9",
      NULL,
  };
  for (size_t k = 0; more[k]; k++) same_without_memory(more[k]);
}

static void test_errors(void **state) {
  (void)state;
  uint8_t cells[81];
  nonet_rating r;
  ref_from_string(knowns[0].puzzle, cells);
  assert_int_equal(nonet_rate(NULL, &r), NONET_EINVAL);
  assert_int_equal(nonet_rate(cells, NULL), NONET_EINVAL);
  cells[0] = 10;
  assert_int_equal(nonet_rate(cells, &r), NONET_EINVAL);
  /* conflicting givens */
  ref_from_string(knowns[0].puzzle, cells);
  int a = -1, b = -1;
  for (int c = 0; c < 9; c++)
    if (cells[c] && a < 0)
      a = c;
    else if (!cells[c] && b < 0)
      b = c;
  cells[b] = cells[a];
  assert_int_equal(nonet_rate(cells, &r), NONET_EINVAL);
  /* several solutions: the empty grid, and a puzzle missing a given */
  memset(cells, 0, sizeof cells);
  assert_int_equal(nonet_rate(cells, &r), NONET_EINVAL);
}

static void test_levels(void **state) {
  (void)state;
  assert_int_equal(nonet_rating_level_of(10), NONET_LEVEL_EASY);
  assert_int_equal(nonet_rating_level_of(19), NONET_LEVEL_EASY);
  assert_int_equal(nonet_rating_level_of(20), NONET_LEVEL_MEDIUM);
  assert_int_equal(nonet_rating_level_of(29), NONET_LEVEL_MEDIUM);
  assert_int_equal(nonet_rating_level_of(30), NONET_LEVEL_HARD);
  assert_int_equal(nonet_rating_level_of(49), NONET_LEVEL_HARD);
  assert_int_equal(nonet_rating_level_of(50), NONET_LEVEL_EXPERT);
  assert_int_equal(nonet_rating_level_of(69), NONET_LEVEL_EXPERT);
  assert_int_equal(nonet_rating_level_of(70), NONET_LEVEL_EXTREME);
  assert_int_equal(nonet_rating_level_of(200), NONET_LEVEL_EXTREME);
  assert_string_equal(nonet_level_name(NONET_LEVEL_EASY), "Easy");
  assert_string_equal(nonet_level_name(NONET_LEVEL_EXTREME), "Extreme");
  assert_string_equal(nonet_level_name(99), "?");
  assert_string_equal(nonet_level_name(NONET_LEVEL_TRIAL), "Trial-and-error");
  assert_int_equal(nonet_level_from_name("expert"), NONET_LEVEL_EXPERT);
  assert_int_equal(nonet_level_from_name("nope"), NONET_EINVAL);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_known),
      cmocka_unit_test(test_engines_agree),
      cmocka_unit_test(test_errors),
      cmocka_unit_test(test_levels),
      cmocka_unit_test(test_memory_changes_nothing),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
