/* se_techs.c: Sudoku Explainer's techniques as data: the name and the
 * difficulty SE 1.2.1 gives each, and SE's rules for the difficulties that
 * vary (unique loops by size, BUG by type, chains by kind and nesting,
 * the length bonus). Every producer takes its difficulty from here. */
#include "se_chain.h"

const se_tech_info nonet__se_techs[SE_T_COUNT] = {
    [SE_T_FULL_HOUSE] = {"Full House", 1.0},
    [SE_T_HIDDEN_SINGLE_BOX] = {"Hidden Single", 1.2},
    [SE_T_HIDDEN_SINGLE_LINE] = {"Hidden Single", 1.5},
    [SE_T_DIRECT_POINTING] = {"Direct Pointing", 1.7},
    [SE_T_DIRECT_CLAIMING] = {"Direct Claiming", 1.9},
    [SE_T_DIRECT_HIDDEN_PAIR] = {"Direct Hidden Pair", 2.0},
    [SE_T_NAKED_SINGLE] = {"Naked Single", 2.3},
    [SE_T_DIRECT_HIDDEN_TRIPLE] = {"Direct Hidden Triplet", 2.5},
    [SE_T_POINTING] = {"Pointing", 2.6},
    [SE_T_CLAIMING] = {"Claiming", 2.8},
    [SE_T_NAKED_PAIR] = {"Naked Pair", 3.0},
    [SE_T_X_WING] = {"X-Wing", 3.2},
    [SE_T_HIDDEN_PAIR] = {"Hidden Pair", 3.4},
    [SE_T_NAKED_TRIPLE] = {"Naked Triplet", 3.6},
    [SE_T_SWORDFISH] = {"Swordfish", 3.8},
    [SE_T_HIDDEN_TRIPLE] = {"Hidden Triplet", 4.0},
    [SE_T_XY_WING] = {"XY-Wing", 4.2},
    [SE_T_XYZ_WING] = {"XYZ-Wing", 4.4},
    [SE_T_UNIQUE_LOOP] = {"Unique Rectangle", 4.5},
    [SE_T_NAKED_QUAD] = {"Naked Quad", 5.0},
    [SE_T_JELLYFISH] = {"Jellyfish", 5.2},
    [SE_T_HIDDEN_QUAD] = {"Hidden Quad", 5.4},
    [SE_T_BUG] = {"BUG", 5.6},
    [SE_T_APE] = {"Aligned Pair Exclusion", 6.2},
    [SE_T_CYCLE] = {"Cycle", 6.5},
    [SE_T_FORCING_CHAIN] = {"Forcing Chain", 6.6},
    [SE_T_ATE] = {"Aligned Triplet Exclusion", 7.5},
    [SE_T_NISHIO] = {"Nishio Forcing Chains", 7.5},
    [SE_T_CELL_FC] = {"Cell Forcing Chains", 8.0},
    [SE_T_REGION_FC] = {"Region Forcing Chains", 8.0},
    [SE_T_CONTRADICTION_FC] = {"Contradiction Forcing Chains", 8.0},
    [SE_T_DOUBLE_FC] = {"Double Forcing Chains", 8.0},
};

double nonet__se_diff(se_tech t) { return nonet__se_techs[t].diff; }

/* UniqueLoopHint.getDifficulty: 4.5 for a rectangle, +0.1 for a loop of
 * 6, +0.2 of 8, +0.5 of 10 or more */
double nonet__se_loop_diff(int size) {
  double r = nonet__se_techs[SE_T_UNIQUE_LOOP].diff;
  if (size >= 10) r += 0.3;
  if (size >= 8)
    r += 0.2;
  else if (size >= 6)
    r += 0.1;
  return r;
}

/* BUG: type 1 5.6, types 2 and 4 5.7, type 3 5.7 and 0.1 per extra
 * cell of its naked set (SE's own literals, so that the sums are the
 * same doubles) */
double nonet__se_bug_diff(int type, int degree) {
  if (type == 1) return nonet__se_techs[SE_T_BUG].diff;
  return type == 3 ? 5.7 + (degree - 1) * 0.1 : 5.7;
}

/* Cycles and forcing X-chains: 6.5 and 6.6; with Y links (XY) 7.0 */
double nonet__se_unary_base(se_tech t, int xy) {
  return xy ? 7.0 : nonet__se_techs[t].diff;
}

/* Multiple and dynamic chains (Chaining.getDifficulty): Nishio 7.5,
 * multiple 8.0, dynamic 8.5, dynamic (+) 9.0, then 9.5 and 0.5 more per
 * nesting level */
double nonet__se_chain_base(int level, int nishio, int dynamic) {
  if (level >= 2) return 9.5 + 0.5 * (level - 2);
  if (level > 0) return 8.5 + 0.5 * level;
  if (nishio) return nonet__se_techs[SE_T_NISHIO].diff;
  if (dynamic) return 8.5;
  return nonet__se_techs[SE_T_CELL_FC].diff;
}

/* ChainingHint.getLengthDifficulty: 0.1 each time complexity - 2 passes
 * 4, 6, 8, 12, 16, 24, 32, ... */
double nonet__se_length_bonus(int complexity) {
  double added = 0.0;
  int ceil = 4, length = complexity - 2, odd = 0;
  while (length > ceil) {
    added += 0.1;
    ceil = odd ? (ceil * 4) / 3 : (ceil * 3) / 2;
    odd = !odd;
  }
  return added;
}
