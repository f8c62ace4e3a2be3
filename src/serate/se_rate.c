/* se_rate.c: the rating loop (SE's Solver.getDifficulty) and the public
 * nonet_rate.
 *
 * At each step every producer is asked in SE's order and the first hint
 * found is applied. ER is the largest difficulty met, EP the largest up
 * to and including the first step that places a digit, ED the first
 * step's. */
#include <stdio.h>
#include <stdlib.h>

#include "nonet.h"
#include "se.h"
#include "se_chain.h"

typedef struct first_acc {
  se_acc acc;
  se_hint *out;
} first_acc;

static int take_first(se_acc *acc, const se_hint *h) {
  *((first_acc *)acc)->out = *h;
  return 1;
}

/* The subset and fish producers that remember where they found nothing
 * (se_memo): per slot, the producer and its size. */
enum { MEMO_HIDDEN, MEMO_DIRECT_HIDDEN, MEMO_NAKED, MEMO_FISH };
static const uint8_t memo_kind[SE_MEMO_SLOTS][2] = {
    {MEMO_DIRECT_HIDDEN, 2}, {MEMO_DIRECT_HIDDEN, 3}, {MEMO_NAKED, 2},
    {MEMO_FISH, 2},          {MEMO_HIDDEN, 2},        {MEMO_NAKED, 3},
    {MEMO_FISH, 3},          {MEMO_HIDDEN, 3},        {MEMO_NAKED, 4},
    {MEMO_FISH, 4},          {MEMO_HIDDEN, 4}};

/* Runs the producer of a memo slot, looking only where the grid changed
 * since it last found nothing. */
static int memo_run(se_memo *m, int slot, const se_grid *g, se_acc *a) {
  uint32_t units;
  unsigned digits;
  int kind = memo_kind[slot][0], degree = memo_kind[slot][1], r;
  nonet__se_memo_changes(m, slot, g, &units, &digits);
  if (kind == MEMO_NAKED)
    r = nonet__se_naked_set_in(g, degree, units, a);
  else if (kind == MEMO_FISH)
    r = nonet__se_fish_in(g, degree, digits, a);
  else
    r = nonet__se_hidden_set_in(g, degree, kind == MEMO_DIRECT_HIDDEN, units,
                                a);
  nonet__se_memo_done(m, slot, g, r);
  return r;
}

/* The producers up to (not including) unique rectangles, then the rest:
 * a path that ends with the first ones only is a proof that the puzzle has
 * one solution, so the solver needs to confirm it only when the path goes
 * further. The accumulator stops at the first hint, so a producer that
 * returns 0 found nothing (what the memo needs). */
static int easy_hint(se_chain_ctx *cx, const se_grid *g, se_hint *out) {
  first_acc fa = {{take_first, NULL}, out};
  se_acc *a = &fa.acc;
  se_memo *m = nonet__se_chain_memo(cx);
  return nonet__se_hidden_single(g, a) || nonet__se_locking(g, 1, a) ||
         memo_run(m, 0, g, a) || nonet__se_naked_single(g, a) ||
         memo_run(m, 1, g, a) || nonet__se_locking(g, 0, a) ||
         memo_run(m, 2, g, a) || memo_run(m, 3, g, a) || memo_run(m, 4, g, a) ||
         memo_run(m, 5, g, a) || memo_run(m, 6, g, a) || memo_run(m, 7, g, a) ||
         nonet__se_xy_wing(g, 0, a) || nonet__se_xy_wing(g, 1, a);
}

static int hard_hint(se_chain_ctx *cx, const se_grid *g, se_hint *out) {
  first_acc fa = {{take_first, NULL}, out};
  se_acc *a = &fa.acc;
  se_memo *m = nonet__se_chain_memo(cx);
  if (nonet__se_unique_loops_cached(nonet__se_chain_ul(cx), g, a) ||
      memo_run(m, 8, g, a) || memo_run(m, 9, g, a) || memo_run(m, 10, g, a) ||
      nonet__se_bug(g, a) ||
      nonet__se_ape_cached(nonet__se_chain_ape(cx), g, a))
    return 1;
  return nonet__se_chains(cx, g, out);
}

/* Asks the producers in SE's order; returns 1 with the first hint. */
int nonet__se_next_hint(se_chain_ctx *cx, const se_grid *g, se_hint *out) {
  return easy_hint(cx, g, out) || hard_hint(cx, g, out);
}

/* SE prints a difficulty d as (int)((d + 0.05) * 10) tenths. */
static int tenths(double d) { return (int)((d + 0.05) * 10); }

/* Rates a puzzle whose givens do not conflict. `unique` is 1 when the
 * puzzle is known to have one solution, 0 when that is still to be
 * checked (then NONET_EINVAL is returned if it has not). */
static int rate_grid(se_chain_ctx *cx, const uint8_t puzzle[81], int unique,
                     nonet_rating *out) {
  se_grid g;
  if (nonet__se_grid_init(&g, puzzle))
    return NONET_EINVAL; /* conflicting givens */
  double er = -1.0, ep = 0.0, ed = 0.0;
  se_hint h, hardest;
  int steps = 0;
  se_hint_clear(&hardest);
  for (;;) {
    int solved = 1;
    for (int r = SE_ROW; r < SE_ROW + 9; r++)
      if (g.empty[r]) solved = 0;
    if (solved) break;
    int found = easy_hint(cx, &g, &h);
    if (!found && !nonet__se_chain_nomem(cx)) {
      if (!unique) {
        if (nonet_solve(puzzle, NULL, 2, NULL) != 1) return NONET_EINVAL;
        unique = 1;
      }
      found = hard_hint(cx, &g, &h);
    }
    /* a producer that ran out of memory may have missed its hint: never
     * a rating then */
    if (nonet__se_chain_nomem(cx)) return NONET_ENOMEM;
    if (!found) {
      er = 20.0;
      break;
    }
    steps++;
    if (h.diff > er) {
      er = h.diff;
      hardest = h;
    }
    nonet__se_apply(&g, &h);
    if (ep == 0.0) {
      if (ed == 0.0) ed = er;
      if (h.cell >= 0) ep = er;
    }
  }
  memset(out, 0, sizeof *out);
  out->er = er < 0 ? 0 : tenths(er);
  out->ep = tenths(ep);
  out->ed = tenths(ed);
  out->level = nonet_rating_level_of(out->er);
  out->steps = steps;
  if (er >= 20.0)
    snprintf(out->technique, sizeof out->technique, "%s", "unsolved");
  else if (steps)
    nonet__se_hint_name(&hardest, out->technique, sizeof out->technique);
  return NONET_OK;
}

int nonet__se_rate_grid(se_chain_ctx *cx, const uint8_t puzzle[81],
                        nonet_rating *out) {
  return rate_grid(cx, puzzle, 1, out);
}

int nonet_rate(const uint8_t puzzle[81], nonet_rating *out) {
  if (!puzzle || !out || !nonet_grid_is_valid(puzzle)) return NONET_EINVAL;
  se_chain_ctx *cx = nonet__se_chain_new();
  if (!cx) return NONET_ENOMEM;
  /* the easy techniques only make sound deductions: a path they complete
   * proves the solution unique; otherwise the solver checks it */
  int r = rate_grid(cx, puzzle, 0, out);
  nonet__se_chain_free(cx);
  return r;
}

nonet_level nonet_rating_level_of(int er) {
  if (er < 20) return NONET_LEVEL_EASY;
  if (er < 30) return NONET_LEVEL_MEDIUM;
  if (er < 50) return NONET_LEVEL_HARD;
  if (er < 70) return NONET_LEVEL_EXPERT;
  return NONET_LEVEL_EXTREME;
}
