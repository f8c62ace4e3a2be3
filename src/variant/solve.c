/* solve.c: the variant solver. Candidates are bitmasks; propagation
 * repeats, until nothing changes: naked singles (a placed digit leaves
 * every peer: houses, cages, knight and king relations; nonconsecutive
 * neighbours lose the digits next to it), sums (the digit sets of each
 * cage and 45-rule rest that still fit, exact for two open cells, by
 * bounds when a sum has too many sets), hidden singles in every house,
 * and locked candidates between houses that share cells. The search
 * branches on a cell with the fewest candidates, copying the state. */
#include <stdlib.h>
#include <string.h>

#include "core/bits.h"
#include "solver/solver.h"
#include "variant.h"

typedef struct vst {
  uint32_t *cand; /* r->ncells masks */
  uint8_t *done;  /* the digit was taken from the peers */
  int left;       /* cells not done */
} vst;

typedef struct vrun {
  vsearch *s;
  const vrules *r;
  long count;
  int nomem;
  uint16_t *queue; /* cells that became single and are not done */
  int nq;
  int changed; /* a candidate was removed this round */
  vst *st;     /* states by depth */
  int nst;
} vrun;

#define SINGLE(x) (((x) & ((x)-1)) == 0)

/* Removes the digits m from cell c; 0 when the cell has none left. */
NONET_INLINE int elim(vrun *x, vst *s, int c, uint32_t m) {
  uint32_t v = s->cand[c];
  if (!(v & m)) return 1;
  v &= ~m;
  s->cand[c] = v;
  x->changed = 1;
  if (!v) return 0;
  if (SINGLE(v)) x->queue[x->nq++] = (uint16_t)c;
  return 1;
}

/* Takes the single digit of cell c from its peers and neighbours. */
static int assign(vrun *x, vst *s, int c) {
  const vrules *r = x->r;
  uint32_t bit = s->cand[c];
  s->done[c] = 1;
  s->left--;
  for (uint32_t j = r->peer_first[c]; j < r->peer_first[c + 1]; j++) {
    int p = r->peers[j];
    if ((s->cand[p] & bit) && !elim(x, s, p, bit)) return 0;
  }
  if (r->nonconsec) {
    uint32_t m = ((bit << 1) | (bit >> 1)) & r->all;
    for (int k = 0; k < 4; k++) {
      int p = r->orth[c * 4 + k];
      if (p != 0xffff && (s->cand[p] & m) && !elim(x, s, p, m)) return 0;
    }
  }
  return 1;
}

/* The smallest (largest) sum of k digits of the set m; -1 if m has
 * fewer than k. */
static int low_sum(uint32_t m, int k) {
  int t = 0;
  for (; k > 0 && m; k--, m &= m - 1) t += nn_ctz(m) + 1;
  return k ? -1 : t;
}

static int high_sum(uint32_t m, int k) {
  int have = nn_popcount(m), t = 0;
  if (have < k) return -1;
  for (; have > k; have--) m &= m - 1; /* drop the smallest */
  for (; m; m &= m - 1) t += nn_ctz(m) + 1;
  return t;
}

/* Propagates one sum. 0 on a contradiction. */
static int sum_prop(vrun *x, vst *s, const vsum *sum) {
  const vrules *r = x->r;
  const vgroup *g = &r->groups[sum->group];
  const uint16_t *gc = r->gcells + g->first;
  uint16_t open[VMAXN];
  int k = 0, rem = sum->sum;
  uint32_t used = 0, uni = 0;
  for (int i = 0; i < g->size; i++) {
    uint32_t v = s->cand[gc[i]];
    if (SINGLE(v)) {
      if (used & v) return 0;
      used |= v;
      rem -= nn_ctz(v) + 1;
    } else {
      open[k++] = gc[i];
      uni |= v;
    }
  }
  if (k == 0) return rem == 0;
  uni &= ~used;
  uint32_t allowed = 0, must = r->all;
  if (sum->ncombos >= 0) {
    for (long t = 0; t < sum->ncombos; t++) {
      uint32_t c = sum->combo[t];
      if ((c & used) != used) continue;
      uint32_t rest = c & ~used;
      if (rest & ~uni) continue;
      int fits = 1;
      for (int i = 0; i < k && fits; i++) fits = (s->cand[open[i]] & rest) != 0;
      if (!fits) continue;
      allowed |= rest;
      must &= rest;
    }
  } else {
    /* bounds: d fits when the other k-1 cells can make rem - d */
    must = 0;
    for (uint32_t m = uni; m; m &= m - 1) {
      int d = nn_ctz(m) + 1;
      uint32_t others = uni & ~(1u << (d - 1));
      int lo = low_sum(others, k - 1), hi = high_sum(others, k - 1);
      if (lo >= 0 && rem - d >= lo && rem - d <= hi) allowed |= 1u << (d - 1);
    }
  }
  if (!allowed) return 0;
  for (int i = 0; i < k; i++)
    if (!elim(x, s, open[i], ~allowed & r->all)) return 0;
  if (k == 2) {
    /* exact: a's digit d needs rem - d in b, and a different one */
    for (int i = 0; i < 2; i++) {
      uint32_t mine = s->cand[open[i]], other = s->cand[open[1 - i]], ok = 0;
      for (uint32_t m = mine; m; m &= m - 1) {
        int d = nn_ctz(m) + 1, e = rem - d;
        if (e >= 1 && e <= r->n && e != d && (other >> (e - 1) & 1))
          ok |= 1u << (d - 1);
      }
      if (!elim(x, s, open[i], mine & ~ok)) return 0;
    }
  }
  /* a digit every set needs, with one place left */
  must &= allowed;
  for (; must; must &= must - 1) {
    uint32_t b = must & -must;
    int where = -1, n = 0;
    for (int i = 0; i < k; i++)
      if (s->cand[open[i]] & b) where = open[i], n++;
    if (n == 0) return 0;
    if (n == 1 && s->cand[where] != b) {
      s->cand[where] = b;
      x->changed = 1;
      x->queue[x->nq++] = (uint16_t)where;
    }
  }
  return 1;
}

/* Hidden singles in every house. 0 on a contradiction. */
static int hidden_singles(vrun *x, vst *s) {
  const vrules *r = x->r;
  for (int h = 0; h < r->nhouses; h++) {
    const uint16_t *hc = r->gcells + r->groups[h].first;
    uint32_t once = 0, twice = 0;
    for (int i = 0; i < r->n; i++) {
      uint32_t v = s->cand[hc[i]];
      twice |= once & v;
      once |= v;
    }
    if (once != r->all) return 0;
    uint32_t single = once & ~twice;
    if (!single) continue;
    for (int i = 0; i < r->n; i++) {
      int c = hc[i];
      uint32_t b = s->cand[c] & single;
      if (!b || s->done[c] || s->cand[c] == b) continue;
      if (!SINGLE(b)) return 0; /* one cell, two digits that need it */
      s->cand[c] = b;
      x->changed = 1;
      x->queue[x->nq++] = (uint16_t)c;
    }
  }
  return 1;
}

/* Locked candidates: a digit that fits only in the cells house a shares
 * with house b leaves the rest of b. 0 on a contradiction. */
static int locked(vrun *x, vst *s) {
  const vrules *r = x->r;
  uint32_t pos[VMAXN];
  int last = -1;
  for (int p = 0; p < r->npairs; p++) {
    const vpair *pr = &r->pairs[p];
    if (pr->a != last) {
      const uint16_t *ac = r->gcells + r->groups[pr->a].first;
      last = pr->a;
      memset(pos, 0, sizeof pos);
      for (int i = 0; i < r->n; i++) {
        if (s->done[ac[i]]) continue;
        for (uint32_t m = s->cand[ac[i]]; m; m &= m - 1)
          pos[nn_ctz(m)] |= 1u << i;
      }
    }
    uint32_t digits = 0;
    for (int d = 0; d < r->n; d++)
      if (pos[d] && !(pos[d] & ~pr->in_b)) digits |= 1u << d;
    if (!digits) continue;
    const uint16_t *out = r->pcells + pr->first;
    for (uint32_t i = 0; i < pr->nout; i++)
      if ((s->cand[out[i]] & digits) && !elim(x, s, out[i], digits)) return 0;
  }
  return 1;
}

/* Propagates until nothing changes. 0 on a contradiction. */
static int propagate(vrun *x, vst *s) {
  const vrules *r = x->r;
  for (;;) {
    while (x->nq) {
      int c = x->queue[--x->nq];
      if (!s->done[c] && !assign(x, s, c)) return 0;
    }
    x->changed = 0;
    for (int k = 0; k < r->nsums; k++)
      if (!sum_prop(x, s, &r->sums[k])) return 0;
    if (x->nq) continue;
    if (s->left == 0) return 1;
    if (!hidden_singles(x, s)) return 0;
    if (x->nq || x->changed) continue;
    if (r->npairs && r->n >= 6) {
      if (!locked(x, s)) return 0;
      if (x->nq || x->changed) continue;
    }
    return 1;
  }
}

static vst *state(vrun *x, int depth) {
  if (depth < x->nst) return &x->st[depth];
  int nc = x->r->ncells;
  vst *st = realloc(x->st, (size_t)(depth + 1) * sizeof *st);
  if (!st) return NULL;
  x->st = st;
  st[depth].cand = malloc((size_t)nc * (sizeof(uint32_t) + 1));
  if (!st[depth].cand) return NULL;
  st[depth].done = (uint8_t *)(st[depth].cand + nc);
  x->nst = depth + 1;
  return &st[depth];
}

static void copy_state(const vrules *r, vst *to, const vst *from) {
  memcpy(to->cand, from->cand, (size_t)r->ncells * (sizeof(uint32_t) + 1));
  to->left = from->left;
}

/* Searches below the state at `depth` (propagated); 1 to stop. */
static int dfs(vrun *x, int depth) {
  const vrules *r = x->r;
  vst *s = &x->st[depth];
  if (s->left == 0) {
    if (x->count++ == 0 && x->s->solution)
      for (int c = 0; c < r->ncells; c++)
        x->s->solution[c] = (uint8_t)(nn_ctz(s->cand[c]) + 1);
    return x->count >= x->s->limit;
  }
  int best = -1, bestn = 99;
  for (int c = 0; c < r->ncells; c++) {
    if (s->done[c]) continue;
    int k = nn_popcount(s->cand[c]);
    if (k < bestn) {
      bestn = k, best = c;
      if (k == 2) break;
    }
  }
  uint32_t m = s->cand[best];
  uint8_t order[VMAXN];
  int no = 0;
  for (; m; m &= m - 1) order[no++] = (uint8_t)nn_ctz(m);
  if (x->s->rng)
    for (int i = no - 1; i > 0; i--) {
      int j = (int)nonet_rng_below(x->s->rng, (uint32_t)i + 1);
      uint8_t t = order[i];
      order[i] = order[j], order[j] = t;
    }
  for (int i = 0; i < no; i++) {
    if (++x->s->nodes > x->s->budget && x->s->budget) {
      x->s->aborted = 1;
      return 1;
    }
    vst *t = state(x, depth + 1);
    if (!t) {
      x->nomem = 1;
      return 1;
    }
    s = &x->st[depth]; /* the array may have moved */
    copy_state(r, t, s);
    t->cand[best] = 1u << order[i];
    x->nq = 0;
    x->queue[x->nq++] = (uint16_t)best;
    if (propagate(x, t) && dfs(x, depth + 1)) return 1;
  }
  return 0;
}

void nonet__v_start(const vrules *r, const uint8_t *cells, uint32_t *cand) {
  for (int c = 0; c < r->ncells; c++)
    cand[c] = cells[c] ? 1u << (cells[c] - 1) : r->all;
}

static long classic_search(vsearch *s, const uint32_t *cand) {
  uint16_t allowed[81];
  unsigned long long guesses = 0;
  for (int c = 0; c < 81; c++) allowed[c] = (uint16_t)cand[c];
  long n = nonet__solve_masks(allowed, s->solution, s->limit, &guesses);
  s->nodes += guesses;
  return n;
}

long nonet__v_search(vsearch *s, const uint32_t *cand) {
  const vrules *r = s->r;
  s->aborted = 0;
  if (r->classic && !s->rng && !s->budget) return classic_search(s, cand);
  vrun x;
  memset(&x, 0, sizeof x);
  x.s = s;
  x.r = r;
  /* a cell enters the queue once, when it comes down to one digit (or
   * on the branch): ncells + 1 places are enough */
  x.queue = malloc(((size_t)r->ncells + 1) * sizeof *x.queue);
  vst *root = x.queue ? state(&x, 0) : NULL;
  long result;
  if (!root) {
    result = NONET_ENOMEM;
    goto out;
  }
  memcpy(root->cand, cand, (size_t)r->ncells * sizeof *cand);
  memset(root->done, 0, (size_t)r->ncells);
  root->left = r->ncells;
  for (int c = 0; c < r->ncells; c++) {
    if (!cand[c]) {
      result = 0;
      goto out;
    }
    if (SINGLE(cand[c])) x.queue[x.nq++] = (uint16_t)c;
  }
  if (propagate(&x, root)) dfs(&x, 0);
  result = x.nomem ? NONET_ENOMEM : x.count;
out:
  for (int d = 0; d < x.nst; d++) free(x.st[d].cand);
  free(x.st);
  free(x.queue);
  return result;
}

long nonet_variant_solve(const nonet_variant *v, const uint8_t *puzzle,
                         uint8_t *solution, long limit,
                         nonet_solve_info *info) {
  if (!v || !v->rules || !puzzle || limit < 1) return NONET_EINVAL;
  const vrules *r = v->rules;
  for (int c = 0; c < r->ncells; c++)
    if (puzzle[c] > r->n) return NONET_EINVAL;
  uint32_t cand[VMAXC];
  nonet__v_start(r, puzzle, cand);
  vsearch s;
  memset(&s, 0, sizeof s);
  s.r = r;
  s.limit = limit;
  s.solution = solution;
  long n = nonet__v_search(&s, cand);
  if (info) info->guesses = s.nodes;
  return n;
}
