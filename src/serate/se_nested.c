/* se_nested.c: SE's chain engine with full potential graphs, for the
 * nested levels (see se_nested.h).
 *
 * Potentials are objects in an arena, each with its key, cause (which
 * rule produced it: last candidate of a cell, last position in a box, row
 * or column, or an inner technique) and parents, exactly as SE builds
 * them; SE's LinkedSet (one object per key, insertion order) is a table
 * by key. Inner techniques return "records": their eliminations, the
 * removed candidates they rely on, and their complexity; their own graphs
 * are dropped as soon as the records are made. */
#include <stdlib.h>

#include "se_nested.h"

enum { C_NONE = -1, C_CELL = 0, C_BOX = 1, C_ROW = 2, C_COL = 3, C_ADV = 4 };
enum { K_CYCLE, K_FORCING, K_BINARY, K_CELL, K_REGION };

typedef struct pot {
  uint16_t key;
  int8_t cause;
  uint32_t par, npar; /* parents: x->pars[par .. par + npar) */
  int32_t nest;       /* the inner chain it comes from (x->nest), or -1 */
} pot;

typedef struct nest_info {
  uint64_t sig; /* identifies the inner chain (SE's FullChain) */
  int cx;       /* its complexity */
} nest_info;

/* SE's LinkedSet of potentials: the object of each key, insertion order. */
typedef struct pset {
  int32_t val[SE_KEYS];
  uint16_t ord[SE_KEYS];
  int n;
} pset;

/* A hint as records: what the outer chain needs from an inner one, and
 * what the rating needs from the best outer one. */
typedef struct rec {
  double diff;
  int cx, sk, kind, tech, sub;
  uint16_t elim[81];
  int8_t cell;
  uint8_t digit;
  uint32_t rpar, nrpar; /* rule parents (off keys) in x->rpar */
  int32_t nest;         /* nest_info of this hint (chains), or -1 */
} rec;

typedef struct recs {
  rec *v;
  int n, cap;
} recs;

typedef struct mode {
  int multiple, dynamic, nishio, level;
} mode;

struct se_nx {
  pot *pot;
  uint32_t npot, cappot;
  uint32_t *pars;
  uint32_t npars, cappars;
  nest_info *nest;
  int32_t nnest, capnest;
  uint16_t *rpar;
  uint32_t nrpar, caprpar;
  pset **sets; /* a stack of sets */
  int nsets, capsets;
  /* traversal scratch */
  uint32_t *mark;
  uint32_t stamp;
  uint32_t *qa, *qb;
  uint32_t capq;
  int failed; /* an allocation failed during this search */
  int nomem;  /* one did during the rating: NONET_ENOMEM */
};

/* ---- arenas ------------------------------------------------------ */

static int grow(void **p, uint32_t *cap, uint32_t need, size_t elem) {
  if (need <= *cap) return 1;
  uint32_t c = *cap ? *cap : 1024;
  while (c < need) c *= 2;
  void *q = realloc(*p, (size_t)c * elem);
  if (!q) return 0;
  *p = q;
  *cap = c;
  return 1;
}

int nonet__se_nx_nomem(const se_nx *x) { return x && x->nomem; }

se_nx *nonet__se_nx_new(void) {
  se_nx *x = calloc(1, sizeof *x);
  if (!x) return NULL;
  x->mark = calloc(SE_KEYS, sizeof *x->mark);
  if (!x->mark) {
    free(x);
    return NULL;
  }
  return x;
}

void nonet__se_nx_free(se_nx *x) {
  if (!x) return;
  free(x->pot);
  free(x->pars);
  free(x->nest);
  free(x->rpar);
  for (int i = 0; i < x->capsets; i++) free(x->sets[i]);
  free(x->sets);
  free(x->mark);
  free(x->qa);
  free(x->qb);
  free(x);
}

static int32_t newpot(se_nx *x, int key, int cause) {
  if (!grow((void **)&x->pot, &x->cappot, x->npot + 1, sizeof *x->pot)) {
    x->failed = 1;
    return 0;
  }
  pot *p = &x->pot[x->npot];
  p->key = (uint16_t)key;
  p->cause = (int8_t)cause;
  p->par = x->npars;
  p->npar = 0;
  p->nest = -1;
  return (int32_t)x->npot++;
}

/* Adds a parent to the potential created last. */
static void addpar(se_nx *x, int32_t p, int32_t parent) {
  if (!grow((void **)&x->pars, &x->cappars, x->npars + 1, sizeof *x->pars)) {
    x->failed = 1;
    return;
  }
  x->pars[x->npars++] = (uint32_t)parent;
  x->pot[p].npar++;
}

static pset *push_set(se_nx *x) {
  if (x->nsets == x->capsets) {
    int cap = x->capsets ? x->capsets * 2 : 16;
    pset **s = realloc(x->sets, (size_t)cap * sizeof *s);
    if (!s) {
      x->failed = 1;
      return NULL;
    }
    for (int i = x->capsets; i < cap; i++) s[i] = NULL;
    x->sets = s;
    x->capsets = cap;
  }
  if (!x->sets[x->nsets] && !(x->sets[x->nsets] = malloc(sizeof(pset)))) {
    x->failed = 1;
    return NULL;
  }
  pset *s = x->sets[x->nsets++];
  for (int i = 0; i < SE_KEYS; i++) s->val[i] = -1;
  s->n = 0;
  return s;
}

static void set_add(pset *s, int32_t p, int key) {
  if (s->val[key] < 0) s->ord[s->n++] = (uint16_t)key;
  s->val[key] = p;
}

static int grow_queues(se_nx *x, uint32_t n) {
  if (n <= x->capq) return 1;
  uint32_t c = x->capq ? x->capq : 4096;
  while (c < n) c *= 2;
  uint32_t *a = realloc(x->qa, c * sizeof *a);
  if (!a) return 0;
  x->qa = a;
  uint32_t *b = realloc(x->qb, c * sizeof *b);
  if (!b) return 0;
  x->qb = b;
  x->capq = c;
  return 1;
}

/* ---- SE's traversals of a potential's ancestors ------------------- */

/* Potential.getAncestorCount: breadth first over the objects, each key
 * counted (and followed) once. */
static int anc(se_nx *x, int32_t p) {
  x->stamp++;
  uint32_t na = 0, nb = 0;
  if (!grow_queues(x, 16)) return 1;
  x->qa[na++] = (uint32_t)p;
  int n = 0;
  while (na) {
    nb = 0;
    for (uint32_t i = 0; i < na; i++) {
      const pot *q = &x->pot[x->qa[i]];
      if (x->mark[q->key] == x->stamp) continue;
      x->mark[q->key] = x->stamp;
      n++;
      if (!grow_queues(x, nb + q->npar + 1)) return n;
      for (uint32_t j = 0; j < q->npar; j++) x->qb[nb++] = x->pars[q->par + j];
    }
    uint32_t *t = x->qa;
    x->qa = x->qb;
    x->qb = t;
    na = nb;
  }
  return n;
}

/* ChainingHint.getChain: the same walk, listing the objects; calls f on
 * each. */
typedef void (*visit_fn)(se_nx *x, int32_t p, void *ctx);
static void walk_chain(se_nx *x, int32_t p, visit_fn f, void *ctx) {
  x->stamp++;
  uint32_t na = 0, nb = 0;
  if (!grow_queues(x, 16)) return;
  x->qa[na++] = (uint32_t)p;
  while (na) {
    nb = 0;
    for (uint32_t i = 0; i < na; i++) {
      int32_t o = (int32_t)x->qa[i];
      const pot *q = &x->pot[o];
      if (x->mark[q->key] == x->stamp) continue;
      x->mark[q->key] = x->stamp;
      f(x, o, ctx);
      q = &x->pot[o];
      if (!grow_queues(x, nb + q->npar + 1)) return;
      for (uint32_t j = 0; j < q->npar; j++) x->qb[nb++] = x->pars[q->par + j];
    }
    uint32_t *t = x->qa;
    x->qa = x->qb;
    x->qb = t;
    na = nb;
  }
}

/* ---- making records ------------------------------------------------ */

typedef struct hint_spec {
  int kind;      /* K_* */
  int xy, yonly; /* cycles and forcing chains: links used */
  int32_t targets[9];
  int ntargets;
  int region;    /* K_REGION: its unit */
  int result_on; /* the hint places result_key */
  int result_key;
  const uint16_t *elim;
} hint_spec;

typedef struct nest_acc {
  uint64_t sigs[256];
  int n, cx;
} nest_acc;

static void visit_nest(se_nx *x, int32_t p, void *ctx) {
  nest_acc *a = ctx;
  int32_t k = x->pot[p].nest;
  if (k < 0) return;
  uint64_t sig = x->nest[k].sig;
  for (int i = 0; i < a->n; i++)
    if (a->sigs[i] == sig) return;
  if (a->n < 256) a->sigs[a->n++] = sig;
  a->cx += x->nest[k].cx;
}

static void visit_sig(se_nx *x, int32_t p, void *ctx) {
  uint64_t *h = ctx;
  *h = (*h ^ x->pot[p].key) * 0x100000001b3ULL;
}

typedef struct rp_ctx {
  const se_grid *init, *cur;
  int kind, region;
  uint64_t seen[SE_KEY_WORDS];
} rp_ctx;

static void rp_add(se_nx *x, rp_ctx *r, int key) {
  if (se_kset_has(r->seen, key)) return;
  se_kset_add(r->seen, key);
  if (!grow((void **)&x->rpar, &x->caprpar, x->nrpar + 1, sizeof *x->rpar)) {
    x->failed = 1;
    return;
  }
  x->rpar[x->nrpar++] = (uint16_t)key;
}

/* ChainingHint.collectRuleParents for one potential. */
static void visit_rp(se_nx *x, int32_t p, void *ctx) {
  rp_ctx *r = ctx;
  const pot *q = &x->pot[p];
  int cause = q->cause;
  if (cause == C_NONE) {
    if (r->kind == K_CELL)
      cause = C_CELL;
    else if (r->kind == K_REGION)
      cause = C_BOX + (r->region >= SE_COL ? 2 : r->region >= SE_ROW ? 1 : 0);
  }
  if (!se_key_is_on(q->key) || cause == C_NONE || cause == C_ADV) return;
  int c = se_key_cell(q->key), d = se_key_digit(q->key);
  if (cause == C_CELL) {
    for (unsigned m = r->init->cand[c] & ~r->cur->cand[c]; m; m &= m - 1)
      rp_add(x, r, se_key_off(c, nn_ctz(m)));
  } else {
    int u = SE_CELL_UNIT[c][cause - C_BOX];
    for (unsigned m = r->init->pos[u][d] & ~r->cur->pos[u][d]; m; m &= m - 1)
      rp_add(x, r, se_key_off(SE_UNIT[u][nn_ctz(m)], d));
  }
}

static double rule_base(const mode *m) {
  return nonet__se_chain_base(m->level, m->nishio, m->dynamic);
}

/* Builds the record of a chain hint. `init` (not NULL for inner hints)
 * is the outer chain's start grid, `cur` the grid the hint was found on:
 * the rule parents and the chain signature are computed then. */
static void make_rec(se_nx *x, const mode *m, const hint_spec *h,
                     const se_grid *g, const se_grid *init, rec *out) {
  memset(out, 0, sizeof *out);
  memcpy(out->elim, h->elim, sizeof out->elim);
  out->kind = h->kind;
  out->cell = -1;
  out->nest = -1;
  if (h->result_on) {
    out->cell = (int8_t)se_key_cell(h->result_key);
    out->digit = (uint8_t)se_key_digit(h->result_key);
  }
  int flat = 0;
  if (h->kind == K_CYCLE)
    flat = anc(x, h->targets[0]);
  else
    for (int i = 0; i < h->ntargets; i++) flat += anc(x, h->targets[i]);
  nest_acc na;
  na.n = na.cx = 0;
  for (int i = 0; i < h->ntargets; i++)
    walk_chain(x, h->targets[i], visit_nest, &na);
  out->cx = flat + na.cx;
  double base;
  switch (h->kind) {
  case K_CYCLE:
    base = nonet__se_unary_base(SE_T_CYCLE, h->xy);
    out->sk = h->xy ? 4 : h->yonly ? 3 : 2;
    out->tech = SE_T_CYCLE;
    out->sub = h->xy ? SE_CH_XY : h->yonly ? SE_CH_Y : SE_CH_X;
    break;
  case K_FORCING:
    base = nonet__se_unary_base(SE_T_FORCING_CHAIN, h->xy);
    out->sk = h->xy ? 4 : 2;
    out->tech = SE_T_FORCING_CHAIN;
    out->sub = h->xy ? SE_CH_XY : SE_CH_X;
    break;
  case K_BINARY:
    base = rule_base(m);
    out->sk = h->region ? 7 : 1; /* region doubles as "absurd" here */
    out->tech = m->nishio   ? SE_T_NISHIO
                : h->region ? SE_T_CONTRADICTION_FC
                            : SE_T_DOUBLE_FC;
    break;
  case K_CELL:
    base = rule_base(m);
    out->sk = 5;
    out->tech = SE_T_CELL_FC;
    break;
  default:
    base = rule_base(m);
    out->sk = 6;
    out->tech = SE_T_REGION_FC;
  }
  out->diff = base + nonet__se_length_bonus(out->cx);
  if (!init) return;
  /* rule parents and signature, for the outer chain */
  rp_ctx r;
  r.init = init;
  r.cur = g;
  r.kind = h->kind;
  r.region = h->kind == K_REGION ? h->region : 0;
  memset(r.seen, 0, sizeof r.seen);
  out->rpar = x->nrpar;
  for (int i = 0; i < h->ntargets; i++)
    walk_chain(x, h->targets[i], visit_rp, &r);
  out->nrpar = x->nrpar - out->rpar;
  uint64_t sig = 0xcbf29ce484222325ULL;
  for (int i = 0; i < h->ntargets; i++) {
    walk_chain(x, h->targets[i], visit_sig, &sig);
    sig = (sig ^ 0xffff) * 0x100000001b3ULL;
  }
  if (grow((void **)&x->nest, (uint32_t *)&x->capnest, (uint32_t)x->nnest + 1,
           sizeof *x->nest)) {
    x->nest[x->nnest].sig = sig;
    x->nest[x->nnest].cx = out->cx;
    out->nest = x->nnest++;
  } else {
    x->failed = 1;
  }
}

static int worth(const uint16_t *elim) {
  for (int c = 0; c < 81; c++)
    if (elim[c]) return 1;
  return 0;
}

/* Collects records: all of them (inner rules), or only the best. */
typedef struct sink {
  int all;
  recs *list; /* all */
  rec best;   /* best only */
  int have;
} sink;

static void sink_add(sink *s, const rec *r) {
  if (s->all) {
    recs *l = s->list;
    if (l->n == l->cap) {
      int cap = l->cap ? l->cap * 2 : 64;
      rec *v = realloc(l->v, (size_t)cap * sizeof *v);
      if (!v) return;
      l->v = v;
      l->cap = cap;
    }
    l->v[l->n++] = *r;
    return;
  }
  if (s->have &&
      !(r->diff < s->best.diff ||
        (r->diff == s->best.diff &&
         (r->cx < s->best.cx || (r->cx == s->best.cx && r->sk < s->best.sk)))))
    return;
  s->best = *r;
  s->have = 1;
}

/* ---- implications (getOnToOff / getOffToOn) ------------------------ */

/* Consequences of an "on" potential: new "off" potentials with parent p. */
static int on_to_off(se_nx *x, const se_grid *g, int32_t p, int ylinks,
                     int32_t *out) {
  int key = x->pot[p].key, c = se_key_cell(key), d = se_key_digit(key), n = 0;
  if (ylinks)
    for (unsigned m = g->cand[c] & ~(1u << d); m; m &= m - 1) {
      int32_t q = newpot(x, se_key_off(c, nn_ctz(m)), C_CELL);
      addpar(x, q, p);
      out[n++] = q;
    }
  const uint8_t *cu = SE_CELL_UNIT[c];
  unsigned ms[3] = {g->pos[cu[0]][d] & ~(1u << SE_CELL_INDEX[c][0]),
                    g->pos[cu[1]][d] & ~(7u << (c % 9 / 3 * 3)),
                    g->pos[cu[2]][d] & ~(7u << (c / 27 * 3))};
  for (int k = 0; k < 3; k++)
    for (unsigned m = ms[k]; m; m &= m - 1) {
      int32_t q =
          newpot(x, se_key_off(SE_UNIT[cu[k]][nn_ctz(m)], d), C_BOX + k);
      addpar(x, q, p);
      out[n++] = q;
    }
  return n;
}

/* Consequences of an "off" potential (getOffToOn): new "on" potentials
 * with parent p and, when `src` is given, the candidates removed since
 * (found in `offs`) as hidden parents. */
static int off_to_on(se_nx *x, const se_grid *g, int32_t p, const se_grid *src,
                     const pset *offs, int ylinks, int xlinks, int32_t *out) {
  int key = x->pot[p].key, c = se_key_cell(key), d = se_key_digit(key), n = 0;
  if (ylinks && pc9(g->cand[c]) == 2) {
    int32_t q =
        newpot(x, se_key_on(c, nn_ctz(g->cand[c] & ~(1u << d))), C_CELL);
    addpar(x, q, p);
    if (src)
      for (unsigned m = src->cand[c] & ~g->cand[c]; m; m &= m - 1) {
        int32_t h = offs->val[se_key_off(c, nn_ctz(m))];
        if (h >= 0) addpar(x, q, h);
      }
    out[n++] = q;
  }
  if (xlinks)
    for (int k = 0; k < 3; k++) {
      int u = SE_CELL_UNIT[c][k];
      unsigned pos = g->pos[u][d];
      if (pc9(pos) != 2) continue;
      int ok =
          se_key_on(SE_UNIT[u][nn_ctz(pos & ~(1u << SE_CELL_INDEX[c][k]))], d);
      int32_t q = newpot(x, ok, C_BOX + k);
      addpar(x, q, p);
      if (src)
        for (unsigned m = src->pos[u][d] & ~pos; m; m &= m - 1) {
          int32_t h = offs->val[se_key_off(SE_UNIT[u][nn_ctz(m)], d)];
          if (h >= 0) addpar(x, q, h);
        }
      int dup = -1;
      for (int i = 0; i < n; i++)
        if (x->pot[out[i]].key == ok) dup = i;
      if (dup < 0) {
        out[n++] = q;
      } else if (anc(x, q) < anc(x, out[dup])) {
        for (int i = dup; i + 1 < n; i++) out[i] = out[i + 1];
        out[n - 1] = q;
      }
    }
  return n;
}

/* ---- doChaining ---------------------------------------------------- */

static void advanced(se_nx *x, const mode *m, se_grid *g, const se_grid *src,
                     pset *s, uint32_t *qoff, uint32_t *toff);

/* Runs from the potentials already in `s` (queued in order). Returns 1
 * with a contradiction in *con_on, *con_off. */
static int do_chaining(se_nx *x, const mode *m, const se_grid *grid, pset *s,
                       int32_t *con_on, int32_t *con_off) {
  se_grid work = *grid, src = *grid;
  int ylinks = !m->nishio;
  uint32_t *qon = malloc(SE_KEYS * sizeof *qon),
           *qoff = malloc(SE_KEYS * 4 * sizeof *qoff);
  if (!qon || !qoff) {
    free(qon);
    free(qoff);
    x->failed = 1;
    return 0;
  }
  uint32_t hon = 0, ton = 0, hoff = 0, toff = 0;
  for (int i = 0; i < s->n; i++) {
    int k = s->ord[i];
    if (se_key_is_on(k))
      qon[ton++] = (uint32_t)s->val[k];
    else
      qoff[toff++] = (uint32_t)s->val[k];
  }
  int found = 0;
  int32_t buf[32];
  while ((hon < ton || hoff < toff) && !x->failed) {
    int32_t ron[32], roff[32];
    int nres = 0;
    if (hon < ton) {
      int32_t p = (int32_t)qon[hon++];
      int n = on_to_off(x, &work, p, ylinks, buf);
      for (int i = 0; i < n; i++) {
        int k = x->pot[buf[i]].key;
        if (s->val[k - 729] >= 0) {
          if (nres < 32) {
            ron[nres] = s->val[k - 729];
            roff[nres++] = buf[i];
          }
        } else if (s->val[k] < 0) {
          set_add(s, buf[i], k);
          if (toff < SE_KEYS * 4) qoff[toff++] = (uint32_t)buf[i];
        }
      }
    } else {
      int32_t p = (int32_t)qoff[hoff++];
      int n = off_to_on(x, &work, p, &src, s, ylinks, 1, buf);
      if (m->dynamic) {
        int k = x->pot[p].key;
        se_remove(&work, se_key_cell(k), se_key_digit(k));
      }
      for (int i = 0; i < n; i++) {
        int k = x->pot[buf[i]].key;
        if (s->val[k + 729] >= 0) {
          if (nres < 32) {
            ron[nres] = buf[i];
            roff[nres++] = s->val[k + 729];
          }
        } else if (s->val[k] < 0) {
          set_add(s, buf[i], k);
          if (ton < SE_KEYS) qon[ton++] = (uint32_t)buf[i];
        }
      }
    }
    if (nres > 0) {
      int best = 0, bv = anc(x, ron[0]) + anc(x, roff[0]);
      for (int i = 1; i < nres; i++) {
        int v = anc(x, ron[i]) + anc(x, roff[i]);
        if (v < bv) {
          bv = v;
          best = i;
        }
      }
      *con_on = ron[best];
      *con_off = roff[best];
      found = 1;
      break;
    }
    if (hon == ton && hoff == toff && m->level > 0)
      advanced(x, m, &work, &src, s, qoff, &toff);
  }
  free(qon);
  free(qoff);
  return found;
}

/* ---- the hint producers ------------------------------------------- */

static void unary_chains(se_nx *x, const se_grid *g, const se_grid *init,
                         sink *out);
static void multiple_chains(se_nx *x, const mode *m, const se_grid *g,
                            const se_grid *init, sink *out);

/* Sorts records like SE (difficulty, complexity, sort key, order found)
 * and drops those removing the same candidates as an earlier one. */
static void sort_dedup(recs *l) {
  for (int i = 1; i < l->n; i++) { /* stable insertion sort */
    rec t = l->v[i];
    int j = i - 1;
    while (j >= 0 && (l->v[j].diff > t.diff ||
                      (l->v[j].diff == t.diff &&
                       (l->v[j].cx > t.cx ||
                        (l->v[j].cx == t.cx && l->v[j].sk > t.sk))))) {
      l->v[j + 1] = l->v[j];
      j--;
    }
    l->v[j + 1] = t;
  }
  int n = 0;
  for (int i = 0; i < l->n; i++) {
    int dup = 0;
    for (int j = 0; j < n && !dup; j++)
      dup = memcmp(l->v[j].elim, l->v[i].elim, sizeof l->v[i].elim) == 0;
    if (!dup) l->v[n++] = l->v[i];
  }
  l->n = n;
}

typedef struct rule_acc {
  se_acc acc;
  se_hint *v;
  int n, cap;
} rule_acc;

static int rule_collect(se_acc *acc, const se_hint *h) {
  rule_acc *r = (rule_acc *)acc;
  if (r->n == r->cap) {
    int cap = r->cap ? r->cap * 2 : 32;
    se_hint *v = realloc(r->v, (size_t)cap * sizeof *v);
    if (!v) return 1;
    r->v = v;
    r->cap = cap;
  }
  r->v[r->n++] = *h;
  return 0;
}

/* getRuleParents of locking, fish, hidden and naked pairs. */
static int simple_parents(const se_hint *h, const se_grid *s, const se_grid *w,
                          uint16_t *par) {
  int np = 0;
  switch (h->tech) {
  case SE_T_POINTING:
  case SE_T_CLAIMING:
  case SE_T_X_WING: {
    int d = nn_ctz(h->set_digits);
    nn_bb cover = {0, 0};
    for (int i = 0; i < h->nbase; i++)
      cover = bb_or(cover, SE_UNIT_BB[h->cover_units[i]]);
    for (int i = 0; i < h->nbase; i++)
      for (int k = 0; k < 9; k++) {
        int q = SE_UNIT[h->base_units[i]][k];
        if ((s->cand[q] >> d & 1) && !(w->cand[q] >> d & 1) &&
            !bb_has(cover, q))
          par[np++] = (uint16_t)se_key_off(q, d);
      }
    break;
  }
  case SE_T_HIDDEN_PAIR: {
    unsigned mine = 0;
    for (unsigned m = h->set_digits; m; m &= m - 1)
      mine |= w->pos[h->set_unit][nn_ctz(m)];
    for (int k = 0; k < 9; k++) {
      if (mine >> k & 1) continue;
      int q = SE_UNIT[h->set_unit][k];
      for (unsigned m = h->set_digits & s->cand[q]; m; m &= m - 1)
        par[np++] = (uint16_t)se_key_off(q, nn_ctz(m));
    }
    break;
  }
  case SE_T_NAKED_PAIR: {
    nn_bb cells = h->set_cells;
    while (!bb_empty(cells)) {
      int q = bb_pop(&cells);
      for (unsigned m = s->cand[q] & ~h->set_digits; m; m &= m - 1)
        par[np++] = (uint16_t)se_key_off(q, nn_ctz(m));
    }
    break;
  }
  default:
    break;
  }
  return np;
}

/* Adds an inner hint's eliminations as new "off" potentials (cells by
 * column then row), parents its rule parents. */
static int add_adv(se_nx *x, pset *s, const uint16_t *elim, const uint16_t *par,
                   int np, int32_t nest, uint32_t *qoff, uint32_t *toff) {
  int any = 0;
  for (int col = 0; col < 9; col++)
    for (int row = 0; row < 9; row++) {
      int c = row * 9 + col;
      for (unsigned m = elim[c]; m; m &= m - 1) {
        int k = se_key_off(c, nn_ctz(m));
        any = 1;
        if (s->val[k] >= 0) continue;
        int32_t q = newpot(x, k, C_ADV);
        x->pot[q].nest = nest;
        for (int i = 0; i < np; i++) {
          int32_t r = s->val[par[i]];
          if (r >= 0) addpar(x, q, r);
        }
        set_add(s, q, k);
        if (*toff < SE_KEYS * 4) qoff[(*toff)++] = (uint32_t)q;
      }
    }
  return any;
}

/* SE's getAdvancedPotentials: the first inner technique with a hint that
 * relies on removed candidates gives all such hints' eliminations. The
 * new potentials are queued only after all are made, as in SE. */
static void advanced(se_nx *x, const mode *m, se_grid *g, const se_grid *src,
                     pset *s, uint32_t *qoff, uint32_t *toff) {
  uint32_t first = *toff;
  (void)first;
  for (int rule = 0; rule < 6; rule++) {
    int used = 0;
    if (rule < 4) {
      rule_acc ra = {{rule_collect, NULL}, NULL, 0, 0};
      switch (rule) {
      case 0:
        nonet__se_locking(g, 0, &ra.acc);
        break;
      case 1:
        nonet__se_hidden_set(g, 2, 0, &ra.acc);
        break;
      case 2:
        nonet__se_naked_set(g, 2, &ra.acc);
        break;
      default:
        nonet__se_fish(g, 2, &ra.acc);
        break;
      }
      for (int i = 0; i < ra.n; i++) {
        uint16_t par[64];
        int np = simple_parents(&ra.v[i], src, g, par);
        if (np == 0) continue;
        used = 1;
        add_adv(x, s, ra.v[i].elim, par, np, -1, qoff, toff);
      }
      free(ra.v);
    } else {
      mode inner;
      if (m->level < 4) {
        if (rule == 4 && m->level >= 2)
          inner = (mode){0, 0, 0, 0};
        else if (rule == 5 && m->level >= 3)
          inner = (mode){1, 0, 0, 0};
        else
          continue;
      } else {
        if (rule == 4)
          inner = (mode){1, 1, 0, 0};
        else if (m->level >= 5)
          inner = (mode){1, 1, 0, m->level - 3};
        else
          continue;
      }
      uint32_t pot_mark = x->npot, par_mark = x->npars, rpar_mark = x->nrpar;
      int set_mark = x->nsets;
      recs l = {NULL, 0, 0};
      sink sk;
      memset(&sk, 0, sizeof sk);
      sk.all = 1;
      sk.list = &l;
      if (inner.multiple || inner.dynamic)
        multiple_chains(x, &inner, g, src, &sk);
      else
        unary_chains(x, g, src, &sk);
      x->nsets = set_mark;
      /* the inner graphs are no longer needed: drop them before adding the
       * new potentials (which only point at this run's potentials) */
      x->npot = pot_mark;
      x->npars = par_mark;
      sort_dedup(&l);
      for (int i = 0; i < l.n; i++) {
        if (l.v[i].nrpar == 0) continue;
        used = 1;
        add_adv(x, s, l.v[i].elim, x->rpar + l.v[i].rpar, (int)l.v[i].nrpar,
                l.v[i].nest, qoff, toff);
      }
      x->nrpar = rpar_mark;
      free(l.v);
    }
    if (used) return;
  }
}

/* A cycle closed at dst (the start on again): its eliminations. */
static int cycle_elims(se_nx *x, const se_grid *g, int32_t dst,
                       uint16_t *elim) {
  nn_bb cells = {0, 0};
  for (int32_t q = dst; x->pot[q].npar; q = (int32_t)x->pars[x->pot[q].par])
    bb_set(&cells, se_key_cell(x->pot[q].key));
  nn_bb fw[9], bw[9];
  memset(fw, 0, sizeof fw);
  memset(bw, 0, sizeof bw);
  for (int32_t q = dst; x->pot[q].npar; q = (int32_t)x->pars[x->pot[q].par]) {
    int k = x->pot[q].key, c = se_key_cell(k), d = se_key_digit(k);
    nn_bb hit = bb_andn(bb_and(SE_PEER_BB[c], g->dig[d]), cells);
    if (se_key_is_on(k))
      fw[d] = bb_or(fw[d], hit);
    else
      bw[d] = bb_or(bw[d], hit);
  }
  memset(elim, 0, 81 * sizeof *elim);
  int any = 0;
  for (int d = 0; d < 9; d++) {
    nn_bb r = bb_and(fw[d], bw[d]);
    while (!bb_empty(r)) {
      elim[bb_pop(&r)] |= (uint16_t)(1u << d);
      any = 1;
    }
  }
  return any;
}

/* SE's getReversedCycle: the same chain with every potential negated,
 * from the start to the end. */
static int32_t reversed(se_nx *x, int32_t dst) {
  int32_t prev = -1;
  for (int32_t q = dst;; q = (int32_t)x->pars[x->pot[q].par]) {
    const pot o = x->pot[q];
    int k = o.key < 729 ? o.key + 729 : o.key - 729;
    int32_t r = newpot(x, k, o.cause);
    if (prev >= 0) addpar(x, r, prev);
    prev = r;
    if (!x->pot[q].npar) break;
  }
  return prev;
}

static void forcing_rec(se_nx *x, const se_grid *g, const se_grid *init,
                        int32_t t, int xy, sink *out) {
  mode m0 = {0, 0, 0, 0};
  uint16_t elim[81] = {0};
  int k = x->pot[t].key, c = se_key_cell(k), d = se_key_digit(k);
  hint_spec h;
  memset(&h, 0, sizeof h);
  h.kind = K_FORCING;
  h.xy = xy;
  h.targets[0] = t;
  h.ntargets = 1;
  if (se_key_is_on(k)) {
    elim[c] = (uint16_t)(g->cand[c] & ~(1u << d));
    h.result_on = 1;
    h.result_key = k;
  } else {
    elim[c] = (uint16_t)(1u << d);
  }
  h.elim = elim;
  rec r;
  make_rec(x, &m0, &h, g, init, &r);
  sink_add(out, &r);
}

/* Cycles and forcing chains from one candidate (doUnaryChaining). */
static void unary_one(se_nx *x, const se_grid *g, const se_grid *init, int s,
                      int ylinks, int xlinks, sink *out) {
  int xy = xlinks && ylinks;
  int32_t buf[32];
  /* the "off" potentials that force s on close cycles */
  int closer[4], ncl = 0;
  {
    int c = se_key_cell(s), d = se_key_digit(s);
    if (ylinks && pc9(g->cand[c]) == 2)
      closer[ncl++] = se_key_off(c, nn_ctz(g->cand[c] & ~(1u << d)));
    if (xlinks)
      for (int k = 0; k < 3; k++) {
        int u = SE_CELL_UNIT[c][k];
        if (pc9(g->pos[u][d]) == 2)
          closer[ncl++] = se_key_off(
              SE_UNIT[u][nn_ctz(g->pos[u][d] & ~(1u << SE_CELL_INDEX[c][k]))],
              d);
      }
  }
  pset *seen = push_set(x);
  if (!seen) return;
  int32_t root = newpot(x, s, C_NONE);
  set_add(seen, root, s);
  uint32_t *layer = malloc(SE_KEYS * 2 * sizeof *layer);
  if (!layer) {
    x->failed = 1;
    x->nsets--;
    return;
  }
  uint32_t *next = layer + SE_KEYS;
  uint32_t nl = 1, nn;
  layer[0] = (uint32_t)root;
  int32_t target = -1;
  for (int depth = 0; nl > 0 && !x->failed; depth += 2) {
    nn = 0;
    for (uint32_t i = 0; i < nl; i++) {
      int32_t p = (int32_t)layer[i];
      int n = on_to_off(x, g, p, ylinks, buf);
      for (int j = 0; j < n; j++) {
        int k = x->pot[buf[j]].key;
        if (depth + 2 >= 4)
          for (int t = 0; t < ncl; t++) {
            if (closer[t] != k) continue;
            int anc_ = 0;
            for (int32_t q = p; x->pot[q].npar;) {
              q = (int32_t)x->pars[x->pot[q].par];
              if (x->pot[q].key == k) anc_ = 1;
            }
            if (anc_) continue;
            /* the off potential forces s on again: a cycle */
            int32_t o[32];
            int no = off_to_on(x, g, buf[j], NULL, NULL, ylinks, xlinks, o);
            for (int i2 = 0; i2 < no; i2++) {
              if (x->pot[o[i2]].key != s) continue;
              uint16_t elim[81];
              if (!cycle_elims(x, g, o[i2], elim)) break;
              int32_t rev = reversed(x, o[i2]);
              hint_spec h;
              memset(&h, 0, sizeof h);
              h.kind = K_CYCLE;
              h.xy = xy;
              h.yonly = ylinks && !xlinks;
              h.targets[0] = o[i2];
              h.targets[1] = rev;
              h.ntargets = 2;
              h.elim = elim;
              mode m0 = {0, 0, 0, 0};
              rec r;
              make_rec(x, &m0, &h, g, init, &r);
              sink_add(out, &r);
              break;
            }
          }
        if (xlinks && target < 0 && k == s + 729) target = buf[j];
        if (seen->val[k] >= 0) continue;
        set_add(seen, buf[j], k);
        next[nn++] = (uint32_t)buf[j];
      }
    }
    nl = 0;
    for (uint32_t i = 0; i < nn; i++) {
      int n =
          off_to_on(x, g, (int32_t)next[i], NULL, NULL, ylinks, xlinks, buf);
      for (int j = 0; j < n; j++) {
        int k = x->pot[buf[j]].key;
        if (seen->val[k] >= 0) continue;
        set_add(seen, buf[j], k);
        layer[nl++] = (uint32_t)buf[j];
      }
    }
  }
  if (target >= 0) forcing_rec(x, g, init, target, xy, out);
  if (xlinks) {
    /* from "s off" to "s on" */
    pset *s2 = push_set(x);
    if (s2) {
      int so = s + 729;
      int32_t r0 = newpot(x, so, C_NONE);
      set_add(s2, r0, so);
      nl = 1;
      layer[0] = (uint32_t)r0;
      int32_t t2 = -1;
      while (nl > 0 && t2 < 0 && !x->failed) {
        nn = 0;
        for (uint32_t i = 0; i < nl && t2 < 0; i++) {
          int n =
              off_to_on(x, g, (int32_t)layer[i], NULL, NULL, ylinks, 1, buf);
          for (int j = 0; j < n; j++) {
            int k = x->pot[buf[j]].key;
            if (k == s) {
              t2 = buf[j];
              break;
            }
            if (s2->val[k] >= 0) continue;
            set_add(s2, buf[j], k);
            next[nn++] = (uint32_t)buf[j];
          }
        }
        if (t2 >= 0) break;
        nl = 0;
        for (uint32_t i = 0; i < nn; i++) {
          int n = on_to_off(x, g, (int32_t)next[i], ylinks, buf);
          for (int j = 0; j < n; j++) {
            int k = x->pot[buf[j]].key;
            if (s2->val[k] >= 0) continue;
            set_add(s2, buf[j], k);
            layer[nl++] = (uint32_t)buf[j];
          }
        }
      }
      if (t2 >= 0) forcing_rec(x, g, init, t2, xy, out);
      x->nsets--;
    }
  }
  free(layer);
  x->nsets--;
}

/* Chaining(false, false, false, 0): X, then Y, then XY passes. */
static void unary_chains(se_nx *x, const se_grid *g, const se_grid *init,
                         sink *out) {
  static const int passes[3][2] = {{0, 1}, {1, 0}, {1, 1}};
  for (int p = 0; p < 3; p++) {
    int y = passes[p][0], xl = passes[p][1];
    for (int c = 0; c < 81; c++) {
      int n = se_ncand(g, c);
      if (g->val[c] || n <= 1 || (n > 2 && !xl)) continue;
      for (unsigned m = g->cand[c]; m; m &= m - 1) {
        uint32_t pm = x->npot, parm = x->npars;
        unary_one(x, g, init, se_key_on(c, nn_ctz(m)), y, xl, out);
        x->npot = pm;
        x->npars = parm;
      }
    }
  }
}

/* A record for multiple chains (binary, cell and region hints). */
static void chain_rec(se_nx *x, const mode *m, const se_grid *g,
                      const se_grid *init, int kind, int absurd, int region,
                      int target_key, int result_on, int result_key,
                      const int32_t *targets, int nt, sink *out) {
  uint16_t elim[81] = {0};
  int c = se_key_cell(target_key), d = se_key_digit(target_key);
  if (se_key_is_on(target_key))
    elim[c] = (uint16_t)(g->cand[c] & ~(1u << d));
  else
    elim[c] = (uint16_t)(1u << d);
  if (!worth(elim)) return;
  hint_spec h;
  memset(&h, 0, sizeof h);
  h.kind = kind;
  h.region = kind == K_BINARY ? absurd : region;
  for (int i = 0; i < nt; i++) h.targets[i] = targets[i];
  h.ntargets = nt;
  h.result_on = result_on;
  h.result_key = result_key;
  h.elim = elim;
  rec r;
  make_rec(x, m, &h, g, init, &r);
  sink_add(out, &r);
}

static pset *run_from(se_nx *x, const mode *m, const se_grid *g, int key,
                      int *contra, int32_t *con_on, int32_t *con_off) {
  pset *s = push_set(x);
  if (!s) return NULL;
  int32_t p = newpot(x, key, C_NONE);
  set_add(s, p, key);
  *contra = do_chaining(x, m, g, s, con_on, con_off);
  return s;
}

/* getMultipleChainsHintList. */
static void multiple_chains(se_nx *x, const mode *m, const se_grid *g,
                            const se_grid *init, sink *out) {
  for (int c = 0; c < 81 && !x->failed; c++) {
    int card = se_ncand(g, c);
    if (g->val[c] || !(card > 2 || (card > 1 && m->dynamic))) continue;
    uint32_t cell_pot = x->npot, cell_par = x->npars;
    int cell_sets = x->nsets;
    pset *runs[9];
    int nr = 0;
    for (unsigned mm = g->cand[c]; mm && !x->failed; mm &= mm - 1) {
      int d = nn_ctz(mm);
      int con;
      int32_t a0, a1;
      pset *on = run_from(x, m, g, se_key_on(c, d), &con, &a0, &a1);
      if (!on) return;
      runs[nr++] = on;
      int32_t pon = on->val[se_key_on(c, d)];
      uint32_t v_pot = x->npot, v_par = x->npars;
      int v_sets = x->nsets;
      int doc = m->dynamic || m->nishio;
      if (doc && con) {
        int32_t t[2] = {a0, a1};
        chain_rec(x, m, g, init, K_BINARY, 1, 0, se_key_off(c, d), 0, 0, t, 2,
                  out);
      }
      int con2;
      int32_t b0, b1;
      pset *off = run_from(x, m, g, se_key_off(c, d), &con2, &b0, &b1);
      if (!off) return;
      if (doc && con2) {
        int32_t t[2] = {b0, b1};
        chain_rec(x, m, g, init, K_BINARY, 1, 0, se_key_on(c, d), 1,
                  se_key_on(c, d), t, 2, out);
      }
      if (card >= 3 && !m->nishio && m->dynamic) {
        for (int pass = 0; pass < 2; pass++)
          for (int i = 0; i < on->n; i++) {
            int k = on->ord[i];
            if (se_key_is_on(k) != (pass == 0) || off->val[k] < 0) continue;
            int32_t t[2] = {on->val[k], off->val[k]};
            /* on: dstOn is the target; off: dstOn is an off potential */
            chain_rec(x, m, g, init, K_BINARY, 0, 0, k, pass == 0, k, t, 2,
                      out);
          }
      }
      (void)pon;
      x->nsets = v_sets;
      x->npot = v_pot;
      x->npars = v_par;
      if (!m->nishio)
        for (int kk = 0; kk < 3; kk++) {
          int u = SE_CELL_UNIT[c][kk];
          unsigned pos = g->pos[u][d];
          int n = pc9(pos);
          if (!(n == 2 || (m->multiple && n > 2))) continue;
          if (SE_UNIT[u][nn_ctz(pos)] != c) continue;
          pset *pr[9];
          int np = 0;
          for (unsigned q = pos; q; q &= q - 1) {
            int cell = SE_UNIT[u][nn_ctz(q)];
            if (cell == c) {
              pr[np++] = on;
            } else {
              int c3;
              int32_t z0, z1;
              pr[np] = run_from(x, m, g, se_key_on(cell, d), &c3, &z0, &z1);
              if (!pr[np]) return;
              np++;
            }
          }
          for (int pass = 0; pass < 2; pass++)
            for (int i = 0; i < on->n; i++) {
              int k = on->ord[i];
              if (se_key_is_on(k) != (pass == 0)) continue;
              int all = 1;
              int32_t t[9];
              for (int j = 0; j < np && all; j++) {
                if (pr[j]->val[k] < 0)
                  all = 0;
                else
                  t[j] = pr[j]->val[k];
              }
              if (!all) continue;
              chain_rec(x, m, g, init, K_REGION, 0, u, k, pass == 0, k, t, np,
                        out);
            }
          x->nsets = v_sets;
          x->npot = v_pot;
          x->npars = v_par;
        }
    }
    if (!m->nishio && (card == 2 || (m->multiple && card > 2)) && nr == card) {
      for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < runs[0]->n; i++) {
          int k = runs[0]->ord[i];
          if (se_key_is_on(k) != (pass == 0)) continue;
          int all = 1;
          int32_t t[9];
          for (int j = 0; j < nr && all; j++) {
            if (runs[j]->val[k] < 0)
              all = 0;
            else
              t[j] = runs[j]->val[k];
          }
          if (!all) continue;
          chain_rec(x, m, g, init, K_CELL, 0, 0, k, pass == 0, k, t, nr, out);
        }
    }
    x->nsets = cell_sets;
    x->npot = cell_pot;
    x->npars = cell_par;
  }
}

static int best_hint(se_nx *x, const se_grid *g, const mode *m, int unary,
                     se_hint *out) {
  x->npot = x->npars = x->nrpar = 0;
  x->nnest = 0;
  x->nsets = 0;
  x->failed = 0;
  sink s;
  memset(&s, 0, sizeof s);
  if (unary)
    unary_chains(x, g, NULL, &s);
  else
    multiple_chains(x, m, g, NULL, &s);
  if (x->failed) x->nomem = 1;
  if (!s.have || x->failed) return 0;
  se_hint_clear(out);
  out->diff = s.best.diff;
  out->tech = (uint8_t)s.best.tech;
  out->level = (uint8_t)(m->level > 0 ? m->level + 1 : m->dynamic ? 1 : 0);
  out->sub = (uint8_t)s.best.sub;
  out->cell = s.best.cell;
  out->digit = s.best.digit;
  memcpy(out->elim, s.best.elim, sizeof out->elim);
  return 1;
}

int nonet__se_nx_nested(se_nx *x, const se_grid *g, int level, se_hint *out) {
  mode m = {1, 1, 0, level};
  return best_hint(x, g, &m, 0, out);
}

int nonet__se_nx_chains(se_nx *x, const se_grid *g, int multiple, int dynamic,
                        int nishio, int level, se_hint *out) {
  mode m = {multiple, dynamic, nishio, level};
  return best_hint(x, g, &m, !multiple && !dynamic, out);
}
