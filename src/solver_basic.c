/* solver_basic.c: a portable bitmask solver: naked and hidden singles,
 * then branching on a cell with the fewest candidates. No heap, no
 * global mutable state. */
#include <string.h>

#include "bits.h"
#include "solver.h"

typedef struct {
  uint16_t cand[81]; /* candidates of empty cells, 0 once placed */
  uint8_t val[81];
  uint16_t used[27]; /* digits placed in each unit */
  int empty;
} bstate;

static uint8_t peer_tab[81][20];
static uint8_t unit_of[81][3];

/* Geometry tables are pure functions of the cell; filling them twice in
 * two threads writes the same bytes, so a plain flag is enough. */
static void init_tables(void) {
  static volatile int ready;
  if (ready) return;
  for (int i = 0; i < 81; i++) {
    int n = 0;
    for (int j = 0; j < 81; j++)
      if (j != i && (nn_row(j) == nn_row(i) || nn_col(j) == nn_col(i) ||
                     nn_box(j) == nn_box(i)))
        peer_tab[i][n++] = (uint8_t)j;
    unit_of[i][0] = (uint8_t)nn_row(i);
    unit_of[i][1] = (uint8_t)(9 + nn_col(i));
    unit_of[i][2] = (uint8_t)(18 + nn_box(i));
  }
  ready = 1;
}

/* Places d (1..9) at i; returns 0 on contradiction. Cells left with a
 * single candidate are pushed on the queue. */
static int place(bstate *s, int i, int d, uint8_t *queue, int *qn) {
  uint16_t bit = (uint16_t)(1u << (d - 1));
  if (!(s->cand[i] & bit)) return 0;
  s->val[i] = (uint8_t)d;
  s->cand[i] = 0;
  s->empty--;
  for (int u = 0; u < 3; u++) s->used[unit_of[i][u]] |= bit;
  for (int k = 0; k < 20; k++) {
    int p = peer_tab[i][k];
    uint16_t c = s->cand[p];
    if (c & bit) {
      c &= (uint16_t)~bit;
      s->cand[p] = c;
      if (!c) return 0;
      if (!(c & (c - 1))) queue[(*qn)++] = (uint8_t)p;
    }
  }
  return 1;
}

/* Applies naked and hidden singles until none is left. Returns 0 on a
 * contradiction. */
static int propagate(bstate *s, uint8_t *queue, int qn) {
  for (;;) {
    while (qn) {
      int i = queue[--qn];
      uint16_t c = s->cand[i];
      if (s->val[i]) continue;
      if (!place(s, i, nn_ctz(c) + 1, queue, &qn)) return 0;
    }
    if (!s->empty) return 1;
    int placed = 0;
    for (int u = 0; u < 27; u++) {
      uint16_t once = 0, twice = 0;
      for (int k = 0; k < 9; k++) {
        uint16_t m = s->cand[nn_unit_cell(u, k)];
        twice |= once & m;
        once |= m;
      }
      if ((once | s->used[u]) != 0x1ff) return 0;
      uint16_t hidden = once & (uint16_t)~twice;
      while (hidden) {
        uint16_t bit = hidden & (uint16_t)-hidden;
        hidden &= (uint16_t)(hidden - 1);
        for (int k = 0; k < 9; k++) {
          int i = nn_unit_cell(u, k);
          if (s->cand[i] & bit) {
            if (!place(s, i, nn_ctz(bit) + 1, queue, &qn)) return 0;
            placed = 1;
            break;
          }
        }
      }
    }
    if (!placed) return 1;
  }
}

typedef struct {
  long found, limit;
  uint8_t *solution;
  unsigned long long guesses;
} search_ctx;

static void search(const bstate *in, search_ctx *ctx) {
  bstate s;
  uint8_t queue[81];
  memcpy(&s, in, sizeof s);
  if (!s.empty) {
    if (ctx->found == 0 && ctx->solution) memcpy(ctx->solution, s.val, 81);
    ctx->found++;
    return;
  }
  int best = -1, best_n = 10;
  for (int i = 0; i < 81; i++) {
    if (s.val[i]) continue;
    int n = nn_popcount(s.cand[i]);
    if (n < best_n) {
      best_n = n;
      best = i;
      if (n == 2) break;
    }
  }
  uint16_t c = s.cand[best];
  while (c && ctx->found < ctx->limit) {
    int d = nn_ctz(c) + 1;
    c &= (uint16_t)(c - 1);
    bstate t;
    int qn = 0;
    memcpy(&t, &s, sizeof t);
    ctx->guesses++;
    if (place(&t, best, d, queue, &qn) && propagate(&t, queue, qn))
      search(&t, ctx);
  }
}

long nonet__solve_basic_masks(const uint16_t allowed[81], uint8_t solution[81],
                              long limit, unsigned long long *guesses) {
  bstate s;
  uint8_t queue[81];
  int qn = 0;
  init_tables();
  memset(s.used, 0, sizeof s.used);
  s.empty = 81;
  search_ctx ctx = {0, limit, solution, 0};
  for (int i = 0; i < 81; i++) {
    s.cand[i] = allowed[i] & 0x1ff;
    s.val[i] = 0;
    if (!s.cand[i]) goto done;
    if (!(s.cand[i] & (s.cand[i] - 1))) queue[qn++] = (uint8_t)i;
  }
  if (!propagate(&s, queue, qn)) goto done;
  search(&s, &ctx);
done:
  if (guesses) *guesses = ctx.guesses;
  return ctx.found;
}

long nonet__solve_basic(const uint8_t puzzle[81], uint8_t solution[81],
                        long limit, unsigned long long *guesses) {
  uint16_t allowed[81];
  for (int i = 0; i < 81; i++)
    allowed[i] = puzzle[i] ? (uint16_t)(1u << (puzzle[i] - 1)) : 0x1ff;
  return nonet__solve_basic_masks(allowed, solution, limit, guesses);
}
