/* pattern.c: patterns of givens: reading them, and finding a puzzle
 * whose givens are exactly a pattern's cells.
 *
 * The search keeps a solution grid G and scores it by the number of
 * solutions (up to a limit) of G restricted to the pattern. A move frees
 * a given and up to two of its peers and takes a random other solution
 * of what is left, which changes G on that given; moves that do not make
 * the count worse are kept. The given to change is one that is not
 * needed (when the puzzle is unique but not minimal), or one that sees a
 * cell where another solution differs from G. */
#include <stdio.h>
#include <string.h>

#include "gen.h"
#include "solver/solver.h"

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
    if (rows == 9) return perr(err, errcap, line, "more than 9 rows", 0, 0);
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
        return perr(err, errcap, line, "more than 81 cells on one line", 0, 0);
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

/* How far grid G is from giving a puzzle on the pattern. */
typedef struct verdict {
  long count; /* solutions of G on the pattern, up to the limit; a
                 unique puzzle that is not minimal when it must be
                 counts 2 */
  int focus;  /* -1, or a cell the next move should change: a
                 redundant given, or a cell next to where another
                 solution differs from G */
} verdict;

static int is_peer(int a, int b) {
  return a / 9 == b / 9 || a % 9 == b % 9 ||
         (a / 27 == b / 27 && a % 9 / 3 == b % 9 / 3);
}

static verdict judge(nonet__gen *g, const uint8_t *pc, int n,
                     const uint8_t grid[81], nonet__puz *p) {
  verdict v = {0, -1};
  nonet__puz_init(p, grid, 0);
  for (int t = 0; t < n; t++) nonet__puz_add(p, pc[t]);
  g->n.solver_calls++;
  v.count = nonet__solve(p->cell, NULL, PATTERN_LIMIT, NULL);
  if (v.count == 1) {
    if (g->opt->minimal)
      for (int k = 0; k < g->orb.n; k++)
        if (p->cell[g->orb.cells[k][0]] &&
            !nonet__orbit_needed(g, p, k, NULL, NULL)) {
          v.count = 2;
          v.focus = g->orb.cells[k][0];
          break;
        }
    return v;
  }
  /* another solution shows where the givens leave room: change a given
   * that sees one of the cells where it differs */
  uint16_t allowed[81];
  uint8_t alt[81];
  for (int i = 0; i < 81; i++)
    allowed[i] = p->cell[i] ? (uint16_t)(1u << (p->cell[i] - 1)) : 0x1ff;
  if (v.count > 1 && nonet__random_solution(g, allowed, alt) &&
      memcmp(alt, grid, 81) != 0) {
    uint8_t d[81], near[81];
    int nd = 0, nn = 0;
    for (int i = 0; i < 81; i++)
      if (alt[i] != grid[i]) d[nd++] = (uint8_t)i;
    int y = d[nonet_rng_below(&g->rng, (uint32_t)nd)];
    for (int t = 0; t < n; t++)
      if (is_peer(pc[t], y)) near[nn++] = pc[t];
    if (nn) v.focus = near[nonet_rng_below(&g->rng, (uint32_t)nn)];
  }
  return v;
}

long nonet__pattern_job(nonet__gen *g, uint64_t job, nonet_gen_emit_fn emit,
                        void *ctx) {
  uint8_t pc[81], grid[81], best[81];
  int n = 0;
  for (int i = 0; i < 81; i++)
    if (g->opt->pattern[i]) pc[n++] = (uint8_t)i;
  nonet__puz p;
  verdict cur = {PATTERN_LIMIT + 1, -1};
  for (int t = 0; t < PATTERN_GRIDS; t++) {
    if (nonet__gen_should_stop(g)) return 0;
    nonet__random_grid(g, grid);
    verdict v = judge(g, pc, n, grid, &p);
    if (v.count == 1) return nonet__gen_emit(g, &p, job, emit, ctx);
    if (v.count < cur.count) {
      cur = v;
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
    /* change the focus cell (or a random given), and free up to two
     * givens among its peers */
    int c0 =
        cur.focus >= 0 ? cur.focus : pc[nonet_rng_below(&g->rng, (uint32_t)n)];
    allowed[c0] = (uint16_t)(0x1ff & ~allowed[c0]);
    int k = (int)nonet_rng_below(&g->rng, 3);
    for (int t = 0; t < k; t++) {
      int c = pc[nonet_rng_below(&g->rng, (uint32_t)n)];
      if (c != c0 && is_peer(c, c0)) allowed[c] = 0x1ff;
    }
    if (!nonet__random_solution(g, allowed, grid)) {
      cur.focus = -1;
      continue;
    }
    verdict v = judge(g, pc, n, grid, &p);
    if (v.count == 1) return nonet__gen_emit(g, &p, job, emit, ctx);
    /* sideways moves keep the search from sticking; rarely a worse one */
    if (v.count <= cur.count || nonet_rng_below(&g->rng, 16) == 0) {
      cur = v;
      memcpy(best, grid, 81);
    } else {
      cur.focus = -1;
    }
  }
  return 0;
}
