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

double nonet__se_length_bonus(int complexity) {
  double added = 0.0;
  int ceil = 4, length = complexity - 2, odd = 0;
  while (length > ceil) {
    added += 0.1;
    ceil = odd ? (ceil * 4) / 3 : (ceil * 3) / 2;
    odd = !odd;
  }
  return added;
}

typedef struct u_node {
  uint16_t key;
  uint16_t depth;
  int32_t parent;
} u_node;

#define U_MAX_NODES 32768

typedef struct u_best {
  int have;
  double diff;
  int cx, sk;
  se_hint hint;
} u_best;

typedef struct u_ctx {
  const se_grid *g;
  u_node *nodes;
  int nnodes;
  uint64_t on_set[12], off_set[12]; /* toOn / toOff membership (729 bits) */
  int32_t *qa, *qb;                 /* queues */
  u_best *best;
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
  if (b->have && !(diff < b->diff ||
                   (diff == b->diff && (cx < b->cx || (cx == b->cx && sk < b->sk)))))
    return;
  b->have = 1;
  b->diff = diff;
  b->cx = cx;
  b->sk = sk;
  b->hint = *h;
  b->hint.diff = diff;
}

static int add_node(u_ctx *x, int key, int parent) {
  if (x->nnodes >= U_MAX_NODES) return -1;
  u_node *n = &x->nodes[x->nnodes];
  n->key = (uint16_t)key;
  n->parent = parent;
  n->depth = (uint16_t)(parent < 0 ? 0 : x->nodes[parent].depth + 1);
  return x->nnodes++;
}

/* SE's isParent: whether `key` is an ancestor of node p (p excluded). */
static int is_ancestor(const u_ctx *x, int p, int key) {
  for (int q = x->nodes[p].parent; q >= 0; q = x->nodes[q].parent)
    if (x->nodes[q].key == key) return 1;
  return 0;
}

/* "On implies off" (getOnToOff): other candidates of the cell (Y links),
 * then the digit in the cell's peers (box, row, column). Writes keys. */
static int on_to_off(const se_grid *g, int key, int ylinks, uint16_t *out) {
  int c = se_key_cell(key), d = se_key_digit(key), n = 0;
  if (ylinks)
    for (unsigned m = g->cand[c] & ~(1u << d); m; m &= m - 1)
      out[n++] = (uint16_t)se_key_off(c, nn_ctz(m));
  for (int k = 0; k < 20; k++) {
    int p = SE_PEERS[c][k];
    if (g->cand[p] >> d & 1) out[n++] = (uint16_t)se_key_off(p, d);
  }
  return n;
}

/* "Off implies on" (getOffToOn) without hidden parents: the last
 * candidate of the cell (Y links), the last position of the digit in the
 * box, row, column (X links); each potential once. */
static int off_to_on(const se_grid *g, int key, int ylinks, int xlinks,
                     uint16_t *out) {
  int c = se_key_cell(key), d = se_key_digit(key), n = 0;
  if (ylinks && nn_popcount(g->cand[c]) == 2)
    out[n++] = (uint16_t)se_key_on(c, nn_ctz(g->cand[c] & ~(1u << d)));
  if (xlinks)
    for (int k = 0; k < 3; k++) {
      int u = SE_CELL_UNIT[c][k];
      se_bb pos = se_bb_and(g->dig[d], SE_UNIT_BB[u]);
      if (se_bb_count(pos) != 2) continue;
      se_bb_clear(&pos, c);
      int o = se_key_on(se_bb_first(pos), d), dup = 0;
      for (int i = 0; i < n; i++) dup |= out[i] == o;
      if (!dup) out[n++] = (uint16_t)o;
    }
  return n;
}

/* A cycle closed at node `end` (the start potential on again): SE's
 * createCycleHint. */
static void cycle_hint(u_ctx *x, int end, int ylinks, int xlinks) {
  const se_grid *g = x->g;
  se_bb cells = {0, 0};
  int ncells = 0;
  for (int q = end; x->nodes[q].parent >= 0; q = x->nodes[q].parent) {
    int c = se_key_cell(x->nodes[q].key);
    if (!se_bb_has(cells, c)) ncells++;
    se_bb_set(&cells, c);
  }
  se_bb fw[9], bw[9];
  memset(fw, 0, sizeof fw);
  memset(bw, 0, sizeof bw);
  for (int q = end; x->nodes[q].parent >= 0; q = x->nodes[q].parent) {
    int k = x->nodes[q].key, c = se_key_cell(k), d = se_key_digit(k);
    se_bb hit = se_bb_andnot(se_bb_and(SE_PEER_BB[c], g->dig[d]), cells);
    if (se_key_is_on(k)) fw[d] = se_bb_or(fw[d], hit);
    else bw[d] = se_bb_or(bw[d], hit);
  }
  se_hint h;
  se_hint_clear(&h);
  int any = 0;
  for (int d = 0; d < 9; d++) {
    se_bb r = se_bb_and(fw[d], bw[d]);
    while (!se_bb_empty(r)) {
      h.elim[se_bb_pop(&r)] |= (uint16_t)(1u << d);
      any = 1;
    }
  }
  if (!any) return;
  int cx = x->nodes[end].depth; /* the start is counted once */
  int xy = xlinks && ylinks;
  double diff = (xy ? 7.0 : 6.5) + nonet__se_length_bonus(cx);
  h.tech = SE_T_CYCLE;
  h.sub = (uint8_t)(xy ? SE_CH_XY : ylinks ? SE_CH_Y : SE_CH_X);
  h.size = (uint8_t)ncells;
  offer(x->best, diff, cx, xy ? 4 : ylinks ? 3 : 2, &h);
}

static void do_cycles(u_ctx *x, int src, int ylinks, int xlinks) {
  const se_grid *g = x->g;
  double base = xlinks && ylinks ? 7.0 : 6.5;
  int sk = xlinks && ylinks ? 4 : ylinks ? 3 : 2;
  memset(x->on_set, 0, sizeof x->on_set);
  x->nnodes = 0;
  se_kset_add(x->on_set, src);
  int *layer = x->qa, *next = x->qb, nl = 0, nn;
  layer[nl++] = add_node(x, src, -1);
  int length = 0;
  uint16_t buf[32];
  while (nl > 0) {
    /* the next cycle closes at length + 2 links at the earliest */
    if (!can_win(x->best, base, length + 2 < 4 ? 4 : length + 2, sk)) return;
    length++;
    nn = 0;
    for (int i = 0; i < nl; i++) {
      int p = layer[i];
      int n = on_to_off(g, x->nodes[p].key, ylinks, buf);
      for (int j = 0; j < n; j++) {
        if (is_ancestor(x, p, buf[j])) continue;
        int q = add_node(x, buf[j], p);
        if (q < 0) return;
        next[nn++] = q;
      }
    }
    int *t = layer;
    layer = next;
    next = t;
    nl = nn;
    length++;
    nn = 0;
    for (int i = 0; i < nl; i++) {
      int p = layer[i];
      int n = off_to_on(g, x->nodes[p].key, ylinks, xlinks, buf);
      for (int j = 0; j < n; j++) {
        int k = buf[j];
        if (length >= 4 && k == src) {
          int q = add_node(x, k, p);
          if (q < 0) return;
          cycle_hint(x, q, ylinks, xlinks);
        }
        if (se_kset_has(x->on_set, k)) continue;
        se_kset_add(x->on_set, k);
        int q = add_node(x, k, p);
        if (q < 0) return;
        next[nn++] = q;
      }
    }
    t = layer;
    layer = next;
    next = t;
    nl = nn;
  }
}

/* A forcing chain from `src` (on or off) that reaches its opposite.
 * Returns the target node, or -1. */
static int do_forcing(u_ctx *x, int src, int ylinks, double base, int sk) {
  const se_grid *g = x->g;
  memset(x->on_set, 0, sizeof x->on_set);
  memset(x->off_set, 0, sizeof x->off_set);
  x->nnodes = 0;
  int target = se_key_is_on(src) ? src + 729 : src - 729;
  int *layer = x->qa, *next = x->qb, nl = 0, nn;
  int root = add_node(x, src, -1);
  uint16_t buf[32];
  int on_phase = se_key_is_on(src);
  if (on_phase) se_kset_add(x->on_set, src);
  else se_kset_add(x->off_set, src - 729);
  layer[nl++] = root;
  while (nl > 0) {
    /* a target found now has complexity depth + 2 at least */
    if (!can_win(x->best, base, x->nodes[layer[0]].depth + 2, sk)) return -1;
    nn = 0;
    for (int i = 0; i < nl; i++) {
      int p = layer[i];
      int n = on_phase ? on_to_off(g, x->nodes[p].key, ylinks, buf)
                       : off_to_on(g, x->nodes[p].key, ylinks, 1, buf);
      for (int j = 0; j < n; j++) {
        int k = buf[j];
        if (k == target) return add_node(x, k, p);
        if (on_phase) {
          if (is_ancestor(x, p, k) || se_kset_has(x->off_set, k - 729)) continue;
          se_kset_add(x->off_set, k - 729);
        } else {
          if (se_kset_has(x->on_set, k)) continue;
          se_kset_add(x->on_set, k);
        }
        int q = add_node(x, k, p);
        if (q < 0) return -1;
        next[nn++] = q;
      }
    }
    int *t = layer;
    layer = next;
    next = t;
    nl = nn;
    on_phase = !on_phase;
  }
  return -1;
}

static void forcing_hint(u_ctx *x, int t, int xy) {
  const se_grid *g = x->g;
  int k = x->nodes[t].key, c = se_key_cell(k), d = se_key_digit(k);
  int cx = x->nodes[t].depth + 1;
  se_hint h;
  se_hint_clear(&h);
  h.tech = SE_T_FORCING_CHAIN;
  h.sub = (uint8_t)(xy ? SE_CH_XY : SE_CH_X);
  h.size = (uint8_t)cx;
  if (se_key_is_on(k)) {
    h.elim[c] = (uint16_t)(g->cand[c] & ~(1u << d));
    h.cell = (int8_t)c;
    h.digit = (uint8_t)d;
  } else {
    h.elim[c] = (uint16_t)(1u << d);
  }
  offer(x->best, (xy ? 7.0 : 6.6) + nonet__se_length_bonus(cx), cx, xy ? 4 : 2, &h);
}

static void unary_pass(u_ctx *x, int ylinks, int xlinks) {
  const se_grid *g = x->g;
  for (int c = 0; c < 81; c++) {
    int n = se_ncand(g, c);
    if (g->val[c] || n <= 1) continue;
    if (n > 2 && !xlinks) continue; /* Y-cycles start in bivalue cells */
    for (unsigned m = g->cand[c]; m; m &= m - 1) {
      int d = nn_ctz(m);
      do_cycles(x, se_key_on(c, d), ylinks, xlinks);
      if (!xlinks) continue;
      int xy = ylinks;
      double base = xy ? 7.0 : 6.6;
      int sk = xy ? 4 : 2;
      int t = do_forcing(x, se_key_on(c, d), ylinks, base, sk);
      if (t >= 0) forcing_hint(x, t, xy);
      t = do_forcing(x, se_key_off(c, d), ylinks, base, sk);
      if (t >= 0) forcing_hint(x, t, xy);
    }
  }
}

struct se_unary_scratch {
  u_node nodes[U_MAX_NODES];
  int32_t qa[U_MAX_NODES], qb[U_MAX_NODES];
};

int nonet__se_unary_chains_with(struct se_unary_scratch *s, const se_grid *g,
                                se_hint *out);
int nonet__se_unary_chains_with(struct se_unary_scratch *s, const se_grid *g,
                                se_hint *out) {
  u_best best;
  best.have = 0;
  u_ctx x;
  x.g = g;
  x.nodes = s->nodes;
  x.qa = s->qa;
  x.qb = s->qb;
  x.best = &best;
  unary_pass(&x, 0, 1); /* X links */
  unary_pass(&x, 1, 0); /* Y links */
  unary_pass(&x, 1, 1); /* both */
  if (!best.have) return 0;
  *out = best.hint;
  return 1;
}

size_t nonet__se_unary_scratch_size(void);
size_t nonet__se_unary_scratch_size(void) { return sizeof(struct se_unary_scratch); }
