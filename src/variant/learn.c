/* learn.c: a conflict-driven clause-learning search, for the puzzles
 * the depth-first search of solve.c gets lost in (hard 25x25 ones: what
 * one branch learns there never helps the next).
 *
 * A Boolean variable x(c, d) stands for each candidate d of each cell c.
 * The rules are "exactly one" groups, propagated natively rather than as
 * clauses: a true x(c, d) makes every candidate it excludes false (the
 * other digits of c, d in c's peers, the digits next to d in its
 * nonconsecutive neighbours): the at-most-one side, whose reason is the
 * binary clause (-x(c, d) | -x(p, e)), never written down; and each cell,
 * and each digit of each house, keeps the mask of its places not yet
 * false: down to one, that one is true (the reason: the group's own
 * clause); down to none, a contradiction. Sums (killer cages, the 45
 * rule's rests, innies and outies) are propagated as solve.c does, once
 * the rest is done, what they deduce explained by the candidates then
 * false in their cells; and each cage gets the aid variables of a SAT
 * encoding, "the cage holds d" and one per digit set, with their clauses,
 * so that learned clauses can speak of them (the first of Mathemagic's
 * hardest killers: 221,365 conflicts without them, 24,292 with them);
 * solve.c hands killers over after a budget of its own search.
 *
 * Around that: first-UIP learning, each lower level's literals shrunk to
 * one literal of that level that implies them where there is one (as
 * CaDiCaL does), then minimized; learned clauses watched by two literals;
 * decisions always set a variable true, chosen by VSIDS and the size of
 * its tightest group; Luby restarts; learned clauses kept by their LBD
 * (half of the others dropped at each reduction, so memory stays
 * bounded). Counting: a solution is recorded and a clause that rules out
 * its decisions (it alone extends them) is added; learned clauses stay
 * valid, since they follow from the rules and the solutions ruled out. */
#include <stdlib.h>
#include <string.h>

#include "core/bits.h"
#include "variant.h"

/* Reasons and conflicts: a kind in the top two bits, an argument. */
enum { R_NONE = 0, R_BIN = 1, R_GROUP = 2, R_CLAUSE = 3 };
#define MKR(kind, arg) (((uint32_t)(kind) << 30) | (uint32_t)(arg))
#define RKIND(r) ((r) >> 30)
#define RARG(r) ((r)&0x3fffffffu)
#define SINGLE(x) (((x) & ((x)-1)) == 0)

/* A clause in the arena: its size, its flags and LBD, its activity, then
 * its literals (2v for x(v), 2v + 1 for its negation). */
#define HDR 3
#define F_DELETED 0x80000000u
#define F_KEEP 0x40000000u /* never dropped (ruled-out solutions) */
#define LBD_MASK 0x00ffffffu

/* Luby restarts of this many conflicts a unit. */
#define RESTART_UNIT 300
/* The first reduction after this many conflicts, the next ones that many
 * more each time. */
#define REDUCE_FIRST 4000
#define REDUCE_INC 1000
/* Clauses with an LBD this small or smaller are never dropped. */
#define KEEP_LBD 2
#define VAR_DECAY 0.99
#define CLA_DECAY 0.999
/* Decisions look at this many of the most active variables. */
#define TOPK 8

typedef struct watch {
  uint32_t cref, blocker;
} watch;

typedef struct wlist {
  watch *w;
  uint32_t n, cap;
} wlist;

/* A group of a variable, and the variable's place (bit) in it. */
typedef struct gplace {
  uint32_t g, bit;
} gplace;

/* What is known of an assigned variable (side by side: one cache line). */
typedef struct vdata {
  int32_t level, tpos; /* its level, its place on the trail */
  uint32_t reason;
} vdata;

typedef struct lsolver {
  vsearch *s;
  const vrules *r;
  int nv, nx;      /* variables; those of candidates (then cage aids) */
  uint16_t *vcell; /* per variable */
  uint8_t *vdigit; /* 0-based */
  /* groups: the cells, then each house's digits (house h, digit d:
   * group hbase + h * n + d); their variables in order of place (the
   * digit in a cell, the cell in a house), the places they have, and
   * those not (yet) false */
  int ng, hbase;
  uint32_t *gfirst, *gvars;
  uint32_t *orig, *alive;
  /* the groups of each variable, each with its place in it (side by
   * side: one cache line a variable) */
  uint32_t *vgfirst;
  gplace *vg;
  int32_t *var_of;          /* per cell and digit, or -1 */
  uint32_t *afirst, *avars; /* what a true variable makes false */
  /* the assignment */
  uint8_t *val; /* 0 open, 1 true, 2 false */
  vdata *vd;    /* per variable */
  uint32_t *trail;
  int ntrail, qhead;
  int32_t *lim; /* trail size where each level starts */
  int nlevels;
  /* clauses */
  uint32_t *arena;
  size_t alen, acap;
  size_t wasted;
  wlist *watches; /* per literal: clauses watching it */
  float cla_inc;
  /* decisions */
  double *act;
  double var_inc;
  int32_t *heap, *hpos;
  int nheap;
  /* conflict analysis */
  uint8_t *seen;
  uint8_t *incl, *shr; /* in the learned clause; being shrunk */
  uint32_t *learnt;    /* nv + 1 */
  int nlearnt;
  uint32_t *stack, *toclear, *shrlist, *sortbuf;
  int32_t *lcount; /* per level */
  int ntoclear;
  uint32_t *lstamp; /* per level */
  uint32_t ltick;
  uint32_t buf[VMAXN + 2];
  /* sums (killer cages, innies and outies): R_GROUP reasons with an
   * argument from ng up; those waiting to be propagated; their reasons'
   * literals (one buffer for each caller that may hold one while
   * another is read) */
  uint32_t *squeue;
  uint8_t *sin;
  int nsq;
  uint32_t *sbuf[3];
  uint8_t grid[VMAXC]; /* a solution for s->each */
  /* the search's own state, kept between runs (nonet__v_learn_run) */
  unsigned long long next_reduce, reduce_inc, restart_at, since;
  int restarts;
  unsigned step;
  /* the outcome; `done` once nothing is left to run (the limit, no more
   * solutions, out of memory) */
  long count;
  int nomem, done;
  unsigned long long conflicts, decisions;
} lsolver;

/* 1 when literal l is true. */
NONET_INLINE int lit_true(const lsolver *L, uint32_t l) {
  return L->val[l >> 1] == 1 + (l & 1);
}

/* ---- the decision heap (VSIDS) ------------------------------------------ */

static void heap_up(lsolver *L, int i) {
  int32_t v = L->heap[i];
  double a = L->act[v];
  while (i > 0) {
    int p = (i - 1) >> 1;
    if (L->act[L->heap[p]] >= a) break;
    L->heap[i] = L->heap[p];
    L->hpos[L->heap[i]] = i;
    i = p;
  }
  L->heap[i] = v;
  L->hpos[v] = i;
}

static void heap_down(lsolver *L, int i) {
  int32_t v = L->heap[i];
  double a = L->act[v];
  for (;;) {
    int c = 2 * i + 1;
    if (c >= L->nheap) break;
    if (c + 1 < L->nheap && L->act[L->heap[c + 1]] > L->act[L->heap[c]]) c++;
    if (L->act[L->heap[c]] <= a) break;
    L->heap[i] = L->heap[c];
    L->hpos[L->heap[i]] = i;
    i = c;
  }
  L->heap[i] = v;
  L->hpos[v] = i;
}

static void heap_insert(lsolver *L, int v) {
  if (L->hpos[v] >= 0) return;
  L->heap[L->nheap] = v;
  L->hpos[v] = L->nheap++;
  heap_up(L, L->nheap - 1);
}

static int heap_pop(lsolver *L) {
  int32_t v = L->heap[0];
  L->hpos[v] = -1;
  if (--L->nheap > 0) {
    L->heap[0] = L->heap[L->nheap];
    L->hpos[L->heap[0]] = 0;
    heap_down(L, 0);
  }
  return v;
}

static void bump_var(lsolver *L, int v) {
  if ((L->act[v] += L->var_inc) > 1e100) {
    for (int u = 0; u < L->nv; u++) L->act[u] *= 1e-100;
    L->var_inc *= 1e-100;
  }
  if (L->hpos[v] >= 0) heap_up(L, L->hpos[v]);
}

/* ---- clauses ------------------------------------------------------------ */

NONET_INLINE uint32_t *lits_of(const lsolver *L, uint32_t cr) {
  return L->arena + cr + HDR;
}

NONET_INLINE float clause_act(const lsolver *L, uint32_t cr) {
  float a;
  memcpy(&a, &L->arena[cr + 2], sizeof a);
  return a;
}

NONET_INLINE void set_clause_act(lsolver *L, uint32_t cr, float a) {
  memcpy(&L->arena[cr + 2], &a, sizeof a);
}

static void bump_clause(lsolver *L, uint32_t cr) {
  float a = clause_act(L, cr) + L->cla_inc;
  set_clause_act(L, cr, a);
  if (a > 1e20f) { /* rescale every clause */
    for (size_t at = 0; at < L->alen; at += HDR + L->arena[at])
      set_clause_act(L, (uint32_t)at, clause_act(L, (uint32_t)at) * 1e-20f);
    L->cla_inc *= 1e-20f;
  }
}

/* Doubles a watch list's room; 0 when out of memory. */
static int watch_grow(lsolver *L, wlist *w) {
  uint32_t cap = w->cap ? 2 * w->cap : 4;
  watch *m = realloc(w->w, (size_t)cap * sizeof *m);
  if (!m) {
    L->nomem = 1;
    return 0;
  }
  w->w = m;
  w->cap = cap;
  return 1;
}

NONET_INLINE int watch_push(lsolver *L, uint32_t lit, uint32_t cr,
                            uint32_t blocker) {
  wlist *w = &L->watches[lit];
  if (w->n == w->cap && !watch_grow(L, w)) return 0;
  w->w[w->n].cref = cr;
  w->w[w->n++].blocker = blocker;
  return 1;
}

/* Stores a clause of k >= 2 literals (lits[0] and lits[1] watched);
 * returns its reference, or UINT32_MAX when out of memory. */
static uint32_t add_clause(lsolver *L, const uint32_t *lits, int k,
                           uint32_t flags) {
  size_t need = L->alen + HDR + (size_t)k;
  if (need > 0x3fffffffu) {
    L->nomem = 1;
    return UINT32_MAX;
  }
  if (need > L->acap) {
    size_t cap = L->acap ? 2 * L->acap : 1024;
    while (cap < need) cap *= 2;
    uint32_t *a = realloc(L->arena, cap * sizeof *a);
    if (!a) {
      L->nomem = 1;
      return UINT32_MAX;
    }
    L->arena = a;
    L->acap = cap;
  }
  uint32_t cr = (uint32_t)L->alen;
  L->arena[cr] = (uint32_t)k;
  L->arena[cr + 1] = flags;
  set_clause_act(L, cr, 0);
  memcpy(lits_of(L, cr), lits, (size_t)k * sizeof *lits);
  L->alen = need;
  if (!watch_push(L, lits[0], cr, lits[1]) ||
      !watch_push(L, lits[1], cr, lits[0]))
    return UINT32_MAX;
  return cr;
}

/* ---- assignment and propagation ----------------------------------------- */

NONET_INLINE void assign(lsolver *L, uint32_t lit, uint32_t why) {
  uint32_t v = lit >> 1;
  L->val[v] = (uint8_t)(1 + (lit & 1));
  L->vd[v].level = L->nlevels;
  L->vd[v].reason = why;
  L->vd[v].tpos = L->ntrail;
  L->trail[L->ntrail++] = lit;
}

/* The variable at the one place m of group g. */
NONET_INLINE uint32_t member(const lsolver *L, uint32_t g, uint32_t m) {
  return L->gvars[L->gfirst[g] + nn_popcount(L->orig[g] & (m - 1))];
}

/* The candidates of cell c: its digits not false. */
NONET_INLINE uint32_t cell_cand(const lsolver *L, int c) { return L->alive[c]; }

/* x(c, d) false (or a conflict) by sum si. */
static int sum_false(lsolver *L, uint32_t si, int c, uint32_t m,
                     uint32_t conf[2]) {
  int n = L->r->n;
  for (m &= L->orig[c]; m; m &= m - 1) {
    int32_t v = L->var_of[c * n + nn_ctz(m)];
    if (v < 0 || L->val[v] == 2) continue;
    if (L->val[v] == 1) {
      conf[0] = MKR(R_GROUP, (uint32_t)L->ng + si);
      conf[1] = (uint32_t)v;
      return 0;
    }
    assign(L, 2 * (uint32_t)v + 1, MKR(R_GROUP, (uint32_t)L->ng + si));
  }
  return 1;
}

/* Propagates sum si as solve.c's sum_prop() and lin_prop() do (without
 * the houses of a needed digit); what it deduces has the sum for reason
 * (the literals false in its cells before). 0 on a conflict. */
static int sum_learn(lsolver *L, uint32_t si, uint32_t conf[2]) {
  const vrules *r = L->r;
  const vsum *sum = &r->sums[si];
  const vgroup *g = &r->groups[sum->group];
  const uint16_t *gc = r->gcells + g->first;
  uint16_t open[64];
  uint32_t oc[64];
  int k = 0, rem = sum->sum;
  uint32_t used = 0, uni = 0;
  conf[1] = UINT32_MAX;
  if (sum->ncombos == VS_LINEAR) {
    uint32_t v[64], drop[64];
    for (int i = 0; i < g->size; i++) v[i] = cell_cand(L, gc[i]);
    if (!nonet__v_lin_drops(sum, r->n, g->size, v, 0, drop)) goto conflict;
    for (int i = 0; i < g->size; i++)
      if (drop[i] && !sum_false(L, si, gc[i], drop[i], conf)) return 0;
    return 1;
  }
  for (int i = 0; i < g->size; i++) {
    uint32_t v = cell_cand(L, gc[i]);
    if (SINGLE(v)) {
      if (used & v) goto conflict;
      used |= v;
      rem -= nn_ctz(v) + 1;
    } else {
      oc[k] = v;
      open[k++] = gc[i];
      uni |= v;
    }
  }
  if (k == 0) {
    if (rem != 0) goto conflict;
    return 1;
  }
  uni &= ~used;
  uint32_t must,
      allowed = nonet__v_sets_fit(sum, r->all, used, uni, oc, k, rem, &must);
  if (!allowed) goto conflict;
  for (int i = 0; i < k; i++)
    if (oc[i] & ~allowed && !sum_false(L, si, open[i], oc[i] & ~allowed, conf))
      return 0;
  if (k == 2) {
    for (int i = 0; i < 2; i++) {
      uint32_t mine = cell_cand(L, open[i]),
               ok = nonet__v_pair_fit(r->n, rem, mine,
                                      cell_cand(L, open[1 - i]));
      if (mine & ~ok && !sum_false(L, si, open[i], mine & ~ok, conf)) return 0;
    }
  }
  for (must &= allowed; must; must &= must - 1) {
    uint32_t b = must & -must;
    int where = -1, nw = 0;
    for (int i = 0; i < k; i++)
      if (cell_cand(L, open[i]) & b) {
        where = open[i];
        nw++;
      }
    if (nw == 0) goto conflict;
    if (nw == 1) {
      int32_t v = L->var_of[where * r->n + nn_ctz(b)];
      if (L->val[v] == 0)
        assign(L, 2 * (uint32_t)v, MKR(R_GROUP, (uint32_t)L->ng + si));
    }
  }
  return 1;
conflict:
  conf[0] = MKR(R_GROUP, (uint32_t)L->ng + si);
  conf[1] = UINT32_MAX;
  return 0;
}

/* The literals (all false) of the clause of sum si: the false x(c, d) of
 * its cells placed on the trail before `before` (all: -1), in out; their
 * number. */
static int sum_lits(const lsolver *L, uint32_t si, int before, uint32_t *out) {
  const vrules *r = L->r;
  const vgroup *g = &r->groups[r->sums[si].group];
  const uint16_t *gc = r->gcells + g->first;
  int k = 0;
  for (int i = 0; i < g->size; i++) {
    int c = gc[i];
    for (uint32_t j = L->gfirst[c]; j < L->gfirst[c + 1]; j++) {
      uint32_t u = L->gvars[j];
      if (L->val[u] == 2 && (before < 0 || L->vd[u].tpos < before))
        out[k++] = 2 * u;
    }
  }
  return k;
}

/* Unit propagation to a fixed point. 0 on a conflict (*conf: its kind
 * and argument; for R_BIN the two true variables in conf[0], conf[1]).
 * (The hot loop: the arrays are read into locals, since every store
 * through L could otherwise alias them.) */
static int propagate(lsolver *L, uint32_t conf[2]) {
  uint8_t *val = L->val;
  vdata *vd = L->vd;
  uint32_t *trail = L->trail, *alive = L->alive;
  const uint32_t *afirst = L->afirst, *avars = L->avars;
  const uint32_t *vgfirst = L->vgfirst;
  const gplace *vg = L->vg;
  int nt = L->ntrail, qh = L->qhead, lv = L->nlevels, ok = 1;
#define PUT(lit, why)                                                          \
  do {                                                                         \
    uint32_t l_ = (lit), v_ = l_ >> 1;                                         \
    val[v_] = (uint8_t)(1 + (l_ & 1));                                         \
    vd[v_].level = lv;                                                         \
    vd[v_].reason = (why);                                                     \
    vd[v_].tpos = nt;                                                          \
    trail[nt++] = l_;                                                          \
  } while (0)
  while (qh < nt) {
    uint32_t p = trail[qh++], v = p >> 1;
    if (!(p & 1)) { /* x(v) true: what it excludes is false */
      for (uint32_t j = afirst[v], e = afirst[v + 1]; j < e; j++) {
        uint32_t u = avars[j];
        if (val[u] == 1) {
          conf[0] = MKR(R_BIN, v);
          conf[1] = u;
          ok = 0;
          goto done;
        }
        if (val[u] == 0) PUT(2 * u + 1, MKR(R_BIN, v));
      }
    } else { /* x(v) false: its groups have one fewer */
      if (L->r->nsums) {
        const vrules *r = L->r;
        uint32_t c = v < (uint32_t)L->nx ? L->vcell[v] : 0;
        for (uint32_t j = r->sum_first[c];
             v < (uint32_t)L->nx && j < r->sum_first[c + 1]; j++) {
          uint32_t si = r->cell_sums[j];
          if (!L->sin[si]) {
            L->sin[si] = 1;
            L->squeue[L->nsq++] = si;
          }
        }
      }
      uint32_t a = vgfirst[v], b = vgfirst[v + 1];
      for (uint32_t j = a; j < b; j++) {
        uint32_t g = vg[j].g, m = alive[g] & ~vg[j].bit;
        alive[g] = m;
        if (SINGLE(m)) {
          if (!m) { /* (the other groups still lose v: backtrack restores) */
            for (j++; j < b; j++) alive[vg[j].g] &= ~vg[j].bit;
            conf[0] = MKR(R_GROUP, g);
            ok = 0;
            goto done;
          }
          uint32_t w = member(L, g, m);
          if (val[w] == 0) PUT(2 * w, MKR(R_GROUP, g));
        }
      }
    }
    /* the clauses watching the literal that became false */
    uint32_t f = p ^ 1;
    wlist *ws = &L->watches[f];
    if (ws->n) { /* (an empty list may have no array yet) */
      watch *i = ws->w, *j = ws->w, *end = ws->w + ws->n;
      while (i < end) {
        uint32_t bl = i->blocker;
        if (val[bl >> 1] == 1 + (bl & 1)) { /* the blocker is true */
          *j++ = *i++;
          continue;
        }
        uint32_t cr = i->cref, *c = L->arena + cr + HDR, k = L->arena[cr];
        if (c[0] == f) {
          c[0] = c[1];
          c[1] = f;
        }
        i++;
        uint32_t first = c[0];
        watch w = {cr, first};
        if (first != bl && val[first >> 1] == 1 + (first & 1)) {
          *j++ = w;
          continue;
        }
        uint32_t q = 2;
        for (; q < k; q++)
          if (val[c[q] >> 1] != 2 - (c[q] & 1)) break;
        if (q < k) {
          uint32_t nw = c[q];
          c[1] = nw;
          c[q] = f;
          if (watch_push(L, nw, cr, first)) continue;
          c[q] = c[1]; /* out of memory: the watch stays (the search stops) */
          c[1] = f;
        }
        *j++ = w;
        if (val[first >> 1] == 2 - (first & 1)) {
          conf[0] = MKR(R_CLAUSE, cr);
          while (i < end) *j++ = *i++;
          ws->n = (uint32_t)(j - ws->w);
          ok = 0;
          goto done;
        }
        if (val[first >> 1] == 0) PUT(first, MKR(R_CLAUSE, cr));
      }
      ws->n = (uint32_t)(j - ws->w);
    }
    if (qh == nt && L->nsq) { /* the sums, once the rest is done */
      L->ntrail = nt;
      while (L->nsq && L->ntrail == nt) {
        uint32_t si = L->squeue[--L->nsq];
        L->sin[si] = 0;
        if (!sum_learn(L, si, conf)) {
          nt = L->ntrail;
          ok = 0;
          goto done;
        }
      }
      nt = L->ntrail;
    }
  }
  if (L->nsq) { /* (sums queued before the call, nothing else) */
    L->ntrail = nt;
    L->qhead = qh;
    while (L->nsq && L->ntrail == nt) {
      uint32_t si = L->squeue[--L->nsq];
      L->sin[si] = 0;
      if (!sum_learn(L, si, conf)) return 0;
    }
    if (L->ntrail != nt) return propagate(L, conf);
    return 1;
  }
#undef PUT
done:
  L->ntrail = nt;
  L->qhead = qh;
  return ok;
}

/* Undoes the levels above `level`. */
static void backtrack(lsolver *L, int level) {
  if (L->nlevels <= level) return;
  int stop = L->lim[level];
  const uint32_t *trail = L->trail, *vgfirst = L->vgfirst;
  const gplace *vg = L->vg;
  uint32_t *alive = L->alive;
  uint8_t *val = L->val;
  const int32_t *hpos = L->hpos;
  int i = L->ntrail - 1, mid = L->qhead > stop ? L->qhead : stop;
  for (; i >= mid; i--) { /* not propagated yet */
    uint32_t v = trail[i] >> 1;
    val[v] = 0;
    if (hpos[v] < 0) heap_insert(L, (int)v);
  }
  for (; i >= stop; i--) {
    uint32_t p = trail[i], v = p >> 1;
    if (p & 1)
      for (uint32_t j = vgfirst[v], e = vgfirst[v + 1]; j < e; j++)
        alive[vg[j].g] |= vg[j].bit;
    val[v] = 0;
    if (hpos[v] < 0) heap_insert(L, (int)v);
  }
  L->ntrail = L->qhead = stop;
  L->nlevels = level;
  while (L->nsq) L->sin[L->squeue[--L->nsq]] = 0;
}

/* ---- conflict analysis -------------------------------------------------- */

/* The literals of the reason of variable v other than v's own (all
 * false): a pointer to them, their number in *k. */
static const uint32_t *reason_lits(lsolver *L, uint32_t v, int *k) {
  uint32_t r = L->vd[v].reason;
  switch (RKIND(r)) {
  case R_BIN: /* v false because x(u) is true: (-x(v) | -x(u)) */
    L->buf[0] = 2 * RARG(r) + 1;
    *k = 1;
    return L->buf;
  case R_GROUP: { /* v true as the last of its group */
    uint32_t g = RARG(r);
    if (g >= (uint32_t)L->ng) {
      *k = sum_lits(L, g - (uint32_t)L->ng, L->vd[v].tpos, L->sbuf[0]);
      return L->sbuf[0];
    }
    int n = 0;
    for (uint32_t j = L->gfirst[g]; j < L->gfirst[g + 1]; j++)
      if (L->gvars[j] != v) L->buf[n++] = 2 * L->gvars[j];
    *k = n;
    return L->buf;
  }
  case R_CLAUSE: {
    uint32_t cr = RARG(r);
    *k = (int)L->arena[cr] - 1;
    return lits_of(L, cr) + 1;
  }
  default:
    *k = 0;
    return L->buf;
  }
}

/* The literals of a conflict (all false). */
static const uint32_t *conflict_lits(lsolver *L, const uint32_t conf[2],
                                     int *k) {
  uint32_t r = conf[0];
  switch (RKIND(r)) {
  case R_BIN:
    L->buf[0] = 2 * RARG(r) + 1;
    L->buf[1] = 2 * conf[1] + 1;
    *k = 2;
    return L->buf;
  case R_GROUP: {
    uint32_t g = RARG(r);
    if (g >= (uint32_t)L->ng) {
      int n = sum_lits(L, g - (uint32_t)L->ng, -1, L->sbuf[0]);
      if (conf[1] != UINT32_MAX) L->sbuf[0][n++] = 2 * conf[1] + 1;
      *k = n;
      return L->sbuf[0];
    }
    int n = 0;
    for (uint32_t j = L->gfirst[g]; j < L->gfirst[g + 1]; j++)
      L->buf[n++] = 2 * L->gvars[j];
    *k = n;
    return L->buf;
  }
  default: {
    uint32_t cr = RARG(r);
    *k = (int)L->arena[cr];
    return lits_of(L, cr);
  }
  }
}

NONET_INLINE uint32_t abstract_level(const lsolver *L, uint32_t v) {
  return 1u << (L->vd[v].level & 31);
}

/* One literal u of the reason of the true implied literal q (all false)
 * met by redundant(): 1 to go on, 0 when q is known not to follow. */
#define RED_VISIT(l)                                                           \
  do {                                                                         \
    uint32_t u_ = (l) >> 1;                                                    \
    if (seen[u_] == 1 || L->vd[u_].level == 0) break;                          \
    if (!seen[u_] && RKIND(L->vd[u_].reason) != R_NONE &&                      \
        (abstract_level(L, u_) & levels)) {                                    \
      seen[u_] = 1;                                                            \
      stack[sp++] = u_;                                                        \
      L->toclear[L->ntoclear++] = u_;                                          \
      break;                                                                   \
    }                                                                          \
    for (int j_ = top; j_ < L->ntoclear; j_++) seen[L->toclear[j_]] = 0;       \
    L->ntoclear = top;                                                         \
    /* p and u are known not to follow (poisoned: 2) */                        \
    if (!seen[u_]) {                                                           \
      seen[u_] = 2;                                                            \
      L->toclear[L->ntoclear++] = u_;                                          \
    }                                                                          \
    if (!seen[p >> 1]) {                                                       \
      seen[p >> 1] = 2;                                                        \
      L->toclear[L->ntoclear++] = p >> 1;                                      \
    }                                                                          \
    return 0;                                                                  \
  } while (0)

/* 1 when the literal p, true and implied (not a decision), follows from
 * the literals of the learned clause (its reason's literals do,
 * recursively). */
static int redundant(lsolver *L, uint32_t p, uint32_t levels) {
  int sp = 0, top = L->ntoclear;
  uint32_t *stack = L->stack;
  uint8_t *seen = L->seen;
  stack[sp++] = p >> 1;
  while (sp) {
    uint32_t v = stack[--sp], r = L->vd[v].reason;
    switch (RKIND(r)) {
    case R_BIN:
      RED_VISIT(2 * RARG(r) + 1);
      break;
    case R_GROUP: {
      uint32_t g = RARG(r);
      if (g >= (uint32_t)L->ng) {
        uint32_t *sb = L->sbuf[1];
        int ns = sum_lits(L, g - (uint32_t)L->ng, L->vd[v].tpos, sb);
        for (int q = 0; q < ns; q++) RED_VISIT(sb[q]);
        break;
      }
      for (uint32_t j = L->gfirst[g], e = L->gfirst[g + 1]; j < e; j++)
        if (L->gvars[j] != v) RED_VISIT(2 * L->gvars[j]);
      break;
    }
    case R_CLAUSE: {
      const uint32_t *c = lits_of(L, RARG(r));
      for (uint32_t i = 1, k = L->arena[RARG(r)]; i < k; i++) RED_VISIT(c[i]);
      break;
    }
    default:
      break;
    }
  }
  return 1;
}
#undef RED_VISIT

/* The literals learnt[i .. j) of the learned clause, all of level lv
 * (the latest at trail place top): if one literal of that level implies
 * them all, given the clause's literals of lower levels, its negation in
 * *uip and 1. */
static int block_uip(lsolver *L, int i, int j, int lv, int top, uint32_t levels,
                     uint32_t *uip) {
  int open = j - i, nmarked = 0, ok = 0;
  for (int k = i; k < j; k++) {
    L->shr[L->learnt[k] >> 1] = 1;
    L->shrlist[nmarked++] = L->learnt[k] >> 1;
  }
  for (int t = top; t >= 0; t--) {
    uint32_t v = L->trail[t] >> 1;
    if (!L->shr[v]) continue;
    if (open == 1) {
      *uip = L->trail[t] ^ 1;
      ok = 1;
      break;
    }
    if (RKIND(L->vd[v].reason) == R_NONE) break;
    open--;
    int k, fail = 0;
    const uint32_t *c = reason_lits(L, v, &k); /* (not redundant()'s) */
    for (int q = 0; q < k && !fail; q++) {
      uint32_t u = c[q] >> 1;
      int lu = L->vd[u].level;
      if (lu == lv) {
        if (!L->shr[u]) {
          L->shr[u] = 1;
          L->shrlist[nmarked++] = u;
          open++;
        }
      } else if (lu != 0 && !L->incl[u] && L->seen[u] != 1 &&
                 (RKIND(L->vd[u].reason) == R_NONE ||
                  !redundant(L, c[q] ^ 1, levels))) {
        fail = 1;
      }
    }
    if (fail) break;
  }
  for (int k = 0; k < nmarked; k++) L->shr[L->shrlist[k]] = 0;
  return ok;
}

/* Shrinking (as CaDiCaL does): the literals of each lower level in the
 * learned clause give way to one literal of that level that implies them
 * all, where there is one. */
static void shrink(lsolver *L) {
  int n = L->nlearnt;
  /* by level, highest first (counting: levels are few) */
  int32_t *at = L->lcount;
  memset(at, 0, ((size_t)L->nlevels + 1) * sizeof *at);
  for (int i = 1; i < n; i++) at[L->vd[L->learnt[i] >> 1].level]++;
  for (int lv = L->nlevels, sum = 1; lv >= 1; lv--) {
    int k = at[lv];
    at[lv] = sum;
    sum += k;
  }
  memcpy(L->sortbuf, L->learnt + 1, (size_t)(n - 1) * sizeof *L->learnt);
  for (int i = 0; i < n - 1; i++)
    L->learnt[at[L->vd[L->sortbuf[i] >> 1].level]++] = L->sortbuf[i];
  uint32_t levels = 0;
  for (int i = 1; i < n; i++) {
    L->incl[L->learnt[i] >> 1] = 1;
    levels |= abstract_level(L, L->learnt[i] >> 1);
  }
  int out = 1;
  for (int i = 1; i < n;) {
    int lv = L->vd[L->learnt[i] >> 1].level, j = i, top = -1;
    for (; j < n && L->vd[L->learnt[j] >> 1].level == lv; j++)
      if (L->vd[L->learnt[j] >> 1].tpos > top)
        top = L->vd[L->learnt[j] >> 1].tpos;
    uint32_t uip;
    if (j - i >= 2 && block_uip(L, i, j, lv, top, levels, &uip)) {
      for (int k = i; k < j; k++) L->incl[L->learnt[k] >> 1] = 0;
      L->incl[uip >> 1] = 1;
      if (L->seen[uip >> 1] != 1) {
        if (!L->seen[uip >> 1]) L->toclear[L->ntoclear++] = uip >> 1;
        L->seen[uip >> 1] = 1;
      }
      L->learnt[out++] = uip;
      i = j;
      continue;
    }
    while (i < j) L->learnt[out++] = L->learnt[i++];
  }
  L->nlearnt = out;
  for (int i = 1; i < out; i++) L->incl[L->learnt[i] >> 1] = 0;
}

/* First-UIP learning from a conflict: the clause in L->learnt (the
 * asserting literal first, one of the highest other level second); its
 * LBD in *lbd; returns the level to go back to. */
static int analyze(lsolver *L, const uint32_t conf[2], int *lbd) {
  int path = 0, idx = L->ntrail - 1, k;
  uint32_t p = UINT32_MAX;
  const uint32_t *c = conflict_lits(L, conf, &k);
  if (RKIND(conf[0]) == R_CLAUSE) bump_clause(L, RARG(conf[0]));
  L->nlearnt = 1;
  L->ntoclear = 0;
  uint8_t *seen = L->seen;
  const vdata *vd = L->vd;
#define ANA_VISIT(lit)                                                         \
  do {                                                                         \
    uint32_t q_ = (lit), u_ = q_ >> 1;                                         \
    if (seen[u_] || vd[u_].level == 0) break;                                  \
    seen[u_] = 1;                                                              \
    L->toclear[L->ntoclear++] = u_;                                            \
    bump_var(L, (int)u_);                                                      \
    if (vd[u_].level >= L->nlevels)                                            \
      path++;                                                                  \
    else                                                                       \
      L->learnt[L->nlearnt++] = q_;                                            \
  } while (0)
  for (int i = 0; i < k; i++) ANA_VISIT(c[i]);
  for (;;) {
    while (!seen[L->trail[idx] >> 1]) idx--;
    p = L->trail[idx--];
    if (--path == 0) break;
    uint32_t v = p >> 1, r = L->vd[v].reason;
    switch (RKIND(r)) {
    case R_BIN:
      ANA_VISIT(2 * RARG(r) + 1);
      break;
    case R_GROUP: {
      uint32_t g = RARG(r);
      if (g >= (uint32_t)L->ng) {
        uint32_t *sb = L->sbuf[2];
        int ns = sum_lits(L, g - (uint32_t)L->ng, L->vd[v].tpos, sb);
        for (int q = 0; q < ns; q++) ANA_VISIT(sb[q]);
        break;
      }
      for (uint32_t j = L->gfirst[g], e = L->gfirst[g + 1]; j < e; j++)
        if (L->gvars[j] != v) ANA_VISIT(2 * L->gvars[j]);
      break;
    }
    default: { /* R_CLAUSE */
      const uint32_t *cl = lits_of(L, RARG(r));
      bump_clause(L, RARG(r));
      for (uint32_t i = 1, e = L->arena[RARG(r)]; i < e; i++) ANA_VISIT(cl[i]);
      break;
    }
    }
  }
#undef ANA_VISIT
  L->learnt[0] = p ^ 1;
  shrink(L);
  /* minimization: drop what the other literals imply */
  uint32_t levels = 0;
  for (int i = 1; i < L->nlearnt; i++)
    levels |= abstract_level(L, L->learnt[i] >> 1);
  int n = 1;
  for (int i = 1; i < L->nlearnt; i++) {
    uint32_t q = L->learnt[i];
    if (RKIND(L->vd[q >> 1].reason) == R_NONE || !redundant(L, q ^ 1, levels))
      L->learnt[n++] = q;
  }
  L->nlearnt = n;
  for (int i = 0; i < L->ntoclear; i++) L->seen[L->toclear[i]] = 0;
  L->ntoclear = 0;
  /* the level to go back to, and the LBD */
  int back = 0;
  if (n > 1) {
    int at = 1;
    for (int i = 2; i < n; i++)
      if (L->vd[L->learnt[i] >> 1].level > L->vd[L->learnt[at] >> 1].level)
        at = i;
    uint32_t t = L->learnt[1];
    L->learnt[1] = L->learnt[at];
    L->learnt[at] = t;
    back = L->vd[L->learnt[1] >> 1].level;
  }
  if (++L->ltick == 0) {
    memset(L->lstamp, 0, ((size_t)L->nv + 1) * sizeof *L->lstamp);
    L->ltick = 1;
  }
  int d = 0;
  for (int i = 0; i < n; i++) {
    int lv = L->vd[L->learnt[i] >> 1].level;
    if (L->lstamp[lv] != L->ltick) {
      L->lstamp[lv] = L->ltick;
      d++;
    }
  }
  *lbd = d;
  return back;
}

/* ---- reduction ----------------------------------------------------------- */

static int locked(const lsolver *L, uint32_t cr) {
  uint32_t l = lits_of(L, cr)[0], v = l >> 1;
  return lit_true(L, l) && L->vd[v].reason == MKR(R_CLAUSE, cr);
}

typedef struct rank {
  uint32_t cr, lbd;
  float act;
} rank;

static int rank_cmp(const void *a, const void *b) {
  const rank *x = a, *y = b;
  if (x->lbd != y->lbd) return x->lbd > y->lbd ? -1 : 1; /* worst first */
  if (x->act != y->act) return x->act < y->act ? -1 : 1;
  return x->cr < y->cr ? -1 : x->cr > y->cr;
}

/* Drops half of the learned clauses (the highest LBD, then the least
 * active), compacts the arena and rebuilds the watches. */
static void reduce(lsolver *L) {
  size_t n = 0;
  for (size_t at = 0; at < L->alen; at += HDR + L->arena[at]) {
    uint32_t f = L->arena[at + 1];
    if (!(f & F_KEEP) && (f & LBD_MASK) > KEEP_LBD) n++;
  }
  rank *rk = malloc((n + 1) * sizeof *rk);
  if (!rk) {
    L->nomem = 1;
    return;
  }
  n = 0;
  for (size_t at = 0; at < L->alen; at += HDR + L->arena[at]) {
    uint32_t f = L->arena[at + 1];
    if (!(f & F_KEEP) && (f & LBD_MASK) > KEEP_LBD) {
      rk[n].cr = (uint32_t)at;
      rk[n].lbd = f & LBD_MASK;
      rk[n++].act = clause_act(L, (uint32_t)at);
    }
  }
  qsort(rk, n, sizeof *rk, rank_cmp);
  for (size_t i = 0; i < n / 2; i++)
    if (!locked(L, rk[i].cr)) L->arena[rk[i].cr + 1] |= F_DELETED;
  free(rk);
  /* compact: the reasons of assigned variables follow their clauses */
  size_t to = 0;
  for (size_t at = 0; at < L->alen;) {
    uint32_t k = L->arena[at];
    size_t next = at + HDR + k;
    if (!(L->arena[at + 1] & F_DELETED)) {
      if (locked(L, (uint32_t)at))
        L->vd[lits_of(L, (uint32_t)at)[0] >> 1].reason =
            MKR(R_CLAUSE, (uint32_t)to);
      memmove(L->arena + to, L->arena + at, (HDR + k) * sizeof *L->arena);
      to += HDR + k;
    }
    at = next;
  }
  L->alen = to;
  for (int l = 0; l < 2 * L->nv; l++) L->watches[l].n = 0;
  /* (each list had room for these before) */
  for (size_t at = 0; at < L->alen; at += HDR + L->arena[at]) {
    const uint32_t *c = lits_of(L, (uint32_t)at);
    watch_push(L, c[0], (uint32_t)at, c[1]);
    watch_push(L, c[1], (uint32_t)at, c[0]);
  }
}

/* ---- the search ---------------------------------------------------------- */

/* A solution: recorded; then ruled out by a clause over the negated
 * decisions. 1 to stop (the limit, or no decisions: nothing else). */
static int solution(lsolver *L) {
  if ((L->count++ == 0 && L->s->solution) || L->s->each) {
    uint8_t *grid = L->s->solution && L->count == 1 ? L->s->solution : L->grid;
    for (int v = 0; v < L->nx; v++)
      if (L->val[v] == 1) grid[L->vcell[v]] = (uint8_t)(L->vdigit[v] + 1);
    if (L->s->each) L->s->each(L->s->each_ctx, grid);
  }
  if (L->count >= L->s->limit || L->nlevels == 0) return 1;
  int k = L->nlevels;
  for (int i = 0; i < k; i++) L->learnt[i] = L->trail[L->lim[k - 1 - i]] ^ 1;
  backtrack(L, k - 1);
  if (k == 1) {
    assign(L, L->learnt[0], MKR(R_NONE, 0));
    return 0;
  }
  uint32_t cr = add_clause(L, L->learnt, k, F_KEEP | (uint32_t)k);
  if (cr == UINT32_MAX) return 1;
  assign(L, L->learnt[0], MKR(R_CLAUSE, cr));
  return 0;
}

/* The variable to decide: among the TOPK most active open ones, the
 * highest activity per place left in its tightest group (a cell or a
 * house's digit with two places halves the space); -1 when none is open.
 * (Measured, 10 Frisch puzzles to a second solution: a quarter fewer
 * conflicts than VSIDS alone.) */
static int pick(lsolver *L) {
  int cand[TOPK], nc = 0, best = -1;
  double bs = -1;
  while (nc < TOPK && L->nheap > 0) {
    int u = heap_pop(L);
    if (L->val[u]) continue;
    cand[nc++] = u;
    uint32_t mk = 32;
    for (uint32_t j = L->vgfirst[u]; j < L->vgfirst[u + 1]; j++) {
      uint32_t kk = (uint32_t)nn_popcount(L->alive[L->vg[j].g]);
      if (kk < mk) mk = kk;
    }
    double sc = L->act[u] / mk;
    if (sc > bs) bs = sc, best = u;
  }
  for (int i = 0; i < nc; i++)
    if (cand[i] != best) heap_insert(L, cand[i]);
  return best;
}

/* Runs until a solution reaches the limit, nothing is left (both:
 * L->done), the caller's cancel or the conflict budget (a total of
 * L->conflicts: then s->aborted). Either of the last two leaves a state
 * that a later call goes on from: the budget is looked at once a
 * conflict's clause is learned and asserted. */
static void search(lsolver *L) {
  uint32_t conf[2] = {0, 0};
  for (;; L->step++) {
    if (L->s->cancel && !(L->step & 255) && L->s->cancel(L->s->cancel_ctx)) {
      L->s->cancelled = 1;
      return;
    }
    if (!propagate(L, conf)) {
      if (L->nomem) return;
      L->conflicts++;
      L->since++;
      if (L->nlevels == 0) { /* nothing more */
        L->done = 1;
        return;
      }
      int lbd, back = analyze(L, conf, &lbd);
      backtrack(L, back);
      if (L->nlearnt == 1) {
        assign(L, L->learnt[0], MKR(R_NONE, 0));
      } else {
        uint32_t cr = add_clause(L, L->learnt, L->nlearnt, (uint32_t)lbd);
        if (cr == UINT32_MAX) return;
        bump_clause(L, cr);
        assign(L, L->learnt[0], MKR(R_CLAUSE, cr));
      }
      L->var_inc /= VAR_DECAY;
      L->cla_inc /= (float)CLA_DECAY;
      if (L->s->conflict_budget && L->conflicts >= L->s->conflict_budget) {
        L->s->aborted = 1;
        return;
      }
      continue;
    }
    if (L->nomem) return;
    if (L->since >= L->restart_at) {
      L->since = 0;
      L->restart_at =
          (unsigned long long)RESTART_UNIT * nonet__v_luby(++L->restarts);
      backtrack(L, 0);
      continue;
    }
    if (L->conflicts >= L->next_reduce) {
      L->reduce_inc += REDUCE_INC;
      L->next_reduce = L->conflicts + L->reduce_inc;
      reduce(L);
      if (L->nomem) return;
    }
    int v = pick(L);
    if (v < 0) {
      if (solution(L)) {
        L->done = 1;
        return;
      }
      continue;
    }
    L->decisions++;
    L->lim[L->nlevels++] = L->ntrail;
    assign(L, 2 * (uint32_t)v, MKR(R_NONE, 0)); /* x(v) true */
  }
}

/* ---- building ------------------------------------------------------------ */

static void release(lsolver *L) {
  free(L->vcell);
  free(L->vdigit);
  free(L->gfirst);
  free(L->gvars);
  free(L->orig);
  free(L->alive);
  free(L->var_of);
  free(L->vgfirst);
  free(L->vg);
  free(L->afirst);
  free(L->avars);
  free(L->val);
  free(L->vd);
  free(L->trail);
  free(L->lim);
  free(L->arena);
  if (L->watches)
    for (int l = 0; l < 2 * L->nv; l++) free(L->watches[l].w);
  free(L->watches);
  free(L->act);
  free(L->heap);
  free(L->hpos);
  free(L->seen);
  free(L->incl);
  free(L->shr);
  free(L->learnt);
  free(L->stack);
  free(L->toclear);
  free(L->shrlist);
  free(L->sortbuf);
  free(L->lcount);
  free(L->lstamp);
  free(L->squeue);
  free(L->sin);
  for (int i = 0; i < 3; i++) free(L->sbuf[i]);
}

/* Whether cage si gets the aid variables of a SAT encoding: u(d), "the
 * cage holds d", and one per digit set, with their clauses (the learned
 * clauses can then speak of them, as cadical's do). */
static int cage_encoded(const vrules *r, int si) {
  const vsum *sum = &r->sums[si];
  return r->groups[sum->group].kind == VG_CAGE && sum->ncombos >= 1 &&
         sum->ncombos <= 512;
}

/* A unit at the start: 0 when it contradicts. */
static int unit0(lsolver *L, uint32_t lit) {
  if (L->val[lit >> 1] == 0) assign(L, lit, MKR(R_NONE, 0));
  return lit_true(L, lit);
}

/* The clauses of the cages' aid variables; 0 when out of memory or a
 * contradiction (*empty then set). */
static int encode_cages(lsolver *L, int *empty) {
  const vrules *r = L->r;
  int n = r->n;
  uint32_t next = (uint32_t)L->nx, lits[VMAXN + 2];
  for (int si = 0; si < r->nsums; si++) {
    if (!cage_encoded(r, si)) continue;
    const vsum *sum = &r->sums[si];
    const vgroup *g = &r->groups[sum->group];
    const uint16_t *gc = r->gcells + g->first;
    uint32_t u0 = next, y0 = next + (uint32_t)n;
    next += (uint32_t)n + (uint32_t)sum->ncombos;
    for (int d = 0; d < n; d++) {
      int k = 0;
      lits[k++] = 2 * (u0 + (uint32_t)d) + 1;
      for (int i = 0; i < g->size; i++) {
        int32_t x = L->var_of[gc[i] * n + d];
        if (x < 0) continue;
        lits[k++] = 2 * (uint32_t)x;
        uint32_t two[2] = {2 * (uint32_t)x + 1, 2 * (u0 + (uint32_t)d)};
        if (add_clause(L, two, 2, F_KEEP) == UINT32_MAX) return 0;
      }
      if (k == 1) {
        if (!unit0(L, lits[0])) return *empty = 1, 1;
      } else if (add_clause(L, lits, k, F_KEEP) == UINT32_MAX) {
        return 0;
      }
    }
    for (long t = 0; t < sum->ncombos; t++)
      for (int d = 0; d < n; d++) {
        uint32_t two[2] = {2 * (y0 + (uint32_t)t) + 1,
                           2 * (u0 + (uint32_t)d) +
                               ((sum->combo[t] >> d & 1) ? 0 : 1)};
        if (add_clause(L, two, 2, F_KEEP) == UINT32_MAX) return 0;
      }
    if (sum->ncombos == 1) {
      if (!unit0(L, 2 * y0)) return *empty = 1, 1;
    } else {
      uint32_t *any = malloc((size_t)sum->ncombos * sizeof *any);
      if (!any) return 0;
      for (long t = 0; t < sum->ncombos; t++) any[t] = 2 * (y0 + (uint32_t)t);
      uint32_t cr = add_clause(L, any, (int)sum->ncombos, F_KEEP);
      free(any);
      if (cr == UINT32_MAX) return 0;
    }
  }
  return 1;
}

/* The variables, groups and exclusions of the candidates `cand`; 0 when
 * out of memory. *empty is set when some cell or some digit of a house
 * has no place (no solution). */
static int build(lsolver *L, const uint32_t *cand, int *empty) {
  const vrules *r = L->r;
  int n = r->n, nc = r->ncells;
  int32_t *var_of = L->var_of = malloc((size_t)nc * n * sizeof *var_of);
  if (!var_of) return 0;
  int nv = 0;
  size_t nmem = 0; /* memberships */
  for (int c = 0; c < nc; c++) {
    if (!cand[c]) *empty = 1;
    for (int d = 0; d < n; d++)
      var_of[c * n + d] = cand[c] >> d & 1 ? nv++ : -1;
    nmem += (size_t)nn_popcount(cand[c]) *
            (1 + r->house_first[c + 1] - r->house_first[c]);
  }
  int nx = nv;
  for (int si = 0; si < r->nsums; si++)
    if (cage_encoded(r, si)) nv += n + (int)r->sums[si].ncombos;
  L->nx = nx;
  L->nv = nv;
  size_t nvs = (size_t)nv + 1;
  /* groups: the cells, then each house's digits */
  int ng = L->hbase = nc;
  ng += r->nhouses * n;
  L->vcell = calloc(nvs, sizeof *L->vcell);
  L->vdigit = calloc(nvs, 1);
  L->gfirst = malloc(((size_t)ng + 1) * sizeof *L->gfirst);
  L->orig = malloc(((size_t)ng + 1) * sizeof *L->orig);
  L->alive = malloc(((size_t)ng + 1) * sizeof *L->alive);
  L->gvars = malloc((nmem + 1) * sizeof *L->gvars);
  L->vg = malloc((nmem + 1) * sizeof *L->vg);
  L->vgfirst = calloc(nvs + 1, sizeof *L->vgfirst);
  L->afirst = calloc(nvs + 1, sizeof *L->afirst);
  uint32_t *fill = malloc(nvs * sizeof *fill);
  if (!L->vcell || !L->vdigit || !L->gfirst || !L->orig || !L->alive ||
      !L->gvars || !L->vg || !L->vgfirst || !L->afirst || !fill) {
    free(fill);
    return 0;
  }
  size_t at = 0;
  for (int c = 0; c < nc; c++) {
    L->gfirst[c] = (uint32_t)at;
    L->orig[c] = cand[c];
    for (int d = 0; d < n; d++)
      if (var_of[c * n + d] >= 0) {
        int v = var_of[c * n + d];
        L->vcell[v] = (uint16_t)c;
        L->vdigit[v] = (uint8_t)d;
        L->gvars[at++] = (uint32_t)v;
      }
  }
  for (int h = 0; h < r->nhouses; h++) {
    const uint16_t *hc = r->gcells + r->groups[h].first;
    for (int d = 0; d < n; d++) {
      int g = L->hbase + h * n + d;
      L->gfirst[g] = (uint32_t)at;
      L->orig[g] = 0;
      for (int i = 0; i < r->groups[h].size; i++)
        if (var_of[hc[i] * n + d] >= 0) {
          L->gvars[at++] = (uint32_t)var_of[hc[i] * n + d];
          L->orig[g] |= 1u << i;
        }
      if (!L->orig[g]) *empty = 1;
    }
  }
  L->gfirst[ng] = (uint32_t)at;
  L->ng = ng;
  memcpy(L->alive, L->orig, (size_t)ng * sizeof *L->alive);
  /* each variable's groups, and its place in each */
  for (size_t j = 0; j < at; j++) L->vgfirst[L->gvars[j] + 1]++;
  for (int v = 0; v < nv; v++) L->vgfirst[v + 1] += L->vgfirst[v];
  memcpy(fill, L->vgfirst, nvs * sizeof *fill);
  for (int g = 0; g < ng; g++) {
    uint32_t m = L->orig[g];
    for (uint32_t j = L->gfirst[g]; j < L->gfirst[g + 1]; j++, m &= m - 1) {
      uint32_t v = L->gvars[j];
      L->vg[fill[v]].g = (uint32_t)g;
      L->vg[fill[v]++].bit = m & -m;
    }
  }
  free(fill);
  /* what a true variable excludes: its cell's other digits, its digit in
   * its peers, the digits next to it in nonconsecutive neighbours */
  size_t na = 0;
  for (int pass = 0; pass < 2; pass++) {
    na = 0;
    for (int v = 0; v < nv; v++) {
      if (pass) L->afirst[v] = (uint32_t)na;
      if (v >= nx) continue;
      int c = L->vcell[v], d = L->vdigit[v];
      for (int e = 0; e < n; e++)
        if (e != d && var_of[c * n + e] >= 0) {
          if (pass) L->avars[na] = (uint32_t)var_of[c * n + e];
          na++;
        }
      for (uint32_t j = r->peer_first[c]; j < r->peer_first[c + 1]; j++) {
        int u = var_of[r->peers[j] * n + d];
        if (u < 0) continue;
        if (pass) L->avars[na] = (uint32_t)u;
        na++;
      }
      if (r->nonconsec)
        for (int k = 0; k < 4; k++) {
          int p = r->orth[c * 4 + k];
          if (p == 0xffff) continue;
          for (int e = d - 1; e <= d + 1; e += 2) {
            if (e < 0 || e >= n || var_of[p * n + e] < 0) continue;
            if (pass) L->avars[na] = (uint32_t)var_of[p * n + e];
            na++;
          }
        }
    }
    if (!pass) {
      L->avars = malloc((na + 1) * sizeof *L->avars);
      if (!L->avars) return 0;
    }
  }
  L->afirst[nv] = (uint32_t)na;
  /* the rest */
  L->val = calloc(nvs, 1);
  L->vd = malloc(nvs * sizeof *L->vd);
  L->trail = malloc(nvs * sizeof *L->trail);
  L->lim = malloc(nvs * sizeof *L->lim);
  L->watches = calloc(2 * nvs, sizeof *L->watches);
  L->act = calloc(nvs, sizeof *L->act);
  L->heap = malloc(nvs * sizeof *L->heap);
  L->hpos = malloc(nvs * sizeof *L->hpos);
  L->seen = calloc(nvs, 1);
  L->incl = calloc(nvs, 1);
  L->shr = calloc(nvs, 1);
  L->learnt = malloc(nvs * sizeof *L->learnt);
  L->stack = malloc(nvs * sizeof *L->stack);
  L->toclear = malloc(nvs * sizeof *L->toclear);
  L->shrlist = malloc(nvs * sizeof *L->shrlist);
  L->sortbuf = malloc(nvs * sizeof *L->sortbuf);
  L->lcount = malloc((nvs + 1) * sizeof *L->lcount);
  L->lstamp = calloc(nvs + 1, sizeof *L->lstamp);
  L->squeue = malloc(((size_t)r->nsums + 1) * sizeof *L->squeue);
  L->sin = calloc((size_t)r->nsums + 1, 1);
  for (int i = 0; i < 3; i++)
    L->sbuf[i] = malloc(((size_t)n * n + 2) * sizeof *L->sbuf[i]);
  if (!L->squeue || !L->sin || !L->sbuf[0] || !L->sbuf[1] || !L->sbuf[2])
    return 0;
  if (!L->val || !L->vd || !L->incl || !L->shr || !L->trail || !L->lim ||
      !L->watches || !L->act || !L->heap || !L->hpos || !L->seen ||
      !L->learnt || !L->stack || !L->toclear || !L->shrlist || !L->sortbuf ||
      !L->lcount || !L->lstamp)
    return 0;
  for (int v = 0; v < nv; v++) {
    L->heap[v] = v;
    L->hpos[v] = v;
  }
  /* with s->rng (the generator's grids), ties among the first decisions
   * broken at random: a different grid each time (the first conflict's
   * bump of 1 outweighs these) */
  if (L->s->rng)
    for (int v = 0; v < nv; v++)
      L->act[v] = nonet_rng_below(L->s->rng, 1u << 20) * 1e-9;
  L->nheap = nv;
  for (int v = nv / 2 - 1; v >= 0; v--) heap_down(L, v);
  L->var_inc = 1;
  L->cla_inc = 1;
  return 1;
}

vlearn *nonet__v_learn_new(vsearch *s, const uint32_t *cand) {
  lsolver *L = calloc(1, sizeof *L);
  if (!L) return NULL;
  L->s = s;
  L->r = s->r;
  L->next_reduce = L->reduce_inc = REDUCE_FIRST;
  L->restart_at = (unsigned long long)RESTART_UNIT * nonet__v_luby(0);
  L->step = 1;
  int empty = 0;
  if (!build(L, cand, &empty) || (!empty && !encode_cages(L, &empty))) {
    nonet__v_learn_free(L);
    return NULL;
  }
  if (empty) {
    L->done = 1;
    return L;
  }
  /* every sum at the start */
  for (int si = 0; si < L->r->nsums; si++) {
    L->sin[si] = 1;
    L->squeue[L->nsq++] = (uint32_t)si;
  }
  /* groups of one at the start */
  for (int g = 0; g < L->ng; g++)
    if (SINGLE(L->alive[g]) && L->val[member(L, (uint32_t)g, L->alive[g])] == 0)
      assign(L, 2 * member(L, (uint32_t)g, L->alive[g]), MKR(R_NONE, 0));
  return L;
}

long nonet__v_learn_run(vlearn *L) {
  unsigned long long d0 = L->decisions, c0 = L->conflicts;
  if (!L->done && !L->nomem) search(L);
  L->s->nodes += L->decisions - d0;
  L->s->conflicts += L->conflicts - c0;
  if (L->nomem) L->done = 1;
  return L->nomem ? NONET_ENOMEM : L->s->cancelled ? NONET_ESTOPPED : L->count;
}

int nonet__v_learn_done(const vlearn *L) { return L->done; }

void nonet__v_learn_free(vlearn *L) {
  if (!L) return;
  release(L);
  free(L);
}

long nonet__v_learn(vsearch *s, const uint32_t *cand) {
  vlearn *L = nonet__v_learn_new(s, cand);
  if (!L) return NONET_ENOMEM;
  long result = nonet__v_learn_run(L);
  nonet__v_learn_free(L);
  return result;
}
