/* grid.h: what a grid of any kind looks like, for every back-end: its
 * size, where its region borders run, which cells are shaded (diagonals,
 * windoku windows, disjoint groups), its killer cages (outlines inset in
 * their cells, the sum in the first cell's corner), the text of a digit
 * (A..P or numbers above 9), pencil marks and the rules named in the
 * caption. Built from a nonet_render_puzzle: the plain 9x9 rules when it
 * has no variant. Read through the public variant API only. */
#ifndef NONET_RENDER_GRID_H
#define NONET_RENDER_GRID_H

#include <stddef.h>
#include <stdint.h>

#include "render.h"

/* Killer cages, in cells: the outline's inset, its dashes and gaps, the
 * sum's size and its distance from the cell's corner. */
#define NONET__CAGE_INSET 0.09
#define NONET__CAGE_DASH 0.07
#define NONET__CAGE_GAP 0.05
#define NONET__SUM_PT 0.24
#define NONET__SUM_PAD 0.05
/* Pencil marks of a killer grid: inset from the cell's lines (inside the
 * outline), and from its top in a cell holding a sum (below it). */
#define NONET__MARK_PAD_KILLER (NONET__CAGE_INSET + 0.04)
#define NONET__MARK_TOP_SUM (NONET__SUM_PAD + NONET__SUM_PT * 0.8)

/* Shading of a cell: bits of the extra regions it belongs to. */
enum {
  NONET__SHADE_DIAGONAL = 1,
  NONET__SHADE_WINDOW = 2,
  NONET__SHADE_DISJOINT = 4
};

typedef struct nonet__grid {
  int n;                    /* N: N x N cells */
  int mark_rows, mark_cols; /* pencil marks sit on this lattice */
  int numbers;              /* 1: digits above 9 as numbers */
  uint8_t region[NONET_VARIANT_MAX_CELLS]; /* box or jigsaw region */
  uint8_t shade[NONET_VARIANT_MAX_CELLS];  /* NONET__SHADE_* bits */
  uint8_t group[NONET_VARIANT_MAX_CELLS];  /* disjoint group (0..N-1) */
  int16_t cage[NONET_VARIANT_MAX_CELLS];   /* cage of a cell, -1: none */
  int ncages;
  int cage_sum[NONET_VARIANT_MAX_CELLS];   /* per cage */
  int cage_first[NONET_VARIANT_MAX_CELLS]; /* its top-left cell (the first
                                              in reading order) */
  /* pencil marks: the digits the givens leave each empty cell by every
   * house and relation (filled by nonet__grid_marks) */
  uint32_t marks[NONET_VARIANT_MAX_CELLS];
} nonet__grid;

/* The size of a puzzle's grid (9 without a variant). */
int nonet__puzzle_size(const nonet_render_puzzle *p);

/* The lattice pencil marks sit on: the boxes' shape (rows x columns; 3x3
 * for 9x9), for jigsaw grids as square as N allows. */
void nonet__mark_lattice(const nonet_render_puzzle *p, int *rows, int *cols);

/* Builds the picture of a puzzle's rules (not its pencil marks). */
void nonet__grid_init(nonet__grid *g, const nonet_render_puzzle *p,
                      int numbers);

/* Fills g->marks from the givens of `p`. */
void nonet__grid_marks(nonet__grid *g, const nonet_render_puzzle *p);

/* 1 when a region border runs right of cell (r, c) (between it and
 * (r, c+1)), or below it (between it and (r+1, c)). */
int nonet__grid_border_right(const nonet__grid *g, int r, int c);
int nonet__grid_border_below(const nonet__grid *g, int r, int c);

/* The fill colour of a cell (0..1 each); returns 0 for white. */
int nonet__grid_fill(const nonet__grid *g, int cell, double rgb[3]);

/* The text of a digit: "7", "A" (10) .. "P" (25), or "10" .. "25" with
 * numbers. `buf` holds 3 bytes. */
const char *nonet__digit_text(int digit, int numbers, char buf[3]);

/* The corners of cage k's outline inset by `inset` cells, in cell units
 * (x = column, y = row), as closed loops: writes the points of every
 * loop to xy (pairs; room for 2 * 4 * 625 doubles) and the point count
 * of each loop to lens (room for 625), returns the number of loops. The
 * loops run clockwise on the page. */
int nonet__cage_outline(const nonet__grid *g, int k, double inset, double *xy,
                        int *lens);

/* The caption's note: the rules of the puzzle ("16x16, jigsaw, diagonals,
 * killer"; nothing for the plain 9x9) and the puzzle's own note, joined
 * by " · ". */
void nonet__caption_note(const nonet_render_puzzle *p, char *buf, size_t cap);

#endif
