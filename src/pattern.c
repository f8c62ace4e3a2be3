/* pattern.c: patterns of givens: reading them, and finding a puzzle
 * whose givens are exactly a pattern's cells.
 *
 * The search keeps a solution grid G and scores it by the number of
 * solutions (up to a limit) of G restricted to the pattern. A move frees
 * one to three pattern cells and takes a random other solution of what
 * is left, which changes G on at least one pattern cell; moves that do
 * not make the count worse are kept. */
#include <stdio.h>
#include <string.h>

#include "gen.h"
#include "solver.h"

/* ---- reading ------------------------------------------------------------ */

static int is_sep(char ch) {
  return ch == ' ' || ch == '\t' || ch == '|' || ch == ',' || ch == '\r';
}
static int is_rule(char ch) {
  return ch == '-' || ch == '+' || ch == '=' || ch == '|' || ch == ' ' ||
         ch == '\t' || ch == '\r';
}

static int perr(char *err, size_t cap, unsigned long line, const char *what,
                int a, int b) {
  if (err && cap) {
    char msg[120];
    snprintf(msg, sizeof msg, what, a, b);
    if (line)
      snprintf(err, cap, "line %lu: %s", line, msg);
    else
      snprintf(err, cap, "%s", msg);
  }
  return NONET_EPARSE;
}

int nonet_pattern_parse(const char *text, size_t len, uint8_t mask[81],
                        char *err, size_t errcap) {
  if (!text || !mask) return perr(err, errcap, 0, "no pattern", 0, 0);
  int rows = 0;
  unsigned long line = 0;
  size_t pos = 0;
  while (pos < len) {
    size_t end = pos;
    while (end < len && text[end] != '\n') end++;
    line++;
    const char *s = text + pos;
    size_t n = end - pos;
    pos = end + 1;
    /* skip blank, comment and rule lines */
    size_t k = 0;
    while (k < n && (s[k] == ' ' || s[k] == '\t' || s[k] == '\r')) k++;
    if (k == n || s[k] == '#') continue;
    int rule = 1;
    for (size_t t = 0; t < n && rule; t++) rule = is_rule(s[t]);
    if (rule) continue;
    if (rows == 9)
      return perr(err, errcap, line, "more than 9 rows", 0, 0);
    uint8_t row[81];
    int cells = 0;
    for (size_t t = 0; t < n; t++) {
      char ch = s[t];
      if (is_sep(ch)) continue;
      int v;
      if (ch == 'x' || ch == 'X' || (ch >= '1' && ch <= '9'))
        v = 1;
      else if (ch == '.' || ch == '0')
        v = 0;
      else if ((unsigned char)ch >= 32 && (unsigned char)ch < 127)
        return perr(err, errcap, line,
                    "'%c' at column %d is not a pattern cell (x or 1 for a "
                    "given, . or 0 for empty)",
                    ch, (int)t + 1);
      else
        return perr(err, errcap, line,
                    "byte %d at column %d is not a pattern cell (x or 1 for "
                    "a given, . or 0 for empty)",
                    (unsigned char)ch, (int)t + 1);
      if (cells == 81)
        return perr(err, errcap, line, "more than 81 cells on one line", 0,
                    0);
      row[cells++] = (uint8_t)v;
    }
    if (cells == 81 && rows == 0) {
      memcpy(mask, row, 81);
      rows = 9;
      continue;
    }
    if (cells != 9)
      return perr(err, errcap, line,
                  "%d cells in a row; a pattern row has 9 (or one line of "
                  "81)",
                  cells, 0);
    memcpy(mask + 9 * rows++, row, 9);
  }
  if (rows < 9)
    return perr(err, errcap, 0,
                rows ? "only %d rows; a pattern has 9" : "no pattern rows",
                rows, 0);
  return NONET_OK;
}

/* ---- searching ---------------------------------------------------------- */

enum {
  PATTERN_GRIDS = 24,  /* fresh random grids tried first */
  PATTERN_MOVES = 600, /* then local-search moves, per job */
  PATTERN_LIMIT = 24   /* solutions counted to score a grid */
};

/* Scores grid G: the number of solutions of G on the pattern (up to the
 * limit); a unique puzzle that is not minimal when it must be scores 2. */
static long score(nonet__gen *g, const uint8_t *pc, int n,
                  const uint8_t grid[81], nonet__puz *p) {
  nonet__puz_init(p, grid, 0);
  for (int t = 0; t < n; t++) nonet__puz_add(p, pc[t]);
  g->n.solver_calls++;
  long c = nonet__solve(p->cell, NULL, PATTERN_LIMIT, NULL);
  if (c == 1 && g->opt->minimal && !nonet__is_minimal(g, p)) c = 2;
  return c;
}

long nonet__pattern_job(nonet__gen *g, uint64_t job, nonet_gen_emit_fn emit,
                        void *ctx) {
  uint8_t pc[81], grid[81], best[81];
  int n = 0;
  for (int i = 0; i < 81; i++)
    if (g->opt->pattern[i]) pc[n++] = (uint8_t)i;
  nonet__puz p;
  long best_count = PATTERN_LIMIT + 1;
  for (int t = 0; t < PATTERN_GRIDS; t++) {
    if (nonet__gen_should_stop(g)) return 0;
    nonet__random_grid(g, grid);
    long c = score(g, pc, n, grid, &p);
    if (c == 1) return nonet__gen_emit(g, &p, job, emit, ctx);
    if (c < best_count) {
      best_count = c;
      memcpy(best, grid, 81);
    }
  }
  uint16_t allowed[81];
  for (int m = 0; m < PATTERN_MOVES; m++) {
    if (nonet__gen_should_stop(g)) return 0;
    g->n.pool_moves++;
    for (int i = 0; i < 81; i++) allowed[i] = 0x1ff;
    for (int t = 0; t < n; t++)
      allowed[pc[t]] = (uint16_t)(1u << (best[pc[t]] - 1));
    /* free 1..3 pattern cells; the first must change */
    int k = 1 + (int)nonet_rng_below(&g->rng, 3);
    for (int t = 0; t < k; t++) {
      int c = pc[nonet_rng_below(&g->rng, (uint32_t)n)];
      allowed[c] = t == 0 ? (uint16_t)(0x1ff & ~allowed[c]) : 0x1ff;
    }
    if (!nonet__random_solution(g, allowed, grid)) continue;
    long c = score(g, pc, n, grid, &p);
    if (c == 1) return nonet__gen_emit(g, &p, job, emit, ctx);
    /* sideways moves keep the search from sticking; rarely a worse one */
    if (c <= best_count || nonet_rng_below(&g->rng, 16) == 0) {
      best_count = c;
      memcpy(best, grid, 81);
    }
  }
  return 0;
}
