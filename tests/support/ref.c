/* ref.c: see ref.h. Deliberately simple and separate from the library. */
#include "ref.h"
#include "dlx.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef NONET_DATA_DIR
#define NONET_DATA_DIR "../shared/data"
#endif

int ref_is_solution(const uint8_t *puzzle, const uint8_t *sol) {
  for (int i = 0; i < 81; i++) {
    if (sol[i] < 1 || sol[i] > 9) return 0;
    if (puzzle && puzzle[i] && puzzle[i] != sol[i]) return 0;
  }
  for (int a = 0; a < 81; a++)
    for (int b = a + 1; b < 81; b++) {
      int same_row = a / 9 == b / 9, same_col = a % 9 == b % 9;
      int same_box = (a / 27 == b / 27) && ((a % 9) / 3 == (b % 9) / 3);
      if ((same_row || same_col || same_box) && sol[a] == sol[b]) return 0;
    }
  return 1;
}

/* ---- Dancing Links -------------------------------------------------- */
#define NCOL 324
#define NROW 729
#define NNODE (NCOL + 1 + NROW * 4)

typedef struct {
  int L[NNODE], R[NNODE], U[NNODE], D[NNODE], C[NNODE], row[NNODE];
  int size[NCOL + 1];
  int stack[81];
  long found, limit;
  uint8_t *first;
  uint8_t base[81];
} dlx;

static void cover(dlx *x, int c) {
  dlx_links l = {x->L, x->R, x->U, x->D, x->C, x->size};
  dlx_cover(&l, c);
}

static void uncover(dlx *x, int c) {
  dlx_links l = {x->L, x->R, x->U, x->D, x->C, x->size};
  dlx_uncover(&l, c);
}

static void search(dlx *x, int k) {
  if (x->found >= x->limit) return;
  int h = NCOL;
  if (x->R[h] == h) {
    if (x->found == 0 && x->first) {
      memcpy(x->first, x->base, 81);
      for (int t = 0; t < k; t++) {
        int r = x->stack[t];
        x->first[r / 9] = (uint8_t)(r % 9 + 1);
      }
    }
    x->found++;
    return;
  }
  int c = x->R[h], best = c;
  for (; c != h; c = x->R[c])
    if (x->size[c] < x->size[best]) best = c;
  c = best;
  if (x->size[c] == 0) return;
  cover(x, c);
  for (int r = x->D[c]; r != c; r = x->D[r]) {
    x->stack[k] = x->row[r];
    for (int j = x->R[r]; j != r; j = x->R[j]) cover(x, x->C[j]);
    search(x, k + 1);
    for (int j = x->L[r]; j != r; j = x->L[j]) uncover(x, x->C[j]);
    if (x->found >= x->limit) break;
  }
  uncover(x, c);
}

long ref_count(const uint8_t puzzle[81], long limit, uint8_t *first) {
  dlx *x = calloc(1, sizeof *x);
  if (!x) abort();
  int h = NCOL;
  for (int c = 0; c <= NCOL; c++) {
    x->L[c] = c == 0 ? h : c - 1;
    x->R[c] = c == h ? 0 : c + 1;
    x->U[c] = x->D[c] = c;
    x->C[c] = c;
  }
  x->L[0] = h;
  x->R[h] = 0;
  x->L[h] = NCOL - 1;
  int node = NCOL + 1;
  int row_node[NROW];
  for (int cell = 0; cell < 81; cell++)
    for (int d = 0; d < 9; d++) {
      int r = cell * 9 + d, rr = cell / 9, cc = cell % 9;
      int bb = (rr / 3) * 3 + cc / 3;
      int cols[4] = {cell, 81 + rr * 9 + d, 162 + cc * 9 + d, 243 + bb * 9 + d};
      int firstn = node;
      row_node[r] = node;
      for (int t = 0; t < 4; t++, node++) {
        int c = cols[t];
        x->C[node] = c;
        x->row[node] = r;
        x->U[node] = x->U[c];
        x->D[node] = c;
        x->D[x->U[c]] = node;
        x->U[c] = node;
        x->size[c]++;
        x->L[node] = t == 0 ? firstn + 3 : node - 1;
        x->R[node] = t == 3 ? firstn : node + 1;
      }
    }
  x->limit = limit;
  x->first = first;
  memcpy(x->base, puzzle, 81);
  /* select the givens' rows; a clash means no solution */
  long result = 0;
  int ok = 1;
  for (int cell = 0; cell < 81 && ok; cell++) {
    if (!puzzle[cell]) continue;
    int n = row_node[cell * 9 + puzzle[cell] - 1];
    /* every column of the row must still be uncovered */
    for (int j = n, t = 0; t < 4; t++, j = x->R[j]) {
      int c = x->C[j], present = 0;
      for (int k = x->R[h]; k != h; k = x->R[k])
        if (k == c) present = 1;
      if (!present) ok = 0;
    }
    if (!ok) break;
    for (int j = n, t = 0; t < 4; t++, j = x->R[j]) cover(x, x->C[j]);
  }
  if (ok) {
    search(x, 0);
    result = x->found;
  }
  free(x);
  return result;
}

void ref_from_string(const char *s, uint8_t cells[81]) {
  for (int i = 0; i < 81; i++)
    cells[i] = (s[i] >= '1' && s[i] <= '9') ? (uint8_t)(s[i] - '0') : 0;
}

long ref_load(const char *path, uint8_t (**out)[81]) {
  FILE *f = fopen(path, "r");
  if (!f) return -1;
  size_t cap = 1024, n = 0;
  uint8_t(*v)[81] = malloc(cap * sizeof *v);
  char line[1024];
  while (fgets(line, sizeof line, f)) {
    if (line[0] == '#' || strlen(line) < 81) continue;
    if (n == cap) {
      cap *= 2;
      v = realloc(v, cap * sizeof *v);
    }
    ref_from_string(line, v[n++]);
  }
  fclose(f);
  *out = v;
  return (long)n;
}

const char *ref_data_path(const char *name) {
  static char buf[4096];
  const char *dir = getenv("NONET_DATA_DIR");
  if (!dir) dir = NONET_DATA_DIR;
  snprintf(buf, sizeof buf, "%s/%s", dir, name);
  FILE *f = fopen(buf, "r");
  if (!f) return NULL;
  fclose(f);
  return buf;
}
