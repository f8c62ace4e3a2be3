/* html.c: the HTML back-end: one self-contained page (inline CSS with
 * print styles, no script, nothing fetched), each sheet an A4 or Letter
 * box, each grid a 9x9 <table> placed where the layout says, so it looks
 * like the PDF and prints the same. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "backend.h"
#include "grid.h"
#include "nonet.h"

/* Kinds of grid styled (2 page kinds x sizes x boxes or jigsaw). */
#define MAX_KINDS 64

/* Writes text with &, <, > and " escaped. */
static void put_escaped(FILE *f, const char *s) {
  for (; *s; s++) {
    switch (*s) {
    case '&':
      fputs("&amp;", f);
      break;
    case '<':
      fputs("&lt;", f);
      break;
    case '>':
      fputs("&gt;", f);
      break;
    case '"':
      fputs("&quot;", f);
      break;
    default:
      fputc(*s, f);
    }
  }
}

/* The class of a kind of grid: "gp" (puzzles) or "gs" (solutions) for
 * the plain 9x9, with its size and boxes ("gp_16_4x4") or "j" for jigsaw
 * regions ("gp_9_j") for others, and "_k" when it has cages. */
static void grid_class(const nonet__slot *s, const nonet_render_puzzle *p,
                       char *buf, size_t cap) {
  int br = 3, bc = 3;
  const char *kind = s->solution ? "gs" : "gp";
  const nonet_variant *v = p->variant;
  const char *killer = v && nonet_variant_cage_count(v) ? "_k" : "";
  if (!v || nonet_variant_is_classic(v))
    snprintf(buf, cap, "%s", kind);
  else if (nonet_variant_box(v, &br, &bc))
    snprintf(buf, cap, "%s_%d_%dx%d%s", kind, s->n, br, bc, killer);
  else
    snprintf(buf, cap, "%s_%d_j%s", kind, s->n, killer);
}

/* The CSS of one kind of grid, from a slot: sizes, the thin lines, the
 * thick ones between boxes (a jigsaw's cells say where theirs are), the
 * lattice of pencil marks. */
static void put_grid_css(FILE *f, const char *cls, const nonet__slot *s,
                         const nonet_render_puzzle *p) {
  fprintf(f,
          "table.%s{width:%.2fpt;height:%.2fpt;font-size:%.2fpt;"
          "border:%.2fpt solid #000}\n"
          "table.%s td{width:%.2fpt;height:%.2fpt;border:%.2fpt solid #000}\n",
          cls, s->size, s->size, s->digit_pt, s->thick, cls, s->cell, s->cell,
          s->thin);
  int br = 3, bc = 3, mr, mc;
  if (!p->variant || nonet_variant_box(p->variant, &br, &bc))
    fprintf(f,
            "table.%s td:nth-child(%dn),table.%s tr:nth-child(%dn) "
            "td:nth-child(%dn){border-right-width:%.2fpt}\n"
            "table.%s tr:nth-child(%dn) td{border-bottom-width:%.2fpt}\n",
            cls, bc, cls, br, bc, s->thick, cls, br, s->thick);
  if (s->cand_pt > 0) {
    /* in a killer grid, inside the cages' outlines and below their sums */
    int killer = p->variant && nonet_variant_cage_count(p->variant);
    double pad = s->cell * (killer ? NONET__MARK_PAD_KILLER : NONET__CAND_PAD);
    nonet__mark_lattice(p, &mr, &mc);
    fprintf(f, "table.%s .cm{font-size:%.2fpt;padding:%.2fpt;height:%.2fpt",
            cls, s->cand_pt, pad, s->cell - s->thick);
    if (mr != 3 || mc != 3)
      fprintf(f,
              ";grid-template-columns:repeat(%d,1fr);"
              "grid-template-rows:repeat(%d,minmax(0,1fr))",
              mc, mr);
    fputs("}\n", f);
    if (killer)
      fprintf(f, "table.%s td.sc .cm{padding-top:%.2fpt}\n", cls,
              s->cell * NONET__MARK_TOP_SUM);
  }
}

/* A colour as #rrggbb. */
static void put_colour(FILE *f, const double rgb[3]) {
  fprintf(f, "#%02x%02x%02x", (int)(rgb[0] * 255 + 0.5),
          (int)(rgb[1] * 255 + 0.5), (int)(rgb[2] * 255 + 0.5));
}

/* A cell's own style: a jigsaw's thick borders, a shaded background. */
static void put_cell_style(FILE *f, const nonet__slot *s, const nonet__grid *g,
                           int jigsaw, int i) {
  int r = i / g->n, c = i % g->n;
  int right = jigsaw && c + 1 < g->n && nonet__grid_border_right(g, r, c);
  int below = jigsaw && r + 1 < g->n && nonet__grid_border_below(g, r, c);
  double rgb[3];
  int fill = nonet__grid_fill(g, i, rgb);
  if (!right && !below && !fill) return;
  fputs(" style=\"", f);
  if (right) fprintf(f, "border-right-width:%.2fpt;", s->thick);
  if (below) fprintf(f, "border-bottom-width:%.2fpt;", s->thick);
  if (fill) {
    fputs("background:", f);
    put_colour(f, rgb);
  }
  fputs("\"", f);
}

/* Killer cages over the grid: an SVG in points, each cage a dashed path
 * inset in its cells, its sum in the first cell's corner on the cell's
 * colour. */
static void put_cages(FILE *f, const nonet__slot *s, const nonet__grid *g) {
  double xy[2 * 4 * NONET_VARIANT_MAX_CELLS], c = s->cell, rgb[3];
  int lens[NONET_VARIANT_MAX_CELLS];
  fprintf(f,
          "<svg class=\"cages\" style=\"left:%.2fpt;top:%.2fpt\" "
          "width=\"%.2fpt\" height=\"%.2fpt\" viewBox=\"0 0 %.2f %.2f\">\n",
          s->x, s->y, s->size, s->size, s->size, s->size);
  for (int k = 0; k < g->ncages; k++) {
    int nl = nonet__cage_outline(g, k, NONET__CAGE_INSET, xy, lens), at = 0;
    fprintf(f,
            "<path class=\"cage\" stroke-width=\"%.2f\" "
            "stroke-dasharray=\"%.2f %.2f\" d=\"",
            s->thin, c * NONET__CAGE_DASH, c * NONET__CAGE_GAP);
    for (int l = 0; l < nl; at += lens[l++]) {
      for (int j = 0; j < lens[l]; j++)
        fprintf(f, "%s%.2f %.2f", j ? "L" : "M", xy[2 * (at + j)] * c,
                xy[2 * (at + j) + 1] * c);
      fputs("Z", f);
    }
    fputs("\"/>\n", f);
  }
  for (int k = 0; k < g->ncages; k++) {
    int i = g->cage_first[k];
    double x = (i % g->n) * c + c * NONET__SUM_PAD,
           y = (i / g->n) * c + c * NONET__SUM_PAD, pt = c * NONET__SUM_PT;
    int digits = g->cage_sum[k] >= 100 ? 3 : g->cage_sum[k] >= 10 ? 2 : 1;
    nonet__grid_fill(g, i, rgb);
    fprintf(f,
            "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" "
            "fill=\"",
            x - c * 0.02, y - c * 0.02, digits * pt * 0.6 + c * 0.04,
            pt * 0.75 + c * 0.04);
    put_colour(f, rgb);
    fprintf(f,
            "\"/><text class=\"sum\" x=\"%.2f\" y=\"%.2f\" "
            "font-size=\"%.2f\">%d</text>\n",
            x, y + pt * 0.73, pt, g->cage_sum[k]);
  }
  fputs("</svg>\n", f);
}

static void put_slot(FILE *f, const nonet__slot *s,
                     const nonet_render_puzzle *p, const nonet__layout *L) {
  nonet__grid g;
  nonet__grid_init(&g, p, L->opts.numbers);
  int jigsaw = p->variant && !nonet_variant_box(p->variant, NULL, NULL);
  char note[2 * NONET_RENDER_NOTE_MAX], cls[32], t[3];
  nonet__caption_note(p, note, sizeof note);
  grid_class(s, p, cls, sizeof cls);
  /* caption: a box as wide as the grid, its text's baseline at label_y */
  fprintf(f,
          "<div class=\"cap\" style=\"left:%.2fpt;top:%.2fpt;width:%.2fpt;"
          "font-size:%.2fpt\"><b>#%lu</b>",
          s->x, s->label_y - s->label_pt * 0.93, s->size, s->label_pt,
          p->number);
  if (!s->solution && note[0]) {
    fputs("<span>", f);
    put_escaped(f, note);
    fputs("</span>", f);
  }
  fputs("</div>\n", f);
  fprintf(f, "<table class=\"grid %s\" style=\"left:%.2fpt;top:%.2fpt\">\n",
          cls, s->x, s->y);
  if (s->cand_pt > 0) nonet__grid_marks(&g, p);
  for (int r = 0; r < g.n; r++) {
    fputs("<tr>", f);
    for (int c = 0; c < g.n; c++) {
      int i = r * g.n + c, d = nonet__slot_digit(s, p, i);
      fputs("<td", f);
      if (d)
        fprintf(f, " class=\"%s\"", p->cells[i] ? "g" : "s");
      else if (g.cage[i] >= 0 && g.cage_first[g.cage[i]] == i)
        fputs(" class=\"sc\"", f); /* holds a cage's sum */
      put_cell_style(f, s, &g, jigsaw, i);
      fputs(">", f);
      if (d) {
        fputs(nonet__digit_text(d, g.numbers, t), f);
      } else if (s->cand_pt > 0) {
        fputs("<div class=\"cm\">", f);
        for (int k = 1; k <= g.n; k++) {
          if (g.marks[i] & (1u << (k - 1)))
            fprintf(f, "<span>%s</span>", nonet__digit_text(k, g.numbers, t));
          else
            fputs("<span></span>", f);
        }
        fputs("</div>", f);
      }
      fputs("</td>", f);
    }
    fputs("</tr>\n", f);
  }
  fputs("</table>\n", f);
  if (!s->solution && g.ncages) put_cages(f, s, &g);
}

static const char base_css[] =
    "*{box-sizing:border-box}\n"
    "html,body{margin:0;padding:0}\n"
    "body{background:#d0d0d0;color:#000;"
    "font-family:\"DejaVu Sans\",\"Helvetica Neue\",Arial,sans-serif;"
    "-webkit-print-color-adjust:exact;print-color-adjust:exact}\n"
    ".page{position:relative;margin:16pt auto;background:#fff;"
    "overflow:hidden;box-shadow:0 1pt 5pt rgba(0,0,0,.4)}\n"
    "@media print{body{background:none}"
    ".page{margin:0;box-shadow:none;break-after:page;page-break-after:always}"
    ".page:last-child{break-after:auto;page-break-after:auto}}\n"
    "h1{position:absolute;margin:0;text-align:center;"
    "font-weight:bold;line-height:1.1;white-space:nowrap;overflow:hidden;"
    "text-overflow:ellipsis}\n"
    ".cap{position:absolute;display:flex;justify-content:space-between;"
    "align-items:baseline;line-height:1;white-space:nowrap}\n"
    ".cap span{min-width:0;overflow:hidden;text-overflow:ellipsis;"
    "margin-left:1em}\n"
    "table.grid{position:absolute;border-collapse:collapse;"
    "table-layout:fixed;border-spacing:0}\n"
    "table.grid td{padding:0;text-align:center;vertical-align:middle;"
    "line-height:1;overflow:hidden}\n"
    "table.grid td.s{color:#4d4d4d}\n"
    "table.gs td.g{font-weight:bold}\n"
    ".cm{display:grid;grid-template-columns:repeat(3,1fr);"
    "grid-template-rows:repeat(3,minmax(0,1fr));width:100%;height:100%;"
    "color:#555}\n"
    ".cm span{display:flex;align-items:center;justify-content:center}\n"
    "svg.cages{position:absolute;overflow:visible;pointer-events:none}\n"
    "svg.cages path{fill:none;stroke:#262626}\n"
    "svg.cages text{font-family:inherit}\n";

int nonet__render_html(const nonet__layout *L, const nonet_render_puzzle *p,
                       const char *out, char *err, size_t errcap) {
  int to_out = strcmp(out, "-") == 0;
  FILE *f = to_out ? stdout : fopen(out, "w");
  if (!f) {
    snprintf(err, errcap, "cannot write '%s': %s", out, strerror(errno));
    return -1;
  }
  const char *title =
      L->opts.title && L->opts.title[0] ? L->opts.title : "Sudoku";
  fputs(
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<meta name=\"generator\" content=\"nonet " NONET_VERSION_STRING "\">\n"
      "<title>",
      f);
  put_escaped(f, title);
  fputs("</title>\n<style>\n", f);
  fprintf(f, "@page{size:%.2fpt %.2fpt;margin:0}\n", L->width, L->height);
  fputs(base_css, f);
  fprintf(f,
          ".page{width:%.2fpt;height:%.2fpt}\nh1{left:%.2fpt;right:%.2fpt}\n",
          L->width, L->height, L->margin, L->margin);
  /* one style per kind of grid (puzzle or solution, size, boxes), from
   * the first slot of each kind */
  int npages = nonet__layout_pages(L), nseen = 0;
  char seen[MAX_KINDS][32];
  nonet__page pg;
  for (int k = 0; k < npages; k++) {
    nonet__layout_page(L, k, &pg);
    for (int j = 0; j < pg.nslots; j++) {
      const nonet_render_puzzle *q = &p[pg.slots[j].puzzle];
      char cls[32];
      grid_class(&pg.slots[j], q, cls, sizeof cls);
      int known = 0;
      for (int m = 0; m < nseen && !known; m++) known = !strcmp(seen[m], cls);
      if (known || nseen == MAX_KINDS) continue;
      snprintf(seen[nseen++], sizeof seen[0], "%s", cls);
      put_grid_css(f, cls, &pg.slots[j], q);
    }
  }
  fputs("</style>\n</head>\n<body>\n", f);
  for (int k = 0; k < npages; k++) {
    nonet__layout_page(L, k, &pg);
    fprintf(f, "<div class=\"page%s\">\n", pg.solutions ? " sol" : "");
    if (pg.has_header) {
      fprintf(f, "<h1 style=\"top:%.2fpt;font-size:%.2fpt\">",
              pg.header_y - pg.header_pt * 0.93, pg.header_pt);
      put_escaped(f, nonet__layout_header(L, &pg));
      fputs("</h1>\n", f);
    }
    for (int s = 0; s < pg.nslots; s++)
      put_slot(f, &pg.slots[s], &p[pg.slots[s].puzzle], L);
    fputs("</div>\n", f);
  }
  fputs("</body>\n</html>\n", f);
  /* a failed write, flush or close, with the system's reason */
  int bad = ferror(f), e = errno;
  errno = 0;
  if (to_out)
    bad |= fflush(f) != 0;
  else
    bad |= fclose(f) != 0;
  if (errno) e = errno;
  if (bad) {
    if (to_out)
      snprintf(err, errcap, "write error: %s", strerror(e ? e : EIO));
    else
      snprintf(err, errcap, "write error: '%s': %s", out,
               strerror(e ? e : EIO));
    return -1;
  }
  return 0;
}
