/* se_templates.c: the placements of one digit that respect the rules for
 * that digit alone (one per row, column and box, on its candidates and
 * where it is placed): which cells lie in some of them and which in all.
 *
 * Nishio forcing chains follow one digit's links and derive only what
 * every such placement containing (or avoiding) the start satisfies: a
 * candidate in some placement cannot lead to a contradiction when assumed
 * on, one outside some placement cannot when assumed off. */
#include "se.h"

typedef struct tp_ctx {
  uint16_t row[9];  /* candidate columns of the digit per row */
  uint8_t col[9];   /* the column taken in each row so far */
  uint16_t some[9]; /* per row: columns in some placement */
  uint16_t all[9];  /* per row: columns in every placement */
  uint16_t cand[9]; /* per row: columns where d is a candidate */
  int found, budget, done;
} tp_ctx;

/* Returns 0 to stop: out of budget, or nothing more to learn. */
static int dfs(tp_ctx *t, int r, unsigned cols, unsigned boxes) {
  if (--t->budget < 0) return 0;
  if (r == 9) {
    for (int i = 0; i < 9; i++) {
      uint16_t bit = (uint16_t)(1u << t->col[i]);
      t->some[i] |= bit;
      t->all[i] = t->found ? (uint16_t)(t->all[i] & bit) : bit;
    }
    t->found = 1;
    /* every candidate in some placement and none in all: final */
    for (int i = 0; i < 9; i++)
      if (t->some[i] != t->row[i] || (t->all[i] & t->cand[i])) return 1;
    t->done = 1;
    return 0;
  }
  for (unsigned m = t->row[r] & ~cols; m; m &= m - 1) {
    int c = nn_ctz(m), b = r / 3 * 3 + c / 3;
    if (boxes >> b & 1) continue;
    t->col[r] = (uint8_t)c;
    if (!dfs(t, r + 1, cols | 1u << c, boxes | 1u << b)) return 0;
  }
  return 1;
}

/* Fills `some` and `all` (cells) for digit d and returns 1; returns 0
 * when it gave up (too many placements to list) or found none. */
int nonet__se_templates(const se_grid *g, int d, nn_bb *some, nn_bb *all) {
  tp_ctx t;
  memset(&t, 0, sizeof t);
  for (int r = 0; r < 9; r++) {
    t.row[r] = t.cand[r] = g->pos[SE_ROW + r][d];
    for (int c = 0; c < 9; c++)
      if (g->val[r * 9 + c] == d + 1) t.row[r] |= (uint16_t)(1u << c);
  }
  t.budget = 3000;
  if ((!dfs(&t, 0, 0, 0) && !t.done) || !t.found) return 0;
  some->lo = some->hi = all->lo = all->hi = 0;
  for (int r = 0; r < 9; r++)
    for (int c = 0; c < 9; c++) {
      if (t.some[r] >> c & 1) bb_set(some, r * 9 + c);
      if (t.all[r] >> c & 1) bb_set(all, r * 9 + c);
    }
  return 1;
}
