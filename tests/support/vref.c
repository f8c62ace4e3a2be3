/* vref.c: see vref.h. Written apart from the library, simple on purpose:
 * every rule is checked cell pair by cell pair from its definition. */
#include "vref.h"
#include "dlx.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the JSON object ---------------------------------------------------- */

typedef struct js {
  const char *s;
  char *err;
  int errcap, bad;
} js;

static void ws(js *j) {
  while (*j->s == ' ' || *j->s == '\n' || *j->s == '\t' || *j->s == '\r')
    j->s++;
}

static int fail(js *j, const char *what) {
  if (!j->bad)
    snprintf(j->err, (size_t)j->errcap, "%s near '%.20s'", what, j->s);
  j->bad = 1;
  return -1;
}

static int eat(js *j, char c) {
  ws(j);
  if (*j->s != c) return fail(j, "unexpected text");
  j->s++;
  return 0;
}

static int str(js *j, char *out, int cap) {
  int k = 0;
  if (eat(j, '"') < 0) return -1;
  while (*j->s && *j->s != '"') {
    if (k + 1 < cap) out[k++] = *j->s;
    j->s++;
  }
  out[k] = 0;
  return eat(j, '"');
}

static int num(js *j, long *v) {
  char *end;
  ws(j);
  *v = strtol(j->s, &end, 10);
  if (end == j->s) return fail(j, "expected a number");
  j->s = end;
  return 0;
}

/* [n, n, ...] or [[...], [...]] flattened */
static int nums(js *j, int *out, int cap, int *k) {
  if (eat(j, '[') < 0) return -1;
  ws(j);
  if (*j->s == ']') {
    j->s++;
    return 0;
  }
  for (;;) {
    ws(j);
    if (*j->s == '[') {
      if (nums(j, out, cap, k) < 0) return -1;
    } else {
      long v;
      if (num(j, &v) < 0) return -1;
      if (*k < cap) out[*k] = (int)v;
      ++*k;
    }
    ws(j);
    if (*j->s == ']') {
      j->s++;
      return 0;
    }
    if (eat(j, ',') < 0) return -1;
  }
}

static int skip(js *j) {
  ws(j);
  if (*j->s == '"') {
    char tmp[2];
    return str(j, tmp, 2);
  }
  if (*j->s == '[' || *j->s == '{') {
    char close = *j->s == '[' ? ']' : '}';
    j->s++;
    ws(j);
    if (*j->s == close) {
      j->s++;
      return 0;
    }
    for (;;) {
      if (close == '}') {
        char key[64];
        if (str(j, key, 64) < 0 || eat(j, ':') < 0) return -1;
      }
      if (skip(j) < 0) return -1;
      ws(j);
      if (*j->s == close) {
        j->s++;
        return 0;
      }
      if (eat(j, ',') < 0) return -1;
    }
  }
  while (*j->s && !strchr(",]}", *j->s)) j->s++;
  return 0;
}

int vref_parse_json(const char *s, vref_puzzle *p, char *err, int errcap) {
  js j = {s, err, errcap, 0};
  static int tmp[VREF_MAXC + 8];
  int k, have_box = 0, have_regions = 0, ncells = -1;
  memset(p, 0, sizeof *p);
  if (eat(&j, '{') < 0) return -1;
  for (;;) {
    char key[64];
    if (str(&j, key, 64) < 0 || eat(&j, ':') < 0) return -1;
    if (!strcmp(key, "size")) {
      long v;
      if (num(&j, &v) < 0) return -1;
      p->n = (int)v;
    } else if (!strcmp(key, "box")) {
      k = 0;
      if (nums(&j, tmp, 8, &k) < 0) return -1;
      if (k != 2) return fail(&j, "box");
      p->br = tmp[0], p->bc = tmp[1];
      have_box = 1;
    } else if (!strcmp(key, "regions")) {
      k = 0;
      if (nums(&j, p->region, VREF_MAXC, &k) < 0) return -1;
      have_regions = k;
    } else if (!strcmp(key, "cells") || !strcmp(key, "solution")) {
      k = 0;
      if (nums(&j, tmp, VREF_MAXC, &k) < 0) return -1;
      uint8_t *to = key[0] == 'c' ? p->cells : p->solution;
      for (int i = 0; i < k && i < VREF_MAXC; i++) to[i] = (uint8_t)tmp[i];
      if (key[0] == 'c')
        ncells = k;
      else
        p->has_solution = 1;
    } else if (!strcmp(key, "constraints")) {
      if (eat(&j, '[') < 0) return -1;
      ws(&j);
      while (*j.s != ']') {
        char name[64];
        if (str(&j, name, 64) < 0) return -1;
        if (!strcmp(name, "diagonals"))
          p->diagonals = 1;
        else if (!strcmp(name, "windoku"))
          p->windoku = 1;
        else if (!strcmp(name, "disjoint"))
          p->disjoint = 1;
        else if (!strcmp(name, "anti-knight"))
          p->knight = 1;
        else if (!strcmp(name, "anti-king"))
          p->king = 1;
        else if (!strcmp(name, "nonconsecutive"))
          p->nonconsecutive = 1;
        else
          return fail(&j, "unknown constraint");
        ws(&j);
        if (*j.s == ',') j.s++;
        ws(&j);
      }
      j.s++;
    } else if (!strcmp(key, "cages")) {
      if (eat(&j, '[') < 0) return -1;
      ws(&j);
      while (*j.s != ']') {
        vref_cage *c = &p->cages[p->ncages++];
        if (eat(&j, '{') < 0) return -1;
        for (;;) {
          char ck[16];
          if (str(&j, ck, 16) < 0 || eat(&j, ':') < 0) return -1;
          if (!strcmp(ck, "sum")) {
            long v;
            if (num(&j, &v) < 0) return -1;
            c->sum = (int)v;
          } else if (!strcmp(ck, "cells")) {
            c->k = 0;
            if (nums(&j, c->cells, VREF_MAXN, &c->k) < 0) return -1;
          } else if (skip(&j) < 0) {
            return -1;
          }
          ws(&j);
          if (*j.s == '}') break;
          if (eat(&j, ',') < 0) return -1;
        }
        j.s++;
        ws(&j);
        if (*j.s == ',') j.s++;
        ws(&j);
      }
      j.s++;
    } else if (skip(&j) < 0) {
      return -1;
    }
    ws(&j);
    if (*j.s == '}') break;
    if (eat(&j, ',') < 0) return -1;
  }
  if (p->n < 1 || p->n > VREF_MAXN) return fail(&j, "size");
  if (ncells != p->n * p->n) return fail(&j, "cells");
  if (!have_box && have_regions != p->n * p->n) return fail(&j, "regions");
  return 0;
}

/* ---- the rules, from their definitions ---------------------------------- */

static int region_of(const vref_puzzle *p, int c) {
  int r = c / p->n, col = c % p->n;
  if (!p->br) return p->region[c];
  return (r / p->br) * (p->n / p->bc) + col / p->bc;
}

/* The window (0..) holding cell c, or -1: windows of the box shape (the
 * most square one for a jigsaw), each starting one cell after the
 * previous one ends, from row and column 1 (0-based). */
static int window_of(const vref_puzzle *p, int c) {
  int wr = p->br, wc = p->bc, n = p->n;
  if (!wr)
    for (int a = 2; a * a <= n; a++)
      if (n % a == 0) wr = a, wc = n / a;
  if (!wr) return -1;
  int r = c / n, col = c % n, across = n / wc - 1;
  int rr = r - 1, cc = col - 1;
  if (rr < 0 || cc < 0) return -1;
  if (rr % (wr + 1) == wr || cc % (wc + 1) == wc) return -1; /* a gap */
  int a = rr / (wr + 1), b = cc / (wc + 1);
  if (a >= n / wr - 1 || b >= across) return -1;
  return a * across + b;
}

/* 1 when cells a and b (a != b) may not hold the same digit. */
static int must_differ(const vref_puzzle *p, int a, int b) {
  int n = p->n, ra = a / n, ca = a % n, rb = b / n, cb = b % n;
  int dr = ra > rb ? ra - rb : rb - ra, dc = ca > cb ? ca - cb : cb - ca;
  if (ra == rb || ca == cb || region_of(p, a) == region_of(p, b)) return 1;
  if (p->diagonals &&
      ((ra == ca && rb == cb) || (ra + ca == n - 1 && rb + cb == n - 1)))
    return 1;
  if (p->windoku) {
    int wa = window_of(p, a);
    if (wa >= 0 && wa == window_of(p, b)) return 1;
  }
  if (p->disjoint && p->br && ra % p->br == rb % p->br &&
      ca % p->bc == cb % p->bc)
    return 1;
  if (p->knight && ((dr == 1 && dc == 2) || (dr == 2 && dc == 1))) return 1;
  if (p->king && dr <= 1 && dc <= 1) return 1;
  for (int k = 0; k < p->ncages; k++) {
    int ina = 0, inb = 0;
    for (int i = 0; i < p->cages[k].k; i++) {
      ina |= p->cages[k].cells[i] == a;
      inb |= p->cages[k].cells[i] == b;
    }
    if (ina && inb) return 1;
  }
  return 0;
}

int vref_is_solution(const vref_puzzle *p, const uint8_t *g) {
  int n = p->n, nc = n * n;
  for (int c = 0; c < nc; c++) {
    if (g[c] < 1 || g[c] > n) return 0;
    if (p->cells[c] && p->cells[c] != g[c]) return 0;
  }
  for (int a = 0; a < nc; a++)
    for (int b = a + 1; b < nc; b++) {
      if (g[a] == g[b] && must_differ(p, a, b)) return 0;
      int dr = a / n - b / n, dc = a % n - b % n;
      if (p->nonconsecutive && dr * dr + dc * dc == 1 &&
          (g[a] - g[b] == 1 || g[b] - g[a] == 1))
        return 0;
    }
  for (int k = 0; k < p->ncages; k++) {
    int s = 0;
    for (int i = 0; i < p->cages[k].k; i++) s += g[p->cages[k].cells[i]];
    if (s != p->cages[k].sum) return 0;
  }
  return 1;
}

/* ---- Dancing Links ------------------------------------------------------ */

typedef struct dlx {
  int *L, *R, *U, *D, *C, *row, *size;
  int ncols, nprim, nodes;
  const vref_puzzle *p;
  int *cage_of;  /* cage of each cell, -1 */
  int cell_rows; /* rows below this are (cell, digit); the rest are
                    cages' digit sets */
  uint8_t grid[VREF_MAXC];
  long found, limit;
  uint8_t *first;
  uint32_t *cand;
} dlx;

static void cover(dlx *x, int c) {
  dlx_links l = {x->L, x->R, x->U, x->D, x->C, x->size};
  dlx_cover(&l, c);
}

static void uncover(dlx *x, int c) {
  dlx_links l = {x->L, x->R, x->U, x->D, x->C, x->size};
  dlx_uncover(&l, c);
}

static void search(dlx *x) {
  if (x->found >= x->limit) return;
  int h = x->ncols;
  if (x->R[h] == h) {
    int nc = x->p->n * x->p->n;
    if (x->found == 0 && x->first) memcpy(x->first, x->grid, (size_t)nc);
    if (x->cand)
      for (int c = 0; c < nc; c++) x->cand[c] |= 1u << (x->grid[c] - 1);
    x->found++;
    return;
  }
  int best = x->R[h];
  for (int c = x->R[h]; c != h; c = x->R[c])
    if (x->size[c] < x->size[best]) best = c;
  if (x->size[best] == 0) return;
  cover(x, best);
  for (int r = x->D[best]; r != best && x->found < x->limit; r = x->D[r]) {
    if (x->row[r] < x->cell_rows)
      x->grid[x->row[r] / x->p->n] = (uint8_t)(x->row[r] % x->p->n + 1);
    for (int j = x->R[r]; j != r; j = x->R[j]) cover(x, x->C[j]);
    search(x);
    for (int j = x->L[r]; j != r; j = x->L[j]) uncover(x, x->C[j]);
  }
  uncover(x, best);
}

/* The digit sets of k different digits of 1..n adding up to sum. */
static int digit_sets(int n, int from, int k, int sum, unsigned set,
                      unsigned *out, int cap, int count) {
  if (k == 0) {
    if (sum == 0 && count < cap) out[count++] = set;
    return count;
  }
  for (int d = from; d <= n && d <= sum; d++)
    count = digit_sets(n, d + 1, k - 1, sum - d, set | 1u << (d - 1), out, cap,
                       count);
  return count;
}

#define SETS_MAX 8192

int vref_must_differ(const vref_puzzle *p, int a, int b) {
  return a != b && must_differ(p, a, b);
}

int vref_houses(const vref_puzzle *p, int (*house)[VREF_MAXN]) {
  int n = p->n, nc = n * n, nh = 0;
  for (int a = 0; a < n; a++) {
    for (int i = 0; i < n; i++) {
      house[nh][i] = a * n + i;
      house[nh + 1][i] = i * n + a;
    }
    nh += 2;
    int k = 0;
    for (int c = 0; c < nc; c++)
      if (region_of(p, c) == a) house[nh][k++] = c;
    nh++;
  }
  if (p->diagonals) {
    for (int i = 0; i < n; i++) {
      house[nh][i] = i * n + i;
      house[nh + 1][i] = i * n + n - 1 - i;
    }
    nh += 2;
  }
  if (p->windoku)
    for (int w = 0;; w++) {
      int k = 0;
      for (int c = 0; c < nc; c++)
        if (window_of(p, c) == w) house[nh][k++] = c;
      if (k == 0) break;
      nh++;
    }
  if (p->disjoint && p->br)
    for (int q = 0; q < n; q++, nh++)
      for (int c = 0, k = 0; c < nc; c++)
        if ((c / n % p->br) * p->bc + c % n % p->bc == q) house[nh][k++] = c;
  return nh;
}

/* Columns: cell, then (house, digit) for every house, then for each cage
 * "the cage's digit set" and (cage, digit) (primary: exactly once); then
 * secondary (at most once): (related pair, digit) for knight and king,
 * (neighbour pair, digit d) for nonconsecutive (d and d+1 in either
 * order). A cell row covers (cage, digit) when the cell is in the cage;
 * a cage's row for one digit set covers the cage's set column and
 * (cage, d) for each d NOT in the set: so exactly the set's digits are
 * taken by the cage's cells, once each. */
static long count_impl(const vref_puzzle *p, long limit, uint8_t *first,
                       uint32_t *cand) {
  int n = p->n, nc = n * n;
  /* houses, listed cell by cell: each a set of n cells */
  int(*house)[VREF_MAXN] = malloc(sizeof(int[VREF_MAXH][VREF_MAXN]));
  if (!house) return -1;
  int nh = vref_houses(p, house);
  /* pairs for the relations */
  int(*pairs)[2] = malloc(sizeof(int[8 * VREF_MAXC][2]));
  int np = 0, npc = 0;
  if (!pairs) {
    free(house);
    return -1;
  }
  for (int a = 0; a < nc; a++)
    for (int b = a + 1; b < nc; b++) {
      int dr = abs(a / n - b / n), dc = abs(a % n - b % n);
      if ((p->knight && ((dr == 1 && dc == 2) || (dr == 2 && dc == 1))) ||
          (p->king && dr == 1 && dc == 1))
        pairs[np][0] = a, pairs[np++][1] = b;
    }
  int(*cons)[2] = malloc(sizeof(int[2 * VREF_MAXC][2]));
  if (!cons) {
    free(house);
    free(pairs);
    return -1;
  }
  if (p->nonconsecutive)
    for (int a = 0; a < nc; a++) {
      if (a % n < n - 1) cons[npc][0] = a, cons[npc++][1] = a + 1;
      if (a / n < n - 1) cons[npc][0] = a, cons[npc++][1] = a + n;
    }
  int ncage_cols = p->ncages * (n + 1);
  int nprim = nc + nh * n + ncage_cols;
  int ncols = nprim + np * n + npc * 2 * (n - 1);
  unsigned *sets = malloc(sizeof(unsigned) * SETS_MAX);
  int *nsets = calloc((size_t)p->ncages + 1, sizeof(int)), total_sets = 0;
  int oom = 0;
  unsigned **cage_sets = calloc((size_t)p->ncages + 1, sizeof(unsigned *));
  if (!sets || !nsets || !cage_sets) {
    free(sets);
    free(nsets);
    free(cage_sets);
    free(house);
    free(pairs);
    free(cons);
    return -1;
  }
  for (int k = 0; k < p->ncages; k++) {
    nsets[k] =
        digit_sets(n, 1, p->cages[k].k, p->cages[k].sum, 0, sets, SETS_MAX, 0);
    cage_sets[k] = malloc(sizeof(unsigned) * (size_t)(nsets[k] + 1));
    if (cage_sets[k])
      memcpy(cage_sets[k], sets, sizeof(unsigned) * (size_t)nsets[k]);
    else
      oom = 1;
    total_sets += nsets[k];
  }
  /* a row: its cell, at most 7 houses (row, column, region, 2 diagonals,
   * a window, a disjoint group), a cage, 12 related cells (8 knight, 4
   * king), 8 nonconsecutive columns */
  int per_row = 32;
  int maxnodes = ncols + 1 + nc * n * per_row + total_sets * (n + 1);
  dlx x;
  memset(&x, 0, sizeof x);
  x.L = malloc(sizeof(int) * (size_t)maxnodes);
  x.R = malloc(sizeof(int) * (size_t)maxnodes);
  x.U = malloc(sizeof(int) * (size_t)maxnodes);
  x.D = malloc(sizeof(int) * (size_t)maxnodes);
  x.C = malloc(sizeof(int) * (size_t)maxnodes);
  x.row = malloc(sizeof(int) * (size_t)maxnodes);
  x.size = calloc((size_t)ncols + 1, sizeof(int));
  x.cage_of = malloc(sizeof(int) * (size_t)nc);
  long result = -1;
  if (!x.L || !x.R || !x.U || !x.D || !x.C || !x.row || !x.size || !x.cage_of ||
      oom)
    goto out;
  x.ncols = ncols;
  x.nprim = nprim;
  x.p = p;
  /* header: primary columns in the ring, secondary ones alone */
  for (int c = 0; c <= ncols; c++) {
    x.U[c] = x.D[c] = c;
    x.C[c] = c;
    if (c < nprim || c == ncols) {
      x.L[c] = c == 0 ? ncols : c - 1;
      x.R[c] = c == nprim - 1 ? ncols : c + 1;
    } else {
      x.L[c] = x.R[c] = c;
    }
  }
  x.L[ncols] = nprim - 1;
  x.R[ncols] = 0;
  x.nodes = ncols + 1;
  for (int c = 0; c < nc; c++) x.cage_of[c] = -1;
  for (int k = 0; k < p->ncages; k++)
    for (int i = 0; i < p->cages[k].k; i++) x.cage_of[p->cages[k].cells[i]] = k;
  x.cell_rows = nc * n;
  for (int c = 0; c < nc; c++)
    for (int d = 1; d <= n; d++) {
      if (p->cells[c] && p->cells[c] != d) continue;
      int cols[4 * VREF_MAXN + 64], k = 0;
      cols[k++] = c;
      for (int h = 0; h < nh; h++)
        for (int i = 0; i < n; i++)
          if (house[h][i] == c) cols[k++] = nc + h * n + d - 1;
      int cage0 = nc + nh * n; /* the cages' columns */
      if (x.cage_of[c] >= 0)
        cols[k++] = cage0 + x.cage_of[c] * (n + 1) + 1 + d - 1;
      for (int q = 0; q < np; q++)
        if (pairs[q][0] == c || pairs[q][1] == c)
          cols[k++] = nprim + q * n + d - 1;
      int base = nprim + np * n;
      for (int q = 0; q < npc; q++) {
        /* (a = e, b = e + 1) in column 2(n-1)q + e - 1; (a = e + 1, b = e)
         * in column 2(n-1)q + (n-1) + e - 1 */
        int a = cons[q][0], b = cons[q][1], col0 = base + q * 2 * (n - 1);
        if (a == c && d < n) cols[k++] = col0 + d - 1;
        if (b == c && d > 1) cols[k++] = col0 + d - 2;
        if (a == c && d > 1) cols[k++] = col0 + (n - 1) + d - 2;
        if (b == c && d < n) cols[k++] = col0 + (n - 1) + d - 1;
      }
      int first_node = x.nodes;
      for (int i = 0; i < k; i++) {
        int nd = x.nodes++, col = cols[i];
        x.C[nd] = col;
        x.row[nd] = c * n + d - 1;
        x.U[nd] = x.U[col];
        x.D[nd] = col;
        x.D[x.U[col]] = nd;
        x.U[col] = nd;
        x.size[col]++;
        x.L[nd] = i ? nd - 1 : first_node + k - 1;
        x.R[nd] = i < k - 1 ? nd + 1 : first_node;
      }
    }
  for (int k = 0, id = nc * n; k < p->ncages; k++)
    for (int t = 0; t < nsets[k]; t++, id++) {
      int cols[VREF_MAXN + 1], m = 0, cage0 = nc + nh * n + k * (n + 1);
      cols[m++] = cage0;
      for (int d = 1; d <= n; d++)
        if (!(cage_sets[k][t] >> (d - 1) & 1)) cols[m++] = cage0 + d;
      int first_node = x.nodes;
      for (int i = 0; i < m; i++) {
        int nd = x.nodes++, col = cols[i];
        x.C[nd] = col;
        x.row[nd] = id;
        x.U[nd] = x.U[col];
        x.D[nd] = col;
        x.D[x.U[col]] = nd;
        x.U[col] = nd;
        x.size[col]++;
        x.L[nd] = i ? nd - 1 : first_node + m - 1;
        x.R[nd] = i < m - 1 ? nd + 1 : first_node;
      }
    }
  x.limit = limit;
  x.first = first;
  x.cand = cand;
  search(&x);
  result = x.found;
out:
  free(x.L);
  free(x.R);
  free(x.U);
  free(x.D);
  free(x.C);
  free(x.row);
  free(x.size);
  free(x.cage_of);
  free(house);
  free(pairs);
  free(cons);
  for (int k = 0; k < p->ncages; k++) free(cage_sets[k]);
  free(cage_sets);
  free(nsets);
  free(sets);
  return result;
}

long vref_count(const vref_puzzle *p, long limit, uint8_t *first) {
  return count_impl(p, limit, first, NULL);
}

long vref_candidates(const vref_puzzle *p, long limit, uint32_t *cand) {
  memset(cand, 0, sizeof(uint32_t) * (size_t)(p->n * p->n));
  return count_impl(p, limit, NULL, cand);
}

int vref_quick(void) {
  const char *q = getenv("NONET_TEST_QUICK");
  return q && *q && strcmp(q, "0") != 0;
}
