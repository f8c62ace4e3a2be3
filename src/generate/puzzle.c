/* puzzle.c: random solution grids, and removing givens while the
 * puzzle stays unique (orbit by orbit for symmetric puzzles).
 *
 * Whether an orbit of givens is needed is answered first by a cheap
 * local test (each of its cells is forced by a naked or hidden single
 * once the orbit is gone, so it is not needed), then by the solver on
 * per-cell digit masks: "is there a solution where cell i is not v?"
 * (limit 1). A given found needed stays needed as more are removed, so
 * each orbit is tested once. */
#include <string.h>

#include "core/bits.h"
#include "gen.h"
#include "solver/solver.h"

#define ALL 0x1ffu

/* ---- the puzzle being built ------------------------------------------ */

void nonet__puz_init(nonet__puz *p, const uint8_t sol[81], int full) {
  memcpy(p->sol, sol, 81);
  memset(p->row, 0, sizeof p->row);
  memset(p->col, 0, sizeof p->col);
  memset(p->box, 0, sizeof p->box);
  if (!full) {
    memset(p->cell, 0, 81);
    p->given = NN_BB_EMPTY;
    p->clues = 0;
    return;
  }
  memcpy(p->cell, sol, 81);
  p->given = bb_below(81);
  for (int i = 0; i < 81; i++) {
    uint16_t b = (uint16_t)(1u << (sol[i] - 1));
    p->row[nn_row(i)] |= b;
    p->col[nn_col(i)] |= b;
    p->box[nn_box(i)] |= b;
  }
  p->clues = 81;
}

void nonet__puz_add(nonet__puz *p, int i) {
  uint16_t b = (uint16_t)(1u << (p->sol[i] - 1));
  p->cell[i] = p->sol[i];
  p->row[nn_row(i)] |= b;
  p->col[nn_col(i)] |= b;
  p->box[nn_box(i)] |= b;
  bb_set(&p->given, i);
  p->clues++;
}

void nonet__puz_remove(nonet__puz *p, int i) {
  uint16_t b = (uint16_t) ~(1u << (p->sol[i] - 1));
  p->cell[i] = 0;
  p->row[nn_row(i)] &= b;
  p->col[nn_col(i)] &= b;
  p->box[nn_box(i)] &= b;
  bb_clr(&p->given, i);
  p->clues--;
}

void nonet__orbit_add(const nonet__gen *g, nonet__puz *p, int k) {
  for (int t = 0; t < g->orb.size[k]; t++)
    nonet__puz_add(p, g->orb.cells[k][t]);
}

void nonet__orbit_remove(const nonet__gen *g, nonet__puz *p, int k) {
  for (int t = 0; t < g->orb.size[k]; t++)
    nonet__puz_remove(p, g->orb.cells[k][t]);
}

int nonet__given_orbits(nonet__gen *g, const nonet__puz *p, uint8_t out[81]) {
  int m = 0;
  for (int k = 0; k < g->orb.n; k++)
    if (p->cell[g->orb.cells[k][0]]) out[m++] = (uint8_t)k;
  for (int a = m - 1; a > 0; a--) {
    int b = (int)nonet_rng_below(&g->rng, (uint32_t)a + 1);
    uint8_t t = out[a];
    out[a] = out[b];
    out[b] = t;
  }
  return m;
}

int nonet__puz_regrid(nonet__gen *g, const nonet__puz *keep,
                      const uint8_t grid[81], nonet__puz *out) {
  uint8_t order[81];
  nonet__puz_init(out, grid, 0);
  for (int i = 0; i < 81; i++)
    if (keep->cell[i]) nonet__puz_add(out, i);
  int n = 0;
  for (int k = 0; k < g->orb.n; k++)
    if (!out->cell[g->orb.cells[k][0]]) order[n++] = (uint8_t)k;
  for (int a = 0;; a++) {
    g->n.solver_calls++;
    if (nonet__solve(out->cell, NULL, 2, NULL) == 1) return 1;
    if (a == n) return 0; /* cannot happen: all givens is unique */
    int b = a + (int)nonet_rng_below(&g->rng, (uint32_t)(n - a));
    uint8_t k = order[b];
    order[b] = order[a];
    order[a] = k;
    nonet__orbit_add(g, out, k);
  }
}

NONET_INLINE unsigned seen(const nonet__puz *p, int i) {
  return p->row[nn_row(i)] | p->col[nn_col(i)] | p->box[nn_box(i)];
}

/* With cell i empty: is its solution digit forced by the givens alone,
 * as a naked single or a hidden single in one of its units? Then the
 * puzzle without i has the same solutions as with it. */
static int forced(const nonet__puz *p, int i) {
  unsigned bit = 1u << (p->sol[i] - 1);
  if ((seen(p, i) | bit) == ALL) return 1;
  const int units[3] = {nn_row(i), 9 + nn_col(i), 18 + nn_box(i)};
  for (int u = 0; u < 3; u++) {
    int k = 0;
    for (; k < 9; k++) {
      int j = nn_unit_cell(units[u], k);
      if (j != i && !p->cell[j] && !(seen(p, j) & bit)) break;
    }
    if (k == 9) return 1;
  }
  return 0;
}

/* ---- is an orbit needed? --------------------------------------------- */

/* The cheap test: removes orbit k when each of its cells comes back
 * forced by singles (then the puzzle stays unique) and returns 1; else
 * leaves p as it was and returns 0. */
static int cheap_removal(nonet__gen *g, nonet__puz *p, int k) {
  const int n = g->orb.size[k];
  const uint8_t *c = g->orb.cells[k];
  int pending = 0;
  for (int t = 0; t < n; t++) {
    nonet__puz_remove(p, c[t]);
    pending |= 1 << t;
  }
  /* cells forced by singles come back as known */
  for (int progress = 1; pending && progress;) {
    progress = 0;
    for (int t = 0; t < n; t++)
      if ((pending >> t & 1) && forced(p, c[t])) {
        nonet__puz_add(p, c[t]);
        pending &= ~(1 << t);
        progress = 1;
      }
  }
  if (pending) {
    for (int t = 0; t < n; t++)
      if (pending >> t & 1) nonet__puz_add(p, c[t]);
    return 0;
  }
  for (int t = 0; t < n; t++) nonet__puz_remove(p, c[t]);
  g->n.cheap_removals++;
  return 1;
}

/* Whether orbit k is needed, by the unavoidable sets, then (unless the
 * cheap test is known to fail) the cheap test, then the solver. */
static int needed(nonet__gen *g, nonet__puz *p, int k, const nonet__usets *u,
                  uint8_t *alt, int try_cheap) {
  const int n = g->orb.size[k];
  const uint8_t *c = g->orb.cells[k];
  if (u) {
    /* an unavoidable set with no other given left: needed */
    nn_bb rest = p->given;
    for (int t = 0; t < n; t++) bb_clr(&rest, c[t]);
    for (int t = 0; t < n; t++)
      for (int s = 0; s < u->count[c[t]]; s++) {
        int x = u->list[c[t]][s];
        if (!bb_meets(u->set[x], rest)) {
          g->n.uset_hits++;
          return 1;
        }
      }
  }
  if (try_cheap && cheap_removal(g, p, k)) {
    for (int t = 0; t < n; t++) nonet__puz_add(p, c[t]);
    return 0;
  }
  /* the solver: a solution other than p->sol differs on a first cell t of
   * the orbit; ask for each t with the cells before it fixed */
  uint16_t allowed[81];
  for (int i = 0; i < 81; i++)
    allowed[i] =
        p->cell[i] ? (uint16_t)(1u << (p->cell[i] - 1)) : (uint16_t)ALL;
  for (int t = 0; t < n; t++) allowed[c[t]] = ALL;
  int need = 0;
  for (int t = 0; t < n && !need; t++) {
    uint16_t bit = (uint16_t)(1u << (p->sol[c[t]] - 1));
    allowed[c[t]] = (uint16_t)(ALL & ~bit);
    g->n.solver_calls++;
    if (nonet__solve_masks(allowed, alt, 1, NULL, 0) > 0) need = alt ? 2 : 1;
    allowed[c[t]] = bit;
  }
  return need;
}

int nonet__orbit_needed(nonet__gen *g, nonet__puz *p, int k,
                        const nonet__usets *u, uint8_t *alt) {
  return needed(g, p, k, u, alt, 1);
}

/* Given peers of each cell, kept up to date while removing. */
static void count_peers(const nonet__puz *p, int cnt[81]) {
  for (int i = 0; i < 81; i++) {
    int n = 0;
    for (int j = 0; j < 81; j++)
      n += j != i && p->cell[j] &&
           (nn_row(j) == nn_row(i) || nn_col(j) == nn_col(i) ||
            nn_box(j) == nn_box(i));
    cnt[i] = n;
  }
}

static void drop_peers(int cnt[81], int i) {
  for (int j = 0; j < 81; j++)
    cnt[j] -= j != i && (nn_row(j) == nn_row(i) || nn_col(j) == nn_col(i) ||
                         nn_box(j) == nn_box(i));
}

/* Policy RANDOM: two passes over the orbits in one random order: first
 * every orbit whose removal the cheap test allows (removing givens never
 * makes another cell forced, so one pass finds them all), then the
 * solver for the rest. Testing the cheap ones first saves a quarter of
 * the solver calls and gives puzzles with slightly fewer givens.
 * DENSE and SPARSE test next the orbit whose cells see the most (the
 * fewest) givens, ties in random order: DENSE gives about one given
 * fewer on average, SPARSE about one more, which helps searches for few
 * or many givens. */
void nonet__minimize(nonet__gen *g, nonet__puz *p, int policy,
                     nonet__alt_fn on_alt, void *alt_ctx) {
  uint8_t alt[81];
  uint8_t order[81];
  nonet__usets u;
  nonet__usets_find(&u, p->sol);
  int m = nonet__given_orbits(g, p, order);
  if (policy == NONET__MIN_RANDOM) {
    int left = 0;
    for (int a = 0; a < m; a++)
      if (!cheap_removal(g, p, order[a])) order[left++] = order[a];
    for (int a = 0; a < left; a++) {
      int k = order[a];
      int r = needed(g, p, k, &u, on_alt ? alt : NULL, 0);
      if (r == 2) on_alt(alt_ctx, p, alt);
      if (!r) nonet__orbit_remove(g, p, k);
    }
  } else {
    int cnt[81];
    count_peers(p, cnt);
    for (int left = m; left > 0; left--) {
      int best = 0, score = -1;
      for (int a = 0; a < left; a++) {
        int k = order[a], sc = 0;
        for (int t = 0; t < g->orb.size[k]; t++) sc += cnt[g->orb.cells[k][t]];
        sc = sc * 4 / g->orb.size[k];
        if (policy == NONET__MIN_SPARSE) sc = 1000 - sc;
        if (sc > score) score = sc, best = a;
      }
      int k = order[best];
      memmove(order + best, order + best + 1, (size_t)(left - best - 1));
      int r = needed(g, p, k, &u, on_alt ? alt : NULL, 1);
      if (r == 2) on_alt(alt_ctx, p, alt);
      if (!r)
        for (int t = 0; t < g->orb.size[k]; t++) {
          nonet__puz_remove(p, g->orb.cells[k][t]);
          drop_peers(cnt, g->orb.cells[k][t]);
        }
    }
  }
  g->n.minimized++;
}

/* ---- random solution grids ------------------------------------------- */

/* Boxes 1, 5 and 9 share no row or column, so any filling of them
 * completes to a grid; the solver completes it, and a random isomorph
 * mixes the result. */
void nonet__random_grid(nonet__gen *g, uint8_t grid[81]) {
  uint8_t start[81];
  do { /* the loop is a guard: a completion always exists */
    memset(start, 0, sizeof start);
    for (int b = 0; b < 9; b += 4) {
      uint8_t d[9];
      for (int k = 0; k < 9; k++) d[k] = (uint8_t)(k + 1);
      for (int a = 8; a > 0; a--) {
        int j = (int)nonet_rng_below(&g->rng, (uint32_t)a + 1);
        uint8_t t = d[a];
        d[a] = d[j];
        d[j] = t;
      }
      for (int k = 0; k < 9; k++) start[nn_box_cell(b, k)] = d[k];
    }
    g->n.solver_calls++;
  } while (nonet__solve(start, grid, 1, NULL) < 1);
  g->n.grids++;
  nonet_random_isomorph(grid, grid, &g->rng);
}

/* A solution of the masks chosen at random: the solver takes digits in a
 * fixed order, so it solves a random relabelling and the result is
 * mapped back. Returns 0 when there is none. */
int nonet__random_solution(nonet__gen *g, const uint16_t allowed[81],
                           uint8_t out[81]) {
  uint8_t to[10], from[10];
  uint16_t in[81];
  for (int d = 1; d <= 9; d++) to[d] = (uint8_t)d;
  for (int a = 9; a > 1; a--) {
    int b = 1 + (int)nonet_rng_below(&g->rng, (uint32_t)a);
    uint8_t t = to[a];
    to[a] = to[b];
    to[b] = t;
  }
  for (int d = 1; d <= 9; d++) from[to[d]] = (uint8_t)d;
  for (int i = 0; i < 81; i++) {
    unsigned m = allowed[i], r = 0;
    while (m) {
      r |= 1u << (to[nn_ctz(m) + 1] - 1);
      m &= m - 1;
    }
    in[i] = (uint16_t)r;
  }
  g->n.solver_calls++;
  if (nonet__solve_masks(in, out, 1, NULL, 0) < 1) return 0;
  for (int i = 0; i < 81; i++) out[i] = from[out[i]];
  return 1;
}
