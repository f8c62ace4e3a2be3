/* check.c: what is wrong with the givens of a variant puzzle, in words
 * ("row 3 has two 5s (r3c1, r3c7)"), and whether a grid solves it. */
#include <stdio.h>
#include <string.h>

#include "variant.h"

typedef struct report {
  char *buf;
  size_t cap, len; /* len: what the full text needs */
  int count;
} report;

static void append(report *rp, const char *t) {
  size_t n = strlen(t);
  if (rp->cap && rp->len < rp->cap - 1) {
    size_t room = rp->cap - 1 - rp->len, k = n < room ? n : room;
    memcpy(rp->buf + rp->len, t, k);
    rp->buf[rp->len + k] = 0;
  }
  rp->len += n;
}

static void add(report *rp, const char *text) {
  if (rp->count++) append(rp, "; ");
  append(rp, text);
}

static const char *times(int k) {
  static const char *const w[] = {"no",   "one", "two",   "three", "four",
                                  "five", "six", "seven", "eight", "nine"};
  return k < 10 ? w[k] : "many";
}

/* "row 3", "region 4", "the main diagonal", ... */
static void group_name(const nonet_variant *v, int h, char *out, size_t cap) {
  const vrules *r = v->rules;
  int kind = r->groups[h].kind, k = 0;
  for (int j = 0; j < h; j++) k += r->groups[j].kind == kind;
  switch (kind) {
  case VG_ROW:
    snprintf(out, cap, "row %d", k + 1);
    break;
  case VG_COL:
    snprintf(out, cap, "column %d", k + 1);
    break;
  case VG_BOX:
    snprintf(out, cap, "%s %d", v->br ? "box" : "region", k + 1);
    break;
  case VG_DIAGONAL:
    snprintf(out, cap, "%s", k ? "the anti-diagonal" : "the main diagonal");
    break;
  case VG_WINDOW:
    snprintf(out, cap, "windoku box %d", k + 1);
    break;
  case VG_DISJOINT:
    snprintf(out, cap, "disjoint group %d", k + 1);
    break;
  default: {
    char a[16];
    nonet__v_cell_name(r->n, r->gcells[r->groups[h].first], a);
    snprintf(out, cap, "the cage at %s", a);
  }
  }
}

/* Repeated digits in each group (houses and cages). */
static void repeats(const nonet_variant *v, const uint8_t *cells, report *rp) {
  const vrules *r = v->rules;
  for (int h = 0; h < r->ngroups; h++) {
    const vgroup *g = &r->groups[h];
    if (g->kind >= VG_SUM) continue;
    const uint16_t *gc = r->gcells + g->first;
    for (int d = 1; d <= r->n; d++) {
      int k = 0;
      for (int i = 0; i < g->size; i++) k += cells[gc[i]] == d;
      if (k < 2) continue;
      char text[400], name[48], c[16];
      group_name(v, h, name, sizeof name);
      int len =
          snprintf(text, sizeof text, "%s has %s %ds (", name, times(k), d);
      for (int i = 0, j = 0; i < g->size; i++)
        if (cells[gc[i]] == d && len < (int)sizeof text - 20) {
          nonet__v_cell_name(r->n, gc[i], c);
          len += snprintf(text + len, sizeof text - (size_t)len, "%s%s",
                          j++ ? ", " : "", c);
        }
      snprintf(text + len, sizeof text - (size_t)len, ")");
      add(rp, text);
    }
  }
}

static void relations(const nonet_variant *v, const uint8_t *cells,
                      report *rp) {
  static const unsigned rel[3] = {NONET_CONSTRAINT_ANTI_KNIGHT,
                                  NONET_CONSTRAINT_ANTI_KING,
                                  NONET_CONSTRAINT_NONCONSECUTIVE};
  int n = v->n;
  for (int q = 0; q < 3; q++) {
    if (!(v->cons & rel[q])) continue;
    for (int a = 0; a < n * n; a++) {
      uint16_t near[8];
      int m = nonet__v_related(n, a, rel[q], near);
      for (int j = 0; j < m; j++) {
        int b = near[j], da = cells[a], db = cells[b];
        if (b < a || !da || !db) continue;
        char ca[16], cb[16], text[128];
        nonet__v_cell_name(n, a, ca);
        nonet__v_cell_name(n, b, cb);
        if (rel[q] == NONET_CONSTRAINT_NONCONSECUTIVE) {
          if (da - db != 1 && db - da != 1) continue;
          snprintf(text, sizeof text,
                   "%s and %s are neighbours holding %d and %d", ca, cb, da,
                   db);
        } else {
          /* a king's move along a row or column is the row's business */
          if (da != db || a / n == b / n || a % n == b % n) continue;
          snprintf(text, sizeof text,
                   "%s and %s are a %s apart and both hold %d", ca, cb,
                   rel[q] == NONET_CONSTRAINT_ANTI_KNIGHT ? "knight's move"
                                                          : "king's move",
                   da);
        }
        add(rp, text);
      }
    }
  }
}

static void sums(const nonet_variant *v, const uint8_t *cells, report *rp) {
  for (int k = 0; k < v->ncages; k++) {
    const vcage *c = &v->cages[k];
    int total = 0, open = 0;
    for (int i = 0; i < c->n; i++) {
      total += cells[c->cells[i]];
      open += !cells[c->cells[i]];
    }
    int rest = c->sum - total;
    if (rest >= nonet__v_min_sum(v->n, open) &&
        rest <= nonet__v_max_sum(v->n, open))
      continue;
    char a[16], text[160];
    nonet__v_cell_name(v->n, c->cells[0], a);
    if (open)
      snprintf(text, sizeof text,
               "the cage of sum %d at %s cannot be completed: its givens add "
               "up to %d",
               c->sum, a, total);
    else
      snprintf(text, sizeof text, "the cage of sum %d at %s adds up to %d",
               c->sum, a, total);
    add(rp, text);
  }
}

static int valid_cells(const nonet_variant *v, const uint8_t *cells) {
  for (int i = 0; i < v->n * v->n; i++)
    if (cells[i] > v->n) return 0;
  return 1;
}

int nonet_variant_conflicts(const nonet_variant *v, const uint8_t *cells,
                            char *buf, size_t cap) {
  if (!v || !v->rules || !cells || (!buf && cap)) return NONET_EINVAL;
  if (cap) buf[0] = 0;
  if (!valid_cells(v, cells)) return NONET_EINVAL;
  report rp = {buf, cap, 0, 0};
  repeats(v, cells, &rp);
  relations(v, cells, &rp);
  sums(v, cells, &rp);
  return rp.count;
}

int nonet_variant_is_solution(const nonet_variant *v, const uint8_t *puzzle,
                              const uint8_t *solution) {
  if (!v || !v->rules || !solution) return 0;
  for (int i = 0; i < v->n * v->n; i++) {
    if (solution[i] < 1 || solution[i] > v->n) return 0;
    if (puzzle && puzzle[i] && puzzle[i] != solution[i]) return 0;
  }
  return nonet_variant_conflicts(v, solution, NULL, 0) == 0;
}
