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

static void draw_slot(cairo_t *cr, const nonet__slot *s,
                      const nonet_render_puzzle *p, double px) {
  double x = s->x, y = s->y, c = s->cell;
  /* caption: "#n" on the left, the note on the right */
  char label[32];
  snprintf(label, sizeof label, "#%lu", p->number);
  cairo_set_source_rgb(cr, 0, 0, 0);
  set_font(cr, 1, s->label_pt);
  text_at(cr, label, x, s->label_y, 0);
  if (!s->solution && p->note[0]) {
    /* as big as the caption's, unless that would run into "#n" */
    cairo_text_extents_t e;
    cairo_text_extents(cr, label, &e);
    double room = s->size - e.x_advance - s->label_pt;
    set_font(cr, 0, s->label_pt);
    cairo_text_extents(cr, p->note, &e);
    if (e.x_advance > room && room > 0)
      set_font(cr, 0, s->label_pt * room / e.x_advance);
    text_at(cr, p->note, x + s->size, s->label_y, 1);
  }
  /* candidate marks, small and grey, each digit in its ninth of the cell */
  if (s->cand_pt > 0) {
    set_font(cr, 0, s->cand_pt);
    cairo_set_source_rgb(cr, 0.33, 0.33, 0.33);
    for (int i = 0; i < 81; i++) {
      if (p->cells[i]) continue;
      nonet_mask m = nonet_candidates(p->cells, i / 9, i % 9);
      for (int d = 1; d <= 9; d++) {
        if (!(m & (1u << (d - 1)))) continue;
        char t[2] = {(char)('0' + d), 0};
        double pad = c * NONET__CAND_PAD, sub = (c - 2 * pad) / 3.0;
        text_centred(cr, t, x + (i % 9) * c + pad + ((d - 1) % 3 + 0.5) * sub,
                     y + (i / 9) * c + pad + ((d - 1) / 3 + 0.5) * sub);
      }
    }
  }
  /* digits: givens in black; in a solution, the givens bold and the
   * found digits lighter */
  for (int i = 0; i < 81; i++) {
    int d = nonet__slot_digit(s, p, i);
    if (!d) continue;
    int given = p->cells[i] != 0;
    set_font(cr, s->solution && given, s->digit_pt);
    if (s->solution && !given)
      cairo_set_source_rgb(cr, 0.3, 0.3, 0.3);
    else
      cairo_set_source_rgb(cr, 0, 0, 0);
    char t[2] = {(char)('0' + d), 0};
    text_centred(cr, t, x + (i % 9 + 0.5) * c, y + (i / 9 + 0.5) * c);
  }
  /* lines: thin between cells, thick between boxes and around */
  cairo_set_source_rgb(cr, 0, 0, 0);
  cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
  pen thick = pen_for(cr, px, s->thick);
  double x0 = snap(&thick, x), y0 = snap(&thick, y);
  double x1 = snap(&thick, x + s->size), y1 = snap(&thick, y + s->size);
  pen thin = pen_for(cr, px, s->thin);
  for (int k = 1; k < 9; k++) {
    if (k % 3 == 0) continue;
    double h = snap(&thin, y + k * c), v = snap(&thin, x + k * c);
    line(cr, x0, h, x1, h);
    line(cr, v, y0, v, y1);
  }
  pen_for(cr, px, s->thick);
  for (int k = 3; k < 9; k += 3) {
    double h = snap(&thick, y + k * c), v = snap(&thick, x + k * c);
    line(cr, x0, h, x1, h);
    line(cr, v, y0, v, y1);
  }
  cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER);
  cairo_rectangle(cr, x0, y0, x1 - x0, y1 - y0);
  cairo_stroke(cr);
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
    draw_slot(cr, &pg.slots[k], &puzzles[pg.slots[k].puzzle], px);
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
