/* chains.c: X-Chains, XY-Chains and AICs (alternating inference chains)
 * over every house and relation of the grid.
 *
 * A strong link joins two candidates of which one must be true: the two
 * digits of a cell that has two (bivalue), or the two places of a digit
 * in a house that has two (every house holds every digit). A weak link
 * joins two that cannot both be true: two digits of one cell, one digit
 * in two cells that see each other (a house, a cage, a knight's or king's
 * move), digits next to each other in nonconsecutive neighbours. A chain
 * A = B - C = D ... = Z, strong and weak links in turn, starting and
 * ending with a strong one, says: if A is false then B is true, so C is
 * false, so D is true ... so Z is true. So A or Z is true, and every
 * candidate that sees both goes; when Z is A itself, A is true.
 *   X-Chain: one digit, the strong links in houses, the weak ones
 *     between cells that see each other;
 *   XY-Chain: the strong links in bivalue cells, the weak ones between
 *     cells that see each other, with one digit;
 *   AIC: any of them (and the nonconsecutive rule's).
 * Sound whatever the number of solutions (each link holds in every one).
 * The shortest chain with a result is taken (breadth first from each
 * start, up to MAXNODES candidates), the first found among those.
 *
 * Step data: units: the chain's candidates in order (kind
 * NONET_VUNIT_CANDIDATE, index the digit, cell the cell, sum 1 when the
 * link to the next one is strong); cells: the cells of the chain, each
 * once, in order; digits: its digits. */
#include <stdlib.h>
#include <string.h>

#include "vlogic/vlogic.h"

/* Candidates of a chain at most (even: it starts and ends with a strong
 * link), within the units a step holds. */
#define MAXNODES 20
/* Work (candidates looked at) a search may do before it gives up with
 * what it has: 25x25 grids have thousands of strong links. */
#define BUDGET 40000000L

typedef struct chains {
  const vl_grid *g;
  int tech;
  int32_t *nid; /* per cell and digit: the node, or -1 */
  int m;        /* nodes: candidates with a strong link */
  uint16_t *ncell;
  uint8_t *ndig;       /* 0-based */
  int *sfirst, *slist; /* strong partners of each node */
  int *fpar, *tpar;    /* breadth first: the node each was reached from,
                          as false and as true (-1: not yet) */
  uint8_t *fdep, *tdep;
  int *queue; /* node * 2 + (1: true) */
  long work;
  /* the best so far */
  int best_len, best_a, best_z;
} chains;

static int adjacent(const vl_grid *g, int a, int b) {
  for (int k = 0; k < g->nadj[a]; k++)
    if (g->adj[a][k] == b) return 1;
  return 0;
}

/* 1 when candidates (a, d) and (b, e) cannot both be true. */
static int weak(const vl_grid *g, int a, int d, int b, int e) {
  if (a == b) return d != e;
  if (d == e) return vl_has(&g->peers[a], b);
  return g->nonconsecutive && (d - e == 1 || e - d == 1) && adjacent(g, a, b);
}

static int node(chains *c, int cell, int d) {
  int32_t *p = &c->nid[cell * c->g->n + d];
  if (*p < 0) {
    *p = c->m;
    c->ncell[c->m] = (uint16_t)cell;
    c->ndig[c->m++] = (uint8_t)d;
  }
  return *p;
}

/* The nodes and strong links the technique uses. 0, or -1 out of memory. */
static int build(chains *c) {
  const vl_grid *g = c->g;
  int n = g->n, nn = g->nn, cells = c->tech != NONET_VTECH_X_CHAIN,
      houses = c->tech != NONET_VTECH_XY_CHAIN;
  int cap = 2 * (nn + g->nh * n), ne = 0;
  int *ea = malloc((size_t)cap * sizeof *ea),
      *eb = malloc((size_t)cap * sizeof *eb);
  if (!ea || !eb) {
    free(ea), free(eb);
    return -1;
  }
  if (cells)
    for (int i = 0; i < nn; i++)
      if (!g->cells[i] && vl_pop(g->cand[i]) == 2) {
        int d = vl_ctz(g->cand[i]), e = vl_top(g->cand[i]) - 1;
        int a = node(c, i, d), b = node(c, i, e);
        ea[ne] = a, eb[ne++] = b, ea[ne] = b, eb[ne++] = a;
      }
  if (houses)
    for (int h = 0; h < g->nh; h++) {
      uint32_t need = g->all & ~nonet__vl_house_placed(g, h);
      for (uint32_t m = need; m; m &= m - 1) {
        int d = vl_ctz(m), at[2], k = 0;
        for (int j = 0; j < n && k < 3; j++)
          if (g->cand[g->house[h][j]] >> d & 1) {
            if (k < 2) at[k] = g->house[h][j];
            k++;
          }
        if (k != 2) continue;
        int a = node(c, at[0], d), b = node(c, at[1], d);
        ea[ne] = a, eb[ne++] = b, ea[ne] = b, eb[ne++] = a;
      }
    }
  c->sfirst = calloc((size_t)c->m + 1, sizeof *c->sfirst);
  c->slist = malloc(((size_t)ne + 1) * sizeof *c->slist);
  if (!c->sfirst || !c->slist) {
    free(ea), free(eb);
    return -1;
  }
  for (int j = 0; j < ne; j++) c->sfirst[ea[j] + 1]++;
  for (int v = 0; v < c->m; v++) c->sfirst[v + 1] += c->sfirst[v];
  int *at = malloc(((size_t)c->m + 1) * sizeof *at);
  if (!at) {
    free(ea), free(eb);
    return -1;
  }
  memcpy(at, c->sfirst, ((size_t)c->m + 1) * sizeof *at);
  for (int j = 0; j < ne; j++) c->slist[at[ea[j]]++] = eb[j];
  free(at), free(ea), free(eb);
  return 0;
}

/* What a chain from a (false) to z (true) removes: the candidates that
 * see both ends (z == a: a is true). Written to s when s is not NULL;
 * returns how many. */
static int results(chains *c, int a, int z, nonet_vstep *s) {
  const vl_grid *g = c->g;
  int ca = c->ncell[a], da = c->ndig[a], cz = c->ncell[z], dz = c->ndig[z];
  if (a == z) {
    if (s) nonet__vl_place_step(s, ca, da + 1);
    return 1;
  }
  int k = 0;
  /* the candidates a rules out, those z rules out among them */
  VL_EACH_RULED_OUT(g, ca, da, 1, 1, (void)0, p, e, {
    if ((p != cz || e != dz) && weak(g, p, e, cz, dz)) {
      if (s) nonet__vl_elim(s, p, e + 1);
      k++;
    }
  });
  return k;
}

/* Runs body with w set to each node that node t, true, makes false by
 * this technique's weak links. */
#define EACH_WEAK(c, t, w, body)                                               \
  do {                                                                         \
    int aic_ = (c)->tech == NONET_VTECH_AIC, n_ = (c)->g->n;                   \
    VL_EACH_RULED_OUT((c)->g, (c)->ncell[t], (c)->ndig[t], aic_, aic_,         \
                      (c)->work++, p_, e_, {                                   \
                        int w = (c)->nid[p_ * n_ + e_];                        \
                        if (w >= 0) body                                       \
                      });                                                      \
  } while (0)

/* Breadth first from a, false: the first chain to a true node with a
 * result, if shorter than the best so far, becomes the best. */
static void search_from(chains *c, int a) {
  int m = c->m, head = 0, tail = 0;
  for (int v = 0; v < m; v++) c->fpar[v] = c->tpar[v] = -1;
  c->fpar[a] = a;
  c->fdep[a] = 1;
  c->queue[tail++] = a * 2;
  while (head < tail && c->work < BUDGET) {
    int q = c->queue[head++], u = q >> 1;
    if (!(q & 1)) { /* u false: its strong partners true */
      int len = c->fdep[u] + 1;
      if (len >= c->best_len) return; /* nothing shorter from here */
      for (int j = c->sfirst[u]; j < c->sfirst[u + 1]; j++) {
        int z = c->slist[j];
        c->work++;
        if (c->tpar[z] >= 0) continue;
        c->tpar[z] = u;
        c->tdep[z] = (uint8_t)len;
        if (results(c, a, z, NULL)) {
          c->best_len = len, c->best_a = a, c->best_z = z;
          return;
        }
        if (len + 2 <= MAXNODES) c->queue[tail++] = z * 2 + 1;
      }
    } else { /* u true: what it sees false */
      EACH_WEAK(c, u, w, {
        c->work++;
        if (c->fpar[w] < 0) {
          c->fpar[w] = u;
          c->fdep[w] = (uint8_t)(c->tdep[u] + 1);
          c->queue[tail++] = w * 2;
        }
      });
    }
  }
}

/* The step of the best chain: its nodes from a to z (read back from z). */
static int write_step(chains *c, nonet_vstep *s) {
  int path[MAXNODES], k = 0, v = c->best_z, truth = 1;
  /* the search from best_a again, to rebuild its parents (the same
   * breadth-first order finds the same chain first; with a budget of its
   * own: the searches after the best one may have spent the first) */
  c->best_len = MAXNODES + 1;
  c->work = 0;
  search_from(c, c->best_a);
  for (;;) {
    if (v < 0 || k >= MAXNODES) return 0; /* (not reached) */
    path[k++] = v;
    if (!truth && v == c->best_a) break;
    v = truth ? c->tpar[v] : c->fpar[v];
    truth = !truth;
  }
  const vl_grid *g = c->g;
  nonet__vl_begin(g, s, c->tech);
  for (int j = k - 1; j >= 0; j--) {
    int x = path[j], cell = c->ncell[x];
    /* link to the next: strong from a false node (j odd from the end) */
    int strong = (k - 1 - j) % 2 == 0 && j > 0;
    if (s->nunits < NONET_VSTEP_MAX_UNITS) {
      nonet_vunit *u = &s->units[s->nunits++];
      u->kind = NONET_VUNIT_CANDIDATE;
      u->index = (uint16_t)(c->ndig[x] + 1);
      u->cell = (uint16_t)cell;
      u->sum = (uint16_t)strong;
    }
    int dup = 0;
    for (int i = 0; i < s->ncells; i++) dup |= s->cells[i] == cell;
    if (!dup) nonet__vl_cell(s, cell);
    s->digits |= 1u << c->ndig[x];
  }
  s->nbase = s->nunits;
  results(c, c->best_a, c->best_z, s);
  return 1;
}

int nonet__vl_chain(const vl_grid *g, int tech, nonet_vstep *s) {
  chains c;
  memset(&c, 0, sizeof c);
  c.g = g;
  c.tech = tech;
  size_t cands = (size_t)g->nn * (size_t)g->n;
  c.nid = malloc(cands * sizeof *c.nid);
  c.ncell = malloc(cands * sizeof *c.ncell);
  c.ndig = malloc(cands);
  int r = NONET_ENOMEM;
  if (!c.nid || !c.ncell || !c.ndig) goto out;
  for (size_t j = 0; j < cands; j++) c.nid[j] = -1;
  if (build(&c) < 0) goto out;
  r = 0;
  if (c.m < 2) goto out;
  c.fpar = malloc((size_t)c.m * sizeof *c.fpar);
  c.tpar = malloc((size_t)c.m * sizeof *c.tpar);
  c.fdep = malloc((size_t)c.m);
  c.tdep = malloc((size_t)c.m);
  c.queue = malloc((size_t)c.m * 2 * sizeof *c.queue);
  if (!c.fpar || !c.tpar || !c.fdep || !c.tdep || !c.queue) {
    r = NONET_ENOMEM;
    goto out;
  }
  c.best_len = MAXNODES + 1;
  for (int a = 0; a < c.m && c.work < BUDGET && c.best_len > 2; a++)
    search_from(&c, a);
  if (c.best_len <= MAXNODES) r = write_step(&c, s);
out:
  free(c.nid), free(c.ncell), free(c.ndig), free(c.sfirst), free(c.slist);
  free(c.fpar), free(c.tpar), free(c.fdep), free(c.tdep), free(c.queue);
  return r;
}
