/* chains.c: alternating inference chains: X-Chains (one digit),
 * XY-Chains (bivalue cells), AICs and nice loops, and their grouped
 * forms.
 *
 * Nodes are candidates (and, grouped, 2-3 cells of one box and one line
 * holding a digit). A strong link A=B: if A is false B is true (the two
 * places of a digit in a unit, the two digits of a cell; with groups, a
 * unit whose places are A and B). A weak link A-B: if A is true B is
 * false (same cell, or same digit in one unit).
 *
 * Search: from every candidate X assumed false, breadth first through
 * "off -> strong -> on -> weak -> off" implications. Reaching Y true
 * proves X or Y, so every candidate weakly linked to both X and Y goes
 * (AIC; both ends see it). Reaching X itself true places X (a
 * discontinuous nice loop). When Y is weakly linked to X the chain
 * closes into a continuous nice loop: every weak link of the loop
 * becomes "exactly one", and the candidates seeing both its ends go.
 * The shortest productive chain over all starts is reported.
 *
 * Step data: digits (those of the chain); nodes: the chain from X to Y
 * (a loop repeats X at the end); variant 0 AIC, 1 continuous, 2
 * discontinuous nice loop. */
#include <stdlib.h>
#include <string.h>

#include "logic/grid.h"

#define MAXG 486            /* 9 digits x 54 segments */
#define NNODES (729 + MAXG) /* candidates d*81+c, then groups */
#define MAXLEN 40           /* longest chain, in nodes */

enum { MODE_X, MODE_XY, MODE_AIC, MODE_GROUPED };

typedef struct aic {
  const nn_grid *g;
  int mode, cell_links;
  nn_bb allowed; /* cells whose candidates may be nodes */
  int ngroups;
  uint8_t gdig[MAXG], gseg[MAXG];
  nn_bb gcells[MAXG], gweak[MAXG];
  int16_t gid[9][54];
  int16_t glist[9][54]; /* groups of each digit */
  uint8_t nglist[9];
  int16_t sp[NNODES][6]; /* strong partners of a node */
  uint8_t nsp[NNODES];
  /* one breadth-first search */
  nn_bb onv[9], offv[9];
  uint64_t gon[8], goff[8];
  int16_t par[2][NNODES]; /* [0]: parent of an off node, [1]: of an on node */
  uint8_t depth[NNODES];  /* of on nodes, in chain nodes */
  int16_t queue[NNODES];
  /* the best chain so far */
  int best_len;
  nonet_step best;
  int have_best;
} aic;

NONET_INLINE int node_dig(const aic *a, int n) {
  return n < 729 ? n / 81 : a->gdig[n - 729];
}
NONET_INLINE nn_bb node_cells(const aic *a, int n) {
  return n < 729 ? bb_cell(n % 81) : a->gcells[n - 729];
}

/* the group holding exactly the cells of b for digit d (b within one
 * segment, 2+ cells), or -1 */
static int group_of(const aic *a, int d, nn_bb b) {
  int c = bb_first(b);
  for (int kind = 0; kind < 2; kind++) {
    int seg = kind == 0 ? (c / 9) * 3 + (c % 9) / 3 : 27 + (c % 9) * 3 + c / 27;
    if (bb_sub(b, nonet__seg_bb[seg])) {
      int id = a->gid[d][seg];
      if (id >= 0 && bb_eq(a->gcells[id], b)) return 729 + id;
    }
  }
  return -1;
}

/* the node that is "the rest" of digit d in unit u besides cells `out` */
static int rest_node(const aic *a, int d, int u, nn_bb out) {
  nn_bb rest = bb_andn(bb_and(nonet__unit_bb[u], a->g->dig[d]), out);
  if (bb_empty(rest)) return -1;
  if (!bb_many(rest)) {
    int c = bb_first(rest);
    return bb_has(a->allowed, c) ? d * 81 + c : -1;
  }
  return a->mode == MODE_GROUPED ? group_of(a, d, rest) : -1;
}

/* the segment of unit u holding all of `pos` (2+ positions), or -1 */
static int seg_of(int u, unsigned pos) {
  int t = nonet__triple[pos];
  if (u < 9) return t < 3 ? u * 3 + t : -1;
  if (u < 18) return t < 3 ? 27 + (u - 9) * 3 + t : -1;
  int b = u - 18;
  if (t < 3) return ((b / 3) * 3 + t) * 3 + b % 3;
  t = nonet__triple_col[pos];
  return t < 3 ? 27 + ((b % 3) * 3 + t) * 3 + b / 3 : -1;
}

/* rest_node for a single cell c, unit kind j (from the unit positions) */
static int cell_rest(const aic *a, int d, int c, int j) {
  int u = nonet__cell_units[c][j];
  unsigned pos = a->g->upos[d][u] & ~(1u << nonet__cell_pos[c][j]);
  if (!pos) return -1;
  if (!(pos & (pos - 1))) {
    int o = nonet__unit_cells[u][nn_ctz(pos)];
    return bb_has(a->allowed, o) ? d * 81 + o : -1;
  }
  if (a->mode != MODE_GROUPED) return -1;
  int seg = seg_of(u, pos);
  if (seg < 0 || bb_has(nonet__seg_bb[seg], c)) return -1;
  int id = a->gid[d][seg];
  return id >= 0 ? 729 + id : -1;
}

static void add_sp(aic *a, int n, int p) {
  if (p < 0 || a->nsp[n] >= 6) return;
  for (int j = 0; j < a->nsp[n]; j++)
    if (a->sp[n][j] == p) return;
  a->sp[n][a->nsp[n]++] = (int16_t)p;
}

static void setup(aic *a, const nn_grid *g, int mode) {
  a->g = g;
  a->mode = mode;
  a->cell_links = mode != MODE_X;
  a->allowed = mode == MODE_XY ? g_bivalue(g) : g->empty;
  a->ngroups = 0;
  memset(a->gid, -1, sizeof a->gid);
  memset(a->nglist, 0, sizeof a->nglist);
  if (mode == MODE_GROUPED)
    for (int d = 0; d < 9; d++)
      for (int s = 0; s < 54; s++) {
        nn_bb c = bb_and(nonet__seg_bb[s], g->dig[d]);
        if (!bb_many(c)) continue;
        int id = a->ngroups++;
        a->gid[d][s] = (int16_t)id;
        a->gdig[id] = (uint8_t)d;
        a->gseg[id] = (uint8_t)s;
        a->gcells[id] = c;
        a->gweak[id] = bb_andn(bb_and(bb_common_peers(c), g->dig[d]), c);
        a->glist[d][a->nglist[d]++] = (int16_t)id;
      }
  for (int d = 0; d < 9; d++) {
    nn_bb cells = bb_and(g->dig[d], a->allowed);
    BB_FOR(c, cells) {
      int n = d * 81 + c;
      a->nsp[n] = 0;
      if (a->cell_links && pc9(g->st.cand[c]) == 2)
        add_sp(a, n, nn_ctz(g->st.cand[c] & ~(1u << d)) * 81 + c);
      if (mode != MODE_XY)
        for (int j = 0; j < 3; j++) add_sp(a, n, cell_rest(a, d, c, j));
    }
  }
  for (int id = 0; id < a->ngroups; id++) {
    int n = 729 + id, d = a->gdig[id], c = bb_first(a->gcells[id]);
    a->nsp[n] = 0;
    int box = nonet__cell_units[c][2];
    int line = bb_sub(a->gcells[id], nonet__unit_bb[c / 9]) ? c / 9 : 9 + c % 9;
    add_sp(a, n, rest_node(a, d, box, a->gcells[id]));
    add_sp(a, n, rest_node(a, d, line, a->gcells[id]));
  }
}

/* every candidate that is false when node n is true */
static void weak_full(const aic *a, int n, nn_bb w[9]) {
  const nn_grid *g = a->g;
  memset(w, 0, 9 * sizeof *w);
  int d = node_dig(a, n);
  if (n < 729) {
    int c = n % 81;
    w[d] = bb_and(nonet__peer_bb[c], g->dig[d]);
    for (unsigned m = g->st.cand[c] & ~(1u << d); m; m &= m - 1)
      bb_set(&w[nn_ctz(m)], c);
  } else {
    w[d] = a->gweak[n - 729];
  }
}

static int is_weak(const aic *a, int x, int y) {
  nn_bb w[9];
  weak_full(a, x, w);
  nn_bb cy = node_cells(a, y);
  return bb_sub(cy, w[node_dig(a, y)]);
}

/* eliminations proven by "x or y" (both weakly linked to each) */
static int both_weak(const aic *a, int x, int y, nn_bb e[9]) {
  nn_bb wx[9], wy[9];
  weak_full(a, x, wx);
  weak_full(a, y, wy);
  int any = 0;
  for (int d = 0; d < 9; d++) {
    e[d] = bb_and(wx[d], wy[d]);
    any |= bb_any(e[d]);
  }
  return any;
}

/* 1 when some candidate is weakly linked to both x (a candidate) and y:
 * both_weak without building the boards */
static int quick_both_weak(const aic *a, int x, int y) {
  const nn_grid *g = a->g;
  int dx = x / 81, cx = x % 81, dy = node_dig(a, y);
  if (y >= 729) {
    if (dx != dy) return bb_has(a->gweak[y - 729], cx) && g_has(g, cx, dy);
    return bb_meets(bb_and(nonet__peer_bb[cx], g->dig[dx]), a->gweak[y - 729]);
  }
  int cy = y % 81;
  if (dx == dy)
    return bb_meets(bb_and(nonet__peer_bb[cx], nonet__peer_bb[cy]), g->dig[dx]);
  if (cx == cy) return pc9(g->st.cand[cx]) > 2;
  return nn_sees(cx, cy) && (g_has(g, cy, dx) || g_has(g, cx, dy));
}

/* writes the chain ending at on-node y, from the start x */
static int chain_nodes(const aic *a, int y, int16_t *out) {
  int n = 0;
  int node = y, on = 1;
  while (n < MAXLEN + 2) {
    out[n++] = (int16_t)node;
    int p = a->par[on][node];
    if (p < 0) break;
    node = p;
    on = !on;
  }
  /* reverse: start first */
  for (int i = 0, j = n - 1; i < j; i++, j--) {
    int16_t t = out[i];
    out[i] = out[j];
    out[j] = t;
  }
  return n;
}

static void put_chain(const aic *a, nonet_step *s, const int16_t *nodes, int n,
                      int loop) {
  unsigned digits = 0;
  for (int j = 0; j < n; j++) {
    int link = j == n - 1 ? (loop ? NONET_LINK_WEAK : NONET_LINK_END)
                          : (j % 2 == 0 ? NONET_LINK_STRONG : NONET_LINK_WEAK);
    step_node(s, node_cells(a, nodes[j]), node_dig(a, nodes[j]), link, j % 2);
    digits |= 1u << node_dig(a, nodes[j]);
  }
  if (loop)
    step_node(s, node_cells(a, nodes[0]), node_dig(a, nodes[0]), NONET_LINK_END,
              0);
  s->digits = (nonet_mask)digits;
}

static void elims_from(nonet_step *s, const nn_bb e[9]) {
  for (int d = 0; d < 9; d++) step_elims(s, e[d], d);
}

/* builds the step for the chain x ... y into *s; returns 1 if productive */
static int build(aic *a, nonet_step *s, int tech, int x, int y) {
  int16_t nodes[MAXLEN + 4];
  int n = chain_nodes(a, y, nodes);
  step_begin(s, tech);
  if (x == y) {
    /* x false implies x true: x is true */
    put_chain(a, s, nodes, n, 0);
    s->variant = 2;
    step_place(s, x % 81, x / 81);
    return 1;
  }
  nn_bb e[9];
  if (is_weak(a, y, x)) {
    /* continuous loop: each weak link (and y - x) is "exactly one" */
    memset(e, 0, sizeof e);
    for (int j = 1; j < n; j += 2) {
      int p = nodes[j], q = j + 1 < n ? nodes[j + 1] : x;
      nn_bb f[9];
      both_weak(a, p, q, f);
      for (int d = 0; d < 9; d++) e[d] = bb_or(e[d], f[d]);
    }
    /* never a node of the loop itself */
    for (int j = 0; j < n; j++) {
      int d = node_dig(a, nodes[j]);
      e[d] = bb_andn(e[d], node_cells(a, nodes[j]));
    }
    put_chain(a, s, nodes, n, 1);
    s->variant = 1;
  } else {
    both_weak(a, x, y, e);
    put_chain(a, s, nodes, n, 0);
    s->variant = 0;
  }
  elims_from(s, e);
  return s->nelim > 0;
}

/* marks off-node n (reached from on-node y) and queues its strong
 * partners not yet reached */
NONET_INLINE int reach_off(aic *a, int n, int y, int qt) {
  a->par[0][n] = (int16_t)y;
  int dep = a->depth[y] + 2;
  for (int s = 0; s < a->nsp[n]; s++) {
    int p = a->sp[n][s];
    if (p < 729) {
      if (bb_has(a->onv[p / 81], p % 81)) continue;
      bb_set(&a->onv[p / 81], p % 81);
    } else {
      int id = p - 729;
      if ((a->gon[id >> 6] >> (id & 63)) & 1) continue;
      a->gon[id >> 6] |= 1ull << (id & 63);
    }
    a->par[1][p] = (int16_t)n;
    a->depth[p] = (uint8_t)dep;
    a->queue[qt++] = (int16_t)p;
  }
  return qt;
}

/* group h (of digit d) made false by on-node y, if it is a group not yet
 * reached and lies inside `weak` */
NONET_INLINE int reach_group(aic *a, int d, int seg, nn_bb weak, int y,
                             int qt) {
  int id = a->gid[d][seg];
  if (id < 0 || ((a->goff[id >> 6] >> (id & 63)) & 1) ||
      !bb_sub(a->gcells[id], weak))
    return qt;
  a->goff[id >> 6] |= 1ull << (id & 63);
  return reach_off(a, 729 + id, y, qt);
}

/* one breadth-first search from x (a candidate) assumed false */
static int search(aic *a, int tech, int x, nn_sink *k) {
  const nn_grid *g = a->g;
  memset(a->onv, 0, sizeof a->onv);
  memset(a->offv, 0, sizeof a->offv);
  if (a->mode == MODE_GROUPED) {
    memset(a->gon, 0, sizeof a->gon);
    memset(a->goff, 0, sizeof a->goff);
  }
  int qh = 0, qt = 0;
  bb_set(&a->offv[x / 81], x % 81);
  a->par[0][x] = -1;
  a->depth[x] = 0; /* not an on node: reach_off gives its partners 2 */
  qt = reach_off(a, x, x, qt);
  a->par[0][x] = -1;
  int cap = a->best_len - 1;
  int cell_weak = a->cell_links && a->mode != MODE_XY;
  while (qh < qt) {
    int y = a->queue[qh++];
    if (a->depth[y] > cap) break;
    /* productive? */
    if ((y == x || quick_both_weak(a, x, y)) && build(a, k->step, tech, x, y)) {
      if (k->all) return sink_emit(k);
      a->best_len = a->depth[y];
      a->best = *k->step;
      a->have_best = 1;
      return 0;
    }
    if (a->depth[y] + 2 > cap) continue;
    /* weak links: y true makes these false */
    int d = node_dig(a, y);
    nn_bb weak;
    if (y < 729) {
      int c = y % 81;
      weak = bb_and(bb_and(nonet__peer_bb[c], g->dig[d]), a->allowed);
      if (cell_weak)
        for (unsigned m = g->st.cand[c] & ~(1u << d); m; m &= m - 1) {
          int e = nn_ctz(m);
          if (bb_has(a->offv[e], c)) continue;
          bb_set(&a->offv[e], c);
          qt = reach_off(a, e * 81 + c, y, qt);
        }
      if (a->mode == MODE_GROUPED)
        for (int j = 0; j < 8; j++)
          qt = reach_group(a, d, nonet__cell_segs[c][j], weak, y, qt);
    } else {
      int id = y - 729;
      weak = bb_and(a->gweak[id], a->allowed);
      int seg = a->gseg[id];
      for (int j = 0; j < 7; j++)
        qt = reach_group(a, d, nonet__seg_segs[seg][j], weak, y, qt);
    }
    nn_bb fresh = bb_andn(weak, a->offv[d]);
    a->offv[d] = bb_or(a->offv[d], fresh);
    BB_FOR(c, fresh) qt = reach_off(a, d * 81 + c, y, qt);
  }
  return 0;
}

int nonet__find_chains(const nn_grid *g, int tech, nn_sink *k) {
  int mode = tech == NONET_TECH_X_CHAIN    ? MODE_X
             : tech == NONET_TECH_XY_CHAIN ? MODE_XY
             : tech == NONET_TECH_AIC      ? MODE_AIC
                                           : MODE_GROUPED;
  aic *a = malloc(sizeof *a);
  if (!a) {
    k->nomem = 1;
    return 0;
  }
  setup(a, g, mode);
  a->best_len = MAXLEN + 1;
  a->have_best = 0;
  int stop = 0;
  for (int d = 0; d < 9 && !stop; d++) {
    /* X-Chains stay on one digit: remembered per digit along a path */
    if (mode == MODE_X && persist_none(k, g, d, tech)) continue;
    nn_bb cells = bb_and(g->dig[d], a->allowed);
    BB_FOR(c, cells) {
      if (a->nsp[d * 81 + c] == 0) continue;
      if (search(a, tech, d * 81 + c, k)) {
        stop = 1;
        break;
      }
    }
    if (mode == MODE_X && !stop && !a->have_best && !k->count)
      persist_set_none(k, g, d, tech);
  }
  if (!stop && !k->all && a->have_best) {
    *k->step = a->best;
    stop = sink_emit(k);
  }
  free(a);
  return stop;
}
