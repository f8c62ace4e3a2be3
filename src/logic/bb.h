/* bb.h: 81-bit boards (one bit per cell) and the constant geometry of the
 * logic engine. Internal; not installed.
 *
 * Layout: cells 0..62 (rows 1-7) are bits 0..62 of `lo`, cells 63..80
 * (rows 8-9) bits 0..17 of `hi`, so no row straddles the two words. */
#ifndef NONET_LOGIC_BB_H
#define NONET_LOGIC_BB_H

#include <stdint.h>

#include "core/bits.h"

/* Popcounts that stay fast without the POPCNT instruction (the library
 * is built for the baseline CPU): a table for digit masks (9 bits), SWAR
 * for 64-bit words. */
extern const uint8_t nonet__pc9[512];
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

/* Geometry tables (tables.c). Units: 0-8 rows, 9-17 columns, 18-26 boxes.
 * Segments (a box and a line meeting): 0-26 row r, stack s at r*3+s;
 * 27-53 column c, band t at 27+c*3+t. */
extern const nn_bb nonet__peer_bb[81];
extern const nn_bb nonet__unit_bb[27];
extern const nn_bb nonet__seg_bb[54];
extern const uint8_t nonet__seg_cells[54][3];
extern const uint8_t nonet__unit_cells[27][9];
extern const uint8_t nonet__cell_units[81][3]; /* row, 9+col, 18+box */
extern const uint8_t nonet__cell_pos[81][3];   /* index within those */
extern const uint8_t nonet__peer_list[81][20];
extern const uint8_t nonet__triple[512]; /* see tables.c */
extern const uint8_t nonet__triple_col[512];
extern const uint8_t nonet__cell_segs[81][8]; /* segments a cell sees whole */
extern const uint8_t nonet__seg_segs[54][7];  /* 4 disjoint ones of its line
                                                 and box, 3 crossing it */

NONET_INLINE nn_bb bb_peers(int i) { return nonet__peer_bb[i]; }
NONET_INLINE nn_bb bb_unit(int u) { return nonet__unit_bb[u]; }
NONET_INLINE int nn_unit_of(int cell, int kind) {
  return nonet__cell_units[cell][kind];
}
NONET_INLINE int nn_box_of_seg(int s) {
  return s < 27 ? (s / 9) * 3 + s % 3 : ((s - 27) % 3) * 3 + (s - 27) / 9;
}
/* the line (unit number) of a segment */
NONET_INLINE int nn_line_of_seg(int s) {
  return s < 27 ? s / 3 : 9 + (s - 27) / 3;
}
/* the cells seeing every cell of b (b not empty): the intersection of
 * their peers */
NONET_INLINE nn_bb bb_common_peers(nn_bb b) {
  nn_bb r = {(1ull << 63) - 1, (1ull << 18) - 1};
  BB_FOR(i, b) r = bb_and(r, nonet__peer_bb[i]);
  return r;
}
/* 1 when two cells share a unit */
NONET_INLINE int nn_sees(int a, int b) {
  return a != b && bb_has(nonet__peer_bb[a], b);
}

#endif
