/* solve.c: the variant solver. Candidates are bitmasks; propagation
 * repeats, until nothing changes: naked singles (a placed digit leaves
 * every peer: houses, cages, knight and king relations; nonconsecutive
 * neighbours lose the digits next to it), sums (the digit sets of each
 * cage and 45-rule rest that still fit, exact for two open cells, by
 * bounds when a sum has too many sets; a cage's sets hold too the digits
 * a house can put only in its cells; for innies and outies across
 * houses, whose digits may repeat, the digits that leave the other cells
 * a reachable rest), hidden singles in every house,
 * and locked candidates between houses that share cells. The search
 * branches, copying the state, on a cage that has two digit sets left
 * (one branch each), else on a cell with the fewest candidates per
 * contradiction seen around it. */
#include <stdlib.h>
#include <string.h>

#include "core/bits.h"
#include "solver/solver.h"
#include "variant.h"

/* What a contradiction found by a sum adds to its weight (a house's
 * adds 1 to a house; houses start at 1, sums at 0): a cage's or a
 * house's rest's, and one whose digits may repeat (innies, outies, innies
 * less outies). Measured on killers, branches to a proof: 350 hard ones
 * 663k with 8 and 8, 578k with 4 and 8 (722k with 1 and 8, 663k with 4
 * and 4); the 5 first of Mathemagic's 2.13M -> 1.53M. */
#define SUM_FAIL_WEIGHT 4
#define LIN_FAIL_WEIGHT 8
/* What a digit of the branching cell that fails at once adds to that
 * cell's weight (as the Interactive Sudoku Solver's conflict scores
 * count the cell tried), beside the weight of what failed. Branches,
 * first solutions / proofs: Mathemagic's 14 killers 4.74M / 7.88M ->
 * 3.87M / 6.56M, 350 hard killers 282k / 594k -> 253k / 541k, 100
 * Diagonal anti-knight 9x9 244k / 547k -> 217k / 508k (1: less, 4 and
 * 8 not more). Not for the generator's searches, whose puzzles stay
 * those of their seeds. */
#define DECISION_FAIL_WEIGHT 2
/* Locked candidates pay from this size up (below, branching is cheaper
 * than looking for them at every node). */
#define LOCKED_MIN_SIZE 4
/* The same for complete all-different filtering of houses. */
#define HALL_MIN_SIZE 16
/* Rules of this size and up (without sums) are searched by learn.c, when
 * counting to this many solutions at most. */
#define LEARN_MIN_SIZE 25
#define LEARN_MAX_LIMIT 10000
/* Killers: branches of the depth-first search before learn.c takes over.
 * With innies less outies (rules.c) the depth-first search proves the 14
 * hardest known killers in 30 s where handing over at 100,000 branches
 * took 38 s (the most any of them takes is 1.6 million); the hand-over
 * stays for killers worse than those. */
#define HANDOVER_BRANCHES 2000000
/* ... on a 9x9 and smaller; larger killers hand over after
 * HANDOVER_BRANCHES * 81^2 / cells^2 (633,000 on a 12x12, 200,000 on a 16x16,
 * 33,600 on a 25x25, where a branch costs about 80 us and learn.c proved a
 * cages-only killer unique in 3.5 s that took the depth-first search 247,000
 * branches and 23 s). */
#define HANDOVER_KILLER_CELLS 81ull
/* Rules without sums below LEARN_MIN_SIZE: the same hand-over, sooner,
 * after HANDOVER_PLAIN / cells^2 branches (99,000 on a 9x9, 31,000 on a
 * 12x12, 9,900 on a 16x16: a branch costs more, and learn.c gains more,
 * the larger the grid). The depth-first search decides nearly all of
 * them within a few thousand branches, but meets subtrees without a
 * solution it does not leave: an empty 16x16 windoku ran for minutes
 * where learn.c takes 8 ms (its conflicts' clauses send it elsewhere);
 * an empty 9x9 with diagonals and anti-knight takes the depth-first
 * search 16,800 branches (23 ms) and learn.c 270 ms. */
#define HANDOVER_PLAIN 650000000ull
/* Families of pairs per house for locked candidates (see families()). */
#define MAX_FAMILIES 8

typedef struct vst {
  uint32_t *cand; /* r->ncells masks */
  uint8_t *done;  /* the digit was taken from the peers */
  int left;       /* cells not done */
} vst;

/* Sets of houses or sums (bits) whose cells changed since they were last
 * looked at. */
typedef struct dirty {
  uint64_t *w;
  int words;
  int any;
} dirty;

typedef struct vrun {
  vsearch *s;
  const vrules *r;
  long count;
  int nomem;
  uint16_t *queue; /* cells that became single and are not done */
  int nq;
  dirty houses, sums, locked, hall; /* to look at again */
  uint32_t digits;                  /* digits removed somewhere */
  dirty near;    /* cells whose candidates changed: their nonconsecutive
                    neighbours to look at again */
  int fail_cell; /* where the last contradiction showed (or -1) */
  int fail_sum;
  int fail_house;
  vst *st; /* states by depth */
  int nst;
  uint32_t *stamp; /* per cell: == tick when in the group looked at */
  uint32_t tick;
  /* What a sum's needed digit took from the houses around its places:
   * valid below the node that did it (cand only shrink on the way down),
   * named by its depth and number. */
  struct pointed {
    uint64_t houses;
    uint32_t node;
    int depth;
  } * pointed;       /* nsums * n, NULL without house masks */
  uint32_t *node_at; /* per depth: the number of the node there now */
  /* per house, then per digit for fish: the matching found last */
  uint8_t *hint;
  uint8_t *family; /* per pair */
  uint32_t *pin;   /* per pair: the shared cells' digits (scratch) */
  uint32_t nodes;
  int depth;
  /* per cell, sums.words words: the sums that hold it */
  uint64_t *sum_mask;
  /* per cell (dom/wdeg): what the failures seen in its houses and sums
   * weigh (houses start at 1) */
  uint32_t *cell_weight;
  /* per cell: its digit in the state with the fewest cells left seen so
   * far (0: none), tried first when it branches there again; and how
   * many cells that state left */
  uint32_t *saved;
  int deepest;
  /* the search orders its branches itself (the generator's searches ask
   * for an order of digits: a random one, or a known grid's first) */
  int own_order;
  /* cages' sets filtered by the digits houses need in them (house_needs())
   * too: not for the generator's searches, whose puzzles stay those of
   * their seeds */
  int house_needs;
  /* for it, per sum: the houses its cells are in (needs_house[
   * needs_first[i] ..]), each once; per cell: its cage's sum (or -1) */
  int *needs_first, *needs_house, *cage_at;
} vrun;

#define SINGLE(x) (((x) & ((x)-1)) == 0)

/* Bits in a mask (no popcnt instruction in the portable build). */
NONET_INLINE int pop(uint32_t x) {
  x = x - ((x >> 1) & 0x55555555u);
  x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
  return (int)((((x + (x >> 4)) & 0x0f0f0f0fu) * 0x01010101u) >> 24);
}

NONET_INLINE void mark(dirty *d, int k) {
  d->w[k >> 6] |= 1ull << (k & 63);
  d->any = 1;
}

/* The candidates of cell c changed: its houses and sums are looked at
 * again. */
NONET_INLINE void touched(vrun *x, int c) {
  const vrules *r = x->r;
  if (r->house_mask && r->n < HALL_MIN_SIZE) {
    /* one word of houses */
    x->houses.w[0] |= r->house_mask[c];
    x->locked.w[0] |= r->house_mask[c];
    x->houses.any = x->locked.any = 1;
  } else {
    for (uint32_t j = r->house_first[c]; j < r->house_first[c + 1]; j++) {
      mark(&x->houses, r->cell_houses[j]);
      mark(&x->locked, r->cell_houses[j]);
      if (r->n >= HALL_MIN_SIZE) mark(&x->hall, r->cell_houses[j]);
    }
  }
  if (x->sum_mask) {
    if (x->sums.words == 1) {
      uint64_t m = x->sum_mask[c];
      x->sums.w[0] |= m;
      x->sums.any |= m != 0;
    } else {
      const uint64_t *m = x->sum_mask + (size_t)c * x->sums.words;
      for (int w = 0; w < x->sums.words; w++) x->sums.w[w] |= m[w];
      x->sums.any |= r->sum_first[c] != r->sum_first[c + 1];
    }
  } else {
    for (uint32_t j = r->sum_first[c]; j < r->sum_first[c + 1]; j++)
      mark(&x->sums, r->cell_sums[j]);
  }
  if (r->nonconsec) mark(&x->near, c);
}

/* Sets cell c to the single digit b (a deduction) and queues it. */
NONET_INLINE void set_single(vrun *x, vst *s, int c, uint32_t b) {
  s->cand[c] = b;
  touched(x, c);
  x->queue[x->nq++] = (uint16_t)c;
}

/* Removes the digits m from cell c; 0 when the cell has none left. */
NONET_INLINE int elim(vrun *x, vst *s, int c, uint32_t m) {
  uint32_t v = s->cand[c];
  if (!(v & m)) return 1;
  x->digits |= v & m;
  v &= ~m;
  s->cand[c] = v;
  if (!v) {
    x->fail_cell = c;
    return 0;
  }
  touched(x, c);
  if (SINGLE(v)) x->queue[x->nq++] = (uint16_t)c;
  return 1;
}

/* Takes the single digit of cell c from its peers and neighbours. */
static int assign(vrun *x, vst *s, int c) {
  const vrules *r = x->r;
  uint32_t bit = s->cand[c];
  s->done[c] = 1;
  s->left--;
  /* the peers that hold the digit, found 64 at a time without a branch
   * a peer (whether one does is a coin toss the predictor loses) */
  for (uint32_t j = r->peer_first[c], e = r->peer_first[c + 1]; j < e;
       j += 64) {
    uint32_t n = e - j < 64 ? e - j : 64;
    uint64_t hit = 0;
    for (uint32_t i = 0; i < n; i++)
      hit |= (uint64_t)((s->cand[r->peers[j + i]] & bit) != 0) << i;
    for (; hit; hit &= hit - 1)
      if (!elim(x, s, r->peers[j + nn_ctz64(hit)], bit)) return 0;
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

/* Stamps the places of a digit a sum needs: of the sum's cells, only
 * they hold it (the others are open without it, or hold other digits), so
 * out_of_group() leaves them and clears the rest of a house. */
static void stamp_places(vrun *x, const int *where, int n) {
  if (++x->tick == 0) {
    memset(x->stamp, 0, (size_t)x->r->ncells * sizeof *x->stamp);
    x->tick = 1;
  }
  for (int i = 0; i < n; i++) x->stamp[where[i]] = x->tick;
}

/* Removes b from the cells of house h but those stamped last. */
static int out_of_group(vrun *x, vst *s, int h, uint32_t b) {
  const vrules *r = x->r;
  const uint16_t *hc = r->gcells + r->groups[h].first;
  uint32_t hit = 0; /* the cells to clear, found without a branch a cell */
  for (int i = 0; i < r->n; i++) {
    int c = hc[i];
    hit |= (uint32_t)(((s->cand[c] & b) != 0) & (x->stamp[c] != x->tick)) << i;
  }
  for (; hit; hit &= hit - 1)
    if (!elim(x, s, hc[nn_ctz(hit)], b)) return 0;
  return 1;
}

/* Propagates a sum whose cells may repeat digits (innies or outies of
 * several houses, or innies less outies): a digit stays when the other
 * cells can make up the rest (linear.c), looked at only when the bounds
 * rule something out. 0 on a contradiction. */
static int lin_prop(vrun *x, vst *s, const vsum *sum) {
  const vrules *r = x->r;
  const vgroup *g = &r->groups[sum->group];
  const uint16_t *gc = r->gcells + g->first;
  uint32_t v[64], drop[64];
  for (int i = 0; i < g->size; i++) v[i] = s->cand[gc[i]];
  if (!nonet__v_lin_drops(sum, r->n, g->size, v, 1, drop)) return 0;
  for (int i = 0; i < g->size; i++)
    if (drop[i] && !elim(x, s, gc[i], drop[i])) return 0;
  return 1;
}

/* The digits cage si (a sum) must hold that its sets alone do not say:
 * those whose candidates in some house are all in the cage's cells (the
 * house needs the digit, and only the cage can take it there; a placed
 * cell of the cage counts too, its digit is left to the caller's `used`).
 * The search alone (variant_search dfs), Mathemagic's 14 hardest killers:
 * branches to first solutions 3.73M -> 1.93M, to proofs 6.56M -> 3.56M,
 * CPU 7.7 -> 5.4 s and 13.9 -> 10.0 s; 200 generated with cages of 4-8
 * cells 335k -> 233k and 623k -> 446k branches; tarek's 33 more
 * branches (11.8k -> 14.1k, 26.0k -> 29.9k), up to 40 ms more over the 33.
 * The 45 rule's rests gain nothing from it. */
static uint32_t house_needs(const vrun *x, const vst *s, int si) {
  const vrules *r = x->r;
  uint32_t need = 0;
  for (int i = x->needs_first[si]; i < x->needs_first[si + 1]; i++) {
    const vgroup *h = &r->groups[x->needs_house[i]];
    const uint16_t *hc = r->gcells + h->first;
    uint32_t in = 0, out = 0;
    for (int t = 0; t < h->size; t++) {
      uint32_t v = s->cand[hc[t]];
      if (x->cage_at[hc[t]] == si)
        in |= v;
      else
        out |= v;
    }
    need |= in & ~out;
  }
  return need;
}

/* Propagates one sum. 0 on a contradiction. */
static int sum_prop(vrun *x, vst *s, const vsum *sum) {
  const vrules *r = x->r;
  if (sum->ncombos == VS_LINEAR) return lin_prop(x, s, sum);
  const vgroup *g = &r->groups[sum->group];
  const uint16_t *gc = r->gcells + g->first;
  uint16_t open[VMAXN];
  uint32_t oc[VMAXN]; /* their candidates */
  int k = 0, rem = sum->sum;
  uint32_t used = 0, uni = 0;
  for (int i = 0; i < g->size; i++) {
    uint32_t v = s->cand[gc[i]];
    if (SINGLE(v)) {
      if (used & v) return 0;
      used |= v;
      rem -= nn_ctz(v) + 1;
    } else {
      oc[k] = v;
      open[k++] = gc[i];
      uni |= v;
    }
  }
  if (k == 0) return rem == 0;
  uni &= ~used;
  uint32_t must,
      allowed = nonet__v_sets_fit(sum, r->all, used, uni, oc, k, rem, &must);
  if (!allowed) return 0;
  if (x->house_needs && g->kind == VG_CAGE && k >= 2 && sum->ncombos > 0 &&
      (uni & ~must)) {
    /* the sets must also hold what a house can only put in the cage */
    uint32_t need = house_needs(x, s, (int)(sum - r->sums)) & ~used;
    if (need & ~must) {
      allowed = 0;
      must = r->all;
      nonet__v_sets_fold(sum, 0, need, used, uni, oc, k, &allowed, &must);
      if (!allowed) return 0;
    }
  }
  for (int i = 0; i < k; i++)
    if (!elim(x, s, open[i], ~allowed & r->all)) return 0;
  if (k == 2) {
    /* exact: a's digit d needs rem - d in b, and a different one */
    for (int i = 0; i < 2; i++) {
      uint32_t mine = s->cand[open[i]],
               ok = nonet__v_pair_fit(r->n, rem, mine, s->cand[open[1 - i]]);
      if (!elim(x, s, open[i], mine & ~ok)) return 0;
    }
  }
  /* a digit every set needs: with one place left it goes there; with its
   * places all in one house, it leaves the rest of that house */
  must &= allowed;
  if (!must) return 1;
  for (; must; must &= must - 1) {
    uint32_t b = must & -must;
    /* its places, without a branch a cell, and (with house masks) the
     * houses that hold every one of them */
    int where[VMAXN], n = 0;
    uint64_t common = ~0ull;
    for (int i = 0; i < k; i++) {
      uint64_t has = 0 - (uint64_t)((s->cand[open[i]] & b) != 0);
      where[n] = open[i];
      n += (int)(has & 1);
      if (x->pointed) common &= r->house_mask[open[i]] | ~has;
    }
    if (n == 0) return 0;
    if (n == 1) {
      if (s->cand[where[0]] != b) set_single(x, s, where[0], b);
      continue;
    }
    if (x->pointed) {
      struct pointed *p = &x->pointed[(sum - r->sums) * r->n + nn_ctz(b)];
      uint64_t done = p->depth <= x->depth && x->node_at[p->depth] == p->node
                          ? p->houses /* above, or earlier at this node */
                          : 0;
      if (!(common & ~done)) continue;
      stamp_places(x, where, n);
      for (uint64_t m = common & ~done; m; m &= m - 1)
        if (!out_of_group(x, s, nn_ctz64(m), b)) return 0;
      p->houses = common | done;
      p->node = x->node_at[x->depth];
      p->depth = x->depth;
      continue;
    }
    stamp_places(x, where, n);
    for (uint32_t j = r->house_first[where[0]];
         j < r->house_first[where[0] + 1]; j++) {
      int h = r->cell_houses[j], all = 1;
      for (int i = 1; i < n && all; i++) {
        all = 0;
        for (uint32_t t = r->house_first[where[i]];
             t < r->house_first[where[i] + 1] && !all; t++)
          all = r->cell_houses[t] == h;
      }
      if (all && !out_of_group(x, s, h, b)) return 0;
    }
  }
  return 1;
}

/* Hidden singles in the houses that changed. 0 on a contradiction. */
static int hidden_singles(vrun *x, vst *s) {
  const vrules *r = x->r;
  x->houses.any = 0;
  for (int w = 0; w < x->houses.words; w++)
    for (uint64_t bits = x->houses.w[w]; bits; bits &= bits - 1) {
      int h = w * 64 + nn_ctz64(bits);
      x->houses.w[w] &= ~(1ull << (h & 63));
      const uint16_t *hc = r->gcells + r->groups[h].first;
      uint32_t once = 0, twice = 0, placed = 0;
      for (int i = 0; i < r->n; i++) {
        uint32_t v = s->cand[hc[i]];
        twice |= once & v;
        once |= v;
        placed |= SINGLE(v) ? v : 0;
      }
      if (once != r->all) {
        x->fail_house = h;
        return 0;
      }
      /* (a digit of a single cell is there already) */
      uint32_t single = once & ~twice & ~placed;
      if (!single) continue;
      for (int i = 0; i < r->n; i++) {
        int c = hc[i];
        uint32_t b = s->cand[c] & single;
        if (!b || s->done[c] || s->cand[c] == b) continue;
        if (!SINGLE(b)) return 0; /* one cell, two digits that need it */
        set_single(x, s, c, b);
      }
    }
  return 1;
}

/* Locked candidates: a digit that fits only in the cells house a shares
 * with house b leaves the rest of b (for the houses a that changed).
 * 0 on a contradiction. */
static int locked(vrun *x, vst *s) {
  const vrules *r = x->r;
  x->locked.any = 0;
  int last = -1, skip = 0;
  uint32_t v[VMAXN], full = r->n == 32 ? ~0u : (1u << r->n) - 1;
  uint32_t twice[MAX_FAMILIES];
  for (int p = 0; p < r->npairs; p++) {
    const vpair *pr = &r->pairs[p];
    if (pr->a != last) {
      last = pr->a;
      skip = !(x->locked.w[last >> 6] >> (last & 63) & 1);
      x->locked.w[last >> 6] &= ~(1ull << (last & 63));
      if (skip) continue;
      /* a's cells do not change while its pairs are looked at (what
       * goes is outside a) */
      const uint16_t *ac = r->gcells + r->groups[last].first;
      for (int i = 0; i < r->n; i++) /* 0 when done, without a branch */
        v[i] = s->cand[ac[i]] & ((uint32_t)s->done[ac[i]] - 1);
      /* the shared cells' digits, and per family the digits in two of
       * its parts or more */
      uint32_t once[MAX_FAMILIES];
      for (int f = 0; f < MAX_FAMILIES; f++) once[f] = twice[f] = 0;
      for (int q = p; q < r->npairs && r->pairs[q].a == last; q++) {
        uint32_t in = 0;
        for (uint32_t m = r->pairs[q].in_b; m; m &= m - 1) in |= v[nn_ctz(m)];
        x->pin[q] = in;
        int f = x->family[q];
        if (f < MAX_FAMILIES) {
          twice[f] |= once[f] & in;
          once[f] |= in;
        }
      }
    }
    if (skip) continue;
    /* the digits of the shared cells that no other cell of a holds */
    uint32_t in = x->pin[p], digits;
    if (x->family[p] < MAX_FAMILIES) {
      digits = in & ~twice[x->family[p]];
    } else {
      uint32_t out = 0;
      for (uint32_t m = full & ~pr->in_b; m && (in & ~out); m &= m - 1)
        out |= v[nn_ctz(m)];
      digits = in & ~out;
    }
    if (!digits) continue;
    const uint16_t *rest = r->pcells + pr->first;
    for (uint32_t i = 0; i < pr->nout; i++)
      if ((s->cand[rest[i]] & digits) && !elim(x, s, rest[i], digits)) return 0;
  }
  return 1;
}

/* Sorts the pairs of each house into families whose shared cells part
 * the house (the boxes along a row; the rows, then the columns, of a
 * box): a digit of one part that no other part of its family holds is
 * locked there. Pairs in no such family get MAX_FAMILIES. */
static void families(const vrules *r, uint8_t *family) {
  uint32_t full = r->n == 32 ? ~0u : (1u << r->n) - 1;
  for (int p = 0; p < r->npairs;) {
    int q = p, nf = 0;
    uint32_t uni[MAX_FAMILIES];
    for (; q < r->npairs && r->pairs[q].a == r->pairs[p].a; q++) {
      uint32_t in = r->pairs[q].in_b;
      int f = 0;
      while (f < nf && (uni[f] & in)) f++;
      if (f == nf && nf < MAX_FAMILIES) uni[nf++] = 0;
      if (f < nf) uni[f] |= in;
      family[q] = (uint8_t)f;
    }
    for (int k = p; k < q; k++)
      if (family[k] < MAX_FAMILIES && uni[family[k]] != full)
        family[k] = MAX_FAMILIES;
    p = q;
  }
}

/* One house, all its digits different: a matching of cells to digits;
 * a candidate outside the matching survives only when it lies on an
 * alternating cycle, that is when its digit and the digit matched to its
 * cell are in one strongly connected component of "digit d -> every
 * digit the cell matched to d could take". This removes every candidate
 * that no filling of the house uses (naked and hidden subsets of every
 * size). 0 when the house cannot be filled. */
static int augment(const uint32_t *m, int i, int *cell_of, uint32_t *seen) {
  for (uint32_t a = m[i] & ~*seen; a; a &= a - 1) {
    int d = nn_ctz(a);
    *seen |= 1u << d;
    if (cell_of[d] < 0 || augment(m, cell_of[d], cell_of, seen)) {
      cell_of[d] = i;
      return 1;
    }
  }
  return 0;
}

/* Filters a bipartite graph of n rows and n columns that needs a perfect
 * matching: m[i] holds the columns row i may take; on return `keep[i]`
 * the ones some perfect matching uses (the same whatever matching is
 * found). `hint[i]`, the column row i took last time, starts the
 * matching (Kuhn's augmenting paths finish it) and gets this one's.
 * 0 when there is none. */
static int matching_filter(int n, const uint32_t *m, uint32_t *keep,
                           uint8_t *hint) {
  int cell_of[VMAXN], wait[VMAXN], nwait = 0;
  uint32_t used = 0;
  for (int d = 0; d < n; d++) cell_of[d] = -1;
  for (int i = 0; i < n; i++) {
    uint32_t h = 1u << hint[i];
    if ((m[i] & h) && !(used & h)) {
      used |= h;
      cell_of[hint[i]] = i;
    } else {
      wait[nwait++] = i;
    }
  }
  for (int k = 0; k < nwait; k++) {
    int i = wait[k];
    uint32_t free_ = m[i] & ~used;
    if (free_) {
      used |= free_ & -free_;
      cell_of[nn_ctz(free_)] = i;
      continue;
    }
    uint32_t seen = 0;
    if (!augment(m, i, cell_of, &seen)) return 0;
    used = 0;
    for (int d = 0; d < n; d++)
      if (cell_of[d] >= 0) used |= 1u << d;
  }
  /* Tarjan's components over the digits, iterative, sets as masks */
  uint32_t adj[VMAXN], comp[VMAXN], unseen = 0, onstack = 0;
  int idx[VMAXN], low[VMAXN], stack[VMAXN], calls[VMAXN], sp = 0, cp = 0;
  int counter = 0;
  for (int d = 0; d < n; d++) {
    int i = cell_of[d];
    hint[i] = (uint8_t)d;
    adj[d] = m[i];
    if (SINGLE(adj[d]))
      comp[d] = adj[d]; /* nothing else to reach */
    else
      unseen |= 1u << d;
  }
  while (unseen) {
    int v = nn_ctz(unseen), root = counter;
    unseen &= unseen - 1;
    idx[v] = low[v] = counter++;
    onstack |= 1u << v;
    stack[sp++] = v;
    calls[cp++] = v;
    while (cp) {
      v = calls[cp - 1];
      uint32_t next = adj[v] & unseen;
      if (next) {
        int w = nn_ctz(next);
        unseen &= ~(1u << w);
        idx[w] = low[w] = counter++;
        onstack |= 1u << w;
        stack[sp++] = w;
        calls[cp++] = w;
        continue;
      }
      /* (nothing on the stack is lower than this tree's root) */
      for (uint32_t a = adj[v] & onstack; a && low[v] > root; a &= a - 1) {
        int w = nn_ctz(a);
        if (low[w] < low[v]) low[v] = low[w];
      }
      cp--;
      if (low[v] == idx[v]) {
        uint32_t c = 0;
        int w;
        do {
          w = stack[--sp];
          c |= 1u << w;
        } while (w != v);
        onstack &= ~c;
        for (uint32_t a = c; a; a &= a - 1) comp[nn_ctz(a)] = c;
      } else if (low[v] < low[calls[cp - 1]]) {
        low[calls[cp - 1]] = low[v];
      }
    }
  }
  for (int i = 0; i < n; i++) keep[i] = m[i] & comp[hint[i]];
  return 1;
}

static int hall_house(vrun *x, vst *s, int h) {
  const vrules *r = x->r;
  const uint16_t *hc = r->gcells + r->groups[h].first;
  uint32_t m[VMAXN], keep[VMAXN];
  for (int i = 0; i < r->n; i++) m[i] = s->cand[hc[i]];
  if (!matching_filter(r->n, m, keep, x->hint + (size_t)h * r->n)) {
    x->fail_house = h;
    return 0;
  }
  for (int i = 0; i < r->n; i++)
    if (keep[i] != m[i] && !elim(x, s, hc[i], m[i] & ~keep[i])) return 0;
  return 1;
}

/* Fish of every size: for a digit, the rows and the columns holding it
 * are matched one to one; a place no such matching uses goes. */
static int fish(vrun *x, vst *s) {
  const vrules *r = x->r;
  int n = r->n;
  uint32_t digits = x->digits;
  x->digits = 0;
  /* the rows x columns of every digit at once (what one digit loses
   * here leaves the others' as they are) */
  uint32_t place[VMAXN][VMAXN];
  for (uint32_t d = digits; d; d &= d - 1)
    memset(place[nn_ctz(d)], 0, (size_t)n * sizeof place[0][0]);
  for (int row = 0; row < n; row++)
    for (int c = 0; c < n; c++)
      for (uint32_t m = s->cand[row * n + c] & digits; m; m &= m - 1)
        place[nn_ctz(m)][row] |= 1u << c;
  for (; digits; digits &= digits - 1) {
    uint32_t b = digits & -digits, keep[VMAXN];
    const uint32_t *m = place[nn_ctz(b)];
    uint8_t *hint = x->hint + ((size_t)r->nhouses + nn_ctz(b)) * n;
    if (!matching_filter(n, m, keep, hint)) return 0;
    for (int row = 0; row < n; row++)
      for (uint32_t gone = m[row] & ~keep[row]; gone; gone &= gone - 1)
        if (!elim(x, s, row * n + nn_ctz(gone), b)) return 0;
  }
  return 1;
}

static int hall(vrun *x, vst *s) {
  x->hall.any = 0;
  for (int w = 0; w < x->hall.words; w++)
    for (uint64_t bits = x->hall.w[w]; bits; bits &= bits - 1) {
      int h = w * 64 + nn_ctz64(bits);
      x->hall.w[w] &= ~(1ull << (h & 63));
      if (!hall_house(x, s, h)) return 0;
    }
  return 1;
}

/* The sums whose cells changed. 0 on a contradiction. */
static int sums(vrun *x, vst *s) {
  x->sums.any = 0;
  for (int w = 0; w < x->sums.words; w++)
    for (uint64_t bits = x->sums.w[w]; bits; bits &= bits - 1) {
      int k = w * 64 + nn_ctz64(bits);
      x->sums.w[w] &= ~(1ull << (k & 63));
      if (!sum_prop(x, s, &x->r->sums[k])) {
        x->fail_sum = k;
        return 0;
      }
    }
  return 1;
}

/* Nonconsecutive neighbours of the cells whose candidates changed since
 * they were last looked at (the others would take nothing more), in the
 * order of the cells: a cell after this one that changes on the way is
 * looked at in this pass, one before it in the next (the order a pass
 * over every cell took: the same eliminations, so the same search).
 * 0 on a contradiction. */
static int neighbours(vrun *x, vst *s) {
  const vrules *r = x->r;
  for (int w = 0; w < x->near.words; w++) {
    uint64_t from = ~0ull; /* the places at or after this cell's */
    for (;;) {
      uint64_t bits = x->near.w[w] & from;
      if (!bits) break;
      int b = nn_ctz64(bits), c = w * 64 + b;
      x->near.w[w] &= ~(1ull << b);
      from = (~0ull << b) << 1;
      if (s->done[c]) continue;
      uint32_t forbid = nn_near_forbidden(s->cand[c]);
      if (!forbid) continue;
      for (int k = 0; k < 4; k++) {
        int p = r->orth[c * 4 + k];
        if (p == 0xffff || s->done[p]) continue;
        if ((s->cand[p] & forbid) && !elim(x, s, p, forbid)) return 0;
      }
    }
  }
  x->near.any = 0; /* but for the cells that changed behind the pass */
  for (int w = 0; w < x->near.words; w++) x->near.any |= x->near.w[w] != 0;
  return 1;
}

/* Propagates until nothing changes. 0 on a contradiction. */
static int propagate(vrun *x, vst *s) {
  const vrules *r = x->r;
  int use_locked = r->npairs && r->n >= LOCKED_MIN_SIZE;
  int use_hall = r->n >= HALL_MIN_SIZE;
  for (;;) {
    while (x->nq) {
      int c = x->queue[--x->nq];
      if (!s->done[c] && !assign(x, s, c)) return 0;
    }
    if (x->sums.any) {
      if (!sums(x, s)) return 0;
      continue;
    }
    if (s->left == 0) return 1;
    if (x->houses.any) {
      if (!hidden_singles(x, s)) return 0;
      continue;
    }
    if (r->nonconsec && x->near.any) {
      if (!neighbours(x, s)) return 0;
      continue;
    }
    if (use_locked && x->locked.any) {
      if (!locked(x, s)) return 0;
      continue;
    }
    if (use_hall && x->hall.any) {
      if (!hall(x, s)) return 0;
      continue;
    }
    if (use_hall && x->digits) {
      if (!fish(x, s)) return 0;
      continue;
    }
    return 1;
  }
}

/* Clears a dirty set, or marks all of its `count` items (at the root). */
static void reset_dirty(dirty *d, int count) {
  memset(d->w, 0, (size_t)d->words * sizeof *d->w);
  for (int k = 0; k < count; k++) mark(d, k);
  d->any = count > 0;
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

/* The cell to branch on in a propagated state with cells left: the
 * fewest candidates per contradiction seen in its houses (dom/wdeg: the
 * search learns where the puzzle is tight). */
static int choose(const vrun *x, const vst *s) {
  const vrules *r = x->r;
  int best = -1, bestn = 99;
  uint32_t bestw = 1;
  for (int c = 0; c < r->ncells; c++) {
    if (s->done[c]) continue;
    int k = pop(s->cand[c]);
    uint32_t w = x->cell_weight[c];
    if ((uint64_t)k * bestw < (uint64_t)bestn * w)
      bestn = k, bestw = w, best = c;
  }
  return best;
}

/* The first cage with exactly two digit sets that still fit (each open
 * cell has a candidate in what the set leaves, as in sum_prop): its
 * index, the sets in sets[0..1]; -1 when no cage has two. Branching on
 * them (the cage holds one or the other) splits a killer's search better
 * than a cell: measured on 100 killers with cages of 4 to 8 cells, 867k
 * -> 633k branches to a second solution (1.93 -> 1.43 s), and on 20
 * others whose hardest took 30,000 branches, 50k -> 14k to a first. */
static int two_set_cage(const vrun *x, const vst *s, uint32_t sets[2]) {
  const vrules *r = x->r;
  for (int si = 0; si < r->nsums; si++) {
    const vsum *sum = &r->sums[si];
    const vgroup *g = &r->groups[sum->group];
    if (sum->ncombos < 2 || g->kind != VG_CAGE) continue;
    const uint16_t *gc = r->gcells + g->first;
    uint32_t oc[VMAXN], used = 0, uni = 0;
    int k = 0, got = 0;
    for (int i = 0; i < g->size; i++) {
      uint32_t v = s->cand[gc[i]];
      if (s->done[gc[i]]) {
        used |= v;
      } else {
        oc[k++] = v;
        uni |= v;
      }
    }
    if (k < 2) continue;
    for (long t = 0; t < sum->ncombos && got < 3; t++)
      if (nonet__v_set_fits(sum->combo[t], used, uni, oc, k) && got++ < 2)
        sets[got - 1] = sum->combo[t];
    if (got == 2) return si;
  }
  return -1;
}

/* The digits of cell c, in digit[], in the order to try them: first the
 * one the fewest of its peers could also take, so that it leaves the
 * others the most room (least constraining value); ties smallest first.
 * A first solution comes sooner; a proof tries them all (its branches
 * change only through the weights that failures leave). Measured on
 * killers with cages of 4 to 8 cells, 200 made from seed 11,
 * the search alone to first solutions 1.15 -> 0.92 s (another 200, 0.44
 * -> 0.42 s; 350 others 0.82 -> 0.66 s; Diagonal anti-knight 9x9 0.28
 * -> 0.21 s). Returns how many. */
static int order_digits(const vrun *x, const vst *s, int c, uint32_t digit[]) {
  const vrules *r = x->r;
  uint32_t mine = s->cand[c];
  uint16_t count[VMAXN], key[VMAXN];
  int no = 0;
  memset(count, 0, sizeof count);
  for (uint32_t j = r->peer_first[c]; j < r->peer_first[c + 1]; j++)
    for (uint32_t m = s->cand[r->peers[j]] & mine; m; m &= m - 1)
      count[nn_ctz(m)]++;
  for (uint32_t m = mine; m; m &= m - 1) {
    uint32_t b = m & -m;
    uint16_t k = count[nn_ctz(b)];
    int i = no++;
    for (; i > 0 && key[i - 1] > k; i--) {
      key[i] = key[i - 1];
      digit[i] = digit[i - 1];
    }
    key[i] = k;
    digit[i] = b;
  }
  return no;
}

static void clear_dirty(vrun *x) {
  x->nq = 0;
  reset_dirty(&x->houses, 0);
  reset_dirty(&x->sums, 0);
  reset_dirty(&x->locked, 0);
  reset_dirty(&x->hall, 0);
  x->digits = 0;
  reset_dirty(&x->near, 0);
}

/* Group g (a house, or a sum's) weighs w more: so do its cells. */
static void add_weight(vrun *x, int g, uint32_t w) {
  const vrules *r = x->r;
  const uint16_t *gc = r->gcells + r->groups[g].first;
  for (int i = 0; i < r->groups[g].size; i++) x->cell_weight[gc[i]] += w;
}

/* The generator's stop, or the caller's cancel (then s->cancelled). */
static int asked_to_stop(vsearch *s) {
  if (s->stop && s->stop(s->stop_ctx)) return 1;
  if (s->cancel && s->cancel(s->cancel_ctx)) return s->cancelled = 1;
  return 0;
}

/* Searches below the state at `depth` (propagated); 1 to stop. */
static int dfs(vrun *x, int depth) {
  const vrules *r = x->r;
  vst *s = &x->st[depth];
  if (s->left == 0) {
    if (x->count++ == 0 && x->s->solution)
      for (int c = 0; c < r->ncells; c++)
        x->s->solution[c] = (uint8_t)(nn_ctz(s->cand[c]) + 1);
    if (x->s->seen)
      for (int c = 0; c < r->ncells; c++) x->s->seen[c] |= s->cand[c];
    if (x->s->other && !x->s->got_other) {
      int differs = 0;
      for (int c = 0; c < r->ncells; c++) {
        x->s->other[c] = (uint8_t)(nn_ctz(s->cand[c]) + 1);
        differs |= x->s->other[c] != x->s->avoid[c];
      }
      x->s->got_other = differs;
    }
    return x->count >= x->s->limit;
  }
  /* the branches: the digits of a cell, or the two digit sets of a cage
   * (not for the generator, whose searches ask for an order of digits:
   * a random one, or a known grid's first; the puzzles it makes from a
   * seed stay the same, and making them took no less time with it) */
  uint32_t digit[VMAXN];
  int no = 0, best = -1, cage = -1;
  if (r->nsums && x->own_order) cage = two_set_cage(x, s, digit);
  if (cage >= 0) {
    no = 2;
  } else {
    best = choose(x, s);
    if (x->own_order)
      no = order_digits(x, s, best, digit);
    else /* set below */
      for (uint32_t m = s->cand[best]; m; m &= m - 1) digit[no++] = m & -m;
    if (x->saved && (s->cand[best] & x->saved[best])) /* it goes first */
      for (int i = no - 1; i > 0; i--)
        if (digit[i] == x->saved[best]) {
          digit[i] = digit[i - 1];
          digit[i - 1] = x->saved[best];
        }
  }
  if (x->s->rng)
    for (int i = no - 1; i > 0; i--) {
      int j = (int)nonet_rng_below(x->s->rng, (uint32_t)i + 1);
      uint32_t t = digit[i];
      digit[i] = digit[j], digit[j] = t;
    }
  if (x->s->prefer)
    for (int i = 1; i < no; i++)
      if (digit[i] == 1u << (x->s->prefer[best] - 1)) {
        digit[i] = digit[0];
        digit[0] = 1u << (x->s->prefer[best] - 1);
      }
  for (int i = 0; i < no; i++) {
    if ((++x->s->nodes > x->s->budget && x->s->budget) ||
        (!(x->s->nodes & 1023) && asked_to_stop(x->s))) {
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
    clear_dirty(x);
    x->depth = depth + 1;
    x->node_at[depth + 1] = ++x->nodes;
    x->fail_cell = x->fail_house = x->fail_sum = -1;
    int ok = 1;
    if (cage >= 0) { /* the cage's open cells keep the set's digits */
      const vgroup *g = &r->groups[r->sums[cage].group];
      const uint16_t *gc = r->gcells + g->first;
      for (int j = 0; j < g->size && ok; j++)
        if (!t->done[gc[j]]) ok = elim(x, t, gc[j], ~digit[i] & r->all);
    } else {
      set_single(x, t, best, digit[i]);
    }
    if (ok && propagate(x, t)) {
      if (x->saved && t->left < x->deepest) {
        x->deepest = t->left;
        for (int c = 0; c < r->ncells; c++)
          if (SINGLE(t->cand[c])) x->saved[c] = t->cand[c];
      }
      if (dfs(x, depth + 1)) return 1;
      continue;
    }
    if (best >= 0 && x->own_order) x->cell_weight[best] += DECISION_FAIL_WEIGHT;
    if (x->fail_sum >= 0) {
      const vsum *f = &r->sums[x->fail_sum];
      add_weight(x, f->group,
                 f->ncombos == VS_LINEAR ? LIN_FAIL_WEIGHT : SUM_FAIL_WEIGHT);
    } else if (x->fail_house >= 0) {
      add_weight(x, x->fail_house, 1);
    } else if (x->fail_cell >= 0) {
      int c = x->fail_cell;
      for (uint32_t j = r->house_first[c]; j < r->house_first[c + 1]; j++)
        add_weight(x, r->cell_houses[j], 1);
    }
  }
  return 0;
}

void nonet__v_start(const vrules *r, const uint8_t *cells, uint32_t *cand) {
  for (int c = 0; c < r->ncells; c++)
    cand[c] = cells[c] ? 1u << (cells[c] - 1) : r->all;
}

/* Whether the candidates `cand` of plain 9x9 rules are a puzzle's (each
 * cell one digit, a given, or all nine), written to `puzzle`: what
 * nonet_solve_until, the classic search with a way out, starts from. */
static int as_puzzle(const vrules *r, const uint32_t *cand,
                     uint8_t puzzle[81]) {
  for (int c = 0; c < 81; c++) {
    if (cand[c] == r->all)
      puzzle[c] = 0;
    else if (cand[c] && SINGLE(cand[c]))
      puzzle[c] = (uint8_t)(nn_ctz(cand[c]) + 1);
    else
      return 0;
  }
  return 1;
}

/* Plain 9x9 rules: the classic solver, from the masks; with the caller's
 * cancel, from `puzzle` (as_puzzle) by nonet_solve_until, which asks it
 * every 1024 branches (the same count; NONET_ESTOPPED, `cancelled` set,
 * when told to stop). */
static long classic_search(vsearch *s, const uint32_t *cand,
                           const uint8_t *puzzle) {
  unsigned long long guesses = 0;
  long n;
  if (s->cancel) {
    nonet_solve_info info = {0};
    n = nonet_solve_until(puzzle, s->solution, s->limit, s->cancel,
                          s->cancel_ctx, &info);
    if (n == NONET_ESTOPPED) s->cancelled = 1;
    guesses = info.guesses;
  } else {
    uint16_t allowed[81];
    for (int c = 0; c < 81; c++) allowed[c] = (uint16_t)cand[c];
    n = nonet__solve_masks(allowed, s->solution, s->limit, &guesses, 0);
  }
  s->nodes += guesses;
  return n;
}

/* Whether the search after the root is learn.c's: asked for, or chosen
 * for rules without sums from LEARN_MIN_SIZE up when counting to at most
 * LEARN_MAX_LIMIT (each solution it finds leaves a clause behind: a
 * count to millions stays with the depth-first search, whose memory does
 * not grow); never for the users of the depth-first search's options.
 * Rules with sums (killers) start with the depth-first search and hand
 * over after HANDOVER_BRANCHES (handover()). */
static int learning_allowed(const vsearch *s) {
  return s->method != VS_DFS && !s->budget && !s->rng && !s->other &&
         !s->seen && !s->prefer && !s->stop;
}

static int use_learning(const vsearch *s) {
  if (!learning_allowed(s)) return 0;
  if (s->method == VS_LEARN) return 1;
  return !s->r->nsums && s->r->n >= LEARN_MIN_SIZE &&
         s->limit <= LEARN_MAX_LIMIT;
}

/* Whether a depth-first search that runs out of a budget of branches
 * (a killer's HANDOVER_BRANCHES, other rules' HANDOVER_PLAIN's share)
 * goes on with learn.c from the root. */
static int handover(const vsearch *s) {
  return s->method == VS_AUTO && learning_allowed(s) &&
         s->limit <= LEARN_MAX_LIMIT;
}

/* Sets up house_needs(): 0 when out of memory (then it is not used).
 * (Cages do not overlap; were a cell in two, the first would count it
 * as outside: a weaker filter, still sound.) */
static int needs_houses(vrun *x) {
  const vrules *r = x->r;
  size_t nh = 0;
  for (int c = 0; c < r->ncells; c++)
    nh += r->house_first[c + 1] - r->house_first[c];
  int *m = malloc(((size_t)r->nsums + 1 + nh + (size_t)r->ncells) * sizeof *m);
  if (!m) return 0;
  x->needs_first = m;
  x->needs_house = m + r->nsums + 1;
  x->cage_at = x->needs_house + nh;
  for (int c = 0; c < r->ncells; c++) x->cage_at[c] = -1;
  int n = 0;
  for (int si = 0; si < r->nsums; si++) {
    x->needs_first[si] = n;
    const vgroup *g = &r->groups[r->sums[si].group];
    if (g->kind != VG_CAGE) continue;
    const uint16_t *gc = r->gcells + g->first;
    for (int i = 0; i < g->size; i++) {
      x->cage_at[gc[i]] = si;
      for (uint32_t j = r->house_first[gc[i]]; j < r->house_first[gc[i] + 1];
           j++) {
        int h = r->cell_houses[j], t = x->needs_first[si];
        while (t < n && x->needs_house[t] != h) t++;
        if (t == n && (size_t)n < nh) x->needs_house[n++] = h;
      }
    }
  }
  x->needs_first[r->nsums] = n;
  return 1;
}

long nonet__v_search(vsearch *s, const uint32_t *cand) {
  const vrules *r = s->r;
  s->aborted = s->cancelled = 0;
  s->got_other = 0;
  /* (a cancel with other masks than a puzzle's, which no caller makes:
   * the search below, which asks it) */
  uint8_t puzzle[81];
  if (r->classic && s->method != VS_LEARN && !s->rng && !s->budget &&
      !s->other && !s->seen && !s->prefer && !s->stop &&
      (!s->cancel || as_puzzle(r, cand, puzzle)))
    return classic_search(s, cand, puzzle);
  vrun x;
  memset(&x, 0, sizeof x);
  x.s = s;
  x.r = r;
  /* a cell enters the queue once, when it comes down to one digit (or
   * on the branch): ncells + 1 places are enough */
  x.queue = malloc(((size_t)r->ncells + 1) * sizeof *x.queue);
  x.houses.words = x.locked.words = (r->nhouses + 63) / 64;
  x.sums.words = (r->nsums + 63) / 64;
  x.hall.words = x.houses.words;
  x.near.words = r->nonconsec ? (r->ncells + 63) / 64 : 0;
  x.houses.w =
      calloc((size_t)(3 * x.houses.words + x.sums.words + x.near.words + 1), 8);
  x.locked.w = x.houses.w ? x.houses.w + x.houses.words : NULL;
  x.hall.w = x.houses.w ? x.locked.w + x.locked.words : NULL;
  x.sums.w = x.houses.w ? x.hall.w + x.hall.words : NULL;
  x.near.w = x.houses.w ? x.sums.w + x.sums.words : NULL;
  x.stamp = calloc((size_t)r->ncells, sizeof *x.stamp);
  x.node_at = calloc((size_t)r->ncells + 2, sizeof *x.node_at);
  x.pin = malloc(((size_t)r->npairs + 1) * (sizeof *x.pin + 1));
  if (x.pin) {
    x.family = (uint8_t *)(x.pin + r->npairs + 1);
    families(r, x.family);
  }
  if (r->n >= HALL_MIN_SIZE)
    x.hint = calloc(((size_t)r->nhouses + r->n) * r->n, 1);
  if (r->house_mask && r->nsums) {
    x.pointed = malloc((size_t)r->nsums * (size_t)r->n * sizeof *x.pointed);
    for (int k = 0; x.pointed && k < r->nsums * r->n; k++)
      x.pointed[k].depth = r->ncells + 1; /* none */
  }
  if (r->nsums) {
    x.sum_mask = calloc((size_t)r->ncells * x.sums.words, sizeof *x.sum_mask);
    for (int c = 0; x.sum_mask && c < r->ncells; c++)
      for (uint32_t j = r->sum_first[c]; j < r->sum_first[c + 1]; j++)
        x.sum_mask[(size_t)c * x.sums.words + r->cell_sums[j] / 64] |=
            1ull << (r->cell_sums[j] & 63);
  }
  x.cell_weight = malloc(((size_t)r->ncells + 1) * sizeof *x.cell_weight);
  /* to a first solution only (counts and proofs try every digit; the
   * generator's searches set their own order) */
  x.own_order = !s->rng && !s->prefer;
  x.house_needs = x.own_order && r->nsums && needs_houses(&x);
  if (s->limit == 1 && x.own_order) {
    x.saved = calloc((size_t)r->ncells + 1, sizeof *x.saved);
    x.deepest = r->ncells;
  }
  for (int c = 0; x.cell_weight && c < r->ncells; c++) /* houses weigh 1 */
    x.cell_weight[c] = r->house_first[c + 1] - r->house_first[c];
  vst *root = x.queue && x.houses.w && x.stamp && x.node_at &&
                      (x.hint || r->n < HALL_MIN_SIZE) && x.pin &&
                      (x.pointed || !r->house_mask || !r->nsums) &&
                      (x.sum_mask || !r->nsums) && x.cell_weight &&
                      (x.saved || s->limit != 1 || !x.own_order)
                  ? state(&x, 0)
                  : NULL;
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
  reset_dirty(&x.houses, r->nhouses);
  reset_dirty(&x.sums, r->nsums);
  reset_dirty(&x.locked, r->nhouses);
  reset_dirty(&x.hall, r->nhouses);
  x.digits = r->all;
  reset_dirty(&x.near, r->nonconsec ? r->ncells : 0);
  if (!propagate(&x, root)) {
    result = 0;
  } else if (root->left > 0 && use_learning(s)) {
    result = nonet__v_learn(s, root->cand);
  } else if (root->left > 0 && handover(s)) {
    /* the root's candidates, kept: the search below may move x.st */
    uint32_t *at_root = malloc((size_t)r->ncells * sizeof *at_root);
    if (!at_root) {
      result = NONET_ENOMEM;
      goto out;
    }
    memcpy(at_root, root->cand, (size_t)r->ncells * sizeof *at_root);
    unsigned long long cells2 = (unsigned long long)r->ncells * r->ncells,
                       killer = HANDOVER_BRANCHES * HANDOVER_KILLER_CELLS *
                                HANDOVER_KILLER_CELLS / cells2;
    if (killer > HANDOVER_BRANCHES) killer = HANDOVER_BRANCHES; /* below 9x9 */
    s->budget = s->nodes + (r->nsums ? killer : HANDOVER_PLAIN / cells2);
    dfs(&x, 0);
    s->budget = 0;
    if (x.nomem) {
      result = NONET_ENOMEM;
    } else if (s->cancelled) {
      result = NONET_ESTOPPED;
    } else if (s->aborted) { /* what it found is found again */
      s->aborted = 0;
      result = nonet__v_learn(s, at_root);
    } else {
      result = x.count;
    }
    free(at_root);
  } else {
    dfs(&x, 0);
    result = x.nomem ? NONET_ENOMEM : s->cancelled ? NONET_ESTOPPED : x.count;
  }
out:
  for (int d = 0; d < x.nst; d++) free(x.st[d].cand);
  free(x.st);
  free(x.queue);
  free(x.houses.w);
  free(x.stamp);
  free(x.node_at);
  free(x.pointed);
  free(x.hint);
  free(x.pin);
  free(x.sum_mask);
  free(x.cell_weight);
  free(x.saved);
  free(x.needs_first);
  return result;
}

long nonet_variant_solve(const nonet_variant *v, const uint8_t *puzzle,
                         uint8_t *solution, long limit,
                         nonet_solve_info *info) {
  return nonet_variant_solve_until(v, puzzle, solution, limit, NULL, NULL,
                                   info);
}

long nonet_variant_solve_until(const nonet_variant *v, const uint8_t *puzzle,
                               uint8_t *solution, long limit,
                               int (*stop)(void *ctx), void *ctx,
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
  s.cancel = stop;
  s.cancel_ctx = ctx;
  long n = nonet__v_search(&s, cand);
  if (info) info->guesses = s.nodes;
  return n;
}
