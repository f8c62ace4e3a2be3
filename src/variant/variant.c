/* variant.c: the public variant object: constructors, setters (each
 * checks its input and recompiles the rules), read-only queries for
 * renderers and hint engines. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "variant.h"

/* The variant without its compiled rules (v->rules NULL). */
static nonet_variant *bare(int n, int br, int bc, const uint8_t *region,
                           unsigned cons, const vcage *cages, int ncages) {
  nonet_variant *v = calloc(1, sizeof *v);
  if (!v) return NULL;
  v->n = n;
  v->br = br;
  v->bc = bc;
  v->cons = cons;
  if (br || !region)
    nonet__v_box_regions(n, br, bc, v->region);
  else
    memcpy(v->region, region, (size_t)(n * n));
  if (ncages) {
    v->cages = malloc((size_t)ncages * sizeof *v->cages);
    if (!v->cages) {
      free(v);
      return NULL;
    }
    memcpy(v->cages, cages, (size_t)ncages * sizeof *cages);
    v->ncages = v->capcages = ncages;
  }
  return v;
}

nonet_variant *nonet__v_build(int n, int br, int bc, const uint8_t *region,
                              unsigned cons, const vcage *cages, int ncages) {
  nonet_variant *v = bare(n, br, bc, region, cons, cages, ncages);
  if (v && nonet__v_recompile(v) != NONET_OK) {
    nonet_variant_free(v);
    return NULL;
  }
  return v;
}

nonet_variant *nonet__v_draft(int n, int br, int bc, const uint8_t *region) {
  return bare(n, br, bc, region, 0, NULL, 0);
}

nonet_variant *nonet__v_make(int n, int br, int bc, const uint8_t *region) {
  return nonet__v_build(n, br, bc, region, 0, NULL, 0);
}

int nonet_variant_new(nonet_variant **out, int size, int box_rows, int box_cols,
                      char *err, size_t errcap) {
  if (err && errcap) err[0] = 0;
  if (!out) return NONET_EINVAL;
  *out = NULL;
  int r = nonet__v_check_size(size, box_rows, box_cols, err, errcap);
  if (r != NONET_OK) return r;
  if (!box_rows && !box_cols) nonet__v_default_box(size, &box_rows, &box_cols);
  *out = nonet__v_make(size, box_rows, box_cols, NULL);
  return *out ? NONET_OK : NONET_ENOMEM;
}

int nonet_variant_new_jigsaw(nonet_variant **out, int size,
                             const uint8_t *regions, char *err, size_t errcap) {
  if (err && errcap) err[0] = 0;
  if (!out) return NONET_EINVAL;
  *out = NULL;
  if (size < 4 || size > VMAXN) {
    if (err && errcap)
      snprintf(err, errcap, "size %d is not supported (4 to %d)", size, VMAXN);
    return NONET_EINVAL;
  }
  if (!regions) return NONET_EINVAL;
  int r = nonet__v_check_regions(size, regions, err, errcap);
  if (r != NONET_OK) return r;
  *out = nonet__v_make(size, 0, 0, regions);
  return *out ? NONET_OK : NONET_ENOMEM;
}

nonet_variant *nonet_variant_copy(const nonet_variant *v) {
  if (!v) return NULL;
  return nonet__v_build(v->n, v->br, v->bc, v->region, v->cons, v->cages,
                        v->ncages);
}

void nonet_variant_free(nonet_variant *v) {
  if (!v) return;
  nonet__v_rules_free(v->rules);
  free(v->cages);
  free(v);
}

int nonet__v_check_constraints(const nonet_variant *v, unsigned cons, char *err,
                               size_t errcap) {
  const char *why = NULL;
  char msg[128];
  if (cons & ~NONET_CONSTRAINTS_ALL) {
    why = "unknown constraint bits";
  } else if ((cons & NONET_CONSTRAINT_DISJOINT) && !v->br) {
    why = "disjoint groups need boxes, not jigsaw regions";
  } else if ((cons & NONET_CONSTRAINT_WINDOKU) &&
             !nonet__v_window_count(v->n, v->br, v->bc)) {
    int br = v->br, bc = v->bc;
    if (!br) nonet__v_default_box(v->n, &br, &bc);
    if (br)
      snprintf(msg, sizeof msg,
               "windoku boxes of %dx%d cells do not fit a %dx%d grid", br, bc,
               v->n, v->n);
    else
      snprintf(msg, sizeof msg, "windoku needs boxes: size %d has none", v->n);
    why = msg;
  }
  if (why) {
    if (err && errcap) snprintf(err, errcap, "%s", why);
    return NONET_EINVAL;
  }
  return NONET_OK;
}

int nonet__v_set_constraints(nonet_variant *v, unsigned cons, char *err,
                             size_t errcap) {
  int r = nonet__v_check_constraints(v, cons, err, errcap);
  if (r != NONET_OK || (cons == v->cons && v->rules)) return r;
  unsigned old = v->cons;
  v->cons = cons;
  if (nonet__v_recompile(v) != NONET_OK) {
    v->cons = old;
    nonet__v_recompile(v);
    return NONET_ENOMEM;
  }
  return NONET_OK;
}

int nonet_variant_set_constraints(nonet_variant *v, unsigned constraints,
                                  char *err, size_t errcap) {
  if (err && errcap) err[0] = 0;
  if (!v) return NONET_EINVAL;
  return nonet__v_set_constraints(v, constraints, err, errcap);
}

int nonet__v_push_cage(nonet_variant *v, int sum, const uint16_t *cells,
                       int k) {
  if (v->ncages == v->capcages) {
    int cap = v->capcages ? 2 * v->capcages : 16;
    vcage *c = realloc(v->cages, (size_t)cap * sizeof *c);
    if (!c) return NONET_ENOMEM;
    v->cages = c;
    v->capcages = cap;
  }
  vcage *c = &v->cages[v->ncages++];
  c->sum = sum;
  c->n = k;
  memcpy(c->cells, cells, (size_t)k * sizeof *cells);
  return NONET_OK;
}

int nonet_variant_add_cage(nonet_variant *v, int sum, const int *cells,
                           size_t ncells, char *err, size_t errcap) {
  if (err && errcap) err[0] = 0;
  if (!v || (!cells && ncells)) return NONET_EINVAL;
  uint16_t c[VMAXN];
  if (ncells > (size_t)v->n) { /* (before k is capped to the array) */
    if (err && errcap)
      snprintf(err, errcap, "cage of sum %d has %zu cells: 1 to %d allowed",
               sum, ncells, v->n);
    return NONET_EINVAL;
  }
  int k = (int)ncells;
  for (int i = 0; i < k && i < VMAXN; i++) {
    if (cells[i] < 0 || cells[i] >= v->n * v->n) {
      if (err && errcap)
        snprintf(err, errcap,
                 "cage of sum %d: cell %d is outside the grid (0 to %d)", sum,
                 cells[i], v->n * v->n - 1);
      return NONET_EINVAL;
    }
    c[i] = (uint16_t)cells[i];
  }
  int r = nonet__v_check_cage(v, sum, c, k, err, errcap);
  if (r != NONET_OK) return r;
  if (nonet__v_push_cage(v, sum, c, k) != NONET_OK) return NONET_ENOMEM;
  if (nonet__v_recompile(v) != NONET_OK) {
    v->ncages--;
    nonet__v_recompile(v);
    return NONET_ENOMEM;
  }
  return NONET_OK;
}

int nonet_variant_size(const nonet_variant *v) { return v ? v->n : 0; }

int nonet_variant_box(const nonet_variant *v, int *rows, int *cols) {
  int br = v ? v->br : 0, bc = v ? v->bc : 0;
  if (rows) *rows = br;
  if (cols) *cols = bc;
  return br != 0;
}

int nonet_variant_region(const nonet_variant *v, int cell) {
  if (!v || cell < 0 || cell >= v->n * v->n) return NONET_EINVAL;
  return v->region[cell];
}

unsigned nonet_variant_constraints(const nonet_variant *v) {
  return v ? v->cons : 0;
}

int nonet_variant_is_classic(const nonet_variant *v) {
  return v && v->rules && v->rules->classic;
}

int nonet_variant_house_count(const nonet_variant *v) {
  return v && v->rules ? v->rules->nhouses : 0;
}

int nonet_variant_house(const nonet_variant *v, int k, nonet_house_kind *kind,
                        int *cells) {
  if (!v || !v->rules || k < 0 || k >= v->rules->nhouses) return NONET_EINVAL;
  const vrules *r = v->rules;
  static const nonet_house_kind kinds[] = {
      NONET_HOUSE_ROW,      NONET_HOUSE_COL,    NONET_HOUSE_BOX,
      NONET_HOUSE_DIAGONAL, NONET_HOUSE_WINDOW, NONET_HOUSE_DISJOINT};
  if (kind) *kind = kinds[r->groups[k].kind];
  if (cells)
    for (int i = 0; i < r->n; i++) cells[i] = r->gcells[r->groups[k].first + i];
  return r->n;
}

int nonet_variant_related(const nonet_variant *v, int cell,
                          nonet_constraint relation, int *out, size_t cap) {
  if (!v || cell < 0 || cell >= v->n * v->n || (!out && cap))
    return NONET_EINVAL;
  if (relation != NONET_CONSTRAINT_ANTI_KNIGHT &&
      relation != NONET_CONSTRAINT_ANTI_KING &&
      relation != NONET_CONSTRAINT_NONCONSECUTIVE)
    return NONET_EINVAL;
  if (!(v->cons & relation)) return 0;
  uint16_t near[8];
  int k = nonet__v_related(v->n, cell, relation, near);
  for (int i = 0; i < k && (size_t)i < cap; i++) out[i] = near[i];
  return k;
}

int nonet_variant_cage_count(const nonet_variant *v) {
  return v ? v->ncages : 0;
}

int nonet_variant_cage(const nonet_variant *v, int k, int *sum, int *cells,
                       size_t cap) {
  if (!v || k < 0 || k >= v->ncages || (!cells && cap)) return NONET_EINVAL;
  const vcage *c = &v->cages[k];
  if (sum) *sum = c->sum;
  for (int i = 0; i < c->n && (size_t)i < cap; i++) cells[i] = c->cells[i];
  return c->n;
}

/* ---- constraint names ---------------------------------------------------- */

static const char *const cons_names[] = {"diagonals", "windoku",
                                         "disjoint",  "anti-knight",
                                         "anti-king", "nonconsecutive"};
#define NCONS (int)(sizeof cons_names / sizeof *cons_names)

const char *nonet_constraint_name(nonet_constraint c) {
  for (int k = 0; k < NCONS; k++)
    if ((unsigned)c == 1u << k) return cons_names[k];
  return "?";
}

/* 1 when the word (len bytes) names constraint k: case and '_' or ' '
 * for '-' do not matter. */
static int names(const char *w, size_t len, int k) {
  const char *name = cons_names[k];
  if (strlen(name) != len) return 0;
  for (size_t i = 0; i < len; i++) {
    char a = w[i], b = name[i];
    if (a >= 'A' && a <= 'Z') a = (char)(a - 'A' + 'a');
    if (a == '_' || a == ' ') a = '-';
    if (a != b) return 0;
  }
  return 1;
}

int nonet_constraints_parse(const char *list, unsigned *out, char *err,
                            size_t errcap) {
  if (err && errcap) err[0] = 0;
  if (!list || !out) return NONET_EINVAL;
  unsigned set = 0;
  const char *p = list;
  while (*p) {
    while (*p == ' ' || *p == ',') p++;
    if (!*p) break;
    const char *q = p;
    while (*q && *q != ',') q++;
    size_t len = (size_t)(q - p);
    while (len && p[len - 1] == ' ') len--;
    int k = 0;
    while (k < NCONS && !names(p, len, k)) k++;
    if (k == NCONS) {
      if (err && errcap)
        snprintf(err, errcap,
                 "unknown constraint '%.*s' (diagonals, windoku, disjoint, "
                 "anti-knight, anti-king, nonconsecutive)",
                 (int)(len > 40 ? 40 : len), p);
      return NONET_EINVAL;
    }
    set |= 1u << k;
    p = q;
  }
  *out = set;
  return NONET_OK;
}
