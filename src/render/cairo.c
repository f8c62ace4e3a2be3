/* cairo.c: the PDF, SVG and PNG back-end, drawing the layout's pages
 * through cairo. Built only when cairo was found (NONET_HAVE_CAIRO). */
#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <cairo.h>
#include <errno.h>
#include <math.h>
#ifdef NONET_HAVE_FONTCONFIG
#include <fontconfig/fontconfig.h>
#endif
#include <stdio.h>
#include <string.h>

#include "backend.h"
#include "grid.h"
#include "nonet.h"

#define FONT "DejaVu Sans"

static void set_font(cairo_t *cr, int bold, double pt) {
  cairo_select_font_face(cr, FONT, CAIRO_FONT_SLANT_NORMAL,
                         bold ? CAIRO_FONT_WEIGHT_BOLD
                              : CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size(cr, pt);
}

/* Draws `s` with its ink centred on (cx, cy). */
static void text_centred(cairo_t *cr, const char *s, double cx, double cy) {
  cairo_text_extents_t e;
  cairo_text_extents(cr, s, &e);
  cairo_move_to(cr, cx - (e.x_bearing + e.width / 2.0),
                cy - (e.y_bearing + e.height / 2.0));
  cairo_show_text(cr, s);
}

/* Draws `s` with its baseline at y, starting at x (align 0) or ending at
 * x (align 1) or centred on x (align 0.5). */
static void text_at(cairo_t *cr, const char *s, double x, double y,
                    double align) {
  cairo_text_extents_t e;
  cairo_text_extents(cr, s, &e);
  cairo_move_to(cr, x - e.x_advance * align, y);
  cairo_show_text(cr, s);
}

static void line(cairo_t *cr, double x0, double y0, double x1, double y1) {
  cairo_move_to(cr, x0, y0);
  cairo_line_to(cr, x1, y1);
  cairo_stroke(cr);
}

/* On a raster (px = pixels per point, 0 for vector output), lines are
 * whole pixels wide and sit on pixel boundaries so that they come out
 * sharp; sets the line width and returns the snapped position of v. */
typedef struct pen {
  double px;    /* pixels per point, 0: no snapping */
  double width; /* the line width in points, snapped */
} pen;

static pen pen_for(cairo_t *cr, double px, double width) {
  pen p = {px, width};
  if (px > 0) {
    double w = round(width * px);
    p.width = (w < 1 ? 1 : w) / px;
  }
  cairo_set_line_width(cr, p.width);
  return p;
}

static double snap(const pen *p, double v) {
  if (p->px <= 0) return v;
  double w = round(p->width * p->px);
  double off = fmod(w, 2.0) == 1.0 ? 0.5 : 0.0;
  return (floor(v * p->px) + off) / p->px;
}

static void fill_cells(cairo_t *cr, const nonet__slot *s,
                       const nonet__grid *g) {
  double rgb[3];
  for (int i = 0; i < g->n * g->n; i++) {
    if (!nonet__grid_fill(g, i, rgb)) continue;
    cairo_set_source_rgb(cr, rgb[0], rgb[1], rgb[2]);
    cairo_rectangle(cr, s->x + (i % g->n) * s->cell,
                    s->y + (i / g->n) * s->cell, s->cell, s->cell);
    cairo_fill(cr);
  }
}

/* Dashed outlines inset in the cages' cells. */
static void draw_cages(cairo_t *cr, const nonet__slot *s,
                       const nonet__grid *g) {
  double xy[2 * 4 * NONET_VARIANT_MAX_CELLS];
  int lens[NONET_VARIANT_MAX_CELLS];
  double c = s->cell, dash[2] = {c * NONET__CAGE_DASH, c * NONET__CAGE_GAP};
  cairo_set_source_rgb(cr, 0.15, 0.15, 0.15);
  cairo_set_line_width(cr, s->thin);
  cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER);
  cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
  cairo_set_dash(cr, dash, 2, 0);
  for (int k = 0; k < g->ncages; k++) {
    int nl = nonet__cage_outline(g, k, NONET__CAGE_INSET, xy, lens), at = 0;
    for (int l = 0; l < nl; at += lens[l++]) {
      for (int j = 0; j < lens[l]; j++) {
        double px = s->x + xy[2 * (at + j)] * c,
               py = s->y + xy[2 * (at + j) + 1] * c;
        if (j == 0)
          cairo_move_to(cr, px, py);
        else
          cairo_line_to(cr, px, py);
      }
      cairo_close_path(cr);
    }
    cairo_stroke(cr);
  }
  cairo_set_dash(cr, NULL, 0, 0);
}

/* Each cage's sum in the top-left corner of its first cell, on the
 * cell's own colour so that the outline stops short of it. */
static void draw_sums(cairo_t *cr, const nonet__slot *s, const nonet__grid *g) {
  double c = s->cell, rgb[3];
  set_font(cr, 0, c * NONET__SUM_PT);
  for (int k = 0; k < g->ncages; k++) {
    char t[16];
    snprintf(t, sizeof t, "%d", g->cage_sum[k]);
    int i = g->cage_first[k];
    double x = s->x + (i % g->n) * c + c * NONET__SUM_PAD,
           y = s->y + (i / g->n) * c + c * NONET__SUM_PAD;
    cairo_text_extents_t e;
    cairo_text_extents(cr, t, &e);
    nonet__grid_fill(g, i, rgb);
    cairo_set_source_rgb(cr, rgb[0], rgb[1], rgb[2]);
    double m = c * 0.02;
    cairo_rectangle(cr, x - m, y - m, e.x_advance + 2 * m,
                    -e.y_bearing + 2 * m);
    cairo_fill(cr);
    cairo_set_source_rgb(cr, 0, 0, 0);
    cairo_move_to(cr, x, y - e.y_bearing);
    cairo_show_text(cr, t);
  }
}

/* Pencil marks, small and grey, each digit in its place of the cell's
 * lattice of marks (inside a cage's outline, below its sum). */
static void draw_marks(cairo_t *cr, const nonet__slot *s, nonet__grid *g,
                       const nonet_render_puzzle *p) {
  double c = s->cell;
  nonet__grid_marks(g, p);
  set_font(cr, 0, s->cand_pt);
  cairo_set_source_rgb(cr, 0.33, 0.33, 0.33);
  int sums[NONET_VARIANT_MAX_CELLS] = {0};
  for (int k = 0; k < g->ncages; k++) sums[g->cage_first[k]] = 1;
  double pad = c * (g->ncages ? NONET__MARK_PAD_KILLER : NONET__CAND_PAD);
  for (int i = 0; i < g->n * g->n; i++) {
    double top = sums[i] ? c * NONET__MARK_TOP_SUM : pad;
    double w = (c - 2 * pad) / g->mark_cols, h = (c - top - pad) / g->mark_rows;
    for (int d = 1; d <= g->n; d++) {
      if (!(g->marks[i] & (1u << (d - 1)))) continue;
      char t[3];
      text_centred(
          cr, nonet__digit_text(d, g->numbers, t),
          s->x + (i % g->n) * c + pad + ((d - 1) % g->mark_cols + 0.5) * w,
          s->y + (i / g->n) * c + top + ((d - 1) / g->mark_cols + 0.5) * h);
    }
  }
}

/* The grid's lines: thin between the cells of a region, thick (with
 * square ends, so that corners close) where regions meet, and around.
 * Each line is drawn as runs of edges of one kind. */
static void draw_lines(cairo_t *cr, const nonet__slot *s, const nonet__grid *g,
                       double px) {
  double x = s->x, y = s->y, c = s->cell;
  int n = g->n;
  cairo_set_source_rgb(cr, 0, 0, 0);
  pen thick = pen_for(cr, px, s->thick);
  double x0 = snap(&thick, x), y0 = snap(&thick, y);
  double x1 = snap(&thick, x + s->size), y1 = snap(&thick, y + s->size);
  for (int pass = 0; pass < 2; pass++) {
    pen pn = pen_for(cr, px, pass ? s->thick : s->thin);
    cairo_set_line_cap(cr, pass ? CAIRO_LINE_CAP_SQUARE : CAIRO_LINE_CAP_BUTT);
    for (int k = 1; k < n; k++) {
      double h = snap(&pn, y + k * c), v = snap(&pn, x + k * c);
      int hs = -1, vs = -1; /* where the current run started */
      for (int j = 0; j <= n; j++) {
        int hon = j < n && nonet__grid_border_below(g, k - 1, j) == pass;
        int von = j < n && nonet__grid_border_right(g, j, k - 1) == pass;
        double at = j == n ? x1 : snap(&thick, x + j * c);
        double aty = j == n ? y1 : snap(&thick, y + j * c);
        if (hon && hs < 0) hs = j;
        if (!hon && hs >= 0) {
          line(cr, hs ? snap(&thick, x + hs * c) : x0, h, at, h);
          hs = -1;
        }
        if (von && vs < 0) vs = j;
        if (!von && vs >= 0) {
          line(cr, v, vs ? snap(&thick, y + vs * c) : y0, v, aty);
          vs = -1;
        }
      }
    }
  }
  pen_for(cr, px, s->thick);
  cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER);
  cairo_rectangle(cr, x0, y0, x1 - x0, y1 - y0);
  cairo_stroke(cr);
}

static void draw_slot(cairo_t *cr, const nonet__slot *s,
                      const nonet_render_puzzle *p, const nonet__layout *L,
                      double px) {
  nonet__grid g;
  nonet__grid_init(&g, p, L->opts.numbers);
  double x = s->x, y = s->y, c = s->cell;
  /* caption: "#n" on the left, the rules and the note on the right */
  char label[32], note[2 * NONET_RENDER_NOTE_MAX];
  snprintf(label, sizeof label, "#%lu", p->number);
  nonet__caption_note(p, note, sizeof note);
  cairo_set_source_rgb(cr, 0, 0, 0);
  set_font(cr, 1, s->label_pt);
  text_at(cr, label, x, s->label_y, 0);
  if (!s->solution && note[0]) {
    /* as big as the caption's, unless that would run into "#n" */
    cairo_text_extents_t e;
    cairo_text_extents(cr, label, &e);
    double room = s->size - e.x_advance - s->label_pt;
    set_font(cr, 0, s->label_pt);
    cairo_text_extents(cr, note, &e);
    if (e.x_advance > room && room > 0)
      set_font(cr, 0, s->label_pt * room / e.x_advance);
    text_at(cr, note, x + s->size, s->label_y, 1);
  }
  fill_cells(cr, s, &g);
  /* cages on the puzzle pages (a solution's small grid shows regions) */
  if (!s->solution && g.ncages) draw_cages(cr, s, &g);
  if (s->cand_pt > 0) draw_marks(cr, s, &g, p);
  /* digits: givens in black; in a solution, the givens bold and the
   * found digits lighter */
  for (int i = 0; i < g.n * g.n; i++) {
    int d = nonet__slot_digit(s, p, i);
    if (!d) continue;
    int given = p->cells[i] != 0;
    set_font(cr, s->solution && given, s->digit_pt);
    if (s->solution && !given)
      cairo_set_source_rgb(cr, 0.3, 0.3, 0.3);
    else
      cairo_set_source_rgb(cr, 0, 0, 0);
    char t[3];
    text_centred(cr, nonet__digit_text(d, g.numbers, t),
                 x + (i % g.n + 0.5) * c, y + (i / g.n + 0.5) * c);
  }
  if (!s->solution && g.ncages) draw_sums(cr, s, &g);
  draw_lines(cr, s, &g, px);
}

static void draw_page(cairo_t *cr, const nonet__layout *L, int page,
                      const nonet_render_puzzle *puzzles, double px) {
  nonet__page pg;
  nonet__layout_page(L, page, &pg);
  cairo_save(cr);
  /* no hinting: a PNG page then has the same shapes and positions as
   * the PDF and SVG ones (hinting would snap glyphs to pixels) */
  cairo_font_options_t *fo = cairo_font_options_create();
  cairo_font_options_set_hint_style(fo, CAIRO_HINT_STYLE_NONE);
  cairo_font_options_set_hint_metrics(fo, CAIRO_HINT_METRICS_OFF);
  cairo_set_font_options(cr, fo);
  cairo_font_options_destroy(fo);
  cairo_set_source_rgb(cr, 1, 1, 1);
  cairo_paint(cr);
  if (pg.has_header) {
    /* a long title is made smaller to fit between the margins */
    const char *h = nonet__layout_header(L, &pg);
    cairo_text_extents_t e;
    cairo_set_source_rgb(cr, 0, 0, 0);
    set_font(cr, 1, pg.header_pt);
    cairo_text_extents(cr, h, &e);
    double room = pg.width - 2 * L->margin;
    if (e.x_advance > room) set_font(cr, 1, pg.header_pt * room / e.x_advance);
    text_at(cr, h, pg.width / 2.0, pg.header_y, 0.5);
  }
  for (int k = 0; k < pg.nslots; k++)
    draw_slot(cr, &pg.slots[k], &puzzles[pg.slots[k].puzzle], L, px);
  cairo_restore(cr);
}

/* Where cairo's bytes go: our own stream (a file we open, or standard
 * output), so that a failed write, flush or close is seen with its errno
 * ("No space left on device"), which cairo's own file output would not
 * tell. */
typedef struct sink {
  FILE *f;
  const char *path;
  int errnum; /* the first write error */
} sink;

static cairo_status_t to_sink(void *closure, const unsigned char *data,
                              unsigned int len) {
  sink *k = closure;
  if (k->errnum) return CAIRO_STATUS_WRITE_ERROR;
  errno = 0;
  if (fwrite(data, 1, len, k->f) == len) return CAIRO_STATUS_SUCCESS;
  k->errnum = errno ? errno : EIO;
  return CAIRO_STATUS_WRITE_ERROR;
}

static int sink_open(sink *k, const char *path, char *err, size_t errcap) {
  k->path = path;
  k->errnum = 0;
  k->f = strcmp(path, "-") == 0 ? stdout : fopen(path, "wb");
  if (k->f) return 0;
  snprintf(err, errcap, "cannot write '%s': %s", path, strerror(errno));
  return -1;
}

/* Flushes or closes the stream; -1 with "write error: ..." when any write
 * failed. */
static int sink_close(sink *k, char *err, size_t errcap) {
  errno = 0;
  int bad = k->f == stdout ? fflush(k->f) != 0 : fclose(k->f) != 0;
  if (bad && !k->errnum) k->errnum = errno ? errno : EIO;
  if (!k->errnum) return 0;
  if (k->f == stdout)
    snprintf(err, errcap, "write error: %s", strerror(k->errnum));
  else
    snprintf(err, errcap, "write error: '%s': %s", k->path,
             strerror(k->errnum));
  return -1;
}

static int failed(cairo_status_t st, const char *path, char *err,
                  size_t errcap) {
  if (st == CAIRO_STATUS_SUCCESS) return 0;
  snprintf(err, errcap, "cannot write '%s': %s", path,
           cairo_status_to_string(st));
  return -1;
}

static int render_pdf(const nonet__layout *L, const nonet_render_puzzle *p,
                      const char *out, char *err, size_t errcap) {
  sink k;
  if (sink_open(&k, out, err, errcap) < 0) return -1;
  cairo_surface_t *sf =
      cairo_pdf_surface_create_for_stream(to_sink, &k, L->width, L->height);
  if (failed(cairo_surface_status(sf), out, err, errcap)) {
    cairo_surface_destroy(sf);
    sink_close(&k, err, errcap);
    return -1;
  }
#if CAIRO_VERSION >= CAIRO_VERSION_ENCODE(1, 16, 0)
  if (L->opts.title && L->opts.title[0])
    cairo_pdf_surface_set_metadata(sf, CAIRO_PDF_METADATA_TITLE, L->opts.title);
  cairo_pdf_surface_set_metadata(sf, CAIRO_PDF_METADATA_CREATOR,
                                 "nonet " NONET_VERSION_STRING);
#endif
  cairo_t *cr = cairo_create(sf);
  for (int pg = 0; pg < nonet__layout_pages(L); pg++) {
    draw_page(cr, L, pg, p, 0);
    cairo_show_page(cr);
  }
  cairo_status_t st = cairo_status(cr);
  cairo_destroy(cr);
  cairo_surface_finish(sf);
  if (st == CAIRO_STATUS_SUCCESS) st = cairo_surface_status(sf);
  cairo_surface_destroy(sf);
  if (sink_close(&k, err, errcap) < 0) return -1;
  return failed(st, out, err, errcap);
}

/* SVG and PNG: one file per page. */
static int render_pages(const nonet__layout *L, const nonet_render_puzzle *p,
                        const char *out, char *err, size_t errcap) {
  int npages = nonet__layout_pages(L), svg = L->opts.format == NONET_RENDER_SVG;
  double scale = svg ? 1.0 : L->opts.dpi / 72.0;
  int wpx = (int)ceil(L->width * scale - 1e-6),
      hpx = (int)ceil(L->height * scale - 1e-6);
  for (int pg = 0; pg < npages; pg++) {
    char path[4096];
    if (nonet_render_page_path(out, pg, npages, path, sizeof path) >=
        sizeof path) {
      snprintf(err, errcap, "file name too long");
      return -1;
    }
    sink k;
    if (sink_open(&k, path, err, errcap) < 0) return -1;
    cairo_surface_t *sf;
    if (svg) {
      sf =
          cairo_svg_surface_create_for_stream(to_sink, &k, L->width, L->height);
#if CAIRO_VERSION >= CAIRO_VERSION_ENCODE(1, 16, 0)
      if (cairo_surface_status(sf) == CAIRO_STATUS_SUCCESS)
        cairo_svg_surface_set_document_unit(sf, CAIRO_SVG_UNIT_PT);
#endif
    } else {
      sf = cairo_image_surface_create(CAIRO_FORMAT_RGB24, wpx, hpx);
    }
    if (failed(cairo_surface_status(sf), path, err, errcap)) {
      cairo_surface_destroy(sf);
      sink_close(&k, err, errcap);
      return -1;
    }
    cairo_t *cr = cairo_create(sf);
    cairo_scale(cr, scale, scale);
    draw_page(cr, L, pg, p, svg ? 0 : scale);
    cairo_show_page(cr);
    cairo_status_t st = cairo_status(cr);
    cairo_destroy(cr);
    if (st == CAIRO_STATUS_SUCCESS && !svg)
      st = cairo_surface_write_to_png_stream(sf, to_sink, &k);
    cairo_surface_finish(sf);
    if (st == CAIRO_STATUS_SUCCESS) st = cairo_surface_status(sf);
    cairo_surface_destroy(sf);
    if (sink_close(&k, err, errcap) < 0) return -1;
    if (failed(st, path, err, errcap)) return -1;
  }
  return 0;
}

int nonet__render_cairo(const nonet__layout *L, const nonet_render_puzzle *p,
                        const char *out, char *err, size_t errcap) {
  if (L->opts.format == NONET_RENDER_PDF)
    return render_pdf(L, p, out, err, errcap);
  return render_pages(L, p, out, err, errcap);
}

void nonet__render_cairo_release(void) {
  cairo_debug_reset_static_data();
#ifdef NONET_HAVE_FONTCONFIG
  FcFini(); /* the configuration cairo's fonts came from */
#endif
}
