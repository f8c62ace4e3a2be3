/* test_logic_tech.c: unit tests of each technique of the logic engine on
 * candidate grids where it applies, asserting the exact eliminations.
 *
 * Each case is a state reached while solving a published puzzle (the
 * magictour top1465 list, or the public-domain sudoku-exchange puzzle
 * bank behind sx_rated_sample.tsv): the puzzle, and its candidate grid
 * at that point (81 tokens: a placed digit, or '.' and the candidates).
 * The expected conclusions were derived by hand from each pattern (the
 * reasoning is summarised in the comment of each case); every one is
 * also checked against the puzzle's unique solution, established by the
 * independent DLX counter. `exact`: the step's conclusions are exactly
 * the expected ones (1), or include them (0, forcing chains and nets,
 * which also report every other fact their branches share).
 *
 * Every instance the finder reports (nonet_logic_each) must be sound;
 * one of them must be the expected step. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include "nonet.h"
#include "support/puzzles.h"
#include "support/ref.h"

typedef struct tcase {
  const char *key; /* technique key */
  int exact;
  const char *expect; /* "r2c9<>8 r1c1=4 ..." */
  const char *puzzle;
  const char *pm;
} tcase;

/* Reasoning for each case (candidate grids are in `pm`; rNcM is 1-based):
 * full-house      column 2 has one empty cell, r3c2: the missing 9.
 * naked-single    r7c8 has the single candidate 5.
 * hidden-single   8 has one place in box 2 (and column 6): r1c6.
 * pointing        box 1: 8 only in r2c1,r2c3 (row 2): r2c9 loses 8.
 * claiming        row 3: 6 only in r3c1,r3c3 (box 1): r1c1,r1c3,r2c1 lose 6.
 * naked-pair      column 5: r4c5,r8c5 = {1,2}: the rest of the column loses
 * 1,2. naked-triple    column 7: r7c7 {49}, r8c7 {69}, r9c7 {46}: r2c7 -6,9,
 * r4c7 -4. hidden-pair     column 5: 2 and 4 only in r6c5,r9c5: they lose 3
 * (and 9). x-wing          5 in rows 6 and 9 only in columns 2 and 8.
 * hidden-triple   column 1: 3,5,6 only in r3c1,r8c1,r9c1.
 * swordfish       8 in rows 1,5,9 only in columns 1,2,9.
 * skyscraper      2: rows 2 and 8 conjugate (c1,c5 / c3,c5), bases in c5:
 *                 r1c3 sees both ends r2c1, r8c3.
 * remote-pair     {4,6}: r2c6-r2c8-r8c8-r8c4: r7c6 sees both ends.
 * bug+1           every open cell bivalue but r9c7 {479}; 7 three times in
 *                 row 9: r9c7 = 7.
 * 2-string-kite   5: row 5 (c3,c7), column 9 (r4,r9), r5c7 and r4c9 in box 6:
 *                 r9c3 sees r5c3 and r9c9.
 * w-wing          r1c3, r4c9 = {2,8}; 8 conjugate in column 1 (r1c1, r4c1),
 *                 each end seeing one of them: r1c9 sees both and loses 2.
 * xy-wing         pivot r1c1 {59}, pincers r3c3 {39}, r9c1 {35}: z = 3.
 * turbot-fish     7: r1c7=r1c2 (row 1) - r7c2=r9c3 (box 7): r9c7 sees both
 * ends. empty-rect.     1 in box 2 in row 1 and column 5; conjugate r7c3,r7c5
 * in row 7: r1c3 loses 1. ur1             r3c5,r3c6,r7c5 = {4,7}: r7c6 loses 4
 * and 7. xyz-wing        pivot r4c9 {589}, pincers r5c7 {89}, r7c9 {59}: r6c9
 * -9. sashimi-x-wing  9 in columns 3 (r3,r5) and 8 (r3 + fins r4c8,r6c8): r5c7
 * -9. ur4             r3c1,r3c5 = {1,4}; 1 only in r2c1,r2c5 in row 2: they
 * lose 4. finned-x-wing   5 in columns 4 (r4,r9) and 8 (r4,r9 + fin r7c8): r9c9
 * -5. xy-chain        (8=7)r1c4-(7=5)r2c5-(5=1)r6c5-(1=8)r9c5: r3c5, r8c4
 * lose 8. finned-sword.   8 in columns 2,5,8 within rows 6,8,9, fin r4c8: r6c9
 * -8. ur3             floor r1c8,r2c8 {35}; roof extras {4,7} with r3c1 {47}
 * form a naked pair in box 1: r2c1 loses 4. hidden-rect.    r1c2 {12}; 1 only
 * in r8c1,r8c2 (row 8) and r1c1,r8c1 (column 1): r8c1 = 2 would force a deadly
 * pattern. ur2             floor r7c2,r9c2 {69}; roof r7c4,r9c4 {369}: r1c4,
 * r8c5 -3. aic             (2=9)r1c5-(9)r8c5=(9)r8c9-(2)r8c9=(2)r7c9: r7c5 sees
 * both ends. jellyfish       1 in rows 2,4,8,9 only in columns 1,5,8,9.
 * sashimi-sword.  5 in rows 2 (c8, fin r2c2), 5 (c7,c8), 9 (c3,c7): r1c3 -5.
 * sashimi-jelly.  5 in rows 2,3,5,8 within columns 2,4,7,8, fin r3c5: r1c4 -5.
 * simple-colors   3: cluster {r3c1,r7c2,r5c8,r6c4} / {r3c2,r7c8,r5c5,r6c9,
 *                 r9c4}: r9c1 sees r3c1 and r9c4.
 * multi-colors    2: r1c8 (colour of r2c1,r8c3) sees r7c8; so r9c1's colour
 *                 or r7c4 holds 2: r9c4 sees both.
 * naked-quad      box 1: r1c3,r2c3,r3c1,r3c3 = {1,3,8,9}: r1c1 loses 3, 9.
 * hidden-quad     row 5: 2,4,5,7 only in c1,c7,c8,c9.
 * x-chain         6: r1c5=r7c5-r7c8=r6c8-r5c9=r5c1: r1c1 sees both ends.
 * finned-jelly.   3 in rows 1,2,5,8 within columns 2,3,4,9, fin r5c8: r6c9 -3.
 * grouped-aic     continuous loop on 3 through the group r79c5 and r8c46:
 *                 the weak link r1c9-r1c6 becomes strong: r1c8 loses 3.
 * fc-verity       r5c5 = 1, 6, 7 or 8 each lead to r3c6 = 2.
 * als-xz          A = r2c3,r2c7,r2c8,r2c9 {12358}, B = r1c8,r5c8,r9c8 {1348},
 *                 X = 3 (r2c8, r1c8), Z = 8: r3c8 sees every 8 of both.
 * sue-de-coq      r7c2,r8c2,r9c2 {35678} with r3c2 {78} and r8c1 {36}.
 * als-xy-wing     A = r3c2,r3c5 {245}, B = r4c2,r6c3 {145}, C = r4c5,r4c7
 *                 {159}, X = 5, Y = 1, Z = 4: r6c2 loses 4.
 * fn-contradiction r4c1 = 2 forces r9c3 = 2, then 2 in row 1 is locked in
 *                 box 2 and column 6 has no place for 2.
 * ape             r7c5 and r7c3: 6 in r7c5 leaves r7c3 {4,8} with r7c2 {46}
 *                 or r7c1 {68} emptied.
 * fc-contradiction r8c4 = 9 makes r7c9 = 9, then r7c8 both 5 and 3.
 * fn-verity       r1c2 = 5 or 6 both lead to r9c9 = 6 (9 fails). */
static const tcase cases[] = {
    {"full-house", 1, "r3c2=9",
     "57..6...3.3...5.6.6.1..7....53.....1....8....9.....27....8..4.2.8.1...3."
     "2...4..19",
     "5 7 .249 .249 6 8 1 .249 3 .48 3 .2489 .249 1 5 .789 6 .478 6 .9 1 .2349 "
     ".239 7 .589 .2489 .458 .78 5 3 .24679 .279 .2469 .689 .489 1 .17 2 .67 "
     ".45679 8 .1469 3 .49 .456 9 4 .68 .356 .35 .16 2 7 .568 3 1 .79 8 .79 "
     ".69 4 5 2 .47 8 .4579 1 .2579 .269 .67 3 .67 2 6 .57 .57 4 3 .78 1 9"},
    {"naked-single", 1, "r7c8=5",
     "57..6...3.3...5.6.6.1..7....53.....1....8....9.....27....8..4.2.8.1...3."
     "2...4..19",
     "5 7 .2489 .249 6 .12489 .189 .2489 3 .48 3 .2489 .249 .129 5 .1789 6 "
     ".478 6 .249 1 .2349 .239 7 .589 .24589 .458 .478 5 3 .24679 .279 .2469 "
     ".689 .489 1 .147 .1246 .2467 .2345679 8 .123469 .3569 .459 .456 9 .146 "
     ".468 .3456 .135 .1346 2 7 .4568 .137 .169 .5679 8 .3579 .369 4 .5 2 .47 "
     "8 .45679 1 .2579 .269 .567 3 .567 2 .6 .567 .3567 4 .36 .5678 1 9"},
    {"hidden-single", 1, "r1c6=8",
     "57..6...3.3...5.6.6.1..7....53.....1....8....9.....27....8..4.2.8.1...3."
     "2...4..19",
     "5 7 .2489 .249 6 .12489 .189 .2489 3 .48 3 .2489 .249 .129 5 .1789 6 "
     ".478 6 .249 1 .2349 .239 7 .589 .2489 .458 .478 5 3 .24679 .279 .2469 "
     ".689 .489 1 .147 .124 .2467 .2345679 8 .12469 .3569 .49 .456 9 .14 .468 "
     ".3456 .135 .146 2 7 .4568 .137 .19 .79 8 .79 .69 4 5 2 .47 8 .4579 1 "
     ".2579 .269 .67 3 .67 2 6 .57 .57 4 3 .78 1 9"},
    {"pointing", 1, "r2c9<>8",
     "57..6...3.3...5.6.6.1..7....53.....1....8....9.....27....8..4.2.8.1...3."
     "2...4..19",
     "5 7 .24 .249 6 8 1 .249 3 .48 3 .248 .249 1 5 .79 6 .478 6 9 1 .234 .23 "
     "7 5 .248 .48 .78 5 3 .24679 .279 .249 .69 .489 1 1 2 .67 .45679 8 .49 3 "
     ".49 .456 9 4 .68 .356 .35 1 2 7 .568 3 1 .79 8 .79 6 4 5 2 .47 8 .4579 1 "
     ".2579 .29 .67 3 .67 2 6 .57 .57 4 3 8 1 9"},
    {"claiming", 1, "r1c1<>6 r1c3<>6 r2c1<>6",
     "...21.5...1.....3....3.574..31.6..5..5.....7..8..9.12..689.2....7.....8.."
     ".2.31...",
     ".346789 .49 .34679 2 1 .679 5 .69 .689 .6789 1 5 .67 4 .679 .2689 3 "
     ".2689 .69 2 .69 3 8 5 7 4 1 2 3 1 .47 6 .478 .89 5 .489 .469 5 .469 1 2 "
     ".348 .368 7 .3468 .467 8 .467 5 9 .34 1 2 .346 .34 6 8 9 7 2 .34 1 5 1 7 "
     ".39 .46 5 .46 .239 8 .239 5 .49 2 8 3 1 .469 .69 7"},
    {"naked-pair", 1, "r6c5<>1 r9c5<>1 r1c5<>2 r3c5<>2 r6c5<>2 r9c5<>2",
     "3.48.16.7...375.............5.9.4.3.6...8...1.38...79.....3.....8.6.9.4.."
     ".6...9..",
     "3 .29 4 8 .29 1 6 5 7 .89 6 .12 3 7 5 4 .18 .29 .589 7 .125 .24 .2469 "
     ".26 3 .18 .29 .12 5 7 9 .12 4 8 3 6 6 4 9 7 8 3 5 2 1 .12 3 8 .125 .1256 "
     ".26 7 9 4 .459 .129 .25 .1245 3 7 .12 6 8 7 8 3 6 .12 9 .12 4 5 .45 .12 "
     "6 .1245 .1245 8 9 7 3"},
    {"naked-triple", 1, "r4c7<>4 r2c7<>6 r2c7<>9",
     "4.76.21.8...7.8.....1.9.7..18.....763.6...2.9..2...8..6..2.3..5...8.4..."
     "7.......3",
     "4 .59 7 6 3 2 1 .59 8 .25 .23569 .359 7 1 8 .3569 .3569 4 8 .36 1 4 9 5 "
     "7 .36 2 1 8 .45 .35 2 9 .345 7 6 3 .45 6 1 8 7 2 .45 9 9 7 2 .35 4 6 8 "
     ".35 1 6 .149 .489 2 7 3 .49 .1489 5 .25 .12359 .359 8 .56 4 .69 .1269 7 "
     "7 .245 .458 9 .56 1 .46 .2468 3"},
    {"hidden-pair", 1, "r6c5<>3 r9c5<>3 r9c5<>9",
     "8..6.4..92..3.9..7....5.....2.1.6.4..14...32..9.....1..428.516..83...59.."
     "........",
     "8 .37 .15 6 .17 4 2 .35 9 2 .56 .156 3 .18 9 4 .58 7 4 .37 9 .27 5 .278 "
     "6 .38 1 .35 2 7 1 .38 6 9 4 .58 .56 1 4 .579 .789 .78 3 2 .568 .356 9 8 "
     ".245 .234 .23 7 1 .56 .79 4 2 8 .79 5 1 6 3 .17 8 3 .247 6 .127 5 9 .24 "
     ".19 .56 .56 .249 .2349 .123 8 7 .24"},
    {"x-wing", 1, "r4c8<>5 r8c2<>5 r8c8<>5",
     "97.3.6.428.5...1.9....5....2.7...3.4.1..2..8.4..738..1...9.5............"
     "1..847..3",
     "9 7 1 3 8 6 5 4 2 8 .36 5 4 7 2 1 .36 9 .36 .24 .24 1 5 9 .678 .367 .678 "
     "2 8 7 .56 9 1 3 .56 4 .356 1 .369 .56 2 4 .679 8 .567 4 .569 .69 7 3 8 "
     ".269 .2569 1 .367 .2346 .23468 9 .16 5 .24678 .1267 .678 .567 .4569 "
     ".4689 2 .16 3 .46789 .15679 .5678 1 .2569 .269 8 4 7 .269 .2569 3"},
    {"hidden-triple", 1, "r8c1<>1 r3c1<>4 r8c1<>4 r9c1<>4 r3c1<>9",
     "8...6...4.71...65..6..8..7....5.9.....3...7...56...41.2..8.6..1..9...2..."
     "..192...",
     "8 .239 .25 7 6 .15 .139 .239 4 .49 7 1 .249 .24 3 6 5 8 .3459 6 .245 .49 "
     "8 .15 .139 7 .239 .147 .1248 .248 5 .1237 9 .38 .2368 .236 .19 .1289 3 6 "
     ".12 4 7 .289 5 .79 5 6 .23 .237 8 4 1 .239 2 .34 7 8 .345 6 .359 .349 1 "
     ".13456 .1348 9 .34 .345 7 2 .3468 .36 .3456 .348 .458 1 9 2 .358 .3468 "
     "7"},
    {"swordfish", 1, "r4c2<>8 r8c1<>8 r8c9<>8",
     "..96.3..4.1.7...8.4...8...3......641..5...2..164......6...1...2.5...2.6."
     "3..4.75..",
     ".78 .78 9 6 5 3 1 2 4 5 1 3 7 2 4 9 8 6 4 2 6 9 8 1 7 5 3 2 .3789 .78 "
     ".358 .379 .589 6 4 1 .789 .3789 5 1 4 6 2 .379 .789 1 6 4 2 .379 .89 .38 "
     ".379 5 6 4 .78 .58 1 .589 .38 .379 2 .789 5 1 .38 .39 2 4 6 .789 3 .89 2 "
     "4 6 7 5 1 .89"},
    {"skyscraper", 1, "r1c3<>2",
     ".4........861...34..15..26....3.584.....4.....589.2....95..83..16...945.."
     "......1.",
     ".259 4 .27 .26 .239 .36 .579 8 1 .259 8 6 1 .29 7 .59 3 4 .39 .37 1 5 8 "
     "4 2 6 .79 6 1 9 3 7 5 8 4 2 .23 .237 .237 8 4 1 6 9 5 4 5 8 9 6 2 1 7 3 "
     "7 9 5 4 1 8 3 2 6 1 6 .23 7 .23 9 4 5 8 8 .23 4 .26 5 .36 .79 1 .79"},
    {"remote-pair", 1, "r7c6<>4",
     ".459........71.2.5.2...3..9..83.1.26.1.....5.36.8.51..2..1...3.8.1.57...."
     "....951.",
     ".67 4 5 9 .268 .28 3 .78 1 9 8 3 7 1 .46 2 .46 5 1 2 .67 5 .468 3 .46 "
     ".78 9 5 9 8 3 .47 1 .47 2 6 .47 1 .247 .46 9 .246 8 5 3 3 6 .24 8 .27 5 "
     "1 9 .47 2 5 9 1 .68 .48 .67 3 .47 8 3 1 .46 5 7 9 .46 2 .46 7 .46 2 3 9 "
     "5 1 8"},
    {"bug+1", 1, "r9c7=7",
     "6..8.9..1...57.3...5...1...7.6....94.2..6..3.43....8.5...1...2...4.97..."
     "1..2.8..6",
     "6 .47 2 8 3 9 .47 5 1 .89 .49 1 5 7 6 3 .48 2 3 5 .78 4 2 1 6 .78 9 7 1 "
     "6 3 8 5 2 9 4 .58 2 .58 9 6 4 1 3 7 4 3 9 7 1 2 8 6 5 .59 6 .57 1 4 3 "
     ".79 2 8 2 8 4 6 9 7 5 1 3 1 .79 3 2 5 8 .479 .47 6"},
    {"2-string-kite", 1, "r9c3<>5",
     ".24...65.1.......7..8.1.9...........26..9..83.8.5.1.7.6..9.3..8..28547..."
     "...7....",
     ".39 2 4 7 .38 .89 6 5 1 1 .59 6 .23 4 .59 8 .23 7 .57 .357 8 6 1 .25 9 "
     ".234 .24 .57 .1579 .13579 .23 .368 .28 .145 .69 .45 2 6 .15 4 9 7 .15 8 "
     "3 4 8 .39 5 .36 1 2 7 .69 6 .1457 .157 9 2 3 .45 .14 8 .39 .139 2 8 5 4 "
     "7 .169 .69 8 .459 .59 1 7 6 3 .249 .245"},
    {"w-wing", 1, "r1c9<>2",
     ".6..5..3....3.6.....7...4...3.....6..14.2.79.7.......1.........9..147..5."
     "516.987.",
     ".18 6 .28 7 5 4 .129 3 .29 .15 4 .25 3 9 6 .12 8 7 3 9 7 .28 1 .28 4 5 6 "
     ".58 3 9 4 7 1 .25 6 .28 6 1 4 .58 2 .358 7 9 .38 7 2 .58 9 6 .38 .35 4 1 "
     "4 7 .36 .25 8 .25 .369 1 .39 9 8 .36 1 4 7 .36 2 5 2 5 1 6 3 9 8 7 4"},
    {"xy-wing", 1, "r2c1<>3 r7c3<>3 r8c3<>3 r9c3<>3",
     ".4.137.2...78.94..8...4...5.9.7.3.5.63.....47.51...89.1...7...9....8....."
     "..9.6...",
     ".59 4 .569 1 3 7 .69 2 8 .23 .26 7 8 5 9 4 .136 .16 8 1 .39 6 4 2 .379 "
     ".37 5 4 9 8 7 1 3 .26 5 .26 6 3 2 5 9 8 1 4 7 7 5 1 2 6 4 8 9 3 1 .268 "
     ".346 .34 7 5 .236 .368 9 .2359 .267 .34569 .34 8 1 .23567 .367 .246 .35 "
     ".78 .345 9 2 6 .357 .1378 .14"},
    {"turbot-fish", 1, "r9c7<>7",
     "4..3...5825.4..31..8.1...........673....6....764...........4.8..13..5."
     "6484...1..5",
     "4 .79 1 3 2 6 .79 5 8 2 5 .679 4 .79 8 3 1 .67 3 8 .679 1 5 .79 4 .29 "
     ".2679 1 .29 8 5 4 .29 6 7 3 5 3 .29 .79 6 .279 8 4 1 7 6 4 8 1 3 5 .29 "
     ".29 6 .27 5 .279 3 4 1 8 .79 9 1 3 .27 8 5 .27 6 4 8 4 .27 6 .79 1 .279 "
     "3 5"},
    {"empty-rectangle", 1, "r1c3<>1",
     ".9......6..689....2.37.6.9.1...2.....549.832.....7...4.2.6.78.9....356.."
     "3......5.",
     "8 9 .157 .134 .145 .234 .1245 .147 6 .45 .147 6 8 9 .24 .1245 .147 3 2 "
     ".14 3 7 .145 6 .145 9 8 1 8 9 .34 2 .34 7 6 5 7 5 4 9 6 8 3 2 1 6 3 2 5 "
     "7 1 9 8 4 .45 2 .15 6 .14 7 8 3 9 9 .147 8 .124 3 5 6 .14 .27 3 6 .17 "
     ".124 8 9 .14 5 .27"},
    {"ur1", 1, "r7c6<>4 r7c6<>7",
     ".8.926..45.9..8...........3..6.1.....7.4.9.8.....8.1..6...........2..6."
     "19..361.7.",
     ".37 8 .37 9 2 6 5 1 4 5 4 9 1 3 8 7 6 2 .12 6 .12 5 .47 .47 8 9 3 8 .25 "
     "6 7 1 .23 .2349 .2345 .59 .123 7 .123 4 5 9 .23 8 6 .234 9 .2345 6 8 .23 "
     "1 .235 7 6 1 .247 8 .47 .457 .2349 .2345 .59 .47 3 8 2 9 .457 6 .45 1 9 "
     ".25 .245 3 6 1 .24 7 8"},
    {"xyz-wing", 1, "r6c9<>9",
     "...943......8.7...5.......3..6.3.1...5.7.1.3...45.86...2.1.6.4..41...78."
     "8.......2",
     "6 .17 2 9 4 3 .58 .57 .1578 4 .19 3 8 5 7 2 6 .19 5 .789 .89 6 1 2 4 .79 "
     "3 7 .89 6 .24 3 .49 1 .259 .589 2 5 .89 7 6 1 .89 3 4 1 3 4 5 .29 8 6 "
     ".279 .79 .39 2 7 1 8 6 .359 4 .59 .39 4 1 .23 .29 5 7 8 6 8 6 5 .34 7 "
     ".49 .39 1 2"},
    {"sashimi-x-wing", 1, "r5c7<>9",
     "...943......8.7...5.......3..6.3.1...5.7.1.3...45.86...2.1.6.4..41...78."
     "8.......2",
     "6 .17 2 9 4 3 .58 .57 .158 4 .19 3 8 5 7 2 6 .19 5 .789 .89 6 1 2 4 .79 "
     "3 7 .89 6 .24 3 .49 1 .259 .589 2 5 .89 7 6 1 .89 3 4 1 3 4 5 .29 8 6 "
     ".29 7 .39 2 7 1 8 6 .359 4 .59 .39 4 1 .23 .29 5 7 8 6 8 6 5 .34 7 .49 "
     ".39 1 2"},
    {"ur4", 1, "r2c1<>4 r2c5<>4",
     "....6..1...3..56.....2.3.9867.......5..134..6.......4979.8.1.....53..1..."
     "1..2....",
     ".2489 .2458 .27 .79 6 .89 .3457 1 .345 .1489 .48 3 .479 .1489 5 6 .27 "
     ".24 .14 .56 .67 2 .14 3 .57 9 8 6 7 4 .59 .589 .289 .2358 .35 1 5 .28 9 "
     "1 3 4 .278 .27 6 .28 3 1 6 .578 .278 .258 4 9 7 9 .26 8 .45 1 .2345 .356 "
     ".2345 .24 .246 5 3 .79 .679 1 8 .27 3 1 8 .45 2 .67 9 .56 .457"},
    {"finned-x-wing", 1, "r9c9<>5",
     "....6..1...3..56.....2.3.9867.......5..134..6.......4979.8.1.....53..1..."
     "1..2....",
     ".2489 .2458 .27 .79 6 .89 .3457 1 .345 .189 .48 3 .479 .189 5 6 .27 .24 "
     ".14 .56 .67 2 .14 3 .57 9 8 6 7 4 .59 .589 .289 .2358 .35 1 5 .28 9 1 3 "
     "4 .278 .27 6 .28 3 1 6 .578 .278 .258 4 9 7 9 .26 8 .45 1 .2345 .356 "
     ".2345 .24 .246 5 3 .79 .679 1 8 .27 3 1 8 .45 2 .67 9 .56 .457"},
    {"xy-chain", 1, "r3c5<>8 r8c4<>8",
     "....4....4.21.68.9.5.....1....9.7...6..438..2..7...6...7..9..2...6...5.."
     "2..5.4..7",
     ".1789 6 .189 .78 4 .59 2 .357 .35 4 3 2 1 .57 6 8 .57 9 .789 5 .89 .378 "
     ".278 .239 4 1 6 .358 2 .458 9 6 7 .13 .3458 .13458 6 .19 .159 4 3 8 7 "
     ".59 2 .389 .489 7 2 .15 .15 6 .3489 .38 .58 7 .458 6 9 .13 .13 2 .48 "
     ".189 .1489 6 .378 .1278 .123 5 .348 .1348 2 .18 3 5 .18 4 9 6 7"},
    {"finned-swordfish", 1, "r6c9<>8",
     "....4....4.21.68.9.5.....1....9.7...6..438..2..7...6...7..9..2...6...5.."
     "2..5.4..7",
     ".1789 6 .189 .78 4 .59 2 .357 .35 4 3 2 1 .57 6 8 .57 9 .789 5 .89 .378 "
     ".27 .239 4 1 6 .358 2 .458 9 6 7 .13 .3458 .13458 6 .19 .159 4 3 8 7 .59 "
     "2 .389 .489 7 2 .15 .15 6 .3489 .38 .58 7 .458 6 9 .13 .13 2 .48 .189 "
     ".1489 6 .37 .1278 .123 5 .348 .1348 2 .18 3 5 .18 4 9 6 7"},
    {"ur3", 1, "r2c1<>4",
     "...1.9.......7......95321..89.....41..2...6...67.8.52...4...9...28.9.37.."
     "..827...",
     "2 .3457 .356 1 .46 9 8 .35 .47 .3456 .345 1 .46 7 8 2 .35 9 .47 8 9 5 3 "
     "2 1 6 .47 8 9 .35 2 .56 .356 7 4 1 .345 .1345 2 7 .145 .345 6 9 8 .14 6 "
     "7 9 8 .14 5 2 3 .567 .157 4 3 .156 .56 9 8 2 .156 2 8 .46 9 .1456 3 7 "
     ".56 9 .35 .356 8 2 7 4 1 .56"},
    {"hidden-rectangle", 1, "r8c1<>2",
     ".......9.5..7.14...37..46...931.6.7...........8.4.916...62..31...93.7..8."
     "4.......",
     ".1248 .12 .14 6 .2358 .23 .258 9 7 5 6 .28 7 9 1 4 .238 .23 9 3 7 .58 "
     ".258 4 6 .258 1 .24 9 3 1 .58 6 .28 7 .245 6 .1257 .14 .58 .237 .23 9 "
     ".38 .345 .27 8 .25 4 .237 9 1 6 .235 .78 .57 6 2 4 .58 3 1 9 .12 .125 9 "
     "3 6 7 .25 4 8 3 4 .258 9 1 .58 7 .25 6"},
    {"ur2", 1, "r1c4<>3 r8c5<>3",
     "6...4...1.3...87....97.......3.96...9.6...1.3...12.5.......24....24...8."
     "4...1...2",
     "6 8 7 .239 4 .59 .29 .359 1 .25 3 1 .269 .56 8 7 .469 .4569 .25 4 9 7 "
     ".356 1 .26 .36 8 1 2 3 5 9 6 8 .47 .47 9 5 6 8 7 4 1 2 3 8 7 4 1 2 3 5 "
     ".69 .69 .37 .69 5 .369 8 2 4 1 .679 .37 1 2 4 .356 .79 .369 8 .5679 4 "
     ".69 8 .369 1 .57 .369 .57 2"},
    {"aic", 1, "r7c5<>2",
     ".........7.63.89.5..46758...97.3.65..589.271............9...1.....1.3...."
     "1..6..8.",
     ".15 8 .15 .24 .29 .49 3 .67 .67 7 2 6 3 1 8 9 4 5 9 3 4 6 7 5 8 2 1 2 9 "
     "7 8 3 1 6 5 4 6 5 8 9 4 2 7 1 3 .13 4 .13 7 5 6 2 9 8 .458 .67 9 .245 "
     ".28 .47 1 3 .267 .458 .67 .25 1 .289 3 .45 .67 .29 .345 1 .235 .245 6 "
     ".79 .45 8 .79"},
    {"jellyfish", 1, "r3c5<>1 r5c5<>1 r6c1<>1 r6c8<>1 r6c9<>1 r7c5<>1",
     "...345...3..7.9..2.7.....4...7.8.4..28.....39..6...7..9.......4...936...."
     "2.8.4.5.",
     ".68 1 2 3 4 5 .68 9 7 3 .45 .458 7 .16 9 .58 .16 2 .56 7 9 .126 .126 8 "
     ".156 4 3 .15 9 7 .26 8 3 4 .26 .15 2 8 .145 .1456 .1567 .17 .16 3 9 .145 "
     "3 6 .1245 9 .12 7 .128 .158 9 6 .18 .125 .1257 .127 3 .78 4 .4578 .45 "
     ".458 9 3 6 2 .178 .18 .17 2 3 8 .17 4 9 5 6"},
    {"sashimi-swordfish", 1, "r1c3<>5",
     "6...9..878....46...79...4...2.6.5...3...7...4...3.8.6...2...89...89...."
     "379..3...6",
     "6 .145 .145 .15 9 3 2 8 7 8 .15 3 7 2 4 6 .15 9 2 7 9 .15 8 6 4 3 .15 9 "
     "2 .14 6 .14 5 3 7 8 3 8 6 2 7 9 .15 .15 4 .145 .145 7 3 .14 8 9 6 2 .15 "
     "3 2 4 6 7 8 9 .15 .14 6 8 9 5 .12 7 .24 3 7 9 .145 8 3 .12 .15 .24 6"},
    {"sashimi-jellyfish", 1, "r1c4<>5",
     "9......8.8.3.7...4.61..2.....23.5...6.84.72.3...2.67.....7..93.1...2.4.8."
     "3......6",
     "9 .257 .57 .156 .36 4 .136 8 .125 8 .25 3 .156 7 9 .156 .125 4 4 6 1 8 "
     ".35 2 .35 9 7 7 4 2 3 .19 5 8 6 .19 6 .159 8 4 .19 7 2 .15 3 3 .159 .59 "
     "2 8 6 7 4 .159 .25 8 .46 7 .46 1 9 3 .25 1 .79 .679 .569 2 3 4 .57 8 .25 "
     "3 .479 .59 .45 8 .15 .1257 6"},
    {"simple-colors", 1, "r9c1<>3",
     "..9...3..4.5...7.9..18295.....1.4...8.......7.4..6..9.5..2.6..1.927.564.."
     "...9....",
     "6 .28 9 .45 .45 7 3 1 .28 4 .28 5 6 .13 .13 7 .28 9 .37 .37 1 8 2 9 5 6 "
     "4 9 5 3 1 7 4 .28 .28 6 8 1 6 9 .35 2 4 .35 7 2 4 7 .35 6 8 1 9 .35 5 "
     ".37 .48 2 .48 6 9 .37 1 .13 9 2 7 .138 5 6 4 .38 .137 6 .48 .34 9 .13 "
     ".28 .57 .2358"},
    {"multi-colors", 1, "r9c4<>2",
     ".3.68.4..........97.95..1.....3.27.66.......29.47.5.....7..86.33........."
     ".1.37.9.",
     "1 3 .25 6 8 9 4 .27 .57 .258 .58 6 .14 7 .14 .235 .23 9 7 4 9 5 2 3 1 6 "
     "8 .58 1 .58 3 9 2 7 4 6 6 7 3 8 .14 .14 9 5 2 9 2 4 7 6 5 .38 .38 1 .45 "
     ".59 7 .1249 .145 8 6 .12 3 3 .589 .258 .1249 .145 6 .258 .1278 .47 .2458 "
     "6 1 .24 3 7 .258 9 .45"},
    {"naked-quad", 1, "r1c1<>3 r1c1<>9",
     "...58.2..2...3..6....1....4.34...1..19.3.5.48..2...59.8....6....1..7...2."
     ".7.18...",
     ".3469 .467 .139 5 8 .49 2 .137 .179 2 .45 .189 7 3 .49 .89 6 .15 .39 .57 "
     ".389 1 6 2 .389 .57 4 5 3 4 8 9 7 1 2 6 1 9 6 3 2 5 7 4 8 7 8 2 6 4 1 5 "
     "9 3 8 .24 .39 .249 5 6 .349 .17 .17 .469 1 5 .49 7 3 .469 8 2 .3469 .246 "
     "7 .249 1 8 .3469 .35 .59"},
    {"hidden-quad", 1, "r5c9<>1 r5c1<>6 r5c7<>8 r5c9<>8 r5c8<>9",
     "8......1..64...2.9.7981......542.6.............2.753......8793.9.7...15.."
     "4......6",
     "8 .25 3 .269 .469 .2469 .457 1 .57 1 6 4 7 5 3 2 8 9 .25 7 9 8 1 .24 .45 "
     "6 3 .37 .1389 5 4 2 .189 6 .79 .178 .467 .189 .168 .1369 .369 .1689 .578 "
     ".2479 .12578 .46 .189 2 .169 7 5 3 .49 .18 .256 .125 .16 .125 8 7 9 3 4 "
     "9 .238 7 .236 .346 .246 1 5 .28 .235 4 .18 .12359 .39 .129 .78 .27 6"},
    {"x-chain", 1, "r1c1<>6",
     "..7...1...1..8..3.4.9..16.2..8.3.....7.148.9.....2.8..5.42..3.8.2..9..5.."
     ".6...2..",
     ".2368 .3568 7 .34569 .56 .23459 1 .48 .45 .26 1 .25 .4567 8 .24567 9 3 "
     ".457 4 .358 9 .357 .57 1 6 .78 2 .169 .456 8 .5679 3 .5679 .47 2 .1467 "
     ".236 7 .23 1 4 8 5 9 .36 .139 .3456 .135 .5679 2 .5679 8 .467 .13467 5 9 "
     "4 2 .167 .67 3 .167 8 .1378 2 .13 .34678 9 .3467 .47 5 .467 .378 .38 6 "
     ".34578 .157 .3457 2 .147 9"},
    {"finned-jellyfish", 1, "r6c9<>3",
     "...9.51..14..2...5..2..6.....6.....24..8.2..98.....4.....5..7..7...8..54."
     ".92.4...",
     "6 .37 8 9 4 5 1 2 .37 1 4 .37 .37 2 8 9 6 5 .59 .59 2 .137 .13 6 .38 4 "
     ".378 .39 .1379 6 4 .135 .137 .58 .1378 2 4 .137 .137 8 .56 2 .56 .137 9 "
     "8 2 5 .136 9 .137 4 .137 .136 2 .1368 4 5 .136 .13 7 9 .138 7 .136 .13 "
     ".136 8 9 2 5 4 .35 .158 9 2 7 4 .368 .138 .1368"},
    {"grouped-aic", 1, "r1c8<>3",
     "..4.6.9....3...5..6..1.8..24.1...3.9.2..7..1...8...2....64.58..........."
     "8.27.94.6",
     ".127 .178 4 5 6 .237 9 .38 .138 .127 .18 3 .29 .249 .247 5 6 .148 6 .59 "
     ".59 1 .34 8 7 .34 2 4 .567 1 .268 .258 .26 3 .578 9 .359 2 .59 .389 7 "
     ".34 6 1 .458 .379 .35679 8 .369 .459 1 2 .457 .45 .139 .139 6 4 .123 5 8 "
     ".29 7 .59 4 7 .2368 .28 .236 1 .29 .35 8 .135 2 7 .13 9 4 .35 6"},
    {"fc-verity", 0, "r3c6=2",
     ".....36....17..2..8.96...7.2...9......4...5......2...4.4...13.8..6..81..."
     ".54.....",
     ".457 .257 .27 .12589 .1458 3 6 .1589 .159 .3456 .356 1 7 .458 .59 2 "
     ".3589 .359 8 .235 9 6 .15 .25 4 7 .135 2 .1567 .38 .135 9 4 .78 .136 "
     ".1367 .679 .1679 4 .138 .1678 .67 5 .12369 .123679 .5679 .15679 .38 .135 "
     "2 .567 .789 .1369 4 .79 4 .27 .259 .56 1 3 .569 8 .39 .239 6 .259 .57 8 "
     "1 4 .2579 1 8 5 4 3 .2679 .79 .269 .2679"},
    {"als-xz", 1, "r3c8<>8",
     "..5.2.4.....6.7...4.......9..38.95..6.......3.1.....7...9...7...8..6..9.."
     ".62.53..",
     ".138 6 5 9 2 .138 4 .138 7 .12389 .239 .12 6 4 7 .128 .12358 .1258 4 "
     ".237 .127 .135 .1358 .138 6 .1238 9 .27 .247 3 8 .17 9 5 .1246 .1246 6 "
     ".59 .478 .145 .157 2 .189 .148 3 .59 1 .248 .345 .35 6 .289 7 .248 .1235 "
     ".2345 9 .13 .138 .1348 7 .12456 .12456 .1235 8 .124 7 6 .134 .12 9 .1245 "
     ".17 .47 6 2 9 5 3 .148 .148"},
    {"sue-de-coq", 1, "r8c3<>3 r9c1<>3 r9c3<>3 r9c1<>6 r4c2<>8 r6c2<>8",
     ".2.486.9....725.....6...5............4.8.2.5.7.5.6.2.31.96.38.4...2.8...."
     "...1....",
     "5 2 .137 4 8 6 .137 9 .17 .3489 .139 .1348 7 2 5 .1346 .13468 .168 .48 "
     ".78 6 .39 .39 1 5 .478 2 .23689 .13689 .1238 .1359 .3457 .79 .14679 "
     ".1468 .16789 .369 4 .13 8 .379 2 .1679 5 .1679 7 .189 5 .19 6 .49 2 .148 "
     "3 1 .57 9 6 .57 3 8 2 4 .36 .3567 .347 2 .45 8 .13679 .1367 .15679 "
     ".23468 .35678 .23478 .59 1 .479 .367 .367 .567"},
    {"als-xy-wing", 1, "r6c2<>4",
     "...986.....1...5..6.9...3.72..3.7..6..3...8......1.......1.5...3..7.2..8."
     ".6...4..",
     "5 3 7 9 8 6 .12 .124 .14 .48 .248 1 .24 7 3 5 6 9 6 .24 9 .245 .25 1 3 8 "
     "7 2 .145 8 3 .59 7 .19 .45 6 .179 .1567 3 .256 .259 4 8 .12579 .125 .479 "
     ".45679 .45 .256 1 8 .279 3 .245 .4789 .789 2 1 .46 5 .679 .79 3 3 .1459 "
     ".45 7 .46 2 .169 .159 8 .17 .157 6 8 3 9 4 .1257 .125"},
    {"fn-contradiction", 1, "r4c1<>2",
     "73.....6.4.81..5......4.3...1.8....6..3...4..6....4.1...6.8......1..68.9."
     "8.....73",
     "7 3 .259 .259 .259 8 1 6 4 4 .26 8 1 .2367 .237 5 9 .27 1 .256 .259 "
     ".5679 4 .2579 3 8 .27 .25 1 4 8 .259 .259 7 3 6 8 9 3 .67 .67 1 4 2 5 6 "
     ".25 7 .235 .235 4 9 1 8 .359 .47 6 .3579 8 .3579 2 .45 1 .235 .47 1 "
     ".2357 .2357 6 8 .45 9 .259 8 .25 4 1 .259 6 7 3"},
    {"ape", 1, "r7c5<>6",
     "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4."
     "9........",
     "4 .12569 .1256789 .5789 3 .15789 .259 .2567 .25679 .1237 .12359 .12579 6 "
     ".12479 .14579 8 .2357 .234579 .23678 .23569 .256789 .45789 .24789 .45789 "
     ".23459 .23567 1 .1236 .12346 .1246 .3478 5 .134678 .1234 9 .23478 .123 8 "
     ".12459 .3479 .1479 .13479 6 .12357 .23457 .136 7 .14569 2 .14689 .134689 "
     ".1345 .1358 .3458 .68 .46 .468 1 .4689 2 7 .3568 .35689 5 .126 3 .789 "
     ".6789 .6789 .129 4 .2689 9 .1246 .124678 .34578 .4678 .345678 .1235 "
     ".123568 .23568"},
    {"fc-contradiction", 1, "r8c4<>9",
     "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4."
     "9........",
     "4 .12569 .1256789 .5789 3 .15789 .259 .2567 .25679 .1237 .12359 .12579 6 "
     ".12479 .14579 8 .2357 .234579 .23678 .23569 .256789 .45789 .24789 .45789 "
     ".23459 .23567 1 .1236 .12346 .1246 .3478 5 .134678 .1234 9 .23478 .123 8 "
     ".12459 .3479 .1479 .13479 6 .12357 .23457 .136 7 .14569 2 .14689 .134689 "
     ".1345 .1358 .3458 .68 .46 .468 1 .4689 2 7 .3568 .35689 5 .126 3 .789 "
     ".6789 .6789 .129 4 .2689 9 .1246 .124678 .34578 .4678 .345678 .1235 "
     ".123568 .23568"},
    {"fn-verity", 0, "r9c9=6",
     "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4."
     "9........",
     "4 .569 .1268 .5789 3 .1578 .25 .2567 .5679 .1237 .359 .12 6 .127 .14579 "
     "8 .2357 .3459 .23678 .3569 .268 .45789 .278 .45789 .345 .23567 1 .1236 "
     ".346 .124 .378 5 .13678 .23 9 .378 .123 8 .59 .3479 .17 .13479 6 .12357 "
     ".357 .136 7 .59 2 .168 .13689 .345 .1358 .3458 .68 .46 .468 1 9 2 7 .35 "
     ".35 5 1 3 .78 .678 .678 9 4 2 9 2 7 .35 4 .35 1 .68 .68"},
};
#define NCASES (sizeof cases / sizeof *cases)

static void parse_cand(const char *s, nonet_cand *out, int *n, int *is_place) {
  /* "r2c9<>8" or "r1c1=4" */
  int r = s[1] - '0', c = s[3] - '0';
  *is_place = s[4] == '=';
  int d = *is_place ? s[5] - '0' : s[6] - '0';
  out[*n].cell = (uint8_t)((r - 1) * 9 + c - 1);
  out[*n].digit = (uint8_t)d;
  (*n)++;
}

typedef struct expected {
  nonet_cand place[16], elim[64];
  int np, ne;
} expected;

static void parse_expect(const char *e, expected *x) {
  x->np = x->ne = 0;
  char tok[16];
  while (*e) {
    size_t n = strcspn(e, " ");
    assert_true(n > 0 && n < sizeof tok);
    memcpy(tok, e, n);
    tok[n] = 0;
    int place;
    nonet_cand c;
    int one = 0;
    parse_cand(tok, &c, &one, &place);
    if (place)
      x->place[x->np++] = c;
    else
      x->elim[x->ne++] = c;
    e += n;
    while (*e == ' ') e++;
  }
}

static void load_pm(const char *pm, const uint8_t puzzle[81],
                    nonet_logic_state *s) {
  memset(s, 0, sizeof *s);
  for (int i = 0; i < 81; i++) {
    while (*pm == ' ') pm++;
    assert_true(*pm);
    if (*pm == '.') {
      pm++;
      while (*pm >= '1' && *pm <= '9')
        s->cand[i] |= (nonet_mask)(1u << (*pm++ - '1'));
      assert_true(s->cand[i] != 0);
    } else {
      s->cells[i] = (uint8_t)(*pm++ - '0');
    }
    s->givens[i] = puzzle[i] != 0;
  }
  s->unique = 1;
}

static int has(const nonet_cand *v, int n, nonet_cand c) {
  for (int j = 0; j < n; j++)
    if (v[j].cell == c.cell && v[j].digit == c.digit) return 1;
  return 0;
}

typedef struct run_ctx {
  const uint8_t *sol;
  const expected *want;
  int exact, matched, reported, unsound;
  nonet_step match;
} run_ctx;

static int on_step(const nonet_step *st, void *p) {
  run_ctx *c = p;
  c->reported++;
  for (int j = 0; j < st->nplace; j++)
    if (c->sol[st->place[j].cell] != st->place[j].digit) c->unsound++;
  for (int j = 0; j < st->nelim; j++)
    if (c->sol[st->elim[j].cell] == st->elim[j].digit) c->unsound++;
  int ok = 1;
  for (int j = 0; j < c->want->np; j++)
    ok &= has(st->place, st->nplace, c->want->place[j]);
  for (int j = 0; j < c->want->ne; j++)
    ok &= has(st->elim, st->nelim, c->want->elim[j]);
  if (c->exact) ok &= st->nplace == c->want->np && st->nelim == c->want->ne;
  if (ok && !c->matched) {
    c->matched = 1;
    c->match = *st;
  }
  return 0;
}

/* sets up a case: its state and solution */
static void setup(const tcase *tc, nonet_logic_state *s, uint8_t sol[81]) {
  uint8_t p[81];
  ref_from_string(tc->puzzle, p);
  assert_int_equal(ref_count(p, 2, sol), 1);
  load_pm(tc->pm, p, s);
  /* the state must be one the puzzle can reach: the solution fits it */
  for (int i = 0; i < 81; i++) {
    if (s->cells[i])
      assert_int_equal(s->cells[i], sol[i]);
    else
      assert_true(s->cand[i] & (1u << (sol[i] - 1)));
  }
}

static void test_each_technique(void **state) {
  (void)state;
  int covered[NONET_TECH_SLOTS] = {0};
  for (size_t k = 0; k < NCASES; k++) {
    const tcase *tc = &cases[k];
    int t = nonet_technique_from_name(tc->key);
    assert_true(t >= 0);
    nonet_logic_state s;
    uint8_t sol[81];
    setup(tc, &s, sol);
    expected want;
    parse_expect(tc->expect, &want);
    for (int j = 0; j < want.np; j++)
      assert_int_equal(sol[want.place[j].cell], want.place[j].digit);
    for (int j = 0; j < want.ne; j++)
      assert_true(sol[want.elim[j].cell] != want.elim[j].digit);
    run_ctx c = {sol, &want, tc->exact, 0, 0, 0, {0}};
    int n = nonet_logic_each(&s, t, NULL, on_step, &c);
    if (!c.matched || c.unsound)
      print_error("case %s: %d reported, matched %d, unsound %d\n", tc->key, n,
                  c.matched, c.unsound);
    assert_int_equal(c.unsound, 0);
    assert_true(c.matched);
    assert_int_equal(c.match.technique, t);
    /* the finder with only this technique finds a sound step too */
    nonet_logic_options *o = nonet_logic_options_new();
    nonet_technique only = (nonet_technique)t;
    assert_int_equal(nonet_logic_options_set_order(o, &only, 1), NONET_OK);
    nonet_step st;
    assert_int_equal(nonet_logic_find(&s, o, &st), 1);
    nonet_logic_options_free(o);
    assert_int_equal(st.technique, t);
    run_ctx c2 = {sol, &want, tc->exact, 0, 0, 0, {0}};
    on_step(&st, &c2);
    assert_int_equal(c2.unsound, 0);
    /* every step has a text in each style */
    char text[8192];
    for (int style = 0; style < 4; style++) {
      size_t len = nonet_step_text(&c.match, style, text, sizeof text);
      assert_true(len > 0 && len < sizeof text);
      assert_int_equal(strlen(text), len);
    }
    /* the pattern (hint --level pattern) does not give away what the step
     * yields: no conclusion, and a single's cell without its digit (a
     * forcing chain's pattern is its chains, which end in it) */
    nonet_step_text(&c.match, NONET_TEXT_PATTERN, text, sizeof text);
    if (strstr(text, "=>")) fail_msg("%s: pattern '%s'", tc->key, text);
    int single = t == NONET_TECH_FULL_HOUSE || t == NONET_TECH_NAKED_SINGLE ||
                 t == NONET_TECH_HIDDEN_SINGLE;
    for (int j = 0; single && j < c.match.nplace; j++) {
      char placed[16];
      snprintf(placed, sizeof placed, "r%dc%d=%d",
               c.match.place[j].cell / 9 + 1, c.match.place[j].cell % 9 + 1,
               c.match.place[j].digit);
      if (strstr(text, placed))
        fail_msg("%s: pattern '%s' shows %s", tc->key, text, placed);
    }
    covered[t] = 1;
  }
  /* every technique but trial and error has a case here (trial: below) */
  for (int t = 0; t < nonet_technique_count(); t++)
    if (t != NONET_TECH_TRIAL && !covered[t])
      fail_msg("no test case for %s", nonet_technique_name(t));
}

static const tcase *find_case(const char *key) {
  for (size_t k = 0; k < NCASES; k++)
    if (strcmp(cases[k].key, key) == 0) return &cases[k];
  fail_msg("no case %s", key);
  return NULL;
}

/* the matched step's notation, for a case */
static void notation_of(const char *key, char *text, size_t cap) {
  const tcase *tc = find_case(key);
  nonet_logic_state s;
  uint8_t sol[81];
  setup(tc, &s, sol);
  expected want;
  parse_expect(tc->expect, &want);
  run_ctx c = {sol, &want, tc->exact, 0, 0, 0, {0}};
  nonet_logic_each(&s, nonet_technique_from_name(key), NULL, on_step, &c);
  assert_true(c.matched);
  nonet_step_text(&c.match, NONET_TEXT_NOTATION, text, cap);
}

/* The community notation, written out by hand from the patterns above. */
static void test_notation(void **state) {
  (void)state;
  static const char *const want[][2] = {
      {"full-house", "Full House: r3c2=9"},
      {"hidden-single", "Hidden Single: r1c6=8"},
      {"naked-single", "Naked Single: r7c8=5"},
      {"pointing", "Locked Candidates Type 1 (Pointing): 8 in b1 => r2c9<>8"},
      {"claiming",
       "Locked Candidates Type 2 (Claiming): 6 in r3 => r1c1,r1c3,r2c1<>6"},
      {"naked-pair",
       "Naked Pair: 1,2 in r4c5,r8c5 => r6c5,r9c5<>1, r1c5,r3c5,r6c5,r9c5<>2"},
      {"hidden-pair", "Hidden Pair: 2,4 in r6c5,r9c5 => r6c5,r9c5<>3, r9c5<>9"},
      {"x-wing", "X-Wing: 5 r69 c28 => r4c8,r8c2,r8c8<>5"},
      {"finned-x-wing", "Finned X-Wing: 5 c48 r49 fr7c8 => r9c9<>5"},
      {"skyscraper",
       "Skyscraper: 2 in r2c1,r8c3 (connected by r2c5,r8c5) => r1c3<>2"},
      {"xy-wing", "XY-Wing: 5/9/3 in r1c1,r3c3,r9c1 => r2c1,r7c3,r8c3,r9c3<>3"},
      {"xy-chain",
       "XY-Chain: (8=7)r1c4-(7=5)r2c5-(5=1)r6c5-(1=8)r9c5 => r3c5,r8c4<>8"},
      {"x-chain",
       "X-Chain: (6)r1c5=(6)r7c5-(6)r7c8=(6)r6c8-(6)r5c9=(6)r5c1 => r1c1<>6"},
      {"ur1", "Unique Rectangle Type 1: 4/7 in r3c5,r3c6,r7c5,r7c6 => r7c6<>4, "
              "r7c6<>7"},
      {"bug+1", "Bivalue Universal Grave + 1: r9c7 => r9c7=7"},
  };
  char text[8192];
  for (size_t k = 0; k < sizeof want / sizeof *want; k++) {
    notation_of(want[k][0], text, sizeof text);
    if (strcmp(text, want[k][1]) != 0)
      print_error("%s\n  want %s\n", text, want[k][1]);
    assert_string_equal(text, want[k][1]);
  }
}

/* Uniqueness techniques are never used on a state not known unique. */
static void test_uniqueness_guard(void **state) {
  (void)state;
  const char *keys[] = {"ur1",  "ur2", "ur3", "ur4", "hidden-rectangle",
                        "bug+1"};
  for (size_t k = 0; k < sizeof keys / sizeof *keys; k++) {
    const tcase *tc = find_case(keys[k]);
    nonet_logic_state s;
    uint8_t sol[81];
    setup(tc, &s, sol);
    int t = nonet_technique_from_name(keys[k]);
    assert_true(nonet_technique_is_uniqueness(t));
    assert_true(nonet_logic_each(&s, t, NULL, NULL, NULL) > 0);
    nonet_logic_options *o = nonet_logic_options_new();
    nonet_logic_options_set_uniqueness(o, NONET_UNIQUENESS_OFF);
    assert_int_equal(nonet_logic_each(&s, t, o, NULL, NULL), 0);
    nonet_logic_options_free(o);
    s.unique = 0;
    assert_int_equal(nonet_logic_each(&s, t, NULL, NULL, NULL), 0);
  }
  /* a puzzle with several solutions is not unique */
  uint8_t p[81];
  ref_from_string(known_puzzles[0], p);
  for (int i = 0, removed = 0; i < 81 && removed < 3; i++)
    if (p[i]) p[i] = 0, removed++;
  assert_true(ref_count(p, 2, NULL) == 2);
  nonet_logic_state s;
  assert_int_equal(nonet_logic_init(&s, p), NONET_OK);
  assert_int_equal(s.unique, 0);
}

typedef struct path_check {
  const uint8_t *sol;
  int bad, trial, steps;
  char trial_text[4096];
  char (*texts)[512]; /* the notation of each step, when not NULL */
} path_check;

static int check_step(const nonet_logic_state *s, const nonet_step *st,
                      void *p) {
  path_check *c = p;
  (void)s;
  c->steps++;
  for (int j = 0; j < st->nplace; j++)
    c->bad += c->sol[st->place[j].cell] != st->place[j].digit;
  for (int j = 0; j < st->nelim; j++)
    c->bad += c->sol[st->elim[j].cell] == st->elim[j].digit;
  if (st->technique == NONET_TECH_TRIAL && !c->trial++)
    nonet_step_text(st, NONET_TEXT_NOTATION, c->trial_text,
                    sizeof c->trial_text);
  if (c->texts && c->steps <= 400)
    nonet_step_text(st, NONET_TEXT_NOTATION, c->texts[c->steps - 1], 512);
  return 0;
}

/* Trial and error: only when no technique applies, always labelled as
 * such, and sound. Without forcing chains and nets, the hardest puzzles
 * need it. */
static void test_trial(void **state) {
  (void)state;
  uint8_t p[81], sol[81];
  ref_from_string(known_puzzles[4], p); /* HardestDatabase110626 #1 */
  assert_int_equal(ref_count(p, 2, sol), 1);
  nonet_logic_state s;
  assert_int_equal(nonet_logic_init(&s, p), NONET_OK);
  path_check c;
  memset(&c, 0, sizeof c);
  c.sol = sol;
  nonet_logic_result r;
  assert_int_equal(nonet_logic_solve(&s, NULL, check_step, &c, &r), 1);
  assert_int_equal(c.bad, 0);
  assert_true(r.trial);
  assert_int_equal(r.hardest, NONET_TECH_TRIAL);
  assert_non_null(strstr(c.trial_text, "Trial and Error"));
  assert_non_null(strstr(c.trial_text, "not logic"));
  assert_memory_equal(s.cells, sol, 81);
  /* with only singles a hard puzzle is all trial and error beyond them */
  nonet_logic_options *o = nonet_logic_options_new();
  assert_int_equal(nonet_logic_options_set_order(o, NULL, 0), NONET_OK);
  nonet_logic_options_set(o, NONET_TECH_NAKED_SINGLE, 1);
  nonet_logic_options_set(o, NONET_TECH_HIDDEN_SINGLE, 1);
  nonet_logic_options_set(o, NONET_TECH_TRIAL, 1);
  ref_from_string(known_puzzles[7], p); /* top1465 #1 */
  assert_int_equal(ref_count(p, 2, sol), 1);
  nonet_logic_init(&s, p);
  memset(&c, 0, sizeof c);
  c.sol = sol;
  assert_int_equal(nonet_logic_solve(&s, o, check_step, &c, &r), 1);
  assert_int_equal(c.bad, 0);
  assert_true(r.trial);
  assert_int_equal(r.counts[NONET_TECH_X_WING], 0);
  assert_int_equal(r.level, NONET_LEVEL_TRIAL);
  assert_int_equal(r.decisive, NONET_TECH_TRIAL);
  /* and with nothing but singles the path stops: not solved */
  nonet_logic_options_set(o, NONET_TECH_TRIAL, 0);
  nonet_logic_init(&s, p);
  assert_int_equal(nonet_logic_solve(&s, o, NULL, NULL, &r), 0);
  assert_int_equal(r.solved, 0);
  assert_int_equal(r.trial, 0);
  assert_int_equal(r.level, NONET_LEVEL_EASY);
  nonet_logic_options_free(o);
}

/* Trial and error on candidates typed by hand: givens 2 5 3 in row 1,
 * r3c8 8, r5c7 8 and r5c8 7, r7c1-r7c4 limited to 5678 and a few other
 * cells narrowed, the rest open. Found by fuzz_logic: one search under
 * these candidates (r2c7 = 6) took 36 million guesses, and a path took
 * minutes. The trial finder's searches share a budget: the path must end
 * within seconds, and each step only touch candidates the grid has. */
static const char *open_grid[9] = {"2 5 3 . . . . . .",
                                   ". . . . . . 12345678 . .",
                                   "234567 . . . . . . 8 .",
                                   ". . . . . . . . .",
                                   ". . . . . . 8 7 .",
                                   ". . . . . . . . .",
                                   "5678 5678 5678 5678 56789 . . . .",
                                   ". . . . . . . . .",
                                   ". . . . . . . 34589 124689"};

static int open_grid_step(const nonet_logic_state *s, const nonet_step *st,
                          void *ctx) {
  int *bad = ctx;
  for (int j = 0; j < st->nelim; j++) {
    nonet_cand c = st->elim[j];
    *bad += s->cells[c.cell] || !(s->cand[c.cell] >> (c.digit - 1) & 1u);
  }
  for (int j = 0; j < st->nplace; j++) {
    nonet_cand c = st->place[j];
    *bad += s->cells[c.cell] || !(s->cand[c.cell] >> (c.digit - 1) & 1u);
  }
  return 0;
}

static int count_each(const nonet_step *st, void *ctx) {
  (void)st;
  ++*(int *)ctx;
  return 0;
}

static void test_trial_open_grid(void **state) {
  (void)state;
  nonet_logic_state s;
  memset(&s, 0, sizeof s);
  for (int r = 0; r < 9; r++) {
    const char *t = open_grid[r];
    for (int c = 0; c < 9; c++) {
      while (*t == ' ') t++;
      int i = 9 * r + c, len = 0;
      nonet_mask m = 0;
      for (; t[len] && t[len] != ' '; len++)
        m |= t[len] == '.' ? 0x1ff : (nonet_mask)(1u << (t[len] - '1'));
      if (len == 1 && *t != '.' && (r == 0 || i == 25 || i == 42 || i == 43)) {
        s.cells[i] = (uint8_t)(*t - '0');
        s.givens[i] = 1;
      } else {
        s.cand[i] = m;
      }
      t += len;
    }
  }
  s.unique = 1; /* a lie the engine must survive */
  clock_t t0 = clock();
  int n = 0;
  nonet_logic_each(&s, NONET_TECH_TRIAL, NULL, count_each, &n);
  int bad = 0;
  nonet_logic_result r;
  nonet_logic_solve(&s, NULL, open_grid_step, &bad, &r);
  double secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
  print_message("open grid: %d trial steps found, path of %d steps, %.2f s\n",
                n, r.steps, secs);
  assert_int_equal(bad, 0);
  assert_true(secs < 10.0); /* without the budget: minutes */
}

/* Whole paths of the project's own puzzles: sound, solved, and the same
 * steps (same text) when replayed through find + apply, which share no
 * memo from step to step. */
static void test_paths(void **state) {
  (void)state;
  for (size_t k = 0; k < N_KNOWN_PUZZLES; k++) {
    uint8_t p[81], sol[81];
    ref_from_string(known_puzzles[k], p);
    assert_int_equal(ref_count(p, 2, sol), 1);
    nonet_logic_state s, t;
    nonet_logic_init(&s, p);
    t = s;
    path_check c;
    memset(&c, 0, sizeof c);
    c.sol = sol;
    static char texts[400][512];
    c.texts = texts;
    nonet_logic_result r;
    assert_int_equal(nonet_logic_solve(&s, NULL, check_step, &c, &r), 1);
    assert_int_equal(c.bad, 0);
    assert_true(c.steps <= 400);
    assert_true(ref_is_solution(p, s.cells));
    assert_true(nonet_logic_solved(&s));
    assert_int_equal(r.steps, c.steps);
    unsigned total = 0;
    nonet_level level = NONET_LEVEL_EASY;
    for (int j = 0; j < NONET_TECH_SLOTS; j++) {
      total += r.counts[j];
      if (r.counts[j] && nonet_technique_level(j) > (int)level)
        level = (nonet_level)nonet_technique_level(j);
    }
    assert_int_equal(total, (unsigned)r.steps);
    /* the level is the highest of the techniques used, and the decisive
     * technique was used and has that level */
    assert_int_equal(r.level, level);
    assert_true(r.decisive >= 0 && r.counts[r.decisive] > 0);
    assert_int_equal(nonet_technique_level(r.decisive), level);
    /* replay */
    nonet_step st;
    int n = 0;
    while (!nonet_logic_solved(&t) && nonet_logic_find(&t, NULL, &st) == 1) {
      char text[512];
      nonet_step_text(&st, NONET_TEXT_NOTATION, text, sizeof text);
      assert_true(n < c.steps);
      assert_string_equal(text, texts[n]);
      assert_int_equal(nonet_logic_apply(&t, &st), NONET_OK);
      n++;
    }
    assert_int_equal(n, r.steps);
    assert_memory_equal(t.cells, s.cells, 81);
  }
}

static void test_api(void **state) {
  (void)state;
  int ntech = nonet_technique_count();
  assert_true(ntech > 0 && ntech <= NONET_TECH_SLOTS);
  for (int t = 0; t < ntech; t++) {
    assert_int_equal(nonet_technique_from_name(nonet_technique_key(t)), t);
    assert_int_equal(nonet_technique_from_name(nonet_technique_name(t)), t);
    int l = nonet_technique_level(t);
    assert_true(l >= NONET_LEVEL_EASY && l <= NONET_LEVEL_TRIAL);
    assert_int_equal(l == NONET_LEVEL_TRIAL, t == NONET_TECH_TRIAL);
  }
  assert_int_equal(nonet_technique_level(NONET_TECH_X_WING), NONET_LEVEL_HARD);
  assert_int_equal(nonet_technique_level(ntech), NONET_EINVAL);
  /* the default order: every technique once, trial and error last */
  nonet_technique def[NONET_TECH_SLOTS];
  assert_int_equal(nonet_technique_default_order(def, NONET_TECH_SLOTS),
                   (size_t)ntech);
  int seen[NONET_TECH_SLOTS] = {0};
  for (int j = 0; j < ntech; j++) seen[def[j]]++;
  for (int t = 0; t < ntech; t++) assert_int_equal(seen[t], 1);
  assert_int_equal(def[ntech - 1], NONET_TECH_TRIAL);
  assert_int_equal(nonet_technique_from_name("x wing"), NONET_TECH_X_WING);
  assert_int_equal(nonet_technique_from_name("no-such"), NONET_EINVAL);
  assert_string_equal(nonet_technique_name(-1), "?");
  nonet_logic_options *o = nonet_logic_options_new();
  nonet_technique ord[NONET_TECH_SLOTS];
  assert_int_equal(nonet_logic_options_order(o, ord, NONET_TECH_SLOTS),
                   (size_t)ntech);
  assert_memory_equal(ord, def, (size_t)ntech * sizeof *ord);
  assert_int_equal(nonet_logic_options_set(o, NONET_TECH_X_WING, 0), NONET_OK);
  assert_int_equal(nonet_logic_options_order(o, NULL, 0), (size_t)ntech - 1);
  assert_int_equal(nonet_logic_options_set(o, NONET_TECH_X_WING, 1), NONET_OK);
  assert_int_equal(nonet_logic_options_order(o, ord, NONET_TECH_SLOTS),
                   (size_t)ntech);
  assert_int_equal(ord[ntech - 1], NONET_TECH_X_WING);
  assert_int_equal(nonet_logic_options_set(o, 999, 1), NONET_EINVAL);
  /* orders: a repeated or unknown id is refused and changes nothing */
  nonet_technique two[2] = {NONET_TECH_X_WING, NONET_TECH_X_WING};
  assert_int_equal(nonet_logic_options_set_order(o, two, 2), NONET_EINVAL);
  two[1] = (nonet_technique)ntech;
  assert_int_equal(nonet_logic_options_set_order(o, two, 2), NONET_EINVAL);
  assert_int_equal(nonet_logic_options_order(o, NULL, 0), (size_t)ntech);
  /* by name, as the commands set them */
  char err[160];
  assert_int_equal(nonet_logic_options_parse(
                       o, "techniques", "x-wing,Naked Single", err, sizeof err),
                   NONET_OK);
  assert_int_equal(nonet_logic_options_order(o, ord, NONET_TECH_SLOTS), 2u);
  assert_int_equal(ord[0], NONET_TECH_X_WING);
  assert_int_equal(ord[1], NONET_TECH_NAKED_SINGLE);
  assert_int_equal(
      nonet_logic_options_parse(o, "exclude", "x-wnig", err, sizeof err),
      NONET_EINVAL);
  assert_string_equal(err,
                      "unknown technique 'x-wnig' (see --list-techniques)");
  assert_int_equal(nonet_logic_options_order(o, NULL, 0), 2u);
  assert_int_equal(
      nonet_logic_options_parse(o, "exclude", "x-wing", err, sizeof err),
      NONET_OK);
  assert_int_equal(nonet_logic_options_order(o, ord, NONET_TECH_SLOTS), 1u);
  assert_int_equal(ord[0], NONET_TECH_NAKED_SINGLE);
  assert_int_equal(nonet_logic_options_set_uniqueness(o, 7), NONET_EINVAL);
  nonet_logic_options_free(o);
  nonet_logic_options_free(NULL);
  /* bad arguments and states */
  nonet_logic_state s;
  nonet_step st;
  uint8_t bad[81] = {0};
  bad[3] = 10;
  assert_int_equal(nonet_logic_init(&s, bad), NONET_EINVAL);
  uint8_t conflict[81] = {0};
  conflict[0] = conflict[1] = 5;
  assert_int_equal(nonet_logic_init(&s, conflict), NONET_ECONFLICT);
  assert_int_equal(s.unique, 0);
  assert_int_equal(nonet_logic_find(NULL, NULL, &st), NONET_EINVAL);
  /* an applied placement that is not a candidate is refused */
  uint8_t p[81];
  ref_from_string(known_puzzles[8], p);
  nonet_logic_init(&s, p);
  assert_int_equal(nonet_logic_find(&s, NULL, &st), 1);
  nonet_step wrong = st;
  wrong.nplace = 1;
  wrong.place[0].cell = 0; /* r1c1 is a given */
  wrong.place[0].digit = 1;
  assert_int_equal(nonet_logic_apply(&s, &wrong), NONET_EINVAL);
  /* a stopped path */
  assert_int_equal(nonet_logic_solve(&s, NULL, NULL, NULL, NULL), 1);
  char g[2048];
  size_t len = nonet_logic_format_grid(&s, g, sizeof g);
  assert_int_equal(strlen(g), len);
  assert_true(len > 100);
  /* truncation keeps the snprintf contract */
  char small[8];
  size_t need = nonet_logic_format_grid(&s, small, sizeof small);
  assert_int_equal(need, len);
  assert_int_equal(strlen(small), sizeof small - 1);
}

/* A JSON text is well formed enough for a parser: quotes close, brackets
 * nest and balance, nothing follows the object. */
static void check_json(const char *j) {
  int depth = 0, in = 0;
  assert_int_equal(j[0], '{');
  for (const char *p = j; *p; p++) {
    if (in) {
      if (*p == '\\') {
        assert_true(p[1] != 0);
        p++;
      } else if (*p == '"')
        in = 0;
      else
        assert_true((unsigned char)*p >= 0x20);
      continue;
    }
    if (*p == '"') in = 1;
    if (*p == '{' || *p == '[') depth++;
    if (*p == '}' || *p == ']') {
      depth--;
      assert_true(depth >= 0);
      if (depth == 0) assert_int_equal(p[1], 0);
    }
  }
  assert_int_equal(in, 0);
  assert_int_equal(depth, 0);
}

static int json_step(const nonet_logic_state *s, const nonet_step *st,
                     void *ctx) {
  (void)s;
  int *n = ctx;
  static char j[65536];
  size_t len = nonet_step_json(st, 0, j, 16384);
  assert_true(len < 16384);
  check_json(j);
  assert_non_null(strstr(j, "\"text\": "));
  assert_null(strstr(j, "\"cells\""));
  len = nonet_step_json(st, NONET_JSON_DETAILS, j, sizeof j);
  assert_true(len < sizeof j);
  assert_int_equal(strlen(j), len);
  check_json(j);
  assert_non_null(strstr(j, "\"nudge\": "));
  assert_non_null(strstr(j, "\"cells\": ["));
  assert_non_null(
      strstr(j, nonet_level_name(nonet_technique_level(st->technique))));
  /* cut short, it still ends with a NUL inside the buffer */
  char small[20];
  assert_int_equal(nonet_step_json(st, 0, small, sizeof small),
                   nonet_step_json(st, 0, NULL, 0));
  assert_true(strlen(small) < sizeof small);
  (*n)++;
  return 0;
}

static void test_step_json(void **state) {
  (void)state;
  for (size_t k = 0; k < N_KNOWN_PUZZLES; k++) {
    uint8_t p[81];
    ref_from_string(known_puzzles[k], p);
    nonet_logic_state s;
    nonet_logic_init(&s, p);
    int n = 0;
    nonet_logic_solve(&s, NULL, json_step, &n, NULL);
    assert_true(n > 0);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_step_json), cmocka_unit_test(test_each_technique),
      cmocka_unit_test(test_notation),  cmocka_unit_test(test_uniqueness_guard),
      cmocka_unit_test(test_trial),     cmocka_unit_test(test_trial_open_grid),
      cmocka_unit_test(test_paths),     cmocka_unit_test(test_api),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
