/* se_unique.c: unique rectangles and loops, types 1 to 4 (4.5 for a
 * rectangle, 4.6 for a loop of 6, 4.7 of 8, 5.0 of 10 or more; type 3 adds
 * 0.1 per extra cell of its naked or hidden set).
 *
 * SE's search: from each cell with two candidates {v1, v2} (row-major),
 * a depth-first walk through cells holding both digits, moving along a
 * box, row or column (never the same kind twice in a row), allowing cells
 * with extra candidates while at most two of them carry different extras.
 * Closed walks of 4 or more cells that alternate properly (each unit used
 * once on the odd cells and once on the even cells) are loops. All hints
 * are collected, and SE takes the easiest (ties: lower type, then the
 * order found). */
#include "se.h"

typedef struct ul_ctx {
  const se_grid *g;
  int v1, v2;
  int loop[81];
  int len;
  nn_bb in_loop;
  /* the best hint so far */
  se_hint *best;
  int have;
  /* recording the loops of the current pair: NULL when not */
  uint8_t *rec;
  int rec_used, rec_full;
  /* the loops whose hints were worked out: their cells, and their pair
   * with the first cell holding more than the pair's digits */
  nn_bb done[64];
  uint16_t done_key[64];
  int ndone;
} ul_ctx;

static void offer(ul_ctx *x, se_hint *h) {
  if (!nonet__se_hint_worth(h)) return;
  if (x->have && !(h->diff < x->best->diff ||
                   (h->diff == x->best->diff && h->sub < x->best->sub)))
    return;
  *x->best = *h;
  x->have = 1;
}

static void start_hint(ul_ctx *x, se_hint *h, int type) {
  se_hint_clear(h);
  h->tech = SE_T_UNIQUE_LOOP;
  h->sub = (uint8_t)type;
  h->size = (uint8_t)x->len;
  h->diff = nonet__se_loop_diff(x->len);
}

static int valid_loop(const ul_ctx *x) {
  uint32_t odd = 0, even = 0;
  for (int i = 0; i < x->len; i++) {
    uint32_t *set = (i & 1) ? &odd : &even;
    for (int k = 0; k < 3; k++) {
      uint32_t bit = 1u << SE_CELL_UNIT[x->loop[i]][k];
      if (*set & bit) return 0;
      *set |= bit;
    }
  }
  return odd == even;
}

/* Type 2: the extra cells share one extra digit, removed from the cells
 * seeing all of them. */
static void type2(ul_ctx *x, const int *extra, int nextra) {
  const se_grid *g = x->g;
  unsigned others = g->cand[extra[0]] & ~(1u << x->v1) & ~(1u << x->v2);
  int v = nn_ctz(others);
  nn_bb common = SE_PEER_BB[extra[0]];
  for (int i = 1; i < nextra; i++)
    common = bb_and(common, SE_PEER_BB[extra[i]]);
  for (int i = 0; i < nextra; i++) bb_clr(&common, extra[i]);
  common = bb_and(common, g->dig[v]);
  se_hint h;
  start_hint(x, &h, 2);
  while (!bb_empty(common)) h.elim[bb_pop(&common)] = (uint16_t)(1u << v);
  offer(x, &h);
}

/* Type 3: the two extra cells c1, c2 act as one cell holding their extra
 * digits, forming a naked or hidden set with other cells of a unit they
 * share. */
static void type3(ul_ctx *x, int c1, int c2) {
  const se_grid *g = x->g;
  int v1 = x->v1, v2 = x->v2;
  unsigned extra = (g->cand[c1] | g->cand[c2]) & ~(1u << v1) & ~(1u << v2);
  int nextra = pc9(extra);
  for (int degree = 2; degree <= 7; degree++) {
    for (int k = 0; k < 3; k++) {
      int u = SE_CELL_UNIT[c1][k];
      if (u != SE_CELL_UNIT[c2][k]) continue;
      int empty = se_unit_empty(g, u);
      int i1 = SE_CELL_INDEX[c1][k], i2 = SE_CELL_INDEX[c2][k];
      const uint8_t *cells = SE_UNIT[u];
      if (degree * 2 <= empty && degree >= nextra) {
        unsigned combo = (1u << degree) - 1;
        do {
          if (!(combo >> i1 & 1) || (combo >> i2 & 1)) continue;
          unsigned naked = extra & g->cand[c1] & g->cand[c2];
          unsigned uni = 0;
          int ok = 1;
          for (unsigned m = combo; m; m &= m - 1) {
            int i = nn_ctz(m);
            unsigned p = i == i1 ? extra : g->cand[cells[i]];
            if (i != i1) naked |= p;
            if (pc9(p) <= 1) ok = 0;
            uni |= p;
          }
          if (pc9(naked) != degree) continue;
          if (!ok || pc9(uni) != degree) continue;
          se_hint h;
          start_hint(x, &h, 3);
          h.diff += (degree - 1) * 0.1;
          for (int i = 0; i < 9; i++) {
            int c = cells[i];
            if ((combo >> i & 1) || c == c1 || c == c2) continue;
            h.elim[c] = (uint16_t)(g->cand[c] & uni);
          }
          offer(x, &h);
        } while (se_next_combo(&combo, 9));
      }
      if (degree * 2 < empty) {
        int rem[9], nrem = 0;
        for (int v = 0; v < 9; v++)
          if (v != v1 && v != v2 && !(extra >> v & 1)) rem[nrem++] = v;
        if (degree - 2 > nrem || nrem == 0) continue;
        unsigned combo = (1u << (degree - 2)) - 1;
        do {
          unsigned hidden = (1u << v1) | (1u << v2);
          unsigned uni = 0;
          int ok = 1;
          for (unsigned m = combo; m; m &= m - 1)
            hidden |= 1u << rem[nn_ctz(m)];
          for (unsigned m = hidden; m; m &= m - 1) {
            unsigned p = se_unit_pos(g, u, nn_ctz(m)) & ~(1u << i2);
            if (!p) ok = 0;
            uni |= p;
          }
          if (!ok || pc9(uni) != degree) continue;
          unsigned idx = uni & ~(1u << i1) & ~(1u << i2);
          se_hint h;
          start_hint(x, &h, 3);
          h.diff += pc9(idx) * 0.1;
          for (unsigned m = idx; m; m &= m - 1) {
            int c = cells[nn_ctz(m)];
            h.elim[c] = (uint16_t)(g->cand[c] & ~hidden);
          }
          offer(x, &h);
        } while (combo && se_next_combo(&combo, nrem));
      }
    }
  }
}

/* Type 4: one of the loop digits is locked in c1, c2 within a unit they
 * share; the other one goes from both. */
static void type4(ul_ctx *x, int c1, int c2) {
  const se_grid *g = x->g;
  int r1 = 0, r2 = 0;
  for (int k = 0; k < 3; k++) {
    int u = SE_CELL_UNIT[c1][k];
    if (u != SE_CELL_UNIT[c2][k]) continue;
    nn_bb rest = SE_UNIT_BB[u];
    bb_clr(&rest, c1);
    bb_clr(&rest, c2);
    if (bb_empty(bb_and(rest, g->dig[x->v1]))) r1 = 1;
    if (bb_empty(bb_and(rest, g->dig[x->v2]))) r2 = 1;
  }
  int rem;
  if (r1)
    rem = x->v2;
  else if (r2)
    rem = x->v1;
  else
    return;
  se_hint h;
  start_hint(x, &h, 4);
  h.elim[c1] = h.elim[c2] = (uint16_t)(1u << rem);
  offer(x, &h);
}

static void loop_hints_of(ul_ctx *x);

/* The hints of a loop (in x->loop). They depend only on its cells, its
 * digits and which of its cells with extra candidates comes first (type
 * 3 tells the two apart), not on where the walk started: a loop met again
 * that way gives the same hints, which come after the first ones and
 * change nothing. */
static void loop_hints(ul_ctx *x) {
  nn_bb cells = {0, 0};
  int first = 81;
  for (int i = 0; i < x->len; i++) {
    bb_set(&cells, x->loop[i]);
    if (first == 81 && se_ncand(x->g, x->loop[i]) > 2) first = x->loop[i];
  }
  uint16_t key = (uint16_t)((x->v1 * 9 + x->v2) * 82 + first);
  for (int i = 0; i < x->ndone; i++)
    if (x->done_key[i] == key && x->done[i].lo == cells.lo &&
        x->done[i].hi == cells.hi)
      return;
  if (x->ndone < 64) {
    x->done[x->ndone] = cells;
    x->done_key[x->ndone++] = key;
  }
  loop_hints_of(x);
}

static void loop_hints_of(ul_ctx *x) {
  const se_grid *g = x->g;
  int extra[81], nextra = 0;
  for (int i = 0; i < x->len; i++)
    if (se_ncand(g, x->loop[i]) > 2) extra[nextra++] = x->loop[i];
  if (nextra == 1) {
    se_hint h;
    start_hint(x, &h, 1);
    h.elim[extra[0]] = (uint16_t)((1u << x->v1) | (1u << x->v2));
    offer(x, &h);
  } else if (nextra > 2) {
    type2(x, extra, nextra);
  } else if (nextra == 2) {
    unsigned r = (g->cand[extra[0]] | g->cand[extra[1]]) & ~(1u << x->v1) &
                 ~(1u << x->v2);
    if (pc9(r) == 1)
      type2(x, extra, 2);
    else if (pc9(r) >= 2)
      type3(x, extra[0], extra[1]);
    type4(x, extra[0], extra[1]);
  }
}

static void found_loop(ul_ctx *x) {
  if (!valid_loop(x)) return;
  if (x->rec) {
    if (x->rec_used + 1 + x->len > SE_UL_BUF) {
      x->rec_full = 1;
    } else {
      x->rec[x->rec_used++] = (uint8_t)x->len;
      for (int i = 0; i < x->len; i++)
        x->rec[x->rec_used++] = (uint8_t)x->loop[i];
    }
  }
  loop_hints(x);
}

/* Units used by the cells at even and odd places of the walk: a valid
 * loop uses each unit once at each parity, so a walk that uses a unit
 * twice at one parity can only close into loops SE rejects, and is cut
 * (this changes no result, only the time spent). */
static void walk(ul_ctx *x, int cell, int allowed, unsigned exvals,
                 int last_kind, uint32_t even, uint32_t odd) {
  const se_grid *g = x->g;
  uint32_t units = (1u << SE_CELL_UNIT[cell][0]) |
                   (1u << SE_CELL_UNIT[cell][1]) |
                   (1u << SE_CELL_UNIT[cell][2]);
  if (x->len & 1) {
    if (odd & units) return;
    odd |= units;
  } else {
    if (even & units) return;
    even |= units;
  }
  x->loop[x->len++] = cell;
  bb_set(&x->in_loop, cell);
  unsigned both = (1u << x->v1) | (1u << x->v2);
  for (int k = 0; k < 3; k++) {
    if (k == last_kind) continue;
    int u = SE_CELL_UNIT[cell][k];
    const uint8_t *cells = SE_UNIT[u];
    /* the cells of the unit holding both digits (the start among them) */
    for (unsigned m = g->pos[u][x->v1] & g->pos[u][x->v2]; m; m &= m - 1) {
      int next = cells[nn_ctz(m)];
      if (next == x->loop[0] && x->len >= 4) {
        found_loop(x);
        continue;
      }
      if (bb_has(x->in_loop, next)) continue;
      unsigned cand = g->cand[next];
      unsigned nex = (exvals | cand) & ~both;
      int n = pc9(cand);
      if (n == 2 || pc9(nex) == 1 || allowed > 0)
        walk(x, next, n > 2 ? allowed - 1 : allowed, nex, k, even, odd);
    }
  }
  x->len--;
  bb_clr(&x->in_loop, cell);
}

/* The index of a pair of digits v1 < v2. */
static int pair_index(int v1, int v2) {
  return v1 * 9 + v2 - (v1 + 1) * (v1 + 2) / 2;
}

/* Whether the cells holding both digits of pair p are as in the cache. */
static int same_cells(const se_ul_cache *cache, int p, nn_bb cells,
                      const se_grid *g) {
  if (cells.lo != cache->cells[p].lo || cells.hi != cache->cells[p].hi)
    return 0;
  while (!bb_empty(cells)) {
    int c = bb_pop(&cells);
    if (cache->cand[p][c] != g->cand[c]) return 0;
  }
  return 1;
}

int nonet__se_unique_loops_cached(se_ul_cache *cache, const se_grid *g,
                                  se_acc *acc) {
  se_hint best;
  ul_ctx x;
  memset(&x, 0, sizeof x);
  x.g = g;
  x.best = &best;
  /* per pair: 0 not seen yet, 1 replayed from the cache (read[p]: bytes
   * read so far), 2 walked and recorded */
  uint8_t state[36] = {0};
  uint16_t read[36] = {0};
  for (int c = 0; c < 81; c++) {
    unsigned m = g->cand[c];
    if (pc9(m) != 2) continue;
    x.v1 = nn_ctz(m);
    x.v2 = nn_ctz(m & (m - 1));
    int p = pair_index(x.v1, x.v2);
    if (!state[p]) {
      state[p] =
          cache && cache->known[p] &&
                  same_cells(cache, p, bb_and(g->dig[x.v1], g->dig[x.v2]), g)
              ? 1
              : 2;
      if (state[p] == 2 && cache) {
        cache->known[p] = 0;
        cache->used[p] = 0;
      }
    }
    if (state[p] == 1) {
      /* the loops found from c last time, in the same order */
      const uint8_t *b = cache->buf[p];
      while (read[p] < cache->used[p] && b[read[p] + 1] == c) {
        x.len = b[read[p]];
        for (int i = 0; i < x.len; i++) x.loop[i] = b[read[p] + 1 + i];
        read[p] = (uint16_t)(read[p] + 1 + x.len);
        loop_hints(&x);
      }
      continue;
    }
    x.len = 0;
    x.in_loop.lo = x.in_loop.hi = 0;
    if (cache) {
      x.rec = cache->buf[p];
      x.rec_used = cache->used[p];
      x.rec_full = 0;
    }
    walk(&x, c, 2, 0, -1, 0, 0);
    if (cache) {
      cache->used[p] = (uint16_t)x.rec_used;
      if (x.rec_full) state[p] = 3; /* too many to keep */
      x.rec = NULL;
    }
  }
  if (cache)
    for (int v1 = 0; v1 < 9; v1++)
      for (int v2 = v1 + 1; v2 < 9; v2++) {
        int p = pair_index(v1, v2);
        if (state[p] < 2) continue;
        cache->known[p] = state[p] == 2;
        nn_bb cells = bb_and(g->dig[v1], g->dig[v2]);
        cache->cells[p] = cells;
        while (!bb_empty(cells)) {
          int q = bb_pop(&cells);
          cache->cand[p][q] = g->cand[q];
        }
      }
  return x.have && acc->add(acc, &best);
}

int nonet__se_unique_loops(const se_grid *g, se_acc *acc) {
  return nonet__se_unique_loops_cached(NULL, g, acc);
}
