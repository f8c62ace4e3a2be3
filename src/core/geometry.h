/* geometry.h: the constant grid geometry every part of the library
 * shares (tables in geometry.c, written by scripts/gen_tables.py), in the
 * library's unit numbering and in Sudoku Explainer's. Internal; not
 * installed. */
#ifndef NONET_CORE_GEOMETRY_H
#define NONET_CORE_GEOMETRY_H

#include <stdint.h>

#include "core/board.h"

/* The library's numbering (geometry.c). Units: 0-8 rows, 9-17 columns, 18-26
 * boxes. Segments (a box and a line meeting): 0-26 row r, stack s at r*3+s;
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

/* Sudoku Explainer's numbering: units 0-8 boxes, 9-17 rows, 18-26
 * columns; a cell's peers box, then row, then column. The SE rater
 * enumerates in this order (src/serate). */
extern const uint8_t nonet__se_unit_nn[27]; /* the library's unit */
extern const uint8_t nonet__se_unit[27][9];
extern const uint8_t nonet__se_cell_unit[81][3];  /* box, row, column */
extern const uint8_t nonet__se_cell_index[81][3]; /* index within them */
extern const uint8_t nonet__se_peers[81][20];
extern const nn_bb nonet__se_unit_bb[27];
extern const uint16_t nonet__se_shared[27][27]; /* cells of u also in v */

#endif
