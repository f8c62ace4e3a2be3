/* rules.c: the rules of a variant compiled for the solver: every group of
 * cells that must differ (houses, cages), each cell's peers (its groups
 * and the relations), the sums (cages; by the 45 rule, what the cages of
 * a house leave, the innies and outies of runs of rows, runs of
 * columns and rectangles of boxes, and innies less outies of growing
 * regions) with their digit sets, and the pairs of
 * houses that share cells (locked candidates). Built once per change of the
 * rules. */
#include <stdlib.h>
#include <string.h>

#include "core/bits.h"
#include "variant.h"

/* Sums with more digit sets than this are propagated by bounds. */
#define COMBO_CAP 4096
/* Innies and outies of more cells than this are not kept (40 generated
 * killers with cages of 4-8 cells, regions of runs and single boxes,
 * proofs of uniqueness: 5.7 s of search with sets of 2 cells at most,
 * 3.2 s with 3, 0.94 s with 4, 0.69 s with 5, 0.74 s with 7, where the
 * published killers' start-up grows). */
#define LIN_MAX 5
/* Sums of innies less outies of more cells than this are not kept, nor
 * those with more than SIGNED_SIDE cells on each side, nor those of more
 * than SIGNED_CAGED cells all in cages (the limits of the Interactive
 * Sudoku Solver's optimizer, but 9 cells; measured on 350 hard killers,
 * branches to a proof: 578k with 6 all caged, 666k with 7, 866k with 5;
 * 883k with one side of 1 cell at most). */
#define SIGNED_MAX 7
#define SIGNED_SIDE 2
#define SIGNED_CAGED 6
/* At most this many of them. */
#define LIN_ROOM 512

void nonet__v_rules_free(vrules *r) {
  if (!r) return;
  for (int s = 0; s < r->nsums; s++) free(r->sums[s].combo);
  free(r->groups);
  free(r->gcells);
  free(r->peer_first);
  free(r->peers);
  free(r->orth);
  free(r->sums);
  free(r->sum_first);
  free(r->cell_sums);
  free(r->house_first);
  free(r->cell_houses);
  free(r->house_mask);
  free(r->pairs);
  free(r->pcells);
  free(r);
}

/* Appends a group; its cells are copied. */
static void add_group(vrules *r, int kind, const uint16_t *cells, int k,
                      int *ncells) {
  vgroup *g = &r->groups[r->ngroups++];
  g->kind = (uint8_t)kind;
  g->size = (uint8_t)k;
  g->first = (uint16_t)*ncells;
  memcpy(r->gcells + *ncells, cells, (size_t)k * sizeof *cells);
  *ncells += k;
}

/* Up to this size, the digit sets of every (count, sum) are listed once
 * from the 2^n sets of digits (cheaper than a walk per sum). */
#define TABLE_MAX_N 12

/* The sets of digits of 1..n grouped by (count, sum): bucket b =
 * count * (top + 1) + sum holds set[start[b] .. start[b + 1]). */
typedef struct combo_table {
  int top; /* n (n + 1) / 2 */
  uint16_t *start;
  uint32_t *set;
} combo_table;

static int table_build(int n, combo_table *t) {
  int top = n * (n + 1) / 2, nb = (n + 1) * (top + 1);
  uint32_t full = 1u << n;
  t->top = top;
  t->start = calloc((size_t)nb + 1, sizeof *t->start);
  t->set = malloc((size_t)full * sizeof *t->set);
  uint16_t *key = malloc((size_t)full * sizeof *key);
  if (!t->start || !t->set || !key) {
    free(key);
    return -1;
  }
  /* a set's key is its smallest digit's (1 more digit, d more sum: top + 1
   * + d) over the key of the rest */
  key[0] = 0;
  t->start[1]++;
  for (uint32_t m = 1; m < full; m++) {
    key[m] = (uint16_t)(key[m & (m - 1)] + top + 2 + nn_ctz(m));
    t->start[key[m] + 1]++;
  }
  for (int b = 0; b < nb; b++) t->start[b + 1] += t->start[b];
  uint16_t *fill = malloc((size_t)nb * sizeof *fill);
  if (!fill) {
    free(key);
    return -1;
  }
  memcpy(fill, t->start, (size_t)nb * sizeof *fill);
  for (uint32_t m = 0; m < full; m++) t->set[fill[key[m]]++] = m;
  free(fill);
  free(key);
  return 0;
}

static int add_sum(vrules *r, const combo_table *t, int group, int sum) {
  vsum *s = &r->sums[r->nsums++];
  const vgroup *g = &r->groups[group];
  s->group = group;
  s->sum = sum;
  s->neg = 0;
  if (t->set) {
    long count = 0;
    const uint32_t *from = NULL;
    if (sum >= 0 && sum <= t->top) {
      int b = g->size * (t->top + 1) + sum;
      from = t->set + t->start[b];
      count = t->start[b + 1] - t->start[b];
    }
    s->ncombos = count;
    s->combo = malloc((size_t)(count ? count : 1) * sizeof *s->combo);
    if (!s->combo) return -1;
    if (count) memcpy(s->combo, from, (size_t)count * sizeof *s->combo);
    return 0;
  }
  s->combo = malloc(COMBO_CAP * sizeof *s->combo);
  if (!s->combo) return -1;
  s->ncombos = nonet__v_combos(r->n, g->size, sum, s->combo, COMBO_CAP);
  if (s->ncombos > COMBO_CAP) {
    free(s->combo);
    s->combo = NULL;
    s->ncombos = -1;
    return 0;
  }
  uint32_t *fit = realloc(s->combo, (size_t)(s->ncombos ? s->ncombos : 1) *
                                        sizeof *s->combo);
  if (fit) s->combo = fit;
  return 0;
}

/* The 45 rule: the cells of a house that the cages inside it leave out
 * add up to what those cages do not. Adds a sum for each such rest. */
static int add_innies(vrules *r, const combo_table *tab, const nonet_variant *v,
                      int *ncells) {
  int n = r->n, total = n * (n + 1) / 2;
  int16_t cage_of[VMAXC];
  memset(cage_of, 0xff, (size_t)r->ncells * sizeof *cage_of);
  for (int c = 0; c < v->ncages; c++)
    for (int i = 0; i < v->cages[c].n; i++)
      cage_of[v->cages[c].cells[i]] = (int16_t)c;
  for (int h = 0; h < r->nhouses; h++) {
    const uint16_t *hc = r->gcells + r->groups[h].first;
    /* the cages met in the house, with how many of their cells it holds;
     * a cage is wholly inside when that is all of them */
    int id[VMAXN], count[VMAXN], slot[VMAXN], nmet = 0;
    int seen = 0, rest_sum = total, nrest = 0;
    uint16_t rest[VMAXN];
    for (int i = 0; i < n; i++) {
      int c = cage_of[hc[i]], j = 0;
      slot[i] = -1;
      if (c < 0) continue;
      while (j < nmet && id[j] != c) j++;
      if (j == nmet) id[nmet] = c, count[nmet++] = 0;
      count[j]++;
      slot[i] = j;
    }
    for (int j = 0; j < nmet; j++)
      if (count[j] == v->cages[id[j]].n) {
        seen = 1;
        rest_sum -= v->cages[id[j]].sum;
      }
    if (!seen) continue;
    for (int i = 0; i < n; i++)
      if (slot[i] < 0 || count[slot[i]] != v->cages[id[slot[i]]].n)
        rest[nrest++] = hc[i];
    if (nrest == 0) continue;
    if (rest_sum < nonet__v_min_sum(n, nrest) ||
        rest_sum > nonet__v_max_sum(n, nrest))
      rest_sum = -1; /* the cages contradict each other: no solution */
    add_group(r, VG_SUM, rest, nrest, ncells);
    if (add_sum(r, tab, r->ngroups - 1, rest_sum) < 0) return -1;
  }
  return 0;
}

/* Whether the k cells share a house (a row, a column or a box, or one
 * of the extra houses: groups 3n .. nhouses-1). */
static int in_one_house(const vrules *r, const nonet_variant *v,
                        const uint16_t *cells, int k) {
  int n = r->n, row = 1, col = 1, box = 1;
  for (int i = 1; i < k; i++) {
    row &= cells[i] / n == cells[0] / n;
    col &= cells[i] % n == cells[0] % n;
    box &= v->region[cells[i]] == v->region[cells[0]];
  }
  if (row || col || box) return 1;
  for (int h = 3 * n; h < r->nhouses; h++) {
    const uint16_t *hc = r->gcells + r->groups[h].first;
    int all = 1;
    for (int i = 0; i < k && all; i++) {
      int found = 0;
      for (int j = 0; j < n && !found; j++) found = hc[j] == cells[i];
      all = found;
    }
    if (all) return 1;
  }
  return 0;
}

/* Adds the sum of the k cells (increasing) unless the same cells have one
 * from `from` on: a sum of digits that differ when they share a house,
 * else a sum whose digits may repeat. */
static int add_derived(vrules *r, const nonet_variant *v,
                       const combo_table *tab, const uint16_t *cells, int k,
                       int sum, int from, int *ncells) {
  for (int s = from; s < r->nsums; s++) {
    const vgroup *g = &r->groups[r->sums[s].group];
    if (g->size == k && r->sums[s].sum == sum &&
        !memcmp(r->gcells + g->first, cells, (size_t)k * sizeof *cells))
      return 0;
  }
  if (in_one_house(r, v, cells, k)) {
    add_group(r, VG_SUM, cells, k, ncells);
    if (sum < nonet__v_min_sum(r->n, k) || sum > nonet__v_max_sum(r->n, k))
      sum = -1; /* the cages contradict each other: no solution */
    return add_sum(r, tab, r->ngroups - 1, sum);
  }
  add_group(r, VG_LIN, cells, k, ncells);
  vsum *s = &r->sums[r->nsums++];
  s->group = r->ngroups - 1;
  s->sum = sum < k || sum > k * r->n ? -1 : sum;
  s->ncombos = VS_LINEAR;
  s->combo = NULL;
  s->neg = 0;
  return 0;
}

/* Adds sum(pos) - sum(neg) = total (np + nn cells, none in both) unless
 * the same is there from `from` on, when it has SIGNED_MAX cells at most
 * and the partial sums stay within 63 (linear.c). */
static int add_signed(vrules *r, const nonet_variant *v, const combo_table *tab,
                      const uint16_t *pos, int np, const uint16_t *neg, int nn,
                      int total, int from, int *ncells) {
  int n = r->n, k = np + nn;
  if (nn == 0) return add_derived(r, v, tab, pos, np, total, from, ncells);
  if (np == 0) return add_derived(r, v, tab, neg, nn, -total, from, ncells);
  if (k > SIGNED_MAX || k * n > 63) return 0;
  uint16_t cells[SIGNED_MAX];
  memcpy(cells, pos, (size_t)np * sizeof *cells);
  memcpy(cells + np, neg, (size_t)nn * sizeof *cells);
  int t = total + (n + 1) * nn; /* each negative d taken as n + 1 - d */
  for (int s = from; s < r->nsums; s++) {
    const vgroup *g = &r->groups[r->sums[s].group];
    if (g->size == k && r->sums[s].neg == nn && r->sums[s].sum == t &&
        !memcmp(r->gcells + g->first, cells, (size_t)k * sizeof *cells))
      return 0;
  }
  add_group(r, VG_LIN, cells, k, ncells);
  vsum *s = &r->sums[r->nsums++];
  s->group = r->ngroups - 1;
  s->sum = t < k || t > k * n ? -1 : t;
  s->ncombos = VS_LINEAR;
  s->combo = NULL;
  s->neg = nn;
  return 0;
}

/* Cell sets as bits, (VMAXC + 63) / 64 words. */
#define RW ((VMAXC + 63) / 64)
typedef struct cellset {
  uint64_t w[RW];
} cellset;

/* What add_outies() knows while it walks the regions. */
typedef struct regions {
  vrules *r;
  const combo_table *tab;
  const nonet_variant *v;
  int *ncells;
  int from, lin_max, words;
  cellset *cage, caged; /* each cage's cells; all of them */
} regions;

/* The cells of s in w words. */
static int count_in(const cellset *s, int w) {
  int k = 0;
  for (int i = 0; i < w; i++) k += nn_popcount64(s->w[i]);
  return k;
}

/* The cells of s, increasing, into out (room enough). */
static int list_in(const cellset *s, int w, uint16_t *out) {
  int k = 0;
  for (int i = 0; i < w; i++)
    for (uint64_t m = s->w[i]; m; m &= m - 1)
      out[k++] = (uint16_t)(i * 64 + nn_ctz64(m));
  return k;
}

/* Whether the cells of s are all in cages. */
static int all_caged(const regions *g, const cellset *s) {
  for (int i = 0; i < g->words; i++)
    if (s->w[i] & ~g->caged.w[i]) return 0;
  return 1;
}

/* The cells of s, increasing, when there are 1 to lin_max of them (else
 * 0). */
static int members(const regions *g, const cellset *s, uint16_t *out) {
  int k = count_in(s, g->words);
  return k < 1 || k > g->lin_max ? 0 : list_in(s, g->words, out);
}

/* Innies and outies of the region `in`, `houses` whole houses: the cells
 * that the cages inside it leave out (innies) add up to the region's
 * total less those cages', and, when every cell of the region is in a
 * cage, the cells that the cages crossing its edge hold outside it
 * (outies) add up to those cages' sums less the innies'. Each set of
 * lin_max cells or fewer becomes a sum (a single house's innies are
 * add_innies'). */
static int one_region(regions *g, const cellset *in, int houses) {
  vrules *r = g->r;
  const nonet_variant *v = g->v;
  int n = r->n, W = g->words;
  int sum_in = n * (n + 1) / 2 * houses, sum_cross = 0;
  cellset innies = *in, outies = {{0}};
  uint16_t cells[LIN_MAX];
  for (int c = 0; c < v->ncages; c++) {
    const cellset *k = &g->cage[c];
    uint64_t meet = 0, out = 0;
    if (W <= 2) { /* up to 11x11 */
      meet = (k->w[0] & in->w[0]) | (k->w[1] & in->w[1]);
      out = (k->w[0] & ~in->w[0]) | (k->w[1] & ~in->w[1]);
    } else {
      for (int w = 0; w < W; w++) {
        meet |= k->w[w] & in->w[w];
        out |= k->w[w] & ~in->w[w];
      }
    }
    if (!meet) continue;
    if (!out) { /* wholly inside */
      sum_in -= v->cages[c].sum;
      for (int w = 0; w < W; w++) innies.w[w] &= ~k->w[w];
      continue;
    }
    sum_cross += v->cages[c].sum;
    for (int w = 0; w < W; w++) outies.w[w] |= k->w[w] & ~in->w[w];
  }
  int err = 0, m;
  if (houses > 1 && (m = members(g, &innies, cells)) &&
      (err = add_derived(r, v, g->tab, cells, m, sum_in, g->from, g->ncells)))
    return err;
  if (!all_caged(g, in) || !(m = members(g, &outies, cells))) return 0;
  return add_derived(r, v, g->tab, cells, m, sum_cross - sum_in, g->from,
                     g->ncells);
}

/* Innies less outies of growing regions, as the optimizer of sigh's
 * Interactive Sudoku Solver finds them: the houses of `house` join one at
 * a time, each cage joins the pieces once more than half of it is in the
 * region, and what the region and the pieces do not share makes a sum:
 * the pieces' cells outside less the region's cells outside the pieces
 * come to the pieces' sums less the region's total. Kept within the
 * limits of SIGNED_MAX (and n cells at most). */
static int grow_regions(regions *g, const cellset *house) {
  const nonet_variant *v = g->v;
  int n = g->r->n, W = g->words, total = n * (n + 1) / 2, used_sum = 0;
  uint8_t used[VMAXC];
  cellset super = {{0}}, pieces = {{0}}, a, b;
  uint16_t pos[SIGNED_MAX], neg[SIGNED_MAX];
  memset(used, 0, (size_t)v->ncages);
  for (int i = 0; i < n - 1; i++) {
    for (int w = 0; w < W; w++) super.w[w] |= house[i].w[w];
    for (int c = 0; c < v->ncages; c++) {
      if (used[c]) continue;
      int meet = 0;
      for (int w = 0; w < W; w++)
        meet += nn_popcount64(g->cage[c].w[w] & super.w[w]);
      if (2 * meet <= v->cages[c].n) continue;
      used[c] = 1;
      used_sum += v->cages[c].sum;
      for (int w = 0; w < W; w++) pieces.w[w] |= g->cage[c].w[w];
    }
    if (i == 0) continue; /* a house alone: add_innies */
    for (int w = 0; w < W; w++) {
      a.w[w] = super.w[w] & ~pieces.w[w];
      b.w[w] = pieces.w[w] & ~super.w[w];
    }
    int na = count_in(&a, W), nb = count_in(&b, W);
    if ((!na && !nb) || na + nb > n || (na > SIGNED_SIDE && nb > SIGNED_SIDE) ||
        na + nb > SIGNED_MAX)
      continue;
    cellset ab;
    for (int w = 0; w < W; w++) ab.w[w] = a.w[w] | b.w[w];
    if (na + nb > SIGNED_CAGED && all_caged(g, &ab)) continue;
    if (g->r->nsums - g->from >= LIN_ROOM - 2) return 0;
    list_in(&a, W, neg);
    list_in(&b, W, pos);
    int err = add_signed(g->r, v, g->tab, pos, nb, neg, na,
                         used_sum - (i + 1) * total, g->from, g->ncells);
    if (err) return err;
  }
  return 0;
}

/* Innies and outies, what killer solvers find with the 45 rule, of the
 * regions of whole houses: runs of rows, runs of columns, rectangles of
 * boxes but whole bands and stacks (a jigsaw's regions one at a time). */
static int add_outies(vrules *r, const combo_table *tab, const nonet_variant *v,
                      int *ncells) {
  int n = r->n, nc = r->ncells, err = 0;
  regions *g = calloc(1, sizeof *g);
  if (!g) return -1;
  g->cage = calloc((size_t)v->ncages, sizeof *g->cage);
  if (!g->cage) {
    free(g);
    return -1;
  }
  g->r = r;
  g->tab = tab;
  g->v = v;
  g->ncells = ncells;
  g->from = r->nsums;
  g->lin_max = 63 / n < LIN_MAX ? 63 / n : LIN_MAX;
  g->words = (nc + 63) / 64;
  for (int c = 0; c < v->ncages; c++)
    for (int i = 0; i < v->cages[c].n; i++) {
      int cell = v->cages[c].cells[i];
      g->cage[c].w[cell >> 6] |= 1ull << (cell & 63);
      g->caged.w[cell >> 6] |= 1ull << (cell & 63);
    }
  cellset line[2][VMAXN], box[VMAXN], in;
  memset(line, 0, sizeof line);
  memset(box, 0, sizeof box);
  for (int c = 0; c < nc; c++) {
    uint64_t bit = 1ull << (c & 63);
    line[0][c / n].w[c >> 6] |= bit;
    line[1][c % n].w[c >> 6] |= bit;
    box[v->region[c]].w[c >> 6] |= bit;
  }
  /* runs of rows (f 0) and of columns (1): first a, length len */
  for (int f = 0; f < 2 && !err; f++)
    for (int a = 0; a < n && !err; a++) {
      memset(&in, 0, sizeof in);
      for (int len = 1; a + len <= n && len < n && !err; len++) {
        for (int w = 0; w < g->words; w++) in.w[w] |= line[f][a + len - 1].w[w];
        if (r->nsums - g->from >= LIN_ROOM - 2) goto done;
        err = one_region(g, &in, len);
      }
    }
  /* rectangles of boxes (numbered across, then down), or a jigsaw's
   * regions */
  int down = v->br ? n / v->br : n, across = v->br ? n / v->bc : 1;
  for (int top = 0; top < down && !err; top++)
    for (int h = 1; top + h <= down && h < down && !err; h++)
      for (int left = 0; left < across && !err; left++)
        for (int wd = 1; left + wd <= across && wd < across + !v->br && !err;
             wd++) {
          if (!v->br && h > 1) continue;
          memset(&in, 0, sizeof in);
          for (int y = top; y < top + h; y++)
            for (int x = left; x < left + wd; x++)
              for (int w = 0; w < g->words; w++)
                in.w[w] |= box[y * across + x].w[w];
          if (r->nsums - g->from >= LIN_ROOM - 2) goto done;
          err = one_region(g, &in, h * wd);
        }
  /* innies less outies: rows down and up, columns across both ways,
   * boxes (or a jigsaw's regions) in order */
  cellset seq[VMAXN];
  for (int f = 0; f < 2 && !err; f++)
    for (int dir = 0; dir < 2 && !err; dir++) {
      for (int i = 0; i < n; i++) seq[i] = line[f][dir ? n - 1 - i : i];
      err = grow_regions(g, seq);
    }
  if (!err) err = grow_regions(g, box);
done: /* (also when there is no room for more) */
  free(g->cage);
  free(g);
  return err;
}

static int build_peers(vrules *r, const nonet_variant *v) {
  int n = r->n, nc = r->ncells;
  uint32_t *gfirst = calloc((size_t)nc + 1, sizeof *gfirst);
  uint16_t *glist = NULL;
  uint8_t *mark = calloc((size_t)nc, 1);
  size_t total = 0, bound = 0;
  int ok = 0;
  if (!gfirst || !mark) goto out;
  /* the groups of each cell (a sum's rest lies in a house: it adds no
   * peer) */
  for (int g = 0; g < r->ngroups; g++)
    if (r->groups[g].kind < VG_SUM)
      for (int k = 0; k < r->groups[g].size; k++)
        gfirst[r->gcells[r->groups[g].first + k] + 1]++;
  for (int c = 0; c < nc; c++) gfirst[c + 1] += gfirst[c];
  glist = malloc((size_t)(gfirst[nc] ? gfirst[nc] : 1) * sizeof *glist);
  uint32_t *fill = calloc((size_t)nc, sizeof *fill);
  if (!glist || !fill) {
    free(fill);
    goto out;
  }
  for (int g = 0; g < r->ngroups; g++) {
    if (r->groups[g].kind >= VG_SUM) continue;
    for (int k = 0; k < r->groups[g].size; k++) {
      int c = r->gcells[r->groups[g].first + k];
      glist[gfirst[c] + fill[c]++] = (uint16_t)g;
      bound += r->groups[g].size;
    }
  }
  free(fill);
  /* one pass into room for every group cell and relation, then shrunk */
  bound += (size_t)nc * 16;
  r->peer_first = malloc(((size_t)nc + 1) * sizeof *r->peer_first);
  r->peers = malloc(bound * sizeof *r->peers);
  if (!r->peer_first || !r->peers) goto out;
  r->peer_first[0] = 0;
  for (int c = 0; c < nc; c++) {
    uint16_t *tmp = r->peers + total;
    int k = 0;
    mark[c] = 1;
    for (uint32_t j = gfirst[c]; j < gfirst[c + 1]; j++) {
      const vgroup *g = &r->groups[glist[j]];
      const uint16_t *gc = r->gcells + g->first;
      for (int t = 0; t < g->size; t++) {
        int p = gc[t];
        if (!mark[p]) mark[p] = 1, tmp[k++] = (uint16_t)p;
      }
    }
    static const unsigned rel[2] = {NONET_CONSTRAINT_ANTI_KNIGHT,
                                    NONET_CONSTRAINT_ANTI_KING};
    for (int q = 0; q < 2; q++) {
      uint16_t near[8];
      if (!(v->cons & rel[q])) continue;
      int m = nonet__v_related(n, c, rel[q], near);
      for (int t = 0; t < m; t++)
        if (!mark[near[t]]) mark[near[t]] = 1, tmp[k++] = near[t];
    }
    mark[c] = 0;
    for (int t = 0; t < k; t++) mark[tmp[t]] = 0;
    total += (size_t)k;
    r->peer_first[c + 1] = (uint32_t)total;
  }
  uint16_t *fit = realloc(r->peers, (total ? total : 1) * sizeof *r->peers);
  if (fit) r->peers = fit;
  ok = 1;
out:
  free(gfirst);
  free(glist);
  free(mark);
  return ok ? 0 : -1;
}

/* For each cell, the items (0 .. k-1) whose group (groups[item]) holds it:
 * list[first[c] .. first[c + 1]). */
static int index_cells(const vrules *r, const int *groups, int k,
                       uint32_t **first, uint16_t **list) {
  int nc = r->ncells;
  uint32_t *f = calloc((size_t)nc + 1, sizeof *f), *fill = NULL;
  uint16_t *l = NULL;
  if (!f) return -1;
  for (int i = 0; i < k; i++) {
    const vgroup *g = &r->groups[groups[i]];
    for (int j = 0; j < g->size; j++) f[r->gcells[g->first + j] + 1]++;
  }
  for (int c = 0; c < nc; c++) f[c + 1] += f[c];
  l = malloc((size_t)(f[nc] ? f[nc] : 1) * sizeof *l);
  fill = calloc((size_t)nc, sizeof *fill);
  if (!l || !fill) {
    free(f);
    free(l);
    free(fill);
    return -1;
  }
  for (int i = 0; i < k; i++) {
    const vgroup *g = &r->groups[groups[i]];
    for (int j = 0; j < g->size; j++) {
      int c = r->gcells[g->first + j];
      l[f[c] + fill[c]++] = (uint16_t)i;
    }
  }
  free(fill);
  *first = f;
  *list = l;
  return 0;
}

/* The houses and the sums of each cell. */
static int build_cell_index(vrules *r) {
  int *groups = malloc((size_t)(r->nhouses + r->nsums + 1) * sizeof *groups);
  if (!groups) return -1;
  for (int h = 0; h < r->nhouses; h++) groups[h] = h;
  int ok =
      index_cells(r, groups, r->nhouses, &r->house_first, &r->cell_houses) == 0;
  for (int s = 0; s < r->nsums; s++) groups[s] = r->sums[s].group;
  ok =
      ok && index_cells(r, groups, r->nsums, &r->sum_first, &r->cell_sums) == 0;
  free(groups);
  if (ok && r->nhouses <= 64) {
    r->house_mask = calloc((size_t)r->ncells, sizeof *r->house_mask);
    ok = r->house_mask != NULL;
    for (int c = 0; ok && c < r->ncells; c++)
      for (uint32_t j = r->house_first[c]; j < r->house_first[c + 1]; j++)
        r->house_mask[c] |= 1ull << r->cell_houses[j];
  }
  return ok ? 0 : -1;
}

/* Pairs of houses sharing two cells or more (the houses of each cell
 * come from the cell index). */
static int build_pairs(vrules *r) {
  int n = r->n, h = r->nhouses, np = 0, nout = 0;
  uint8_t in_a[VMAXC]; /* 1 for the cells of house a */
  uint32_t *in_b = calloc((size_t)h + 1, sizeof *in_b);
  if (!in_b) return -1;
  memset(in_a, 0, (size_t)r->ncells);
  for (int pass = 0; pass < 2; pass++) {
    np = nout = 0;
    for (int a = 0; a < h; a++) {
      const uint16_t *ac = r->gcells + r->groups[a].first;
      /* in_b[b]: the positions within a of the cells it shares with b */
      for (int i = 0; i < n; i++) {
        int c = ac[i];
        in_a[c] = 1;
        for (uint32_t j = r->house_first[c]; j < r->house_first[c + 1]; j++)
          in_b[r->cell_houses[j]] |= 1u << i;
      }
      for (int b = 0; b < h; b++) {
        uint32_t in = in_b[b];
        if (!in) continue;
        in_b[b] = 0;
        int shared = nn_popcount(in);
        if (b == a || shared < 2 || shared == n) continue;
        if (pass == 1) {
          const uint16_t *bc = r->gcells + r->groups[b].first;
          vpair *p = &r->pairs[np];
          p->a = (uint16_t)a;
          p->b = (uint16_t)b;
          p->in_b = in;
          p->first = (uint32_t)nout;
          p->nout = (uint16_t)(n - shared);
          for (int i = 0, k = 0; i < n; i++)
            if (!in_a[bc[i]]) r->pcells[nout + k++] = bc[i];
        }
        np++;
        nout += n - shared;
      }
      for (int i = 0; i < n; i++) in_a[ac[i]] = 0;
    }
    if (pass == 0) {
      r->pairs = malloc((size_t)(np ? np : 1) * sizeof *r->pairs);
      r->pcells = malloc((size_t)(nout ? nout : 1) * sizeof *r->pcells);
      if (!r->pairs || !r->pcells) {
        free(in_b);
        return -1;
      }
    }
  }
  free(in_b);
  r->npairs = np;
  return 0;
}

vrules *nonet__v_rules_build(const nonet_variant *v) {
  int n = v->n, nc = n * n;
  combo_table table = {0, NULL, NULL};
  vrules *r = calloc(1, sizeof *r);
  if (!r) return NULL;
  r->n = n;
  r->ncells = nc;
  r->all = (1u << n) - 1;
  r->classic = n == 9 && v->br == 3 && v->bc == 3 && !v->cons && !v->ncages;
  int maxh = 3 * n + 2 + 16 + n + 4;
  int maxg = maxh * 2 + v->ncages + LIN_ROOM;
  uint8_t kinds[3 * VMAXN + 2 + 16 + VMAXN + 4];
  uint16_t *hcells = malloc((size_t)maxh * (size_t)n * sizeof *hcells);
  r->groups = malloc((size_t)maxg * sizeof *r->groups);
  r->gcells = malloc(
      ((size_t)maxh * (size_t)n * 2 + (size_t)nc + LIN_ROOM * SIGNED_MAX) *
      sizeof *r->gcells);
  r->sums = malloc((size_t)(maxh + v->ncages + 1 + LIN_ROOM) * sizeof *r->sums);
  if (!hcells || !r->groups || !r->gcells || !r->sums) goto fail;
  int nh = nonet__v_houses(v, kinds, hcells), ncells = 0;
  for (int h = 0; h < nh; h++)
    add_group(r, kinds[h], hcells + h * n, n, &ncells);
  r->nhouses = nh;
  free(hcells);
  hcells = NULL;
  if (v->ncages && n <= TABLE_MAX_N && table_build(n, &table) < 0) goto fail;
  for (int c = 0; c < v->ncages; c++) {
    add_group(r, VG_CAGE, v->cages[c].cells, v->cages[c].n, &ncells);
    if (add_sum(r, &table, r->ngroups - 1, v->cages[c].sum) < 0) goto fail;
  }
  if (v->ncages && add_innies(r, &table, v, &ncells) < 0) goto fail;
  if (v->ncages && add_outies(r, &table, v, &ncells) < 0) goto fail;
  free(table.start);
  free(table.set);
  table.start = NULL;
  table.set = NULL;
  if (build_peers(r, v) < 0 || build_cell_index(r) < 0 || build_pairs(r) < 0)
    goto fail;
  if (v->cons & NONET_CONSTRAINT_NONCONSECUTIVE) {
    r->nonconsec = 1;
    r->orth = malloc((size_t)nc * 4 * sizeof *r->orth);
    if (!r->orth) goto fail;
    for (int c = 0; c < nc; c++) {
      uint16_t near[8];
      int m = nonet__v_related(n, c, NONET_CONSTRAINT_NONCONSECUTIVE, near);
      for (int k = 0; k < 4; k++) r->orth[c * 4 + k] = k < m ? near[k] : 0xffff;
    }
  }
  return r;
fail:
  free(hcells);
  free(table.start);
  free(table.set);
  nonet__v_rules_free(r);
  return NULL;
}

int nonet__v_recompile(nonet_variant *v) {
  nonet__v_rules_free(v->rules);
  v->rules = nonet__v_rules_build(v);
  return v->rules ? NONET_OK : NONET_ENOMEM;
}
