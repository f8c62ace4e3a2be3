/* candidates.c: true candidates, the digits some solution puts in each
 * cell. A first search collects the digits of up to ENUMERATE solutions:
 * when there are fewer, that is the answer. Otherwise a digit still
 * missing in a cell is tried there (one search with the cell set to it);
 * every solution found adds its digits. The caller's stop function is
 * asked by each search and before each try. */
#include <string.h>

#include "variant.h"

#define ENUMERATE 512

int nonet_variant_true_candidates(const nonet_variant *v, const uint8_t *puzzle,
                                  uint32_t *cand) {
  return nonet_variant_true_candidates_until(v, puzzle, cand, NULL, NULL);
}

int nonet_variant_true_candidates_until(const nonet_variant *v,
                                        const uint8_t *puzzle, uint32_t *cand,
                                        int (*stop)(void *ctx), void *ctx) {
  if (!v || !v->rules || !puzzle || !cand) return NONET_EINVAL;
  const vrules *r = v->rules;
  for (int c = 0; c < r->ncells; c++)
    if (puzzle[c] > r->n) return NONET_EINVAL;
  uint32_t start[VMAXC], trial[VMAXC];
  uint8_t sol[VMAXC];
  nonet__v_start(r, puzzle, start);
  memset(cand, 0, (size_t)r->ncells * sizeof *cand);
  vsearch s;
  memset(&s, 0, sizeof s);
  s.r = r;
  s.limit = r->classic ? 2 : ENUMERATE;
  s.solution = sol;
  s.seen = r->classic ? NULL : cand; /* the classic solver only counts */
  s.cancel = stop;
  s.cancel_ctx = ctx;
  long n = nonet__v_search(&s, start);
  if (n <= 0) return (int)n;
  if (r->classic)
    for (int c = 0; c < r->ncells; c++) cand[c] = 1u << (sol[c] - 1);
  if (n < s.limit) return n > 2 ? 2 : (int)n;
  s.limit = 1;
  for (int c = 0; c < r->ncells; c++) {
    if (puzzle[c]) continue;
    for (uint32_t left = r->all & ~cand[c]; left; left &= left - 1) {
      uint32_t d = left & -left;
      if (cand[c] & d) continue; /* found meanwhile */
      if (stop && stop(ctx)) return NONET_ESTOPPED;
      memcpy(trial, start, (size_t)r->ncells * sizeof *trial);
      trial[c] = d;
      long got = nonet__v_search(&s, trial);
      if (got < 0) return (int)got;
      if (got)
        for (int i = 0; i < r->ncells; i++) cand[i] |= 1u << (sol[i] - 1);
    }
  }
  return 2;
}
