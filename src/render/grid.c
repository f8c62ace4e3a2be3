/* grid.c: the picture of a grid's rules (grid.h), shared by the cairo
 * and HTML back-ends. */
#include "grid.h"

#include <stdio.h>
#include <string.h>

int nonet__puzzle_size(const nonet_render_puzzle *p) {
  return p->variant ? nonet_variant_size(p->variant) : 9;
}

void nonet__mark_lattice(const nonet_render_puzzle *p, int *rows, int *cols) {
  int n = nonet__puzzle_size(p);
  *rows = *cols = 3;
  if (p->variant && !nonet_variant_box(p->variant, rows, cols)) {
    *cols = 1;
    while (*cols * *cols < n) ++*cols;
    *rows = (n + *cols - 1) / *cols;
  }
}

void nonet__grid_init(nonet__grid *g, const nonet_render_puzzle *p,
                      int numbers) {
  const nonet_variant *v = p->variant;
  int n = g->n = nonet__puzzle_size(p);
  g->numbers = numbers;
  nonet__mark_lattice(p, &g->mark_rows, &g->mark_cols);
  memset(g->shade, 0, (size_t)(n * n));
  memset(g->group, 0, (size_t)(n * n));
  g->ncages = 0;
  for (int i = 0; i < n * n; i++) {
    g->region[i] =
        (uint8_t)(v ? nonet_variant_region(v, i) : (i / 27) * 3 + (i % 9) / 3);
    g->cage[i] = -1;
  }
  if (!v) return;
  int cells[NONET_VARIANT_MAX_SIZE], disjoint = 0;
  for (int h = 3 * n; h < nonet_variant_house_count(v); h++) {
    nonet_house_kind kind;
    if (nonet_variant_house(v, h, &kind, cells) != n) continue;
    int bit = kind == NONET_HOUSE_DIAGONAL ? NONET__SHADE_DIAGONAL
              : kind == NONET_HOUSE_WINDOW ? NONET__SHADE_WINDOW
                                           : NONET__SHADE_DISJOINT;
    for (int k = 0; k < n; k++) {
      g->shade[cells[k]] |= (uint8_t)bit;
      if (bit == NONET__SHADE_DISJOINT) g->group[cells[k]] = (uint8_t)disjoint;
    }
    disjoint += bit == NONET__SHADE_DISJOINT;
  }
  g->ncages = nonet_variant_cage_count(v);
  for (int k = 0; k < g->ncages; k++) {
    int m = nonet_variant_cage(v, k, &g->cage_sum[k], cells, n);
    g->cage_first[k] = cells[0]; /* cells come in increasing order */
    for (int j = 0; j < m; j++) g->cage[cells[j]] = (int16_t)k;
  }
}

/* Pencil marks of a variant: every house and relation of each empty cell
 * with the givens it sees. */
static void variant_marks(nonet__grid *g, const nonet_variant *v,
                          const uint8_t *cells) {
  int n = g->n, hc[NONET_VARIANT_MAX_SIZE], rel[8];
  uint32_t all = (1u << n) - 1;
  for (int i = 0; i < n * n; i++) g->marks[i] = cells[i] ? 0 : all;
  for (int h = 0; h < nonet_variant_house_count(v); h++) {
    nonet_variant_house(v, h, NULL, hc);
    uint32_t placed = 0;
    for (int k = 0; k < n; k++)
      if (cells[hc[k]]) placed |= 1u << (cells[hc[k]] - 1);
    for (int k = 0; k < n; k++) g->marks[hc[k]] &= ~placed;
  }
  static const nonet_constraint relations[] = {NONET_CONSTRAINT_ANTI_KNIGHT,
                                               NONET_CONSTRAINT_ANTI_KING,
                                               NONET_CONSTRAINT_NONCONSECUTIVE};
  for (int i = 0; i < n * n; i++) {
    if (!cells[i]) continue;
    uint32_t d = 1u << (cells[i] - 1);
    for (int r = 0; r < 3; r++) {
      int m = nonet_variant_related(v, i, relations[r], rel, 8);
      /* nonconsecutive: neighbours hold neither the digit nor the
       * digits next to it */
      uint32_t out = relations[r] == NONET_CONSTRAINT_NONCONSECUTIVE
                         ? d | d << 1 | d >> 1
                         : d;
      for (int k = 0; k < m; k++) g->marks[rel[k]] &= ~out;
    }
  }
}

void nonet__grid_marks(nonet__grid *g, const nonet_render_puzzle *p) {
  if (p->variant) {
    variant_marks(g, p->variant, p->cells);
    return;
  }
  for (int i = 0; i < 81; i++)
    g->marks[i] = p->cells[i] ? 0 : nonet_candidates(p->cells, i / 9, i % 9);
}

int nonet__grid_border_right(const nonet__grid *g, int r, int c) {
  return g->region[r * g->n + c] != g->region[r * g->n + c + 1];
}

int nonet__grid_border_below(const nonet__grid *g, int r, int c) {
  return g->region[r * g->n + c] != g->region[(r + 1) * g->n + c];
}

/* Light tints multiplied together where regions overlap: diagonals grey,
 * windows blue-grey, disjoint groups a pale hue each (round the colour
 * circle), so that the grid still prints in black and white. */
int nonet__grid_fill(const nonet__grid *g, int cell, double rgb[3]) {
  int s = g->shade[cell];
  rgb[0] = rgb[1] = rgb[2] = 1.0;
  if (!s) return 0;
  if (s & NONET__SHADE_DISJOINT) {
    /* hue h (0..6) on the colour circle, mixed 85% with white */
    double h = 6.0 * g->group[cell] / g->n, f = h - (int)h;
    double ramp[6][3] = {{1, f, 0},     {1 - f, 1, 0}, {0, 1, f},
                         {0, 1 - f, 1}, {f, 0, 1},     {1, 0, 1 - f}};
    for (int k = 0; k < 3; k++) rgb[k] = 0.85 + 0.15 * ramp[(int)h % 6][k];
  }
  if (s & NONET__SHADE_WINDOW) rgb[0] *= 0.80, rgb[1] *= 0.86, rgb[2] *= 0.93;
  if (s & NONET__SHADE_DIAGONAL)
    for (int k = 0; k < 3; k++) rgb[k] *= 0.87;
  return 1;
}

const char *nonet__digit_text(int digit, int numbers, char buf[3]) {
  if (digit > 9 && numbers) {
    buf[0] = (char)('0' + digit / 10), buf[1] = (char)('0' + digit % 10);
    buf[2] = 0;
  } else {
    buf[0] = (char)(digit > 9 ? 'A' + digit - 10 : '0' + digit), buf[1] = 0;
  }
  return buf;
}

/* ---- cage outlines ---------------------------------------------------- */

/* A coordinate of an outline: a grid line (0..N) moved by -1, 0 or +1
 * times the inset; kept exact as line * 4 + offset + 1 so that ends
 * match ends without rounding. */
#define AT(line, off) ((line)*4 + (off) + 1)

typedef struct edge {
  int x0, y0, x1, y1;
  int used;
} edge;

static int in_cage(const nonet__grid *g, int k, int r, int c) {
  return r >= 0 && c >= 0 && r < g->n && c < g->n && g->cage[r * g->n + c] == k;
}

/* The end of a side that meets the next cell along it: the inset
 * outline turns inwards where that cell is outside the cage (-1 from the
 * far end), runs on into it (0), or turns outwards round a corner of the
 * cage (+1) where the cell beyond the side is in it too. */
static int side_end(int next_in, int beyond_in) {
  return next_in ? (beyond_in ? 1 : 0) : -1;
}

/* The sides of cell (r, c) on the cage's boundary, each from start to
 * end going clockwise on the page (y grows downwards). */
static int cell_edges(const nonet__grid *g, int k, int r, int c, edge *e) {
  int m = 0;
#define IN(dr, dc) in_cage(g, k, r + (dr), c + (dc))
  if (!IN(-1, 0)) /* top, left to right, at y = r + d */
    e[m++] = (edge){AT(c, -side_end(IN(0, -1), IN(-1, -1))), AT(r, 1),
                    AT(c + 1, side_end(IN(0, 1), IN(-1, 1))), AT(r, 1), 0};
  if (!IN(0, 1)) /* right, top to bottom, at x = c + 1 - d */
    e[m++] = (edge){AT(c + 1, -1), AT(r, -side_end(IN(-1, 0), IN(-1, 1))),
                    AT(c + 1, -1), AT(r + 1, side_end(IN(1, 0), IN(1, 1))), 0};
  if (!IN(1, 0)) /* bottom, right to left, at y = r + 1 - d */
    e[m++] = (edge){AT(c + 1, side_end(IN(0, 1), IN(1, 1))), AT(r + 1, -1),
                    AT(c, -side_end(IN(0, -1), IN(1, -1))), AT(r + 1, -1), 0};
  if (!IN(0, -1)) /* left, bottom to top, at x = c + d */
    e[m++] = (edge){AT(c, 1), AT(r + 1, side_end(IN(1, 0), IN(1, -1))),
                    AT(c, 1), AT(r, -side_end(IN(-1, 0), IN(-1, -1))), 0};
#undef IN
  return m;
}

static double coord(int v, double inset) {
  int line = v >> 2; /* v >= 0: line * 4 + (offset + 1) with offset + 1 in
                        0..2 */
  return line + ((v & 3) - 1) * inset;
}

int nonet__cage_outline(const nonet__grid *g, int k, double inset, double *xy,
                        int *lens) {
  static const int max_edges = 4 * NONET_VARIANT_MAX_SIZE;
  edge e[4 * NONET_VARIANT_MAX_SIZE];
  int ne = 0, nloops = 0, np = 0;
  for (int i = 0; i < g->n * g->n && ne + 4 <= max_edges; i++)
    if (g->cage[i] == k) ne += cell_edges(g, k, i / g->n, i % g->n, e + ne);
  for (int s = 0; s < ne; s++) {
    if (e[s].used) continue;
    /* follow the loop from edge s, keeping only the corners */
    int first = np, cur = s;
    do {
      edge *a = &e[cur];
      a->used = 1;
      int next = -1;
      for (int t = 0; t < ne && next < 0; t++)
        if (!e[t].used && e[t].x0 == a->x1 && e[t].y0 == a->y1) next = t;
      if (next < 0) next = s; /* back at the start */
      edge *b = &e[next];
      int straight = (a->x0 == a->x1 && b->x0 == b->x1) ||
                     (a->y0 == a->y1 && b->y0 == b->y1);
      if (!straight) {
        xy[2 * np] = coord(a->x1, inset);
        xy[2 * np + 1] = coord(a->y1, inset);
        np++;
      }
      cur = next;
    } while (cur != s);
    lens[nloops++] = np - first;
  }
  return nloops;
}

/* ---- the caption ------------------------------------------------------- */

void nonet__caption_note(const nonet_render_puzzle *p, char *buf, size_t cap) {
  const nonet_variant *v = p->variant;
  char rules[NONET_RENDER_NOTE_MAX] = "";
  size_t len = 0;
#define PUT(...)                                                               \
  do {                                                                         \
    int w = snprintf(rules + len, sizeof rules - len, __VA_ARGS__);            \
    if (w > 0) len += (size_t)w;                                               \
    if (len >= sizeof rules) len = sizeof rules - 1;                           \
  } while (0)
  if (v) {
    int n = nonet_variant_size(v);
    if (n != 9) PUT("%dx%d", n, n);
    if (!nonet_variant_box(v, NULL, NULL)) PUT("%sjigsaw", len ? ", " : "");
    unsigned cons = nonet_variant_constraints(v);
    for (unsigned b = 1; b <= NONET_CONSTRAINTS_ALL; b <<= 1)
      if (cons & b)
        PUT("%s%s", len ? ", " : "",
            nonet_constraint_name((nonet_constraint)b));
    if (nonet_variant_cage_count(v)) PUT("%skiller", len ? ", " : "");
  }
#undef PUT
  snprintf(buf, cap, "%s%s%s", rules,
           rules[0] && p->note[0] ? " \xc2\xb7 " : "", p->note);
}
