/* cayley.c: solution grids from the table of a group, for rules under
 * which the generator's search of the whole grid gets lost (12x12 and
 * 16x16 nonconsecutive with other rules, 25x25 windoku or disjoint groups
 * with relations: no grid within 30 to 120 s).
 *
 * A grid here is v(r, c) = L(a(r) + b(c)): a and b one-to-one maps of the
 * rows and the columns into a group G of order N, L a labelling of G by
 * the digits 1..N. G is drawn at random: abelian (Z_m1 x Z_m2 x ...), or
 * where N has one a product Z_m x| Z_q that is not (the dihedral groups,
 * Z_3 x| Z_4, ...; its product written + too, in order). Rows and columns
 * hold every digit whatever a and b are, and every other rule is a
 * condition on 2N values instead of N*N cells. Boxes, extra regions and
 * relations do not depend on L: a and b are chosen first, by
 *   - tries of a lattice (lattice(): a and b products of powers of two
 *     elements, by a line's box and place), then
 *   - a depth-first search that assigns a(0), b(0), a(1), b(1), ... in a
 *     random order, writing each cell once its row and column have their
 *     values and checking it against the peers written before (step()).
 * Nonconsecutive: neighbouring rows put x and d + x side by side for
 * every x (d = a(r) - a(r - 1)), neighbouring columns x and x + d, so L
 * must never give two such elements consecutive digits: the search keeps
 * the differences few (at most N / 2 in all, those seen before tried
 * first), and L is then a path through the group that never takes such a
 * step (labels()). Not every grid is of this kind, and some rules have
 * none of it (no group whose 2-part is cyclic, e.g. of order 2 mod 4, has
 * a transversal: no Sudoku X), so the callers keep their own searches
 * beside this one. */
#include <stdlib.h>
#include <string.h>

#include "variant.h"

#ifndef CAYLEY_LATTICE
#define CAYLEY_LATTICE 64
#endif
#ifndef CAYLEY_MAXDIFF
#define CAYLEY_MAXDIFF(n) ((n) / 2)
#endif

typedef struct cay {
  const vrules *r;
  int n;
  uint8_t add[VMAXN][VMAXN]; /* the group's table, elements 0..n-1 (0 the
                                identity; x + y is written for x y) */
  uint8_t neg[VMAXN];        /* -x */
  int value[2][VMAXN];       /* a (rows) and b (columns); -1 unset */
  uint32_t used[2];          /* elements taken by a, by b */
  uint8_t grid[VMAXC];       /* elements + 1; 0: not written yet */
  int order[2 * VMAXN][VMAXN];
  /* non-consecutive: the differences of neighbouring lines' values (and
   * their negatives), of rows (a(r) - a(r - 1): the cell below is d + x)
   * and of columns (-b(c - 1) + b(c): the cell to the right is x + d),
   * how many lines give each, and the most allowed in all */
  uint32_t diff[2];
  int ndiff[2][VMAXN], maxdiff;
  uint8_t label[VMAXN]; /* element -> digit 1..n */
  unsigned cons;
  unsigned long long nodes, budget;
  nonet_rng *rng;
} cay;

/* The partitions of e (at most 4: 16 = 2^4) into parts, largest first,
 * each ended by 0. */
static const uint8_t partitions[5][5][5] = {
    {{0}},
    {{1, 0}},
    {{2, 0}, {1, 1, 0}},
    {{3, 0}, {2, 1, 0}, {1, 1, 1, 0}},
    {{4, 0}, {3, 1, 0}, {2, 2, 0}, {2, 1, 1, 0}, {1, 1, 1, 1, 0}},
};
static const int npartitions[5] = {1, 1, 2, 3, 5};

/* A random abelian group of order n: for each prime power p^e of n, a
 * partition of e drawn uniformly (Z_2^4 makes 16x16 windoku with
 * anti-king and nonconsecutive at once, Z_16 never), a cyclic group of
 * order p^part for each part; the product's table into c->add. With
 * `transversal` (diagonals), a group whose table has one (Hall and Paige:
 * its 2-part is not cyclic, unless trivial); 0 when n has none (n = 2 mod
 * 4). */
static int abelian_group(cay *c, int transversal) {
  int mod[8], k = 0, rest = c->n;
  for (int p = 2; rest > 1; p++) {
    int e = 0;
    while (rest % p == 0) rest /= p, e++;
    if (!e) continue;
    /* the one-part partition comes first: skipped for a transversal */
    int skip = p == 2 && transversal;
    if (npartitions[e] <= skip) return 0;
    const uint8_t *part =
        partitions[e][skip + (int)nonet_rng_below(
                                 c->rng, (uint32_t)(npartitions[e] - skip))];
    for (; *part; part++) {
      int q = 1;
      for (int i = 0; i < *part; i++) q *= p;
      mod[k++] = q;
    }
  }
  for (int x = 0; x < c->n; x++)
    for (int y = 0; y < c->n; y++) {
      int s = 0, place = 1, u = x, w = y;
      for (int i = 0; i < k; i++) {
        s += (u % mod[i] + w % mod[i]) % mod[i] * place;
        place *= mod[i], u /= mod[i], w /= mod[i];
      }
      c->add[x][y] = (uint8_t)s;
      if (!s) c->neg[x] = (uint8_t)y;
    }
  return 1;
}

/* The groups Z_m x| Z_q of order n that are not abelian, (a, b)(a', b') =
 * (a + k^b a', b + b') for k != 1 with k^q = 1 mod m (dihedral groups,
 * Z_3 x| Z_4, ...): writes (m, q, k) of each into opt (room for 32) and
 * returns how many. */
static int products(int n, int opt[32][3]) {
  int count = 0;
  for (int q = 2; q <= n / 3; q++) {
    int m = n / q;
    if (n % q) continue;
    for (int k = 2; k < m && count < 32; k++) {
      int p = 1, a = k, b = m;
      while (b) { /* gcd(k, m) */
        int t = a % b;
        a = b, b = t;
      }
      for (int i = 0; i < q; i++) p = p * k % m;
      if (a == 1 && p == 1)
        opt[count][0] = m, opt[count][1] = q, opt[count][2] = k, count++;
    }
  }
  return count;
}

/* 1 when the group's 2-part is cyclic and not trivial (some element's
 * order is a multiple of the largest power of 2 dividing n): then its
 * table has no transversal (Hall and Paige). */
static int cyclic_two_part(const cay *c) {
  int two = c->n & -c->n;
  if (two == 1) return 0;
  for (int x = 0; x < c->n; x++) {
    int order = 1;
    for (int y = x; y; y = c->add[y][x]) order++;
    if (order % two == 0) return 1;
  }
  return 0;
}

/* One of products() drawn at random, its table into c->add; 0 when it has
 * no transversal and one is needed. */
static int product_group(cay *c, const int opt[3], int transversal) {
  int m = opt[0], q = opt[1], k = opt[2], power[VMAXN];
  power[0] = 1;
  for (int i = 1; i < q; i++) power[i] = power[i - 1] * k % m;
  for (int x = 0; x < c->n; x++)
    for (int y = 0; y < c->n; y++) {
      int a = x % m, b = x / m, a2 = y % m, b2 = y / m;
      int s = (a + power[b] * a2) % m + m * ((b + b2) % q);
      c->add[x][y] = (uint8_t)s;
      if (!s) c->neg[x] = (uint8_t)y;
    }
  return !(transversal && cyclic_two_part(c));
}

/* A random group of order n: when n has groups of products(), one of them
 * half of the time (12x12 diagonals, disjoint groups and anti-knight: the
 * dihedral group of order 12 makes grids, no abelian one does), else an
 * abelian one. 0 when the group drawn has no transversal and one is
 * needed (diagonals). */
static int random_group(cay *c, int transversal) {
  int opt[32][3], count = products(c->n, opt);
  if (count && nonet_rng_below(c->rng, 2))
    return product_group(c, opt[nonet_rng_below(c->rng, (uint32_t)count)],
                         transversal);
  return abelian_group(c, transversal);
}

/* 1 when no peer of `cell` written so far holds e1 (an element + 1). */
static int fits(const cay *c, int cell, int e1) {
  const vrules *r = c->r;
  for (uint32_t j = r->peer_first[cell]; j < r->peer_first[cell + 1]; j++)
    if (c->grid[r->peers[j]] == e1) return 0;
  return 1;
}

/* Non-consecutive: the difference of line `line` of side `side` and the
 * line before. */
static int line_diff(const cay *c, int side, int line, int x) {
  int prev = c->value[side][line - 1];
  return side ? c->add[c->neg[prev]][x] : c->add[x][c->neg[prev]];
}

/* Non-consecutive: neighbouring lines whose values differ by d make the
 * cells x and d + x (rows) or x + d (columns) neighbours for every x.
 * Counts d (and -d) in (add > 0) or out for its side; 0 when it would make
 * too many differences. */
static int count_diff(cay *c, int side, int d, int add) {
  int m = c->neg[d];
  uint32_t *diff = &c->diff[side];
  int *n = c->ndiff[side];
  if (add > 0) {
    uint32_t all = c->diff[0] | c->diff[1];
    if (!(all >> d & 1) && nn_popcount(all | 1u << d | 1u << m) > c->maxdiff)
      return 0;
    n[d]++, n[m]++;
    *diff |= 1u << d | 1u << m;
  } else {
    if (!--n[d]) *diff &= ~(1u << d);
    if (!--n[m]) *diff &= ~(1u << m);
  }
  return 1;
}

/* The digits: the elements in an order where no two in a row differ by a
 * neighbours' difference (a path through all of them, searched
 * depth-first in a random order within `budget` steps) into c->label. */
static int path(cay *c, int *seq, int k, uint32_t left,
                unsigned long long *budget) {
  if (!left) return 1;
  int cand[VMAXN], m = 0;
  for (uint32_t w = left; w; w &= w - 1) {
    int y = nn_ctz(w);
    int x = seq[k - 1];
    if (!(c->diff[0] >> c->add[y][c->neg[x]] & 1) &&
        !(c->diff[1] >> c->add[c->neg[x]][y] & 1))
      cand[m++] = y;
  }
  nonet__v_shuffle(c->rng, cand, m);
  for (int i = 0; i < m; i++) {
    if (!*budget) return 0;
    --*budget;
    seq[k] = cand[i];
    if (path(c, seq, k + 1, left & ~(1u << cand[i]), budget)) return 1;
  }
  return 0;
}

static int labels(cay *c) {
  int seq[VMAXN];
  unsigned long long budget = 64ull * (unsigned)c->n;
  uint32_t all = (1u << c->n) - 1; /* n <= 25 */
  seq[0] = (int)nonet_rng_below(c->rng, (uint32_t)c->n);
  if (!path(c, seq, 1, all & ~(1u << seq[0]), &budget)) return 0;
  for (int i = 0; i < c->n; i++) c->label[seq[i]] = (uint8_t)(i + 1);
  return 1;
}

/* Step s: line s / 2, a row when s is even (its cells in the columns
 * 0 .. s/2 - 1), a column when odd (rows 0 .. s/2). 1: the grid is full;
 * 0: nothing fits, or the budget ran out (c->nodes past c->budget). */
static int step(cay *c, int s) {
  int n = c->n;
  if (s == 2 * n) return !c->r->nonconsec || labels(c);
  int side = s & 1, line = s / 2, others = side ? line + 1 : line;
  int cand[VMAXN], m = 0;
  if (!s) /* a(0) = 0: a + g and b - g give the same grid */
    cand[m++] = 0;
  else
    for (int t = 0; t < n; t++)
      if (!(c->used[side] >> c->order[s][t] & 1)) cand[m++] = c->order[s][t];
  if (c->r->nonconsec && line > 0) { /* differences seen before first */
    int k = 0;
    uint32_t all = c->diff[0] | c->diff[1];
    for (int t = 0; t < m; t++)
      if (all >> line_diff(c, side, line, cand[t]) & 1) {
        int x = cand[t];
        cand[t] = cand[k], cand[k++] = x;
      }
  }
  for (int t = 0; t < m; t++) {
    int x = cand[t], d = -1;
    if (++c->nodes > c->budget) return 0;
    if (c->r->nonconsec && line > 0) {
      d = line_diff(c, side, line, x);
      if (!count_diff(c, side, d, 1)) continue;
    }
    int k = 0;
    for (; k < others; k++) {
      int row = side ? k : line, col = side ? line : k;
      int cell = row * n + col;
      int e1 =
          1 + (side ? c->add[c->value[0][k]][x] : c->add[x][c->value[1][k]]);
      if (!fits(c, cell, e1)) break;
      c->grid[cell] = (uint8_t)e1;
    }
    if (k == others) {
      c->value[side][line] = x;
      c->used[side] |= 1u << x;
      if (step(c, s + 1)) return 1;
      c->used[side] &= ~(1u << x);
      c->value[side][line] = -1;
    }
    for (int j = 0; j < k; j++) c->grid[side ? j * n + line : line * n + j] = 0;
    if (d >= 0) count_diff(c, side, d, -1);
    if (c->nodes > c->budget) return 0;
  }
  return 0;
}

/* k u (u added k times) */
static int times(const cay *c, int k, int u) {
  int x = 0;
  while (k-- > 0) x = c->add[x][u];
  return x;
}

/* The lattice coordinates of a line: (box, place) among lines of boxes
 * of b; with `win` (windoku, square boxes) (window, place), b - 1 outside
 * the windows, as template.c writes its windoku grids. */
static void coords(int line, int b, int win, int *hi, int *lo) {
  int w = win ? nonet__v_window_of(line, b) : line / b;
  *hi = w < 0 ? b - 1 : w;
  *lo = line % b;
}

/* One try at a grid of lines in a lattice: a(r) = hi(r) u1 + lo(r) u0
 * for the coordinates of row r (coords(): the row's band and its place
 * in it, or with windoku sometimes its window), b(c) likewise with w1,
 * w0, for random u1, u0, w1, w0. Boxes are kept whenever a and b are
 * one-to-one and the two pairs span the group, and the random search of
 * step() seldom meets these grids (25x25 diagonals, disjoint groups and
 * anti-king: 1 in 20,000 short searches found one). 1: a grid in c->grid
 * (and labels for non-consecutive). */
static int lattice(cay *c, int br, int bc) {
  int n = c->n, u[2][2], win[2] = {0, 0};
  for (int side = 0; side < 2; side++) {
    u[side][0] = (int)nonet_rng_below(c->rng, (uint32_t)n);
    u[side][1] = (int)nonet_rng_below(c->rng, (uint32_t)n);
    if ((c->cons & NONET_CONSTRAINT_WINDOKU) && br == bc)
      win[side] = (int)nonet_rng_below(c->rng, 2);
  }
  c->used[0] = c->used[1] = 0;
  for (int side = 0; side < 2; side++)
    for (int line = 0; line < n; line++) {
      int hi, lo;
      coords(line, side ? bc : br, win[side], &hi, &lo);
      int x = c->add[times(c, hi, u[side][1])][times(c, lo, u[side][0])];
      if (c->used[side] >> x & 1) return 0;
      c->used[side] |= 1u << x;
      c->value[side][line] = x;
    }
  memset(c->grid, 0, (size_t)c->r->ncells);
  for (int cell = 0; cell < c->r->ncells; cell++) {
    int e1 = 1 + c->add[c->value[0][cell / n]][c->value[1][cell % n]];
    if (!fits(c, cell, e1)) return 0;
    c->grid[cell] = (uint8_t)e1;
  }
  if (!c->r->nonconsec) return 1;
  memset(c->diff, 0, sizeof c->diff);
  memset(c->ndiff, 0, sizeof c->ndiff);
  for (int side = 0; side < 2; side++)
    for (int line = 1; line < n; line++)
      if (!count_diff(c, side, line_diff(c, side, line, c->value[side][line]),
                      1))
        return 0;
  return labels(c);
}

int nonet__v_cayley_grid(const vrules *r, int br, int bc, unsigned cons,
                         nonet_rng *rng, unsigned long long budget,
                         uint8_t *grid) {
  cay *c = calloc(1, sizeof *c);
  if (!c) return -1;
  c->r = r;
  c->n = r->n;
  c->budget = budget;
  c->rng = rng;
  c->maxdiff = CAYLEY_MAXDIFF(c->n);
  c->cons = cons;
  int found = 0;
  if (random_group(c, (cons & NONET_CONSTRAINT_DIAGONALS) != 0)) {
    for (int t = 0; br && t < CAYLEY_LATTICE && !found; t++)
      found = lattice(c, br, bc);
    if (!found) {
      for (int s = 0; s < 2 * c->n; s++) {
        for (int i = 0; i < c->n; i++) c->order[s][i] = i;
        nonet__v_shuffle(rng, c->order[s], c->n);
      }
      memset(c->value, -1, sizeof c->value);
      memset(c->grid, 0, sizeof c->grid);
      c->used[0] = c->used[1] = 0;
      memset(c->diff, 0, sizeof c->diff);
      memset(c->ndiff, 0, sizeof c->ndiff);
      found = step(c, 0);
    }
  }
  if (found) {
    if (!r->nonconsec) {
      int perm[VMAXN];
      for (int i = 0; i < c->n; i++) perm[i] = i + 1;
      nonet__v_shuffle(rng, perm, c->n);
      for (int i = 0; i < c->n; i++) c->label[i] = (uint8_t)perm[i];
    }
    for (int i = 0; i < r->ncells; i++) grid[i] = c->label[c->grid[i] - 1];
  }
  free(c);
  return found;
}
