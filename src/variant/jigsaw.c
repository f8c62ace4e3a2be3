/* jigsaw.c: random jigsaw regions: from the boxes (rows for a size
 * without boxes), many random swaps of two cells between neighbouring
 * regions, each kept only when both regions stay connected. */
#include <string.h>

#include "variant.h"

/* 1 when region g is connected. */
static int whole(int n, const uint8_t *region, int g) {
  uint16_t cells[VMAXN];
  int k = 0;
  for (int i = 0; i < n * n && k < n; i++)
    if (region[i] == g) cells[k++] = (uint16_t)i;
  return nonet__v_connected(n, cells, k, NULL);
}

/* The orthogonal neighbours of a cell; returns how many. */
static int neighbours(int n, int c, int out[4]) {
  uint16_t near[8];
  int k = nonet__v_related(n, c, NONET_CONSTRAINT_NONCONSECUTIVE, near);
  for (int j = 0; j < k; j++) out[j] = near[j];
  return k;
}

void nonet__v_random_regions(int n, nonet_rng *rng, uint8_t *region) {
  int br, bc, nc = n * n;
  if (nonet__v_default_box(n, &br, &bc))
    nonet__v_box_regions(n, br, bc, region);
  else
    for (int i = 0; i < nc; i++) region[i] = (uint8_t)(i / n);
  int swaps = 0, tries = 0;
  while (swaps < 12 * nc && tries < 200 * nc) {
    tries++;
    int a = (int)nonet_rng_below(rng, (uint32_t)nc), nb[4];
    int k = neighbours(n, a, nb);
    int b = nb[nonet_rng_below(rng, (uint32_t)k)];
    int ra = region[a], rb = region[b];
    if (ra == rb) continue;
    /* a cell of region rb touching region ra (not through a alone) */
    int pick[VMAXN], np = 0;
    for (int c = 0; c < nc; c++) {
      if (region[c] != rb) continue;
      int m = neighbours(n, c, nb), touches = 0;
      for (int j = 0; j < m; j++) touches |= nb[j] != a && region[nb[j]] == ra;
      if (touches && np < VMAXN) pick[np++] = c;
    }
    if (!np) continue;
    int c = pick[nonet_rng_below(rng, (uint32_t)np)];
    region[a] = (uint8_t)rb;
    region[c] = (uint8_t)ra;
    if (whole(n, region, ra) && whole(n, region, rb)) {
      swaps++;
    } else {
      region[a] = (uint8_t)ra;
      region[c] = (uint8_t)rb;
    }
  }
  /* number the regions by first appearance */
  int map[VMAXN];
  memset(map, 0xff, sizeof map);
  for (int i = 0, next = 0; i < nc; i++) {
    if (map[region[i]] < 0) map[region[i]] = next++;
    region[i] = (uint8_t)map[region[i]];
  }
}
