/* board.h: 81-bit boards (one bit per cell) and the popcounts they use:
 * the one board type of the library (the logic engine, the SE rater, the
 * generator). Internal; not installed.
 *
 * Layout: cells 0..62 (rows 1-7) are bits 0..62 of `lo`, cells 63..80
 * (rows 8-9) bits 0..17 of `hi`, so no row straddles the two words. Cells
 * come out of bb_first, bb_pop and BB_FOR in increasing order, which the
 * SE rater's enumeration order relies on. */
#ifndef NONET_CORE_BOARD_H
#define NONET_CORE_BOARD_H

#include <stdint.h>

#include "core/bits.h"

/* Popcounts that stay fast without the POPCNT instruction (the library
 * is built for the baseline CPU): a table for digit masks (9 bits), SWAR
 * for 64-bit words. */
extern const uint8_t nonet__pc9[512]; /* geometry.c */
NONET_INLINE int pc9(unsigned m) { return nonet__pc9[m & 511]; }
NONET_INLINE int pc64(uint64_t x) {
#if defined(__POPCNT__)
  return __builtin_popcountll(x);
#else
  x = x - ((x >> 1) & 0x5555555555555555ull);
  x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
  x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0full;
  return (int)((x * 0x0101010101010101ull) >> 56);
#endif
}

typedef struct nn_bb {
  uint64_t lo, hi;
} nn_bb;

#define NN_BB_EMPTY ((nn_bb){0, 0})

NONET_INLINE nn_bb bb_cell(int i) {
  nn_bb b;
  b.lo = i < 63 ? 1ull << i : 0;
  b.hi = i < 63 ? 0 : 1ull << (i - 63);
  return b;
}
NONET_INLINE int bb_has(nn_bb b, int i) {
  return i < 63 ? (int)((b.lo >> i) & 1) : (int)((b.hi >> (i - 63)) & 1);
}
NONET_INLINE void bb_set(nn_bb *b, int i) {
  if (i < 63)
    b->lo |= 1ull << i;
  else
    b->hi |= 1ull << (i - 63);
}
NONET_INLINE void bb_clr(nn_bb *b, int i) {
  if (i < 63)
    b->lo &= ~(1ull << i);
  else
    b->hi &= ~(1ull << (i - 63));
}
NONET_INLINE nn_bb bb_and(nn_bb a, nn_bb b) {
  return (nn_bb){a.lo & b.lo, a.hi & b.hi};
}
NONET_INLINE nn_bb bb_or(nn_bb a, nn_bb b) {
  return (nn_bb){a.lo | b.lo, a.hi | b.hi};
}
NONET_INLINE nn_bb bb_xor(nn_bb a, nn_bb b) {
  return (nn_bb){a.lo ^ b.lo, a.hi ^ b.hi};
}
/* a and not b */
NONET_INLINE nn_bb bb_andn(nn_bb a, nn_bb b) {
  return (nn_bb){a.lo & ~b.lo, a.hi & ~b.hi};
}
NONET_INLINE int bb_empty(nn_bb b) { return !(b.lo | b.hi); }
NONET_INLINE int bb_any(nn_bb b) { return (b.lo | b.hi) != 0; }
NONET_INLINE int bb_eq(nn_bb a, nn_bb b) {
  return a.lo == b.lo && a.hi == b.hi;
}
/* a is a subset of b */
NONET_INLINE int bb_sub(nn_bb a, nn_bb b) {
  return !((a.lo & ~b.lo) | (a.hi & ~b.hi));
}
NONET_INLINE int bb_meets(nn_bb a, nn_bb b) {
  return ((a.lo & b.lo) | (a.hi & b.hi)) != 0;
}
NONET_INLINE int bb_count(nn_bb b) { return pc64(b.lo) + pc64(b.hi); }
/* more than one bit set */
NONET_INLINE int bb_many(nn_bb b) {
  return (b.lo && b.hi) || (b.lo & (b.lo - 1)) || (b.hi & (b.hi - 1));
}
/* the lowest cell; b must not be empty */
NONET_INLINE int bb_first(nn_bb b) {
  return b.lo ? nn_ctz64(b.lo) : 63 + nn_ctz64(b.hi);
}
/* removes and returns the lowest cell; b must not be empty */
NONET_INLINE int bb_pop(nn_bb *b) {
  if (b->lo) {
    int i = nn_ctz64(b->lo);
    b->lo &= b->lo - 1;
    return i;
  }
  int i = 63 + nn_ctz64(b->hi);
  b->hi &= b->hi - 1;
  return i;
}
/* Iterates over the cells of a board variable, consuming it:
 *   nn_bb t = board; BB_FOR(i, t) { ... }   (break and continue work) */
#define BB_FOR(i, t) for (int i; bb_any(t) && ((i = bb_pop(&(t))), 1);)

/* the cells below cell c (0..81) */
NONET_INLINE nn_bb bb_below(int c) {
  nn_bb r;
  r.lo = c >= 63 ? (1ull << 63) - 1 : (1ull << c) - 1;
  r.hi = c > 63 ? (1ull << (c - 63)) - 1 : 0;
  return r;
}

#endif
