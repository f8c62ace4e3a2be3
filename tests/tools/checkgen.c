/* checkgen: checks generated puzzles with the independent references of
 * tests/support (no libnonet code):
 *
 *   checkgen [--count N] [--symmetry NAME] [--min N] [--max N]
 *            [--pattern FILE] [--no-minimal] [--solution] < PUZZLES
 *
 * Each input line is an 81-character puzzle ('.' or '0' empty),
 * optionally followed by a tab and its 81-digit solution (--solution:
 * required). Every puzzle must have exactly one solution (DLX count),
 * the solution given must be it, the givens must be placed with the
 * symmetry, within the clue bounds, exactly at the pattern's cells, and
 * minimal (each given, or with a symmetry each orbit of givens, removed
 * gives several solutions) unless --no-minimal. Puzzles must be
 * distinct. Prints "N puzzles ok" or the failures; exit 1 on any. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/ref.h"

/* The image of (r, c) under each symmetry, written out again here. */
static int image(const char *sym, int i) {
  int r = i / 9, c = i % 9;
  if (!strcmp(sym, "rot180")) return (8 - r) * 9 + 8 - c;
  if (!strcmp(sym, "rot90")) return c * 9 + 8 - r;
  if (!strcmp(sym, "mirror")) return r * 9 + 8 - c;
  if (!strcmp(sym, "flip")) return (8 - r) * 9 + c;
  if (!strcmp(sym, "diagonal")) return c * 9 + r;
  if (!strcmp(sym, "antidiagonal")) return (8 - c) * 9 + 8 - r;
  return i;
}

static const char *const syms[] = {"rot180", "rot90",    "mirror",
                                   "flip",   "diagonal", "antidiagonal"};

static int symmetric(const char *sym, const uint8_t *p) {
  for (int i = 0; i < 81; i++)
    if ((p[i] != 0) != (p[image(sym, i)] != 0)) return 0;
  return 1;
}

/* Minimal under `sym`: removing any orbit of givens leaves several
 * solutions. */
static int minimal(const char *sym, const uint8_t *p) {
  uint8_t q[81];
  for (int i = 0; i < 81; i++) {
    if (!p[i]) continue;
    memcpy(q, p, 81);
    int j = i, first = 1;
    do { /* the orbit of i; test it once, from its smallest cell */
      if (j < i) first = 0;
      q[j] = 0;
      j = image(sym, j);
    } while (j != i);
    if (first && ref_count(q, 2, NULL) != 2) return 0;
  }
  return 1;
}

static int read_mask(const char *path, uint8_t m[81]) {
  FILE *f = fopen(path, "r");
  if (!f) return 0;
  int n = 0;
  char line[512];
  while (fgets(line, sizeof line, f) && n < 81) {
    if (line[0] == '#') continue;
    for (char *q = line; *q && n < 81; q++) {
      if (*q == 'x' || *q == 'X' || (*q >= '1' && *q <= '9'))
        m[n++] = 1;
      else if (*q == '.' || *q == '0')
        m[n++] = 0;
    }
  }
  fclose(f);
  return n == 81;
}

typedef struct seen_set {
  char (*v)[82];
  size_t n, cap;
} seen_set;

static int cmp82(const void *a, const void *b) { return memcmp(a, b, 81); }

int main(int argc, char **argv) {
  const char *sym = "none";
  int lo = 0, hi = 81, need_min = 1, with_sol = 0;
  long want = -1;
  uint8_t mask[81];
  int have_mask = 0;
  for (int k = 1; k < argc; k++) {
    const char *a = argv[k], *v = k + 1 < argc ? argv[k + 1] : NULL;
    if (!strcmp(a, "--symmetry") && v)
      sym = v, k++;
    else if (!strcmp(a, "--min") && v)
      lo = atoi(v), k++;
    else if (!strcmp(a, "--max") && v)
      hi = atoi(v), k++;
    else if (!strcmp(a, "--count") && v)
      want = atol(v), k++;
    else if (!strcmp(a, "--pattern") && v) {
      if (!read_mask(v, mask)) {
        fprintf(stderr, "checkgen: cannot read pattern %s\n", v);
        return 2;
      }
      have_mask = 1;
      k++;
    } else if (!strcmp(a, "--no-minimal"))
      need_min = 0;
    else if (!strcmp(a, "--solution"))
      with_sol = 1;
    else {
      fprintf(stderr, "checkgen: bad argument %s\n", a);
      return 2;
    }
  }
  char line[1024];
  long n = 0, bad = 0;
  seen_set seen = {NULL, 0, 0};
  while (fgets(line, sizeof line, stdin)) {
    size_t len = strcspn(line, "\r\n");
    line[len] = 0;
    if (!len) continue;
    n++;
    if (len < 81) {
      printf("line %ld: too short\n", n);
      bad++;
      continue;
    }
    uint8_t p[81], sol[81], ref_sol[81];
    ref_from_string(line, p);
    int clues = 0;
    for (int i = 0; i < 81; i++) clues += p[i] != 0;
    const char *why = NULL;
    if (ref_count(p, 2, ref_sol) != 1)
      why = "not exactly one solution";
    else if (with_sol && (len < 163 || line[81] != '\t'))
      why = "no solution after a tab";
    else if (with_sol && (ref_from_string(line + 82, sol),
                          !ref_is_solution(p, sol) || memcmp(sol, ref_sol, 81)))
      why = "the solution printed is not the puzzle's";
    else if (clues < lo || clues > hi)
      why = "clue count out of bounds";
    else if (strcmp(sym, "none") && strcmp(sym, "random") && !symmetric(sym, p))
      why = "givens not symmetric";
    else if (have_mask) {
      for (int i = 0; i < 81 && !why; i++)
        if ((p[i] != 0) != mask[i]) why = "givens not at the pattern's cells";
    }
    if (!why && !strcmp(sym, "random")) {
      /* some symmetry must hold; minimality under it */
      const char *s = NULL;
      for (size_t k = 0; k < sizeof syms / sizeof *syms && !s; k++)
        if (symmetric(syms[k], p) && (!need_min || minimal(syms[k], p)))
          s = syms[k];
      if (!s) why = "no symmetry under which the puzzle is minimal";
    } else if (!why && need_min && !minimal(sym, p)) {
      why = "not minimal";
    }
    if (why) {
      printf("line %ld: %s: %.81s\n", n, why, line);
      bad++;
    }
    if (seen.n == seen.cap) {
      seen.cap = seen.cap ? 2 * seen.cap : 256;
      seen.v = realloc(seen.v, seen.cap * sizeof *seen.v);
    }
    memcpy(seen.v[seen.n++], line, 81);
  }
  qsort(seen.v, seen.n, sizeof *seen.v, cmp82);
  for (size_t k = 1; k < seen.n; k++)
    if (!memcmp(seen.v[k - 1], seen.v[k], 81)) {
      printf("puzzle given twice: %.81s\n", seen.v[k]);
      bad++;
    }
  free(seen.v);
  if (want >= 0 && n != want) {
    printf("%ld puzzles, expected %ld\n", n, want);
    bad++;
  }
  if (bad) return 1;
  printf("%ld puzzles ok\n", n);
  return 0;
}
