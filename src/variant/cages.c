/* cages.c: killer cages: their checks (cells, connection, overlap, a
 * possible sum) and the sets of different digits that make a sum. */
#include <stdio.h>

#include "variant.h"

int nonet__v_min_sum(int n, int k) {
  (void)n;
  return k * (k + 1) / 2;
}

int nonet__v_max_sum(int n, int k) { return k * (2 * n - k + 1) / 2; }

static void sort_cells(uint16_t *c, int k) {
  for (int i = 1; i < k; i++) {
    uint16_t x = c[i];
    int j = i;
    for (; j > 0 && c[j - 1] > x; j--) c[j] = c[j - 1];
    c[j] = x;
  }
}

int nonet__v_check_cage(const nonet_variant *v, int sum, uint16_t *cells, int k,
                        char *err, size_t errcap) {
  int n = v->n;
  char msg[200] = "", a[16], b[16];
  if (k < 1 || k > n) {
    snprintf(msg, sizeof msg, "cage of sum %d has %d cells: 1 to %d allowed",
             sum, k, n);
    goto bad;
  }
  for (int i = 0; i < k; i++)
    if (cells[i] >= n * n) {
      snprintf(msg, sizeof msg,
               "cage of sum %d: cell %d is outside the grid (0 to %d)", sum,
               cells[i], n * n - 1);
      goto bad;
    }
  sort_cells(cells, k);
  /* (the names are written only for a message) */
  for (int i = 1; i < k; i++)
    if (cells[i] == cells[i - 1]) {
      nonet__v_cell_name(n, cells[0], a);
      nonet__v_cell_name(n, cells[i], b);
      snprintf(msg, sizeof msg, "cage of sum %d at %s lists %s twice", sum, a,
               b);
      goto bad;
    }
  int apart;
  if (!nonet__v_connected(n, cells, k, &apart)) {
    nonet__v_cell_name(n, cells[0], a);
    nonet__v_cell_name(n, apart, b);
    snprintf(msg, sizeof msg,
             "cage of sum %d at %s is not connected: %s cannot be reached", sum,
             a, b);
    goto bad;
  }
  int lo = nonet__v_min_sum(n, k), hi = nonet__v_max_sum(n, k);
  if (sum < lo || sum > hi) {
    nonet__v_cell_name(n, cells[0], a);
    snprintf(msg, sizeof msg,
             "cage of sum %d at %s is impossible: %d different digits sum to "
             "%d .. %d",
             sum, a, k, lo, hi);
    goto bad;
  }
  for (int c = 0; c < v->ncages; c++) {
    const vcage *o = &v->cages[c];
    for (int i = 0, j = 0; i < k && j < o->n;) {
      if (cells[i] == o->cells[j]) {
        nonet__v_cell_name(n, cells[0], a);
        nonet__v_cell_name(n, cells[i], b);
        snprintf(msg, sizeof msg,
                 "cage of sum %d at %s overlaps the cage of sum %d at %s", sum,
                 a, o->sum, b);
        goto bad;
      }
      if (cells[i] < o->cells[j])
        i++;
      else
        j++;
    }
  }
  return NONET_OK;
bad:
  if (err && errcap) snprintf(err, errcap, "%s", msg);
  return NONET_EINVAL;
}

typedef struct combo_walk {
  int n;
  uint32_t *out;
  long cap, found;
} combo_walk;

/* Picks `k` more digits from `from` .. n adding up to `sum`. */
static void walk(combo_walk *w, int from, int k, int sum, uint32_t set) {
  if (w->found > w->cap) return; /* too many: counting stops here */
  if (k == 0) {
    if (sum == 0) {
      if (w->out && w->found < w->cap) w->out[w->found] = set;
      w->found++;
    }
    return;
  }
  for (int d = from; d <= w->n; d++) {
    /* the smallest k digits from d already exceed the sum: done */
    if (k * d + k * (k - 1) / 2 > sum) break;
    /* the largest k digits up to n stay below it: try a larger d */
    if (k * w->n - k * (k - 1) / 2 < sum) break;
    walk(w, d + 1, k - 1, sum - d, set | 1u << (d - 1));
  }
}

long nonet__v_combos(int n, int k, int sum, uint32_t *out, long cap) {
  combo_walk w = {n, out, cap, 0};
  walk(&w, 1, k, sum, 0);
  return w.found;
}
