/* se_aligned.c: aligned pair exclusion (6.2) and aligned triplet
 * exclusion (7.5), as SE finds them.
 *
 * Base cells: empty cells (row-major) with two or more candidates, no
 * peer reduced to a single candidate, and at least one "excluder": a peer
 * with 2 (pairs) or 2..3 (triplets) candidates. For each pair of base
 * cells (i < j, j outer), and for triplets each third base cell among the
 * excluders of the first two (first cell's excluders, then the second's),
 * with at least two excluders common to all: a combination of digits for
 * the base cells is impossible when two cells that see each other get the
 * same digit, or when an excluder's candidates are all used. A digit that
 * no possible combination gives to a base cell goes from that cell. */
#include "se.h"

typedef struct al_base {
  int n;
  uint8_t cell[81];
  nn_bb exc[81];             /* excluders of each base cell */
  uint8_t bexc_list[81][20]; /* the excluders that are base cells */
  uint8_t nbexc[81];
  nn_bb is_base;
  int8_t index[81]; /* base index of a cell, or -1 */
} al_base;

static void find_bases(const se_grid *g, int degree, al_base *b) {
  nn_bb single = {0, 0}, x = {0, 0}; /* one candidate; 2..degree */
  for (int c = 0; c < 81; c++) {
    int n = se_ncand(g, c);
    if (n == 1)
      bb_set(&single, c);
    else if (n >= 2 && n <= degree)
      bb_set(&x, c);
  }
  b->n = 0;
  b->is_base.lo = b->is_base.hi = 0;
  memset(b->index, -1, sizeof b->index);
  for (int c = 0; c < 81; c++) {
    if (se_ncand(g, c) < 2) continue;
    nn_bb exc = bb_and(SE_PEER_BB[c], x);
    if (bb_empty(exc) || !bb_empty(bb_and(SE_PEER_BB[c], single))) continue;
    b->cell[b->n] = (uint8_t)c;
    b->exc[b->n] = exc;
    b->index[c] = (int8_t)b->n;
    bb_set(&b->is_base, c);
    b->n++;
  }
  /* the excluders that are bases, in peer order */
  for (int i = 0; i < b->n; i++) {
    nn_bb be = bb_and(b->exc[i], b->is_base);
    int n = 0;
    if (!bb_empty(be))
      for (int k = 0; k < 20; k++)
        if (bb_has(be, SE_PEERS[b->cell[i]][k]))
          b->bexc_list[i][n++] = SE_PEERS[b->cell[i]][k];
    b->nbexc[i] = (uint8_t)n;
  }
}

/* Collects the candidate sets of the excluders in `exc` that lie within
 * `digits` (the base cells' candidates): a set with another digit never
 * locks a combination. A set met twice is kept twice: what the sets
 * forbid is a union. */
static int excluder_sets(const se_grid *g, nn_bb exc, unsigned digits,
                         uint16_t *sets) {
  int n = 0;
  while (!bb_empty(exc)) {
    uint16_t m = g->cand[bb_pop(&exc)];
    if (!(m & ~digits)) sets[n++] = m;
  }
  return n;
}

/* At least two cells on a board. */
static int two_or_more(nn_bb b) { return bb_many(b); }

static int emit(const se_grid *g, const int *cells, const unsigned *allow,
                int n, se_acc *acc) {
  unsigned any = 0;
  for (int i = 0; i < n; i++) any |= g->cand[cells[i]] & ~allow[i];
  if (!any) return 0;
  se_hint h;
  se_hint_clear(&h);
  h.tech = n == 2 ? SE_T_APE : SE_T_ATE;
  h.diff = nonet__se_diff(h.tech);
  for (int i = 0; i < n; i++)
    h.elim[cells[i]] = (uint16_t)(g->cand[cells[i]] & ~allow[i]);
  return acc->add(acc, &h);
}

/* Cells that see two cells of `s` or more. */
static nn_bb see_two(nn_bb s) {
  nn_bb one = {0, 0}, two = {0, 0};
  while (!bb_empty(s)) {
    nn_bb p = SE_PEER_BB[bb_pop(&s)];
    two = bb_or(two, bb_and(one, p));
    one = bb_or(one, p);
  }
  return two;
}

/* The cells before c (row-major). */
static nn_bb before(int c) { return bb_below(c); }

/* `fresh`, `changed`: when not NULL, only the pairs with a fresh cell
 * (changed, or a new base) or a changed common excluder are looked at
 * (nonet__se_ape_cached). */
static int pairs(const se_grid *g, const al_base *b, const nn_bb *fresh,
                 const nn_bb *changed, se_acc *acc) {
  for (int j = 1; j < b->n; j++) {
    /* the bases before it with two common excluders or more */
    nn_bb partners =
        bb_and(bb_and(see_two(b->exc[j]), b->is_base), before(b->cell[j]));
    while (!bb_empty(partners)) {
      int i = b->index[bb_pop(&partners)];
      nn_bb common = bb_and(b->exc[i], b->exc[j]);
      if (fresh && !bb_has(*fresh, b->cell[i]) && !bb_has(*fresh, b->cell[j]) &&
          bb_empty(bb_and(common, *changed)))
        continue;
      uint16_t sets[20];
      int cells[2] = {b->cell[i], b->cell[j]};
      unsigned c0 = g->cand[cells[0]], c1 = g->cand[cells[1]];
      int nsets = excluder_sets(g, common, c0 | c1, sets);
      int see = se_sees(cells[0], cells[1]);
      unsigned allow[2] = {0, 0};
      for (unsigned m0 = c0; m0; m0 &= m0 - 1) {
        unsigned b0 = m0 & -m0, forb = see ? b0 : 0;
        /* an excluder holding b0 and one other digit forbids that digit */
        for (int k = 0; k < nsets; k++) {
          unsigned rest = sets[k] & ~b0;
          if (rest != sets[k] && pc9(rest) == 1) forb |= rest;
        }
        unsigned ok1 = c1 & ~forb;
        if (ok1) {
          allow[0] |= b0;
          allow[1] |= ok1;
        }
      }
      if (emit(g, cells, allow, 2, acc)) return 1;
    }
  }
  return 0;
}

/* What changed since a scan of the triplets that found nothing (see
 * nonet__se_ate_cached): the cells whose candidates changed, those whose
 * being an excluder (2 or 3 candidates) changed, and the base cells that
 * were not bases then. */
typedef struct ate_delta {
  nn_bb changed, xchanged, newbase;
} ate_delta;

/* Whether a triplet of clean cells (with candidates `u`) whose common
 * excluders are `common` must be looked at again. Its verdict (nothing
 * to remove) can change only with more locked combinations: an excluder
 * set within u that is new or smaller, that is a changed common excluder
 * with candidates within u (a set with another digit locks nothing).
 * And the triplet may be new to SE, not seen last time: when fewer than
 * two of its common excluders were excluders then. */
static int ate_dirty(const se_grid *g, const ate_delta *dl, nn_bb common,
                     unsigned u) {
  nn_bb moved = bb_and(common, dl->changed);
  if (bb_empty(moved)) return 0;
  if (!two_or_more(bb_andn(common, dl->xchanged))) return 1;
  while (!bb_empty(moved))
    if (!(g->cand[bb_pop(&moved)] & ~u)) return 1;
  return 0;
}

/* What a pair (c0, c1) allows of a third cell: a triplet can remove
 * something only when the third cell's candidates lie within one of the
 * masks written to `need`, or meet `*meet`. Returns how many masks.
 *
 * The bound supposes that the third cell sees both and has all the
 * pair's common excluders: that locks a superset of the triplet's
 * combinations. With b0 and b1 given, the digits b2 may not take are
 * K(b0, b1): b0, b1, and x for each excluder set within {b0, b1, x} (all
 * of them when a set lies within {b0, b1}, or when b0 = b1 in cells that
 * see each other). Removing b0 from c0 needs the third cell's candidates
 * within the meet of K(b0, .), removing b1 from c1 within the meet of
 * K(., b1), and removing z from the third cell needs z in the meet of all
 * K. */
static int pair_need(const se_grid *g, nn_bb common01, unsigned cand0,
                     unsigned cand1, int s01, uint16_t *need, unsigned *meet) {
  uint16_t sets[20];
  int nsets = 0, nn = 0;
  unsigned u01 = cand0 | cand1;
  while (!bb_empty(common01)) {
    unsigned m = g->cand[bb_pop(&common01)], out = m & ~u01;
    if (!(out & (out - 1)))
      sets[nsets++] = (uint16_t)m; /* at most one digit more */
  }
  unsigned n1[9], all = 0x1ff;
  for (unsigned m1 = cand1; m1; m1 &= m1 - 1) n1[nn_ctz(m1)] = 0x1ff;
  for (unsigned m0 = cand0; m0; m0 &= m0 - 1) {
    unsigned b0 = m0 & -m0, n0 = 0x1ff;
    for (unsigned m1 = cand1; m1; m1 &= m1 - 1) {
      unsigned b1 = m1 & -m1, two = b0 | b1, k = two;
      if (s01 && b0 == b1) k = 0x1ff;
      for (int i = 0; i < nsets && k != 0x1ff; i++) {
        unsigned rest = sets[i] & ~two;
        if (!rest)
          k = 0x1ff;
        else if (!(rest & (rest - 1)))
          k |= rest;
      }
      n0 &= k;
      n1[nn_ctz(b1)] &= k;
    }
    all &= n0;
    if (n0 & (n0 - 1)) need[nn++] = (uint16_t)n0; /* a third cell has 2+ */
  }
  for (unsigned m1 = cand1; m1; m1 &= m1 - 1) {
    unsigned k = n1[nn_ctz(m1)];
    if (k & (k - 1)) need[nn++] = (uint16_t)k;
  }
  *meet = all;
  return nn;
}

static int third_may_count(unsigned cand2, const uint16_t *need, int nn,
                           unsigned meet) {
  if (cand2 & meet) return 1;
  for (int i = 0; i < nn; i++)
    if (!(cand2 & ~need[i])) return 1;
  return 0;
}

/* `dl`: when not NULL, triplets whose verdict cannot have changed since
 * a scan that found nothing are skipped. */
static int triplets(const se_grid *g, const al_base *b, const ate_delta *dl,
                    se_acc *acc) {
  /* per base cell, what the pair filter below asks: 1 the cell is fresh,
   * 2 an excluder changed, 8 an excluder is a fresh base */
  uint8_t fl[81];
  nn_bb fresh = {0, 0};
  if (dl) {
    fresh = bb_or(dl->changed, dl->newbase);
    nn_bb fbase = bb_and(fresh, b->is_base);
    for (int i = 0; i < b->n; i++) {
      int c = b->cell[i];
      fl[i] = (uint8_t)(bb_has(fresh, c) |
                        !bb_empty(bb_and(b->exc[i], dl->changed)) << 1 |
                        !bb_empty(bb_and(b->exc[i], fbase)) << 3);
    }
  }
  for (int j = 1; j < b->n; j++) {
    int c1 = b->cell[j];
    /* the bases before c1 with two common excluders or more */
    nn_bb partners = bb_and(bb_and(see_two(b->exc[j]), b->is_base), before(c1));
    while (!bb_empty(partners)) {
      int c0 = bb_pop(&partners), i = b->index[c0];
      /* clean cells, no changed common excluder, no fresh third */
      if (dl && !((fl[i] | fl[j]) & 9) && !((fl[i] & fl[j]) & 2)) continue;
      nn_bb common01 = bb_and(b->exc[i], b->exc[j]);
      unsigned cand0 = g->cand[c0], cand1 = g->cand[c1];
      /* in a pair of clean cells, a triplet is looked at again when its
       * third cell is fresh or one of its common excluders changed */
      int pair_dirty = !dl || bb_has(fresh, c0) || bb_has(fresh, c1);
      nn_bb moved = {0, 0};
      if (!pair_dirty) moved = bb_and(common01, dl->changed);
      /* the third cells: excluders of c0 or c1 that are bases, with two
       * common excluders or more */
      nn_bb thirds = bb_and(bb_or(b->exc[i], b->exc[j]), b->is_base);
      if (!pair_dirty) {
        nn_bb near = bb_and(thirds, fresh), m = moved;
        while (!bb_empty(m)) near = bb_or(near, SE_PEER_BB[bb_pop(&m)]);
        thirds = bb_and(thirds, near);
      }
      if (bb_empty(thirds)) continue;
      thirds = bb_and(thirds, see_two(common01));
      bb_clr(&thirds, c0);
      bb_clr(&thirds, c1);
      if (bb_empty(thirds)) continue;
      /* in SE's order: excluders of c0, then of c1 */
      int tail[40], nt = 0;
      for (int k = 0; k < b->nbexc[i]; k++)
        if (bb_has(thirds, b->bexc_list[i][k])) tail[nt++] = b->bexc_list[i][k];
      for (int k = 0; k < b->nbexc[j]; k++) {
        int c = b->bexc_list[j][k];
        if (bb_has(thirds, c) && !bb_has(b->exc[i], c)) tail[nt++] = c;
      }
      int s01 = se_sees(c0, c1);
      uint16_t need[18];
      unsigned meet;
      int nneed = pair_need(g, common01, cand0, cand1, s01, need, &meet);
      if (!nneed && !meet) continue; /* no third cell can make it count */
      for (int t = 0; t < nt; t++) {
        int c2 = tail[t];
        if (!third_may_count(g->cand[c2], need, nneed, meet)) continue;
        nn_bb common = bb_and(common01, b->exc[b->index[c2]]);
        if (!pair_dirty && !bb_has(fresh, c2) &&
            !ate_dirty(g, dl, common, cand0 | cand1 | g->cand[c2]))
          continue;
        uint16_t sets[20];
        unsigned cand2 = g->cand[c2];
        int nsets = excluder_sets(g, common, cand0 | cand1 | cand2, sets);
        int cells[3] = {c0, c1, c2};
        int s02 = se_sees(c0, c2), s12 = se_sees(c1, c2);
        unsigned allow[3] = {0, 0, 0};
        for (unsigned m0 = cand0; m0; m0 &= m0 - 1) {
          unsigned b0 = m0 & -m0;
          /* an excluder e locks (b0, b1, b2) when e is within them: with
           * b0 given, e minus b0 of one digit a kills b1 = a and forbids
           * b2 = a otherwise; of two digits {a, b} it forbids b2 = b when
           * b1 = a and b2 = a when b1 = b */
          unsigned dead = 0, forb_all = 0;
          uint16_t pair_forb[9] = {0};
          for (int k = 0; k < nsets; k++) {
            unsigned rest = sets[k] & ~b0;
            int n = pc9(rest);
            if (n == 1) {
              dead |= rest;
              forb_all |= rest;
            } else if (n == 2) {
              unsigned a = rest & -rest, z = rest & ~a;
              pair_forb[nn_ctz(a)] |= (uint16_t)z;
              pair_forb[nn_ctz(z)] |= (uint16_t)a;
            }
          }
          if (s02) forb_all |= b0;
          for (unsigned m1 = cand1 & ~dead & ~(s01 ? b0 : 0); m1;
               m1 &= m1 - 1) {
            unsigned b1 = m1 & -m1;
            unsigned forb = forb_all | pair_forb[nn_ctz(b1)] | (s12 ? b1 : 0);
            unsigned ok2 = cand2 & ~forb;
            if (ok2) {
              allow[0] |= b0;
              allow[1] |= b1;
              allow[2] |= ok2;
            }
          }
          if (allow[0] == cand0 && allow[1] == cand1 && allow[2] == cand2)
            break;
        }
        if (emit(g, cells, allow, 3, acc)) return 1;
      }
    }
  }
  return 0;
}

int nonet__se_aligned(const se_grid *g, int degree, se_acc *acc) {
  al_base b;
  find_bases(g, degree, &b);
  if (b.n < degree) return 0;
  return degree == 2 ? pairs(g, &b, NULL, NULL, acc)
                     : triplets(g, &b, NULL, acc);
}

/* Aligned pair exclusion remembering the last grid on which it found
 * nothing. A pair's verdict depends only on its cells' candidates and
 * those of its common excluders (cells seeing both with 2 candidates):
 * when none of them changed and both cells were bases then, it still
 * removes nothing. (A new common excluder is a changed cell.) */
int nonet__se_ape_cached(se_ate_cache *cache, const se_grid *g, se_acc *acc) {
  al_base b;
  nn_bb changed = {0, 0}, fresh;
  int use = cache->valid;
  if (use)
    for (int c = 0; c < 81; c++)
      if (cache->cand[c] != g->cand[c]) bb_set(&changed, c);
  memcpy(cache->cand, g->cand, sizeof cache->cand);
  cache->valid = 0;
  find_bases(g, 2, &b);
  fresh = bb_or(changed, bb_andn(b.is_base, cache->base));
  cache->base = b.is_base;
  if (b.n < 2) {
    cache->valid = 1;
    return 0;
  }
  int r =
      use ? pairs(g, &b, &fresh, &changed, acc) : pairs(g, &b, NULL, NULL, acc);
  cache->valid = !r; /* the scan ran to the end only when nothing was found */
  return r;
}

/* Aligned triplet exclusion remembering the last grid on which it found
 * nothing. A triplet's verdict depends only on its cells' candidates,
 * the candidates of its common excluders (the cells seeing all three
 * with 2 or 3 candidates) and which cells see each other. Since the
 * last scan, a triplet whose cells were bases then and kept their
 * candidates still removes nothing unless a common excluder changed
 * (see ate_dirty): only the others are looked at (in SE's order). */
int nonet__se_ate_cached(se_ate_cache *cache, const se_grid *g, se_acc *acc) {
  al_base b;
  ate_delta dl;
  int use = cache->valid;
  if (use) {
    memset(&dl, 0, sizeof dl);
    for (int c = 0; c < 81; c++)
      if (cache->cand[c] != g->cand[c]) {
        bb_set(&dl.changed, c);
        int was = pc9(cache->cand[c]), now = pc9(g->cand[c]);
        if ((was >= 2 && was <= 3) != (now >= 2 && now <= 3))
          bb_set(&dl.xchanged, c);
      }
  }
  memcpy(cache->cand, g->cand, sizeof cache->cand);
  cache->valid = 0;
  find_bases(g, 3, &b);
  if (use) dl.newbase = bb_andn(b.is_base, cache->base);
  cache->base = b.is_base;
  if (b.n < 3) {
    cache->valid = 1;
    return 0;
  }
  int r = triplets(g, &b, use ? &dl : NULL, acc);
  /* the scan ran to the end only when nothing was found */
  cache->valid = !r;
  return r;
}
