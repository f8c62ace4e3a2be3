/* bits.h: small bit tricks and cell arithmetic shared by the library's
 * files. Internal; not installed.
 *
 * Folder src/core: the bottom layer. Owns grids and their queries
 * (grid.c), reading every input format (reader.c), output formats
 * (format.c), the RNG and isomorphs (rng.c), level names (level.c), and
 * the groundwork every engine shares: 81-bit boards (board.h) and the
 * geometry tables (geometry.h, written by scripts/gen_tables.py). Calls
 * nothing but libc. */
#ifndef NONET_BITS_H
#define NONET_BITS_H

#include <stdint.h>

#if defined(__GNUC__) || defined(__clang__)
#define NONET_INLINE static inline __attribute__((always_inline))
#define NONET_LIKELY(x) __builtin_expect(!!(x), 1)
#define NONET_UNLIKELY(x) __builtin_expect(!!(x), 0)
#else
#define NONET_INLINE static inline
#define NONET_LIKELY(x) (x)
#define NONET_UNLIKELY(x) (x)
#endif

NONET_INLINE int nn_popcount(unsigned x) {
#if (defined(__x86_64__) || defined(__i386__)) && !defined(__POPCNT__)
  /* no popcnt instruction: the compiler would call a library function */
  x -= (x >> 1) & 0x55555555u;
  x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
  x = (x + (x >> 4)) & 0x0f0f0f0fu;
  return (int)((x * 0x01010101u) >> 24);
#elif defined(__GNUC__) || defined(__clang__)
  return __builtin_popcount(x);
#else
  int n = 0;
  while (x) {
    x &= x - 1;
    n++;
  }
  return n;
#endif
}

NONET_INLINE int nn_ctz(unsigned x) {
#if defined(__GNUC__) || defined(__clang__)
  return __builtin_ctz(x);
#else
  int n = 0;
  while (!(x & 1u)) {
    x >>= 1;
    n++;
  }
  return n;
#endif
}

/* The index of the highest set bit of x (x != 0). */
NONET_INLINE int nn_top(unsigned x) {
#if defined(__GNUC__) || defined(__clang__)
  return 31 - __builtin_clz(x);
#else
  int n = 0;
  while (x >>= 1) n++;
  return n;
#endif
}

/* Nonconsecutive: the digits (bit e for digit e + 1) an orthogonal
 * neighbour of a cell with candidates mine cannot hold, whichever it
 * holds: each e with mine within e - 1, e, e + 1, that is e from the
 * highest candidate less 1 to the lowest plus 1 (none when they are more
 * than 2 apart: a cell with four candidates or more). */
NONET_INLINE uint32_t nn_near_forbidden(uint32_t mine) {
  if (!mine) return 0;
  int lo = nn_ctz(mine), hi = nn_top(mine);
  if (hi - lo > 2) return 0;
  int a = hi > 0 ? hi - 1 : 0;
  return ((2u << (lo + 1)) - 1) & ~((1u << a) - 1);
}

NONET_INLINE int nn_popcount64(uint64_t x) {
#if defined(__GNUC__) || defined(__clang__)
  return __builtin_popcountll(x);
#else
  int n = 0;
  while (x) {
    x &= x - 1;
    n++;
  }
  return n;
#endif
}

NONET_INLINE int nn_ctz64(uint64_t x) {
#if defined(__GNUC__) || defined(__clang__)
  return __builtin_ctzll(x);
#else
  int n = 0;
  while (!(x & 1u)) {
    x >>= 1;
    n++;
  }
  return n;
#endif
}

/* Geometry of cell i (0..80). */
NONET_INLINE int nn_row(int i) { return i / 9; }
NONET_INLINE int nn_col(int i) { return i % 9; }
NONET_INLINE int nn_box(int i) { return (i / 27) * 3 + (i % 9) / 3; }
/* The k-th cell (0..8) of a unit. */
NONET_INLINE int nn_row_cell(int r, int k) { return r * 9 + k; }
NONET_INLINE int nn_col_cell(int c, int k) { return k * 9 + c; }
NONET_INLINE int nn_box_cell(int b, int k) {
  return (b / 3) * 27 + (b % 3) * 3 + (k / 3) * 9 + k % 3;
}
/* The k-th cell of unit u, units numbered rows 0-8, cols 9-17, boxes
 * 18-26. */
NONET_INLINE int nn_unit_cell(int u, int k) {
  return u < 9    ? nn_row_cell(u, k)
         : u < 18 ? nn_col_cell(u - 9, k)
                  : nn_box_cell(u - 18, k);
}

#endif
