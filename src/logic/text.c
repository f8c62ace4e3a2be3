/* text.c: the writers of step texts, one pattern (notation) and one
 * words writer per family of techniques ("Naked Pair: 3,8 in r5c2,r6c2",
 * "The 2 cells r5c2,r6c2 of column 2 hold only the digits 3,8, ..."),
 * and the candidate grid as text. tech.c gives each technique its
 * family; steptext.c writes whole steps. The step data each technique
 * fills is described at the top of its finder's file. */
#include <string.h>

#include "core/bits.h"
#include "logic/text.h"

#define P nonet__tx_printf
#define S nonet__tx_puts

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
void nonet__tx_conclusion(nn_text *t, const nonet_step *s) {
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

/* " ..." when the step's pattern was cut short */
static void mark(nn_text *t, const nonet_step *s) {
  if (s->truncated) S(t, " ...");
}

/* ---- the families' writers: the pattern (notation) and the words ---- */

static void pattern_single(nn_text *t, const nonet_step *s) {
  int d = s->digits ? nn_ctz(s->digits) + 1 : 0;
  nonet__tx_cell(t, s->cells[0]);
  P(t, "=%d", d);
}

static void pattern_locked(nn_text *t, const nonet_step *s) {
  int d = s->digits ? nn_ctz(s->digits) + 1 : 0;
  P(t, "%d in ", d);
  nonet__tx_unit(t, s->units[0], 0);
}

static void pattern_subset(nn_text *t, const nonet_step *s) {
  nonet__tx_digits(t, s->digits, ",");
  S(t, " in ");
  nonet__tx_cells_role(t, s, 0);
}

static void pattern_fish(nn_text *t, const nonet_step *s) {
  int d = s->digits ? nn_ctz(s->digits) + 1 : 0;
  P(t, "%d ", d);
  units_compact(t, s, 0, s->nbase);
  S(t, " ");
  units_compact(t, s, s->nbase, s->nunits - s->nbase);
  for (int j = 0; j < s->ncells; j++)
    if (s->roles[j] == 1) {
      S(t, " f");
      nonet__tx_cell(t, s->cells[j]);
    }
}

static void pattern_string(nn_text *t, const nonet_step *s) {
  int d = s->digits ? nn_ctz(s->digits) + 1 : 0;
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
}

static void pattern_empty_rectangle(nn_text *t, const nonet_step *s) {
  int d = s->digits ? nn_ctz(s->digits) + 1 : 0;
  P(t, "%d in ", d);
  nonet__tx_unit(t, s->units[0], 0);
  S(t, " (");
  nonet__tx_cells_role(t, s, 1);
  S(t, ")");
}

static void pattern_xy_wing(nn_text *t, const nonet_step *s) {
  unsigned xy = s->digits & ~(1u << (s->z - 1));
  nonet__tx_digits(t, xy, "/");
  P(t, "/%d in ", s->z);
  nonet__tx_cells_role(t, s, 0);
}

static void pattern_w_wing(nn_text *t, const nonet_step *s) {
  nonet__tx_digits(t, s->digits, "/");
  S(t, " in ");
  nonet__tx_cells_role(t, s, 0);
  P(t, " connected by %d in ", s->x);
  nonet__tx_cells_role(t, s, 1);
}

static void pattern_remote_pair(nn_text *t, const nonet_step *s) {
  nonet__tx_digits(t, s->digits, "/");
  S(t, " in ");
  nonet__tx_cells_role(t, s, 0);
}

static void pattern_colors(nn_text *t, const nonet_step *s) {
  int d = s->digits ? nn_ctz(s->digits) + 1 : 0;
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
}

static void pattern_rectangle(nn_text *t, const nonet_step *s) {
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
}

static void pattern_bug(nn_text *t, const nonet_step *s) {
  nonet__tx_cell(t, s->cells[0]);
}

static void pattern_als_xz(nn_text *t, const nonet_step *s) {
  als(t, s, 0, "A");
  S(t, ", ");
  als(t, s, 1, "B");
  P(t, ", X=%d", s->x);
  if (s->z)
    P(t, ", Z=%d", s->z);
  else
    S(t, " (doubly linked)");
}

static void pattern_als_xy_wing(nn_text *t, const nonet_step *s) {
  als(t, s, 0, "A");
  S(t, ", ");
  als(t, s, 1, "B");
  S(t, ", ");
  als(t, s, 2, "C");
  unsigned y = s->digits & ~(1u << (s->x - 1));
  P(t, ", X,Y=%d,%d, Z=%d", s->x, y ? nn_ctz(y) + 1 : 0, s->z);
}

static void pattern_sue_de_coq(nn_text *t, const nonet_step *s) {
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
}

static void pattern_ape(nn_text *t, const nonet_step *s) {
  nonet__tx_cells_role(t, s, 0);
  if (role_count(s, 1)) {
    S(t, " (with ");
    nonet__tx_cells_role(t, s, 1);
    S(t, ")");
  }
}

static void pattern_trial(nn_text *t, const nonet_step *s) {
  nonet__tx_cell(t, s->cells[0]);
  S(t, " by search, not logic");
}

static void pattern_forcing(nn_text *t, const nonet_step *s) {
  int d = s->digits ? nn_ctz(s->digits) + 1 : 0;
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
}

static void pattern_chain(nn_text *t, const nonet_step *s) {
  for (int j = 0, b = 0; j < s->nnodes; b++) {
    if (b) S(t, "; ");
    j = chain(t, s, j);
  }
}

static void words_full_house(nn_text *t, const nonet_step *s) {
  int d = s->digits ? nn_ctz(s->digits) + 1 : 0;
  nonet__tx_cell(t, s->cells[0]);
  S(t, " is the last empty cell of ");
  nonet__tx_unit(t, s->units[0], 1);
  P(t, ", so it takes the missing digit, %d.", d);
}

static void words_naked_single(nn_text *t, const nonet_step *s) {
  int d = s->digits ? nn_ctz(s->digits) + 1 : 0;
  P(t, "%d is the only candidate left in ", d);
  nonet__tx_cell(t, s->cells[0]);
  S(t, ": its row, column and box hold every other digit.");
}

static void words_hidden_single(nn_text *t, const nonet_step *s) {
  int d = s->digits ? nn_ctz(s->digits) + 1 : 0;
  S(t, "In ");
  nonet__tx_unit(t, s->units[0], 1);
  P(t, ", %d can only go in ", d);
  nonet__tx_cell(t, s->cells[0]);
  S(t, ".");
}

static void words_locked(nn_text *t, const nonet_step *s) {
  int d = s->digits ? nn_ctz(s->digits) + 1 : 0;
  S(t, "In ");
  nonet__tx_unit(t, s->units[0], 1);
  P(t, ", %d can only go in ", d);
  nonet__tx_cells_role(t, s, 0);
  S(t, ", which also lie in ");
  nonet__tx_unit(t, s->units[1], 1);
  P(t, "; so %d cannot go anywhere else in ", d);
  nonet__tx_unit(t, s->units[1], 1);
  S(t, ": ");
  conclusion_words(t, s);
}

static void words_naked_subset(nn_text *t, const nonet_step *s) {
  int n;
  n = nn_popcount(s->digits);
  S(t, "The ");
  P(t, "%d cells ", n);
  nonet__tx_cells_role(t, s, 0);
  S(t, " of ");
  nonet__tx_unit(t, s->units[0], 1);
  S(t, " hold only the digits ");
  nonet__tx_digits(t, s->digits, ",");
  S(t, ", so these digits go in them and nowhere else in the unit: ");
  conclusion_words(t, s);
}

static void words_hidden_subset(nn_text *t, const nonet_step *s) {
  S(t, "In ");
  nonet__tx_unit(t, s->units[0], 1);
  S(t, ", the digits ");
  nonet__tx_digits(t, s->digits, ",");
  S(t, " can only go in ");
  nonet__tx_cells_role(t, s, 0);
  S(t, ", so those cells hold nothing else: ");
  conclusion_words(t, s);
}

static void words_fish(nn_text *t, const nonet_step *s) {
  int d = s->digits ? nn_ctz(s->digits) + 1 : 0;
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
  conclusion_words(t, s);
}

static void words_links(nn_text *t, const nonet_step *s) {
  int d = s->digits ? nn_ctz(s->digits) + 1 : 0;
  P(t, "Following the strong and weak links of %d: ", d);
  for (int j = 0; j < s->nnodes;) j = chain(t, s, j);
  S(t, "; one of its two ends is "),
      P(t, "%d, so cells seeing both ends cannot be: ", d);
  conclusion_words(t, s);
}

static void words_empty_rectangle(nn_text *t, const nonet_step *s) {
  int d = s->digits ? nn_ctz(s->digits) + 1 : 0;
  P(t, "In ");
  nonet__tx_unit(t, s->units[0], 1);
  P(t,
    ", %d lies in one row and one column (an empty rectangle); with the "
    "conjugate pair ",
    d);
  nonet__tx_cells_role(t, s, 1);
  S(t, " it makes a chain whose ends cannot both be false: ");
  conclusion_words(t, s);
}

static void words_xy_wing(nn_text *t, const nonet_step *s) {
  S(t, "Whatever the pivot ");
  nonet__tx_cell(t, cell_of_role(s, 0, 0));
  P(t, " holds, one of the pincers ");
  nonet__tx_cell(t, cell_of_role(s, 0, 1));
  S(t, " and ");
  nonet__tx_cell(t, cell_of_role(s, 0, 2));
  P(t, "%s is %d, so a cell seeing %s cannot be %d: ",
    s->technique == NONET_TECH_XYZ_WING ? " (or the pivot itself)" : "", s->z,
    s->technique == NONET_TECH_XYZ_WING ? "all three" : "both pincers", s->z);
  conclusion_words(t, s);
}

static void words_w_wing(nn_text *t, const nonet_step *s) {
  S(t, "The cells ");
  nonet__tx_cells_role(t, s, 0);
  S(t, " both hold only ");
  nonet__tx_digits(t, s->digits, " and ");
  P(t, "; since %d must be in ", s->x);
  nonet__tx_cells_role(t, s, 1);
  P(t, ", one of them is %d, so cells seeing both cannot be %d: ", s->z, s->z);
  conclusion_words(t, s);
}

static void words_remote_pair(nn_text *t, const nonet_step *s) {
  S(t, "The cells ");
  nonet__tx_cells_role(t, s, 0);
  S(t, " all hold only ");
  nonet__tx_digits(t, s->digits, " and ");
  S(t, " and alternate along the chain, so a cell seeing two of them of "
       "opposite parity "
       "holds neither: ");
  conclusion_words(t, s);
}

static void words_colors(nn_text *t, const nonet_step *s) {
  int d = s->digits ? nn_ctz(s->digits) + 1 : 0;
  P(t,
    "Coloring the conjugate pairs of %d, exactly one colour of each cluster "
    "is true",
    d);
  S(t, s->technique == NONET_TECH_SIMPLE_COLORS && s->variant
           ? "; two cells of one colour see each other, so that colour is "
             "false: "
           : "; cells that would see both possibilities lose the digit: ");
  conclusion_words(t, s);
}

static void words_rectangle(nn_text *t, const nonet_step *s) {
  S(t, "If ");
  nonet__tx_cells_role(t, s, 0);
  S(t, " held only ");
  nonet__tx_digits(t, s->digits, " and ");
  S(t, ", the two digits could be swapped and the puzzle would have two "
       "solutions; "
       "since it has one, ");
  conclusion_words(t, s);
}

static void words_bug(nn_text *t, const nonet_step *s) {
  S(t, "Every open cell but ");
  nonet__tx_cell(t, s->cells[0]);
  S(t, " has two candidates; without its extra digit the grid would be a "
       "deadly pattern "
       "with two solutions, so: ");
  conclusion_words(t, s);
}

static void words_als(nn_text *t, const nonet_step *s) {
  S(t, "Almost locked sets (n cells with n+1 digits) ");
  if (s->technique == NONET_TECH_ALS_XY_WING)
    pattern_als_xy_wing(t, s);
  else
    pattern_als_xz(t, s);
  mark(t, s);
  S(t, ": the restricted common digits force the shared digit into one of "
       "the sets, so: ");
  conclusion_words(t, s);
}

static void words_sue_de_coq(nn_text *t, const nonet_step *s) {
  S(t, "The cells ");
  pattern_sue_de_coq(t, s);
  mark(t, s);
  S(t, " share out their digits between the line and the box, so: ");
  conclusion_words(t, s);
}

static void words_ape(nn_text *t, const nonet_step *s) {
  S(t, "Every combination of digits for ");
  nonet__tx_cells_role(t, s, 0);
  S(t, " using the removed digit would empty a cell that sees both, so: ");
  conclusion_words(t, s);
}

static void words_trial(nn_text *t, const nonet_step *s) {
  S(t, "No logical technique applies. By trial and error (a search, not "
       "logic): placing "
       "these digits in ");
  nonet__tx_cell(t, s->cells[0]);
  S(t, " leaves no solution, so: ");
  conclusion_words(t, s);
}

static int forcing(const nonet_step *s) {
  int x = s->technique;
  return x == NONET_TECH_FC_CONTRADICTION || x == NONET_TECH_FC_VERITY ||
         x == NONET_TECH_FN_CONTRADICTION || x == NONET_TECH_FN_VERITY;
}

static void words_chain(nn_text *t, const nonet_step *s) {
  S(t, "The chain ");
  if (forcing(s))
    pattern_forcing(t, s);
  else
    pattern_chain(t, s);
  mark(t, s);
  S(t, " proves: ");
  conclusion_words(t, s);
}

/* ---- the families: how each kind of step is written (tech.c gives
 * each technique its family) ---- */

const nn_text_family nonet__text_full_house = {pattern_single, words_full_house,
                                               1};
const nn_text_family nonet__text_naked_single = {pattern_single,
                                                 words_naked_single, 1};
const nn_text_family nonet__text_hidden_single = {pattern_single,
                                                  words_hidden_single, 1};
const nn_text_family nonet__text_locked = {pattern_locked, words_locked, 0};
const nn_text_family nonet__text_naked_subset = {pattern_subset,
                                                 words_naked_subset, 0};
const nn_text_family nonet__text_hidden_subset = {pattern_subset,
                                                  words_hidden_subset, 0};
const nn_text_family nonet__text_fish = {pattern_fish, words_fish, 0};
const nn_text_family nonet__text_remote_pair = {pattern_remote_pair,
                                                words_remote_pair, 0};
const nn_text_family nonet__text_bug = {pattern_bug, words_bug, 0};
const nn_text_family nonet__text_string = {pattern_string, words_links, 0};
const nn_text_family nonet__text_single_digit_chain = {pattern_chain,
                                                       words_links, 0};
const nn_text_family nonet__text_empty_rectangle = {pattern_empty_rectangle,
                                                    words_empty_rectangle, 0};
const nn_text_family nonet__text_w_wing = {pattern_w_wing, words_w_wing, 0};
const nn_text_family nonet__text_xy_wing = {pattern_xy_wing, words_xy_wing, 0};
const nn_text_family nonet__text_rectangle = {pattern_rectangle,
                                              words_rectangle, 0};
const nn_text_family nonet__text_colors = {pattern_colors, words_colors, 0};
const nn_text_family nonet__text_chain = {pattern_chain, words_chain, 0};
const nn_text_family nonet__text_sue_de_coq = {pattern_sue_de_coq,
                                               words_sue_de_coq, 0};
const nn_text_family nonet__text_als_xz = {pattern_als_xz, words_als, 0};
const nn_text_family nonet__text_als_xy_wing = {pattern_als_xy_wing, words_als,
                                                0};
const nn_text_family nonet__text_ape = {pattern_ape, words_ape, 0};
const nn_text_family nonet__text_forcing = {pattern_forcing, words_chain, 0};
const nn_text_family nonet__text_trial = {pattern_trial, words_trial, 0};

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
