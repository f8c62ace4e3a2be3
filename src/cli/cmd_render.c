/* cmd_render.c: nonet render, printable pages (PDF, SVG, PNG, HTML) of
 * puzzles read by the batch reader; the drawing is src/render/. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "render/render.h"

typedef struct render_list {
  nonet_render_puzzle *items;
  size_t n, cap;
  int oom;
  unsigned long left_out; /* records named on stderr */
  double timeout;         /* seconds a variant's search may take (0: none) */
  size_t one_page;        /* SVG or PNG to standard output: the most
                             puzzles one page holds (0: no such limit) */
  int over;               /* more than one page's puzzles were kept: the
                             rest is not looked at */
} render_list;

/* Room for one more puzzle; NULL when out of memory. */
static nonet_render_puzzle *grow(render_list *l) {
  if (l->n == l->cap) {
    size_t cap = l->cap ? 2 * l->cap : 64;
    nonet_render_puzzle *m = realloc(l->items, cap * sizeof *m);
    if (!m) return NULL;
    l->items = m;
    l->cap = cap;
  }
  return &l->items[l->n];
}

/* Called in input order (the batch runs on one thread): keeps each good
 * puzzle (a variant's rules move to the list), names each one that
 * cannot go in a book. */
static void keep_one(cli_item *it, void *ctx) {
  render_list *l = ctx;
  if (l->over) return; /* the book cannot be made: no more searches */
  if (it->rec.status != NONET_OK) { /* named by the batch runner */
    l->left_out++;
    return;
  }
  nonet_render_puzzle *p = grow(l);
  if (!p) {
    l->oom = 1;
    it->failed = 1;
    return;
  }
  memset(p, 0, sizeof *p);
  int ok = cli_solve_unique(it, p->solution, l->timeout) == 1;
  if (!ok) {
    it->failed = 1;
    l->left_out++;
    return;
  }
  if (it->var) {
    int n = nonet_variant_size(it->var->variant);
    memcpy(p->cells, it->var->cells, (size_t)(n * n));
    p->variant = it->var->variant;
    it->var->variant = NULL; /* the list's now */
  } else {
    memcpy(p->cells, it->rec.cells, 81);
  }
  l->n++;
  p->number = (unsigned long)l->n;
  nonet_render_note_from_tail(it->rec.tail, p->note, sizeof p->note);
  if (l->one_page && l->n > l->one_page) l->over = 1;
}

/* SVG and PNG write a file a page: standard output takes one page, and
 * the book has more (`pages`; 0: more than one, not counted). A usage
 * error, named before anything is written. */
static int one_page_only(const nonet_render_opts *o, int pages) {
  const char *ext = nonet_render_format_name(o->format);
  char count[32] = "more than one page";
  if (pages > 1) snprintf(count, sizeof count, "%d pages", pages);
  fprintf(stderr,
          "nonet render: -o - takes one %s page (a file a page), and this "
          "book has %s%s: give a file name (-o book.%s writes book-1.%s, "
          "book-2.%s, ...) or -f pdf\n",
          o->format == NONET_RENDER_SVG ? "SVG" : "PNG", count,
          o->solutions ? " (the solutions take a page of their own)" : "", ext,
          ext, ext);
  return CLI_USAGE;
}

static void free_list(render_list *l) {
  for (size_t k = 0; k < l->n; k++)
    nonet_variant_free((nonet_variant *)l->items[k].variant);
  free(l->items);
}

static const char usage[] =
    "usage: nonet render [options] -o OUT [FILE|PUZZLE...]\n"
    "\n"
    "Makes printable pages of the puzzles of the files (standard input when\n"
    "none is given): proper grids, a caption per puzzle (its number, and\n"
    "its level or rating when the line has one after the 81st cell, as\n"
    "`nonet rate` prints), optionally the solutions at the end.\n"
    "Variant puzzles too (see docs/variants.md): any size from 4x4 to\n"
    "25x25, jigsaw regions with thick borders, diagonals, windoku windows\n"
    "and disjoint groups lightly shaded, killer cages as dashed outlines\n"
    "with their sums in the corner; the caption names the rules.\n"
    "Puzzles that cannot be read, break a rule or have no unique solution\n"
    "are named (FILE:LINE) on standard error and left out.\n"
    "\n"
    "options:\n"
    "  -o, --output OUT       the file to write ('-': standard output,\n"
    "                         which takes one SVG or PNG page only)\n"
    "  -f, --format FMT       pdf, svg, png or html (default: from OUT's\n"
    "                         extension). SVG and PNG write one file per\n"
    "                         page: book.png -> book-1.png, book-2.png, ...\n"
    "                         (just book.png when there is one page)\n"
    "  -n, --per-page N       puzzles per page: 1, 2, 4 or 6 (default 4;\n"
    "                         2 when a grid is 16x16, 1 when one is 25x25)\n"
    "  -p, --paper SIZE       a4 or letter (default a4)\n"
    "  -T, --title TEXT       a heading on every puzzle page\n"
    "  -s, --solutions        the solutions in small grids at the end\n"
    "  -c, --candidates       pencil marks (candidates) in the empty cells\n"
    "  -r, --dpi N            PNG resolution (default 150)\n"
    "  -N, --numbers          digits above 9 as numbers 10..25 (default:\n"
    "                         the letters A..P)\n"
    "      --timeout SECS     give up on a variant puzzle whose solution is\n"
    "                         not found in time (it is left out; the others\n"
    "                         are rendered). Classic 9x9: not timed\n"
    "  -h, --help             show this help\n"
    "\n"
    "PDF, SVG and PNG need a nonet built with cairo; HTML always works.\n"
    "\n"
    "exit status: 0 every puzzle is in the book, 1 some were left out (or\n"
    "none could be rendered, or writing failed), 2 usage error\n";

static int bad_usage(void) {
  fprintf(stderr, "%.*s\nTry 'nonet render --help'.\n",
          (int)strcspn(usage, "\n"), usage);
  return CLI_USAGE;
}

int cmd_render(int argc, char **argv) {
  static const struct option longs[] = {
      {"output", required_argument, NULL, 'o'},
      {"format", required_argument, NULL, 'f'},
      {"per-page", required_argument, NULL, 'n'},
      {"paper", required_argument, NULL, 'p'},
      {"title", required_argument, NULL, 'T'},
      {"solutions", no_argument, NULL, 's'},
      {"candidates", no_argument, NULL, 'c'},
      {"dpi", required_argument, NULL, 'r'},
      {"numbers", no_argument, NULL, 'N'},
      {"help", no_argument, NULL, 'h'},
      CLI_TIMEOUT_OPTION,
      {NULL, 0, NULL, 0}};
  const char *prog = "nonet render", *out = NULL;
  char title[512] = "";
  nonet_render_opts o = {
      NONET_RENDER_NONE, NONET_PAPER_A4, 0, 0, 0, NULL, 150, 0};
  long v;
  int c;
  double timeout = 0;
  optind = 1;
  while ((c = getopt_long(argc, argv, "o:f:n:p:T:scr:Nh", longs, NULL)) != -1) {
    switch (c) {
    case 'o':
      out = optarg;
      break;
    case 'f':
      if (!(o.format = nonet_render_format_from_name(optarg))) {
        fprintf(stderr, "%s: unknown format '%s' (pdf, svg, png, html)\n", prog,
                optarg);
        return CLI_USAGE;
      }
      break;
    case 'n':
      if ((v = cli_parse_long(prog, "--per-page", optarg, 1, 6)) < 0)
        return CLI_USAGE;
      if (v == 3 || v == 5) {
        fprintf(stderr, "%s: --per-page is 1, 2, 4 or 6, not %ld\n", prog, v);
        return CLI_USAGE;
      }
      o.per_page = (int)v;
      break;
    case 'p':
      if (strcmp(optarg, "a4") == 0 || strcmp(optarg, "A4") == 0) {
        o.paper = NONET_PAPER_A4;
      } else if (strcmp(optarg, "letter") == 0 ||
                 strcmp(optarg, "Letter") == 0) {
        o.paper = NONET_PAPER_LETTER;
      } else {
        fprintf(stderr, "%s: --paper is a4 or letter, not '%s'\n", prog,
                optarg);
        return CLI_USAGE;
      }
      break;
    case 'T':
      nonet_render_clean_text(optarg, title, sizeof title);
      break;
    case 's':
      o.solutions = 1;
      break;
    case 'c':
      o.candidates = 1;
      break;
    case 'r':
      if ((v = cli_parse_long(prog, "--dpi", optarg, 18, 1200)) < 0)
        return CLI_USAGE;
      o.dpi = (double)v;
      break;
    case 'N':
      o.numbers = 1;
      break;
    case 'h':
      cli_puts(usage);
      return CLI_OK;
    case CLI_OPT_TIMEOUT:
      if ((timeout = cli_parse_seconds(prog, "--timeout", optarg)) < 0)
        return CLI_USAGE;
      break;
    default:
      return bad_usage();
    }
  }
  if (!out) {
    fprintf(stderr,
            "%s: say where the pages go with -o OUT (book.pdf, "
            "book.html, ...)\n",
            prog);
    return CLI_USAGE;
  }
  if (!o.format && !(o.format = nonet_render_format_from_path(out))) {
    fprintf(stderr,
            "%s: cannot tell the format of '%s': give --format pdf, svg, png "
            "or html\n",
            prog, out);
    return CLI_USAGE;
  }
  /* SVG and PNG to standard output: one page. The solutions always take
   * a page of their own: known before any input is read (and before
   * cairo is asked for); else as soon as more puzzles are kept than a
   * page holds (--per-page, at most 4 when it is chosen by the grids),
   * or when the book is laid out. */
  int one_page =
      (o.format == NONET_RENDER_SVG || o.format == NONET_RENDER_PNG) &&
      strcmp(out, "-") == 0;
  if (one_page && o.solutions) return one_page_only(&o, 0);
  if (o.format != NONET_RENDER_HTML && !nonet_render_have_cairo()) {
    fprintf(stderr,
            "%s: %s output needs cairo, and this nonet was built without it "
            "(install libcairo2-dev and rebuild); HTML works without it: "
            "-o book.html\n",
            prog, nonet_render_format_name(o.format));
    return CLI_USAGE;
  }
  o.title = title;

  render_list l = {0};
  l.timeout = timeout;
  l.one_page = one_page ? (size_t)(o.per_page ? o.per_page : 4) : 0;
  cli_batch b = {argv + optind, argc - optind, 1, keep_one, &l, 1};
  int status = cli_run_batch_quiet(&b);
  if (l.oom) {
    fprintf(stderr, "%s: out of memory\n", prog);
    free_list(&l);
    return CLI_FAILED;
  }
  if (l.over) {
    free_list(&l);
    return one_page_only(&o, 0);
  }
  if (l.n == 0) {
    fprintf(stderr, "%s: no puzzles to render; nothing written\n", prog);
    free_list(&l);
    return CLI_FAILED;
  }
  if (one_page) {
    int pages = nonet_render_page_count(&o, l.items, l.n);
    if (pages > 1) {
      free_list(&l);
      return one_page_only(&o, pages);
    }
  }
  char err[512];
  if (nonet_render_book(l.items, l.n, &o, out, err, sizeof err) < 0) {
    /* a write error is named as every command names it */
    int write_error = strncmp(err, "write error", 11) == 0;
    fprintf(stderr, "%s: %s\n", write_error ? "nonet" : prog, err);
    if (write_error && strcmp(out, "-") == 0) cli_output_reported();
    status = CLI_FAILED;
  } else if (l.left_out) {
    int pages = nonet_render_page_count(&o, l.items, l.n);
    fprintf(stderr,
            "%s: %lu record%s left out (named above); the book has %zu "
            "puzzle%s on %d page%s\n",
            prog, l.left_out, l.left_out == 1 ? "" : "s", l.n,
            l.n == 1 ? "" : "s", pages, pages == 1 ? "" : "s");
  }
  free_list(&l);
  nonet_render_release();
  return status;
}
