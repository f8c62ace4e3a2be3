/* render_check: independent checks of what `nonet render` wrote, for
 * tests/render/run.sh. It shares no code with src/render/: the expected
 * puzzles are read with the test support's own loader, solutions are
 * judged by its own rule checker, and positions are read back from what
 * poppler, cairo's SVG output and libxml2 give.
 *
 *   render_check pdf BBOX PUZZLES PER_PAGE SOLUTIONS [CANDIDATES]
 *       BBOX is `pdftotext -bbox` of the book. On each puzzle page, the
 *       big single-digit words under the caption "#N" must sit on a
 *       square 9x9 lattice (each centred in its cell) and spell exactly
 *       the givens of puzzle N, which must be on page (N-1)/PER_PAGE;
 *       with CANDIDATES=1 the small ones in each empty cell are exactly
 *       the digits its row, column and box allow (else there are none);
 *       with SOLUTIONS=1 the pages after them hold each puzzle's
 *       solution (81 digits on a lattice, obeying the rules and the
 *       givens).
 *   render_check svg SVG PUZZLES FIRST COUNT
 *       a page of COUNT grids holding puzzles FIRST.. (1-based) in
 *       reading order: each grid a square frame with 8 inner horizontal
 *       and 8 inner vertical lines evenly spaced (81 cells), the ones
 *       between boxes thicker; each given's glyph centred in its cell,
 *       the same glyph always for the same digit.
 *   render_check html TDS PUZZLES SOLUTIONS CANDIDATES
 *       TDS is `xmllint --html --xpath '//table[...]//td'` of the page:
 *       the puzzle grids (with CANDIDATES=1 each empty cell listing
 *       exactly the digits its row, column and box allow), then with
 *       SOLUTIONS=1 the solution grids.
 *   render_check png PNG WIDTH HEIGHT
 *       the PNG's size.
 *   render_check same A.png B.png
 *       two rasterisations of one page (nonet's PNG and pdftoppm's
 *       rendering of the PDF) agree: the mean grey levels of no more
 *       than 1 in 1000 of A's 4x4-pixel blocks differ by more than a
 *       quarter of the range from every window of B within 2 pixels;
 *       and neither is blank.
 */
#include <cairo.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/ref.h"

static int failures;

static void fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void fail(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fputs("render_check: ", stderr);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  failures++;
}

static char *slurp(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  size_t cap = 1 << 16, n = 0;
  char *b = malloc(cap + 1);
  size_t got;
  while ((got = fread(b + n, 1, cap - n, f)) > 0) {
    n += got;
    if (n == cap) b = realloc(b, (cap *= 2) + 1);
  }
  fclose(f);
  b[n] = 0;
  if (len) *len = n;
  return b;
}

/* Reads attribute `name` ("x=") of the tag starting at `tag` as a
 * number; returns 0 when absent. */
static int attr_num(const char *tag, const char *end, const char *name,
                    double *v) {
  size_t nl = strlen(name);
  for (const char *p = tag; p && p < end; p++) {
    p = strstr(p, name);
    if (!p || p >= end) return 0;
    if (p[-1] == ' ' && p[nl] == '"') {
      *v = strtod(p + nl + 1, NULL);
      return 1;
    }
  }
  return 0;
}

/* ------------------------------------------------------------------ */
/* The digits placed around one grid, and the lattice they sit on.      */

typedef struct mark {
  double cx, cy;
  int digit;
  long glyph; /* SVG: which glyph drew it */
} mark;

/* Maps marks to cells of a square lattice. `expect` gives which cells
 * must be filled (the lattice is fitted to the extreme ones). Fills
 * grid[81] (0 = empty) and returns 0, or -1 after reporting. */
static int fit_lattice(const char *what, const mark *m, int nm,
                       const uint8_t expect[81], double tol, uint8_t grid[81],
                       long glyph_of_cell[81], double lattice[3]) {
  int rmin = 9, rmax = -1, cmin = 9, cmax = -1, ne = 0;
  for (int i = 0; i < 81; i++)
    if (expect[i]) {
      ne++;
      int r = i / 9, c = i % 9;
      if (r < rmin) rmin = r;
      if (r > rmax) rmax = r;
      if (c < cmin) cmin = c;
      if (c > cmax) cmax = c;
    }
  memset(grid, 0, 81);
  if (nm != ne) {
    fail("%s: %d digits drawn, %d expected", what, nm, ne);
    return -1;
  }
  if (ne == 0 || rmax == rmin || cmax == cmin) {
    fail("%s: too few givens to check", what);
    return -1;
  }
  double xmin = 1e9, xmax = -1e9, ymin = 1e9, ymax = -1e9;
  for (int k = 0; k < nm; k++) {
    if (m[k].cx < xmin) xmin = m[k].cx;
    if (m[k].cx > xmax) xmax = m[k].cx;
    if (m[k].cy < ymin) ymin = m[k].cy;
    if (m[k].cy > ymax) ymax = m[k].cy;
  }
  double px = (xmax - xmin) / (cmax - cmin), py = (ymax - ymin) / (rmax - rmin);
  double x0 = xmin - cmin * px, y0 = ymin - rmin * py;
  if (fabs(px - py) > 0.03 * px) {
    fail("%s: cells are not square (%.2f x %.2f)", what, px, py);
    return -1;
  }
  if (lattice) lattice[0] = x0, lattice[1] = y0, lattice[2] = px;
  int bad = 0;
  for (int k = 0; k < nm; k++) {
    double fc = (m[k].cx - x0) / px, fr = (m[k].cy - y0) / py;
    long c = lround(fc), r = lround(fr);
    if (c < 0 || c > 8 || r < 0 || r > 8) {
      fail("%s: digit %d outside the grid", what, m[k].digit);
      bad = 1;
      continue;
    }
    if (fabs(fc - c) > tol || fabs(fr - r) > tol) {
      fail("%s: digit %d at r%ldc%ld is off its cell's centre by "
           "(%.2f, %.2f) cells",
           what, m[k].digit, r + 1, c + 1, fc - c, fr - r);
      bad = 1;
    }
    int i = (int)(r * 9 + c);
    if (grid[i]) {
      fail("%s: two digits in r%ldc%ld", what, r + 1, c + 1);
      bad = 1;
    }
    grid[i] = (uint8_t)m[k].digit;
    if (glyph_of_cell) glyph_of_cell[i] = m[k].glyph;
  }
  return bad ? -1 : 0;
}

static uint8_t (*puzzles)[81];
static long npuzzles;

static void load_puzzles(const char *path) {
  npuzzles = ref_load(path, &puzzles);
  if (npuzzles <= 0) {
    fprintf(stderr, "render_check: no puzzles in %s\n", path);
    exit(2);
  }
}

/* ------------------------------------------------------------------ */
/* PDF, through pdftotext -bbox                                          */

typedef struct word {
  int page;
  double x0, y0, x1, y1;
  char text[32];
} word;

static unsigned candidates(const uint8_t *g, int i);

static int check_pdf(const char *bbox, long per_page, int solutions,
                     int cands) {
  char *s = slurp(bbox, NULL);
  if (!s) return fail("cannot read %s", bbox), 1;
  size_t cap = 4096, n = 0;
  word *w = malloc(cap * sizeof *w);
  int page = -1;
  for (char *p = s; (p = strchr(p, '<')) != NULL; p++) {
    if (strncmp(p, "<page ", 6) == 0) {
      page++;
    } else if (strncmp(p, "<word ", 6) == 0) {
      char *gt = strchr(p, '>'), *lt = gt ? strchr(gt, '<') : NULL;
      if (!lt) break;
      if (n == cap) w = realloc(w, (cap *= 2) * sizeof *w);
      word *x = &w[n++];
      x->page = page;
      attr_num(p, gt, "xMin=", &x->x0);
      attr_num(p, gt, "yMin=", &x->y0);
      attr_num(p, gt, "xMax=", &x->x1);
      attr_num(p, gt, "yMax=", &x->y1);
      size_t tl = (size_t)(lt - gt - 1);
      if (tl >= sizeof x->text) tl = sizeof x->text - 1;
      memcpy(x->text, gt + 1, tl);
      x->text[tl] = 0;
    }
  }
  int npages = page + 1;
  long puzzle_pages = (npuzzles + per_page - 1) / per_page;
  int *seen = calloc((size_t)npuzzles * 2, sizeof *seen);
  mark *m = malloc(n * sizeof *m), *small = malloc(n * sizeof *small);
  for (int pg = 0; pg < npages; pg++) {
    int sol = pg >= puzzle_pages;
    if (sol && !solutions) {
      fail("page %d: more pages than puzzles need", pg + 1);
      continue;
    }
    for (size_t a = 0; a < n; a++) {
      if (w[a].page != pg || w[a].text[0] != '#') continue;
      long num = strtol(w[a].text + 1, NULL, 10);
      char what[64];
      snprintf(what, sizeof what, "page %d, %s #%ld", pg + 1,
               sol ? "solution" : "puzzle", num);
      if (num < 1 || num > npuzzles) {
        fail("%s: no such puzzle", what);
        continue;
      }
      seen[(num - 1) * 2 + sol]++;
      if (!sol && (num - 1) / per_page != pg)
        fail("%s: on the wrong page", what);
      /* the digits whose nearest caption up and to the left is this one */
      int nm = 0;
      for (size_t b = 0; b < n; b++) {
        if (w[b].page != pg || strlen(w[b].text) != 1 || w[b].text[0] < '1' ||
            w[b].text[0] > '9')
          continue;
        double cx = (w[b].x0 + w[b].x1) / 2, cy = (w[b].y0 + w[b].y1) / 2;
        double besty = -1, bestx = -1;
        for (size_t c = 0; c < n; c++)
          if (w[c].page == pg && w[c].text[0] == '#' && w[c].y1 <= cy &&
              w[c].y0 > besty + 1)
            besty = w[c].y0;
        for (size_t c = 0; c < n; c++)
          if (w[c].page == pg && w[c].text[0] == '#' &&
              fabs(w[c].y0 - besty) <= 1 && w[c].x0 <= cx + 1 &&
              w[c].x0 > bestx)
            bestx = w[c].x0;
        if (fabs(w[a].y0 - besty) <= 1 && w[a].x0 == bestx)
          m[nm++] = (mark){cx, cy, w[b].text[0] - '0', (long)b};
      }
      /* the givens are the big digits; small ones are candidate marks */
      double hmax = 0;
      for (int k = 0; k < nm; k++) {
        double hk = w[m[k].glyph].y1 - w[m[k].glyph].y0;
        if (hk > hmax) hmax = hk;
      }
      int nbig = 0, nsmall = 0;
      for (int k = 0; k < nm; k++) {
        if (w[m[k].glyph].y1 - w[m[k].glyph].y0 >= 0.6 * hmax)
          m[nbig++] = m[k];
        else
          small[nsmall++] = m[k];
      }
      nm = nbig;
      const uint8_t *pz = puzzles[num - 1];
      uint8_t grid[81], full[81];
      double lat[3];
      memset(full, 1, 81);
      if (fit_lattice(what, m, nm, sol ? full : pz, 0.12, grid, NULL, lat) < 0)
        continue;
      if (nsmall && (sol || !cands)) fail("%s: %d small digits", what, nsmall);
      if (!sol && cands) {
        unsigned marks[81] = {0};
        for (int k = 0; k < nsmall; k++) {
          long c = lround(floor((small[k].cx - lat[0]) / lat[2] + 0.5));
          long r = lround(floor((small[k].cy - lat[1]) / lat[2] + 0.5));
          if (c < 0 || c > 8 || r < 0 || r > 8) {
            fail("%s: a mark outside the grid", what);
            continue;
          }
          marks[r * 9 + c] |= 1u << small[k].digit;
        }
        for (int i = 0; i < 81; i++) {
          unsigned want = pz[i] ? 0 : candidates(pz, i);
          if (marks[i] != want)
            fail("%s: r%dc%d: marks %#x, candidates %#x", what, i / 9 + 1,
                 i % 9 + 1, marks[i], want);
        }
      }
      if (sol) {
        if (!ref_is_solution(pz, grid))
          fail("%s: not a solution of the puzzle", what);
      } else if (memcmp(grid, pz, 81) != 0) {
        fail("%s: the digits differ from the puzzle's givens", what);
      }
    }
  }
  for (long k = 0; k < npuzzles; k++) {
    if (seen[k * 2] != 1)
      fail("puzzle #%ld: %d grids, 1 expected", k + 1, seen[k * 2]);
    if (seen[k * 2 + 1] != solutions)
      fail("solution #%ld: %d grids, %d expected", k + 1, seen[k * 2 + 1],
           solutions);
  }
  printf("pdf: %d pages, %zu words, %ld puzzles checked\n", npages, n,
         npuzzles);
  free(m);
  free(small);
  free(seen);
  free(w);
  free(s);
  return failures != 0;
}

/* ------------------------------------------------------------------ */
/* SVG, as cairo writes it                                               */

typedef struct glyph {
  char id[32];
  double x0, y0, x1, y1; /* bounding box of its outline */
} glyph;

typedef struct seg {
  double x0, y0, x1, y1, width;
  int frame; /* a closed rectangle */
} seg;

/* Bounding box of the points of path data d (up to the closing quote);
 * returns the number of points. Fills pts (up to cap) too. */
static int path_points(const char *d, double (*pts)[2], int cap, double *bb) {
  int n = 0;
  double v[2];
  int have = 0;
  bb[0] = bb[1] = 1e9;
  bb[2] = bb[3] = -1e9;
  for (const char *p = d; *p && *p != '"';) {
    if ((*p >= '0' && *p <= '9') || *p == '-' || *p == '.') {
      char *end;
      v[have++] = strtod(p, &end);
      p = end;
      if (have == 2) {
        if (n < cap) pts[n][0] = v[0], pts[n][1] = v[1];
        n++;
        if (v[0] < bb[0]) bb[0] = v[0];
        if (v[1] < bb[1]) bb[1] = v[1];
        if (v[0] > bb[2]) bb[2] = v[0];
        if (v[1] > bb[3]) bb[3] = v[1];
        have = 0;
      }
    } else {
      p++;
    }
  }
  return n;
}

static int check_svg(const char *path, long first, long count) {
  char *s = slurp(path, NULL);
  if (!s) return fail("cannot read %s", path), 1;
  if (strstr(s, "transform=")) fail("%s: unexpected transform", path);
  size_t ng = 0, ns = 0, nu = 0;
  glyph *g = malloc(4096 * sizeof *g);
  seg *sg = malloc(4096 * sizeof *sg);
  mark *u = malloc(4096 * sizeof *u);
  static double ux[4096], uy[4096];
  static char uid[4096][32];
  for (char *p = s; (p = strchr(p, '<')) != NULL; p++) {
    char *gt = strchr(p, '>');
    if (!gt) break;
    if (strncmp(p, "<symbol ", 8) == 0 && ng < 4096) {
      glyph *x = &g[ng++];
      char *id = strstr(p, "id=\"");
      sscanf(id + 4, "%31[^\"]", x->id);
      char *end = strstr(p, "</symbol>"), *d = strstr(p, " d=\"");
      double bb[4] = {0, 0, 0, 0};
      if (d && end && d < end) {
        double pts[1][2];
        path_points(d + 4, pts, 0, bb);
      }
      x->x0 = bb[0], x->y0 = bb[1], x->x1 = bb[2], x->y1 = bb[3];
      p = end ? end : gt;
    } else if (strncmp(p, "<use ", 5) == 0 && nu < 4096) {
      char *h = strstr(p, "href=\"#");
      if (!h || h > gt) continue;
      sscanf(h + 7, "%31[^\"]", uid[nu]);
      ux[nu] = uy[nu] = 0;
      attr_num(p, gt, "x=", &ux[nu]);
      attr_num(p, gt, "y=", &uy[nu]);
      nu++;
    } else if (strncmp(p, "<path ", 6) == 0 && ns < 4096) {
      char *sw = strstr(p, "stroke-width:"), *d = strstr(p, " d=\"");
      if (!sw || sw > gt || !d || d > gt) continue;
      double pts[8][2], bb[4];
      int np = path_points(d + 4, pts, 8, bb);
      seg *x = &sg[ns];
      x->width = strtod(sw + 13, NULL);
      x->x0 = bb[0], x->y0 = bb[1], x->x1 = bb[2], x->y1 = bb[3];
      x->frame = np == 5 && strchr(d + 4, 'Z') && strchr(d + 4, 'Z') < gt;
      if (np == 2 || x->frame) ns++;
    }
  }
  /* frames: square closed rectangles, in reading order */
  int frames[64], nf = 0;
  for (size_t k = 0; k < ns && nf < 64; k++)
    if (sg[k].frame &&
        fabs((sg[k].x1 - sg[k].x0) - (sg[k].y1 - sg[k].y0)) < 0.01)
      frames[nf++] = (int)k;
  for (int a = 0; a < nf; a++)
    for (int b = a + 1; b < nf; b++) {
      seg *x = &sg[frames[a]], *y = &sg[frames[b]];
      if (y->y0 < x->y0 - 1 || (fabs(y->y0 - x->y0) <= 1 && y->x0 < x->x0)) {
        int t = frames[a];
        frames[a] = frames[b];
        frames[b] = t;
      }
    }
  if (nf != count) fail("%s: %d grids, %ld expected", path, nf, count);
  static char glyph_digit[4096][32];
  static int map_digit[4096];
  int nmap = 0;
  for (int f = 0; f < nf && f < count; f++) {
    seg *fr = &sg[frames[f]];
    double x = fr->x0, y = fr->y0, S = fr->x1 - fr->x0, c = S / 9;
    char what[96];
    snprintf(what, sizeof what, "%s grid %d (puzzle #%ld)", path, f + 1,
             first + f);
    /* 8 inner lines each way, evenly spaced, thick between boxes */
    double hw[9] = {0}, vw[9] = {0};
    int nh = 0, nv = 0;
    for (size_t k = 0; k < ns; k++) {
      seg *l = &sg[k];
      if (l->frame) continue;
      if (fabs(l->y0 - l->y1) < 1e-6 && fabs(l->x0 - x) < 0.01 &&
          fabs(l->x1 - (x + S)) < 0.01 && l->y0 > y + 0.01 &&
          l->y0 < y + S - 0.01) {
        double kk = (l->y0 - y) / c;
        long ki = lround(kk);
        if (fabs(kk - ki) > 0.002 || ki < 1 || ki > 8)
          fail("%s: a row line off the lattice", what);
        else
          hw[ki] = l->width;
        nh++;
      }
      if (fabs(l->x0 - l->x1) < 1e-6 && fabs(l->y0 - y) < 0.01 &&
          fabs(l->y1 - (y + S)) < 0.01 && l->x0 > x + 0.01 &&
          l->x0 < x + S - 0.01) {
        double kk = (l->x0 - x) / c;
        long ki = lround(kk);
        if (fabs(kk - ki) > 0.002 || ki < 1 || ki > 8)
          fail("%s: a column line off the lattice", what);
        else
          vw[ki] = l->width;
        nv++;
      }
    }
    if (nh != 8 || nv != 8)
      fail("%s: %d row and %d column lines inside, 8 and 8 expected", what, nh,
           nv);
    for (int k = 1; k < 9; k++) {
      int box = k % 3 == 0;
      if (!hw[k] || !vw[k]) fail("%s: line %d missing", what, k);
      double thin = hw[1], thick = hw[3];
      if (box && (hw[k] != thick || vw[k] != thick || fr->width != thick))
        fail("%s: box line %d not as thick as the frame", what, k);
      if (!box && (hw[k] != thin || vw[k] != thin))
        fail("%s: cell line %d not thin", what, k);
      if (!(thick > thin)) fail("%s: box lines not thicker", what);
    }
    /* the digits: glyphs whose ink centre is inside the frame */
    int nm = 0;
    for (size_t k = 0; k < nu; k++) {
      glyph *gl = NULL;
      for (size_t j = 0; j < ng; j++)
        if (strcmp(g[j].id, uid[k]) == 0) gl = &g[j];
      if (!gl) {
        fail("%s: glyph %s not defined", path, uid[k]);
        continue;
      }
      double cx = ux[k] + (gl->x0 + gl->x1) / 2,
             cy = uy[k] + (gl->y0 + gl->y1) / 2;
      if (cx < x || cx > x + S || cy < y || cy > y + S) continue;
      if (gl->y1 - gl->y0 < 0.3 * c) continue; /* not a given's size */
      u[nm] = (mark){cx, cy, 0, (long)k};
      nm++;
    }
    const uint8_t *pz = puzzles[first - 1 + f];
    /* digits are not known from glyphs: fit on the cells, then ask that
     * each glyph stands for one digit and each digit for one glyph */
    for (int k = 0; k < nm; k++) u[k].digit = 1;
    uint8_t grid[81], expect[81];
    long gcell[81];
    for (int i = 0; i < 81; i++) expect[i] = pz[i] != 0;
    if (fit_lattice(what, u, nm, expect, 0.06, grid, gcell, NULL) < 0) continue;
    for (int i = 0; i < 81; i++) {
      if (!pz[i]) continue;
      const char *id = uid[gcell[i]];
      int j = 0;
      while (j < nmap && strcmp(glyph_digit[j], id) != 0) j++;
      if (j == nmap) {
        for (int q = 0; q < nmap; q++)
          if (map_digit[q] == pz[i])
            fail("%s: digit %d drawn with two glyphs", what, pz[i]);
        snprintf(glyph_digit[nmap], 32, "%s", id);
        map_digit[nmap++] = pz[i];
      } else if (map_digit[j] != pz[i]) {
        fail("%s: r%dc%d: the glyph of %d where %d belongs", what, i / 9 + 1,
             i % 9 + 1, map_digit[j], pz[i]);
      }
    }
  }
  printf("svg %s: %d grids, %zu lines, %zu glyphs placed\n", path, nf, ns, nu);
  free(g);
  free(sg);
  free(u);
  free(s);
  return failures != 0;
}

/* ------------------------------------------------------------------ */
/* HTML, through xmllint's parse                                         */

/* The candidates of a cell, computed here: digits absent from its row,
 * column and box. */
static unsigned candidates(const uint8_t *g, int i) {
  unsigned used = 0;
  int r = i / 9, c = i % 9;
  for (int k = 0; k < 9; k++) {
    used |= 1u << g[r * 9 + k];
    used |= 1u << g[k * 9 + c];
    used |= 1u << g[(r / 3 * 3 + k / 3) * 9 + c / 3 * 3 + k % 3];
  }
  return ~used & 0x3fe;
}

static int check_html(const char *path, int solutions, int cands) {
  char *s = slurp(path, NULL);
  if (!s) return fail("cannot read %s", path), 1;
  long want = npuzzles * (1 + solutions), ncell = 0;
  uint8_t grid[81];
  for (char *p = s; (p = strstr(p, "<td")) != NULL;) {
    char *gt = strchr(p, '>'), *end = gt ? strstr(gt, "</td>") : NULL;
    char *selfclosed = gt && gt[-1] == '/' ? gt : NULL;
    if (!gt) break;
    if (!end || selfclosed) end = gt; /* <td/>: empty */
    long t = ncell / 81;
    int i = (int)(ncell % 81);
    ncell++;
    if (t >= want) {
      p = end + 1;
      continue;
    }
    int sol = t >= npuzzles;
    const uint8_t *pz = puzzles[sol ? t - npuzzles : t];
    char cls[32] = "";
    char *c = strstr(p, "class=\"");
    if (c && c < gt) sscanf(c + 7, "%31[^\"]", cls);
    char what[80];
    snprintf(what, sizeof what, "%s #%ld r%dc%d", sol ? "solution" : "puzzle",
             (sol ? t - npuzzles : t) + 1, i / 9 + 1, i % 9 + 1);
    if (end > gt && strstr(gt, "class=\"cm\"") &&
        strstr(gt, "class=\"cm\"") < end) {
      /* candidates: span k holds digit k+1 or nothing */
      unsigned have = 0;
      int k = 0;
      for (char *q = gt; (q = strstr(q, "<span")) != NULL && q < end;
           q++, k++) {
        char *qg = strchr(q, '>');
        if (qg[-1] == '/') continue;
        if (qg[1] >= '1' && qg[1] <= '9' && qg[2] == '<') {
          if (qg[1] - '0' != k + 1)
            fail("%s: mark %c out of place", what, qg[1]);
          have |= 1u << (qg[1] - '0');
        }
      }
      if (sol || !cands || pz[i])
        fail("%s: unexpected marks", what);
      else if (have != candidates(pz, i))
        fail("%s: marks %#x, candidates %#x", what, have, candidates(pz, i));
      grid[i] = 0;
    } else {
      int d = 0;
      for (char *q = gt + 1; q < end; q++)
        if (*q >= '1' && *q <= '9')
          d = d * 10 + (*q - '0');
        else if (*q != ' ' && *q != '\n')
          d = 100;
      if (d > 9) fail("%s: not a digit", what);
      grid[i] = (uint8_t)(d > 9 ? 0 : d);
      int given = strcmp(cls, "g") == 0;
      if (!sol) {
        if (grid[i] != pz[i])
          fail("%s: %d, the puzzle has %d", what, grid[i], pz[i]);
        if (given != (pz[i] != 0)) fail("%s: class '%s'", what, cls);
        if (!pz[i] && cands && candidates(pz, i))
          fail("%s: no candidate marks", what);
      } else if (given != (pz[i] != 0)) {
        fail("%s: class '%s' (given: %d)", what, cls, pz[i] != 0);
      }
    }
    if (sol && i == 80 && !ref_is_solution(pz, grid))
      fail("solution #%ld: not a solution of the puzzle", t - npuzzles + 1);
    p = end + 1;
  }
  if (ncell != want * 81)
    fail("%s: %ld cells, %ld grids of 81 expected", path, ncell, want);
  printf("html: %ld cells in %ld grids checked\n", ncell, ncell / 81);
  free(s);
  return failures != 0;
}

/* ------------------------------------------------------------------ */
/* PNG                                                                   */

static int check_png(const char *path, long w, long h) {
  size_t n;
  unsigned char *b = (unsigned char *)slurp(path, &n);
  if (!b) return fail("cannot read %s", path), 1;
  static const unsigned char sig[8] = {0x89, 'P',  'N',  'G',
                                       '\r', '\n', 0x1a, '\n'};
  if (n < 24 || memcmp(b, sig, 8) != 0 || memcmp(b + 12, "IHDR", 4) != 0) {
    free(b);
    return fail("%s: not a PNG", path), 1;
  }
  long pw = (long)b[16] << 24 | (long)b[17] << 16 | (long)b[18] << 8 | b[19];
  long ph = (long)b[20] << 24 | (long)b[21] << 16 | (long)b[22] << 8 | b[23];
  if (pw != w || ph != h)
    fail("%s: %ldx%ld, %ldx%ld expected", path, pw, ph, w, h);
  printf("png %s: %ldx%ld\n", path, pw, ph);
  free(b);
  return failures != 0;
}

static int gray(const unsigned char *row, int x) {
  uint32_t v;
  memcpy(&v, row + 4 * x, 4);
  return (int)(((v >> 16) & 255) * 30 + ((v >> 8) & 255) * 59 +
               (v & 255) * 11) /
         100;
}

static int check_same(const char *a, const char *b) {
  cairo_surface_t *sa = cairo_image_surface_create_from_png(a);
  cairo_surface_t *sb = cairo_image_surface_create_from_png(b);
  if (cairo_surface_status(sa) || cairo_surface_status(sb)) {
    fail("cannot load %s or %s", a, b);
    return 1;
  }
  int w = cairo_image_surface_get_width(sa),
      h = cairo_image_surface_get_height(sa);
  if (w != cairo_image_surface_get_width(sb) ||
      h != cairo_image_surface_get_height(sb)) {
    fail("%s and %s differ in size", a, b);
    return 1;
  }
  cairo_surface_flush(sa);
  cairo_surface_flush(sb);
  const unsigned char *da = cairo_image_surface_get_data(sa);
  const unsigned char *db = cairo_image_surface_get_data(sb);
  int ra = cairo_image_surface_get_stride(sa),
      rb = cairo_image_surface_get_stride(sb);
  /* compared in blocks of 4x4 pixels, each with the window of b
   * shifted by at most 2 pixels that fits best, so that the two
   * rasterisers' antialiasing and rounding of glyph positions do not
   * count */
  long dark_a = 0, dark_b = 0, differ = 0, blocks = 0;
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++) {
      dark_a += gray(da + (size_t)y * ra, x) < 128;
      dark_b += gray(db + (size_t)y * rb, x) < 128;
    }
  differ = 0;
  for (int by = 2; by + 6 <= h; by += 4)
    for (int bx = 2; bx + 6 <= w; bx += 4) {
      int best = -1;
      for (int oy = -2; oy <= 2 && best != 0; oy++)
        for (int ox = -2; ox <= 2 && best != 0; ox++) {
          int suma = 0, sumb = 0;
          for (int y = by; y < by + 4; y++)
            for (int x = bx; x < bx + 4; x++) {
              suma += gray(da + (size_t)y * ra, x);
              sumb += gray(db + (size_t)(y + oy) * rb, x + ox);
            }
          int d = abs(suma - sumb);
          if (best < 0 || d < best) best = d;
        }
      differ += best > 16 * 64;
      blocks++;
    }
  double total = (double)w * h;
  printf("same: %s %s: %.3f%% and %.3f%% dark pixels, %.3f%% of 4x4 blocks "
         "differ\n",
         a, b, 100 * dark_a / total, 100 * dark_b / total,
         100.0 * differ / (double)blocks);
  if (dark_a < total / 500 || dark_b < total / 500) fail("a blank page");
  if (differ > blocks / 1000) fail("%s and %s do not look the same", a, b);
  cairo_surface_destroy(sa);
  cairo_surface_destroy(sb);
  return failures != 0;
}

int main(int argc, char **argv) {
  const char *cmd = argc > 1 ? argv[1] : "";
  if (strcmp(cmd, "pdf") == 0 && (argc == 6 || argc == 7)) {
    load_puzzles(argv[3]);
    return check_pdf(argv[2], atol(argv[4]), atoi(argv[5]),
                     argc == 7 && atoi(argv[6]));
  }
  if (strcmp(cmd, "svg") == 0 && argc == 6) {
    load_puzzles(argv[3]);
    long first = atol(argv[4]), count = atol(argv[5]);
    if (first < 1 || first - 1 + count > npuzzles) return 2;
    return check_svg(argv[2], first, count);
  }
  if (strcmp(cmd, "html") == 0 && argc == 6) {
    load_puzzles(argv[3]);
    return check_html(argv[2], atoi(argv[4]), atoi(argv[5]));
  }
  if (strcmp(cmd, "png") == 0 && argc == 5)
    return check_png(argv[2], atol(argv[3]), atol(argv[4]));
  if (strcmp(cmd, "same") == 0 && argc == 4)
    return check_same(argv[2], argv[3]);
  fprintf(stderr,
          "usage: render_check pdf|svg|html|png|same ... (see the source)\n");
  return 2;
}
