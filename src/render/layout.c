/* layout.c: where pages, grids, captions and headers go, and the file
 * each page goes to (SVG, PNG). Every back-end
 * draws from these numbers, so a PDF, an SVG, a PNG and an HTML page of
 * the same book look the same. */
#include "layout.h"

#include "grid.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define MARGIN 40.0      /* page margin, all four sides */
#define HEADER_PT 18.0   /* title size */
#define HEADER_BAND 36.0 /* room the title takes above the grids */
#define GAP 18.0         /* between two slots */
#define SOL_COLS 4       /* small solution grids per row (up to 12x12) */
#define SOL_LABEL_PT 8.0
#define SOL_GAP 14.0

static double label_pt_for(int per_page) {
  switch (per_page) {
  case 1:
    return 14.0;
  case 2:
    return 12.0;
  case 4:
    return 11.0;
  default:
    return 10.0;
  }
}

static double band_for(double label_pt) { return label_pt * 1.8; }

static int has_title(const nonet__layout *L) {
  return L->opts.title && L->opts.title[0];
}

/* The largest grid's side among the puzzles (9 without them). */
static int largest(const nonet_render_puzzle *puzzles, size_t n) {
  int big = 9;
  for (size_t k = 0; puzzles && k < n; k++) {
    int s = nonet__puzzle_size(&puzzles[k]);
    if (s > big) big = s;
  }
  return big;
}

int nonet__auto_per_page(int side) {
  return side >= 25 ? 1 : side >= 16 ? 2 : 4;
}

int nonet__layout_init(nonet__layout *L, const nonet_render_opts *o,
                       const nonet_render_puzzle *puzzles, size_t n) {
  const int big = largest(puzzles, n);
  L->opts = *o;
  if (o->per_page == 0) L->opts.per_page = nonet__auto_per_page(big);
  o = &L->opts;
  L->n = n;
  L->puzzles = puzzles;
  switch (o->paper) {
  case NONET_PAPER_A4:
    L->width = 210.0 / 25.4 * 72.0;
    L->height = 297.0 / 25.4 * 72.0;
    break;
  case NONET_PAPER_LETTER:
    L->width = 612.0;
    L->height = 792.0;
    break;
  default:
    return -1;
  }
  L->margin = MARGIN;
  switch (o->per_page) {
  case 1:
    L->cols = 1, L->rows = 1;
    break;
  case 2:
    L->cols = 1, L->rows = 2;
    break;
  case 4:
    L->cols = 2, L->rows = 2;
    break;
  case 6:
    L->cols = 2, L->rows = 3;
    break;
  default:
    return -1;
  }
  /* solution pages: SOL_COLS small grids a row, as many rows as fit */
  double cw = L->width - 2 * MARGIN;
  double ch = L->height - 2 * MARGIN - HEADER_BAND;
  /* (fewer a row for larger grids: a 25x25 solution four a row would
   * have cells of 4.6 points) */
  L->scols = big >= 25 ? SOL_COLS - 2 : big >= 16 ? SOL_COLS - 1 : SOL_COLS;
  double s = cw / L->scols - SOL_GAP;
  L->srows = (int)floor(ch / (s + band_for(SOL_LABEL_PT) + SOL_GAP));
  if (L->srows < 1) L->srows = 1;
  if (L->scols * L->srows > NONET__MAX_GRIDS)
    L->srows = NONET__MAX_GRIDS / L->scols;
  size_t per = (size_t)o->per_page, sper = (size_t)(L->scols * L->srows);
  L->puzzle_pages = (int)((n + per - 1) / per);
  L->solution_pages = o->solutions ? (int)((n + sper - 1) / sper) : 0;
  return 0;
}

int nonet__layout_pages(const nonet__layout *L) {
  return L->puzzle_pages + L->solution_pages;
}

const char *nonet__layout_header(const nonet__layout *L, const nonet__page *p) {
  if (!p->has_header) return "";
  if (p->solutions) return "Solutions";
  return L->opts.title;
}

/* Line widths grow with the cell but never get too faint to print. */
static void set_lines(nonet__slot *s) {
  s->thin = s->cell / 45.0;
  if (s->thin < 0.5) s->thin = 0.5;
  if (s->thin > 1.0) s->thin = 1.0;
  s->thick = s->cell / 13.0;
  if (s->thick < 1.5) s->thick = 1.5;
  if (s->thick > 3.0) s->thick = 3.0;
}

void nonet__layout_page(const nonet__layout *L, int page, nonet__page *out) {
  out->width = L->width;
  out->height = L->height;
  out->nslots = 0;
  out->solutions = page >= L->puzzle_pages;
  out->has_header = out->solutions || has_title(L);
  out->header_pt = HEADER_PT;
  out->header_y = L->margin + HEADER_PT;
  double top = L->margin + (out->has_header ? HEADER_BAND : 0.0);
  double cw = L->width - 2 * L->margin;
  double ch = L->height - L->margin - top;
  int cols, rows;
  double label_pt, gap;
  size_t first;
  if (!out->solutions) {
    cols = L->cols, rows = L->rows;
    label_pt = label_pt_for(L->opts.per_page);
    gap = GAP;
    first = (size_t)page * (size_t)L->opts.per_page;
  } else {
    cols = L->scols, rows = L->srows;
    label_pt = SOL_LABEL_PT;
    gap = SOL_GAP;
    first = (size_t)(page - L->puzzle_pages) * (size_t)(cols * rows);
  }
  double sw = cw / cols, sh = ch / rows, band = band_for(label_pt);
  double size = sw - gap;
  if (sh - gap - band < size) size = sh - gap - band;
  for (int k = 0; k < cols * rows && first + (size_t)k < L->n; k++) {
    nonet__slot *s = &out->slots[out->nslots++];
    int c = k % cols, r = k / cols;
    s->puzzle = first + (size_t)k;
    s->solution = out->solutions;
    s->size = size;
    s->n = L->puzzles ? nonet__puzzle_size(&L->puzzles[s->puzzle]) : 9;
    s->cell = size / s->n;
    /* the caption band and the grid, centred in the slot */
    s->x = L->margin + c * sw + (sw - size) / 2.0;
    s->y = top + r * sh + (sh - size - band) / 2.0 + band;
    s->label_pt = label_pt;
    s->label_y = s->y - label_pt * 0.6;
    s->digit_pt = s->cell * (out->solutions ? 0.62 : 0.6);
    if (s->n > 9 && L->opts.numbers) s->digit_pt *= 0.75; /* two figures */
    s->cand_pt = 0;
    if (!out->solutions && L->opts.candidates) {
      int mr = 3, mc = 3; /* as big as the lattice of marks allows */
      if (L->puzzles) nonet__mark_lattice(&L->puzzles[s->puzzle], &mr, &mc);
      s->cand_pt = s->cell * 0.66 / (mr > mc ? mr : mc);
    }
    set_lines(s);
  }
}

/* The file of a page, for back-ends writing one file a page. */
size_t nonet_render_page_path(const char *out, int page, int npages, char *buf,
                              size_t cap) {
  if (npages <= 1) return (size_t)snprintf(buf, cap, "%s", out);
  int width = 1;
  for (int m = npages; m >= 10; m /= 10) width++;
  const char *slash = strrchr(out, '/');
  const char *dot = strrchr(slash ? slash + 1 : out, '.');
  size_t stem = dot && dot != (slash ? slash + 1 : out) ? (size_t)(dot - out)
                                                        : strlen(out);
  return (size_t)snprintf(buf, cap, "%.*s-%0*d%s", (int)stem, out, width,
                          page + 1, out + stem);
}
