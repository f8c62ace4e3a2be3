/* se_chain_reach.c: a quick proof that SE's forcing chains and cycles
 * (Chaining(false, false, false, 0)) find nothing on a grid.
 *
 * Those chains follow static implications: "on implies off" between a
 * candidate and the other candidates of its cell or of its digit in its
 * peers, "off implies on" to the last candidate of a cell or the last
 * position in a unit. A forcing chain is a path from "s on" to "s off" or
 * from "s off" to "s on" in that graph (with X and Y links). A cycle that
 * removes a candidate z also gives one: z on implies both an "off" and, by
 * going round the cycle the other way, an "on" of the same candidate. So
 * when no candidate reaches its own opposite, neither finds anything.
 *
 * The test computes the strongly connected components (Tarjan) and, in
 * their order of completion (successors first), the set of potentials each
 * reaches.
 *
 * The same facts say which candidates can start something: a forcing
 * chain from "s on" needs it to reach "s off", one from "s off" to reach
 * "s on", a cycle from s needs "s on" on a cycle of the graph (a
 * component of two or more potentials), and goes through that component
 * only. The searches of every pass (X links, Y links, both) follow edges
 * of this graph, so what it rules out they do not find. */
#include <stdlib.h>

#include "se_chain.h"

typedef struct se_reach {
  int n, nw; /* potentials on the grid, words of a set of them */
  /* the potentials are numbered densely (ids), so that sets are short */
  uint16_t id[SE_KEYS], key[SE_KEYS];
  uint16_t idx[SE_KEYS], low[SE_KEYS], cid[SE_KEYS];
  uint16_t comp[SE_KEYS]; /* by key, for se_starts */
  uint8_t onstack[SE_KEYS];
  uint16_t stack[SE_KEYS];
  /* explicit recursion: node and next edge */
  uint16_t cnode[SE_KEYS], cedge[SE_KEYS];
  uint16_t adj[SE_KEYS][32];
  uint8_t nadj[SE_KEYS];
  uint64_t sets[SE_KEYS * SE_KEY_WORDS]; /* per component, nw words */
  uint16_t csize[SE_KEYS];               /* potentials per component */
  uint8_t wlo[SE_KEYS], whi[SE_KEYS];    /* its set's first and last
                                            non-zero words */
} reach;

size_t nonet__se_reach_size(void) { return sizeof(reach); }

static uint64_t *set_of(reach *r, int comp) {
  return r->sets + (size_t)comp * (size_t)r->nw;
}

static int has(const uint64_t *set, int i) {
  return (int)((set[i >> 6] >> (i & 63)) & 1);
}

static void edges(reach *r, const se_grid *g) {
  int n = 0;
  for (int c = 0; c < 81; c++)
    for (unsigned m = g->cand[c]; m; m &= m - 1) {
      int d = nn_ctz(m), on = se_key_on(c, d), off = se_key_off(c, d);
      r->key[n] = (uint16_t)on;
      r->id[on] = (uint16_t)n++;
      r->key[n] = (uint16_t)off;
      r->id[off] = (uint16_t)n++;
    }
  r->n = n;
  r->nw = (n + 63) / 64;
  for (int c = 0; c < 81; c++)
    for (unsigned m = g->cand[c]; m; m &= m - 1) {
      int d = nn_ctz(m), on = r->id[se_key_on(c, d)],
          off = r->id[se_key_off(c, d)];
      n = 0;
      /* on: the other candidates of the cell, the digit in the peers */
      for (unsigned o = g->cand[c] & ~(1u << d); o; o &= o - 1)
        r->adj[on][n++] = r->id[se_key_off(c, nn_ctz(o))];
      nn_bb peers = bb_and(SE_PEER_BB[c], g->dig[d]);
      while (!bb_empty(peers))
        r->adj[on][n++] = r->id[se_key_off(bb_pop(&peers), d)];
      r->nadj[on] = (uint8_t)n;
      /* off: the last candidate of the cell, the last position in a unit */
      n = 0;
      if (pc9(g->cand[c]) == 2)
        r->adj[off][n++] = r->id[se_key_on(c, nn_ctz(g->cand[c] & ~(1u << d)))];
      for (int k = 0; k < 3; k++) {
        int u = SE_CELL_UNIT[c][k];
        unsigned pos = g->pos[u][d];
        if (pc9(pos) == 2)
          r->adj[off][n++] = r->id[se_key_on(
              SE_UNIT[u][nn_ctz(pos & ~(1u << SE_CELL_INDEX[c][k]))], d)];
      }
      r->nadj[off] = (uint8_t)n;
    }
}

int nonet__se_forcing_possible(se_reach *scratch, const se_grid *g,
                               se_starts *st) {
  reach *r = scratch;
  edges(r, g);
  int nv = r->n, nw = r->nw;
  memset(r->idx, 0,
         (size_t)nv * sizeof r->idx[0]); /* 0: not visited; index + 1 */
  int counter = 0, sp = 0, ncomp = 0;
  for (int root = 0; root < nv; root++) {
    if (r->idx[root]) continue;
    int depth = 0;
    r->cnode[0] = (uint16_t)root;
    r->cedge[0] = 0;
    r->idx[root] = r->low[root] = (uint16_t)++counter;
    r->stack[sp++] = (uint16_t)root;
    r->onstack[root] = 1;
    while (depth >= 0) {
      int v = r->cnode[depth];
      if (r->cedge[depth] < r->nadj[v]) {
        int w = r->adj[v][r->cedge[depth]++];
        if (!r->idx[w]) {
          r->idx[w] = r->low[w] = (uint16_t)++counter;
          r->stack[sp++] = (uint16_t)w;
          r->onstack[w] = 1;
          depth++;
          r->cnode[depth] = (uint16_t)w;
          r->cedge[depth] = 0;
        } else if (r->onstack[w] && r->idx[w] < r->low[v]) {
          r->low[v] = r->idx[w];
        }
        continue;
      }
      if (r->low[v] == r->idx[v]) {
        /* a component, completed after everything it reaches */
        uint64_t *set = set_of(r, ncomp);
        memset(set, 0, (size_t)nw * sizeof *set);
        int w, start = sp;
        do {
          w = r->stack[--start];
        } while (w != v);
        r->csize[ncomp] = (uint16_t)(sp - start);
        int lo = nw, hi = 0;
        for (int i = start; i < sp; i++) {
          int x = r->stack[i];
          r->onstack[x] = 0;
          r->cid[x] = (uint16_t)ncomp;
          set[x >> 6] |= 1ULL << (x & 63);
          if (x >> 6 < lo) lo = x >> 6;
          if (x >> 6 > hi) hi = x >> 6;
        }
        for (int i = start; i < sp; i++) {
          int x = r->stack[i];
          for (int j = 0; j < r->nadj[x]; j++) {
            int cw = r->cid[r->adj[x][j]];
            if (cw == ncomp) continue;
            const uint64_t *o = set_of(r, cw);
            int olo = r->wlo[cw], ohi = r->whi[cw];
            for (int t = olo; t <= ohi; t++) set[t] |= o[t];
            if (olo < lo) lo = olo;
            if (ohi > hi) hi = ohi;
          }
        }
        r->wlo[ncomp] = (uint8_t)lo;
        r->whi[ncomp] = (uint8_t)hi;
        sp = start;
        ncomp++;
      }
      depth--;
      if (depth >= 0) {
        int u = r->cnode[depth];
        if (r->low[v] < r->low[u]) r->low[u] = r->low[v];
      }
    }
  }
  int any = 0;
  st->comp = r->comp;
  st->id = r->id;
  st->sets = r->sets;
  st->nw = nw;
  for (int i = 0; i < nv; i++) r->comp[r->key[i]] = r->cid[i];
  for (int c = 0; c < 81; c++) {
    unsigned a = 0, b = 0, y = 0;
    for (unsigned m = g->cand[c]; m; m &= m - 1) {
      int d = nn_ctz(m), on = r->id[se_key_on(c, d)],
          off = r->id[se_key_off(c, d)];
      if (has(set_of(r, r->cid[on]), off)) a |= 1u << d;
      if (has(set_of(r, r->cid[off]), on)) b |= 1u << d;
      if (r->csize[r->cid[on]] > 1) y |= 1u << d;
    }
    st->on_off[c] = (uint16_t)a;
    st->off_on[c] = (uint16_t)b;
    st->cycle[c] = (uint16_t)y;
    any |= (int)(a | b);
  }
  return any != 0;
}

/* The potentials `key` reaches (itself included), after
 * nonet__se_forcing_possible on the same grid, as a set of
 * nonet__se_reach_words words in an order of its own: sets of the same
 * grid can be compared with each other only. */
const uint64_t *nonet__se_reach_of(const se_reach *scratch, int key) {
  const reach *r = scratch;
  return r->sets + (size_t)r->cid[r->id[key]] * (size_t)r->nw;
}

int nonet__se_reach_words(const se_reach *scratch) {
  return ((const reach *)scratch)->nw;
}
