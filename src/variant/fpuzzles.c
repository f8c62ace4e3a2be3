/* fpuzzles.c: f-puzzles links (https://f-puzzles.com/?load=...) and their
 * JSON. The link carries the puzzle's JSON compressed by LZ-string
 * (compressToBase64); the JSON has "size", "grid" (rows of cells with
 * "value", "given", "region"), flags ("diagonal+", "diagonal-",
 * "antiknight", "antiking", "disjointgroups", "nonconsecutive") and lists
 * of constraints ("killercage", "extraregion", "thermometer", ...). The
 * constraints nonet has are read; any other one present is named in the
 * error, so that no puzzle is solved under fewer rules than its own. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "variant.h"

#define OUT_MAX (1u << 22) /* decompressed JSON: at most 4 MiB */

/* ---- LZ-string, decompressFromBase64 ------------------------------------ */

static int b64_value(int c) {
  if (c >= 'A' && c <= 'Z') return c - 'A';
  if (c >= 'a' && c <= 'z') return c - 'a' + 26;
  if (c >= '0' && c <= '9') return c - '0' + 52;
  if (c == '+' || c == ' ' || c == '-') return 62; /* ' ': '+' in a query */
  if (c == '/' || c == '_') return 63;
  return c == '=' ? 64 : -1; /* '=' reads as 64, as LZ-string's table */
}

typedef struct bits_in {
  const int *v; /* 6-bit values */
  size_t n, index;
  int val, position; /* current value, its next bit (32 .. 1) */
} bits_in;

/* The next k bits, least significant first; -1 past the end. */
static long take(bits_in *b, int k) {
  long bits = 0;
  for (int i = 0; i < k; i++) {
    if (b->position == 0) {
      if (b->index >= b->n) return -1;
      b->val = b->v[b->index++];
      b->position = 32;
    }
    if (b->val & b->position) bits |= 1L << i;
    b->position >>= 1;
  }
  return bits;
}

/* Dictionary entries as (earlier entry, last unit): entry k's text is
 * entry parent[k]'s followed by unit[k]. */
typedef struct dict {
  int32_t *parent;
  uint16_t *unit, *first;
  uint32_t *len;
  size_t n, cap;
} dict;

static int dict_add(dict *d, int32_t parent, uint16_t unit) {
  if (d->n == d->cap) {
    size_t cap = d->cap ? d->cap * 2 : 1024;
    int32_t *p = realloc(d->parent, cap * sizeof *p);
    if (p) d->parent = p;
    uint16_t *u = realloc(d->unit, cap * sizeof *u);
    if (u) d->unit = u;
    uint16_t *f = realloc(d->first, cap * sizeof *f);
    if (f) d->first = f;
    uint32_t *l = realloc(d->len, cap * sizeof *l);
    if (l) d->len = l;
    if (!p || !u || !f || !l) return -1;
    d->cap = cap;
  }
  d->parent[d->n] = parent;
  d->unit[d->n] = unit;
  d->first[d->n] = parent < 0 ? unit : d->first[parent];
  d->len[d->n] = parent < 0 ? 1 : d->len[parent] + 1;
  d->n++;
  return 0;
}

/* Appends entry k's UTF-16 units to out. */
static int emit(const dict *d, int32_t k, uint16_t *out, size_t *n) {
  uint32_t len = d->len[k];
  if (*n + len > OUT_MAX) return -1;
  for (uint32_t i = len; i-- > 0; k = d->parent[k]) out[*n + i] = d->unit[k];
  *n += len;
  return 0;
}

/* Decompresses `s` (LZ-string base64) into UTF-16 units; returns their
 * number, -1 when the data is not LZ-string, -2 out of memory. */
static long lz_decompress(const char *s, size_t len, uint16_t **units) {
  int *v = malloc((len + 1) * sizeof *v);
  uint16_t *out = malloc(OUT_MAX * sizeof *out);
  dict d = {0};
  long r = -2;
  size_t nv = 0, n = 0;
  *units = NULL;
  if (!v || !out) goto done;
  r = -1;
  for (size_t i = 0; i < len; i++) {
    int x = b64_value((unsigned char)s[i]);
    if (x < 0) goto done;
    v[nv++] = x;
  }
  bits_in b = {v, nv, 0, 0, 0};
  /* entries 0, 1, 2 are the codes: a byte, a 16-bit unit, the end */
  for (int k = 0; k < 3; k++)
    if (dict_add(&d, -1, 0) < 0) goto nomem;
  long c = take(&b, 2);
  int32_t w;
  if (c == 2) { /* empty */
    r = 0;
    goto done;
  }
  if (c != 0 && c != 1) goto done;
  long unit = take(&b, c == 0 ? 8 : 16);
  if (unit < 0) goto done;
  if (dict_add(&d, -1, (uint16_t)unit) < 0) goto nomem;
  w = 3;
  if (emit(&d, w, out, &n) < 0) goto done;
  long enlarge = 4;
  int numbits = 3;
  for (;;) {
    c = take(&b, numbits);
    if (c < 0) goto done;
    if (c == 2) break;
    if (c == 0 || c == 1) {
      unit = take(&b, c == 0 ? 8 : 16);
      if (unit < 0) goto done;
      if (dict_add(&d, -1, (uint16_t)unit) < 0) goto nomem;
      c = (long)d.n - 1;
      if (--enlarge == 0) enlarge = 1L << numbits++;
    }
    if (numbits > 30) goto done;
    int32_t entry;
    if (c < (long)d.n && c >= 3) {
      entry = (int32_t)c;
      if (emit(&d, entry, out, &n) < 0) goto done;
      if (dict_add(&d, w, d.first[entry]) < 0) goto nomem;
    } else if (c == (long)d.n) { /* w followed by its own first unit */
      if (dict_add(&d, w, d.first[w]) < 0) goto nomem;
      entry = (int32_t)c;
      if (emit(&d, entry, out, &n) < 0) goto done;
    } else {
      goto done;
    }
    w = entry;
    if (--enlarge == 0) enlarge = 1L << numbits++;
  }
  r = (long)n;
  goto done;
nomem:
  r = -2;
done:
  free(v);
  free(d.parent);
  free(d.unit);
  free(d.first);
  free(d.len);
  if (r > 0)
    *units = out;
  else
    free(out);
  return r;
}

/* UTF-16 units to UTF-8 (lone surrogates become U+FFFD). */
static char *to_utf8(const uint16_t *u, long n, size_t *len) {
  char *s = malloc((size_t)n * 3 + 1);
  if (!s) return NULL;
  size_t k = 0;
  for (long i = 0; i < n; i++) {
    uint32_t c = u[i];
    if (c >= 0xd800 && c < 0xdc00 && i + 1 < n && u[i + 1] >= 0xdc00 &&
        u[i + 1] < 0xe000) {
      c = 0x10000 + ((c - 0xd800) << 10) + (u[i + 1] - 0xdc00u);
      i++;
    } else if (c >= 0xd800 && c < 0xe000) {
      c = 0xfffd;
    }
    if (c < 0x80) {
      s[k++] = (char)c;
    } else if (c < 0x800) {
      s[k++] = (char)(0xc0 | c >> 6);
      s[k++] = (char)(0x80 | (c & 0x3f));
    } else if (c < 0x10000) {
      s[k++] = (char)(0xe0 | c >> 12);
      s[k++] = (char)(0x80 | (c >> 6 & 0x3f));
      s[k++] = (char)(0x80 | (c & 0x3f));
    } else {
      s[k++] = (char)(0xf0 | c >> 18);
      s[k++] = (char)(0x80 | (c >> 12 & 0x3f));
      s[k++] = (char)(0x80 | (c >> 6 & 0x3f));
      s[k++] = (char)(0x80 | (c & 0x3f));
    }
  }
  s[k] = 0;
  *len = k;
  return s;
}

/* ---- a small JSON tree --------------------------------------------------- */

enum { J_NULL, J_FALSE, J_TRUE, J_NUM, J_STR, J_ARR, J_OBJ };

typedef struct jnode {
  int type;
  const char *key, *str; /* member name; a string's text (escapes kept) */
  size_t key_len, str_len;
  double num;
  int kids, first, next; /* children: first, next sibling (-1: none) */
} jnode;

typedef struct jtree {
  const char *s;
  size_t len, pos;
  jnode *node;
  int n, cap;
  int nomem;
} jtree;

static void ws(jtree *t) {
  while (t->pos < t->len && strchr(" \t\r\n", t->s[t->pos]) && t->s[t->pos])
    t->pos++;
}

static int new_node(jtree *t, int type) {
  if (t->n == t->cap) {
    int cap = t->cap ? t->cap * 2 : 256;
    if (cap > 1 << 22) return -1;
    jnode *p = realloc(t->node, (size_t)cap * sizeof *p);
    if (!p) {
      t->nomem = 1;
      return -1;
    }
    t->node = p;
    t->cap = cap;
  }
  jnode *x = &t->node[t->n];
  memset(x, 0, sizeof *x);
  x->type = type;
  x->first = x->next = -1;
  return t->n++;
}

/* A string at t->pos: its text (escapes kept) in *s, *len. */
static int jstring(jtree *t, const char **s, size_t *len) {
  if (t->pos >= t->len || t->s[t->pos] != '"') return -1;
  size_t start = ++t->pos;
  while (t->pos < t->len && t->s[t->pos] != '"') {
    if (t->s[t->pos] == '\\') t->pos++;
    t->pos++;
  }
  if (t->pos >= t->len) return -1;
  *s = t->s + start;
  *len = t->pos - start;
  t->pos++;
  return 0;
}

static int jvalue(jtree *t, int depth);

/* The members or elements of an object or array, after its bracket. */
static int jlist(jtree *t, int self, int object, int depth) {
  char close = object ? '}' : ']';
  int last = -1;
  ws(t);
  if (t->pos < t->len && t->s[t->pos] == close) {
    t->pos++;
    return 0;
  }
  for (;;) {
    const char *key = NULL;
    size_t key_len = 0;
    ws(t);
    if (object) {
      if (jstring(t, &key, &key_len) < 0) return -1;
      ws(t);
      if (t->pos >= t->len || t->s[t->pos] != ':') return -1;
      t->pos++;
    }
    int kid = jvalue(t, depth + 1);
    if (kid < 0) return -1;
    t->node[kid].key = key;
    t->node[kid].key_len = key_len;
    if (last < 0)
      t->node[self].first = kid;
    else
      t->node[last].next = kid;
    t->node[self].kids++;
    last = kid;
    ws(t);
    if (t->pos >= t->len) return -1;
    char c = t->s[t->pos++];
    if (c == close) return 0;
    if (c != ',') return -1;
  }
}

static int jvalue(jtree *t, int depth) {
  if (depth > 64) return -1;
  ws(t);
  if (t->pos >= t->len) return -1;
  char c = t->s[t->pos];
  int x;
  if (c == '{' || c == '[') {
    if ((x = new_node(t, c == '{' ? J_OBJ : J_ARR)) < 0) return -1;
    t->pos++;
    return jlist(t, x, c == '{', depth) < 0 ? -1 : x;
  }
  if (c == '"') {
    if ((x = new_node(t, J_STR)) < 0) return -1;
    return jstring(t, &t->node[x].str, &t->node[x].str_len) < 0 ? -1 : x;
  }
  static const struct {
    const char *word;
    int type;
  } words[] = {{"null", J_NULL}, {"false", J_FALSE}, {"true", J_TRUE}};
  for (int k = 0; k < 3; k++) {
    size_t wl = strlen(words[k].word);
    if (t->len - t->pos >= wl && !memcmp(t->s + t->pos, words[k].word, wl)) {
      t->pos += wl;
      return new_node(t, words[k].type);
    }
  }
  char buf[40];
  size_t k = 0;
  while (t->pos < t->len && k + 1 < sizeof buf &&
         strchr("+-0123456789.eE", t->s[t->pos]) && t->s[t->pos])
    buf[k++] = t->s[t->pos++];
  buf[k] = 0;
  char *end;
  double v = strtod(buf, &end);
  if (!k || *end) return -1;
  if ((x = new_node(t, J_NUM)) < 0) return -1;
  t->node[x].num = v;
  return x;
}

static int key_is(const jnode *x, const char *key) {
  return x->key && x->key_len == strlen(key) &&
         !memcmp(x->key, key, x->key_len);
}

/* A number, or a string holding one (f-puzzles writes sums as strings);
 * 1 when it is a whole number. */
static int whole(const jnode *x, long *v) {
  char buf[24];
  const char *s = buf;
  if (x->type == J_NUM) {
    /* (out of long's range, or NaN, the conversion would be undefined;
     * the bounds hold for a 32-bit long too, as in the wasm build) */
    if (!(x->num >= -2147483647.0 && x->num <= 2147483647.0)) return 0;
    if (x->num != (double)(long)x->num) return 0;
    *v = (long)x->num;
    return 1;
  }
  if (x->type != J_STR || x->str_len == 0 || x->str_len >= sizeof buf) return 0;
  memcpy(buf, x->str, x->str_len);
  buf[x->str_len] = 0;
  char *end;
  long n = strtol(s, &end, 10);
  if (*end) return 0;
  *v = n;
  return 1;
}

/* A cell named "R3C12" (1-based), or -1. */
static int cell_of(const jnode *x, int n) {
  return x->type == J_STR ? nonet__v_cell_of_name(x->str, x->str_len, n) : -1;
}

/* 1 when a member's value asks for something (true, a number, a
 * non-empty list or object), 0 when it is empty or false. */
static int present(const jnode *x) {
  if (x->type == J_NULL || x->type == J_FALSE) return 0;
  if (x->type == J_ARR || x->type == J_OBJ) return x->kids > 0;
  if (x->type == J_STR) return x->str_len > 0;
  return 1;
}

/* ---- the puzzle ---------------------------------------------------------- */

typedef struct fp {
  jtree t;
  vdraft *d;
  char *err;
  size_t errcap;
  char unsupported[512];
  int one_diagonal; /* 1: diagonal+ only, 2: diagonal- only */
} fp;

static int fail(fp *f, const char *what) {
  if (f->err && f->errcap) snprintf(f->err, f->errcap, "f-puzzles: %s", what);
  return NONET_EPARSE;
}

/* Names a constraint nonet does not have (once each). */
static void unsupported(fp *f, const jnode *x) {
  char name[48];
  size_t k = x->key_len < 40 ? x->key_len : 40;
  snprintf(name, sizeof name, "'%.*s'", (int)k, x->key);
  if (strstr(f->unsupported, name)) return;
  size_t used = strlen(f->unsupported);
  snprintf(f->unsupported + used, sizeof f->unsupported - used, "%s%s",
           used ? ", " : "", name);
}

/* The grid: givens, and regions when a cell names one. */
static int read_grid(fp *f, const jnode *g) {
  vdraft *d = f->d;
  int n = d->n, r = 0, have_region = 0;
  uint8_t box[VMAXC];
  int br = 0, bc = 0;
  if (g->type != J_ARR || g->kids != n)
    return fail(f, "\"grid\" needs one list per row");
  if (nonet__v_default_box(n, &br, &bc))
    nonet__v_box_regions(n, br, bc, box);
  else
    memset(box, 0xff, sizeof box);
  for (int row = g->first; row >= 0; row = f->t.node[row].next, r++) {
    const jnode *rw = &f->t.node[row];
    if (rw->type != J_ARR || rw->kids != n)
      return fail(f, "\"grid\" needs a list of size cells in each row");
    int c = 0;
    for (int k = rw->first; k >= 0; k = f->t.node[k].next, c++) {
      const jnode *cell = &f->t.node[k];
      int idx = r * n + c, given = 0;
      long value = 0, region = -1;
      int has_value = 0, has_region = 0;
      if (cell->type != J_OBJ && cell->type != J_NULL)
        return fail(f, "a cell of \"grid\" is not an object");
      for (int m = cell->type == J_OBJ ? cell->first : -1; m >= 0;
           m = f->t.node[m].next) {
        const jnode *x = &f->t.node[m];
        if (key_is(x, "given"))
          given = x->type == J_TRUE;
        else if (key_is(x, "value") && x->type != J_NULL)
          has_value = whole(x, &value) ? 1 : -1;
        else if (key_is(x, "region")) {
          has_region = x->type == J_NULL ? -1 : whole(x, &region) ? 1 : -1;
        }
      }
      if (given && has_value) {
        if (has_value < 0 || value < 1 || value > n) {
          char msg[96];
          snprintf(msg, sizeof msg, "the given at r%dc%d is not a digit 1-%d",
                   r + 1, c + 1, n);
          return fail(f, msg);
        }
        d->cells[idx] = (uint8_t)value;
      }
      if (has_region) {
        if (has_region < 0 || region < 0 || region >= n) {
          char msg[96];
          snprintf(msg, sizeof msg,
                   "r%dc%d is in no region (f-puzzles' empty region): not "
                   "supported",
                   r + 1, c + 1);
          return fail(f, msg);
        }
        have_region = 1;
        d->regions[idx] = (uint8_t)region;
      } else {
        d->regions[idx] = box[idx];
      }
    }
  }
  if (have_region) {
    for (int i = 0; i < n * n; i++)
      if (d->regions[i] == 0xff)
        return fail(f, "some cells have a region and others none");
    if (!br || memcmp(d->regions, box, (size_t)n * n) != 0) {
      d->have_regions = 1;
      return 0;
    }
  }
  if (!br) {
    char msg[96];
    snprintf(msg, sizeof msg, "size %d has no boxes and the grid no regions",
             n);
    return fail(f, msg);
  }
  d->br = br;
  d->bc = bc;
  return 0;
}

static int read_cages(fp *f, const jnode *list) {
  vdraft *d = f->d;
  for (int k = list->first; k >= 0; k = f->t.node[k].next) {
    const jnode *cage = &f->t.node[k];
    long sum = -1;
    int cells = -1;
    if (cage->type != J_OBJ) return fail(f, "a killer cage is not an object");
    for (int m = cage->first; m >= 0; m = f->t.node[m].next) {
      const jnode *x = &f->t.node[m];
      if (key_is(x, "value") && x->type != J_NULL &&
          !(x->type == J_STR && x->str_len == 0))
        if (!whole(x, &sum) || sum < 1)
          return fail(f, "a killer cage's sum is not a number");
      if (key_is(x, "cells")) cells = m;
    }
    if (sum < 0) return fail(f, "a killer cage without a sum: not supported");
    if (cells < 0 || f->t.node[cells].type != J_ARR)
      return fail(f, "a killer cage without cells");
    if (d->ncages >= VMAXC) return fail(f, "too many killer cages");
    vdraft_cage *dc = &d->cages[d->ncages++];
    dc->sum = (int)sum;
    dc->k = 0;
    for (int m = f->t.node[cells].first; m >= 0; m = f->t.node[m].next) {
      int c = cell_of(&f->t.node[m], d->n);
      if (c < 0) return fail(f, "a killer cage names a cell outside the grid");
      if (dc->k > d->n)
        return fail(f, "a killer cage has more cells than digits");
      dc->cells[dc->k++] = c;
    }
  }
  return 0;
}

/* Extra regions: read when they are exactly the windoku windows. */
static int read_extra(fp *f, const jnode *x) {
  vdraft *d = f->d;
  int n = d->n, ok = 1;
  uint8_t want[VMAXC] = {0}, have[VMAXC] = {0};
  /* the windows of the usual boxes, numbered from 1 (0: in none) */
  int nwant = nonet__v_window_count(n, 0, 0), nhave = 0;
  for (int w = 0; w < nwant; w++) {
    uint16_t cells[VMAXN];
    nonet__v_window_cells(n, 0, 0, w, cells);
    for (int i = 0; i < n; i++) want[cells[i]] = (uint8_t)(w + 1);
  }
  /* each listed region must be one window, cell for cell */
  for (int k = x->first; ok && k >= 0; k = f->t.node[k].next) {
    const jnode *reg = &f->t.node[k];
    int cells = -1, m = 0, id = -1;
    for (int j = reg->type == J_OBJ ? reg->first : -1; j >= 0;
         j = f->t.node[j].next)
      if (key_is(&f->t.node[j], "cells")) cells = j;
    if (cells < 0 || f->t.node[cells].type != J_ARR) {
      ok = 0;
      break;
    }
    for (int j = f->t.node[cells].first; j >= 0; j = f->t.node[j].next, m++) {
      int c = cell_of(&f->t.node[j], n);
      if (c < 0 || !want[c] || have[c] || (id >= 0 && want[c] != id)) {
        ok = 0;
        break;
      }
      id = want[c];
      have[c] = 1;
    }
    ok = ok && m == n;
    nhave++;
  }
  if (ok && nhave == nwant && nwant > 0)
    d->cons |= NONET_CONSTRAINT_WINDOKU;
  else
    unsupported(f, x);
  return 0;
}

/* The members of the puzzle object. */
static int read_puzzle(fp *f, int root) {
  static const char *const ignored[] = {"size",
                                        "grid",
                                        "title",
                                        "author",
                                        "ruleset",
                                        "solution",
                                        "disabledlogic",
                                        "truecandidatesoptions",
                                        "highlightConflicts",
                                        "version"};
  static const struct {
    const char *key;
    unsigned con;
  } flags[] = {{"antiknight", NONET_CONSTRAINT_ANTI_KNIGHT},
               {"antiking", NONET_CONSTRAINT_ANTI_KING},
               {"disjointgroups", NONET_CONSTRAINT_DISJOINT},
               {"nonconsecutive", NONET_CONSTRAINT_NONCONSECUTIVE}};
  const jnode *o = &f->t.node[root];
  int grid = -1, plus = 0, minus = 0;
  long size = 0;
  if (o->type != J_OBJ) return fail(f, "the puzzle is not a JSON object");
  for (int m = o->first; m >= 0; m = f->t.node[m].next)
    if (key_is(&f->t.node[m], "size") && !whole(&f->t.node[m], &size))
      return fail(f, "\"size\" is not a number");
  if (size < 4 || size > 16) {
    char msg[80];
    snprintf(msg, sizeof msg, "size %ld is not supported (4 to 16)", size);
    return fail(f, size ? msg : "no \"size\"");
  }
  f->d->n = (int)size;
  for (int m = o->first; m >= 0; m = f->t.node[m].next) {
    const jnode *x = &f->t.node[m];
    int known = 0;
    for (size_t k = 0; k < sizeof ignored / sizeof *ignored; k++)
      known |= key_is(x, ignored[k]);
    if (key_is(x, "grid")) grid = m;
    if (known) continue;
    for (size_t k = 0; k < sizeof flags / sizeof *flags; k++)
      if (key_is(x, flags[k].key)) {
        known = 1;
        if (x->type == J_TRUE)
          f->d->cons |= flags[k].con;
        else if (present(x))
          unsupported(f, x);
      }
    if (known) continue;
    if (key_is(x, "diagonal+")) {
      plus = x->type == J_TRUE;
    } else if (key_is(x, "diagonal-")) {
      minus = x->type == J_TRUE;
    } else if (key_is(x, "killercage")) {
      if (present(x) && x->type != J_ARR)
        unsupported(f, x);
      else if (present(x) && read_cages(f, x) != 0)
        return NONET_EPARSE;
    } else if (key_is(x, "extraregion")) {
      if (present(x) && x->type == J_ARR)
        read_extra(f, x);
      else if (present(x))
        unsupported(f, x);
    } else if (present(x)) {
      unsupported(f, x); /* thermometer, arrow, cage, text, ... */
    }
  }
  if (plus && minus) f->d->cons |= NONET_CONSTRAINT_DIAGONALS;
  f->one_diagonal = plus != minus ? (plus ? 1 : 2) : 0;
  if (grid < 0) return fail(f, "no \"grid\"");
  if (read_grid(f, &f->t.node[grid]) != 0) return NONET_EPARSE;
  if (f->one_diagonal) {
    char name[24];
    snprintf(name, sizeof name, "%s'diagonal%c' alone",
             f->unsupported[0] ? ", " : "", f->one_diagonal == 1 ? '+' : '-');
    size_t used = strlen(f->unsupported);
    snprintf(f->unsupported + used, sizeof f->unsupported - used, "%s", name);
  }
  if (f->unsupported[0]) {
    if (f->err && f->errcap)
      snprintf(f->err, f->errcap,
               "f-puzzles: not supported: %s (nonet reads givens, regions, "
               "both diagonals, windoku extra regions, anti-knight, "
               "anti-king, disjoint groups, nonconsecutive and killer cages)",
               f->unsupported);
    return NONET_EPARSE;
  }
  return NONET_OK;
}

int nonet__v_fpuzzles_json_parse(const char *s, size_t len, vdraft *d,
                                 char *err, size_t errcap) {
  fp f;
  memset(&f, 0, sizeof f);
  f.t.s = s;
  f.t.len = len;
  f.d = d;
  f.err = err;
  f.errcap = errcap;
  int root = jvalue(&f.t, 0);
  int r;
  if (f.t.nomem)
    r = NONET_ENOMEM;
  else if (root < 0 && f.t.pos >= len)
    r = fail(&f, "the puzzle's JSON is cut short");
  else if (root < 0) {
    char msg[64];
    snprintf(msg, sizeof msg, "the puzzle's JSON is malformed at byte %zu",
             f.t.pos + 1);
    r = fail(&f, msg);
  } else
    r = read_puzzle(&f, root);
  free(f.t.node);
  return r;
}

/* The value of the link's "load" parameter, with %2B, %2F, %3D decoded;
 * NULL when there is none. */
static char *load_param(const char *s, size_t len, size_t *out_len) {
  const char *p = NULL;
  for (size_t i = 0; i + 5 <= len; i++)
    if (!memcmp(s + i, "load=", 5) && i > 0 &&
        (s[i - 1] == '?' || s[i - 1] == '&')) {
      p = s + i + 5;
      break;
    }
  if (!p) return NULL;
  size_t n = (size_t)(s + len - p);
  char *v = malloc(n + 1);
  if (!v) return NULL;
  size_t k = 0;
  for (size_t i = 0; i < n && p[i] != '&' && p[i] != '#' && p[i] != ' ' &&
                     p[i] != '\t' && p[i] != '\r' && p[i] != '\n';
       i++) {
    if (p[i] == '%' && i + 2 < n) {
      char hex[3] = {p[i + 1], p[i + 2], 0};
      char *end;
      long c = strtol(hex, &end, 16);
      if (!*end) {
        v[k++] = (char)c;
        i += 2;
        continue;
      }
    }
    v[k++] = p[i];
  }
  v[k] = 0;
  *out_len = k;
  return v;
}

int nonet__v_fpuzzles_parse(const char *s, size_t len, vdraft *d, char *err,
                            size_t errcap) {
  size_t n;
  uint16_t *units;
  char *param = load_param(s, len, &n);
  if (!param) {
    if (err && errcap)
      snprintf(err, errcap, "f-puzzles link without '?load=' (the puzzle)");
    return NONET_EPARSE;
  }
  long got = lz_decompress(param, n, &units);
  free(param);
  if (got == -2) return NONET_ENOMEM;
  if (got <= 0) {
    if (err && errcap)
      snprintf(err, errcap,
               "f-puzzles link: the puzzle data is not LZ-string base64 "
               "(cut short or changed?)");
    return NONET_EPARSE;
  }
  size_t jlen;
  char *json = to_utf8(units, got, &jlen);
  free(units);
  if (!json) return NONET_ENOMEM;
  int r = nonet__v_fpuzzles_json_parse(json, jlen, d, err, errcap);
  free(json);
  return r;
}
