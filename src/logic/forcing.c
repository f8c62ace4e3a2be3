/* forcing.c: forcing chains and forcing nets.
 *
 * From an assumption (a candidate true, or false) follow its
 * consequences:
 * - chains: only single links of the current grid (a true candidate
 *   makes its cell's other candidates and its digit's peers false; a
 *   false candidate makes the other end of a conjugate pair or of a
 *   bivalue cell true);
 * - nets: the grid is updated as the consequences pile up, and any cell
 *   left with one candidate, or digit left with one place in a unit,
 *   becomes true (so one conclusion may rest on several premises).
 * Conclusions:
 * - Contradiction: the assumption makes a candidate both true and false,
 *   or empties a cell or a unit of a digit: the assumption is wrong.
 * - Verity: every candidate of a cell (cell), every place of a digit in
 *   a unit (unit), or a candidate true and false (both ways), lead to
 *   the same fact: it holds.
 * The text traces one chain per branch back to its assumption (for nets,
 * through the premise that completed each step).
 *
 * Step data: variant 0 contradiction (cells[0] and digits: the
 * assumption; x = 1 when it was "true", 2 "false"), 1 cell (cells[0]),
 * 2 unit (units[0], digits), 3 both ways (cells[0], digits); nodes: the
 * branches, each from the assumption to the conclusion. */
#include <stdlib.h>
#include <string.h>

#include "logic/grid.h"

#define NLIT 1458 /* (digit*81+cell)*2 + on */

typedef struct fres {
  nn_bb on[9], off[9];
  int contra; /* 0, or 1 + kind of contradiction */
  int count;  /* literals derived */
} fres;

enum { C_NONE, C_BOTH, C_CELL, C_UNIT };

typedef struct prop {
  const nn_grid *g;
  int net;
  /* net state */
  uint16_t cand[81];
  nn_bb dig[9];
  uint16_t upos[9][27];
  uint16_t placed[27];
  uint8_t val[81];
  /* the queue of literals to process */
  int16_t queue[NLIT + 81];
  int qh, qt;
  /* tracing (optional) */
  int16_t *par;
  /* contradiction witness */
  int wkind, wcell, wdigit, wunit, wlit;
  int cap;           /* stop after this many derived literals */
  uint32_t dirty[9]; /* nets: units whose places of a digit changed */
  /* chains: the true ends of the strong links of each false candidate */
  int16_t sp[729][4];
  uint8_t nsp[729];
} prop;

NONET_INLINE int lit_of(int cell, int d, int on) {
  return ((d * 81 + cell) << 1) | on;
}
NONET_INLINE int lit_dig(int l) { return (l >> 1) / 81; }
NONET_INLINE int lit_cell(int l) { return (l >> 1) - 81 * lit_dig(l); }

/* records literal l (parent p) into r; returns 0 on contradiction */
static int mark(prop *P, fres *r, int l, int p) {
  int c = lit_cell(l), d = lit_dig(l);
  nn_bb *mine = l & 1 ? r->on : r->off, *other = l & 1 ? r->off : r->on;
  if (bb_has(mine[d], c)) return 2; /* known */
  bb_set(&mine[d], c);
  r->count++;
  if (P->par && P->par[l] == -2) P->par[l] = (int16_t)p;
  if (bb_has(other[d], c)) {
    P->wkind = C_BOTH;
    P->wcell = c;
    P->wdigit = d;
    return 0;
  }
  return 1;
}

/* ---- chains: static links ------------------------------------------------ */

static void chain_setup(prop *P) {
  const nn_grid *g = P->g;
  for (int d = 0; d < 9; d++) {
    nn_bb cells = g->dig[d];
    BB_FOR(c, cells) {
      int n = d * 81 + c, k = 0;
      unsigned m = g->st.cand[c];
      if (pc9(m) == 2)
        P->sp[n][k++] = (int16_t)lit_of(c, nn_ctz(m & ~(1u << d)), 1);
      for (int j = 0; j < 3; j++) {
        int u = nonet__cell_units[c][j];
        unsigned pos = g->upos[d][u];
        if (pc9(pos) != 2) continue;
        int o =
            nonet__unit_cells[u][nn_ctz(pos & ~(1u << nonet__cell_pos[c][j]))];
        int l = lit_of(o, d, 1), dup = 0;
        for (int t = 0; t < k; t++) dup |= P->sp[n][t] == l;
        if (!dup) P->sp[n][k++] = (int16_t)l;
      }
      P->nsp[n] = (uint8_t)k;
    }
  }
}

/* literal `lit` (reached from `parent`) clashes with its opposite */
static int chain_contra(prop *P, fres *r, int lit, int parent) {
  int c = lit_cell(lit), d = lit_dig(lit);
  if (P->par && P->par[lit] == -2) P->par[lit] = (int16_t)parent;
  P->wkind = C_BOTH;
  P->wcell = c;
  P->wdigit = d;
  r->contra = 1;
  return 1;
}

static int run_chain(prop *P, int start, fres *r) {
  const nn_grid *g = P->g;
  memset(r, 0, sizeof *r);
  P->qh = P->qt = 0;
  P->wkind = C_NONE;
  mark(P, r, start, -1);
  P->queue[P->qt++] = (int16_t)start;
  while (P->qh < P->qt) {
    int l = P->queue[P->qh++];
    int c = lit_cell(l), d = lit_dig(l);
    if (r->count > P->cap) return 0;
    if (l & 1) {
      /* true: the digit's peers and the cell's other digits are false */
      nn_bb nw = bb_andn(bb_and(nonet__peer_bb[c], g->dig[d]), r->off[d]);
      if (bb_meets(nw, r->on[d]))
        return chain_contra(P, r, lit_of(bb_first(bb_and(nw, r->on[d])), d, 0),
                            l);
      r->off[d] = bb_or(r->off[d], nw);
      r->count += bb_count(nw);
      BB_FOR(o, nw) {
        int n = lit_of(o, d, 0);
        if (P->par) P->par[n] = (int16_t)l;
        P->queue[P->qt++] = (int16_t)n;
      }
      for (unsigned m = g->st.cand[c] & ~(1u << d); m; m &= m - 1) {
        int e = nn_ctz(m);
        if (bb_has(r->off[e], c)) continue;
        if (bb_has(r->on[e], c)) return chain_contra(P, r, lit_of(c, e, 0), l);
        bb_set(&r->off[e], c);
        r->count++;
        int n = lit_of(c, e, 0);
        if (P->par) P->par[n] = (int16_t)l;
        P->queue[P->qt++] = (int16_t)n;
      }
    } else {
      /* false: the other end of each strong link is true */
      int node = d * 81 + c;
      for (int j = 0; j < P->nsp[node]; j++) {
        int n = P->sp[node][j], oc = lit_cell(n), od = lit_dig(n);
        if (bb_has(r->on[od], oc)) continue;
        if (bb_has(r->off[od], oc)) return chain_contra(P, r, n, l);
        bb_set(&r->on[od], oc);
        r->count++;
        if (P->par) P->par[n] = (int16_t)l;
        P->queue[P->qt++] = (int16_t)n;
      }
    }
  }
  return 1;
}

/* ---- nets: the grid follows ---------------------------------------------- */

static int net_elim(prop *P, fres *r, int c, int d, int parent);

/* queues "c = d" (parent: the literal that forced it) */
static int net_want(prop *P, fres *r, int c, int d, int parent) {
  if (bb_has(r->on[d], c)) return 1; /* known */
  bb_set(&r->on[d], c);
  r->count++;
  int l = lit_of(c, d, 1);
  if (P->par && P->par[l] == -2) P->par[l] = (int16_t)parent;
  if (bb_has(r->off[d], c)) {
    P->wkind = C_BOTH;
    P->wcell = c;
    P->wdigit = d;
    return 0;
  }
  P->queue[P->qt++] = (int16_t)l;
  return 1;
}

/* removes candidate d of c (parent: the literal that forced it) */
static int net_elim(prop *P, fres *r, int c, int d, int parent) {
  uint16_t bit = (uint16_t)(1u << d);
  if (!(P->cand[c] & bit)) return 1;
  P->cand[c] &= (uint16_t)~bit;
  bb_clr(&P->dig[d], c);
  /* a candidate still there was not false yet */
  bb_set(&r->off[d], c);
  r->count++;
  int l = lit_of(c, d, 0);
  if (P->par && P->par[l] == -2) P->par[l] = (int16_t)parent;
  if (bb_has(r->on[d], c)) {
    P->wkind = C_BOTH;
    P->wcell = c;
    P->wdigit = d;
    return 0;
  }
  if (!P->val[c]) {
    unsigned m = P->cand[c];
    if (!m) {
      P->wkind = C_CELL;
      P->wcell = c;
      return 0;
    }
    if (!(m & (m - 1)) && !net_want(P, r, c, nn_ctz(m), l)) return 0;
  }
  for (int j = 0; j < 3; j++) {
    int u = nonet__cell_units[c][j];
    unsigned p = P->upos[d][u] & ~(1u << nonet__cell_pos[c][j]);
    P->upos[d][u] = (uint16_t)p;
    P->dirty[d] |= 1u << u;
    if (P->placed[u] & bit) continue;
    if (!p) {
      P->wkind = C_UNIT;
      P->wunit = u;
      P->wdigit = d;
      return 0;
    }
    if (!(p & (p - 1)) &&
        !net_want(P, r, nonet__unit_cells[u][nn_ctz(p)], d, l))
      return 0;
  }
  return 1;
}

static int net_place(prop *P, fres *r, int l) {
  int d = lit_dig(l), c = (l >> 1) - 81 * d;
  if (P->val[c]) return P->val[c] == d + 1;
  if (!(P->cand[c] & (1u << d))) return 0;
  P->val[c] = (uint8_t)(d + 1);
  for (int j = 0; j < 3; j++)
    P->placed[nonet__cell_units[c][j]] |= (uint16_t)(1u << d);
  for (unsigned m = P->cand[c] & ~(1u << d); m; m &= m - 1)
    if (!net_elim(P, r, c, nn_ctz(m), l)) return 0;
  nn_bb p = bb_and(nonet__peer_bb[c], P->dig[d]);
  BB_FOR(o, p) if (!net_elim(P, r, o, d, l)) return 0;
  return 1;
}

/* a premise of a locked-candidates deduction: a place of digit d in
 * `unit` outside `other` that this net made false (else the assumption) */
static int locked_premise(prop *P, const fres *r, int d, int unit, int other,
                          int start) {
  nn_bb b =
      bb_and(bb_andn(nonet__unit_bb[unit], nonet__unit_bb[other]), r->off[d]);
  (void)P;
  return bb_any(b) ? lit_of(bb_first(b), d, 0) : start;
}

/* locked candidates in the net's grid: a digit confined to one line of a
 * box (or one box of a line) leaves the rest of that line (box). Only
 * units whose places changed in this net are looked at (the grid the
 * net starts from is taken as having none pending). Returns 0 on a
 * contradiction; *any counts eliminations. */
static int net_locked(prop *P, fres *r, int start, int *any) {
  for (int d = 0; d < 9; d++) {
    while (P->dirty[d]) {
      int u = nn_ctz(P->dirty[d]);
      P->dirty[d] &= P->dirty[d] - 1;
      unsigned m = P->upos[d][u];
      if (!m || (P->placed[u] >> d) & 1) continue;
      int other;
      if (u >= 18) {
        int b = u - 18, t = nonet__triple[m];
        if (t < 3)
          other = (b / 3) * 3 + t;
        else if ((t = nonet__triple_col[m]) < 3)
          other = 9 + (b % 3) * 3 + t;
        else
          continue;
      } else {
        int t = nonet__triple[m];
        if (t == 3) continue;
        other = nonet__cell_units[nonet__unit_cells[u][3 * t]][2];
      }
      /* the places of d in `other` outside u go */
      nn_bb e = bb_andn(nonet__unit_bb[other], nonet__unit_bb[u]);
      int parent = -2;
      for (unsigned q = P->upos[d][other]; q; q &= q - 1) {
        int c = nonet__unit_cells[other][nn_ctz(q)];
        if (!bb_has(e, c)) continue;
        if (parent == -2) parent = locked_premise(P, r, d, u, other, start);
        (*any)++;
        if (!net_elim(P, r, c, d, parent)) return 0;
      }
    }
  }
  return 1;
}

static int run_net(prop *P, int start, fres *r) {
  const nn_grid *g = P->g;
  memset(r, 0, sizeof *r);
  memcpy(P->cand, g->st.cand, sizeof P->cand);
  memcpy(P->dig, g->dig, sizeof P->dig);
  memcpy(P->upos, g->upos, sizeof P->upos);
  memcpy(P->placed, g->placed, sizeof P->placed);
  memcpy(P->val, g->st.cells, sizeof P->val);
  memset(P->dirty, 0, sizeof P->dirty);
  P->qh = P->qt = 0;
  P->wkind = C_NONE;
  int ok;
  if (start & 1) {
    ok = net_want(P, r, lit_cell(start), lit_dig(start), -1);
  } else {
    ok = net_elim(P, r, lit_cell(start), lit_dig(start), -1);
  }
  for (;;) {
    while (ok && P->qh < P->qt) {
      if (r->count > P->cap) return 0;
      int l = P->queue[P->qh++];
      if (!net_place(P, r, l)) {
        if (P->wkind == C_NONE) {
          P->wkind = C_BOTH;
          P->wcell = lit_cell(l);
          P->wdigit = lit_dig(l);
        }
        ok = 0;
      }
    }
    int any = 0;
    if (!ok || !net_locked(P, r, start, &any)) {
      ok = 0;
      break;
    }
    if (!any) break;
  }
  if (!ok) r->contra = 1;
  return 1;
}

static int run(prop *P, int start, fres *r) {
  return P->net ? run_net(P, start, r) : run_chain(P, start, r);
}

/* ---- tracing ----------------------------------------------------------------
 */

/* appends the chain from the assumption to literal l */
static void trace_to(prop *P, nonet_step *s, int l) {
  int16_t path[NLIT];
  int n = 0;
  for (int x = l; x >= 0 && n < NLIT; x = P->par[x]) path[n++] = (int16_t)x;
  if (n > 60) s->truncated = 1;
  for (int j = n - 1; j >= 0; j--) {
    int x = path[j];
    step_node(s, bb_cell(lit_cell(x)), lit_dig(x),
              j ? (x & 1 ? NONET_LINK_WEAK : NONET_LINK_STRONG)
                : NONET_LINK_END,
              x & 1);
  }
}

/* re-runs an assumption with parents recorded; returns its result */
static void traced(prop *P, int start, fres *r, int16_t *par) {
  for (int i = 0; i < NLIT; i++) par[i] = -2;
  P->par = par;
  int cap = P->cap;
  P->cap = NLIT;
  run(P, start, r);
  P->cap = cap;
  P->par = NULL;
}

/* the branches showing the contradiction reached from `start` */
static void trace_contradiction(prop *P, nonet_step *s, int start,
                                int16_t *par) {
  fres r;
  traced(P, start, &r, par);
  P->par = par;
  const nn_grid *g = P->g;
  switch (P->wkind) {
  case C_BOTH: {
    int on = lit_of(P->wcell, P->wdigit, 1),
        off = lit_of(P->wcell, P->wdigit, 0);
    if (par[on] != -2) trace_to(P, s, on);
    if (par[off] != -2) trace_to(P, s, off);
    break;
  }
  case C_CELL:
    for (unsigned m = g->st.cand[P->wcell]; m; m &= m - 1) {
      int l = lit_of(P->wcell, nn_ctz(m), 0);
      if (par[l] != -2) trace_to(P, s, l);
    }
    break;
  case C_UNIT:
    for (int j = 0; j < 9; j++) {
      int c = nonet__unit_cells[P->wunit][j];
      int l = lit_of(c, P->wdigit, 0);
      if (g_has(g, c, P->wdigit) && par[l] != -2) trace_to(P, s, l);
    }
    break;
  }
  P->par = NULL;
}

/* ---- the searches
 * ------------------------------------------------------------ */

static int emit_contradiction(prop *P, int tech, nn_sink *k, int16_t *par,
                              int l) {
  nonet_step *s = k->step;
  int c = lit_cell(l), d = lit_dig(l);
  step_begin(s, tech);
  s->digits = (nonet_mask)(1u << d);
  s->x = (uint8_t)(l & 1 ? 1 : 2);
  step_cell(s, c, 0);
  if (l & 1)
    step_elim(s, c, d);
  else
    step_place(s, c, d);
  trace_contradiction(P, s, l, par);
  return sink_emit(k);
}

/* results of every candidate assumed true (and, with `both`, false) */
typedef struct fresults {
  nn_cached head;
  int both;
  int16_t index[729]; /* candidate node -> slot */
  fres *on, *off;
} fresults;

static void results_destroy(void *self) {
  fresults *R = self;
  free(R->on);
  free(R->off);
  free(R);
}

static fresults *results(prop *P, int both) {
  const nn_grid *g = P->g;
  fresults *R = calloc(1, sizeof *R);
  if (!R) return NULL;
  R->head.destroy = results_destroy;
  R->both = both;
  int n = 0;
  for (int d = 0; d < 9; d++) n += bb_count(g->dig[d]);
  R->on = malloc(sizeof(fres) * (size_t)(n ? n : 1));
  R->off = both ? malloc(sizeof(fres) * (size_t)(n ? n : 1)) : NULL;
  if (!R->on || (both && !R->off)) {
    results_destroy(R);
    return NULL;
  }
  P->cap = NLIT;
  n = 0;
  for (int d = 0; d < 9; d++) {
    nn_bb cells = g->dig[d];
    BB_FOR(c, cells) {
      R->index[d * 81 + c] = (int16_t)n;
      run(P, lit_of(c, d, 1), &R->on[n]);
      if (both) run(P, lit_of(c, d, 0), &R->off[n]);
      n++;
    }
  }
  return R;
}

/* the assumption whose contradiction comes soonest (fewest derived
 * facts): from stored results, or by a search that gives up on any
 * assumption going further than the best so far */
static int contradiction(prop *P, int tech, nn_sink *k, int16_t *par,
                         const fresults *R) {
  const nn_grid *g = P->g;
  int best = -1, best_count = 1 << 30;
  fres r;
  /* cells with few candidates first: their wrong digits tend to fail soon,
   * which lowers the cap for the rest */
  for (int want = 2; want <= 9; want++)
    for (int d = 0; d < 9; d++) {
      nn_bb cells = g->dig[d];
      BB_FOR(c, cells) {
        if (pc9(g->st.cand[c]) != want) continue;
        for (int on = 1; on >= 0; on--) {
          int l = lit_of(c, d, on);
          const fres *x;
          if (R) {
            x = on ? &R->on[R->index[d * 81 + c]]
                   : &R->off[R->index[d * 81 + c]];
          } else {
            P->cap = k->all ? NLIT : best_count - 1;
            if (!run(P, l, &r)) continue;
            x = &r;
          }
          if (!x->contra) continue;
          if (k->all) {
            if (emit_contradiction(P, tech, k, par, l)) return 1;
          } else if (x->count < best_count) {
            best_count = x->count;
            best = l;
          }
        }
      }
    }
  if (k->all || best < 0) return 0;
  return emit_contradiction(P, tech, k, par, best);
}

/* the facts common to the results of `n` assumptions; 0 when there are
 * none, or when some assumption leads to a contradiction (the
 * contradiction techniques deal with those) */
static int common(const nn_grid *g, const fres *const *rs, int n, nn_bb on[9],
                  nn_bb off[9]) {
  int any = 0;
  for (int j = 0; j < n; j++)
    if (rs[j]->contra) return 0;
  for (int d = 0; d < 9; d++) {
    on[d] = bb_and(g->empty, g->dig[d]);
    off[d] = g->dig[d];
  }
  for (int j = 0; j < n; j++)
    for (int d = 0; d < 9; d++) {
      on[d] = bb_and(on[d], rs[j]->on[d]);
      off[d] = bb_and(off[d], rs[j]->off[d]);
    }
  for (int d = 0; d < 9; d++) any |= bb_any(on[d]) || bb_any(off[d]);
  return any;
}

/* fills the step from common facts; the branches trace to the first */
static int verity_step(prop *P, nn_sink *k, int tech, int variant, int where,
                       int d, const int *starts, int n, nn_bb on[9],
                       nn_bb off[9], int16_t *par) {
  nonet_step *s = k->step;
  step_begin(s, tech);
  s->variant = (uint8_t)variant;
  if (variant == 2) {
    s->digits = (nonet_mask)(1u << d);
    step_unit(s, where, 1);
  } else {
    step_cell(s, where, 0);
    if (variant == 3) s->digits = (nonet_mask)(1u << d);
  }
  int target = -1;
  for (int e = 0; e < 9; e++) {
    nn_bb t = on[e];
    BB_FOR(c, t) {
      step_place(s, c, e);
      if (target < 0) target = lit_of(c, e, 1);
    }
  }
  for (int e = 0; e < 9; e++) {
    nn_bb t = off[e];
    BB_FOR(c, t) {
      /* a cell being placed loses its other digits anyway */
      int placed = 0;
      for (int j = 0; j < s->nplace; j++) placed |= s->place[j].cell == c;
      if (placed) continue;
      step_elim(s, c, e);
      if (target < 0) target = lit_of(c, e, 0);
    }
  }
  if (target < 0) return 0;
  for (int j = 0; j < n; j++) {
    fres r;
    traced(P, starts[j], &r, par);
    P->par = par;
    trace_to(P, s, target);
    P->par = NULL;
  }
  return sink_emit(k);
}

static int verity(prop *P, int tech, nn_sink *k, int16_t *par,
                  const fresults *R) {
  const nn_grid *g = P->g;
  nn_bb on[9], off[9];
  const fres *rs[9];
  int starts[9];
  /* cells */
  nn_bb e = g->empty;
  BB_FOR(c, e) {
    int m = 0;
    for (unsigned dm = g->st.cand[c]; dm; dm &= dm - 1) {
      int d = nn_ctz(dm);
      rs[m] = &R->on[R->index[d * 81 + c]];
      starts[m++] = lit_of(c, d, 1);
    }
    if (m < 2 || !common(g, rs, m, on, off)) continue;
    if (verity_step(P, k, tech, 1, c, 0, starts, m, on, off, par)) return 1;
  }
  /* units */
  for (int u = 0; u < 27; u++)
    for (int d = 0; d < 9; d++) {
      unsigned p = g->upos[d][u];
      if (pc9(p) < 2) continue;
      int m = 0;
      for (; p; p &= p - 1) {
        int c = nonet__unit_cells[u][nn_ctz(p)];
        rs[m] = &R->on[R->index[d * 81 + c]];
        starts[m++] = lit_of(c, d, 1);
      }
      if (!common(g, rs, m, on, off)) continue;
      if (verity_step(P, k, tech, 2, u, d, starts, m, on, off, par)) return 1;
    }
  /* both ways: a candidate true and false */
  for (int d = 0; d < 9; d++) {
    nn_bb cells = g->dig[d];
    BB_FOR(c, cells) {
      fres roff;
      int i = R->index[d * 81 + c];
      if (!R->both) {
        P->cap = NLIT;
        run(P, lit_of(c, d, 0), &roff);
      }
      rs[0] = &R->on[i];
      rs[1] = R->both ? &R->off[i] : &roff;
      starts[0] = lit_of(c, d, 1);
      starts[1] = lit_of(c, d, 0);
      if (!common(g, rs, 2, on, off)) continue;
      if (verity_step(P, k, tech, 3, c, d, starts, 2, on, off, par)) return 1;
    }
  }
  return 0;
}

int nonet__find_forcing(const nn_grid *g, int tech, nn_sink *k) {
  int net = tech == NONET_TECH_FN_CONTRADICTION || tech == NONET_TECH_FN_VERITY;
  int contra = tech == NONET_TECH_FC_CONTRADICTION ||
               tech == NONET_TECH_FN_CONTRADICTION;
  prop *P = malloc(sizeof *P);
  int16_t *par = malloc(sizeof(int16_t) * NLIT);
  int r = 0;
  if (!P || !par) {
    k->nomem = 1;
    goto out;
  }
  P->g = g;
  P->net = net;
  P->par = NULL;
  P->cap = NLIT;
  if (!net) chain_setup(P);
  if (net && contra) {
    /* nets: a capped search (their verity is rarely reached) */
    r = contradiction(P, tech, k, par, NULL);
    goto out;
  }
  /* chains share their results between contradiction and verity */
  void **slot =
      k->cache ? &k->cache->slot[net ? NN_CACHE_FN : NN_CACHE_FC] : NULL;
  fresults *R = slot ? *slot : NULL;
  if (!R) {
    R = results(P, !net);
    if (!R) {
      k->nomem = 1;
      goto out;
    }
    if (slot) *slot = R;
  }
  r = contra ? contradiction(P, tech, k, par, R) : verity(P, tech, k, par, R);
  if (!slot) results_destroy(R);
out:
  free(P);
  free(par);
  return r;
}
