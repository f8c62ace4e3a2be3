/* rng.c: xoshiro256** seeded through splitmix64; random isomorphs. */
#include <string.h>

#include "nonet.h"

static uint64_t splitmix64(uint64_t *x) {
  uint64_t z = (*x += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

void nonet_rng_seed(nonet_rng *rng, uint64_t seed) {
  for (int k = 0; k < 4; k++) rng->s[k] = splitmix64(&seed);
}

static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

uint64_t nonet_rng_next(nonet_rng *rng) {
  uint64_t *s = rng->s;
  uint64_t result = rotl(s[1] * 5, 7) * 9;
  uint64_t t = s[1] << 17;
  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = rotl(s[3], 45);
  return result;
}

uint32_t nonet_rng_below(nonet_rng *rng, uint32_t n) {
  if (n == 0) return 0;
  /* Lemire's multiply-shift with rejection */
  uint64_t m = (uint64_t)(uint32_t)(nonet_rng_next(rng) >> 32) * n;
  uint32_t low = (uint32_t)m;
  if (low < n) {
    uint32_t threshold = (uint32_t)-n % n;
    while (low < threshold) {
      m = (uint64_t)(uint32_t)(nonet_rng_next(rng) >> 32) * n;
      low = (uint32_t)m;
    }
  }
  return (uint32_t)(m >> 32);
}

static void shuffle3(int *p, nonet_rng *rng) {
  for (int i = 2; i > 0; i--) {
    int j = (int)nonet_rng_below(rng, (uint32_t)i + 1);
    int t = p[i];
    p[i] = p[j];
    p[j] = t;
  }
}

void nonet_random_isomorph(const uint8_t in[81], uint8_t out[81],
                           nonet_rng *rng) {
  int band[3] = {0, 1, 2}, stack[3] = {0, 1, 2}, rows[3][3], cols[3][3];
  uint8_t digit[10];
  uint8_t src[81];
  memcpy(src, in, 81);
  shuffle3(band, rng);
  shuffle3(stack, rng);
  for (int b = 0; b < 3; b++) {
    for (int k = 0; k < 3; k++) rows[b][k] = cols[b][k] = k;
    shuffle3(rows[b], rng);
    shuffle3(cols[b], rng);
  }
  digit[0] = 0;
  for (int d = 1; d <= 9; d++) digit[d] = (uint8_t)d;
  for (int d = 9; d > 1; d--) {
    int j = 1 + (int)nonet_rng_below(rng, (uint32_t)d);
    uint8_t t = digit[d];
    digit[d] = digit[j];
    digit[j] = t;
  }
  int transpose = (int)nonet_rng_below(rng, 2);
  for (int r = 0; r < 9; r++) {
    int sr = band[r / 3] * 3 + rows[r / 3][r % 3];
    for (int c = 0; c < 9; c++) {
      int sc = stack[c / 3] * 3 + cols[c / 3][c % 3];
      int i = transpose ? sc * 9 + sr : sr * 9 + sc;
      uint8_t v = src[i];
      out[r * 9 + c] = v <= 9 ? digit[v] : v;
    }
  }
}
