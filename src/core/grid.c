/* grid.c: queries on a plain grid: validity, candidates, placement
 * checks, conflicts, solution checks; version and error strings. */
#include <stdio.h>
#include <string.h>

#include "bits.h"
#include "nonet.h"

const char *nonet_version(void) { return NONET_VERSION_STRING; }

const char *nonet_strerror(int status) {
  switch (status) {
  case NONET_OK:
    return "success";
  case NONET_EINVAL:
    return "invalid argument";
  case NONET_EPARSE:
    return "malformed puzzle";
  case NONET_ECONFLICT:
    return "the givens break a rule";
  case NONET_ENOMEM:
    return "out of memory";
  case NONET_EIO:
    return "input/output error";
  case NONET_ERANGE:
    return "buffer too small";
  case NONET_ESTOPPED:
    return "stopped before the search ended";
  case NONET_ENOGRID:
    return "no grid keeps these rules";
  default:
    return "unknown error";
  }
}

int nonet_grid_is_valid(const uint8_t cells[81]) {
  if (!cells) return 0;
  for (int i = 0; i < 81; i++)
    if (cells[i] > 9) return 0;
  return 1;
}

int nonet_grid_count_givens(const uint8_t cells[81]) {
  int n = 0;
  for (int i = 0; i < 81; i++) n += cells[i] != 0;
  return n;
}

/* Digits seen by cell (row, col) among its peers, the cell excluded. */
static nonet_mask seen_by(const uint8_t cells[81], int row, int col) {
  nonet_mask m = 0;
  int self = row * 9 + col, b = nn_box(self);
  for (int k = 0; k < 9; k++) {
    int peers[3] = {nn_row_cell(row, k), nn_col_cell(col, k),
                    nn_box_cell(b, k)};
    for (int p = 0; p < 3; p++) {
      int v = cells[peers[p]];
      if (peers[p] != self && v >= 1 && v <= 9)
        m |= (nonet_mask)(1u << (v - 1));
    }
  }
  return m;
}

nonet_mask nonet_candidates(const uint8_t cells[81], int row, int col) {
  if (!cells || row < 0 || row > 8 || col < 0 || col > 8) return 0;
  return (nonet_mask)(NONET_ALL_DIGITS & ~seen_by(cells, row, col));
}

int nonet_can_place(const uint8_t cells[81], int row, int col, int digit) {
  if (!cells || row < 0 || row > 8 || col < 0 || col > 8 || digit < 1 ||
      digit > 9)
    return NONET_EINVAL;
  return !(seen_by(cells, row, col) >> (digit - 1) & 1);
}

int nonet_find_conflicts(const uint8_t cells[81], nonet_conflict *out,
                         size_t cap) {
  if (!cells || (!out && cap)) return NONET_EINVAL;
  if (!nonet_grid_is_valid(cells)) return NONET_EINVAL;
  int total = 0;
  for (int u = 0; u < 27; u++) {
    uint8_t where[10][9];
    uint8_t n[10] = {0};
    for (int k = 0; k < 9; k++) {
      int i = nn_unit_cell(u, k), v = cells[i];
      if (v) where[v][n[v]++] = (uint8_t)i;
    }
    for (int d = 1; d <= 9; d++) {
      if (n[d] < 2) continue;
      if ((size_t)total < cap) {
        nonet_conflict *c = &out[total];
        memset(c, 0, sizeof *c);
        c->kind = (uint8_t)(u / 9);
        c->unit = (uint8_t)(u % 9);
        c->digit = (uint8_t)d;
        c->count = n[d];
        memcpy(c->cells, where[d], n[d]);
      }
      total++;
    }
  }
  return total;
}

size_t nonet_conflict_describe(const nonet_conflict *c, char *buf, size_t cap) {
  static const char *kinds[] = {"row", "column", "box"};
  static const char *counts[] = {"",     "one", "two",   "three", "four",
                                 "five", "six", "seven", "eight", "nine"};
  char tmp[160];
  size_t len = 0;
  if (!c || c->kind > 2 || c->count > 9 || c->digit < 1 || c->digit > 9) {
    len = (size_t)snprintf(tmp, sizeof tmp, "invalid conflict");
  } else {
    len =
        (size_t)snprintf(tmp, sizeof tmp, "%s %d has %s %ds (", kinds[c->kind],
                         c->unit + 1, counts[c->count], c->digit);
    for (int k = 0; k < c->count; k++)
      len += (size_t)snprintf(tmp + len, sizeof tmp - len, "%sr%dc%d",
                              k ? ", " : "", c->cells[k] / 9 + 1,
                              c->cells[k] % 9 + 1);
    len += (size_t)snprintf(tmp + len, sizeof tmp - len, ")");
  }
  if (buf && cap) {
    size_t n = len < cap - 1 ? len : cap - 1;
    memcpy(buf, tmp, n);
    buf[n] = 0;
  }
  return len;
}

int nonet_is_solution(const uint8_t puzzle[81], const uint8_t solution[81]) {
  if (!solution) return 0;
  for (int i = 0; i < 81; i++) {
    if (solution[i] < 1 || solution[i] > 9) return 0;
    if (puzzle && puzzle[i] && puzzle[i] != solution[i]) return 0;
  }
  for (int u = 0; u < 27; u++) {
    unsigned seen = 0;
    for (int k = 0; k < 9; k++) seen |= 1u << solution[nn_unit_cell(u, k)];
    if (seen != 0x3feu) return 0;
  }
  return 1;
}
