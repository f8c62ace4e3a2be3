/* book.c: the top of nonet render: format names, and sending a book to
 * its back-end (html.c, cairo.c), which draw from layout.c. */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "backend.h"
#include "layout.h"

int nonet_render_have_cairo(void) {
#ifdef NONET_HAVE_CAIRO
  return 1;
#else
  return 0;
#endif
}

static const char *const names[] = {"", "pdf", "svg", "png", "html"};

int nonet_render_format_from_name(const char *name) {
  if (!name) return NONET_RENDER_NONE;
  for (int k = 1; k < 5; k++)
    if (strcasecmp(name, names[k]) == 0) return k;
  if (strcasecmp(name, "htm") == 0) return NONET_RENDER_HTML;
  return NONET_RENDER_NONE;
}

int nonet_render_format_from_path(const char *path) {
  const char *slash = strrchr(path, '/');
  const char *dot = strrchr(slash ? slash + 1 : path, '.');
  return dot ? nonet_render_format_from_name(dot + 1) : NONET_RENDER_NONE;
}

const char *nonet_render_format_name(int format) {
  return format >= 1 && format <= 4 ? names[format] : "?";
}

int nonet_render_page_count(const nonet_render_opts *o,
                            const nonet_render_puzzle *puzzles, size_t n) {
  nonet__layout L;
  if (nonet__layout_init(&L, o, puzzles, n) < 0) return -1;
  return nonet__layout_pages(&L);
}

void nonet_render_release(void) {
#ifdef NONET_HAVE_CAIRO
  nonet__cairo_release();
#endif
}

int nonet_render_book(const nonet_render_puzzle *puzzles, size_t n,
                      const nonet_render_opts *o, const char *out, char *err,
                      size_t errcap) {
  nonet__layout L;
  if (n == 0) {
    snprintf(err, errcap, "no puzzles to render");
    return -1;
  }
  if (nonet__layout_init(&L, o, puzzles, n) < 0) {
    snprintf(err, errcap, "bad paper size or puzzles per page");
    return -1;
  }
  int per_file = o->format == NONET_RENDER_SVG || o->format == NONET_RENDER_PNG;
  if (per_file && strcmp(out, "-") == 0 && nonet__layout_pages(&L) > 1) {
    snprintf(err, errcap,
             "a %s book of %d pages needs a file name (one file per page)",
             nonet_render_format_name(o->format), nonet__layout_pages(&L));
    return -1;
  }
  switch (o->format) {
  case NONET_RENDER_HTML:
    return nonet__render_html(&L, puzzles, out, err, errcap);
  case NONET_RENDER_PDF:
  case NONET_RENDER_SVG:
  case NONET_RENDER_PNG:
#ifdef NONET_HAVE_CAIRO
    return nonet__render_cairo_module(&L, puzzles, out, err, errcap);
#else
    snprintf(err, errcap,
             "%s output needs cairo, and this nonet was built without it "
             "(install libcairo2-dev and rebuild); HTML works: -o book.html",
             nonet_render_format_name(o->format));
    return -1;
#endif
  default:
    snprintf(err, errcap, "unknown output format");
    return -1;
  }
}
