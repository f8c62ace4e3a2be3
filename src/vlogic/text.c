/* text.c: variant steps for people: the notation ("Locked Candidates: 5
 * in d1 & b1 => r3c2<>5"), the same in words, a nudge (the technique and
 * where to look) and the pattern alone. Cells are r12c3, digits above 9
 * the letters A .. P; units r3, c7, b5 (boxes), j5 (jigsaw regions), d1
 * (the main diagonal) and d2, w2 (windows), g4 (disjoint groups), and
 * "cage r4c3" (a cage by its first cell). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vlogic/vlogic.h"

void nonet__vt_printf(vl_text *t, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  size_t room = t->len < t->cap ? t->cap - t->len : 0;
  int n = vsnprintf(room ? t->buf + t->len : NULL, room, fmt, ap);
  va_end(ap);
  if (n > 0) t->len += (size_t)n;
}

#define P nonet__vt_printf
#define S(t, s) nonet__vt_printf(t, "%s", s)

char nonet__vt_symbol(int d) { return (char)(d > 9 ? 'A' + d - 10 : '0' + d); }

void nonet__vt_cell(vl_text *t, int n, int cell) {
  P(t, "r%dc%d", cell / n + 1, cell % n + 1);
}

static void cells(vl_text *t, int n, const uint16_t *c, int k,
                  const char *sep) {
  for (int j = 0; j < k; j++) {
    if (j) S(t, sep);
    nonet__vt_cell(t, n, c[j]);
  }
}

static void digits(vl_text *t, uint32_t m, const char *sep) {
  for (int first = 1; m; m &= m - 1, first = 0)
    P(t, "%s%c", first ? "" : sep, nonet__vt_symbol(vl_ctz(m) + 1));
}

void nonet__vt_unit(vl_text *t, int n, const nonet_vunit *u, int words) {
  static const char *const word[] = {"row",    "column",         "box",    "",
                                     "window", "disjoint group", "region", ""};
  static const char note[] = "rcbdwgj";
  int i = u->index + 1;
  if (u->kind == NONET_VUNIT_CANDIDATE) {
    if (words) {
      P(t, "%c in ", nonet__vt_symbol(u->index));
      nonet__vt_cell(t, n, u->cell);
    } else {
      P(t, "(%c)", nonet__vt_symbol(u->index));
      nonet__vt_cell(t, n, u->cell);
    }
  } else if (u->kind == NONET_VUNIT_CAGE) {
    S(t, words ? "the cage at " : "cage ");
    nonet__vt_cell(t, n, u->cell);
    if (words) P(t, " (sum %d)", u->sum);
  } else if (u->kind == NONET_HOUSE_DIAGONAL) {
    if (words)
      S(t, u->index ? "the anti-diagonal" : "the main diagonal");
    else
      P(t, "d%d", i);
  } else if (u->kind <= NONET_VUNIT_REGION) {
    if (words)
      P(t, "%s %d", word[u->kind], i);
    else
      P(t, "%c%d", note[u->kind], i);
  }
}

/* Units from..from+k: "r1-r3" for a run of rows or columns, else joined
 * with '+' (notation) or listed (words). */
static void units(vl_text *t, const nonet_vstep *s, int from, int k,
                  int words) {
  const nonet_vunit *u = s->units + from;
  int run = k > 1 && u[0].kind <= NONET_HOUSE_COL;
  for (int j = 1; j < k && run; j++)
    run = u[j].kind == u[0].kind && u[j].index == u[j - 1].index + 1;
  if (run) {
    if (words)
      P(t, "%s %d to %d", u[0].kind ? "columns" : "rows", u[0].index + 1,
        u[k - 1].index + 1);
    else
      P(t, "%c%d-%c%d", u[0].kind ? 'c' : 'r', u[0].index + 1,
        u[0].kind ? 'c' : 'r', u[k - 1].index + 1);
    return;
  }
  for (int j = 0; j < k; j++) {
    if (j) S(t, words ? (j == k - 1 ? " and " : ", ") : "+");
    nonet__vt_unit(t, s->size, &u[j], words);
  }
}

static int cmp_u16(const void *a, const void *b) {
  return (int)*(const uint16_t *)a - (int)*(const uint16_t *)b;
}

/* The eliminations of digit d in reading order; their number. */
static int elim_cells(const nonet_vstep *s, int d, uint16_t *c) {
  int k = 0;
  for (int j = 0; j < s->nelim; j++)
    if (s->elim[j].digit == d) c[k++] = s->elim[j].cell;
  qsort(c, (size_t)k, sizeof *c, cmp_u16);
  return k;
}

/* The conclusion: r1c1=4, r5c7,r5c8<>3,4 (placements, then eliminations
 * grouped: digits removed from the same cells together, cells in reading
 * order); in words "r1c1 must be 4; remove 3 and 4 from r5c7 and r5c8." */
void nonet__vt_conclusion(vl_text *t, const nonet_vstep *s, int words) {
  int first = 1, done[VL_MAXN + 1] = {0};
  for (int j = 0; j < s->nplace; j++, first = 0) {
    S(t, first ? "" : words ? "; " : ", ");
    nonet__vt_cell(t, s->size, s->place[j].cell);
    P(t, words ? " must be %c" : "=%c", nonet__vt_symbol(s->place[j].digit));
  }
  uint16_t c[NONET_VSTEP_MAX_ELIM], o[NONET_VSTEP_MAX_ELIM];
  for (int d = 1; d <= s->size; d++) {
    int k = done[d] ? 0 : elim_cells(s, d, c);
    if (!k) continue;
    uint32_t same = 1u << (d - 1); /* digits removed from the same cells */
    for (int e = d + 1; e <= s->size; e++)
      if (!done[e] && elim_cells(s, e, o) == k &&
          !memcmp(c, o, (size_t)k * sizeof *c))
        same |= 1u << (e - 1), done[e] = 1;
    S(t, first ? "" : words ? "; " : ", ");
    if (words) {
      int nd = vl_pop(same), at = 0;
      S(t, "remove ");
      for (uint32_t m = same; m; m &= m - 1, at++)
        P(t, "%s%c",
          at == 0        ? ""
          : at == nd - 1 ? " and "
                         : ", ",
          nonet__vt_symbol(vl_ctz(m) + 1));
      S(t, " from ");
      for (int j = 0; j < k; j++) {
        if (j) S(t, j == k - 1 ? " and " : ", ");
        nonet__vt_cell(t, s->size, c[j]);
      }
    } else {
      cells(t, s->size, c, k, ",");
      S(t, "<>");
      digits(t, same, ",");
    }
    first = 0;
  }
  if (words) S(t, ".");
}

/* "r3c4+r3c5=11" */
static void sum_of(vl_text *t, const nonet_vstep *s, int from, int k, int sum) {
  cells(t, s->size, s->cells + from, k, "+");
  P(t, "=%d", sum);
}

static int first_digit(const nonet_vstep *s) {
  return s->digits ? vl_ctz(s->digits) + 1 : 0;
}

/* Whether unit j of a forcing net is an elimination; the house whose
 * places of its digit all see it, or the cage (named by its first cell)
 * whose digit sets leave it out; what the net follows besides singles
 * (1 pointing, 2 cage combinations), and its words. */
static int net_elim(const nonet_vstep *s, int j) {
  return j > 0 && s->units[j].sum;
}
static nonet_vunit net_house(const nonet_vunit *u) {
  int kind = NONET_VNET_KIND(u->sum), index = NONET_VNET_INDEX(u->sum);
  nonet_vunit h = {(uint8_t)kind, (uint16_t)index,
                   (uint16_t)(kind == NONET_VUNIT_CAGE ? index : 0), 0};
  return h;
}
static int net_follows(const nonet_vstep *s) {
  int what = 0;
  for (int j = 1; j < s->nbase; j++)
    if (net_elim(s, j))
      what |= NONET_VNET_KIND(s->units[j].sum) == NONET_VUNIT_CAGE ? 2 : 1;
  return what;
}
/* The units after unit j of a net written together with it, by the
 * same house or cage: *digits, other digits of its cell (a cage: "r9c3<>
 * 2,3,8 (cage r9c2)"); else *cells, its digit in other cells ("r7c7,
 * r7c8<>1 (r9)"). */
static void net_run(const nonet_vstep *s, int j, int *digits, int *cells) {
  const nonet_vunit *u = s->units;
  int k = 0;
  *digits = *cells = 0;
  if (!net_elim(s, j)) return;
  if (NONET_VNET_KIND(u[j].sum) == NONET_VUNIT_CAGE)
    while (j + k + 1 < s->nbase && u[j + k + 1].sum == u[j].sum &&
           u[j + k + 1].cell == u[j].cell)
      k++;
  if ((*digits = k)) return;
  while (j + k + 1 < s->nbase && u[j + k + 1].sum == u[j].sum &&
         u[j + k + 1].index == u[j].index && u[j + k + 1].cell != u[j].cell)
    k++;
  *cells = k;
}

/* The cells of units j .. j + k: "r7c7,r7c8" (notation), "r7c7, r7c8
 * and r8c8" (words). */
static void net_cells(vl_text *t, const nonet_vstep *s, int j, int k,
                      int words) {
  for (int x = 0; x <= k; x++) {
    if (x) S(t, !words ? "," : x == k ? " and " : ", ");
    nonet__vt_cell(t, s->size, s->units[j + x].cell);
  }
}

static const char *const net_follows_words[4] = {
    "singles", "singles and pointing", "singles and cage combinations",
    "singles, pointing and cage combinations"};

/* What a forcing net breaks: "r5c5 empty", "no 7 in r3", "cage r4c3
 * broken" (in words: "r5c5 would have no candidate left", ...). */
static void contradiction(vl_text *t, const nonet_vstep *s, int words) {
  int n = s->size;
  const nonet_vunit *last =
      s->nunits > s->nbase ? &s->units[s->nunits - 1] : NULL;
  if (s->sum == 1 && s->sum2 >= 0 && s->sum2 < n * n) {
    nonet__vt_cell(t, n, s->sum2);
    S(t, words ? " would have no candidate left" : " empty");
  } else if (s->sum == 2 && last && s->sum2 >= 1 && s->sum2 <= n) {
    P(t, words ? "%c would have no place in " : "no %c in ",
      nonet__vt_symbol(s->sum2));
    nonet__vt_unit(t, n, last, words);
  } else if (s->sum == 3 && last) {
    S(t, words ? "the digits placed in " : "");
    nonet__vt_unit(t, n, last, words);
    S(t, words ? " would break its sum" : " broken");
  } else if (s->sum == 4 && last) {
    S(t, words ? "no digits would fit " : "no digits fit ");
    nonet__vt_unit(t, n, last, words);
  } else {
    S(t, words ? "a rule would break" : "broken");
  }
}

/* ---- the pattern of the notation, per technique ---------------------- */

/* (pattern_only: a single's cell, not the digit it takes) */
static void pattern(vl_text *t, const nonet_vstep *s, int pattern_only) {
  int n = s->size, d = first_digit(s);
  switch (s->technique) {
  case NONET_VTECH_FULL_HOUSE:
  case NONET_VTECH_NAKED_SINGLE:
  case NONET_VTECH_HIDDEN_SINGLE:
    nonet__vt_cell(t, n, s->cells[0]);
    if (!pattern_only) P(t, "=%c", nonet__vt_symbol(d));
    if (s->technique == NONET_VTECH_HIDDEN_SINGLE) {
      S(t, " in ");
      nonet__vt_unit(t, n, &s->units[0], 0);
    }
    break;
  case NONET_VTECH_CAGE_COMBINATION:
    P(t, "%d in ", s->sum);
    cells(t, n, s->cells, s->ncells, ",");
    S(t, " (");
    nonet__vt_unit(t, n, &s->units[0], 0);
    S(t, "): ");
    for (int j = 0; j < s->ncombos && j < 8; j++) {
      if (j) S(t, ", ");
      digits(t, s->combos[j], "+");
    }
    if (s->ncombos > 8) S(t, ", ...");
    break;
  case NONET_VTECH_LOCKED_CANDIDATES:
    P(t, "%c in ", nonet__vt_symbol(d));
    nonet__vt_unit(t, n, &s->units[0], 0);
    S(t, " & ");
    nonet__vt_unit(t, n, &s->units[1], 0);
    break;
  case NONET_VTECH_RELATION_POINTING: /* 8 in r5 (r5c1,r5c4,r5c8) */
    if (!s->nunits) {                 /* the cell form: r8c4 (3,5) */
      nonet__vt_cell(t, n, s->cells[0]);
      S(t, " (");
      digits(t, s->digits, ",");
      S(t, ")");
      break;
    }
    P(t, "%c in ", nonet__vt_symbol(d));
    nonet__vt_unit(t, n, &s->units[0], 0);
    S(t, " (");
    cells(t, n, s->cells, s->ncells, ",");
    S(t, ")");
    break;
  case NONET_VTECH_INNIES:
  case NONET_VTECH_OUTIES:
    units(t, s, 0, s->nbase, 0);
    S(t, ": ");
    sum_of(t, s, 0, s->ncells, s->sum);
    break;
  case NONET_VTECH_CAGE_SPLITTING:
    nonet__vt_unit(t, n, &s->units[s->nbase], 0);
    P(t, " (%d) over ", s->units[s->nbase].sum);
    units(t, s, 0, s->nbase, 0);
    S(t, ": ");
    sum_of(t, s, 0, s->ncells - s->cells2, s->sum);
    S(t, " | ");
    sum_of(t, s, s->ncells - s->cells2, s->cells2, s->sum2);
    break;
  case NONET_VTECH_X_WING:
  case NONET_VTECH_SWORDFISH:
  case NONET_VTECH_JELLYFISH:
    P(t, "%c ", nonet__vt_symbol(d));
    units(t, s, 0, s->nbase, 0);
    S(t, " ");
    units(t, s, s->nbase, s->nunits - s->nbase, 0);
    break;
  case NONET_VTECH_TRIAL:
    nonet__vt_cell(t, n, s->cells[0]);
    S(t, " by search, not logic");
    break;
  case NONET_VTECH_FORCING_NET:
    /* r1c1=5 -> r1c4=3, r3c2<>5 (r5), r2c6=7 -> r5c5 empty */
    for (int j = 0; j < s->nbase; j++) {
      S(t, j == 0 ? "" : j == 1 ? " -> " : ", ");
      /* a run of one cell's digits (a cage), or of one digit's cells */
      int digits, cells;
      net_run(s, j, &digits, &cells);
      net_cells(t, s, j, cells, 0);
      P(t, "%s%c", net_elim(s, j) ? "<>" : "=",
        nonet__vt_symbol(s->units[j].index));
      for (int x = 1; x <= digits; x++)
        P(t, ",%c", nonet__vt_symbol(s->units[j + x].index));
      j += digits + cells;
      if (net_elim(s, j)) {
        nonet_vunit h = net_house(&s->units[j]);
        S(t, " (");
        nonet__vt_unit(t, n, &h, 0);
        S(t, ")");
      }
    }
    if (s->truncated) S(t, ", ...");
    S(t, " -> ");
    contradiction(t, s, 0);
    return;
  case NONET_VTECH_X_CHAIN:
  case NONET_VTECH_XY_CHAIN:
  case NONET_VTECH_AIC: /* (5)r1c2=(5)r1c7-(3)r1c7=(3)r4c7 */
    for (int j = 0; j < s->nunits; j++) {
      if (j) S(t, s->units[j - 1].sum ? "=" : "-");
      nonet__vt_unit(t, n, &s->units[j], 0);
    }
    break;
  default: /* subsets */
    digits(t, s->digits, ",");
    S(t, " in ");
    cells(t, n, s->cells, s->ncells, ",");
    S(t, " (");
    nonet__vt_unit(t, n, &s->units[0], 0);
    S(t, ")");
    break;
  }
  if (s->truncated && s->technique != NONET_VTECH_CAGE_COMBINATION)
    S(t, " ...");
}

/* ---- words ------------------------------------------------------------ */

/* What comes before item j of k in "a, b or c". */
static const char *or_list(int j, int k) {
  return j == 0 ? "" : j == k - 1 ? " or " : ", ";
}

static void words(vl_text *t, const nonet_vstep *s) {
  int n = s->size, d = first_digit(s), k = s->ncells;
  const nonet_vunit *u = s->units;
  switch (s->technique) {
  case NONET_VTECH_FULL_HOUSE:
    nonet__vt_cell(t, n, s->cells[0]);
    S(t, " is the last empty cell of ");
    nonet__vt_unit(t, n, u, 1);
    P(t, ", so it takes the missing digit, %c.", nonet__vt_symbol(d));
    return;
  case NONET_VTECH_NAKED_SINGLE:
    P(t, "%c is the only candidate left in ", nonet__vt_symbol(d));
    nonet__vt_cell(t, n, s->cells[0]);
    S(t, ": the cells it sees hold every other digit or rule it out.");
    return;
  case NONET_VTECH_HIDDEN_SINGLE:
    S(t, "In ");
    nonet__vt_unit(t, n, u, 1);
    P(t, ", %c can only go in ", nonet__vt_symbol(d));
    nonet__vt_cell(t, n, s->cells[0]);
    S(t, ".");
    return;
  case NONET_VTECH_CAGE_COMBINATION:
    S(t, "The empty cells ");
    cells(t, n, s->cells, k, ", ");
    S(t, " of ");
    nonet__vt_unit(t, n, u, 1);
    P(t, " add up to %d with %d different digit%s; only ", s->sum, k,
      k == 1 ? "" : "s");
    for (int j = 0; j < s->ncombos && j < 8; j++) {
      S(t, or_list(j, s->ncombos));
      digits(t, s->combos[j], "+");
    }
    if (s->ncombos > 8) P(t, " and %d more", s->ncombos - 8);
    S(t, " fit their candidates, so: ");
    break;
  case NONET_VTECH_LOCKED_CANDIDATES:
    S(t, "In ");
    nonet__vt_unit(t, n, u, 1);
    P(t, ", %c can only go where it meets ", nonet__vt_symbol(d));
    nonet__vt_unit(t, n, u + 1, 1);
    S(t, " (");
    cells(t, n, s->cells, k, ", ");
    S(t, "), so the rest of ");
    nonet__vt_unit(t, n, u + 1, 1);
    P(t, " cannot hold %c: ", nonet__vt_symbol(d));
    break;
  case NONET_VTECH_RELATION_POINTING:
    if (!s->nunits) {
      nonet__vt_cell(t, n, s->cells[0]);
      S(t, " can only be ");
      for (uint32_t m = s->digits, j = 0; m; m &= m - 1, j++) /* 4, 5 or 6 */
        P(t, "%s%c", or_list((int)j, vl_pop(s->digits)),
          nonet__vt_symbol(vl_ctz(m) + 1));
      S(t, ", and each rules out itself and the digits next to it in its "
           "orthogonal neighbours, so whichever it is: ");
      break;
    }
    S(t, "In ");
    nonet__vt_unit(t, n, u, 1);
    P(t, ", %c can only go in ", nonet__vt_symbol(d));
    for (int j = 0; j < k; j++) { /* r1c1, r1c4 or r1c8 */
      S(t, or_list(j, k));
      nonet__vt_cell(t, n, s->cells[j]);
    }
    P(t,
      "; each of them, were it %c, would rule out these candidates (by "
      "a house, a cage or a relation: a knight's or king's move, or a "
      "neighbour's digit next to %c), so whichever takes it: ",
      nonet__vt_symbol(d), nonet__vt_symbol(d));
    break;
  case NONET_VTECH_INNIES:
  case NONET_VTECH_OUTIES: {
    int in = s->technique == NONET_VTECH_INNIES;
    P(t, "The digits of ");
    units(t, s, 0, s->nbase, 1);
    P(t, " add up to %d x %d; ", s->nbase, n * (n + 1) / 2);
    S(t, in ? "the cages wholly inside take their share, so the cells "
              "inside that are in no such cage, "
            : "the cages over them hold more than that by the cells "
              "sticking out, ");
    cells(t, s->size, s->cells, k, " + ");
    P(t, ", add up to %d: ", s->sum);
    break;
  }
  case NONET_VTECH_CAGE_SPLITTING: {
    int in = k - s->cells2;
    S(t, "Only ");
    nonet__vt_unit(t, n, u + s->nbase, 1);
    S(t, " crosses the edge of ");
    units(t, s, 0, s->nbase, 1);
    S(t, ", so by the 45 rule its part inside, ");
    cells(t, n, s->cells, in, " + ");
    P(t, ", adds up to %d and its part outside, ", s->sum);
    cells(t, n, s->cells + in, s->cells2, " + ");
    P(t, ", to %d; each part's digits must fit its sum: ", s->sum2);
    break;
  }
  case NONET_VTECH_X_WING:
  case NONET_VTECH_SWORDFISH:
  case NONET_VTECH_JELLYFISH:
    S(t, "In ");
    units(t, s, 0, s->nbase, 1);
    P(t, ", %c can only go in ", nonet__vt_symbol(d));
    units(t, s, s->nbase, s->nunits - s->nbase, 1);
    P(t, ", so those hold %c only there: ", nonet__vt_symbol(d));
    break;
  case NONET_VTECH_TRIAL:
    S(t, "No logical technique applies. By trial and error (a search, not "
         "logic): placing these digits in ");
    nonet__vt_cell(t, n, s->cells[0]);
    S(t, " leaves no solution, so: ");
    break;
  case NONET_VTECH_X_CHAIN:
  case NONET_VTECH_XY_CHAIN:
  case NONET_VTECH_AIC: {
    /* the chain from its first candidate, false, each link in turn */
    int last = s->nunits - 1;
    for (int j = 0; j <= last; j++) {
      S(t, j == 0 ? "If " : j == 1 ? ", then " : ", so ");
      nonet__vt_cell(t, n, u[j].cell);
      P(t, j % 2 ? " is %c" : " is not %c", nonet__vt_symbol(u[j].index));
    }
    if (last > 0 && u[0].cell == u[last].cell && u[0].index == u[last].index) {
      S(t, ": it cannot be false, so: ");
      break;
    }
    S(t, ". So ");
    nonet__vt_cell(t, n, u[0].cell);
    P(t, " is %c or ", nonet__vt_symbol(u[0].index));
    nonet__vt_cell(t, n, u[last].cell);
    P(t, " is %c, and what sees both cannot be: ",
      nonet__vt_symbol(u[last].index));
    break;
  }
  case NONET_VTECH_FORCING_NET:
    S(t, "If ");
    nonet__vt_cell(t, n, u[0].cell);
    P(t, " were %c, ", nonet__vt_symbol(u[0].index));
    for (int j = 1; j < s->nbase; j++) {
      if (j == 1) P(t, "%s would follow: ", net_follows_words[net_follows(s)]);
      S(t, j > 1 ? ", " : "");
      int more, cells;
      net_run(s, j, &more, &cells);
      net_cells(t, s, j, cells, 1);
      j += cells;
      nonet_vunit h = net_house(&u[j]);
      if (net_elim(s, j) && h.kind == NONET_VUNIT_CAGE) {
        /* r3c2 not 5 (no digits that fit cage r4c3 put it there); r3c2
         * not 2, 5 or 7 (... put them there) */
        P(t, " not %c", nonet__vt_symbol(u[j].index));
        for (int x = 1; x <= more; x++)
          P(t, "%s%c", x == more ? " or " : ", ",
            nonet__vt_symbol(u[j + x].index));
        j += more;
        S(t, " (no digits that fit ");
        nonet__vt_unit(t, n, &h, 0);
        S(t, more ? " put them there)" : " put it there)");
      } else if (net_elim(s, j)) {
        /* r3c2 not 5 (every 5 left in row 5 sees it); r3c2 and r3c3 ...
         * sees them */
        P(t, " not %c (every %c left in ", nonet__vt_symbol(u[j].index),
          nonet__vt_symbol(u[j].index));
        nonet__vt_unit(t, n, &h, 1);
        S(t, cells ? " sees them)" : " sees it)");
      } else {
        P(t, " %c", nonet__vt_symbol(u[j].index));
      }
    }
    if (s->truncated) S(t, " and more");
    S(t, s->nbase > 1 ? "; then " : "then ");
    contradiction(t, s, 1);
    S(t, ". So: ");
    break;
  case NONET_VTECH_NAKED_PAIR:
  case NONET_VTECH_NAKED_TRIPLE:
  case NONET_VTECH_NAKED_QUAD:
    P(t, "The %d cells ", k);
    cells(t, n, s->cells, k, ", ");
    S(t, " of ");
    nonet__vt_unit(t, n, u, 1);
    S(t, " hold only the digits ");
    digits(t, s->digits, ",");
    S(t, ", so these digits go in them and nowhere else in it: ");
    break;
  default: /* hidden subsets */
    S(t, "In ");
    nonet__vt_unit(t, n, u, 1);
    S(t, ", the digits ");
    digits(t, s->digits, ",");
    S(t, " can only go in ");
    cells(t, n, s->cells, k, ", ");
    S(t, ", so those cells hold nothing else: ");
    break;
  }
  nonet__vt_conclusion(t, s, 1);
}

/* ---- nudges ----------------------------------------------------------- */

static void nudge(vl_text *t, const nonet_vstep *s) {
  switch (s->technique) {
  case NONET_VTECH_INNIES:
  case NONET_VTECH_OUTIES:
  case NONET_VTECH_CAGE_SPLITTING:
    P(t, "Look at the %s of ",
      s->technique == NONET_VTECH_INNIES   ? "innies"
      : s->technique == NONET_VTECH_OUTIES ? "outies"
                                           : "cage that crosses the edge");
    units(t, s, 0, s->nbase, 1);
    break;
  case NONET_VTECH_X_WING:
  case NONET_VTECH_SWORDFISH:
  case NONET_VTECH_JELLYFISH:
    P(t, "Look for a %s on digit %c", nonet_vstep_name(s),
      nonet__vt_symbol(first_digit(s)));
    break;
  case NONET_VTECH_TRIAL:
    S(t, "No logical step is left: only trial and error");
    break;
  case NONET_VTECH_X_CHAIN:
    P(t, "Look for an X-Chain on digit %c", nonet__vt_symbol(first_digit(s)));
    break;
  case NONET_VTECH_FORCING_NET:
    P(t, "Try %c in ", nonet__vt_symbol(first_digit(s)));
    nonet__vt_cell(t, s->size, s->units[0].cell);
    P(t, " and follow the %s it forces", net_follows_words[net_follows(s)]);
    break;
  case NONET_VTECH_XY_CHAIN:
  case NONET_VTECH_AIC:
    P(t, "Look for %s starting at ",
      s->technique == NONET_VTECH_AIC
          ? "a chain of strong and weak links (an AIC)"
          : "an XY-Chain");
    nonet__vt_unit(t, s->size, &s->units[0], 1);
    break;
  case NONET_VTECH_RELATION_POINTING:
    if (!s->nunits) {
      S(t, "Look at the candidates of ");
      nonet__vt_cell(t, s->size, s->cells[0]);
      S(t, " and its neighbours");
      break;
    }
    /* fall through */
  default:
    P(t, "Look for a %s in ", nonet_vstep_name(s));
    nonet__vt_unit(t, s->size, &s->units[0], 1);
  }
  S(t, ".");
}

const char *nonet_vstep_name(const nonet_vstep *s) {
  return s ? nonet_vtech_name((nonet_vtech)s->technique) : "?";
}

size_t nonet_vstep_text(const nonet_vstep *s, nonet_text_style style, char *buf,
                        size_t cap) {
  vl_text t = {buf, buf ? cap : 0, 0};
  if (t.cap) buf[0] = 0;
  if (!nonet__vl_step_ok(s)) return 0;
  switch (style) {
  case NONET_TEXT_WORDS:
    words(&t, s);
    break;
  case NONET_TEXT_NUDGE:
    nudge(&t, s);
    break;
  default: /* notation, or the pattern alone */
    P(&t, "%s: ", nonet_vstep_name(s));
    pattern(&t, s, style == NONET_TEXT_PATTERN);
    if (style != NONET_TEXT_PATTERN &&
        s->technique > NONET_VTECH_HIDDEN_SINGLE) {
      S(&t, " => ");
      nonet__vt_conclusion(&t, s, 0);
    }
    break;
  }
  return t.len;
}

size_t nonet_vlogic_format_grid(const nonet_vlogic_state *s, char *buf,
                                size_t cap) {
  vl_text t = {buf, buf ? cap : 0, 0};
  if (t.cap) buf[0] = 0;
  if (!s || !s->variant) return 0;
  int n = s->size, br = 0, bc = 0, width[VL_MAXN] = {0};
  nonet_variant_box(s->variant, &br, &bc);
  for (int i = 0; i < n * n; i++) {
    int w = s->cells[i] ? 1 : vl_pop(s->cand[i]);
    if (w > width[i % n]) width[i % n] = w;
  }
  for (int r = 0; r < n; r++) {
    if (r) S(&t, "\n");
    if (r && br && r % br == 0) { /* a rule between bands of boxes */
      for (int c = 0; c < n; c++)
        P(&t, "%s%.*s",
          c && c % bc == 0 ? "-+-"
          : c              ? "-"
                           : "",
          width[c], "-------------------------");
      S(&t, "\n");
    }
    for (int c = 0; c < n; c++) {
      int i = r * n + c;
      S(&t, c && bc && c % bc == 0 ? " | " : c ? " " : "");
      if (s->cells[i])
        P(&t, "%-*c", width[c], nonet__vt_symbol(s->cells[i]));
      else {
        digits(&t, s->cand[i], "");
        P(&t, "%*s", width[c] - vl_pop(s->cand[i]), "");
      }
    }
  }
  return t.len;
}
