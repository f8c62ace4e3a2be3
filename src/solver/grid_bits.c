/* grid_bits.c: a solution grid from the fast solver's state, each
 * digit's cells by band (nonet__grid_from_bands), for the builds without
 * a vector way to do it (fast_impl.h's extract). */
#include <string.h>

#include "solver.h"

/* spread[x]: byte i holds bit i of x (little-endian order in memory). */
#define NN_BIT(x, i) ((((x) >> (i)) & 1ull) << (8 * (i)))
#define NN_SP(x)                                                               \
  (NN_BIT(x, 0) | NN_BIT(x, 1) | NN_BIT(x, 2) | NN_BIT(x, 3) | NN_BIT(x, 4) |  \
   NN_BIT(x, 5) | NN_BIT(x, 6) | NN_BIT(x, 7))
#define NN_SP4(x) NN_SP(x), NN_SP(x + 1), NN_SP(x + 2), NN_SP(x + 3)
#define NN_SP16(x) NN_SP4(x), NN_SP4(x + 4), NN_SP4(x + 8), NN_SP4(x + 12)
#define NN_SP64(x) NN_SP16(x), NN_SP16(x + 16), NN_SP16(x + 32), NN_SP16(x + 48)
static const uint64_t spread[256] = {NN_SP64(0), NN_SP64(64), NN_SP64(128),
                                     NN_SP64(192)};

void nonet__grid_from_bands(const uint32_t m[9][3], uint8_t out[81]) {
  for (int b = 0; b < 3; b++) {
    uint32_t v[4];
    nonet__value_planes(m, b, v);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint8_t row[32];
    for (int q = 0; q < 32; q += 8) {
      uint64_t x =
          spread[(v[0] >> q) & 255] | (spread[(v[1] >> q) & 255] << 1) |
          (spread[(v[2] >> q) & 255] << 2) | (spread[(v[3] >> q) & 255] << 3);
      memcpy(row + q, &x, 8);
    }
    memcpy(out + 27 * b, row, 27);
#else
    for (int i = 0; i < 27; i++)
      out[27 * b + i] =
          (uint8_t)(((v[0] >> i) & 1) | (((v[1] >> i) & 1) << 1) |
                    (((v[2] >> i) & 1) << 2) | (((v[3] >> i) & 1) << 3));
#endif
  }
}
