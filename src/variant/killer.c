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

/* The orthogonal neighbours of a cell; returns how many. */
static int neighbours(int n, int c, int out[4]) {
  uint16_t near[8];
  int k = nonet__v_related(n, c, NONET_CONSTRAINT_NONCONSECUTIVE, near);
  for (int j = 0; j < k; j++) out[j] = near[j];
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

/* 1 when cage o stays connected without cell d. */
static int whole_without(int n, const int16_t *cage_of, int o, int d) {
  uint16_t cells[VMAXN];
  int k = 0;
  for (int c = 0; c < n * n && k < VMAXN; c++)
    if (cage_of[c] == o && c != d) cells[k++] = (uint16_t)c;
  return nonet__v_connected(n, cells, k, NULL);
}

/* One step for the too small cage id: it joins a neighbouring cage (then
 * it is gone), or takes a neighbouring cell from a cage that can spare
 * it. 0 when neither is possible. */
static int grow_small(int n, const uint8_t *grid, int max, int min, int id,
                      int16_t *cage_of, cage_set *s) {
  int nb[4];
  for (int c = 0; c < n * n; c++) {
    if (cage_of[c] != id) continue;
    int m = neighbours(n, c, nb);
    for (int j = 0; j < m; j++) {
      int o = cage_of[nb[j]];
      if (o < 0 || o == id || s->size[o] + s->size[id] > max ||
          (s->digits[o] & s->digits[id]))
        continue;
      for (int x = 0; x < n * n; x++)
        if (cage_of[x] == id) cage_of[x] = (int16_t)o;
      s->size[o] += s->size[id];
      s->digits[o] |= s->digits[id];
      s->size[id] = 0;
      s->digits[id] = 0;
      return 1;
    }
  }
  for (int c = 0; c < n * n; c++) {
    if (cage_of[c] != id) continue;
    int m = neighbours(n, c, nb);
    for (int j = 0; j < m; j++) {
      int d = nb[j], o = cage_of[d];
      uint32_t bit = 1u << (grid[d] - 1);
      if (o < 0 || o == id || s->size[o] <= min || (s->digits[id] & bit) ||
          !whole_without(n, cage_of, o, d))
        continue;
      cage_of[d] = (int16_t)id;
      s->size[o]--;
      s->digits[o] &= ~bit;
      s->size[id]++;
      s->digits[id] |= bit;
      return 1;
    }
  }
  return 0;
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
  nonet__v_shuffle(rng, order, no);
  /* ids below `first` belong to cages kept from before */
  s.count = first;
  for (int i = 0; i < no; i++) {
    int c = order[i];
    if (cage_of[c] >= 0) continue;
    int target = min + (int)nonet_rng_below(rng, (uint32_t)(max - min + 1));
    grow(n, grid, free_cells, c, target, rng, cage_of, &s, s.count++);
  }
  /* the cages kept from before count too */
  for (int c = 0; c < nc; c++)
    if (cage_of[c] >= 0 && cage_of[c] < first) {
      s.size[cage_of[c]]++;
      s.digits[cage_of[c]] |= 1u << (grid[c] - 1);
    }
  /* a cage left too small joins a neighbouring cage with room and other
   * digits, or takes a cell from a neighbouring cage that can spare it */
  for (int id = first; id < s.count; id++)
    while (s.size[id] && s.size[id] < min &&
           grow_small(n, grid, max, min, id, cage_of, &s))
      ;
  /* close the gaps the merges left */
  int map[VMAXC], next = first;
  for (int id = first; id < s.count; id++) map[id] = s.size[id] ? next++ : -1;
  for (int c = 0; c < nc; c++)
    if (cage_of[c] >= first) cage_of[c] = (int16_t)map[cage_of[c]];
  return next - first;
}
