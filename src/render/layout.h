/* layout.h: page geometry shared by every back-end (cairo and HTML).
 * Units are PostScript points (1/72 inch), origin at the page's top left
 * corner, y growing downwards. */
#ifndef NONET_RENDER_LAYOUT_H
#define NONET_RENDER_LAYOUT_H

#include <stddef.h>

#include "render.h"

/** Most grids one page can hold (solution pages hold the most). */
#define NONET__MAX_GRIDS 40

/** Candidate marks sit in a 3x3 grid inset this much (times the cell
 * size) from the cell's lines. */
#define NONET__CAND_PAD 0.07

/** One grid placed on a page. */
typedef struct nonet__slot {
  size_t puzzle;      /* index into the book's puzzles */
  int solution;       /* 1: draw the solution (a small grid) */
  double x, y, size;  /* the grid's outer square (line centres) */
  int n;              /* cells a side (9, or the variant's size) */
  double cell;        /* size / n */
  double thin, thick; /* widths of the cell and the box lines */
  double digit_pt;    /* font size of the digits */
  double cand_pt;     /* font size of candidate marks (0: none) */
  double label_pt;    /* font size of the caption */
  double label_y;     /* caption baseline; "#n" starts at x, the note
                         ends at x + size */
} nonet__slot;

/** What one page holds. */
typedef struct nonet__page {
  int solutions;              /* 1: a page of solutions */
  double width, height;       /* the paper */
  int has_header;             /* the title, or "Solutions" */
  double header_pt, header_y; /* centred on the page at baseline y */
  int nslots;
  nonet__slot slots[NONET__MAX_GRIDS];
} nonet__page;

/** A book's plan, from its options and puzzle count. */
typedef struct nonet__layout {
  nonet_render_opts opts;
  size_t n;
  double width, height, margin;
  int cols, rows;   /* puzzle pages */
  int scols, srows; /* solution pages */
  int puzzle_pages, solution_pages;
  const nonet_render_puzzle *puzzles; /* the book's puzzles (their sizes),
                                         NULL: every grid 9x9 */
} nonet__layout;

/** Plans a book; returns 0, or -1 when the options are out of range.
 * `puzzles` (NULL: as many 9x9 grids) sets its scale: per_page 0 becomes
 * nonet__auto_per_page() of the largest grid, and solution pages take
 * fewer grids a row from 16x16 up. */
int nonet__layout_init(nonet__layout *L, const nonet_render_opts *o,
                       const nonet_render_puzzle *puzzles, size_t n);
/** Puzzles a page when per_page is 0, for grids up to `side` x `side`. */
int nonet__auto_per_page(int side);

/** Total number of pages. */
int nonet__layout_pages(const nonet__layout *L);

/** Places everything of page `page` (0-based). */
void nonet__layout_page(const nonet__layout *L, int page, nonet__page *out);

/** The header text of a page ("" when it has none). */
const char *nonet__layout_header(const nonet__layout *L, const nonet__page *p);

#endif
