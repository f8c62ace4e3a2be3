/* unavoidable.c: small unavoidable sets of a solution grid, found
 * without search.
 *
 * An unavoidable set is a set of cells whose digits can be rearranged
 * into another valid grid; a puzzle with one solution must give at least
 * one of its cells. So when every given of such a set but one is gone,
 * that one is needed, and the generator skips a solver call. Two kinds
 * are cheap to find:
 * - for two digits a and b, the cells holding them split into groups
 *   closed under "the other digit of my row, my column, my box"; swapping
 *   a and b inside one group keeps the grid valid;
 * - for two columns of one stack (or two rows of one band), the rows
 *   split into cycles of the map "my digit in the second column is in the
 *   first column at row r'"; swapping the two columns' digits along one
 *   cycle keeps rows, columns and boxes valid. */
#include <string.h>

#include "core/bits.h"
#include "gen.h"

enum { MAX_SIZE = 12 }; /* bigger sets rarely lose all but one given */

static void add_set(nonet__usets *u, const uint8_t *cells, int n) {
  if (n > MAX_SIZE || u->n >= NONET__USETS_MAX) return;
  nn_bb set = NN_BB_EMPTY;
  for (int k = 0; k < n; k++) bb_set(&set, cells[k]);
  if (n == 4) /* the only size both kinds find often */
    for (int s = 0; s < u->n; s++)
      if (bb_eq(u->set[s], set)) return;
  int s = u->n++;
  u->set[s] = set;
  for (int k = 0; k < n; k++) {
    int c = cells[k];
    if (u->count[c] < NONET__USETS_PER_CELL)
      u->list[c][u->count[c]++] = (uint8_t)s;
  }
}

static int find_root(uint8_t *parent, int x) {
  while (parent[x] != x) x = parent[x] = parent[parent[x]];
  return x;
}

static void unite(uint8_t *parent, int x, int y) {
  x = find_root(parent, x);
  y = find_root(parent, y);
  if (x != y) parent[x] = (uint8_t)y;
}

void nonet__usets_find(nonet__usets *u, const uint8_t grid[81]) {
  u->n = 0;
  memset(u->count, 0, sizeof u->count);
  /* where each digit is: by row (its column) */
  uint8_t at_row[9][10], at_col[9][10];
  for (int i = 0; i < 81; i++) {
    at_row[nn_row(i)][grid[i]] = (uint8_t)nn_col(i);
    at_col[nn_col(i)][grid[i]] = (uint8_t)nn_row(i);
  }
  /* digit pairs: rows linked through columns form cycles (a in row r,
   * b beside it, the a of b's column in row r', ...); a box holding
   * the a of one cycle and the b of another joins them */
  for (int a = 1; a <= 9; a++)
    for (int b = a + 1; b <= 9; b++) {
      uint8_t cyc[9], parent[9];
      int ncyc = 0;
      memset(cyc, 0xff, sizeof cyc);
      for (int r0 = 0; r0 < 9; r0++) {
        if (cyc[r0] != 0xff) continue;
        parent[ncyc] = (uint8_t)ncyc;
        for (int r = r0; cyc[r] == 0xff;) {
          cyc[r] = (uint8_t)ncyc;
          r = at_col[at_row[r][b]][a];
        }
        ncyc++;
      }
      if (ncyc == 1) continue; /* all 18 cells: too big to help */
      for (int band = 0; band < 9; band += 3) {
        /* the row of the band holding a (b) in each stack */
        int ra[3], rb[3];
        for (int r = band; r < band + 3; r++) {
          ra[at_row[r][a] / 3] = r;
          rb[at_row[r][b] / 3] = r;
        }
        for (int st = 0; st < 3; st++) unite(parent, cyc[ra[st]], cyc[rb[st]]);
      }
      uint8_t root[9], rows[9];
      int nroot = 0;
      for (int r = 0; r < 9; r++) {
        root[r] = (uint8_t)find_root(parent, cyc[r]);
        rows[root[r]] = 0;
      }
      for (int r = 0; r < 9; r++) rows[root[r]]++;
      for (int k = 0; k < ncyc; k++) nroot += parent[k] == k;
      if (nroot == 1) continue;
      for (int k = 0; k < ncyc; k++) {
        if (parent[k] != k || 2 * rows[k] > MAX_SIZE) continue;
        uint8_t set[18];
        int m = 0;
        for (int r = 0; r < 9; r++)
          if (root[r] == k) {
            set[m++] = (uint8_t)(r * 9 + at_row[r][a]);
            set[m++] = (uint8_t)(r * 9 + at_row[r][b]);
          }
        add_set(u, set, m);
      }
    }
  /* two columns of a stack (or rows of a band): swapping their digits
   * along a cycle of rows keeps rows, columns and boxes valid */
  for (int tr = 0; tr < 2; tr++)
    for (int x = 0; x < 9; x++)
      for (int y = x + 1; y < x / 3 * 3 + 3; y++) {
        int used[9] = {0};
        for (int r0 = 0; r0 < 9; r0++) {
          if (used[r0]) continue;
          uint8_t set[18];
          int m = 0;
          for (int r = r0; !used[r];) {
            used[r] = 1;
            int i1 = tr ? x * 9 + r : r * 9 + x,
                i2 = tr ? y * 9 + r : r * 9 + y;
            set[m++] = (uint8_t)i1;
            set[m++] = (uint8_t)i2;
            /* the row where the first line holds the digit of i2 */
            r = tr ? at_row[x][grid[i2]] : at_col[x][grid[i2]];
          }
          add_set(u, set, m);
        }
      }
}
