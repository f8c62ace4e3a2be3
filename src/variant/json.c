/* json.c: the JSON object of a variant puzzle (docs/variants.md):
 *
 *   {"size":9,"box":[3,3],"constraints":["diagonals"],
 *    "cages":[{"sum":10,"cells":[0,1]}],"cells":[0,5,...],"solution":[...]}
 *
 * "regions" (N*N region numbers) instead of "box" for a jigsaw. Cells
 * may also be N arrays of N numbers, or a string of symbols. Members
 * this format does not know are skipped. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "variant.h"

#define DEPTH_MAX 32

typedef struct jp {
  const char *s;
  size_t len, pos;
  char *err;
  size_t errcap;
  int failed;
} jp;

#if defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 2, 3)))
#endif
static int
jfail(jp *p, const char *fmt, ...) {
  if (!p->failed && p->err && p->errcap) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(p->err, p->errcap, fmt, ap);
    va_end(ap);
  }
  p->failed = 1;
  return -1;
}

static int peek(jp *p) {
  while (p->pos < p->len && (p->s[p->pos] == ' ' || p->s[p->pos] == '\t' ||
                             p->s[p->pos] == '\n' || p->s[p->pos] == '\r'))
    p->pos++;
  return p->pos < p->len ? (unsigned char)p->s[p->pos] : -1;
}

static int expect(jp *p, char c, const char *where) {
  if (peek(p) != c) return jfail(p, "expected '%c' %s", c, where);
  p->pos++;
  return 0;
}

/* A string; its raw bytes (escapes kept as the escaped character) go to
 * out (cap bytes with the NUL); *n gets its length. */
static int string(jp *p, char *out, size_t cap, size_t *n) {
  size_t k = 0;
  if (peek(p) != '"') return jfail(p, "expected a string");
  p->pos++;
  while (p->pos < p->len && p->s[p->pos] != '"') {
    if (p->s[p->pos] == '\\' && p->pos + 1 < p->len) p->pos++;
    if (out && k + 1 < cap) out[k] = p->s[p->pos];
    k++;
    p->pos++;
  }
  if (p->pos >= p->len) return jfail(p, "unterminated string");
  p->pos++;
  if (out && cap) out[k < cap ? k : cap - 1] = 0;
  if (n) *n = k;
  return 0;
}

static int number(jp *p, long *v, const char *what) {
  int c = peek(p), neg = 0;
  if (c == '-') neg = 1, p->pos++;
  size_t start = p->pos;
  long x = 0;
  while (p->pos < p->len && p->s[p->pos] >= '0' && p->s[p->pos] <= '9') {
    if (x < 100000000) x = x * 10 + (p->s[p->pos] - '0');
    p->pos++;
  }
  if (p->pos == start) return jfail(p, "%s: expected a number", what);
  if (p->pos - start > 9)
    return jfail(p, "%s: %.*s... is too large", what, 12, p->s + start);
  if (p->pos < p->len &&
      (p->s[p->pos] == '.' || p->s[p->pos] == 'e' || p->s[p->pos] == 'E'))
    return jfail(p, "%s: expected a whole number", what);
  *v = neg ? -x : x;
  return 0;
}

static int skip(jp *p, int depth) {
  int c = peek(p);
  if (depth > DEPTH_MAX) return jfail(p, "nested too deeply");
  if (c == '"') return string(p, NULL, 0, NULL);
  if (c == '[' || c == '{') {
    char close = c == '[' ? ']' : '}';
    p->pos++;
    if (peek(p) == close) {
      p->pos++;
      return 0;
    }
    for (;;) {
      if (c == '{' && (string(p, NULL, 0, NULL) < 0 || expect(p, ':', "") < 0))
        return -1;
      if (skip(p, depth + 1) < 0) return -1;
      int d = peek(p);
      p->pos++;
      if (d == close) return 0;
      if (d != ',') return jfail(p, "expected ',' or '%c'", close);
    }
  }
  size_t start = p->pos;
  while (p->pos < p->len && strchr(",]} \t\r\n", p->s[p->pos]) == NULL)
    p->pos++;
  if (p->pos == start) return jfail(p, "unexpected character");
  return 0;
}

/* A list of numbers, flat or as arrays of numbers (rows); null counts as
 * 0. Stores at most cap; returns the count, or -1. */
static long numbers(jp *p, int *out, long cap, const char *what) {
  long k = 0;
  if (peek(p) != '[') return jfail(p, "%s: expected '['", what);
  p->pos++;
  if (peek(p) == ']') {
    p->pos++;
    return 0;
  }
  for (;;) {
    int c = peek(p);
    if (c == '[') {
      long got = numbers(p, out ? out + (k < cap ? k : cap) : NULL,
                         k < cap ? cap - k : 0, what);
      if (got < 0) return -1;
      k += got;
    } else if (c == 'n' && p->len - p->pos >= 4 &&
               memcmp(p->s + p->pos, "null", 4) == 0) {
      p->pos += 4;
      if (out && k < cap) out[k] = 0;
      k++;
    } else {
      long v;
      if (number(p, &v, what) < 0) return -1;
      if (out && k < cap) out[k] = (int)v;
      k++;
    }
    int d = peek(p);
    p->pos++;
    if (d == ']') return k;
    if (d != ',') return jfail(p, "%s: expected ',' or ']'", what);
  }
}

/* Cells: numbers 0..n (or a string of symbols). */
typedef struct grid_in {
  int have, is_string;
  int v[VMAXC + 1];
  long k;
  char text[VMAXC * 4 + 1]; /* the string form */
  size_t tlen;
} grid_in;

static int grid(jp *p, grid_in *g, const char *what) {
  g->have = 1;
  if (peek(p) == '"') {
    g->is_string = 1;
    return string(p, g->text, sizeof g->text, &g->tlen);
  }
  g->k = numbers(p, g->v, VMAXC + 1, what);
  return g->k < 0 ? -1 : 0;
}

static int cells_from(jp *p, const grid_in *g, int n, uint8_t *out,
                      const char *what) {
  if (g->is_string)
    return nonet__v_parse_cells(g->text, g->tlen, n, out, what, p->err,
                                p->errcap) == NONET_OK
               ? 0
               : (p->failed = 1, -1);
  if (g->k != (long)n * n)
    return jfail(p, "%s: %ld numbers, expected %d (%dx%d)", what, g->k, n * n,
                 n, n);
  for (int i = 0; i < n * n; i++) {
    if (g->v[i] < 0 || g->v[i] > n)
      return jfail(p, "%s: %d is not a digit of a %dx%d grid (0 to %d)", what,
                   g->v[i], n, n, n);
    out[i] = (uint8_t)g->v[i];
  }
  return 0;
}

static int constraints(jp *p, vdraft *d) {
  char name[64], list[1024] = "";
  size_t used = 0;
  if (peek(p) == '"') {
    if (string(p, list, sizeof list, NULL) < 0) return -1;
  } else {
    if (expect(p, '[', "for \"constraints\"") < 0) return -1;
    if (peek(p) == ']') {
      p->pos++;
    } else {
      for (;;) {
        size_t n = 0;
        if (string(p, name, sizeof name, &n) < 0) return -1;
        if (used + n + 2 < sizeof list)
          used += (size_t)snprintf(list + used, sizeof list - used, "%s%s",
                                   used ? "," : "", name);
        int c = peek(p);
        p->pos++;
        if (c == ']') break;
        if (c != ',') return jfail(p, "constraints: expected ',' or ']'");
      }
    }
  }
  if (nonet_constraints_parse(list, &d->cons, p->err, p->errcap) != NONET_OK) {
    p->failed = 1;
    return -1;
  }
  return 0;
}

static int cages(jp *p, vdraft *d) {
  if (expect(p, '[', "for \"cages\"") < 0) return -1;
  if (peek(p) == ']') {
    p->pos++;
    return 0;
  }
  for (;;) {
    if (d->ncages == VMAXC) return jfail(p, "cages: more than %d", VMAXC);
    vdraft_cage *cg = &d->cages[d->ncages];
    int have_sum = 0, have_cells = 0;
    if (expect(p, '{', "for a cage") < 0) return -1;
    if (peek(p) != '}') {
      for (;;) {
        char key[16];
        if (string(p, key, sizeof key, NULL) < 0 ||
            expect(p, ':', "after a member name") < 0)
          return -1;
        if ((!strcmp(key, "sum") && have_sum) ||
            (!strcmp(key, "cells") && have_cells))
          return jfail(p, "cage %d: \"%s\" given twice", d->ncages + 1, key);
        if (strcmp(key, "sum") == 0) {
          long v;
          if (number(p, &v, "cage sum") < 0) return -1;
          cg->sum = (int)(v > 100000 ? 100000 : v);
          have_sum = 1;
        } else if (strcmp(key, "cells") == 0) {
          int tmp[VMAXN + 1];
          long k = numbers(p, tmp, VMAXN + 1, "cage cells");
          if (k < 0) return -1;
          cg->k = (int)(k > VMAXN ? VMAXN + 1 : k);
          for (int i = 0; i < cg->k; i++) cg->cells[i] = tmp[i];
          have_cells = 1;
        } else if (skip(p, 2) < 0) {
          return -1;
        }
        int c = peek(p);
        p->pos++;
        if (c == '}') break;
        if (c != ',')
          return jfail(p, "cage %d: expected ',' or '}'", d->ncages + 1);
      }
    } else {
      p->pos++;
    }
    if (!have_sum || !have_cells)
      return jfail(p, "cage %d has no \"%s\"", d->ncages + 1,
                   have_sum ? "cells" : "sum");
    d->ncages++;
    int c = peek(p);
    p->pos++;
    if (c == ']') return 0;
    if (c != ',') return jfail(p, "cages: expected ',' or ']'");
  }
}

typedef struct json_in {
  grid_in cells, solution, regions;
} json_in;

static int member(jp *p, vdraft *d, json_in *in, const char *key) {
  if (strcmp(key, "size") == 0) {
    long v;
    if (number(p, &v, "size") < 0) return -1;
    if (v < 4 || v > VMAXN)
      return jfail(p, "size %ld is not supported (4 to %d)", v, VMAXN);
    d->n = (int)v;
  } else if (strcmp(key, "box") == 0) {
    int b[3];
    long k = numbers(p, b, 3, "box");
    if (k < 0) return -1;
    if (k != 2) return jfail(p, "box: expected [ROWS, COLUMNS]");
    if (b[0] < 1 || b[1] < 1 || b[0] > VMAXN || b[1] > VMAXN)
      return jfail(p, "boxes of %dx%d cells are not possible", b[0], b[1]);
    d->br = b[0];
    d->bc = b[1];
  } else if (strcmp(key, "cells") == 0) {
    return grid(p, &in->cells, "cells");
  } else if (strcmp(key, "solution") == 0) {
    return grid(p, &in->solution, "solution");
  } else if (strcmp(key, "regions") == 0) {
    return grid(p, &in->regions, "regions");
  } else if (strcmp(key, "constraints") == 0) {
    return constraints(p, d);
  } else if (strcmp(key, "cages") == 0) {
    return cages(p, d);
  } else {
    return skip(p, 1);
  }
  return 0;
}

/* Regions from numbers 0..n-1, or a string of symbols (numbered by first
 * appearance). */
static int regions_from(jp *p, const grid_in *g, vdraft *d) {
  int n = d->n, map[256], next = 0;
  d->have_regions = 1;
  if (!g->is_string) {
    if (g->k != (long)n * n)
      return jfail(p, "regions: %ld numbers, expected %d (%dx%d)", g->k, n * n,
                   n, n);
    for (int i = 0; i < n * n; i++) {
      if (g->v[i] < 0 || g->v[i] >= n)
        return jfail(p, "regions: %d is not a region of a %dx%d grid (0 to %d)",
                     g->v[i], n, n, n - 1);
      d->regions[i] = (uint8_t)g->v[i];
    }
    return 0;
  }
  memset(map, 0xff, sizeof map);
  long k = 0;
  for (size_t i = 0; i < g->tlen; i++) {
    unsigned char c = (unsigned char)g->text[i];
    if (c == ' ') continue;
    if (map[c] < 0) {
      if (next == n)
        return jfail(p, "regions: more than %d different symbols", n);
      map[c] = next++;
    }
    if (k < (long)n * n) d->regions[k] = (uint8_t)map[c];
    k++;
  }
  if (k != (long)n * n)
    return jfail(p, "regions: %ld cells, expected %d (%dx%d)", k, n * n, n, n);
  return 0;
}

int nonet__v_json_parse(const char *s, size_t len, vdraft *d, char *err,
                        size_t errcap) {
  jp p = {s, len, 0, err, errcap, 0};
  json_in *in = calloc(1, sizeof *in);
  if (!in) return NONET_ENOMEM;
  int r = -1;
  static const char *const known[] = {
      "size", "box", "cells", "solution", "regions", "constraints", "cages"};
  unsigned seen = 0;
  if (expect(&p, '{', "at the start") < 0) goto out;
  if (peek(&p) != '}') {
    for (;;) {
      char key[32];
      if (string(&p, key, sizeof key, NULL) < 0 ||
          expect(&p, ':', "after a member name") < 0)
        goto out;
      /* a member given twice: which counts is a guess (rules could go) */
      for (unsigned k = 0; k < sizeof known / sizeof *known; k++)
        if (!strcmp(key, known[k])) {
          if (seen >> k & 1) {
            jfail(&p, "\"%s\" given twice", key);
            goto out;
          }
          seen |= 1u << k;
        }
      if (member(&p, d, in, key) < 0) goto out;
      int c = peek(&p);
      p.pos++;
      if (c == '}') break;
      if (c != ',') {
        jfail(&p, "expected ',' or '}'");
        goto out;
      }
    }
  }
  if (peek(&p) >= 0) {
    jfail(&p, "text after the JSON object");
    goto out;
  }
  if (!d->n) {
    jfail(&p, "no \"size\"");
    goto out;
  }
  if (in->regions.have && regions_from(&p, &in->regions, d) < 0) goto out;
  if (in->cells.have && cells_from(&p, &in->cells, d->n, d->cells, "cells") < 0)
    goto out;
  if (in->solution.have) {
    if (cells_from(&p, &in->solution, d->n, d->solution, "solution") < 0)
      goto out;
    d->have_solution = 1;
  }
  r = 0;
out:
  free(in);
  return r < 0 ? NONET_EPARSE : NONET_OK;
}

/* ---- writing ------------------------------------------------------------- */

static void put_list(sbuf *b, const uint8_t *v, int k) {
  nonet__sb_putc(b, '[');
  for (int i = 0; i < k; i++) {
    if (i) nonet__sb_putc(b, ',');
    nonet__sb_int(b, v[i]);
  }
  nonet__sb_putc(b, ']');
}

void nonet__v_json_write(sbuf *b, const nonet_variant *v, const uint8_t *cells,
                         const uint8_t *solution) {
  int n = v->n;
  nonet__sb_puts(b, "{\"size\":");
  nonet__sb_int(b, n);
  if (v->br) {
    nonet__sb_puts(b, ",\"box\":[");
    nonet__sb_int(b, v->br);
    nonet__sb_putc(b, ',');
    nonet__sb_int(b, v->bc);
    nonet__sb_putc(b, ']');
  } else {
    nonet__sb_puts(b, ",\"regions\":");
    put_list(b, v->region, n * n);
  }
  if (v->cons) {
    nonet__sb_puts(b, ",\"constraints\":[");
    for (unsigned k = 0, first = 1; k < 32; k++)
      if (v->cons >> k & 1) {
        nonet__sb_puts(b, first ? "\"" : ",\"");
        nonet__sb_puts(b, nonet_constraint_name((nonet_constraint)(1u << k)));
        nonet__sb_putc(b, '"');
        first = 0;
      }
    nonet__sb_putc(b, ']');
  }
  if (v->ncages) {
    nonet__sb_puts(b, ",\"cages\":[");
    for (int k = 0; k < v->ncages; k++) {
      nonet__sb_puts(b, k ? ",{\"sum\":" : "{\"sum\":");
      nonet__sb_int(b, v->cages[k].sum);
      nonet__sb_puts(b, ",\"cells\":[");
      for (int i = 0; i < v->cages[k].n; i++) {
        if (i) nonet__sb_putc(b, ',');
        nonet__sb_int(b, v->cages[k].cells[i]);
      }
      nonet__sb_puts(b, "]}");
    }
    nonet__sb_putc(b, ']');
  }
  nonet__sb_puts(b, ",\"cells\":");
  put_list(b, cells, n * n);
  if (solution) {
    nonet__sb_puts(b, ",\"solution\":");
    put_list(b, solution, n * n);
  }
  nonet__sb_putc(b, '}');
}
