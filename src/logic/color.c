/* color.c: simple colors and multi colors. For one digit, the conjugate
 * pairs form clusters; each cluster is coloured in two colours of which
 * exactly one is true.
 * - Simple Colors Trap: a cell seeing both colours of a cluster loses the
 *   digit. Wrap: two cells of one colour see each other, so that colour
 *   is false.
 * - Multi Colors 1: a colour a of one cluster sees a colour b of another,
 *   so a and b are not both true; the cells seeing both opposite
 *   colours (a' and b') lose the digit. Multi Colors 2: a colour sees
 *   both colours of another cluster, so it is false.
 *
 * Step data: digits; cells with roles 0/1 the two colours of the
 * cluster (the false colour of a wrap first), 2/3 those of the second
 * cluster (multi colors); variant 0 trap / multi 1, 1 wrap / multi 2. */
#include "logic/grid.h"

typedef struct cluster {
  nn_bb c[2];
} cluster;

/* the clusters of digit d (at most 40) */
static int clusters(const nn_grid *g, int d, cluster *out) {
  nn_bb done = NN_BB_EMPTY;
  int n = 0;
  /* cells in some conjugate pair */
  nn_bb linked = NN_BB_EMPTY;
  for (int u = 0; u < 27; u++)
    if (pc9(g->upos[d][u]) == 2) linked = bb_or(linked, g_unit_dig(g, u, d));
  nn_bb todo = linked;
  BB_FOR(start, todo) {
    if (bb_has(done, start)) continue;
    cluster cl = {{NN_BB_EMPTY, NN_BB_EMPTY}};
    uint8_t queue[81], col[81];
    int qh = 0, qt = 0;
    queue[qt++] = (uint8_t)start;
    col[start] = 0;
    bb_set(&done, start);
    while (qh < qt) {
      int c = queue[qh++];
      bb_set(&cl.c[col[c]], c);
      for (int j = 0; j < 3; j++) {
        int u = nonet__cell_units[c][j];
        if (pc9(g->upos[d][u]) != 2) continue;
        nn_bb o = g_unit_dig(g, u, d);
        bb_clr(&o, c);
        int other = bb_first(o);
        if (bb_has(done, other)) continue;
        bb_set(&done, other);
        col[other] = (uint8_t)!col[c];
        queue[qt++] = (uint8_t)other;
      }
    }
    if (n < 40) out[n++] = cl;
  }
  return n;
}

/* cells seeing some cell of b */
static nn_bb seen_by(nn_bb b) {
  nn_bb r = NN_BB_EMPTY;
  BB_FOR(i, b) r = bb_or(r, nonet__peer_bb[i]);
  return r;
}

static int emit(nn_sink *k, int tech, int variant, int d, const cluster *a,
                int flip, const cluster *b, nn_bb e) {
  nonet_step *s = k->step;
  step_begin(s, tech);
  s->variant = (uint8_t)variant;
  s->digits = (nonet_mask)(1u << d);
  step_cells(s, a->c[flip], 0);
  step_cells(s, a->c[!flip], 1);
  if (b) {
    step_cells(s, b->c[0], 2);
    step_cells(s, b->c[1], 3);
  }
  step_elims(s, e, d);
  return sink_emit(k);
}

static int simple(const nn_grid *g, nn_sink *k, int d) {
  cluster cl[40];
  {
    int n = clusters(g, d, cl);
    for (int i = 0; i < n; i++) {
      if (bb_count(cl[i].c[0]) + bb_count(cl[i].c[1]) < 3) continue;
      nn_bb seen[2] = {seen_by(cl[i].c[0]), seen_by(cl[i].c[1])};
      /* wrap: two cells of one colour see each other */
      for (int c = 0; c < 2; c++)
        if (bb_meets(seen[c], cl[i].c[c]) &&
            emit(k, NONET_TECH_SIMPLE_COLORS, 1, d, &cl[i], c, NULL,
                 cl[i].c[c]))
          return 1;
      /* trap */
      nn_bb e = bb_and(bb_and(seen[0], seen[1]), g->dig[d]);
      e = bb_andn(e, bb_or(cl[i].c[0], cl[i].c[1]));
      if (bb_any(e) &&
          emit(k, NONET_TECH_SIMPLE_COLORS, 0, d, &cl[i], 0, NULL, e))
        return 1;
    }
  }
  return 0;
}

static int multi(const nn_grid *g, nn_sink *k, int d) {
  cluster cl[40];
  {
    int n = clusters(g, d, cl);
    nn_bb seen[40][2];
    for (int i = 0; i < n; i++)
      for (int c = 0; c < 2; c++) seen[i][c] = seen_by(cl[i].c[c]);
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++) {
        if (i == j) continue;
        for (int a = 0; a < 2; a++) {
          int see0 = bb_meets(seen[i][a], cl[j].c[0]),
              see1 = bb_meets(seen[i][a], cl[j].c[1]);
          /* type 2: colour a of i sees both colours of j: a is false */
          if (see0 && see1 &&
              emit(k, NONET_TECH_MULTI_COLORS, 1, d, &cl[i], a, &cl[j],
                   cl[i].c[a]))
            return 1;
          /* type 1: a sees colour b of j: cells seeing !a and !b lose d */
          if (j < i) continue;
          for (int b = 0; b < 2; b++) {
            if (!(b ? see1 : see0)) continue;
            nn_bb e = bb_and(bb_and(seen[i][!a], seen[j][!b]), g->dig[d]);
            e = bb_andn(e, bb_or(bb_or(cl[i].c[0], cl[i].c[1]),
                                 bb_or(cl[j].c[0], cl[j].c[1])));
            if (bb_any(e) &&
                emit(k, NONET_TECH_MULTI_COLORS, 0, d, &cl[i], a, &cl[j], e))
              return 1;
          }
        }
      }
  }
  return 0;
}

int nonet__find_colors(const nn_grid *g, int tech, nn_sink *k) {
  for (int d = 0; d < 9; d++) {
    if (persist_none(k, g, d, tech)) continue;
    if (tech == NONET_TECH_SIMPLE_COLORS ? simple(g, k, d) : multi(g, k, d))
      return 1;
    if (!k->count) persist_set_none(k, g, d, tech);
  }
  return 0;
}
