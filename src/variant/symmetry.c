/* symmetry.c: symmetries of the givens on an n x n grid: their names and
 * the orbit of a cell. */
#include <strings.h>

#include "variant.h"

static const char *const names[] = {"none",         "rot180", "rot90",
                                    "mirror",       "flip",   "diagonal",
                                    "antidiagonal", "random"};

int nonet__v_symmetry_from_name(const char *name) {
  for (int k = 0; k < (int)(sizeof names / sizeof *names); k++)
    if (strcasecmp(name, names[k]) == 0) return k;
  return NONET_EINVAL;
}

const char *nonet__v_symmetry_name(nonet_symmetry s) {
  return (unsigned)s < sizeof names / sizeof *names ? names[s] : "?";
}

/* The image of (r, c). */
static int image(int n, nonet_symmetry s, int cell) {
  int r = cell / n, c = cell % n, m = n - 1;
  switch (s) {
  case NONET_SYMMETRY_ROT180:
    return (m - r) * n + m - c;
  case NONET_SYMMETRY_ROT90:
    return c * n + m - r;
  case NONET_SYMMETRY_MIRROR:
    return r * n + m - c;
  case NONET_SYMMETRY_FLIP:
    return (m - r) * n + c;
  case NONET_SYMMETRY_DIAGONAL:
    return c * n + r;
  case NONET_SYMMETRY_ANTIDIAGONAL:
    return (m - c) * n + m - r;
  default:
    return cell;
  }
}

int nonet__v_orbit(int n, nonet_symmetry s, int cell, int out[4]) {
  int k = 0, c = cell;
  do {
    int seen = 0;
    for (int j = 0; j < k; j++) seen |= out[j] == c;
    if (seen) break;
    out[k++] = c;
    c = image(n, s, c);
  } while (k < 4);
  return k;
}

int nonet_variant_symmetry_orbit(int size, nonet_symmetry s, int cell,
                                 int out[4]) {
  if (size < 4 || size > VMAXN || cell < 0 || cell >= size * size || !out ||
      (unsigned)s >= NONET_SYMMETRY_RANDOM)
    return NONET_EINVAL;
  return nonet__v_orbit(size, s, cell, out);
}
