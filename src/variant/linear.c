/* linear.c: which digits a sum whose digits may repeat (innies, outies,
 * innies less outies) leaves each of its open cells: the exact filter on
 * the sets of reachable partial sums (after a look at the bounds, for
 * the depth-first search), shared by the depth-first search (solve.c)
 * and the clause-learning one (learn.c). */
#include "core/bits.h"
#include "variant.h"

/* Of the k open cells' candidates oc[] (a negative cell's reversed),
 * keep[i] gets the digits of oc[i] that the other cells' bounds (their
 * smallest and largest digits) leave room for: rem less the others'
 * largest at least, rem less the others' smallest at most. 0 when no
 * choice makes rem. For a rem over 63 (from 12x12 up), where the exact
 * filter below does not reach. */
static int lin_bounds(int k, const uint32_t *oc, int rem, uint32_t *keep) {
  int lo = 0, hi = 0;
  for (int i = 0; i < k; i++) {
    lo += nn_ctz(oc[i]) + 1;
    hi += nn_top(oc[i]) + 1;
  }
  if (rem < lo || rem > hi) return 0;
  for (int i = 0; i < k; i++) {
    int mn = nn_ctz(oc[i]) + 1, mx = nn_top(oc[i]) + 1;
    int least = rem - (hi - mx), most = rem - (lo - mn); /* digits */
    uint32_t m = oc[i];
    if (least > mn) m &= ~0u << (least - 1);
    if (most < mx) m &= (most >= 1 ? ~0u >> (32 - most) : 0);
    keep[i] = m;
  }
  return 1;
}

/* Of the k open cells' candidates oc[] (a negative cell's reversed),
 * keep[i] gets the digits of oc[i] that the other cells can make up to
 * rem with (partial sums over rem do not matter: digits are positive).
 * 0 when no choice makes rem. */
static int lin_keep(int k, const uint32_t *oc, int rem, uint32_t *keep) {
  /* pre[i]: the sums cells 0..i-1 can make; back: the partial sums of
   * cells 0..i that cells i+1..k-1 can complete to rem */
  uint64_t pre[65], back;
  if (rem < 0 || k > 64) return 0;
  if (rem > 63) return lin_bounds(k, oc, rem, keep);
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

/* Whether the bounds alone rule anything out: -1 when no choice reaches
 * rem; 0 when some digit is out of reach; 1 when every digit of every
 * cell is within reach of the others' smallest and largest (then only
 * the gaps in the others' candidates could take a digit). */
static int lin_slack(int k, const uint32_t *oc, int rem) {
  int lo = 0, hi = 0, spread = 0;
  for (int i = 0; i < k; i++) {
    int mn = nn_ctz(oc[i]) + 1, mx = nn_top(oc[i]) + 1;
    lo += mn;
    hi += mx;
    if (mx - mn > spread) spread = mx - mn;
  }
  if (rem < lo || rem > hi) return -1;
  return rem - lo >= spread && hi - rem >= spread;
}

int nonet__v_lin_drops(const vsum *sum, int n, int size, const uint32_t *v,
                       int bounds_first, uint32_t *drop) {
  uint32_t oc[64], keep[64];
  uint8_t at[64]; /* the position of each open cell */
  int k = 0, rem = sum->sum, pos = size - sum->neg;
  if (size > 64) return 0;
  for (int i = 0; i < size; i++) {
    uint32_t u = i >= pos ? nonet__v_reverse(v[i], n) : v[i];
    drop[i] = 0;
    if ((u & (u - 1)) == 0) {
      rem -= nn_ctz(u) + 1;
    } else {
      oc[k] = u;
      at[k++] = (uint8_t)i;
    }
  }
  if (k == 0) return rem == 0;
  if (bounds_first) {
    int slack = lin_slack(k, oc, rem);
    if (slack != 0) return slack > 0;
  }
  if (!lin_keep(k, oc, rem, keep)) return 0;
  for (int j = 0; j < k; j++) {
    uint32_t d = oc[j] & ~keep[j];
    drop[at[j]] = at[j] >= pos ? nonet__v_reverse(d, n) : d;
  }
  return 1;
}
