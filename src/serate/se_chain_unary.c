/* se_chain_unary.c: bidirectional cycles (X 6.5, Y 6.5, XY 7.0) and
 * forcing chains (X 6.6, XY 7.0), plus the length bonus: SE's
 * Chaining(false, false, false, 0).
 *
 * SE runs three passes: X links only (cycles and forcing chains), Y links
 * only (cycles, from cells with two candidates), then both. In each pass,
 * from every candidate (cells row-major, digits ascending) it searches
 * breadth first:
 * - cycles: from "digit on", alternating "on implies off" (other
 *   candidates of the cell with Y links, other cells of a unit with the
 *   digit) and "off implies on" (the last candidate of a cell with Y
 *   links, the last position in a unit with X links), until the start
 *   comes back on after four links or more;
 * - forcing chains: from "digit on" until it is forced off, and from
 *   "digit off" until it is forced on.
 * Hints are sorted by difficulty, then complexity (number of links), then
 * kind (X, Y, XY), then order found; the first one is SE's step. Since
 * the searches are breadth first, a search stops as soon as nothing it
 * could still find would come first. */
#include "se_chain.h"

typedef struct u_best {
  int have;
  double diff;
  int cx, sk;
  se_hint hint;
} u_best;

/* One breadth-first search. Every potential is reached once (SE reaches
 * some "off" potentials several times, but only the first time adds
 * anything), so nodes are stored by key. */
typedef struct u_ctx {
  const se_grid *g;
  const se_starts *st; /* what each candidate can start */
  int16_t par[SE_KEYS];
  uint16_t depth[SE_KEYS];
  uint64_t seen[SE_KEY_WORDS];
  uint16_t la[SE_KEYS], lb[SE_KEYS];
  u_best best;
  /* the links of each potential in the current pass, made on first use:
   * valid when mark[key] == gen */
  uint32_t gen, mark[SE_KEYS];
  uint8_t nlinks[SE_KEYS];
  uint16_t links[SE_KEYS][32];
} u_ctx;

/* Whether a hint of base difficulty `base`, complexity at least `cx` and
 * sort key `sk` could still come before the best one. */
static int can_win(const u_best *b, double base, int cx, int sk) {
  if (!b->have) return 1;
  double d = base + nonet__se_length_bonus(cx);
  if (d != b->diff) return d < b->diff;
  if (cx != b->cx) return cx < b->cx;
  return sk < b->sk;
}

static void offer(u_best *b, double diff, int cx, int sk, const se_hint *h) {
  if (b->have &&
      !(diff < b->diff ||
        (diff == b->diff && (cx < b->cx || (cx == b->cx && sk < b->sk)))))
    return;
  b->have = 1;
  b->diff = diff;
  b->cx = cx;
  b->sk = sk;
  b->hint = *h;
  b->hint.diff = diff;
}

/* SE's isParent: whether `key` is a proper ancestor of node p. */
static int is_ancestor(const u_ctx *x, int p, int key) {
  for (int q = x->par[p]; q >= 0; q = x->par[q])
    if (q == key) return 1;
  return 0;
}

/* "On implies off" (getOnToOff): other candidates of the cell (Y links),
 * then the digit in the cell's peers (box, row, column). Writes keys. */
static int on_to_off(const se_grid *g, int key, int ylinks, uint16_t *out) {
  int c = se_key_cell(key), d = se_key_digit(key), n = 0;
  if (ylinks)
    for (unsigned m = g->cand[c] & ~(1u << d); m; m &= m - 1)
      out[n++] = (uint16_t)se_key_off(c, nn_ctz(m));
  /* peers in SE's order: box, then row and column outside the box */
  int b = SE_CELL_UNIT[c][0], r = SE_CELL_UNIT[c][1], col = SE_CELL_UNIT[c][2];
  unsigned m = g->pos[b][d] & ~(1u << SE_CELL_INDEX[c][0]);
  for (; m; m &= m - 1)
    out[n++] = (uint16_t)se_key_off(SE_UNIT[b][nn_ctz(m)], d);
  m = g->pos[r][d] & ~(7u << (c % 9 / 3 * 3));
  for (; m; m &= m - 1)
    out[n++] = (uint16_t)se_key_off(SE_UNIT[r][nn_ctz(m)], d);
  m = g->pos[col][d] & ~(7u << (c / 27 * 3));
  for (; m; m &= m - 1)
    out[n++] = (uint16_t)se_key_off(SE_UNIT[col][nn_ctz(m)], d);
  return n;
}

/* "Off implies on" (getOffToOn) without hidden parents: the last
 * candidate of the cell (Y links), the last position of the digit in the
 * box, row, column (X links). */
static int off_to_on(const se_grid *g, int key, int ylinks, int xlinks,
                     uint16_t *out) {
  int c = se_key_cell(key), d = se_key_digit(key), n = 0;
  if (ylinks && pc9(g->cand[c]) == 2)
    out[n++] = (uint16_t)se_key_on(c, nn_ctz(g->cand[c] & ~(1u << d)));
  if (xlinks)
    for (int k = 0; k < 3; k++) {
      int u = SE_CELL_UNIT[c][k];
      unsigned pos = g->pos[u][d];
      if (pc9(pos) != 2) continue;
      out[n++] = (uint16_t)se_key_on(
          SE_UNIT[u][nn_ctz(pos & ~(1u << SE_CELL_INDEX[c][k]))], d);
    }
  return n;
}

/* The consequences of potential `key` in this pass (on_to_off or
 * off_to_on, in their order), made once per pass. */
static const uint16_t *links(u_ctx *x, int key, int ylinks, int xlinks,
                             int *n) {
  if (x->mark[key] != x->gen) {
    x->mark[key] = x->gen;
    x->nlinks[key] =
        (uint8_t)(se_key_is_on(key)
                      ? on_to_off(x->g, key, ylinks, x->links[key])
                      : off_to_on(x->g, key, ylinks, xlinks, x->links[key]));
  }
  *n = x->nlinks[key];
  return x->links[key];
}

/* A cycle from the start s back to it through node p (on) and the "off"
 * potential xk: SE's createCycleHint. */
static void cycle_hint(u_ctx *x, int s, int p, int xk, int ylinks, int xlinks) {
  const se_grid *g = x->g;
  nn_bb cells = {0, 0};
  bb_set(&cells, se_key_cell(s));
  bb_set(&cells, se_key_cell(xk));
  for (int q = p; x->par[q] >= 0; q = x->par[q]) bb_set(&cells, se_key_cell(q));
  nn_bb fw[9], bw[9];
  memset(fw, 0, sizeof fw);
  memset(bw, 0, sizeof bw);
  int c = se_key_cell(s), d = se_key_digit(s);
  fw[d] = bb_andn(bb_and(SE_PEER_BB[c], g->dig[d]), cells);
  c = se_key_cell(xk);
  d = se_key_digit(xk);
  bw[d] = bb_or(bw[d], bb_andn(bb_and(SE_PEER_BB[c], g->dig[d]), cells));
  for (int q = p; x->par[q] >= 0; q = x->par[q]) {
    c = se_key_cell(q);
    d = se_key_digit(q);
    nn_bb hit = bb_andn(bb_and(SE_PEER_BB[c], g->dig[d]), cells);
    if (se_key_is_on(q))
      fw[d] = bb_or(fw[d], hit);
    else
      bw[d] = bb_or(bw[d], hit);
  }
  se_hint h;
  se_hint_clear(&h);
  int any = 0;
  for (d = 0; d < 9; d++) {
    nn_bb r = bb_and(fw[d], bw[d]);
    while (!bb_empty(r)) {
      h.elim[bb_pop(&r)] |= (uint16_t)(1u << d);
      any = 1;
    }
  }
  if (!any) return;
  int cx = x->depth[p] + 2; /* the start is counted once */
  int xy = xlinks && ylinks;
  h.tech = SE_T_CYCLE;
  h.sub = (uint8_t)(xy ? SE_CH_XY : ylinks ? SE_CH_Y : SE_CH_X);
  h.size = (uint8_t)bb_count(cells);
  offer(&x->best,
        nonet__se_unary_base(SE_T_CYCLE, xy) + nonet__se_length_bonus(cx), cx,
        xy       ? 4
        : ylinks ? 3
                 : 2,
        &h);
}

static void forcing_hint(u_ctx *x, int target, int cx, int xy) {
  const se_grid *g = x->g;
  int c = se_key_cell(target), d = se_key_digit(target);
  se_hint h;
  se_hint_clear(&h);
  h.tech = SE_T_FORCING_CHAIN;
  h.sub = (uint8_t)(xy ? SE_CH_XY : SE_CH_X);
  h.size = (uint8_t)cx;
  if (se_key_is_on(target)) {
    h.elim[c] = (uint16_t)(g->cand[c] & ~(1u << d));
    h.cell = (int8_t)c;
    h.digit = (uint8_t)d;
  } else {
    h.elim[c] = (uint16_t)(1u << d);
  }
  offer(&x->best,
        nonet__se_unary_base(SE_T_FORCING_CHAIN, xy) +
            nonet__se_length_bonus(cx),
        cx, xy ? 4 : 2, &h);
}

/* Whether a search from "s on" goes on through potential k: while it
 * looks for the forcing chain, when k reaches "s off" (every potential of
 * the component of "s on" does); then, when k is in that component
 * (`cs`). A potential kept has its parent kept, so what is kept is
 * reached in the same order and through the same parents. */
static int keep(const u_ctx *x, int k, int cs, int forcing, int target) {
  return forcing ? se_starts_reaches(x->st, k, target) : x->st->comp[k] == cs;
}

/* From "s on": cycles back to s (SE's doCycles) and, with X links, the
 * forcing chain to "s off" (doForcingChains); both searches visit the
 * same potentials with the same parents. `forcing`: "s on" reaches "s
 * off"; `cycles`: it lies on a cycle. Once no forcing chain is looked
 * for, only the potentials of the component of "s on" can lead back to
 * it (and they are reached through each other only): the others are
 * left out. Returns the complexity of the forcing chain found, or 0. */
static int search_on(u_ctx *x, int s, int ylinks, int xlinks, int forcing,
                     int cycles) {
  int xy = xlinks && ylinks;
  double cbase = nonet__se_unary_base(SE_T_CYCLE, xy),
         fbase = nonet__se_unary_base(SE_T_FORCING_CHAIN, xy);
  int csk = xy ? 4 : ylinks ? 3 : 2, fsk = xy ? 4 : 2;
  int target_cx = 0;
  int cs = x->st->comp[s];
  forcing = forcing && xlinks;
  /* the "off" potentials that force s on: they close cycles */
  uint16_t closer[4];
  int ncl;
  const uint16_t *forced = links(x, s + 729, ylinks, xlinks, &ncl);
  for (int i = 0; i < ncl; i++) closer[i] = (uint16_t)(forced[i] + 729);
  memset(x->seen, 0, sizeof x->seen);
  se_kset_add(x->seen, s);
  x->par[s] = -1;
  x->depth[s] = 0;
  uint16_t *layer = x->la, *next = x->lb;
  int nl = 1, nn;
  layer[0] = (uint16_t)s;
  for (int depth = 0; nl > 0; depth += 2) {
    int cx = depth + 2;
    int cyc = cycles && can_win(&x->best, cbase, cx < 4 ? 4 : cx, csk);
    int frc = forcing && !target_cx && can_win(&x->best, fbase, cx, fsk);
    if (!cyc && !frc) break;
    nn = 0;
    for (int i = 0; i < nl; i++) {
      int p = layer[i], n;
      const uint16_t *buf = links(x, p, ylinks, xlinks, &n);
      for (int j = 0; j < n; j++) {
        int k = buf[j];
        if (cyc && cx >= 4)
          for (int t = 0; t < ncl; t++)
            if (closer[t] == k && !is_ancestor(x, p, k)) {
              cycle_hint(x, s, p, k, ylinks, xlinks);
              cyc = can_win(&x->best, cbase, cx, csk);
            }
        if (frc && !target_cx && k == s + 729) target_cx = cx;
        if (se_kset_has(x->seen, k) ||
            !keep(x, k, cs, frc && !target_cx, s + 729))
          continue;
        se_kset_add(x->seen, k);
        x->par[k] = (int16_t)p;
        x->depth[k] = (uint16_t)(depth + 1);
        next[nn++] = (uint16_t)k;
      }
    }
    nl = 0;
    for (int i = 0; i < nn; i++) {
      int q = next[i], n;
      const uint16_t *buf = links(x, q, ylinks, xlinks, &n);
      for (int j = 0; j < n; j++) {
        int k = buf[j];
        if (se_kset_has(x->seen, k) ||
            !keep(x, k, cs, frc && !target_cx, s + 729))
          continue;
        se_kset_add(x->seen, k);
        x->par[k] = (int16_t)q;
        x->depth[k] = (uint16_t)(depth + 2);
        layer[nl++] = (uint16_t)k;
      }
    }
  }
  return target_cx;
}

/* From "s off" (an off key) to "s on": the forcing chain, or 0. */
static int search_off(u_ctx *x, int s, int ylinks, double base, int sk) {
  int target = s - 729;
  memset(x->seen, 0, sizeof x->seen);
  se_kset_add(x->seen, s);
  uint16_t *layer = x->la, *next = x->lb;
  int nl = 1, nn;
  layer[0] = (uint16_t)s;
  for (int depth = 0; nl > 0; depth += 2) {
    if (!can_win(&x->best, base, depth + 2, sk)) return 0;
    nn = 0;
    for (int i = 0; i < nl; i++) {
      int n;
      const uint16_t *buf = links(x, layer[i], ylinks, 1, &n);
      for (int j = 0; j < n; j++) {
        int k = buf[j];
        if (k == target) return depth + 2;
        if (se_kset_has(x->seen, k) || !se_starts_reaches(x->st, k, target))
          continue;
        se_kset_add(x->seen, k);
        next[nn++] = (uint16_t)k;
      }
    }
    if (!can_win(&x->best, base, depth + 4, sk)) return 0;
    nl = 0;
    for (int i = 0; i < nn; i++) {
      int n;
      const uint16_t *buf = links(x, next[i], ylinks, 1, &n);
      for (int j = 0; j < n; j++) {
        int k = buf[j];
        if (se_kset_has(x->seen, k) || !se_starts_reaches(x->st, k, target))
          continue;
        se_kset_add(x->seen, k);
        layer[nl++] = (uint16_t)k;
      }
    }
  }
  return 0;
}

static void unary_pass(u_ctx *x, int ylinks, int xlinks) {
  const se_grid *g = x->g;
  if (++x->gen == 0) { /* wrapped: forget every mark */
    memset(x->mark, 0, sizeof x->mark);
    x->gen = 1;
  }
  int xy = xlinks && ylinks;
  for (int c = 0; c < 81; c++) {
    int n = se_ncand(g, c);
    if (g->val[c] || n <= 1) continue;
    if (n > 2 && !xlinks) continue; /* Y-cycles start in bivalue cells */
    /* the other searches find nothing (se_chain_reach.c) */
    const se_starts *st = x->st;
    for (unsigned m =
             g->cand[c] & (st->on_off[c] | st->off_on[c] | st->cycle[c]);
         m; m &= m - 1) {
      int d = nn_ctz(m);
      int on = se_key_on(c, d), off = se_key_off(c, d);
      int fon = st->on_off[c] >> d & 1, cyc = st->cycle[c] >> d & 1;
      if ((fon && xlinks) || cyc) {
        int cx = search_on(x, on, ylinks, xlinks, fon, cyc);
        if (cx) forcing_hint(x, off, cx, xy);
      }
      if (!xlinks || !(st->off_on[c] >> d & 1)) continue;
      int cx =
          search_off(x, off, ylinks,
                     nonet__se_unary_base(SE_T_FORCING_CHAIN, xy), xy ? 4 : 2);
      if (cx) forcing_hint(x, on, cx, xy);
    }
  }
}

struct se_unary_scratch {
  u_ctx x;
};

int nonet__se_unary_chains_with(se_unary_scratch *s, const se_grid *g,
                                const se_starts *st, se_hint *out) {
  u_ctx *x = &s->x;
  x->g = g;
  x->st = st;
  x->best.have = 0;
  unary_pass(x, 0, 1); /* X links */
  unary_pass(x, 1, 0); /* Y links */
  unary_pass(x, 1, 1); /* both */
  if (!x->best.have) return 0;
  *out = x->best.hint;
  return 1;
}

size_t nonet__se_unary_scratch_size(void) {
  return sizeof(struct se_unary_scratch);
}
