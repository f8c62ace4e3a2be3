/* template.c: solution grids made by a formula, for rules under which the
 * generator's random search finds grids too slowly or not at all (25x25
 * windoku and disjoint groups: none in 120 s; cadical takes over 5
 * minutes for an empty 25x25 disjoint grid).
 *
 * Digits are written 0..N-1 here (the grid gets 1..N).
 *   - Disjoint groups, boxes of R rows and C columns (N = RC): row
 *     r = R a + i (band a, row i of the band), column c:
 *     v = (C i + a + c) mod N. A row holds c + const; a column C i + a, one
 *     of each; a box C (i + b) + a + j, one of each (C i + j runs over
 *     0..N-1); the cells at place (i, j) of every box C b + a + const.
 *   - Windoku (with or without disjoint groups), square boxes of k: the
 *     digit is a pair (x, y) in Z_k x Z_k, v = A(r) + B(c) with
 *     A(r) = (r mod k, r div k) and B(c) = (w(c), c mod k), w(c) the
 *     window column of c (k - 1 outside the windows). A band's A values
 *     are a coset of {(x, 0)}, a stack's B values differ in y: a box holds
 *     every pair. A window column's B values are a coset of {(0, y)}, a
 *     window row's A values differ in x (the last rows of one band, the
 *     first of the next): a window holds every pair. Rows and columns: A
 *     and B are one-to-one. Disjoint groups: place (i, j) of box (a, b)
 *     holds (i + w(k b + j), a + j), and w(k b + j) takes every value over
 *     the k stacks.
 * A grid is the template under random maps that keep the rules: digits
 * relabelled, rows and columns moved within what the rules leave alike,
 * the grid mirrored or transposed. */
#include <string.h>

#include "variant.h"

#define CONSTRUCTED (NONET_CONSTRAINT_WINDOKU | NONET_CONSTRAINT_DISJOINT)

int nonet__v_template_fits(int n, int br, int bc, unsigned cons) {
  if (!br || !cons || (cons & ~CONSTRUCTED)) return 0;
  if (cons & NONET_CONSTRAINT_WINDOKU)
    return br == bc && nonet__v_window_count(n, br, bc) > 0;
  return 1;
}

static void identity(int *p, int k) {
  for (int i = 0; i < k; i++) p[i] = i;
}

/* The window a line (row or column) of a grid of k x k boxes is in, or -1:
 * window w covers lines 1 + w (k + 1) .. k + w (k + 1). */
int nonet__v_window_of(int line, int k) {
  int w = (line - 1) / (k + 1);
  return line >= 1 && w < k - 1 && line - 1 - w * (k + 1) < k ? w : -1;
}

/* Lines of k x k boxes moved as windoku allows: within the lines of one
 * box and one window (or of one box outside the windows), each group
 * shuffled (only with `free`), then all mirrored, or not. */
static void windoku_lines(nonet_rng *rng, int n, int k, int free, int *map) {
  identity(map, n);
  if (free) {
    int group[VMAXN], m;
    for (int start = 0; start < n; start += m) {
      int key = start / k * n + nonet__v_window_of(start, k) + 1;
      for (m = 0;
           start + m < n &&
           (start + m) / k * n + nonet__v_window_of(start + m, k) + 1 == key;
           m++)
        group[m] = start + m;
      nonet__v_shuffle(rng, group, m);
      memcpy(map + start, group, (size_t)m * sizeof *group);
    }
  }
  if (nonet_rng_below(rng, 2))
    for (int i = 0; i < n / 2; i++) {
      int t = map[i];
      map[i] = map[n - 1 - i], map[n - 1 - i] = t;
    }
}

/* Lines of boxes of `size` lines (bands or stacks) moved as disjoint groups
 * allow: the boxes' order shuffled, and the lines within every box by one
 * shuffle for all. */
static void disjoint_lines(nonet_rng *rng, int n, int size, int *map) {
  int boxes[VMAXN], within[VMAXN];
  identity(boxes, n / size);
  identity(within, size);
  nonet__v_shuffle(rng, boxes, n / size);
  nonet__v_shuffle(rng, within, size);
  for (int l = 0; l < n; l++)
    map[l] = boxes[l / size] * size + within[l % size];
}

static int template_digit(int n, int br, int bc, int windoku, int r, int c) {
  if (!windoku) return (bc * (r % br) + r / br + c) % n;
  int k = br, w = nonet__v_window_of(c, k);
  if (w < 0) w = k - 1;
  return (r % k + w) % k * k + (r / k + c % k) % k;
}

void nonet__v_template_grid(int n, int br, int bc, unsigned cons,
                            nonet_rng *rng, uint8_t *grid) {
  int windoku = !!(cons & NONET_CONSTRAINT_WINDOKU);
  int disjoint = !!(cons & NONET_CONSTRAINT_DISJOINT);
  int rows[VMAXN], cols[VMAXN], digits[VMAXN];
  if (windoku) {
    windoku_lines(rng, n, br, !disjoint, rows);
    windoku_lines(rng, n, bc, !disjoint, cols);
  } else {
    disjoint_lines(rng, n, br, rows);
    disjoint_lines(rng, n, bc, cols);
  }
  identity(digits, n);
  nonet__v_shuffle(rng, digits, n);
  int transpose = br == bc && nonet_rng_below(rng, 2);
  for (int r = 0; r < n; r++)
    for (int c = 0; c < n; c++) {
      int d = template_digit(n, br, bc, windoku, rows[r], cols[c]);
      grid[transpose ? c * n + r : r * n + c] = (uint8_t)(digits[d] + 1);
    }
}
