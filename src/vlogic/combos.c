/* combos.c: which digits k empty cells with a known sum can hold. For a
 * clique (a cage, or part of one: every cell differs from every other)
 * the digit sets with the sum are enumerated, and a set fits when its
 * digits can be matched to the cells by their candidates (each cell's
 * possible digits are those of some such matching); otherwise (innies
 * and outies in different houses) the assignments themselves are
 * searched, cells that see each other differing. */
#include "vlogic/vlogic.h"

/* Work limits: beyond them a group is left alone (nothing unsound). */
#define MAX_NODES 400000

typedef struct walk {
  const vl_sumset *q;
  uint32_t *possible, *combos;
  uint32_t required;
  int ncap, nsets, nodes, over;
  uint8_t pick[VL_MAXN]; /* DFS: the digit of each cell */
} walk;

/* Kuhn's matching of cells (bit i of `cells`) to digits of `set`: 1 when
 * every cell gets its own digit. */
static int augment(const vl_sumset *q, uint32_t set, int i, uint32_t *seen,
                   int *owner) {
  for (uint32_t m = q->cand[i] & set & ~*seen; m; m &= m - 1) {
    int d = vl_ctz(m);
    *seen |= 1u << d;
    if (owner[d] < 0 || augment(q, set, owner[d], seen, owner)) {
      owner[d] = i;
      return 1;
    }
  }
  return 0;
}

static int matches(const vl_sumset *q, uint32_t cells, uint32_t set) {
  int owner[32]; /* (only the set's digits are read) */
  for (uint32_t m = set; m; m &= m - 1) owner[vl_ctz(m)] = -1;
  for (uint32_t c = cells; c; c &= c - 1) {
    uint32_t seen = 0;
    if (!augment(q, set, vl_ctz(c), &seen, owner)) return 0;
  }
  return 1;
}

static void fits(walk *w, uint32_t set) {
  const vl_sumset *q = w->q;
  uint32_t everyone = (1u << q->k) - 1; /* k <= 25 */
  /* (quick refusals: a cell with none of the set's digits, a digit of
   * the set no cell holds) */
  uint32_t held = 0;
  for (int i = 0; i < q->k; i++) {
    if (!(q->cand[i] & set)) return;
    held |= q->cand[i];
  }
  if (set & ~held) return;
  if (!matches(q, everyone, set)) return;
  for (int i = 0; i < q->k; i++)
    for (uint32_t m = q->cand[i] & set & ~w->possible[i]; m; m &= m - 1) {
      int d = vl_ctz(m);
      if (matches(q, everyone & ~(1u << i), set & ~(1u << d)))
        w->possible[i] |= 1u << d;
    }
  if (w->nsets < w->ncap) w->combos[w->nsets] = set;
  w->nsets++;
  w->required &= set;
}

/* Digit sets of `left` more digits from `from` up with sum `sum`. */
static void sets(walk *w, int from, int left, int sum, uint32_t set) {
  if (++w->nodes > MAX_NODES) {
    w->over = 1;
    return;
  }
  if (!left) {
    if (!sum) fits(w, set);
    return;
  }
  /* the digits from `from` up; the smallest and largest sums of `left`
   * of them */
  const uint32_t up = from < 32 ? w->q->avail & (~0u << from) : 0;
  int lo = 0, hi = 0, c = 0;
  for (uint32_t m = up; m && c < left; m &= m - 1) lo += vl_ctz(m) + 1, c++;
  if (c < left || lo > sum) return;
  c = 0;
  for (uint32_t m = up; m && c < left; c++) {
    int d = vl_top(m) - 1;
    hi += d + 1;
    m &= ~(1u << d);
  }
  if (hi < sum) return;
  for (uint32_t m = up; m && !w->over; m &= m - 1) {
    int d = vl_ctz(m);
    if (d + 1 > sum) break; /* (the digits come in increasing order) */
    sets(w, d + 1, left - 1, sum - d - 1, set | 1u << d);
  }
}

/* Assignments cell by cell, cells that differ holding different digits. */
static void assign(walk *w, int i, int sum) {
  const vl_sumset *q = w->q;
  if (++w->nodes > MAX_NODES) {
    w->over = 1;
    return;
  }
  if (i == q->k) {
    if (sum) return;
    uint32_t set = 0;
    for (int j = 0; j < q->k; j++) {
      w->possible[j] |= 1u << (w->pick[j] - 1);
      set |= 1u << (w->pick[j] - 1);
    }
    if (w->nsets < w->ncap) w->combos[w->nsets] = set;
    w->nsets++;
    return;
  }
  int rest_max = 0; /* what the cells after i can add at most */
  for (int j = i + 1; j < q->k; j++) rest_max += vl_top(q->cand[j] & q->avail);
  for (uint32_t m = q->cand[i] & q->avail; m && !w->over; m &= m - 1) {
    int d = vl_ctz(m) + 1, ok = d <= sum && sum - d <= rest_max;
    for (int j = 0; j < i && ok; j++)
      if (q->differ[i] >> j & 1 && w->pick[j] == d) ok = 0;
    if (!ok) continue;
    w->pick[i] = (uint8_t)d;
    assign(w, i + 1, sum - d);
  }
}

int nonet__vl_sumset_solve(const vl_sumset *q, uint32_t *possible,
                           uint32_t *required, uint32_t *combos, int ncap,
                           int *ncombos) {
  walk w = {q, possible, combos, ~0u, ncap, 0, 0, 0, {0}};
  int clique = 1;
  for (int i = 0; i < q->k; i++) {
    possible[i] = 0;
    if (!q->cand[i]) return 0;
    if (vl_pop(q->differ[i]) != q->k - 1) clique = 0;
  }
  if (clique)
    sets(&w, 0, q->k, q->sum, 0);
  else
    assign(&w, 0, q->sum);
  if (w.over) return -1;
  if (ncombos) *ncombos = w.nsets;
  if (required) *required = clique && w.nsets ? w.required : 0;
  return w.nsets > 0;
}

int nonet__vl_sumset_of(const vl_grid *g, const uint16_t *cells, int k, int sum,
                        int clique, vl_sumset *q) {
  return nonet__vl_sumset_at(g, g->cells, g->cand, cells, k, sum, clique, q);
}

int nonet__vl_sumset_at(const vl_grid *g, const uint8_t *placed,
                        const uint32_t *cand, const uint16_t *cells, int k,
                        int sum, int clique, vl_sumset *q) {
  q->k = 0;
  q->sum = sum;
  q->avail = g->all;
  for (int j = 0; j < k; j++) {
    int d = placed[cells[j]];
    if (d) {
      q->sum -= d;
      if (clique) q->avail &= ~(1u << (d - 1));
    } else {
      if (q->k == VL_MAXN) return -1;
      q->cells[q->k] = cells[j];
      q->cand[q->k++] = cand[cells[j]];
    }
  }
  if (q->sum < 0) return -1;
  for (int i = 0; i < q->k; i++) {
    q->differ[i] = 0;
    for (int j = 0; j < q->k; j++)
      if (j != i && (clique || vl_has(&g->peers[q->cells[i]], q->cells[j])))
        q->differ[i] |= 1u << j;
  }
  return 0;
}
