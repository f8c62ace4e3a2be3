/* geometry.c: sizes and boxes, jigsaw regions, the houses of a variant
 * (rows, columns, boxes or regions, diagonals, windoku boxes, disjoint
 * groups), connectivity, cell names and symbols. */
#include <stdio.h>
#include <string.h>

#include "variant.h"

int nonet__v_default_box(int n, int *br, int *bc) {
  *br = *bc = 0;
  for (int r = 2; r * r <= n; r++) /* the largest r <= sqrt(n) wins */
    if (n % r == 0) *br = r, *bc = n / r;
  return *br != 0;
}

static int say(char *err, size_t errcap, const char *text) {
  if (err && errcap) snprintf(err, errcap, "%s", text);
  return NONET_EINVAL;
}

int nonet__v_check_size(int n, int br, int bc, char *err, size_t errcap) {
  char msg[128];
  if (n < 4 || n > VMAXN) {
    snprintf(msg, sizeof msg, "size %d is not supported (4 to %d)", n, VMAXN);
    return say(err, errcap, msg);
  }
  if (br == 0 && bc == 0) {
    if (nonet__v_default_box(n, &br, &bc)) return NONET_OK;
    snprintf(msg, sizeof msg, "size %d has no boxes: give it jigsaw regions",
             n);
    return say(err, errcap, msg);
  }
  if (br < 2 || bc < 2) {
    snprintf(msg, sizeof msg,
             "boxes of %dx%d cells would be %s: a box has at least 2 rows "
             "and 2 columns",
             br, bc, br < 2 ? "rows" : "columns");
    return say(err, errcap, msg);
  }
  if (br * bc != n) {
    snprintf(msg, sizeof msg,
             "boxes of %dx%d hold %d cells, not %d: they do not tile a %dx%d "
             "grid",
             br, bc, br * bc, n, n, n);
    return say(err, errcap, msg);
  }
  return NONET_OK;
}

int nonet__v_connected(int n, const uint16_t *cells, int k, int *apart) {
  uint8_t in[VMAXC], seen[VMAXC];
  uint16_t queue[VMAXC];
  if (k <= 0) return 1;
  memset(in, 0, (size_t)(n * n));
  memset(seen, 0, (size_t)(n * n));
  for (int i = 0; i < k; i++) in[cells[i]] = 1;
  int head = 0, tail = 0;
  queue[tail++] = cells[0];
  seen[cells[0]] = 1;
  while (head < tail) {
    int c = queue[head++], r = c / n, col = c % n;
    int next[4] = {r > 0 ? c - n : -1, r < n - 1 ? c + n : -1,
                   col > 0 ? c - 1 : -1, col < n - 1 ? c + 1 : -1};
    for (int j = 0; j < 4; j++)
      if (next[j] >= 0 && in[next[j]] && !seen[next[j]]) {
        seen[next[j]] = 1;
        queue[tail++] = (uint16_t)next[j];
      }
  }
  if (tail == k) return 1;
  for (int i = 0; i < k; i++)
    if (!seen[cells[i]]) {
      if (apart) *apart = cells[i];
      break;
    }
  return 0;
}

int nonet__v_check_regions(int n, const uint8_t *region, char *err,
                           size_t errcap) {
  char msg[160];
  int count[VMAXN] = {0};
  uint16_t cells[VMAXN];
  for (int i = 0; i < n * n; i++) {
    if (region[i] >= n) {
      char name[16];
      nonet__v_cell_name(n, i, name);
      snprintf(msg, sizeof msg, "%s is in region %d: regions are 0 to %d", name,
               region[i], n - 1);
      return say(err, errcap, msg);
    }
    count[region[i]]++;
  }
  for (int g = 0; g < n; g++)
    if (count[g] != n) {
      snprintf(msg, sizeof msg, "region %d has %d cells, expected %d", g,
               count[g], n);
      return say(err, errcap, msg);
    }
  for (int g = 0; g < n; g++) {
    int k = 0, apart = 0;
    for (int i = 0; i < n * n; i++)
      if (region[i] == g) cells[k++] = (uint16_t)i;
    if (!nonet__v_connected(n, cells, k, &apart)) {
      char a[16], b[16];
      nonet__v_cell_name(n, cells[0], a);
      nonet__v_cell_name(n, apart, b);
      snprintf(msg, sizeof msg,
               "region %d is not connected: %s cannot reach %s", g, a, b);
      return say(err, errcap, msg);
    }
  }
  return NONET_OK;
}

void nonet__v_box_regions(int n, int br, int bc, uint8_t *region) {
  for (int i = 0; i < n * n; i++) {
    int r = i / n, c = i % n;
    region[i] = (uint8_t)((r / br) * (n / bc) + c / bc);
  }
}

/* The box shape windoku uses: the boxes, or for a jigsaw the usual ones. */
static int window_shape(int n, int br, int bc, int *wr, int *wc) {
  if (br) {
    *wr = br, *wc = bc;
    return 1;
  }
  return nonet__v_default_box(n, wr, wc);
}

int nonet__v_window_count(int n, int br, int bc) {
  int wr, wc;
  if (!window_shape(n, br, bc, &wr, &wc)) return 0;
  int rows = n / wr - 1, cols = n / wc - 1; /* windows down and across */
  if (rows < 1 || cols < 1) return 0;
  /* window k starts at 1 + k (size + 1): the last must end inside */
  if (1 + (rows - 1) * (wr + 1) + wr > n) return 0;
  if (1 + (cols - 1) * (wc + 1) + wc > n) return 0;
  return rows * cols;
}

void nonet__v_window_cells(int n, int br, int bc, int w, uint16_t *out) {
  int wr, wc;
  if (!window_shape(n, br, bc, &wr, &wc)) return;
  int across = n / wc - 1;
  int r0 = 1 + w / across * (wr + 1), c0 = 1 + w % across * (wc + 1), k = 0;
  for (int r = r0; r < r0 + wr; r++)
    for (int c = c0; c < c0 + wc; c++) out[k++] = (uint16_t)(r * n + c);
}

int nonet__v_houses(const nonet_variant *v, uint8_t *kinds, uint16_t *cells) {
  int n = v->n, h = 0;
  for (int r = 0; r < n; r++, h++) {
    kinds[h] = VG_ROW;
    for (int k = 0; k < n; k++) cells[h * n + k] = (uint16_t)(r * n + k);
  }
  for (int c = 0; c < n; c++, h++) {
    kinds[h] = VG_COL;
    for (int k = 0; k < n; k++) cells[h * n + k] = (uint16_t)(k * n + c);
  }
  for (int g = 0; g < n; g++, h++) {
    int k = 0;
    kinds[h] = VG_BOX;
    for (int i = 0; i < n * n; i++)
      if (v->region[i] == g) cells[h * n + k++] = (uint16_t)i;
  }
  if (v->cons & NONET_CONSTRAINT_DIAGONALS) {
    for (int k = 0; k < n; k++) {
      cells[h * n + k] = (uint16_t)(k * n + k);
      cells[(h + 1) * n + k] = (uint16_t)(k * n + n - 1 - k);
    }
    kinds[h++] = VG_DIAGONAL;
    kinds[h++] = VG_DIAGONAL;
  }
  int windows = v->cons & NONET_CONSTRAINT_WINDOKU
                    ? nonet__v_window_count(n, v->br, v->bc)
                    : 0;
  for (int w = 0; w < windows; w++, h++) {
    kinds[h] = VG_WINDOW;
    nonet__v_window_cells(n, v->br, v->bc, w, cells + h * n);
  }
  if ((v->cons & NONET_CONSTRAINT_DISJOINT) && v->br) {
    for (int p = 0; p < n; p++, h++) {
      int k = 0;
      kinds[h] = VG_DISJOINT;
      for (int i = 0; i < n * n; i++)
        if ((i / n % v->br) * v->bc + i % n % v->bc == p)
          cells[h * n + k++] = (uint16_t)i;
    }
  }
  return h;
}

int nonet__v_cell_of_name(const char *s, size_t len, int n) {
  size_t i = 1, j;
  long r = 0, c = 0;
  if (!len || (s[0] != 'r' && s[0] != 'R')) return -1;
  for (; i < len && s[i] >= '0' && s[i] <= '9'; i++)
    if (r < 1000) r = r * 10 + (s[i] - '0');
  if (i == 1 || i >= len || (s[i] != 'c' && s[i] != 'C')) return -1;
  for (j = ++i; i < len && s[i] >= '0' && s[i] <= '9'; i++)
    if (c < 1000) c = c * 10 + (s[i] - '0');
  if (i == j || i != len || r < 1 || r > n || c < 1 || c > n) return -1;
  return (int)((r - 1) * n + c - 1);
}

int nonet__v_cell_name(int n, int cell, char *buf) {
  /* cells are below 625: "r25c25" and its NUL fit in 16 bytes */
  int r = (cell / n + 1) % 1000, c = (cell % n + 1) % 1000;
  return snprintf(buf, 16, "r%dc%d", r, c);
}

char nonet__v_symbol(int value) {
  return (char)(value < 10 ? '0' + value : 'A' + value - 10);
}

int nonet__v_symbol_value(int c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'A' && c <= 'Z') return c - 'A' + 10;
  if (c >= 'a' && c <= 'z') return c - 'a' + 10;
  return -1;
}
