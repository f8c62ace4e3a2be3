/* tech.c: one descriptor per technique (name, key, finder, uniqueness,
 * level, text family, nudge, variant names), indexed by its id, and the
 * default order in which the finder tries them, as data. A new technique
 * is a line here, its finder in its family's file, and an enum value in
 * nonet.h; a new family of texts, writers in text.c. */
#include <ctype.h>
#include <string.h>

#include "logic/grid.h"
#include "logic/text.h"

#define T(id, name, key, fn, u, level, text, nudge, variants)                  \
  [id] = {name, key, fn, u, level, text, nudge, variants}

/* names of the variants of a step (nonet_step.variant) */
static const char *const aic_names[3] = {"AIC", "Continuous Nice Loop",
                                         "Discontinuous Nice Loop"};
static const char *const grouped_aic_names[3] = {
    "Grouped AIC", "Grouped Continuous Nice Loop",
    "Grouped Discontinuous Nice Loop"};
static const char *const simple_colors_names[3] = {
    "Simple Colors Trap", "Simple Colors Wrap", "Simple Colors Wrap"};
static const char *const multi_colors_names[3] = {
    "Multi Colors 1", "Multi Colors 2", "Multi Colors 2"};

const nn_tech nonet__techs[NN_TECH_COUNT] = {
    T(NONET_TECH_FULL_HOUSE, "Full House", "full-house", nonet__find_singles, 0,
      NONET_LEVEL_EASY, &nonet__text_full_house, NN_NUDGE_UNIT, NULL),
    T(NONET_TECH_NAKED_SINGLE, "Naked Single", "naked-single",
      nonet__find_singles, 0, NONET_LEVEL_EASY, &nonet__text_naked_single,
      NN_NUDGE_BOX, NULL),
    T(NONET_TECH_HIDDEN_SINGLE, "Hidden Single", "hidden-single",
      nonet__find_singles, 0, NONET_LEVEL_EASY, &nonet__text_hidden_single,
      NN_NUDGE_UNIT, NULL),
    T(NONET_TECH_POINTING, "Locked Candidates Type 1 (Pointing)", "pointing",
      nonet__find_intersections, 0, NONET_LEVEL_MEDIUM, &nonet__text_locked,
      NN_NUDGE_UNIT, NULL),
    T(NONET_TECH_CLAIMING, "Locked Candidates Type 2 (Claiming)", "claiming",
      nonet__find_intersections, 0, NONET_LEVEL_MEDIUM, &nonet__text_locked,
      NN_NUDGE_UNIT, NULL),
    T(NONET_TECH_NAKED_PAIR, "Naked Pair", "naked-pair", nonet__find_subsets, 0,
      NONET_LEVEL_MEDIUM, &nonet__text_naked_subset, NN_NUDGE_UNIT, NULL),
    T(NONET_TECH_NAKED_TRIPLE, "Naked Triple", "naked-triple",
      nonet__find_subsets, 0, NONET_LEVEL_MEDIUM, &nonet__text_naked_subset,
      NN_NUDGE_UNIT, NULL),
    T(NONET_TECH_HIDDEN_PAIR, "Hidden Pair", "hidden-pair", nonet__find_subsets,
      0, NONET_LEVEL_MEDIUM, &nonet__text_hidden_subset, NN_NUDGE_UNIT, NULL),
    T(NONET_TECH_HIDDEN_TRIPLE, "Hidden Triple", "hidden-triple",
      nonet__find_subsets, 0, NONET_LEVEL_MEDIUM, &nonet__text_hidden_subset,
      NN_NUDGE_UNIT, NULL),
    T(NONET_TECH_NAKED_QUAD, "Naked Quadruple", "naked-quad",
      nonet__find_subsets, 0, NONET_LEVEL_HARD, &nonet__text_naked_subset,
      NN_NUDGE_UNIT, NULL),
    T(NONET_TECH_HIDDEN_QUAD, "Hidden Quadruple", "hidden-quad",
      nonet__find_subsets, 0, NONET_LEVEL_HARD, &nonet__text_hidden_subset,
      NN_NUDGE_UNIT, NULL),
    T(NONET_TECH_X_WING, "X-Wing", "x-wing", nonet__find_fish, 0,
      NONET_LEVEL_HARD, &nonet__text_fish, NN_NUDGE_DIGIT, NULL),
    T(NONET_TECH_SWORDFISH, "Swordfish", "swordfish", nonet__find_fish, 0,
      NONET_LEVEL_HARD, &nonet__text_fish, NN_NUDGE_DIGIT, NULL),
    T(NONET_TECH_JELLYFISH, "Jellyfish", "jellyfish", nonet__find_fish, 0,
      NONET_LEVEL_HARD, &nonet__text_fish, NN_NUDGE_DIGIT, NULL),
    T(NONET_TECH_REMOTE_PAIR, "Remote Pair", "remote-pair",
      nonet__find_remote_pairs, 0, NONET_LEVEL_HARD, &nonet__text_remote_pair,
      NN_NUDGE_DIGIT, NULL),
    T(NONET_TECH_BUG_PLUS_1, "Bivalue Universal Grave + 1", "bug+1",
      nonet__find_uniqueness, 1, NONET_LEVEL_HARD, &nonet__text_bug,
      NN_NUDGE_BOX, NULL),
    T(NONET_TECH_SKYSCRAPER, "Skyscraper", "skyscraper",
      nonet__find_single_digit, 0, NONET_LEVEL_HARD, &nonet__text_string,
      NN_NUDGE_DIGIT, NULL),
    T(NONET_TECH_TWO_STRING_KITE, "2-String Kite", "2-string-kite",
      nonet__find_single_digit, 0, NONET_LEVEL_HARD, &nonet__text_string,
      NN_NUDGE_DIGIT, NULL),
    T(NONET_TECH_TURBOT_FISH, "Turbot Fish", "turbot-fish",
      nonet__find_single_digit, 0, NONET_LEVEL_HARD,
      &nonet__text_single_digit_chain, NN_NUDGE_DIGIT, NULL),
    T(NONET_TECH_EMPTY_RECTANGLE, "Empty Rectangle", "empty-rectangle",
      nonet__find_single_digit, 0, NONET_LEVEL_HARD,
      &nonet__text_empty_rectangle, NN_NUDGE_UNIT, NULL),
    T(NONET_TECH_W_WING, "W-Wing", "w-wing", nonet__find_wings, 0,
      NONET_LEVEL_HARD, &nonet__text_w_wing, NN_NUDGE_DIGIT, NULL),
    T(NONET_TECH_XY_WING, "XY-Wing", "xy-wing", nonet__find_wings, 0,
      NONET_LEVEL_HARD, &nonet__text_xy_wing, NN_NUDGE_DIGIT, NULL),
    T(NONET_TECH_XYZ_WING, "XYZ-Wing", "xyz-wing", nonet__find_wings, 0,
      NONET_LEVEL_HARD, &nonet__text_xy_wing, NN_NUDGE_DIGIT, NULL),
    T(NONET_TECH_UR_1, "Unique Rectangle Type 1", "ur1", nonet__find_uniqueness,
      1, NONET_LEVEL_HARD, &nonet__text_rectangle, NN_NUDGE_DIGIT, NULL),
    T(NONET_TECH_UR_2, "Unique Rectangle Type 2", "ur2", nonet__find_uniqueness,
      1, NONET_LEVEL_HARD, &nonet__text_rectangle, NN_NUDGE_DIGIT, NULL),
    T(NONET_TECH_UR_3, "Unique Rectangle Type 3", "ur3", nonet__find_uniqueness,
      1, NONET_LEVEL_HARD, &nonet__text_rectangle, NN_NUDGE_DIGIT, NULL),
    T(NONET_TECH_UR_4, "Unique Rectangle Type 4", "ur4", nonet__find_uniqueness,
      1, NONET_LEVEL_HARD, &nonet__text_rectangle, NN_NUDGE_DIGIT, NULL),
    T(NONET_TECH_HIDDEN_RECTANGLE, "Hidden Rectangle", "hidden-rectangle",
      nonet__find_uniqueness, 1, NONET_LEVEL_HARD, &nonet__text_rectangle,
      NN_NUDGE_DIGIT, NULL),
    T(NONET_TECH_FINNED_X_WING, "Finned X-Wing", "finned-x-wing",
      nonet__find_fish, 0, NONET_LEVEL_EXPERT, &nonet__text_fish,
      NN_NUDGE_DIGIT, NULL),
    T(NONET_TECH_SASHIMI_X_WING, "Sashimi X-Wing", "sashimi-x-wing",
      nonet__find_fish, 0, NONET_LEVEL_EXPERT, &nonet__text_fish,
      NN_NUDGE_DIGIT, NULL),
    T(NONET_TECH_FINNED_SWORDFISH, "Finned Swordfish", "finned-swordfish",
      nonet__find_fish, 0, NONET_LEVEL_EXPERT, &nonet__text_fish,
      NN_NUDGE_DIGIT, NULL),
    T(NONET_TECH_SASHIMI_SWORDFISH, "Sashimi Swordfish", "sashimi-swordfish",
      nonet__find_fish, 0, NONET_LEVEL_EXPERT, &nonet__text_fish,
      NN_NUDGE_DIGIT, NULL),
    T(NONET_TECH_FINNED_JELLYFISH, "Finned Jellyfish", "finned-jellyfish",
      nonet__find_fish, 0, NONET_LEVEL_EXPERT, &nonet__text_fish,
      NN_NUDGE_DIGIT, NULL),
    T(NONET_TECH_SASHIMI_JELLYFISH, "Sashimi Jellyfish", "sashimi-jellyfish",
      nonet__find_fish, 0, NONET_LEVEL_EXPERT, &nonet__text_fish,
      NN_NUDGE_DIGIT, NULL),
    T(NONET_TECH_SIMPLE_COLORS, "Simple Colors", "simple-colors",
      nonet__find_colors, 0, NONET_LEVEL_HARD, &nonet__text_colors,
      NN_NUDGE_DIGIT, simple_colors_names),
    T(NONET_TECH_MULTI_COLORS, "Multi Colors", "multi-colors",
      nonet__find_colors, 0, NONET_LEVEL_EXPERT, &nonet__text_colors,
      NN_NUDGE_DIGIT, multi_colors_names),
    T(NONET_TECH_X_CHAIN, "X-Chain", "x-chain", nonet__find_chains, 0,
      NONET_LEVEL_EXPERT, &nonet__text_single_digit_chain, NN_NUDGE_DIGIT,
      NULL),
    T(NONET_TECH_XY_CHAIN, "XY-Chain", "xy-chain", nonet__find_chains, 0,
      NONET_LEVEL_EXPERT, &nonet__text_chain, NN_NUDGE_DIGIT, NULL),
    T(NONET_TECH_AIC, "AIC", "aic", nonet__find_chains, 0, NONET_LEVEL_EXPERT,
      &nonet__text_chain, NN_NUDGE_DIGIT | NN_NUDGE_AN, aic_names),
    T(NONET_TECH_GROUPED_AIC, "Grouped AIC", "grouped-aic", nonet__find_chains,
      0, NONET_LEVEL_EXPERT, &nonet__text_chain, NN_NUDGE_DIGIT,
      grouped_aic_names),
    T(NONET_TECH_SUE_DE_COQ, "Sue de Coq", "sue-de-coq", nonet__find_sue_de_coq,
      0, NONET_LEVEL_EXPERT, &nonet__text_sue_de_coq, NN_NUDGE_DIGIT, NULL),
    T(NONET_TECH_ALS_XZ, "ALS-XZ", "als-xz", nonet__find_als, 0,
      NONET_LEVEL_EXPERT, &nonet__text_als_xz, NN_NUDGE_DIGIT | NN_NUDGE_AN,
      NULL),
    T(NONET_TECH_ALS_XY_WING, "ALS-XY-Wing", "als-xy-wing", nonet__find_als, 0,
      NONET_LEVEL_EXPERT, &nonet__text_als_xy_wing, NN_NUDGE_DIGIT, NULL),
    T(NONET_TECH_APE, "Aligned Pair Exclusion", "ape", nonet__find_ape, 0,
      NONET_LEVEL_EXPERT, &nonet__text_ape, NN_NUDGE_DIGIT, NULL),
    T(NONET_TECH_FC_CONTRADICTION, "Forcing Chain Contradiction",
      "fc-contradiction", nonet__find_forcing, 0, NONET_LEVEL_EXTREME,
      &nonet__text_forcing, NN_NUDGE_DIGIT, NULL),
    T(NONET_TECH_FC_VERITY, "Forcing Chain Verity", "fc-verity",
      nonet__find_forcing, 0, NONET_LEVEL_EXTREME, &nonet__text_forcing,
      NN_NUDGE_DIGIT, NULL),
    T(NONET_TECH_FN_CONTRADICTION, "Forcing Net Contradiction",
      "fn-contradiction", nonet__find_forcing, 0, NONET_LEVEL_EXTREME,
      &nonet__text_forcing, NN_NUDGE_DIGIT, NULL),
    T(NONET_TECH_FN_VERITY, "Forcing Net Verity", "fn-verity",
      nonet__find_forcing, 0, NONET_LEVEL_EXTREME, &nonet__text_forcing,
      NN_NUDGE_DIGIT, NULL),
    T(NONET_TECH_TRIAL, "Trial and Error", "trial", nonet__find_trial, 0,
      NONET_LEVEL_TRIAL, &nonet__text_trial, NN_NUDGE_BOX, NULL),
};

/* The default order: easiest first, trial and error last. A new
 * technique gets the next id and its place here. */
const uint8_t nonet__default_order[NN_TECH_COUNT] = {
    NONET_TECH_FULL_HOUSE,
    NONET_TECH_NAKED_SINGLE,
    NONET_TECH_HIDDEN_SINGLE,
    NONET_TECH_POINTING,
    NONET_TECH_CLAIMING,
    NONET_TECH_NAKED_PAIR,
    NONET_TECH_NAKED_TRIPLE,
    NONET_TECH_HIDDEN_PAIR,
    NONET_TECH_HIDDEN_TRIPLE,
    NONET_TECH_NAKED_QUAD,
    NONET_TECH_HIDDEN_QUAD,
    NONET_TECH_X_WING,
    NONET_TECH_SWORDFISH,
    NONET_TECH_JELLYFISH,
    NONET_TECH_REMOTE_PAIR,
    NONET_TECH_BUG_PLUS_1,
    NONET_TECH_SKYSCRAPER,
    NONET_TECH_TWO_STRING_KITE,
    NONET_TECH_TURBOT_FISH,
    NONET_TECH_EMPTY_RECTANGLE,
    NONET_TECH_W_WING,
    NONET_TECH_XY_WING,
    NONET_TECH_XYZ_WING,
    NONET_TECH_UR_1,
    NONET_TECH_UR_2,
    NONET_TECH_UR_3,
    NONET_TECH_UR_4,
    NONET_TECH_HIDDEN_RECTANGLE,
    NONET_TECH_FINNED_X_WING,
    NONET_TECH_SASHIMI_X_WING,
    NONET_TECH_FINNED_SWORDFISH,
    NONET_TECH_SASHIMI_SWORDFISH,
    NONET_TECH_FINNED_JELLYFISH,
    NONET_TECH_SASHIMI_JELLYFISH,
    NONET_TECH_SIMPLE_COLORS,
    NONET_TECH_MULTI_COLORS,
    NONET_TECH_X_CHAIN,
    NONET_TECH_XY_CHAIN,
    NONET_TECH_AIC,
    NONET_TECH_GROUPED_AIC,
    NONET_TECH_SUE_DE_COQ,
    NONET_TECH_ALS_XZ,
    NONET_TECH_ALS_XY_WING,
    NONET_TECH_APE,
    NONET_TECH_FC_CONTRADICTION,
    NONET_TECH_FC_VERITY,
    NONET_TECH_FN_CONTRADICTION,
    NONET_TECH_FN_VERITY,
    NONET_TECH_TRIAL,
};

int nonet_technique_count(void) { return NN_TECH_COUNT; }

size_t nonet_technique_default_order(nonet_technique *out, size_t cap) {
  for (size_t j = 0; j < NN_TECH_COUNT && j < cap && out; j++)
    out[j] = (nonet_technique)nonet__default_order[j];
  return NN_TECH_COUNT;
}

int nonet_technique_level(nonet_technique t) {
  return (int)t >= 0 && t < NN_TECH_COUNT ? (int)nonet__techs[t].level
                                          : NONET_EINVAL;
}

const char *nonet_technique_name(nonet_technique t) {
  return (int)t >= 0 && t < NN_TECH_COUNT ? nonet__techs[t].name : "?";
}

const char *nonet_technique_key(nonet_technique t) {
  return (int)t >= 0 && t < NN_TECH_COUNT ? nonet__techs[t].key : "?";
}

int nonet_technique_is_uniqueness(nonet_technique t) {
  return (int)t >= 0 && t < NN_TECH_COUNT && nonet__techs[t].uniqueness;
}

/* compares ignoring case and treating ' ', '-' and '_' alike */
static int same_name(const char *a, const char *b) {
  for (;; a++, b++) {
    int x = tolower((unsigned char)*a), y = tolower((unsigned char)*b);
    if (x == ' ' || x == '_') x = '-';
    if (y == ' ' || y == '_') y = '-';
    if (x != y) return 0;
    if (!x) return 1;
  }
}

int nonet_technique_from_name(const char *name) {
  if (!name) return NONET_EINVAL;
  for (int t = 0; t < NN_TECH_COUNT; t++)
    if (same_name(name, nonet__techs[t].key) ||
        same_name(name, nonet__techs[t].name))
      return t;
  return NONET_EINVAL;
}
