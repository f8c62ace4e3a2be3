/* text.c: the text format of variant puzzles (docs/variants.md):
 *
 *   size=16 box=4x4 constraints=diagonals cells=1..A...G....
 *   size=9 regions=000111222... cages=10:0,1;15:2,3,4 cells=....
 *   size=9 box=3x3 grid          (then 9 rows of cells)
 *
 * Fields are separated by spaces; cells are symbols ('.' or '0' empty,
 * 1-9, then A-P for 10-25) or comma-separated numbers; a region map is
 * N*N symbols, one per region; cages are SUM:CELL,CELL,... separated by
 * ';', each cell an index (row-major, from 0) or r1c1. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "variant.h"

#if defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 3, 4)))
#endif
static int
failf(char *err, size_t errcap, const char *fmt, ...) {
  if (err && errcap) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errcap, fmt, ap);
    va_end(ap);
  }
  return NONET_EPARSE;
}

static int has_comma(const char *s, size_t len) {
  return memchr(s, ',', len) != NULL;
}

/* Reads comma-separated whole numbers from lo to hi into out (at most
 * cap, but all are counted); returns the count, or -1 after a message. */
static long numbers(const char *s, size_t len, int lo, int hi, uint8_t *out,
                    long cap, const char *what, char *err, size_t errcap) {
  long k = 0;
  size_t i = 0;
  for (;;) {
    while (i < len && (s[i] == ' ' || s[i] == '\t')) i++;
    size_t start = i;
    long v = 0;
    while (i < len && s[i] >= '0' && s[i] <= '9') {
      if (v < 1000) v = v * 10 + (s[i] - '0');
      i++;
    }
    if (i == start) {
      failf(err, errcap, "%s: number %ld is missing or not a number", what,
            k + 1);
      return -1;
    }
    if (v < lo || v > hi) {
      failf(err, errcap, "%s: %.*s is out of range (%d to %d)", what,
            (int)(i - start > 20 ? 20 : i - start), s + start, lo, hi);
      return -1;
    }
    if (k < cap) out[k] = (uint8_t)v;
    k++;
    while (i < len && (s[i] == ' ' || s[i] == '\t')) i++;
    if (i == len) return k;
    if (s[i] != ',') {
      failf(err, errcap, "%s: number %ld is followed by '%c', not ','", what, k,
            s[i] > 0x20 && s[i] < 0x7f ? s[i] : '?');
      return -1;
    }
    i++;
  }
}

/* "'x' in r2c1 is not a digit of a 16x16 grid (1-9, A-G or '.')": the
 * cell is the at-th (from 1) in reading order, or with row (from 1) the
 * at-th of that row */
static int bad_symbol(int n, unsigned char c, long row, long at,
                      const char *what, char *err, size_t errcap) {
  char digits[16], where[64];
  if (row > 0 && at >= 1 && at <= n)
    snprintf(where, sizeof where, "in r%ldc%ld", row, at);
  else if (row <= 0 && at >= 1 && at <= (long)n * n)
    snprintf(where, sizeof where, "in r%ldc%ld", (at - 1) / n + 1,
             (at - 1) % n + 1);
  else
    snprintf(where, sizeof where, "(cell %ld of %d)", at, n * n);
  if (n <= 9)
    snprintf(digits, sizeof digits, "1-%d", n);
  else
    snprintf(digits, sizeof digits, "1-9, A-%c", nonet__v_symbol(n));
  if (c > 0x20 && c < 0x7f)
    return failf(err, errcap,
                 "%s: '%c' %s is not a digit of a %dx%d grid (%s or '.')", what,
                 c, where, n, n, digits);
  return failf(err, errcap, "%s: byte 0x%02x %s is not a digit", what, c,
               where);
}

/* The value of a cell symbol; -1 when it is none. */
static int cell_symbol(unsigned char c, int n) {
  if (c == '.' || c == '_' || c == '*' || c == '0') return 0;
  int v = nonet__v_symbol_value(c);
  return v >= 1 && v <= n ? v : -1;
}

int nonet__v_parse_cells(const char *s, size_t len, int n, uint8_t *out,
                         const char *what, char *err, size_t errcap) {
  long want = (long)n * n, k = 0;
  if (has_comma(s, len)) {
    k = numbers(s, len, 0, n, out, want, what, err, errcap);
    if (k < 0) return NONET_EPARSE;
  } else {
    for (size_t i = 0; i < len; i++) {
      unsigned char c = (unsigned char)s[i];
      if (c == ' ' || c == '\t' || c == '|') continue;
      int v = cell_symbol(c, n);
      if (v < 0) return bad_symbol(n, c, 0, k + 1, what, err, errcap);
      if (k < want) out[k] = (uint8_t)v;
      k++;
    }
  }
  if (k != want)
    return failf(err, errcap, "%s: %ld %s, expected %ld (%dx%d)", what, k,
                 has_comma(s, len) ? "numbers" : "cells", want, n, n);
  return NONET_OK;
}

/* A region map: N*N symbols, one per region, numbered by first
 * appearance; or N*N comma-separated numbers 0..N-1. */
static int parse_regions(const char *s, size_t len, vdraft *d, char *err,
                         size_t errcap) {
  int n = d->n;
  long want = (long)n * n, k = 0;
  d->have_regions = 1;
  if (has_comma(s, len)) {
    k = numbers(s, len, 0, n - 1, d->regions, want, "regions", err, errcap);
    if (k < 0) return NONET_EPARSE;
  } else {
    int map[256], next = 0;
    memset(map, 0xff, sizeof map);
    for (size_t i = 0; i < len; i++) {
      unsigned char c = (unsigned char)s[i];
      if (c == ' ' || c == '\t') continue;
      if (map[c] < 0) {
        if (next == n)
          return failf(err, errcap, "regions: more than %d different symbols",
                       n);
        map[c] = next++;
      }
      if (k < want) d->regions[k] = (uint8_t)map[c];
      k++;
    }
  }
  if (k != want)
    return failf(err, errcap, "regions: %ld cells, expected %ld (%dx%d)", k,
                 want, n, n);
  return NONET_OK;
}

/* A cell of a cage: an index or r1c1. */
static int cage_cell(const char *s, size_t len, int n, int *out) {
  size_t i = 0;
  long r = 0;
  if (len && (s[0] == 'r' || s[0] == 'R'))
    return (*out = nonet__v_cell_of_name(s, len, n)) < 0 ? -1 : 0;
  for (; i < len && s[i] >= '0' && s[i] <= '9'; i++)
    if (r < 100000) r = r * 10 + (s[i] - '0');
  if (i == 0 || i != len) return -1;
  *out = (int)(r > 99999 ? 99999 : r); /* out of range: the checks say so */
  return 0;
}

static int parse_cages(const char *s, size_t len, vdraft *d, char *err,
                       size_t errcap) {
  size_t i = 0;
  while (i < len) {
    size_t end = i;
    while (end < len && s[end] != ';') end++;
    const char *t = s + i;
    size_t tl = end - i;
    const char *colon = memchr(t, ':', tl);
    if (tl == 0) {
      i = end + 1;
      continue;
    }
    if (d->ncages == VMAXC) {
      if (err && errcap) snprintf(err, errcap, "cages: more than %d", VMAXC);
      return NONET_EPARSE;
    }
    vdraft_cage *cg = &d->cages[d->ncages];
    long sum = 0;
    size_t k = 0;
    for (; t + k < (colon ? colon : t) && t[k] >= '0' && t[k] <= '9'; k++)
      if (sum < 100000) sum = sum * 10 + (t[k] - '0');
    if (!colon || k == 0 || k > 6 || t + k != colon) {
      if (err && errcap)
        snprintf(err, errcap,
                 "cages: '%.*s' is not a cage (SUM:CELL,CELL,... with cells as "
                 "indexes or r1c1)",
                 (int)(tl > 40 ? 40 : tl), t);
      return NONET_EPARSE;
    }
    cg->sum = (int)sum;
    cg->k = 0;
    const char *p = colon + 1, *stop = t + tl;
    while (p <= stop) {
      const char *q = p;
      while (q < stop && *q != ',') q++;
      int cell;
      if (cage_cell(p, (size_t)(q - p), d->n, &cell) < 0) {
        if (err && errcap)
          snprintf(err, errcap,
                   "cages: '%.*s' in the cage of sum %ld is not a cell (an "
                   "index from 0, or r1c1)",
                   (int)(q - p > 20 ? 20 : q - p), p, sum);
        return NONET_EPARSE;
      }
      if (cg->k <= VMAXN) cg->cells[cg->k] = cell;
      if (cg->k <= VMAXN) cg->k++;
      p = q + 1;
    }
    d->ncages++;
    i = end + 1;
  }
  return NONET_OK;
}

typedef struct field {
  const char *key, *val;
  size_t klen, vlen;
} field;

#define MAX_FIELDS 16

static int is_key(const field *f, const char *k) {
  return f->klen == strlen(k) && memcmp(f->key, k, f->klen) == 0;
}

/* The grid form's rows: n lines of n cells, rule lines skipped. */
static int parse_rows(const char *s, size_t len, vdraft *d, char *err,
                      size_t errcap) {
  int n = d->n, row = 0;
  size_t i = 0;
  while (i < len && row < n) {
    size_t end = i;
    while (end < len && s[end] != '\n') end++;
    const char *t = s + i;
    size_t tl = end - i;
    if (tl == 0) {
      i = end + 1;
      continue;
    }
    int dashes = 0, other = 0;
    for (size_t j = 0; j < tl; j++) {
      if (t[j] == '-' || t[j] == '=')
        dashes++;
      else if (t[j] != '+' && t[j] != '|' && t[j] != ' ' && t[j] != '\t')
        other++;
    }
    if (!(dashes >= 3 && !other)) {
      char what[24];
      snprintf(what, sizeof what, "grid row %d", row + 1);
      uint8_t tmp[VMAXC];
      /* a row is one n-cell line of an n x 1 grid: count by hand */
      long k = 0;
      for (size_t j = 0; j < tl; j++) {
        unsigned char c = (unsigned char)t[j];
        if (c == ' ' || c == '\t' || c == '|') continue;
        int v = cell_symbol(c, n);
        if (v < 0) return bad_symbol(n, c, row + 1, k + 1, what, err, errcap);
        if (k < n) tmp[k] = (uint8_t)v;
        k++;
      }
      if (k != n) {
        if (err && errcap)
          snprintf(err, errcap, "%s has %ld cells, expected %d", what, k, n);
        return NONET_EPARSE;
      }
      memcpy(d->cells + row * n, tmp, (size_t)n);
      row++;
    }
    i = end + 1;
  }
  if (row < n) {
    if (err && errcap)
      snprintf(err, errcap, "grid ends after %d of %d rows", row, n);
    return NONET_EPARSE;
  }
  return NONET_OK;
}

int nonet__v_text_parse(const char *s, size_t len, vdraft *d, char *err,
                        size_t errcap) {
  field f[MAX_FIELDS];
  int nf = 0, grid = 0;
  const char *nl = memchr(s, '\n', len);
  size_t first = nl ? (size_t)(nl - s) : len, i = 0;
  while (i < first) {
    while (i < first && (s[i] == ' ' || s[i] == '\t')) i++;
    if (i == first) break;
    size_t start = i;
    while (i < first && s[i] != ' ' && s[i] != '\t') i++;
    const char *eq = memchr(s + start, '=', i - start);
    if (nf == MAX_FIELDS) {
      if (err && errcap)
        snprintf(err, errcap, "more than %d fields", MAX_FIELDS);
      return NONET_EPARSE;
    }
    f[nf].key = s + start;
    f[nf].klen = eq ? (size_t)(eq - (s + start)) : i - start;
    f[nf].val = eq ? eq + 1 : s + i;
    f[nf].vlen = eq ? (size_t)(s + i - (eq + 1)) : 0;
    if (!eq && is_key(&f[nf], "grid")) {
      grid = 1;
      continue;
    }
    static const char *const known[] = {
        "size", "box", "regions", "constraints", "cages", "cells", "solution"};
    int ok = 0;
    for (size_t k = 0; k < sizeof known / sizeof *known && eq; k++)
      ok |= is_key(&f[nf], known[k]);
    if (!ok) {
      if (err && errcap)
        snprintf(err, errcap,
                 "unknown field '%.*s' (size, box, regions, constraints, "
                 "cages, cells, solution, grid)",
                 (int)(f[nf].klen > 30 ? 30 : f[nf].klen), f[nf].key);
      return NONET_EPARSE;
    }
    /* a field given twice: which one counts is a guess (a script that
     * appends constraints= would lose the first's rules) */
    for (int k = 0; k < nf; k++)
      if (f[k].klen == f[nf].klen && !memcmp(f[k].key, f[nf].key, f[k].klen)) {
        if (err && errcap)
          snprintf(err, errcap, "field '%.*s' given twice", (int)f[nf].klen,
                   f[nf].key);
        return NONET_EPARSE;
      }
    nf++;
  }
  /* the size first: every other field needs it */
  for (int k = 0; k < nf; k++)
    if (is_key(&f[k], "size")) {
      long v = 0;
      size_t j = 0;
      for (; j < f[k].vlen && f[k].val[j] >= '0' && f[k].val[j] <= '9'; j++)
        if (v < 1000) v = v * 10 + (f[k].val[j] - '0');
      if (j == 0 || j != f[k].vlen) {
        if (err && errcap)
          snprintf(err, errcap, "size: '%.*s' is not a number",
                   (int)(f[k].vlen > 20 ? 20 : f[k].vlen), f[k].val);
        return NONET_EPARSE;
      }
      if (v < 4 || v > VMAXN) {
        if (err && errcap)
          snprintf(err, errcap, "size %.*s is not supported (4 to %d)",
                   (int)(j > 20 ? 20 : j), f[k].val, VMAXN);
        return NONET_EPARSE;
      }
      d->n = (int)v;
    }
  if (!d->n) {
    if (err && errcap) snprintf(err, errcap, "no size= field");
    return NONET_EPARSE;
  }
  for (int k = 0; k < nf; k++) {
    const field *p = &f[k];
    int r = NONET_OK;
    if (is_key(p, "box")) {
      long a = 0, b = 0;
      size_t j = 0;
      for (; j < p->vlen && p->val[j] >= '0' && p->val[j] <= '9'; j++)
        if (a < 1000) a = a * 10 + (p->val[j] - '0');
      size_t x = j;
      if (j < p->vlen && (p->val[j] == 'x' || p->val[j] == 'X')) j++;
      size_t y = j;
      for (; j < p->vlen && p->val[j] >= '0' && p->val[j] <= '9'; j++)
        if (b < 1000) b = b * 10 + (p->val[j] - '0');
      if (x == 0 || y == x || j == y || j != p->vlen || x > 3 || j - y > 3) {
        if (err && errcap)
          snprintf(err, errcap, "box: '%.*s' is not ROWSxCOLUMNS (3x3)",
                   (int)(p->vlen > 20 ? 20 : p->vlen), p->val);
        return NONET_EPARSE;
      }
      d->br = (int)a;
      d->bc = (int)b;
    } else if (is_key(p, "regions")) {
      r = parse_regions(p->val, p->vlen, d, err, errcap);
    } else if (is_key(p, "constraints")) {
      char list[512];
      snprintf(list, sizeof list, "%.*s", (int)p->vlen, p->val);
      if (nonet_constraints_parse(list, &d->cons, err, errcap) != NONET_OK)
        r = NONET_EPARSE;
    } else if (is_key(p, "cages")) {
      r = parse_cages(p->val, p->vlen, d, err, errcap);
    } else if (is_key(p, "cells")) {
      r = nonet__v_parse_cells(p->val, p->vlen, d->n, d->cells, "cells", err,
                               errcap);
    } else if (is_key(p, "solution")) {
      r = nonet__v_parse_cells(p->val, p->vlen, d->n, d->solution, "solution",
                               err, errcap);
      d->have_solution = 1;
    }
    if (r != NONET_OK) return r;
  }
  if (grid) {
    size_t skip = first < len ? first + 1 : len; /* the header's newline */
    return parse_rows(s + skip, len - skip, d, err, errcap);
  }
  return NONET_OK;
}

/* ---- writing ------------------------------------------------------------- */

static void put_cells(sbuf *b, const nonet_variant *v, const uint8_t *cells,
                      nonet_format format, unsigned flags) {
  int nc = v->n * v->n;
  for (int i = 0; i < nc; i++) {
    if (format == NONET_FORMAT_CSV) {
      if (i) nonet__sb_putc(b, ',');
      nonet__sb_int(b, cells[i]);
    } else {
      nonet__sb_putc(b, cells[i]                 ? nonet__v_symbol(cells[i])
                        : flags & NONET_FMT_ZERO ? '0'
                                                 : '.');
    }
  }
}

static void put_rows(sbuf *b, const nonet_variant *v, const uint8_t *cells,
                     unsigned flags) {
  int n = v->n, bc = v->br ? v->bc : n, br = v->br ? v->br : n;
  for (int r = 0; r < n; r++) {
    if (r && r % br == 0) {
      nonet__sb_putc(b, '\n');
      for (int s = 0; s < n / bc; s++) {
        if (s) nonet__sb_puts(b, "-+-");
        for (int k = 0; k < 2 * bc - 1; k++) nonet__sb_putc(b, '-');
      }
    }
    nonet__sb_putc(b, '\n');
    for (int c = 0; c < n; c++) {
      if (c) nonet__sb_puts(b, c % bc == 0 ? " | " : " ");
      int x = cells[r * n + c];
      nonet__sb_putc(b, x                        ? nonet__v_symbol(x)
                        : flags & NONET_FMT_ZERO ? '0'
                                                 : '.');
    }
  }
}

void nonet__v_text_write(sbuf *b, const nonet_variant *v, const uint8_t *cells,
                         const uint8_t *solution, nonet_format format,
                         unsigned flags) {
  int n = v->n;
  nonet__sb_puts(b, "size=");
  nonet__sb_int(b, n);
  if (v->br) {
    nonet__sb_puts(b, " box=");
    nonet__sb_int(b, v->br);
    nonet__sb_putc(b, 'x');
    nonet__sb_int(b, v->bc);
  } else {
    nonet__sb_puts(b, " regions=");
    for (int i = 0; i < n * n; i++)
      nonet__sb_putc(b, nonet__v_symbol(v->region[i]));
  }
  if (v->cons) {
    nonet__sb_puts(b, " constraints=");
    for (unsigned k = 0, first = 1; k < 32; k++)
      if (v->cons >> k & 1) {
        if (!first) nonet__sb_putc(b, ',');
        nonet__sb_puts(b, nonet_constraint_name((nonet_constraint)(1u << k)));
        first = 0;
      }
  }
  for (int k = 0; k < v->ncages; k++) {
    nonet__sb_puts(b, k ? ";" : " cages=");
    nonet__sb_int(b, v->cages[k].sum);
    for (int i = 0; i < v->cages[k].n; i++) {
      nonet__sb_putc(b, i ? ',' : ':');
      nonet__sb_int(b, v->cages[k].cells[i]);
    }
  }
  if (format != NONET_FORMAT_GRID) {
    nonet__sb_puts(b, " cells=");
    put_cells(b, v, cells, format, flags);
  }
  if (solution) {
    nonet__sb_puts(b, " solution=");
    put_cells(b, v, solution,
              format == NONET_FORMAT_CSV ? format : NONET_FORMAT_LINE, 0);
  }
  if (format == NONET_FORMAT_GRID) {
    nonet__sb_puts(b, " grid");
    put_rows(b, v, cells, flags);
  }
}
