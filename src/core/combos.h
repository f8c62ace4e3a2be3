/* combos.h: the one enumerator of sets under both technique engines:
 * every choice of k of n items (cells of a unit, or digits) whose masks
 * (their digits, or their places) together have exactly k bits: naked and
 * hidden pairs, triples and quads. Internal.
 *
 * The order is the caller's policy, and it decides which set is found
 * first (which Sudoku Explainer's ratings depend on):
 * - NN_LEX: by the smallest item first (0 1 2, 0 1 3, ... 1 2 3), the
 *   order of the logic engine's finders;
 * - NN_COLEX: in increasing order of the chosen items' bit mask (0 1 2,
 *   0 1 3, 0 2 3, 1 2 3, 0 1 4, ...), the order of SE's Permutations.
 * Both walk depth first and skip a branch as soon as its masks have more
 * than k bits, which changes what is visited, never the order of what is
 * reported. */
#ifndef NONET_COMBOS_H
#define NONET_COMBOS_H

#include <stdint.h>

#include "core/board.h"

typedef enum { NN_LEX = 0, NN_COLEX = 1 } nn_combo_order;

/* Called for each set: `chosen` has bit i for item i, `uni` is the union
 * of their masks (k bits). Returns nonzero to stop the walk. */
typedef int (*nn_combo_fn)(void *ctx, unsigned chosen, unsigned uni);

typedef struct nn_combo_walk {
  const uint16_t *masks; /* n items' masks (9 bits each) */
  int k;
  nn_combo_fn fn;
  void *ctx;
} nn_combo_walk;

/* items from..n-1, `depth` of k chosen so far */
static int nn_combo_lex(const nn_combo_walk *w, int from, int n, int depth,
                        unsigned chosen, unsigned uni) {
  if (depth == w->k) return pc9(uni) == w->k ? w->fn(w->ctx, chosen, uni) : 0;
  for (int i = from; i <= n - (w->k - depth); i++) {
    unsigned u2 = uni | w->masks[i];
    if (pc9(u2) > w->k) continue;
    if (nn_combo_lex(w, i + 1, n, depth + 1, chosen | 1u << i, u2)) return 1;
  }
  return 0;
}

/* the highest of the items still to choose, below `below`, in increasing
 * order; then the others below it */
static int nn_combo_colex(const nn_combo_walk *w, int below, int depth,
                          unsigned chosen, unsigned uni) {
  if (depth == w->k) return pc9(uni) == w->k ? w->fn(w->ctx, chosen, uni) : 0;
  for (int i = w->k - depth - 1; i < below; i++) {
    unsigned u2 = uni | w->masks[i];
    if (pc9(u2) > w->k) continue;
    if (nn_combo_colex(w, i, depth + 1, chosen | 1u << i, u2)) return 1;
  }
  return 0;
}

/* Calls fn for every set of k of the n items (n <= 9) whose masks have k
 * bits together, in `order`; returns 1 when fn stopped the walk. */
NONET_INLINE int nn_combos(const uint16_t *masks, int n, int k,
                           nn_combo_order order, nn_combo_fn fn, void *ctx) {
  nn_combo_walk w = {masks, k, fn, ctx};
  if (k < 1 || n < k) return 0;
  return order == NN_LEX ? nn_combo_lex(&w, 0, n, 0, 0, 0)
                         : nn_combo_colex(&w, n, 0, 0, 0);
}

#endif
