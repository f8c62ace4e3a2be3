/* killer.c: random killer cages over a solution grid: connected cages
 * grown from random cells to a random size in a range, never taking a
 * digit twice; cages left smaller than the range are merged into a
 * neighbouring cage when one has room and no digit in common. */
#include <string.h>

#include "variant.h"

typedef struct cage_set {
  int count;
  int size[VMAXC];
  uint32_t digits[VMAXC];
} cage_set;

static int neighbours(int n, int c, int out[4]) {
  int k = 0, r = c / n, col = c % n;
  if (r > 0) out[k++] = c - n;
  if (r < n - 1) out[k++] = c + n;
  if (col > 0) out[k++] = c - 1;
  if (col < n - 1) out[k++] = c + 1;
  return k;
}

/* Grows a new cage from cell c. */
static void grow(int n, const uint8_t *grid, const uint8_t *free_cells, int c,
                 int target, nonet_rng *rng, int16_t *cage_of, cage_set *s,
                 int id) {
  int cells[VMAXN], k = 1;
  cells[0] = c;
  cage_of[c] = (int16_t)id;
  uint32_t used = 1u << (grid[c] - 1);
  while (k < target) {
    int front[4 * VMAXN], nf = 0, nb[4];
    for (int i = 0; i < k; i++) {
      int m = neighbours(n, cells[i], nb);
      for (int j = 0; j < m; j++) {
        int d = nb[j];
        if (cage_of[d] >= 0 || (free_cells && !free_cells[d]) ||
            (used >> (grid[d] - 1) & 1))
          continue;
        int dup = 0;
        for (int t = 0; t < nf; t++) dup |= front[t] == d;
        if (!dup) front[nf++] = d;
      }
    }
    if (!nf) break;
    int d = front[nonet_rng_below(rng, (uint32_t)nf)];
    cells[k++] = d;
    cage_of[d] = (int16_t)id;
    used |= 1u << (grid[d] - 1);
  }
  s->size[id] = k;
  s->digits[id] = used;
}

int nonet__v_random_cages(int n, const uint8_t *grid, const uint8_t *free_cells,
                          int min, int max, nonet_rng *rng, int16_t *cage_of,
                          int first) {
  int nc = n * n;
  cage_set s;
  memset(&s, 0, sizeof s);
  int order[VMAXC], no = 0;
  for (int i = 0; i < nc; i++)
    if (!free_cells || free_cells[i]) order[no++] = i;
  for (int i = no - 1; i > 0; i--) {
    int j = (int)nonet_rng_below(rng, (uint32_t)i + 1), t = order[i];
    order[i] = order[j], order[j] = t;
  }
  /* ids below `first` belong to cages kept from before */
  s.count = first;
  for (int i = 0; i < no; i++) {
    int c = order[i];
    if (cage_of[c] >= 0) continue;
    int target = min + (int)nonet_rng_below(rng, (uint32_t)(max - min + 1));
    grow(n, grid, free_cells, c, target, rng, cage_of, &s, s.count++);
  }
  /* small cages join a neighbour made here with room and other digits */
  for (int id = first; id < s.count; id++) {
    if (s.size[id] == 0 || s.size[id] >= min) continue;
    int best = -1, nb[4];
    for (int c = 0; c < nc && best < 0; c++) {
      if (cage_of[c] != id) continue;
      int m = neighbours(n, c, nb);
      for (int j = 0; j < m && best < 0; j++) {
        int o = cage_of[nb[j]];
        if (o >= first && o != id && s.size[o] + s.size[id] <= max &&
            !(s.digits[o] & s.digits[id]))
          best = o;
      }
    }
    if (best < 0) continue;
    for (int c = 0; c < nc; c++)
      if (cage_of[c] == id) cage_of[c] = (int16_t)best;
    s.size[best] += s.size[id];
    s.digits[best] |= s.digits[id];
    s.size[id] = 0;
  }
  /* close the gaps the merges left */
  int map[VMAXC], next = first;
  for (int id = first; id < s.count; id++) map[id] = s.size[id] ? next++ : -1;
  for (int c = 0; c < nc; c++)
    if (cage_of[c] >= first) cage_of[c] = (int16_t)map[cage_of[c]];
  return next - first;
}
