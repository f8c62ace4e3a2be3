/* als.c: almost locked sets. An ALS is n cells of one unit holding n+1
 * digits together (a bivalue cell is one); removing any one digit locks
 * the rest.
 * - ALS-XZ: ALS A and B, disjoint, with a restricted common digit X (every
 *   X of A sees every X of B: not both hold X). So one of them is locked
 *   without X and holds all its other digits: for another common digit Z,
 *   A or B holds Z, and cells seeing every Z of both lose Z. With two
 *   restricted commons (doubly linked) both sets are locked: each digit
 *   of A (B) but the commons leaves the cells seeing all of A's (B's)
 *   places, and each common leaves the cells seeing all its places in
 *   both.
 * - ALS-XY-Wing: ALS A, B and a pivot C, with restricted commons X
 *   between A and C and Y between B and C (X != Y), and Z in A and B: if
 *   neither A nor B held Z, A would hold X, C not X so Y, B not Y and
 *   without Z: too few digits. Cells seeing every Z of A and B lose Z.
 *
 * Step data: cells with role 0 ALS A, 1 ALS B, 2 ALS C (the pivot);
 * masks[role] their digits; x the restricted common (A-C for the wing),
 * z the eliminated digit (0 when doubly linked); digits {X, Y}. */
#include <stdlib.h>
#include <string.h>

#include "logic/grid.h"

#define MAXALS 2048
#ifndef ALS_MAX_CELLS
#define ALS_MAX_CELLS 5
#endif

typedef struct als {
  nn_bb cells;
  uint16_t mask;
  uint8_t n, unit;
  nn_bb seen;     /* cells seeing every place of some digit of the set */
  nn_bb xc[9];    /* for each digit of the set: its places */
  nn_bb seers[9]; /* for each digit of the set: cells seeing all its places */
} als;

/* a pair of disjoint sets with restricted commons */
typedef struct als_pair {
  uint16_t a, b, rcc;
} als_pair;

typedef struct als_list {
  nn_cached head;
  int n, cap, npairs, pcap;
  als *v;
  als_pair *pairs;
  int oom;
} als_list;

static void add(als_list *L, const nn_grid *g, nn_bb cells, unsigned mask,
                int unit) {
  if (L->n >= MAXALS || L->oom) return;
  if (L->n == L->cap) {
    int cap = L->cap ? 2 * L->cap : 256;
    als *v = realloc(L->v, sizeof *v * (size_t)cap);
    if (!v) {
      L->oom = 1;
      return;
    }
    L->v = v;
    L->cap = cap;
  }
  als *a = &L->v[L->n++];
  a->cells = cells;
  a->mask = (uint16_t)mask;
  a->n = (uint8_t)bb_count(cells);
  a->unit = (uint8_t)unit;
  a->seen = NN_BB_EMPTY;
  for (unsigned m = mask; m; m &= m - 1) {
    int d = nn_ctz(m);
    a->xc[d] = bb_and(cells, g->dig[d]);
    a->seers[d] = bb_common_peers(a->xc[d]);
    a->seen = bb_or(a->seen, a->seers[d]);
  }
}

static void collect(als_list *L, const nn_grid *g) {
  for (int u = 0; u < 27; u++) {
    int cells[9], n = 0;
    for (int j = 0; j < 9; j++) {
      int c = nonet__unit_cells[u][j];
      if (!g->st.cells[c] && g->st.cand[c]) cells[n++] = c;
    }
    /* digits of every subset, each from the subset without its lowest cell */
    uint16_t dig[512];
    dig[0] = 0;
    for (unsigned m = 1; m < (1u << n); m++) {
      dig[m] = (uint16_t)(dig[m & (m - 1)] | g->st.cand[cells[nn_ctz(m)]]);
      int k = pc9(m);
      if (k >= n || k > ALS_MAX_CELLS || pc9(dig[m]) != k + 1) continue;
      /* a bivalue cell: once (from its row); a set inside one line and
       * one box: once (from the line) */
      if (k == 1 && u >= 9) continue;
      nn_bb b = NN_BB_EMPTY;
      for (unsigned t = m; t; t &= t - 1) bb_set(&b, cells[nn_ctz(t)]);
      if (u >= 18 && k > 1) {
        int c0 = bb_first(b);
        if (bb_sub(b, nonet__unit_bb[c0 / 9]) ||
            bb_sub(b, nonet__unit_bb[9 + c0 % 9]))
          continue;
      }
      add(L, g, b, dig[m], u);
    }
  }
}

static int add_pair(als_list *L, int i, int j, unsigned r) {
  if (L->npairs == L->pcap) {
    int cap = L->pcap ? 2 * L->pcap : 1024;
    als_pair *v = realloc(L->pairs, sizeof *v * (size_t)cap);
    if (!v) {
      L->oom = 1;
      return 0;
    }
    L->pairs = v;
    L->pcap = cap;
  }
  L->pairs[L->npairs++] = (als_pair){(uint16_t)i, (uint16_t)j, (uint16_t)r};
  return 1;
}

/* every disjoint pair with a restricted common digit. For a digit x, the
 * x-places of B must lie where every x-place of A is seen; so the sets
 * are bucketed by digit and lowest x-place, and for A only the buckets of
 * the cells seeing all its x-places are looked at. */
static void pairs(als_list *L, const nn_grid *g) {
  L->npairs = 0;
  int n = L->n;
  if (n < 2) return;
  /* bucket lists: head[x][cell], next per (set, digit) */
  int16_t head[9][81];
  int16_t *next = malloc(sizeof(int16_t) * 9 * (size_t)n);
  uint16_t *acc = calloc((size_t)n, sizeof(uint16_t));
  int *touched = malloc(sizeof(int) * (size_t)n);
  if (!next || !acc || !touched) {
    L->oom = 1;
    goto out;
  }
  memset(head, -1, sizeof head);
  for (int i = n - 1; i >= 0; i--)
    for (unsigned m = L->v[i].mask; m; m &= m - 1) {
      int x = nn_ctz(m), c = bb_first(L->v[i].xc[x]);
      next[i * 9 + x] = head[x][c];
      head[x][c] = (int16_t)i;
    }
  for (int i = 0; i < n; i++) {
    const als *a = &L->v[i];
    int nt = 0;
    for (unsigned m = a->mask; m; m &= m - 1) {
      int x = nn_ctz(m);
      nn_bb t = bb_and(a->seers[x], g->dig[x]);
      BB_FOR(c, t)
      for (int j = head[x][c]; j >= 0; j = next[j * 9 + x]) {
        if (j <= i) continue;
        const als *b = &L->v[j];
        if (!bb_sub(b->xc[x], a->seers[x]) || bb_meets(a->cells, b->cells))
          continue;
        if (!acc[j]) touched[nt++] = j;
        acc[j] |= (uint16_t)(1u << x);
      }
    }
    for (int k = 1; k < nt; k++) /* in index order */
      for (int q = k; q > 0 && touched[q - 1] > touched[q]; q--) {
        int t = touched[q];
        touched[q] = touched[q - 1];
        touched[q - 1] = t;
      }
    for (int k = 0; k < nt; k++) {
      int j = touched[k];
      if (!L->oom) add_pair(L, i, j, acc[j]);
      acc[j] = 0;
    }
  }
out:
  free(next);
  free(acc);
  free(touched);
}

static void put_als(nonet_step *s, const als *a, int role) {
  step_cells(s, a->cells, role);
  s->masks[role] = a->mask;
}

static int als_xz(const nn_grid *g, const als_list *L, nn_sink *k) {
  for (int p = 0; p < L->npairs; p++) {
    const als *a = &L->v[L->pairs[p].a], *b = &L->v[L->pairs[p].b];
    unsigned r = L->pairs[p].rcc, common = a->mask & b->mask;
    nn_bb both = bb_or(a->cells, b->cells);
    nonet_step *s = k->step;
    if (pc9(r) >= 2) {
      /* doubly linked: both sets are locked */
      step_begin(s, NONET_TECH_ALS_XZ);
      put_als(s, a, 0);
      put_als(s, b, 1);
      s->x = (uint8_t)(nn_ctz(r) + 1);
      s->digits = (nonet_mask)r;
      for (unsigned m = r; m; m &= m - 1) {
        int z = nn_ctz(m);
        nn_bb e = bb_and(bb_and(a->seers[z], b->seers[z]), g->dig[z]);
        step_elims(s, bb_andn(e, both), z);
      }
      for (int t = 0; t < 2; t++) {
        const als *q = t ? b : a;
        for (unsigned m = q->mask & ~r; m; m &= m - 1) {
          int z = nn_ctz(m);
          step_elims(s, bb_andn(bb_and(q->seers[z], g->dig[z]), both), z);
        }
      }
      if (sink_emit(k)) return 1;
      continue;
    }
    int x = nn_ctz(r);
    for (unsigned m = common & ~r; m; m &= m - 1) {
      int z = nn_ctz(m);
      nn_bb e =
          bb_andn(bb_and(bb_and(a->seers[z], b->seers[z]), g->dig[z]), both);
      if (bb_empty(e)) continue;
      step_begin(s, NONET_TECH_ALS_XZ);
      put_als(s, a, 0);
      put_als(s, b, 1);
      s->x = (uint8_t)(x + 1);
      s->z = (uint8_t)(z + 1);
      s->digits = (nonet_mask)(1u << x);
      step_elims(s, e, z);
      if (sink_emit(k)) return 1;
    }
  }
  return 0;
}

static int wing(const nn_grid *g, const als_list *L, nn_sink *k, int c, int ia,
                unsigned ra, int ib, unsigned rb) {
  const als *A = &L->v[ia], *B = &L->v[ib], *C = &L->v[c];
  if (bb_meets(A->cells, B->cells)) return 0;
  unsigned zs = A->mask & B->mask;
  if (!zs) return 0;
  nn_bb all = bb_or(bb_or(A->cells, B->cells), C->cells);
  for (unsigned xm = ra; xm; xm &= xm - 1)
    for (unsigned ym = rb; ym; ym &= ym - 1) {
      int x = nn_ctz(xm), y = nn_ctz(ym);
      if (x == y) continue;
      for (unsigned zm = zs & ~(1u << x) & ~(1u << y); zm; zm &= zm - 1) {
        int z = nn_ctz(zm);
        nn_bb e =
            bb_andn(bb_and(bb_and(A->seers[z], B->seers[z]), g->dig[z]), all);
        if (bb_empty(e)) continue;
        nonet_step *s = k->step;
        step_begin(s, NONET_TECH_ALS_XY_WING);
        put_als(s, A, 0);
        put_als(s, B, 1);
        put_als(s, C, 2);
        s->x = (uint8_t)(x + 1);
        s->z = (uint8_t)(z + 1);
        s->digits = (nonet_mask)((1u << x) | (1u << y));
        step_elims(s, e, z);
        if (sink_emit(k)) return 1;
      }
    }
  return 0;
}

static int als_xy_wing(const nn_grid *g, const als_list *L, nn_sink *k) {
  /* adjacency: the pairs sorted by each end */
  int *start = calloc((size_t)L->n + 1, sizeof(int));
  int *adj = malloc(sizeof(int) * 2 * ((size_t)L->npairs + 1));
  int found = 0;
  if (!start || !adj) {
    k->nomem = 1;
    goto out;
  }
  for (int p = 0; p < L->npairs; p++) {
    start[L->pairs[p].a + 1]++;
    start[L->pairs[p].b + 1]++;
  }
  for (int i = 0; i < L->n; i++) start[i + 1] += start[i];
  {
    int *fill = malloc(sizeof(int) * ((size_t)L->n + 1));
    if (!fill) goto out;
    memcpy(fill, start, sizeof(int) * ((size_t)L->n + 1));
    for (int p = 0; p < L->npairs; p++) {
      adj[fill[L->pairs[p].a]++] = p;
      adj[fill[L->pairs[p].b]++] = p;
    }
    free(fill);
  }
  for (int c = 0; c < L->n && !found; c++)
    for (int i = start[c]; i < start[c + 1] && !found; i++)
      for (int j = i + 1; j < start[c + 1] && !found; j++) {
        const als_pair *p = &L->pairs[adj[i]], *q = &L->pairs[adj[j]];
        int ia = p->a == c ? p->b : p->a, ib = q->a == c ? q->b : q->a;
        found = wing(g, L, k, c, ia, p->rcc, ib, q->rcc);
      }
out:
  free(start);
  free(adj);
  return found;
}

static void destroy(void *self) {
  als_list *L = self;
  free(L->v);
  free(L->pairs);
  free(L);
}

int nonet__find_als(const nn_grid *g, int tech, nn_sink *k) {
  /* the sets and their pairs are shared by ALS-XZ and ALS-XY-Wing */
  als_list *L = k->cache ? k->cache->slot[NN_CACHE_ALS] : NULL;
  if (!L) {
    L = calloc(1, sizeof *L);
    if (!L) {
      k->nomem = 1;
      return 0;
    }
    L->head.destroy = destroy;
    collect(L, g);
    pairs(L, g);
    if (k->cache) k->cache->slot[NN_CACHE_ALS] = L;
  }
  int r = 0;
  if (!L->oom)
    r = tech == NONET_TECH_ALS_XZ ? als_xz(g, L, k) : als_xy_wing(g, L, k);
  else
    k->nomem = 1;
  if (!k->cache) destroy(L);
  return r;
}
