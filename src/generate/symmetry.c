/* symmetry.c: symmetries of the positions of givens, their names, and
 * the orbits of cells they make. */
#include <string.h>

#include "gen.h"
#include "nonet.h"

static const char *const names[] = {"none",         "rot180", "rot90",
                                    "mirror",       "flip",   "diagonal",
                                    "antidiagonal", "random"};

int nonet_symmetry_from_name(const char *name) {
  if (!name) return NONET_EINVAL;
  for (int k = 0; k < (int)(sizeof names / sizeof *names); k++)
    if (strcmp(name, names[k]) == 0) return k;
  return NONET_EINVAL;
}

const char *nonet_symmetry_name(nonet_symmetry symmetry) {
  if ((int)symmetry < 0 || symmetry > NONET_SYMMETRY_RANDOM) return "?";
  return names[symmetry];
}

/* The image of cell i under the symmetry (for ROT90 a quarter turn). */
static int image(int symmetry, int i) {
  int r = i / 9, c = i % 9;
  switch (symmetry) {
  case NONET_SYMMETRY_ROT180:
    return (8 - r) * 9 + (8 - c);
  case NONET_SYMMETRY_ROT90:
    return c * 9 + (8 - r);
  case NONET_SYMMETRY_MIRROR:
    return r * 9 + (8 - c);
  case NONET_SYMMETRY_FLIP:
    return (8 - r) * 9 + c;
  case NONET_SYMMETRY_DIAGONAL:
    return c * 9 + r;
  case NONET_SYMMETRY_ANTIDIAGONAL:
    return (8 - c) * 9 + (8 - r);
  default:
    return i;
  }
}

int nonet_symmetry_orbit(nonet_symmetry symmetry, int cell, int out[4]) {
  if (cell < 0 || cell > 80 || (int)symmetry < 0 ||
      symmetry >= NONET_SYMMETRY_RANDOM || !out)
    return NONET_EINVAL;
  int n = 0, j = cell;
  do {
    int k = n;
    /* insertion keeps the orbit sorted */
    while (k > 0 && out[k - 1] > j) {
      out[k] = out[k - 1];
      k--;
    }
    out[k] = j;
    n++;
    j = image(symmetry, j);
  } while (j != cell && n < 4);
  return n;
}

int nonet_grid_has_symmetry(const uint8_t cells[81], nonet_symmetry symmetry) {
  if (!cells || (int)symmetry < 0 || symmetry >= NONET_SYMMETRY_RANDOM)
    return NONET_EINVAL;
  for (int i = 0; i < 81; i++)
    if ((cells[i] != 0) != (cells[image(symmetry, i)] != 0)) return 0;
  return 1;
}

void nonet__orbits_make(nonet__orbits *o, int symmetry) {
  memset(o->of, 0xff, sizeof o->of);
  o->n = 0;
  for (int i = 0; i < 81; i++) {
    if (o->of[i] != 0xff) continue;
    int cells[4];
    int n = nonet_symmetry_orbit(symmetry, i, cells);
    if (n < 1) n = 1, cells[0] = i;
    int k = o->n++;
    o->size[k] = (uint8_t)n;
    for (int t = 0; t < n; t++) {
      o->cells[k][t] = (uint8_t)cells[t];
      o->of[cells[t]] = (uint8_t)k;
    }
  }
}
