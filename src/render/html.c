/* html.c: the HTML back-end: one self-contained page (inline CSS with
 * print styles, no script, nothing fetched), each sheet an A4 or Letter
 * box, each grid a 9x9 <table> placed where the layout says, so it looks
 * like the PDF and prints the same. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "backend.h"
#include "nonet.h"

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

/* The CSS of one kind of grid (puzzle or solution), from a slot. */
static void put_grid_css(FILE *f, const char *cls, const nonet__slot *s) {
  fprintf(f,
          "table.%s{width:%.2fpt;height:%.2fpt;font-size:%.2fpt;"
          "border:%.2fpt solid #000}\n"
          "table.%s td{width:%.2fpt;height:%.2fpt;border:%.2fpt solid #000}\n"
          "table.%s td:nth-child(3n),table.%s tr:nth-child(3n) td:nth-child(3n)"
          "{border-right-width:%.2fpt}\n"
          "table.%s tr:nth-child(3n) td{border-bottom-width:%.2fpt}\n",
          cls, s->size, s->size, s->digit_pt, s->thick, cls, s->cell, s->cell,
          s->thin, cls, cls, s->thick, cls, s->thick);
  if (s->cand_pt > 0)
    fprintf(f, "table.%s .cm{font-size:%.2fpt;padding:%.2fpt}\n", cls,
            s->cand_pt, s->cell * NONET__CAND_PAD);
}

static void put_slot(FILE *f, const nonet__slot *s,
                     const nonet_render_puzzle *p) {
  /* caption: a box as wide as the grid, its text's baseline at label_y */
  fprintf(f,
          "<div class=\"cap\" style=\"left:%.2fpt;top:%.2fpt;width:%.2fpt;"
          "font-size:%.2fpt\"><b>#%lu</b>",
          s->x, s->label_y - s->label_pt * 0.93, s->size, s->label_pt,
          p->number);
  if (!s->solution && p->note[0]) {
    fputs("<span>", f);
    put_escaped(f, p->note);
    fputs("</span>", f);
  }
  fputs("</div>\n", f);
  fprintf(f, "<table class=\"grid %s\" style=\"left:%.2fpt;top:%.2fpt\">\n",
          s->solution ? "gs" : "gp", s->x, s->y);
  for (int r = 0; r < 9; r++) {
    fputs("<tr>", f);
    for (int c = 0; c < 9; c++) {
      int i = r * 9 + c, d = nonet__slot_digit(s, p, i);
      if (d) {
        fprintf(f, "<td class=\"%s\">%d</td>", p->cells[i] ? "g" : "s", d);
      } else if (s->cand_pt > 0) {
        nonet_mask m = nonet_candidates(p->cells, r, c);
        fputs("<td><div class=\"cm\">", f);
        for (int k = 1; k <= 9; k++) {
          if (m & (1u << (k - 1)))
            fprintf(f, "<span>%d</span>", k);
          else
            fputs("<span></span>", f);
        }
        fputs("</div></td>", f);
      } else {
        fputs("<td></td>", f);
      }
    }
    fputs("</tr>\n", f);
  }
  fputs("</table>\n", f);
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
    "grid-template-rows:repeat(3,1fr);width:100%;height:100%;color:#555}\n"
    ".cm span{display:flex;align-items:center;justify-content:center}\n";

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
  /* one style per kind of grid, from the first page of each kind */
  int npages = nonet__layout_pages(L);
  nonet__page pg;
  nonet__layout_page(L, 0, &pg);
  put_grid_css(f, "gp", &pg.slots[0]);
  if (L->solution_pages) {
    nonet__layout_page(L, L->puzzle_pages, &pg);
    put_grid_css(f, "gs", &pg.slots[0]);
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
      put_slot(f, &pg.slots[s], &p[pg.slots[s].puzzle]);
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
