/* text.c: steps as text: community notation ("Naked Pair: 3,8 in
 * r5c2,r6c2 => r5c7<>3, r6c9<>8"), plain words, a nudge, the pattern
 * alone. The step data each technique fills is described at the top of
 * its finder's file. */
#include <string.h>

#include "core/bits.h"
#include "logic/text.h"

#define P nonet__tx_printf
#define S nonet__tx_puts

static const char *const aic_names[2][3] = {
    {"AIC", "Continuous Nice Loop", "Discontinuous Nice Loop"},
    {"Grouped AIC", "Grouped Continuous Nice Loop",
     "Grouped Discontinuous Nice Loop"}};

const char *nonet_step_name(const nonet_step *s) {
  if (!s) return "?";
  int v = s->variant;
  switch (s->technique) {
  case NONET_TECH_AIC:
    return aic_names[0][v < 3 ? v : 0];
  case NONET_TECH_GROUPED_AIC:
    return aic_names[1][v < 3 ? v : 0];
  case NONET_TECH_SIMPLE_COLORS:
    return v ? "Simple Colors Wrap" : "Simple Colors Trap";
  case NONET_TECH_MULTI_COLORS:
    return v ? "Multi Colors 2" : "Multi Colors 1";
  }
  return nonet_technique_name(s->technique);
}

/* units[from .. from+n) compactly: r27 (all of one kind) */
static void units_compact(nn_text *t, const nonet_step *s, int from, int n) {
  if (n <= 0) return;
  static const char kinds[3] = {'r', 'c', 'b'};
  P(t, "%c", kinds[s->units[from] / 9]);
  for (int j = from; j < from + n; j++) P(t, "%d", s->units[j] % 9 + 1);
}

static void units_words(nn_text *t, const nonet_step *s, int from, int n) {
  static const char *const plural[3] = {"rows ", "columns ", "boxes "};
  if (n <= 0) return;
  if (n == 1) {
    nonet__tx_unit(t, s->units[from], 1);
    return;
  }
  S(t, plural[s->units[from] / 9]);
  for (int j = from; j < from + n; j++) {
    if (j > from) S(t, j == from + n - 1 ? " and " : ", ");
    P(t, "%d", s->units[j] % 9 + 1);
  }
}

static int role_count(const nonet_step *s, int role) {
  int n = 0;
  for (int j = 0; j < s->ncells; j++) n += s->roles[j] == role;
  return n;
}

static int cell_of_role(const nonet_step *s, int role, int idx) {
  for (int j = 0; j < s->ncells; j++)
    if (s->roles[j] == role && idx-- == 0) return s->cells[j];
  return 0;
}

/* The conclusion: r1c1=4, r5c7,r5c8<>3, r6c9<>8 (placements in the
 * step's order, then eliminations by digit, cells in reading order) */
static void conclusion(nn_text *t, const nonet_step *s) {
  int first = 1;
  for (int j = 0; j < s->nplace; j++) {
    if (!first) S(t, ", ");
    nonet__tx_cell(t, s->place[j].cell);
    P(t, "=%d", s->place[j].digit);
    first = 0;
  }
  for (int d = 1; d <= 9; d++) {
    uint8_t cells[81];
    int n = 0;
    for (int j = 0; j < s->nelim; j++)
      if (s->elim[j].digit == d && n < 81) cells[n++] = s->elim[j].cell;
    if (!n) continue;
    for (int i = 1; i < n; i++) /* insertion sort */
      for (int j = i; j > 0 && cells[j - 1] > cells[j]; j--) {
        uint8_t x = cells[j];
        cells[j] = cells[j - 1];
        cells[j - 1] = x;
      }
    if (!first) S(t, ", ");
    nonet__tx_cells(t, cells, n);
    P(t, "<>%d", d);
    first = 0;
  }
}

static void conclusion_words(nn_text *t, const nonet_step *s) {
  int first = 1;
  for (int j = 0; j < s->nplace; j++) {
    S(t, first ? "" : "; ");
    nonet__tx_cell(t, s->place[j].cell);
    P(t, " must be %d", s->place[j].digit);
    first = 0;
  }
  for (int d = 1; d <= 9; d++) {
    int n = 0, total = 0;
    for (int j = 0; j < s->nelim; j++) total += s->elim[j].digit == d;
    if (!total) continue;
    S(t, first ? "" : "; ");
    P(t, "remove %d from ", d);
    for (int j = 0; j < s->nelim; j++) {
      if (s->elim[j].digit != d) continue;
      if (n) S(t, n == total - 1 ? " and " : ", ");
      nonet__tx_cell(t, s->elim[j].cell);
      n++;
    }
    first = 0;
  }
  S(t, ".");
}

/* a chain in Eureka notation; nodes [from, end-of-chain]; returns the
 * index after it */
static int chain(nn_text *t, const nonet_step *s, int from) {
  int j = from;
  for (; j < s->nnodes; j++) {
    const nonet_node *n = &s->nodes[j];
    const nonet_node *nx = j + 1 < s->nnodes ? &s->nodes[j + 1] : NULL;
    /* (a=b)r1c2 for a strong link inside one cell */
    if (n->link == NONET_LINK_STRONG && nx && n->ncells == 1 &&
        nx->ncells == 1 && n->cells[0] == nx->cells[0] &&
        n->digit != nx->digit) {
      P(t, "(%d=%d)", n->digit, nx->digit);
      nonet__tx_cell(t, n->cells[0]);
      j++;
      n = nx;
    } else {
      nonet__tx_node(t, n);
    }
    if (n->link == NONET_LINK_END) return j + 1;
    S(t, n->link == NONET_LINK_STRONG ? "=" : "-");
  }
  return j;
}

/* a forcing chain: r1c1=5 -> r1c2<>5 -> ...; returns the index after */
static int forcing_chain(nn_text *t, const nonet_step *s, int from) {
  int j = from;
  for (; j < s->nnodes; j++) {
    const nonet_node *n = &s->nodes[j];
    nonet__tx_cell(t, n->cells[0]);
    P(t, "%s%d", n->on ? "=" : "<>", n->digit);
    if (n->link == NONET_LINK_END) return j + 1;
    S(t, " -> ");
  }
  return j;
}

static void als(nn_text *t, const nonet_step *s, int role, const char *label) {
  P(t, "%s=", label);
  nonet__tx_cells_role(t, s, role);
  S(t, " {");
  nonet__tx_digits(t, s->masks[role], "");
  S(t, "}");
}

/* the pattern part of the notation (after "Name: ") */
static void pattern(nn_text *t, const nonet_step *s) {
  int d = s->digits ? nn_ctz(s->digits) + 1 : 0;
  switch (s->technique) {
  case NONET_TECH_FULL_HOUSE:
  case NONET_TECH_NAKED_SINGLE:
  case NONET_TECH_HIDDEN_SINGLE:
    nonet__tx_cell(t, s->cells[0]);
    P(t, "=%d", d);
    break;
  case NONET_TECH_POINTING:
  case NONET_TECH_CLAIMING:
    P(t, "%d in ", d);
    nonet__tx_unit(t, s->units[0], 0);
    break;
  case NONET_TECH_NAKED_PAIR:
  case NONET_TECH_NAKED_TRIPLE:
  case NONET_TECH_NAKED_QUAD:
  case NONET_TECH_HIDDEN_PAIR:
  case NONET_TECH_HIDDEN_TRIPLE:
  case NONET_TECH_HIDDEN_QUAD:
    nonet__tx_digits(t, s->digits, ",");
    S(t, " in ");
    nonet__tx_cells_role(t, s, 0);
    break;
  case NONET_TECH_X_WING:
  case NONET_TECH_SWORDFISH:
  case NONET_TECH_JELLYFISH:
  case NONET_TECH_FINNED_X_WING:
  case NONET_TECH_FINNED_SWORDFISH:
  case NONET_TECH_FINNED_JELLYFISH:
  case NONET_TECH_SASHIMI_X_WING:
  case NONET_TECH_SASHIMI_SWORDFISH:
  case NONET_TECH_SASHIMI_JELLYFISH:
    P(t, "%d ", d);
    units_compact(t, s, 0, s->nbase);
    S(t, " ");
    units_compact(t, s, s->nbase, s->nunits - s->nbase);
    for (int j = 0; j < s->ncells; j++)
      if (s->roles[j] == 1) {
        S(t, " f");
        nonet__tx_cell(t, s->cells[j]);
      }
    break;
  case NONET_TECH_SKYSCRAPER:
  case NONET_TECH_TWO_STRING_KITE:
    if (s->nnodes >= 4) {
      P(t, "%d in ", d);
      nonet__tx_cell(t, s->nodes[0].cells[0]);
      S(t, ",");
      nonet__tx_cell(t, s->nodes[3].cells[0]);
      S(t, " (connected by ");
      nonet__tx_cell(t, s->nodes[1].cells[0]);
      S(t, ",");
      nonet__tx_cell(t, s->nodes[2].cells[0]);
      S(t, ")");
    }
    break;
  case NONET_TECH_EMPTY_RECTANGLE:
    P(t, "%d in ", d);
    nonet__tx_unit(t, s->units[0], 0);
    S(t, " (");
    nonet__tx_cells_role(t, s, 1);
    S(t, ")");
    break;
  case NONET_TECH_XY_WING:
  case NONET_TECH_XYZ_WING: {
    unsigned xy = s->digits & ~(1u << (s->z - 1));
    nonet__tx_digits(t, xy, "/");
    P(t, "/%d in ", s->z);
    nonet__tx_cells_role(t, s, 0);
    break;
  }
  case NONET_TECH_W_WING:
    nonet__tx_digits(t, s->digits, "/");
    S(t, " in ");
    nonet__tx_cells_role(t, s, 0);
    P(t, " connected by %d in ", s->x);
    nonet__tx_cells_role(t, s, 1);
    break;
  case NONET_TECH_REMOTE_PAIR:
    nonet__tx_digits(t, s->digits, "/");
    S(t, " in ");
    nonet__tx_cells_role(t, s, 0);
    break;
  case NONET_TECH_SIMPLE_COLORS:
  case NONET_TECH_MULTI_COLORS:
    P(t, "%d (", d);
    nonet__tx_cells_role(t, s, 0);
    S(t, ") / (");
    nonet__tx_cells_role(t, s, 1);
    S(t, ")");
    if (role_count(s, 2) || role_count(s, 3)) {
      S(t, ", (");
      nonet__tx_cells_role(t, s, 2);
      S(t, ") / (");
      nonet__tx_cells_role(t, s, 3);
      S(t, ")");
    }
    break;
  case NONET_TECH_UR_1:
  case NONET_TECH_UR_2:
  case NONET_TECH_UR_3:
  case NONET_TECH_UR_4:
  case NONET_TECH_HIDDEN_RECTANGLE:
    nonet__tx_digits(t, s->digits, "/");
    S(t, " in ");
    nonet__tx_cells_role(t, s, 0);
    if (s->technique == NONET_TECH_UR_2) P(t, " (extra %d)", s->z);
    if (s->technique == NONET_TECH_UR_3) {
      S(t, " + ");
      nonet__tx_digits(t, s->masks[1], ",");
      S(t, " in ");
      nonet__tx_cells_role(t, s, 1);
    }
    if (s->technique == NONET_TECH_UR_4) {
      P(t, " (%d only there in ", s->x);
      nonet__tx_unit(t, s->units[0], 0);
      S(t, ")");
    }
    break;
  case NONET_TECH_BUG_PLUS_1:
    nonet__tx_cell(t, s->cells[0]);
    break;
  case NONET_TECH_ALS_XZ:
    als(t, s, 0, "A");
    S(t, ", ");
    als(t, s, 1, "B");
    P(t, ", X=%d", s->x);
    if (s->z)
      P(t, ", Z=%d", s->z);
    else
      S(t, " (doubly linked)");
    break;
  case NONET_TECH_ALS_XY_WING: {
    als(t, s, 0, "A");
    S(t, ", ");
    als(t, s, 1, "B");
    S(t, ", ");
    als(t, s, 2, "C");
    unsigned y = s->digits & ~(1u << (s->x - 1));
    P(t, ", X,Y=%d,%d, Z=%d", s->x, y ? nn_ctz(y) + 1 : 0, s->z);
    break;
  }
  case NONET_TECH_SUE_DE_COQ:
    nonet__tx_cells_role(t, s, 0);
    S(t, " {");
    nonet__tx_digits(t, s->masks[0], "");
    S(t, "} + ");
    nonet__tx_cells_role(t, s, 1);
    S(t, " {");
    nonet__tx_digits(t, s->masks[1], "");
    S(t, "} + ");
    nonet__tx_cells_role(t, s, 2);
    S(t, " {");
    nonet__tx_digits(t, s->masks[2], "");
    S(t, "}");
    break;
  case NONET_TECH_APE:
    nonet__tx_cells_role(t, s, 0);
    if (role_count(s, 1)) {
      S(t, " (with ");
      nonet__tx_cells_role(t, s, 1);
      S(t, ")");
    }
    break;
  case NONET_TECH_TRIAL:
    nonet__tx_cell(t, s->cells[0]);
    S(t, " by search, not logic");
    break;
  case NONET_TECH_FC_CONTRADICTION:
  case NONET_TECH_FC_VERITY:
  case NONET_TECH_FN_CONTRADICTION:
  case NONET_TECH_FN_VERITY: {
    static const char *const what[] = {"", "cell ", "unit ", "both ways: "};
    int v = s->variant < 4 ? s->variant : 0;
    S(t, what[v]);
    if (v == 1) nonet__tx_cell(t, s->cells[0]);
    if (v == 2) {
      P(t, "%d in ", d);
      nonet__tx_unit(t, s->units[0], 0);
    }
    if (v == 3) nonet__tx_cell(t, s->cells[0]);
    S(t, v && v < 3 ? ": " : v == 3 ? "" : "");
    int j = 0, b = 0;
    while (j < s->nnodes) {
      if (b++ || v == 3) S(t, b > 1 ? "; " : " ");
      j = forcing_chain(t, s, j);
    }
    break;
  }
  default: /* chains */
    for (int j = 0, b = 0; j < s->nnodes; b++) {
      if (b) S(t, "; ");
      j = chain(t, s, j);
    }
    break;
  }
  if (s->truncated) S(t, " ...");
}

static void notation(nn_text *t, const nonet_step *s, int pattern_only) {
  S(t, nonet_step_name(s));
  S(t, ": ");
  if (s->technique <= NONET_TECH_HIDDEN_SINGLE && !pattern_only) {
    conclusion(t, s); /* the pattern is the placement */
    return;
  }
  pattern(t, s);
  if (!pattern_only) {
    S(t, " => ");
    conclusion(t, s);
  }
}

/* ---- words ----------------------------------------------------------- */

static void words(nn_text *t, const nonet_step *s) {
  int d = s->digits ? nn_ctz(s->digits) + 1 : 0;
  int n;
  switch (s->technique) {
  case NONET_TECH_FULL_HOUSE:
    nonet__tx_cell(t, s->cells[0]);
    S(t, " is the last empty cell of ");
    nonet__tx_unit(t, s->units[0], 1);
    P(t, ", so it takes the missing digit, %d.", d);
    return;
  case NONET_TECH_NAKED_SINGLE:
    P(t, "%d is the only candidate left in ", d);
    nonet__tx_cell(t, s->cells[0]);
    S(t, ": its row, column and box hold every other digit.");
    return;
  case NONET_TECH_HIDDEN_SINGLE:
    S(t, "In ");
    nonet__tx_unit(t, s->units[0], 1);
    P(t, ", %d can only go in ", d);
    nonet__tx_cell(t, s->cells[0]);
    S(t, ".");
    return;
  case NONET_TECH_POINTING:
  case NONET_TECH_CLAIMING:
    S(t, "In ");
    nonet__tx_unit(t, s->units[0], 1);
    P(t, ", %d can only go in ", d);
    nonet__tx_cells_role(t, s, 0);
    S(t, ", which also lie in ");
    nonet__tx_unit(t, s->units[1], 1);
    P(t, "; so %d cannot go anywhere else in ", d);
    nonet__tx_unit(t, s->units[1], 1);
    S(t, ": ");
    break;
  case NONET_TECH_NAKED_PAIR:
  case NONET_TECH_NAKED_TRIPLE:
  case NONET_TECH_NAKED_QUAD:
    n = nn_popcount(s->digits);
    S(t, "The ");
    P(t, "%d cells ", n);
    nonet__tx_cells_role(t, s, 0);
    S(t, " of ");
    nonet__tx_unit(t, s->units[0], 1);
    S(t, " hold only the digits ");
    nonet__tx_digits(t, s->digits, ",");
    S(t, ", so these digits go in them and nowhere else in the unit: ");
    break;
  case NONET_TECH_HIDDEN_PAIR:
  case NONET_TECH_HIDDEN_TRIPLE:
  case NONET_TECH_HIDDEN_QUAD:
    S(t, "In ");
    nonet__tx_unit(t, s->units[0], 1);
    S(t, ", the digits ");
    nonet__tx_digits(t, s->digits, ",");
    S(t, " can only go in ");
    nonet__tx_cells_role(t, s, 0);
    S(t, ", so those cells hold nothing else: ");
    break;
  case NONET_TECH_X_WING:
  case NONET_TECH_SWORDFISH:
  case NONET_TECH_JELLYFISH:
  case NONET_TECH_FINNED_X_WING:
  case NONET_TECH_FINNED_SWORDFISH:
  case NONET_TECH_FINNED_JELLYFISH:
  case NONET_TECH_SASHIMI_X_WING:
  case NONET_TECH_SASHIMI_SWORDFISH:
  case NONET_TECH_SASHIMI_JELLYFISH:
    S(t, "In ");
    units_words(t, s, 0, s->nbase);
    P(t, ", %d can only go in ", d);
    units_words(t, s, s->nbase, s->nunits - s->nbase);
    if (role_count(s, 1)) {
      S(t, " or in the fin");
      S(t, role_count(s, 1) > 1 ? "s " : " ");
      nonet__tx_cells_role(t, s, 1);
      P(t,
        ". Without the fins, %d would fill those lines and leave no room "
        "elsewhere; "
        "with a fin, the cells of its box see it. Either way: ",
        d);
    } else {
      P(t, ", so each of those holds its %d inside the pattern: ", d);
    }
    break;
  case NONET_TECH_SKYSCRAPER:
  case NONET_TECH_TWO_STRING_KITE:
  case NONET_TECH_TURBOT_FISH:
  case NONET_TECH_X_CHAIN:
    P(t, "Following the strong and weak links of %d: ", d);
    for (int j = 0; j < s->nnodes;) j = chain(t, s, j);
    S(t, "; one of its two ends is "),
        P(t, "%d, so cells seeing both ends cannot be: ", d);
    break;
  case NONET_TECH_EMPTY_RECTANGLE:
    P(t, "In ");
    nonet__tx_unit(t, s->units[0], 1);
    P(t,
      ", %d lies in one row and one column (an empty rectangle); with the "
      "conjugate pair ",
      d);
    nonet__tx_cells_role(t, s, 1);
    S(t, " it makes a chain whose ends cannot both be false: ");
    break;
  case NONET_TECH_XY_WING:
  case NONET_TECH_XYZ_WING:
    S(t, "Whatever the pivot ");
    nonet__tx_cell(t, cell_of_role(s, 0, 0));
    P(t, " holds, one of the pincers ");
    nonet__tx_cell(t, cell_of_role(s, 0, 1));
    S(t, " and ");
    nonet__tx_cell(t, cell_of_role(s, 0, 2));
    P(t, "%s is %d, so a cell seeing %s cannot be %d: ",
      s->technique == NONET_TECH_XYZ_WING ? " (or the pivot itself)" : "", s->z,
      s->technique == NONET_TECH_XYZ_WING ? "all three" : "both pincers", s->z);
    break;
  case NONET_TECH_W_WING:
    S(t, "The cells ");
    nonet__tx_cells_role(t, s, 0);
    S(t, " both hold only ");
    nonet__tx_digits(t, s->digits, " and ");
    P(t, "; since %d must be in ", s->x);
    nonet__tx_cells_role(t, s, 1);
    P(t, ", one of them is %d, so cells seeing both cannot be %d: ", s->z,
      s->z);
    break;
  case NONET_TECH_REMOTE_PAIR:
    S(t, "The cells ");
    nonet__tx_cells_role(t, s, 0);
    S(t, " all hold only ");
    nonet__tx_digits(t, s->digits, " and ");
    S(t, " and alternate along the chain, so a cell seeing two of them of "
         "opposite parity "
         "holds neither: ");
    break;
  case NONET_TECH_SIMPLE_COLORS:
  case NONET_TECH_MULTI_COLORS:
    P(t,
      "Coloring the conjugate pairs of %d, exactly one colour of each cluster "
      "is true",
      d);
    S(t, s->technique == NONET_TECH_SIMPLE_COLORS && s->variant
             ? "; two cells of one colour see each other, so that colour is "
               "false: "
             : "; cells that would see both possibilities lose the digit: ");
    break;
  case NONET_TECH_UR_1:
  case NONET_TECH_UR_2:
  case NONET_TECH_UR_3:
  case NONET_TECH_UR_4:
  case NONET_TECH_HIDDEN_RECTANGLE:
    S(t, "If ");
    nonet__tx_cells_role(t, s, 0);
    S(t, " held only ");
    nonet__tx_digits(t, s->digits, " and ");
    S(t, ", the two digits could be swapped and the puzzle would have two "
         "solutions; "
         "since it has one, ");
    break;
  case NONET_TECH_BUG_PLUS_1:
    S(t, "Every open cell but ");
    nonet__tx_cell(t, s->cells[0]);
    S(t, " has two candidates; without its extra digit the grid would be a "
         "deadly pattern "
         "with two solutions, so: ");
    break;
  case NONET_TECH_ALS_XZ:
  case NONET_TECH_ALS_XY_WING:
    S(t, "Almost locked sets (n cells with n+1 digits) ");
    pattern(t, s);
    S(t, ": the restricted common digits force the shared digit into one of "
         "the sets, so: ");
    break;
  case NONET_TECH_SUE_DE_COQ:
    S(t, "The cells ");
    pattern(t, s);
    S(t, " share out their digits between the line and the box, so: ");
    break;
  case NONET_TECH_APE:
    S(t, "Every combination of digits for ");
    nonet__tx_cells_role(t, s, 0);
    S(t, " using the removed digit would empty a cell that sees both, so: ");
    break;
  case NONET_TECH_TRIAL:
    S(t, "No logical technique applies. By trial and error (a search, not "
         "logic): placing "
         "these digits in ");
    nonet__tx_cell(t, s->cells[0]);
    S(t, " leaves no solution, so: ");
    break;
  default:
    S(t, "The chain ");
    pattern(t, s);
    S(t, " proves: ");
    break;
  }
  conclusion_words(t, s);
}

static void nudge(nn_text *t, const nonet_step *s, int hint) {
  (void)hint;
  int d = s->digits ? nn_ctz(s->digits) + 1 : 0;
  P(t, "Look for %s %s",
    s->technique == NONET_TECH_AIC || s->technique == NONET_TECH_ALS_XZ ? "an"
                                                                        : "a",
    nonet_step_name(s));
  switch (s->technique) {
  case NONET_TECH_FULL_HOUSE:
  case NONET_TECH_HIDDEN_SINGLE:
  case NONET_TECH_POINTING:
  case NONET_TECH_CLAIMING:
  case NONET_TECH_NAKED_PAIR:
  case NONET_TECH_NAKED_TRIPLE:
  case NONET_TECH_NAKED_QUAD:
  case NONET_TECH_HIDDEN_PAIR:
  case NONET_TECH_HIDDEN_TRIPLE:
  case NONET_TECH_HIDDEN_QUAD:
  case NONET_TECH_EMPTY_RECTANGLE:
    S(t, " in ");
    nonet__tx_unit(t, s->units[0], 1);
    break;
  case NONET_TECH_NAKED_SINGLE:
  case NONET_TECH_BUG_PLUS_1:
  case NONET_TECH_TRIAL:
    S(t, " in ");
    nonet__tx_unit(t, 18 + (s->cells[0] / 27) * 3 + (s->cells[0] % 9) / 3, 1);
    break;
  default:
    if (s->digits && !(s->digits & (s->digits - 1)))
      P(t, " on digit %d", d);
    else if (s->nplace)
      P(t, " that places a digit in row %d", s->place[0].cell / 9 + 1);
    else if (s->nelim)
      P(t, " that removes %d from row %d", s->elim[0].digit,
        s->elim[0].cell / 9 + 1);
    break;
  }
  S(t, ".");
}

size_t nonet_step_text(const nonet_step *s, nonet_text_style style, char *buf,
                       size_t cap) {
  nn_text t = {buf, buf ? cap : 0, 0};
  if (t.cap) buf[0] = 0;
  if (!s) return 0;
  switch (style) {
  case NONET_TEXT_WORDS:
    words(&t, s);
    break;
  case NONET_TEXT_NUDGE:
    nudge(&t, s, 1);
    break;
  case NONET_TEXT_PATTERN:
    notation(&t, s, 1);
    break;
  default:
    notation(&t, s, 0);
    break;
  }
  return t.len;
}

/* ---- the candidate grid -------------------------------------------------- */

size_t nonet_logic_format_grid(const nonet_logic_state *st, char *buf,
                               size_t cap) {
  nn_text t = {buf, buf ? cap : 0, 0};
  if (t.cap) buf[0] = 0;
  if (!st) return 0;
  int w[9];
  for (int c = 0; c < 9; c++) {
    w[c] = 1;
    for (int r = 0; r < 9; r++) {
      int i = r * 9 + c;
      int n = st->cells[i] ? 1 : nn_popcount(st->cand[i]);
      if (n > w[c]) w[c] = n;
    }
  }
  for (int r = 0; r < 9; r++) {
    if (r % 3 == 0) {
      for (int c = 0; c < 9; c++) {
        S(&t, c % 3 == 0 ? (c ? "+" : "+") : "");
        for (int k = 0; k < w[c] + 1 + (c % 3 == 2); k++) S(&t, "-");
      }
      S(&t, "+\n");
    }
    for (int c = 0; c < 9; c++) {
      int i = r * 9 + c;
      if (c % 3 == 0) S(&t, "| ");
      char cell[10];
      int n = 0;
      if (st->cells[i]) {
        cell[n++] = (char)('0' + st->cells[i]);
      } else {
        for (unsigned m = st->cand[i] & 0x1ff; m; m &= m - 1)
          cell[n++] = (char)('1' + nn_ctz(m));
        if (!n) cell[n++] = '!';
      }
      cell[n] = 0;
      P(&t, "%-*s ", w[c], cell);
    }
    S(&t, "|\n");
  }
  for (int c = 0; c < 9; c++) {
    S(&t, c % 3 == 0 ? "+" : "");
    for (int k = 0; k < w[c] + 1 + (c % 3 == 2); k++) S(&t, "-");
  }
  S(&t, "+");
  return t.len;
}
