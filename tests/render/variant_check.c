/* variant_check: independent checks of variant pages written by `nonet
 * render`, for tests/render/run.sh. It shares no code with src/render/
 * nor libnonet: the puzzles (one JSON object a line) are read by the test
 * referee (support/vref.c), the extra regions are worked out here again
 * from their definitions, and what was drawn is read back from cairo's
 * SVG, poppler's word boxes, the PNG's pixels and the HTML's text.
 *
 *   variant_check svg SVG PUZZLES K
 *       SVG is a page holding puzzle K (1-based) alone (--per-page 1):
 *       the frame is a square; the lines inside cover every edge between
 *       two cells exactly once, thick exactly where the regions (boxes or
 *       jigsaw regions) of the two cells differ; the cells filled with a
 *       colour are exactly those on a diagonal, in a window or in a
 *       disjoint group, and two such cells have the same colour exactly
 *       when they belong to the same extra regions; each cage is one
 *       dashed path inset in its cells (every cell centre of the cage
 *       inside it, every other one outside, every corner off the grid
 *       lines) with glyphs in the top-left corner of its first cell, and
 *       no other cell has any there; a given's cell has glyphs in its
 *       middle, an empty cell none.
 *   variant_check pdf BBOX PUZZLES NUMBERS SVG...
 *       BBOX is `pdftotext -bbox` of a book of one puzzle a page, the
 *       SVGs the same pages (for the frames): every given is a word
 *       centred in its cell spelling its digit (A..P above 9, or the
 *       number with NUMBERS=1), every cage's sum a word in the top-left
 *       corner of its first cell, no other word inside the grid, and the
 *       caption names the rules (size, jigsaw, constraints, killer).
 *   variant_check png PNG SVG PUZZLES K DPI
 *       the PNG of the SVG's page at DPI: the colour at the bottom of
 *       each cell is white exactly for cells in no extra region, and
 *       across the middle of each edge between cells the dark line is
 *       thick exactly where regions differ.
 *   variant_check html HTML PUZZLES NUMBERS SOLUTIONS
 *       every grid of a book of the puzzles in order: N*N cells, each
 *       given's text its digit and class "g", empty cells empty; box
 *       grids styled thick every C columns and R rows, a jigsaw's cells
 *       thick on the sides where regions differ; the shading as for svg;
 *       then for a killer grid an SVG with one dashed path per cage (as
 *       for svg) and one text per cage, its sum, in the top-left corner
 *       of its first cell. With SOLUTIONS=1 the solution grids follow,
 *       each a solution of its puzzle by the referee's rules, the givens
 *       of class "g".
 */
#include <cairo.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/vref.h"

#define MAXP 64        /* puzzles in a list */
#define MAXPTS 4096    /* corners of one path */
#define MAXUSE 8192    /* glyphs on a page */
#define MAXPATH 200000 /* the longest path text */

static int failures;

static void fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void fail(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fputs("variant_check: ", stderr);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  failures++;
}

static char *slurp(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  size_t cap = 1 << 16, n = 0, got;
  char *b = malloc(cap + 1);
  while ((got = fread(b + n, 1, cap - n, f)) > 0) {
    n += got;
    if (n == cap) b = realloc(b, (cap *= 2) + 1);
  }
  fclose(f);
  b[n] = 0;
  return b;
}

/* ---- the puzzles and their rules, from their definitions ---------------- */

static vref_puzzle puz[MAXP];
static int npuz;

static int load(const char *path) {
  FILE *f = fopen(path, "r");
  if (!f) return fail("cannot read %s", path), -1;
  static char line[1 << 16];
  char err[200];
  while (npuz < MAXP && fgets(line, sizeof line, f))
    if (line[0] == '{' && vref_parse_json(line, &puz[npuz++], err, 200) < 0)
      return fclose(f), fail("%s: puzzle %d: %s", path, npuz, err), -1;
  fclose(f);
  return 0;
}

static int region(const vref_puzzle *p, int i) {
  int r = i / p->n, c = i % p->n;
  return p->br ? (r / p->br) * (p->n / p->bc) + c / p->bc : p->region[i];
}

/* The kinds of extra region a cell is in, as one number (0: none): on a
 * diagonal, in a window (9x9: rows and columns 2-4 and 6-8, 1-based; in
 * general boxes of the box shape with one cell between them and the
 * grid's edge), and which disjoint group (its position in its box). */
static int extra(const vref_puzzle *p, int i) {
  int n = p->n, r = i / n, c = i % n, sig = 0;
  if (p->diagonals && (r == c || r + c == n - 1)) sig |= 1;
  if (p->windoku) {
    int rr = r - 1, cc = c - 1, br = p->br, bc = p->bc;
    int inr = rr >= 0 && rr % (br + 1) < br && rr / (br + 1) < n / br - 1;
    int inc = cc >= 0 && cc % (bc + 1) < bc && cc / (bc + 1) < n / bc - 1;
    if (inr && inc) sig |= 2;
  }
  if (p->disjoint) sig |= (1 + (r % p->br) * p->bc + c % p->bc) << 10;
  return sig;
}

static int cage_of(const vref_puzzle *p, int i) {
  for (int k = 0; k < p->ncages; k++)
    for (int j = 0; j < p->cages[k].k; j++)
      if (p->cages[k].cells[j] == i) return k;
  return -1;
}

static int first_cell(const vref_cage *c) {
  int m = c->cells[0];
  for (int j = 1; j < c->k; j++)
    if (c->cells[j] < m) m = c->cells[j];
  return m;
}

static void symbol(int d, int numbers, char out[4]) {
  if (d > 9 && !numbers)
    snprintf(out, 4, "%c", 'A' + d - 10);
  else
    snprintf(out, 4, "%d", d);
}

/* Colours of cells must agree with their extra regions: the same colour
 * exactly for the same regions, white exactly for none. */
static void check_shades(const char *what, const vref_puzzle *p,
                         const unsigned *colour) {
  int n = p->n;
  for (int i = 0; i < n * n; i++) {
    if ((colour[i] == 0xffffff) != (extra(p, i) == 0))
      fail("%s: r%dc%d is %s", what, i / n + 1, i % n + 1,
           extra(p, i) ? "not shaded" : "shaded");
    for (int j = 0; j < i; j++)
      if ((colour[i] == colour[j]) != (extra(p, i) == extra(p, j))) {
        fail("%s: r%dc%d and r%dc%d have %s colours", what, i / n + 1,
             i % n + 1, j / n + 1, j % n + 1,
             colour[i] == colour[j] ? "the same" : "different");
        return;
      }
  }
}

/* ---- paths: "M x y L x y ... Z M ..." ------------------------------------ */

typedef struct path {
  int npts, nsub;
  double x[MAXPTS], y[MAXPTS];
  int sub[64]; /* where each subpath starts */
} path;

static void parse_path(const char *d, path *pa) {
  pa->npts = pa->nsub = 0;
  while (*d && pa->npts < MAXPTS) {
    while (*d == ' ') d++;
    char cmd = *d;
    if (cmd == 'Z' || cmd == 'z') {
      d++;
      continue;
    }
    if (cmd != 'M' && cmd != 'L') break;
    char *e;
    double x = strtod(d + 1, &e), y = strtod(e, &e);
    d = e;
    /* cairo closes a subpath with "Z M <its first point>": not a corner */
    if (cmd == 'M') {
      const char *q = d;
      while (*q == ' ') q++;
      if (!*q || *q == '"') break;
      if (pa->nsub < 64) pa->sub[pa->nsub++] = pa->npts;
    }
    pa->x[pa->npts] = x, pa->y[pa->npts] = y;
    pa->npts++;
  }
}

/* Even-odd: is (px, py) inside the path's closed subpaths? */
static int inside(const path *pa, double px, double py) {
  int in = 0;
  for (int s = 0; s < pa->nsub; s++) {
    int a = pa->sub[s], b = s + 1 < pa->nsub ? pa->sub[s + 1] : pa->npts;
    for (int i = a, j = b - 1; i < b; j = i++)
      if ((pa->y[i] > py) != (pa->y[j] > py) &&
          px < pa->x[j] + (pa->x[i] - pa->x[j]) * (py - pa->y[j]) /
                              (pa->y[i] - pa->y[j]))
        in = !in;
  }
  return in;
}

typedef struct frame {
  double x, y, cell; /* top-left corner, cell size */
} frame;

/* Checks a cage's outline: it encloses exactly the cage's cell centres,
 * its corners sit inside cells, off their lines. */
static void check_outline(const char *what, const vref_puzzle *p, int k,
                          const path *pa, const frame *fr) {
  int n = p->n;
  for (int i = 0; i < n * n; i++) {
    double cx = fr->x + (i % n + 0.5) * fr->cell,
           cy = fr->y + (i / n + 0.5) * fr->cell;
    if (inside(pa, cx, cy) != (cage_of(p, i) == k))
      fail("%s: cage %d: r%dc%d is %s its outline", what, k + 1, i / n + 1,
           i % n + 1, cage_of(p, i) == k ? "outside" : "inside");
  }
  for (int j = 0; j < pa->npts; j++) {
    double u = (pa->x[j] - fr->x) / fr->cell, v = (pa->y[j] - fr->y) / fr->cell;
    double du = fabs(u - floor(u + 0.5)), dv = fabs(v - floor(v + 0.5));
    if (du < 0.02 || dv < 0.02 || du > 0.25 || dv > 0.25)
      fail("%s: cage %d: corner (%.2f, %.2f) cells is not inset", what, k + 1,
           u, v);
  }
}

/* Matches dashed outlines to cages: each cage has exactly one, found by
 * the cell its first corner lies in. */
static void check_cages(const char *what, const vref_puzzle *p,
                        const path *outlines, int nout, const frame *fr) {
  int n = p->n, seen[VREF_MAXC] = {0};
  if (nout != p->ncages)
    fail("%s: %d dashed outlines, %d cages", what, nout, p->ncages);
  for (int o = 0; o < nout; o++) {
    int c = (int)floor((outlines[o].x[0] - fr->x) / fr->cell),
        r = (int)floor((outlines[o].y[0] - fr->y) / fr->cell);
    int k = r >= 0 && r < n && c >= 0 && c < n ? cage_of(p, r * n + c) : -1;
    if (k < 0) {
      fail("%s: a dashed outline starts outside every cage", what);
      continue;
    }
    if (seen[k]++) fail("%s: cage %d has two outlines", what, k + 1);
    check_outline(what, p, k, &outlines[o], fr);
  }
}

/* ---- cairo's SVG ------------------------------------------------------ */

typedef struct use {
  double x, y;
} use;

typedef struct svg_page {
  frame fr;
  double frame_w;
  int nuse;
  use uses[MAXUSE];
} svg_page;

/* The attribute `name` (e.g. "d=\"") of a tag as a string (up to cap). */
static int attr(const char *tag, const char *end, const char *name, char *out,
                size_t cap) {
  const char *a = strstr(tag, name);
  if (!a || a > end) return 0;
  a += strlen(name);
  const char *q = strchr(a, '"');
  size_t len = q ? (size_t)(q - a) : 0;
  if (len >= cap) len = cap - 1;
  memcpy(out, a, len);
  out[len] = 0;
  return 1;
}

static double style_num(const char *style, const char *key) {
  const char *a = strstr(style, key);
  return a ? strtod(a + strlen(key), NULL) : -1;
}

static unsigned style_rgb(const char *style) {
  const char *a = strstr(style, "fill:rgb(");
  if (!a) return 0xffffff;
  double v[3];
  char *e = (char *)a + 9;
  for (int k = 0; k < 3; k++) {
    v[k] = strtod(e, &e);
    e += 2; /* "%," */
  }
  return (unsigned)lround(v[0] * 2.55) << 16 |
         (unsigned)lround(v[1] * 2.55) << 8 | (unsigned)lround(v[2] * 2.55);
}

typedef struct seg {
  double x0, y0, x1, y1, w;
} seg;

static int check_svg(const char *file, int k) {
  if (k < 1 || k > npuz) return fail("no puzzle %d", k), 1;
  const vref_puzzle *p = &puz[k - 1];
  int n = p->n;
  char *s = slurp(file), what[300];
  if (!s) return fail("cannot read %s", file), 1;
  snprintf(what, sizeof what, "%s (puzzle %d)", file, k);
  char *body = strstr(s, "<g id=\"surface");
  static char style[1024], d[MAXPATH];
  static path pa, outlines[VREF_MAXC];
  static seg segs[4096];
  static unsigned colour[VREF_MAXC];
  static svg_page pg;
  int nseg = 0, nout = 0, nfill = 0;
  static struct {
    double x, y;
    unsigned rgb;
  } fills[VREF_MAXC];
  pg.nuse = 0;
  pg.frame_w = 0;
  for (char *t = body; t && (t = strchr(t, '<')) != NULL; t++) {
    char *end = strchr(t, '>');
    if (!end) break;
    if (!strncmp(t, "<use", 4)) {
      char v[64];
      if (pg.nuse < MAXUSE && attr(t, end, " x=\"", v, sizeof v)) {
        pg.uses[pg.nuse].x = atof(v);
        attr(t, end, " y=\"", v, sizeof v);
        pg.uses[pg.nuse++].y = atof(v);
      }
      continue;
    }
    if (strncmp(t, "<path", 5) || !attr(t, end, "style=\"", style, 1024) ||
        !attr(t, end, " d=\"", d, sizeof d))
      continue;
    parse_path(d, &pa);
    if (strstr(style, "stroke:none")) { /* a filled cell (or a sum's box) */
      if (nfill < VREF_MAXC && pa.npts == 4) {
        fills[nfill].x = (pa.x[0] + pa.x[2]) / 2;
        fills[nfill].y = (pa.y[0] + pa.y[2]) / 2;
        fills[nfill++].rgb = style_rgb(style);
      }
    } else if (strstr(style, "stroke-dasharray")) {
      if (nout < VREF_MAXC) outlines[nout++] = pa;
    } else if (pa.npts == 4 && pa.nsub == 1) { /* the frame */
      pg.fr.x = pa.x[0], pg.fr.y = pa.y[0];
      pg.fr.cell = (pa.x[1] - pa.x[0]) / n;
      pg.frame_w = style_num(style, "stroke-width:");
      if (fabs((pa.y[2] - pa.y[0]) - (pa.x[1] - pa.x[0])) > 0.01)
        fail("%s: the frame is not a square", what);
    } else if (pa.npts == 2 && nseg < 4096) {
      segs[nseg++] = (seg){pa.x[0], pa.y[0], pa.x[1], pa.y[1],
                           style_num(style, "stroke-width:")};
    }
  }
  const frame *fr = &pg.fr;
  if (pg.frame_w <= 0) {
    free(s);
    return fail("%s: no frame", what), 1;
  }
  /* the lines: cover[dir][k][j] counts thin (1) and thick (16) covers of
   * edge j of inner line k (dir 0: horizontal lines) */
  static int cover[2][VREF_MAXN][VREF_MAXN];
  memset(cover, 0, sizeof cover);
  for (int q = 0; q < nseg; q++) {
    seg *g = &segs[q];
    int dir = fabs(g->y0 - g->y1) < 1e-6 ? 0 : 1;
    double at = dir ? g->x0 : g->y0, a = dir ? g->y0 : g->x0,
           b = dir ? g->y1 : g->x1, origin = dir ? fr->x : fr->y,
           along = dir ? fr->y : fr->x;
    int line = (int)lround((at - origin) / fr->cell);
    if (fabs(origin + line * fr->cell - at) > 0.05 || line < 1 || line >= n) {
      fail("%s: a line off the grid lines", what);
      continue;
    }
    int j0 = (int)lround((fmin(a, b) - along) / fr->cell),
        j1 = (int)lround((fmax(a, b) - along) / fr->cell);
    for (int j = j0; j < j1 && j >= 0 && j < n; j++)
      cover[dir][line][j] += fabs(g->w - pg.frame_w) < 1e-6 ? 16 : 1;
  }
  for (int dir = 0; dir < 2; dir++)
    for (int line = 1; line < n; line++)
      for (int j = 0; j < n; j++) {
        int a = dir ? j * n + line - 1 : (line - 1) * n + j,
            b = dir ? a + 1 : a + n;
        int want = region(p, a) != region(p, b) ? 16 : 1;
        if (cover[dir][line][j] != want)
          fail("%s: the edge between r%dc%d and r%dc%d is drawn %s", what,
               a / n + 1, a % n + 1, b / n + 1, b % n + 1,
               cover[dir][line][j] == 0    ? "not at all"
               : cover[dir][line][j] == 1  ? "thin"
               : cover[dir][line][j] == 16 ? "thick"
                                           : "twice");
      }
  /* shading (sums' white boxes are not shades) */
  for (int i = 0; i < n * n; i++) colour[i] = 0xffffff;
  for (int q = 0; q < nfill; q++) {
    int c = (int)floor((fills[q].x - fr->x) / fr->cell),
        r = (int)floor((fills[q].y - fr->y) / fr->cell);
    if (r >= 0 && r < n && c >= 0 && c < n &&
        fabs(fills[q].x - fr->x - (c + 0.5) * fr->cell) < 0.01)
      colour[r * n + c] = fills[q].rgb;
  }
  check_shades(what, p, colour);
  check_cages(what, p, outlines, nout, fr);
  /* glyphs: sums in their corners, givens in their middles */
  static int corner[VREF_MAXC], middle[VREF_MAXC];
  memset(corner, 0, sizeof corner);
  memset(middle, 0, sizeof middle);
  for (int u = 0; u < pg.nuse; u++) {
    double cu = (pg.uses[u].x - fr->x) / fr->cell,
           cv = (pg.uses[u].y - fr->y) / fr->cell;
    if (cu < 0 || cv < 0 || cu >= n || cv >= n) continue;
    int i = (int)cv * n + (int)cu;
    double fu = cu - floor(cu), fv = cv - floor(cv);
    if (fu < 0.5 && fv < 0.45)
      corner[i]++;
    else if (fv > 0.55 && fv < 0.95)
      middle[i]++;
  }
  for (int i = 0; i < n * n; i++) {
    int ck = cage_of(p, i),
        is_first = ck >= 0 && first_cell(&p->cages[ck]) == i;
    if (!!corner[i] != is_first)
      fail("%s: r%dc%d: %s in the top-left corner", what, i / n + 1, i % n + 1,
           corner[i] ? "glyphs" : "no sum");
    if (!!middle[i] != (p->cells[i] != 0))
      fail("%s: r%dc%d: %s", what, i / n + 1, i % n + 1,
           middle[i] ? "a glyph in an empty cell" : "the given is missing");
  }
  printf("svg: %s: %d cells, %d line segments, %d cages checked\n", what, n * n,
         nseg, p->ncages);
  free(s);
  return failures != 0;
}

/* The frame of a page from its SVG. */
static int svg_frame(const char *file, int n, frame *fr) {
  char *s = slurp(file);
  if (!s) return fail("cannot read %s", file), -1;
  static char style[1024], d[MAXPATH];
  static path pa;
  int found = 0;
  for (char *t = strstr(s, "<g id=\"surface"); t && (t = strstr(t, "<path"));
       t++) {
    char *end = strchr(t, '>');
    if (!end || !attr(t, end, "style=\"", style, 1024) ||
        !attr(t, end, " d=\"", d, sizeof d) || strstr(style, "stroke:none") ||
        strstr(style, "dasharray"))
      continue;
    parse_path(d, &pa);
    if (pa.npts == 4 && pa.nsub == 1) {
      fr->x = pa.x[0], fr->y = pa.y[0], fr->cell = (pa.x[1] - pa.x[0]) / n;
      found = 1;
    }
  }
  free(s);
  if (!found) fail("%s: no frame", file);
  return found ? 0 : -1;
}

/* ---- poppler's words -------------------------------------------------- */

static int check_pdf(const char *bbox, int numbers, char **svgs, int nsvg) {
  char *s = slurp(bbox);
  if (!s) return fail("cannot read %s", bbox), 1;
  char *pgs = s;
  long nwords = 0;
  for (int k = 0; k < npuz && k < nsvg; k++) {
    const vref_puzzle *p = &puz[k];
    int n = p->n;
    char what[64];
    snprintf(what, sizeof what, "page %d", k + 1);
    frame fr;
    pgs = strstr(pgs, "<page");
    if (!pgs) {
      fail("%s: missing", what);
      break;
    }
    char *pend = strstr(pgs, "</page>");
    if (svg_frame(svgs[k], n, &fr) < 0) break;
    static int seen[VREF_MAXC], sums[VREF_MAXC];
    memset(seen, 0, sizeof seen);
    memset(sums, 0, sizeof sums);
    char caption[1024] = "";
    for (char *w = pgs; (w = strstr(w, "<word")) && w < pend; w++) {
      double x0, y0, x1, y1;
      char text[64];
      if (sscanf(w,
                 "<word xMin=\"%lf\" yMin=\"%lf\" xMax=\"%lf\" "
                 "yMax=\"%lf\">%63[^<]",
                 &x0, &y0, &x1, &y1, text) != 5)
        continue;
      nwords++;
      double u = ((x0 + x1) / 2 - fr.x) / fr.cell,
             v = ((y0 + y1) / 2 - fr.y) / fr.cell;
      if (u < 0 || v < 0 || u >= n || v >= n) {
        if (y1 < fr.y && strlen(caption) + strlen(text) + 2 < sizeof caption)
          strcat(strcat(caption, " "), text);
        continue;
      }
      int i = (int)v * n + (int)u;
      double fu = u - floor(u), fv = v - floor(v);
      char want[4] = "";
      if (fabs(fu - 0.5) < 0.2 && fabs(fv - 0.5) < 0.2 && p->cells[i]) {
        symbol(p->cells[i], numbers, want);
        if (strcmp(text, want))
          fail("%s: r%dc%d holds '%s', the given is '%s'", what, i / n + 1,
               i % n + 1, text, want);
        seen[i]++;
        continue;
      }
      int ck = cage_of(p, i);
      if (fu < 0.4 && fv < 0.35 && ck >= 0 && first_cell(&p->cages[ck]) == i) {
        snprintf(want, sizeof want, "%d", p->cages[ck].sum);
        if (strcmp(text, want))
          fail("%s: cage at r%dc%d: sum '%s', expected %s", what, i / n + 1,
               i % n + 1, text, want);
        sums[i]++;
        continue;
      }
      fail("%s: '%s' at r%dc%d (%.2f, %.2f) is out of place", what, text,
           i / n + 1, i % n + 1, fu, fv);
    }
    for (int i = 0; i < n * n; i++)
      if (p->cells[i] && seen[i] != 1)
        fail("%s: r%dc%d: the given drawn %d times", what, i / n + 1, i % n + 1,
             seen[i]);
    for (int c = 0; c < p->ncages; c++)
      if (sums[first_cell(&p->cages[c])] != 1)
        fail("%s: cage %d: its sum drawn %d times", what, c + 1,
             sums[first_cell(&p->cages[c])]);
    /* the caption names the rules */
    char rule[32];
    if (n != 9) {
      snprintf(rule, sizeof rule, "%dx%d", n, n);
      if (!strstr(caption, rule))
        fail("%s: '%s' not in the caption", what, rule);
    }
    const char *names[] = {"jigsaw",         "diagonals",   "windoku",
                           "disjoint",       "anti-knight", "anti-king",
                           "nonconsecutive", "killer"};
    int has[] = {!p->br,    p->diagonals, p->windoku,        p->disjoint,
                 p->knight, p->king,      p->nonconsecutive, p->ncages > 0};
    for (int r = 0; r < 8; r++)
      if (!!strstr(caption, names[r]) != has[r])
        fail("%s: the caption '%s' %s '%s'", what, caption,
             has[r] ? "lacks" : "names", names[r]);
    pgs = pend;
  }
  printf("pdf: %d pages, %ld words checked\n", nsvg, nwords);
  free(s);
  return failures != 0;
}

/* ---- PNG pixels ------------------------------------------------------- */

static int check_png(const char *png, const char *svg, int k, double dpi) {
  if (k < 1 || k > npuz) return fail("no puzzle %d", k), 1;
  const vref_puzzle *p = &puz[k - 1];
  int n = p->n;
  frame fr;
  if (svg_frame(svg, n, &fr) < 0) return 1;
  cairo_surface_t *sf = cairo_image_surface_create_from_png(png);
  if (cairo_surface_status(sf) != CAIRO_STATUS_SUCCESS)
    return fail("cannot read %s", png), 1;
  int w = cairo_image_surface_get_width(sf),
      h = cairo_image_surface_get_height(sf),
      stride = cairo_image_surface_get_stride(sf);
  const unsigned char *px = cairo_image_surface_get_data(sf);
  double sc = dpi / 72.0;
#define PIXEL(x, y)                                                            \
  (*(const uint32_t *)(px + (size_t)(y)*stride + (size_t)(x)*4) & 0xffffff)
  static unsigned colour[VREF_MAXC];
  for (int i = 0; i < n * n; i++) {
    int x = (int)((fr.x + (i % n + 0.5) * fr.cell) * sc),
        y = (int)((fr.y + (i / n + 0.84) * fr.cell) * sc);
    colour[i] = x < w && y < h ? PIXEL(x, y) : 0;
  }
  check_shades(png, p, colour);
  /* line widths across the middle of each inner edge: dark pixels in a
   * window of a tenth of a cell either side */
  int thin_max = 0, thick_min = 1 << 20, reach = (int)(0.1 * fr.cell * sc);
  for (int dir = 0; dir < 2; dir++)
    for (int line = 1; line < n; line++)
      for (int j = 0; j < n; j++) {
        int a = dir ? j * n + line - 1 : (line - 1) * n + j,
            b = dir ? a + 1 : a + n;
        double at = (dir ? fr.x : fr.y) + line * fr.cell,
               mid = (dir ? fr.y : fr.x) + (j + 0.5) * fr.cell;
        int dark = 0;
        for (int t = -reach; t <= reach; t++) {
          int x = dir ? (int)(at * sc) + t : (int)(mid * sc),
              y = dir ? (int)(mid * sc) : (int)(at * sc) + t;
          unsigned c = x >= 0 && y >= 0 && x < w && y < h ? PIXEL(x, y) : 0;
          dark += ((c >> 16 & 255) + (c >> 8 & 255) + (c & 255)) < 3 * 100;
        }
        if (region(p, a) != region(p, b)) {
          if (dark < thick_min) thick_min = dark;
        } else if (dark > thin_max) {
          thin_max = dark;
        }
      }
  if (thick_min <= thin_max)
    fail("%s: region borders (%d dark pixels at the thinnest) are not wider "
         "than the lines inside regions (%d at the widest)",
         png, thick_min, thin_max);
  printf("png: %s: %dx%d, %d cells; lines inside regions <= %d px, borders >= "
         "%d px\n",
         png, w, h, n * n, thin_max, thick_min);
  cairo_surface_destroy(sf);
  return failures != 0;
}

/* ---- HTML ------------------------------------------------------------- */

static unsigned hex_colour(const char *style) {
  const char *a = strstr(style, "background:#");
  return a ? (unsigned)strtoul(a + 12, NULL, 16) : 0xffffff;
}

/* The digit a cell's text shows (0: none, -1: not a digit). */
static int digit_of(const char *text, int numbers) {
  if (!text[0]) return 0;
  for (int d = 1; d <= VREF_MAXN; d++) {
    char sym[4];
    symbol(d, numbers, sym);
    if (!strcmp(text, sym)) return d;
  }
  return -1;
}

static int check_html(const char *file, int numbers, int solutions) {
  char *s = slurp(file);
  if (!s) return fail("cannot read %s", file), 1;
  char *t = s;
  int k = 0;
  static unsigned colour[VREF_MAXC];
  static path outlines[VREF_MAXC];
  static char d[MAXPATH];
  for (; (t = strstr(t, "<table class=\"grid ")) != NULL; k++) {
    if (k >= npuz * (1 + solutions)) {
      fail("%s: more grids than puzzles", file);
      break;
    }
    int sol = k >= npuz;
    const vref_puzzle *p = &puz[sol ? k - npuz : k];
    uint8_t grid[VREF_MAXC];
    int n = p->n;
    char cls[64], what[96], css[160];
    sscanf(t + 19, "%63[^\"]", cls);
    snprintf(what, sizeof what, "%s grid %d", file, k + 1);
    if (p->br) { /* box lines from the grid's style */
      snprintf(css, sizeof css, "table.%s td:nth-child(%dn)", cls, p->bc);
      if (!strstr(s, css)) fail("%s: no rule '%s'", what, css);
      snprintf(css, sizeof css, "table.%s tr:nth-child(%dn) td", cls, p->br);
      if (!strstr(s, css)) fail("%s: no rule '%s'", what, css);
    }
    char *tend = strstr(t, "</table>");
    int i = 0;
    for (char *c = t; (c = strstr(c, "<td")) && c < tend; c++, i++) {
      if (i >= n * n) break;
      char *gt = strchr(c, '>'), *cend = strstr(gt, "</td>");
      char tdcls[16] = "", style[256] = "", text[8] = "", want[4] = "";
      attr(c, gt, "class=\"", tdcls, sizeof tdcls);
      attr(c, gt, "style=\"", style, sizeof style);
      if (cend - gt - 1 < (long)sizeof text)
        memcpy(text, gt + 1, (size_t)(cend - gt - 1));
      int r = i / n, col = i % n, dg = digit_of(text, numbers);
      if (p->cells[i]) symbol(p->cells[i], numbers, want);
      grid[i] = (uint8_t)(dg > 0 ? dg : 0);
      if (!strcmp(tdcls, "g") != (p->cells[i] != 0) ||
          (sol ? dg <= 0 : strcmp(text, want) != 0))
        fail("%s: r%dc%d holds '%s' (class '%s'), expected '%s'", what, r + 1,
             col + 1, text, tdcls, sol ? "a digit" : want);
      if (!p->br) {
        int right = col + 1 < n && region(p, i) != region(p, i + 1);
        int below = r + 1 < n && region(p, i) != region(p, i + n);
        if (!!strstr(style, "border-right-width") != right ||
            !!strstr(style, "border-bottom-width") != below)
          fail("%s: r%dc%d: style '%s'", what, r + 1, col + 1, style);
      }
      colour[i] = hex_colour(style);
    }
    if (i != n * n) fail("%s: %d cells, %d expected", what, i, n * n);
    check_shades(what, p, colour);
    if (sol && !vref_is_solution(p, grid))
      fail("%s: not a solution of its puzzle", what);
    /* the cages */
    char *next = strstr(tend, "<table class=\"grid ");
    char *svg = strstr(tend, "<svg class=\"cages\"");
    if (svg && next && svg > next) svg = NULL;
    if (!svg != !(p->ncages && !sol)) {
      fail("%s: %s", what, svg ? "cages drawn, none expected" : "no cages");
    } else if (svg) {
      char *send = strstr(svg, "</svg>"), vb[128];
      frame fr = {0, 0, 0};
      double size = 0;
      attr(svg, send, "viewBox=\"", vb, sizeof vb);
      sscanf(vb, "0 0 %lf", &size);
      fr.cell = size / n;
      int nout = 0, nsum = 0;
      for (char *q = svg; (q = strstr(q, "<path")) && q < send; q++) {
        char *gt = strchr(q, '>');
        if (!strstr(q, "stroke-dasharray") ||
            strstr(q, "stroke-dasharray") > gt)
          fail("%s: a cage path is not dashed", what);
        if (attr(q, gt, " d=\"", d, sizeof d) && nout < VREF_MAXC)
          parse_path(d, &outlines[nout++]);
      }
      check_cages(what, p, outlines, nout, &fr);
      for (char *q = svg; (q = strstr(q, "<text")) && q < send; q++, nsum++) {
        double x, y;
        int sum;
        if (sscanf(strstr(q, " x=\""), " x=\"%lf\" y=\"%lf\"", &x, &y) != 2 ||
            sscanf(strchr(q, '>') + 1, "%d", &sum) != 1) {
          fail("%s: a cage sum unread", what);
          continue;
        }
        int c = (int)(x / fr.cell), r = (int)(y / fr.cell);
        int ck = r < n && c < n ? cage_of(p, r * n + c) : -1;
        double fu = x / fr.cell - c, fv = y / fr.cell - r;
        if (ck < 0 || first_cell(&p->cages[ck]) != r * n + c ||
            p->cages[ck].sum != sum || fu > 0.4 || fv > 0.45)
          fail("%s: sum %d at r%dc%d (%.2f, %.2f) is out of place", what, sum,
               r + 1, c + 1, fu, fv);
      }
      if (nsum != p->ncages)
        fail("%s: %d sums, %d cages", what, nsum, p->ncages);
    }
    t = tend;
  }
  if (k != npuz * (1 + solutions))
    fail("%s: %d grids, %d puzzles", file, k, npuz);
  printf("html: %d grids checked\n", k);
  free(s);
  return failures != 0;
}

int main(int argc, char **argv) {
  const char *cmd = argc > 1 ? argv[1] : "";
  if (argc == 5 && !strcmp(cmd, "svg"))
    return load(argv[3]) < 0 || check_svg(argv[2], atoi(argv[4]));
  if (argc >= 6 && !strcmp(cmd, "pdf"))
    return load(argv[3]) < 0 ||
           check_pdf(argv[2], atoi(argv[4]), argv + 5, argc - 5);
  if (argc == 7 && !strcmp(cmd, "png"))
    return load(argv[4]) < 0 ||
           check_png(argv[2], argv[3], atoi(argv[5]), atof(argv[6]));
  if (argc == 6 && !strcmp(cmd, "html"))
    return load(argv[3]) < 0 ||
           check_html(argv[2], atoi(argv[4]), atoi(argv[5]));
  fprintf(stderr,
          "usage: variant_check svg|pdf|png|html ... (see the source)\n");
  return 2;
}
