/* forcing.c: the forcing net (contradiction). A candidate is assumed
 * true and the singles it forces are followed (naked singles, hidden
 * singles in every house, each placement leaving the cells that see it
 * and, with nonconsecutive, the digits next to it in its neighbours).
 * Where no net of singles alone is found, the nets are looked for again,
 * following also, when the singles stop, what a digit's places in a
 * house point at (two to MAXPLACES places left and cells that see all of
 * them: the digit leaves those cells, locked candidates through every
 * house and relation, as relation pointing finds them), then what a
 * cage's digit sets allow (cage combinations on the cells as they are
 * then, for cages of up to MAXCAGE open cells), and the singles go on. When
 * they leave a cell with no candidate, a house with no place for a digit it
 * lacks, or a cage whose placed digits break its sum or that no digit set fits,
 * the candidate is false. Logic, not a search: nothing is guessed past the one
 * assumption, and each step follows from it (sound whatever the number
 * of solutions). Each placement keeps what forced it (the nodes that
 * took the other digits of its cell, or the digit's other places in a
 * house), each elimination what it rests on (the digit's other places in
 * its house; the cage's cells as they are), and so does the
 * contradiction: the net shown is what the contradiction rests on, in
 * order, not every single that was followed. Of all candidates, the one
 * whose contradiction rests on the fewest of them (MAXNET at most) is
 * shown, cells with fewer candidates first.
 *
 * Step data: units: the assumed candidate, then what the contradiction
 * rests on, in order (NONET_VUNIT_CANDIDATE, `nbase` of them: MAXNET at
 * most; each follows from those before it): a placement with sum 0, an
 * elimination with sum NONET_VNET_RULED_OUT(kind, index) of the house
 * whose places of the digit all see it, or (NONET_VUNIT_CAGE, its first
 * cell) of the cage whose digit sets leave it out; then, for a house or
 * a cage, the unit of the contradiction; cells: the assumed cell, the
 * placed and eliminated cells, and for an empty cell that cell last
 * (when there is room); digits: the assumed digit; sum: the
 * contradiction (1: cell sum2 has no candidate, 2: the last unit has no
 * place for digit sum2, 3: the last unit, a cage, breaks its sum, 4: no
 * digit set fits the last unit, a cage). */
#include <stdlib.h>
#include <string.h>

#include "vlogic/vlogic.h"

/* Placements the propagation of all candidates may make before the
 * finder gives up with what it has (25x25 grids). */
#define BUDGET 2000000L
/* Placements a net may make, the assumption included: one a person can
 * follow, and within the units a step holds (the last one left for the
 * contradiction's house or cage). */
#define MAXNET (NONET_VSTEP_MAX_UNITS - 1)
/* Placements followed from an assumption at most: a net rests on MAXNET
 * of them at most, but may rest on a few of many (of 100 default 16x16
 * puzzles, following 128 instead of 31 left 53 needing trial and error
 * instead of 84; docs/benchmarks.md). */
#define FOLLOW (4 * (MAXNET + 1))
/* Places of a digit in a house that are looked at for cells seeing them
 * all (more seldom point at anything, and cost more to look at). */
#define MAXPLACES 4
/* Open cells of a cage whose digit sets a net looks at (larger cages
 * have many; on 100 default killers, all sizes left the same 5 needing
 * trial and error as this, for 30% more time). */
#define MAXCAGE 4

#define DCAP (VL_MAXH * VL_MAXN)

typedef struct net {
  uint8_t cells[VL_MAXC];
  uint32_t cand[VL_MAXC];
  uint8_t cnt[VL_MAXH][VL_MAXN]; /* open places of each digit per house */
  uint32_t placed[VL_MAXH];      /* digits placed per house */
  vl_bits has[VL_MAXN];          /* per digit: the open cells that hold it */
  int16_t csum[VL_MAXC], copen[VL_MAXC]; /* per cage */
  /* the placements and eliminations (nodes), in order; FOLLOW at most */
  uint16_t pcell[VL_MAXC];
  uint8_t pdig[VL_MAXC];
  uint8_t pelim[VL_MAXC];   /* 0 a placement; an elimination by */
  uint16_t pgroup[VL_MAXC]; /* house pgroup (1) or cage pgroup (2) */
  int np;
  /* what forced each node: node j's causes are
   * cause[cfirst[j] .. cfirst[j + 1]) (earlier nodes) */
  int cfirst[VL_MAXC + 2]; /* (+ the contradiction's) */
  uint16_t cause[VL_MAXC * VL_MAXN];
  /* the node that took digit e from open cell c: gone[c * n + e],
   * valid for the digits of c in the start state that are gone */
  uint16_t gone[VL_MAXC * VL_MAXN];
  uint16_t at[VL_MAXC];  /* the placement of each cell the net filled */
  uint8_t keep[VL_MAXC]; /* the nodes the contradiction rests on */
  int nkeep;
  uint16_t qcell[4 * VL_MAXC]; /* singles found, to place in turn */
  uint8_t qdig[4 * VL_MAXC];
  int qhead, qtail;
  /* houses and digits whose places went down to 2 .. MAXPLACES, to look
   * at when the singles stop (queued: per house, the digits queued; each
   * is queued once at a time, so a ring of DCAP holds them all) */
  uint8_t dhouse[DCAP], ddig[DCAP];
  uint32_t queued[VL_MAXH];
  int dhead, dtail; /* (counts: the ring's index is count % DCAP) */
  /* cages whose cells changed, to look at after the houses (a ring too) */
  uint16_t dcage[VL_MAXC];
  uint8_t cqueued[VL_MAXC];
  int chead, ctail;
  int pointing;          /* 0: singles alone */
  struct cached *cache;  /* cage combinations (grids with cages) */
  int why, where, digit; /* the contradiction: kind, cell/house/cage, digit */
} net;

/* A single to place later. A queue already full drops it: that is sound
 * (the net just follows fewer placements and may find no contradiction),
 * and happens only once four times as many singles as a grid has cells
 * were found in one net. */
static void found_single(net *t, int cell, int d) {
  if (t->qtail < 4 * VL_MAXC) {
    t->qcell[t->qtail] = (uint16_t)cell;
    t->qdig[t->qtail++] = (uint8_t)d;
  }
}

/* Digit e (0-based) leaves the places of the houses of cell p: a house
 * left with one place for it has a hidden single, with none a
 * contradiction (1). */
static int leaves_houses(const vl_grid *g, net *t, int p, int e) {
  for (int k = 0; k < g->nhc[p]; k++) {
    int h = g->hc[p][k];
    if (t->placed[h] >> e & 1) continue;
    int left = --t->cnt[h][e];
    if (left == 0) {
      t->why = 2, t->where = h, t->digit = e + 1;
      return 1;
    }
    if (t->pointing && left <= MAXPLACES && left >= 2 &&
        !(t->queued[h] >> e & 1)) {
      t->queued[h] |= 1u << e;
      t->dhouse[t->dtail % DCAP] = (uint8_t)h;
      t->ddig[t->dtail++ % DCAP] = (uint8_t)e;
    }
    if (left == 1)
      for (int j = 0; j < g->n; j++) {
        int q = g->house[h][j];
        if (q != p && !t->cells[q] && t->cand[q] >> e & 1) {
          found_single(t, q, e + 1);
          break;
        }
      }
  }
  return 0;
}

/* Cell p of a cage changed: its cage is looked at again (when the
 * singles and the houses stop). */
static void cage_changed(const vl_grid *g, net *t, int p) {
  int k = g->cage_of[p];
  if (t->pointing && k >= 0 && !t->cqueued[k]) {
    t->cqueued[k] = 1;
    t->dcage[t->ctail++ % VL_MAXC] = (uint16_t)k;
  }
}

/* Digit e (0-based) leaves open cell p: 1 on a contradiction. */
static int drop(const vl_grid *g, net *t, int p, int e) {
  if (t->cells[p] || !(t->cand[p] >> e & 1)) return 0;
  t->cand[p] &= ~(1u << e);
  t->has[e].w[p >> 6] &= ~(1ull << (p & 63));
  t->gone[p * g->n + e] = (uint16_t)(t->np - 1);
  cage_changed(g, t, p);
  int c = vl_pop(t->cand[p]);
  if (c == 0) {
    t->why = 1, t->where = p;
    return 1;
  }
  if (c == 1) found_single(t, p, vl_ctz(t->cand[p]) + 1);
  return leaves_houses(g, t, p, e);
}

/* What took digit e from cell p, open in the start state: the
 * placement that filled p, or the one that took e (none when e was gone
 * before the net began). */
static void took(const vl_grid *g, const net *start, net *t, int p, int e) {
  if (start->cells[p] || !(start->cand[p] >> e & 1)) return;
  int j = t->cells[p] ? t->at[p] : t->gone[p * g->n + e];
  t->cause[t->cfirst[t->np + 1]++] = (uint16_t)j;
}

/* What took the digits `digits` of cell p (those it had at the start). */
static void took_digits(const vl_grid *g, const net *start, net *t, int p,
                        uint32_t digits) {
  for (uint32_t m = start->cand[p] & digits; m; m &= m - 1)
    took(g, start, t, p, vl_ctz(m));
}

/* What took digit e from the cells of house h but `except` (-1: none). */
static void took_places(const vl_grid *g, const net *start, net *t, int h,
                        int e, int except) {
  for (int j = 0; j < g->n; j++)
    if (g->house[h][j] != except) took(g, start, t, g->house[h][j], e);
}

/* The causes of the placement of digit e in cell i, the next one (none
 * for the assumption): the placements that took i's other digits when
 * it has one left, else those that took e's other places in a house
 * where it has one place left (one of the two holds: the single was one
 * when found, and its digit is still a candidate of it). */
static void forced_by(const vl_grid *g, const net *start, net *t, int i,
                      int e) {
  t->cfirst[t->np + 1] = t->cfirst[t->np];
  if (t->np == 0) return;
  if (t->cand[i] == 1u << e) {
    took_digits(g, start, t, i, ~(1u << e));
    return;
  }
  for (int k = 0; k < g->nhc[i]; k++) {
    int h = g->hc[i][k];
    if (t->placed[h] >> e & 1 || t->cnt[h][e] != 1) continue;
    took_places(g, start, t, h, e, i);
    return;
  }
}

/* What made cage k's cells what they are: the nodes that filled them or
 * took their digits (appended as took() does). */
static void cage_causes(const vl_grid *g, const net *start, net *t, int k) {
  for (int j = 0; j < g->cage_n[k]; j++) {
    int c = g->cage_cells[g->cage_at[k] + j];
    if (start->cells[c]) continue;
    if (t->cells[c])
      t->cause[t->cfirst[t->np + 1]++] = t->at[c];
    else
      took_digits(g, start, t, c, start->cand[c] & ~t->cand[c]);
  }
}

/* The nodes the contradiction rests on, into keep[] (in order): those
 * of its cell, house or cage, then what forced each of them. */
static void rests_on(const vl_grid *g, const net *start, net *t) {
  int np = t->np;
  uint8_t *mark = t->keep;
  memset(mark, 0, (size_t)np);
  mark[0] = 1; /* the assumption */
  /* the contradiction's causes, after the last placement's (took()
   * appends at cfirst[t->np + 1]) */
  int from = t->cfirst[np];
  t->cfirst[np + 1] = from;
  if (t->why == 1) {
    took_digits(g, start, t, t->where, ~0u);
  } else if (t->why == 2) {
    took_places(g, start, t, t->where, t->digit - 1, -1);
  } else if (t->why == 4) {
    cage_causes(g, start, t, t->where);
  } else {
    int k = t->where;
    for (int j = 0; j < g->cage_n[k]; j++) {
      int c = g->cage_cells[g->cage_at[k] + j];
      if (!start->cells[c] && t->cells[c]) mark[t->at[c]] = 1;
    }
  }
  for (int x = from; x < t->cfirst[np + 1]; x++) mark[t->cause[x]] = 1;
  for (int j = np - 1; j > 0; j--)
    if (mark[j])
      for (int x = t->cfirst[j]; x < t->cfirst[j + 1]; x++)
        mark[t->cause[x]] = 1;
  t->nkeep = 0;
  for (int j = 0; j < np; j++) t->nkeep += mark[j];
}

/* Places d (1-based) in open cell i, a candidate of it: 1 on a
 * contradiction (a cage's placed digits leave its open cells a sum they
 * cannot make, one to N each, among others). */
static int put(const vl_grid *g, const net *start, net *t, int i, int d) {
  int e = d - 1;
  forced_by(g, start, t, i, e);
  t->at[i] = (uint16_t)t->np;
  t->pelim[t->np] = 0;
  t->pcell[t->np] = (uint16_t)i;
  t->pdig[t->np++] = (uint8_t)d;
  t->cells[i] = (uint8_t)d;
  uint32_t others = t->cand[i] & ~(1u << e);
  for (uint32_t m = t->cand[i]; m; m &= m - 1)
    t->has[vl_ctz(m)].w[i >> 6] &= ~(1ull << (i & 63));
  t->cand[i] = 0;
  for (int k = 0; k < g->nhc[i]; k++) t->placed[g->hc[i][k]] |= 1u << e;
  for (uint32_t m = others; m; m &= m - 1)
    if (leaves_houses(g, t, i, vl_ctz(m))) return 1;
  int k = g->cage_of[i];
  if (k >= 0) {
    cage_changed(g, t, i);
    t->csum[k] = (int16_t)(t->csum[k] + d);
    t->copen[k]--;
    /* each open cell holds 1 .. N */
    if (t->csum[k] + t->copen[k] > g->cage_sum[k] ||
        t->csum[k] + t->copen[k] * g->n < g->cage_sum[k]) {
      t->why = 3, t->where = k;
      return 1;
    }
  }
  /* the peers that hold e (each word read once, before its drops) */
  for (int w = 0; w < g->nw; w++)
    for (uint64_t m = g->peers[i].w[w] & t->has[e].w[w]; m; m &= m - 1)
      if (drop(g, t, w * 64 + nn_ctz64(m), e)) return 1;
  for (int j = 0; j < g->nadj[i]; j++) {
    if (e > 0 && drop(g, t, g->adj[i][j], e - 1)) return 1;
    if (e + 1 < g->n && drop(g, t, g->adj[i][j], e + 1)) return 1;
  }
  return 0;
}

/* Records node np: digit e (0-based) leaves open cell q by group x
 * (elim 1: house x, 2: cage x), its causes already appended after
 * cfirst[np]; then takes it out: 1 on a contradiction. */
static int rule_out(const vl_grid *g, net *t, int elim, int x, int q, int e) {
  t->pelim[t->np] = (uint8_t)elim;
  t->pgroup[t->np] = (uint16_t)x;
  t->pcell[t->np] = (uint16_t)q;
  t->pdig[t->np++] = (uint8_t)(e + 1);
  return drop(g, t, q, e);
}

/* Digit e leaves the cells that see all its places in house h, when it
 * has 2 .. MAXPLACES of them: each such elimination is a node, resting
 * on what took e from the other cells of h. 1 on a contradiction, -1
 * past FOLLOW nodes, else 0 (*any: whether e left a cell). */
static int point(const vl_grid *g, const net *start, net *t, int h, int e,
                 int *any) {
  if (t->placed[h] >> e & 1 || t->cnt[h][e] < 2 || t->cnt[h][e] > MAXPLACES)
    return 0;
  vl_bits see;
  memset(&see, 0xff, sizeof see.w[0] * (size_t)g->nw);
  for (int j = 0; j < g->n; j++) {
    int q = g->house[h][j];
    if (t->cells[q] || !(t->cand[q] >> e & 1)) continue;
    for (int w = 0; w < g->nw; w++) see.w[w] &= g->peers[q].w[w];
    see.w[q >> 6] &= ~(1ull << (q & 63));
  }
  for (int w = 0; w < g->nw; w++)
    for (uint64_t m = see.w[w] & t->has[e].w[w]; m; m &= m - 1) {
      int q = w * 64 + nn_ctz64(m);
      if (t->np >= FOLLOW) return -1;
      /* the node: what took e from h's cells but its places */
      t->cfirst[t->np + 1] = t->cfirst[t->np];
      for (int j = 0; j < g->n; j++) {
        int p = g->house[h][j];
        if (t->cells[p] || !(t->cand[p] >> e & 1)) took(g, start, t, p, e);
      }
      *any = 1;
      if (rule_out(g, t, 1, h, q, e)) return 1;
    }
  return 0;
}

/* What cage combinations gave for a cage's open cells as they were (the
 * sum left, the digits not placed, each cell's candidates): the same
 * question comes back from many assumptions. Direct-mapped; cages of
 * more than CACHE_CELLS open cells are not kept. */
#define CACHE_SLOTS 4096
#define CACHE_CELLS 9
typedef struct cached {
  int k, sum, result; /* k 0: empty */
  uint32_t avail, cand[CACHE_CELLS], possible[CACHE_CELLS];
} cached;

static cached *cache_slot(cached *cache, const vl_sumset *q) {
  uint64_t h = (uint64_t)q->sum * 0x9e3779b97f4a7c15ull ^ q->avail;
  for (int j = 0; j < q->k; j++) h = (h ^ q->cand[j]) * 0x100000001b3ull;
  return &cache[(h ^ h >> 29) % CACHE_SLOTS];
}

/* nonet__vl_sumset_solve for a cage's open cells, through the cache. */
static int cage_solve(cached *cache, const vl_sumset *q, uint32_t *possible) {
  cached *e = q->k <= CACHE_CELLS ? cache_slot(cache, q) : NULL;
  if (e && e->k == q->k && e->sum == q->sum && e->avail == q->avail &&
      !memcmp(e->cand, q->cand, sizeof *q->cand * (size_t)q->k)) {
    memcpy(possible, e->possible, sizeof *possible * (size_t)q->k);
    return e->result;
  }
  int ncombos = 0,
      r = nonet__vl_sumset_solve(q, possible, NULL, NULL, 0, &ncombos);
  if (e) {
    e->k = q->k, e->sum = q->sum, e->result = r, e->avail = q->avail;
    memcpy(e->cand, q->cand, sizeof *q->cand * (size_t)q->k);
    memcpy(e->possible, possible, sizeof *possible * (size_t)q->k);
  }
  return r;
}

/* Cage k's open cells keep only the digits some set that fits gives them
 * (cage combinations): each digit that goes is a node resting on what
 * made the cage's cells what they are. 1 on a contradiction (no set
 * fits: why 4), -1 past FOLLOW nodes, else 0 (*any: whether a digit
 * went). */
static int combine(const vl_grid *g, const net *start, net *t, int k,
                   int *any) {
  vl_sumset q;
  if (!t->copen[k] || t->copen[k] > MAXCAGE) return 0;
  /* (refused only when the placed digits pass the sum: no set fits) */
  if (nonet__vl_sumset_at(g, t->cells, t->cand, g->cage_cells + g->cage_at[k],
                          g->cage_n[k], g->cage_sum[k], 1, &q) < 0) {
    t->why = 4, t->where = k;
    return 1;
  }
  uint32_t any_cell = 0; /* (a digit no cell can take is in no set) */
  for (int j = 0; j < q.k; j++) any_cell |= q.cand[j];
  q.avail &= any_cell;
  uint32_t possible[VL_MAXN];
  int r = cage_solve(t->cache, &q, possible);
  if (r == 0) {
    t->why = 4, t->where = k;
    return 1;
  }
  if (r < 0) return 0;
  int first = -1; /* the first node's causes serve them all */
  for (int j = 0; j < q.k; j++)
    for (uint32_t m = q.cand[j] & ~possible[j]; m; m &= m - 1) {
      if (t->np >= FOLLOW) return -1;
      t->cfirst[t->np + 1] = t->cfirst[t->np];
      if (first < 0) {
        first = t->np;
        cage_causes(g, start, t, k);
      } else {
        for (int x = t->cfirst[first]; x < t->cfirst[first + 1]; x++)
          t->cause[t->cfirst[t->np + 1]++] = t->cause[x];
      }
      *any = 1;
      if (rule_out(g, t, 2, k, q.cells[j], vl_ctz(m))) return 1;
    }
  return 0;
}

/* Follows the singles from the placement of d in cell i, and what the
 * places of digits point at and what cages' digit sets allow when they
 * stop, until nothing more follows or a rule breaks: 1 on a contradiction
 * (t->why), 0 when nothing follows, -1 past FOLLOW nodes. t starts as `start`
 * (the grid's state). */
static int follow(const vl_grid *g, const net *start, net *t, int i, int d) {
  memcpy(t->cells, start->cells, (size_t)g->nn);
  memcpy(t->cand, start->cand, (size_t)g->nn * sizeof *t->cand);
  memcpy(t->cnt, start->cnt, sizeof t->cnt[0] * (size_t)g->nh);
  memcpy(t->placed, start->placed, sizeof t->placed[0] * (size_t)g->nh);
  memcpy(t->has, start->has, sizeof t->has[0] * (size_t)g->n);
  memcpy(t->csum, start->csum, sizeof t->csum[0] * (size_t)g->ncages);
  memcpy(t->copen, start->copen, sizeof t->copen[0] * (size_t)g->ncages);
  t->np = t->qhead = t->qtail = 0;
  t->dhead = t->dtail = t->chead = t->ctail = 0;
  if (t->pointing) { /* (the first round queues nothing) */
    memset(t->queued, 0, sizeof t->queued[0] * (size_t)g->nh);
    memset(t->cqueued, 0, (size_t)g->ncages);
  }
  t->cfirst[0] = 0;
  t->why = 0;
  found_single(t, i, d);
  for (;;) {
    while (t->qhead < t->qtail) {
      int c = t->qcell[t->qhead], e = t->qdig[t->qhead++];
      /* a single gone stale: its cell filled or its digit gone (what
       * took it away found any contradiction there) */
      if (t->cells[c] || !(t->cand[c] >> (e - 1) & 1)) continue;
      if (t->np >= FOLLOW) return -1;
      if (put(g, start, t, c, e)) {
        rests_on(g, start, t);
        return 1;
      }
    }
    /* the singles stopped: the houses and digits queued, until one
     * points at something (then the singles again) */
    int any = 0;
    while (t->pointing && !any && t->dhead < t->dtail) {
      int h = t->dhouse[t->dhead % DCAP], e = t->ddig[t->dhead++ % DCAP];
      t->queued[h] &= ~(1u << e);
      int r = point(g, start, t, h, e, &any);
      if (r == 1) rests_on(g, start, t);
      if (r) return r;
    }
    /* then the cages queued */
    while (t->pointing && !any && t->chead < t->ctail) {
      int k = t->dcage[t->chead++ % VL_MAXC];
      t->cqueued[k] = 0;
      int r = combine(g, start, t, k, &any);
      if (r == 1) rests_on(g, start, t);
      if (r) return r;
    }
    if (!any) return 0;
  }
}

/* The grid's state as follow() starts from it. */
static void start_of(const vl_grid *g, net *t) {
  memcpy(t->cells, g->cells, (size_t)g->nn);
  memcpy(t->cand, g->cand, (size_t)g->nn * sizeof *t->cand);
  memset(t->has, 0, sizeof t->has);
  for (int c = 0; c < g->nn; c++)
    if (!g->cells[c])
      for (uint32_t m = g->cand[c]; m; m &= m - 1)
        t->has[vl_ctz(m)].w[c >> 6] |= 1ull << (c & 63);
  for (int h = 0; h < g->nh; h++) {
    t->placed[h] = 0;
    memset(t->cnt[h], 0, sizeof t->cnt[h]);
    for (int j = 0; j < g->n; j++) {
      int c = g->house[h][j];
      if (g->cells[c])
        t->placed[h] |= 1u << (g->cells[c] - 1);
      else
        for (uint32_t m = g->cand[c]; m; m &= m - 1) t->cnt[h][vl_ctz(m)]++;
    }
  }
  for (int k = 0; k < g->ncages; k++) {
    t->csum[k] = t->copen[k] = 0;
    for (int j = 0; j < g->cage_n[k]; j++) {
      int d = g->cells[g->cage_cells[g->cage_at[k] + j]];
      t->csum[k] = (int16_t)(t->csum[k] + d);
      t->copen[k] = (int16_t)(t->copen[k] + !d);
    }
  }
}

static void candidate_unit(nonet_vstep *s, int cell, int digit) {
  if (s->nunits >= NONET_VSTEP_MAX_UNITS - 1) { /* room for the last */
    s->truncated = 1;
    return;
  }
  nonet_vunit *u = &s->units[s->nunits++];
  u->kind = NONET_VUNIT_CANDIDATE;
  u->index = (uint16_t)digit;
  u->cell = (uint16_t)cell;
  u->sum = 0;
}

int nonet__vl_forcing(const vl_grid *g, int tech, nonet_vstep *s) {
  net *t = malloc(2 * sizeof *t);
  if (!t) return NONET_ENOMEM;
  t->cache = NULL;
  net *start = t + 1;
  start_of(g, start);
  int best_cell = -1, best_digit = 0, best_keep = MAXNET + 1;
  /* singles alone first; pointing too only when they find no net (the
   * simpler net, and each follow stops sooner) */
  for (t->pointing = 0; t->pointing < 2 && best_cell < 0; t->pointing++) {
    /* (the cage answers: for the second round only) */
    if (t->pointing && g->ncages &&
        !(t->cache = calloc(CACHE_SLOTS, sizeof *t->cache))) {
      free(t);
      return NONET_ENOMEM;
    }
    long spent = 0;
    for (int want = 2; want <= g->n && spent < BUDGET; want++)
      for (int i = 0; i < g->nn && spent < BUDGET; i++) {
        if (g->cells[i] || vl_pop(g->cand[i]) != want) continue;
        for (uint32_t m = g->cand[i]; m; m &= m - 1) {
          /* followed to the end (FOLLOW): a net may rest on a few of
           * many; only one shorter than the best is wanted */
          int r = follow(g, start, t, i, vl_ctz(m) + 1);
          spent += t->np + 1;
          if (r == 1 && t->nkeep < best_keep)
            best_keep = t->nkeep, best_cell = i, best_digit = vl_ctz(m) + 1;
        }
      }
  }
  t->pointing--; /* (the phase that found it) */
  if (best_cell < 0) {
    free(t->cache);
    free(t);
    return 0;
  }
  follow(g, start, t, best_cell, best_digit);
  nonet__vl_begin(g, s, tech);
  for (int j = 0; j < t->np; j++)
    if (t->keep[j]) {
      candidate_unit(s, t->pcell[j], t->pdig[j]);
      int x = t->pgroup[j];
      if (t->pelim[j] == 1 && !s->truncated) /* ruled out, by the house */
        s->units[s->nunits - 1].sum =
            (uint16_t)NONET_VNET_RULED_OUT(g->hkind[x], g->hidx[x]);
      if (t->pelim[j] == 2 && !s->truncated) /* by the cage (its cell) */
        s->units[s->nunits - 1].sum = (uint16_t)NONET_VNET_RULED_OUT(
            NONET_VUNIT_CAGE, g->cage_cells[g->cage_at[x]]);
      nonet__vl_cell(s, t->pcell[j]);
    }
  s->nbase = s->nunits;
  s->digits = 1u << (best_digit - 1);
  s->sum = t->why;
  if (t->why == 1) {
    s->sum2 = t->where;
    nonet__vl_cell(s, t->where);
  } else if (t->why == 2) {
    s->sum2 = t->digit;
    nonet__vl_house(g, s, t->where);
  } else /* a cage: its sum broken (3), no digit set fits (4) */
    nonet__vl_cage(g, s, t->where);
  nonet__vl_elim(s, best_cell, best_digit);
  free(t->cache);
  free(t);
  return 1;
}
