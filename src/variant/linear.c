/* linear.c: which digits a sum whose digits may repeat (innies, outies,
 * innies less outies) leaves each of its open cells: the exact filter on
 * the sets of reachable partial sums, shared by the depth-first search
 * (solve.c) and the clause-learning one (learn.c). */
#include "core/bits.h"
#include "variant.h"

int nonet__v_lin_keep(int k, const uint32_t *oc, int rem, uint32_t *keep) {
  /* pre[i]: the sums cells 0..i-1 can make; back: the partial sums of
   * cells 0..i that cells i+1..k-1 can complete to rem */
  uint64_t pre[65], back;
  if (rem < 0 || rem > 63 || k > 64) return 0;
  pre[0] = 1;
  for (int i = 0; i < k; i++) pre[i + 1] = nonet__v_add_digits(pre[i], oc[i]);
  if (!(pre[k] >> rem & 1)) return 0;
  back = 1ull << rem;
  for (int i = k - 1; i >= 0; i--) {
    uint32_t ok = 0;
    uint64_t before = 0;
    for (uint32_t m = oc[i]; m; m &= m - 1) {
      int d = nn_ctz(m) + 1;
      if ((pre[i] << d) & back) {
        ok |= m & -m;
        before |= back >> d;
      }
    }
    keep[i] = ok;
    back = before;
  }
  return 1;
}
