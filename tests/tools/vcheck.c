/* vcheck: checks variant puzzles with the independent referee of
 * tests/support/vref.c (no libnonet code):
 *
 *   vcheck [--count N] [--size N] [--jigsaw] [--killer] [--no-givens]
 *          [--constraints LIST] [--symmetry rot180|rot90|mirror]
 *          [--not-minimal-ok] [--solved] < JSON-LINES
 *
 * Each input line is one JSON object (nonet's variant format). Every
 * puzzle must have exactly one solution (DLX count), its "solution"
 * member (when present) must be it and keep every rule, each given must
 * be needed (unless --not-minimal-ok; with a symmetry: each orbit, and
 * the givens placed symmetrically), and the puzzle must have the size,
 * regions, cages and constraints asked for. --solved: each line is a full
 * grid that keeps every rule (solve's output). Puzzles must be distinct.
 * Prints "N puzzles ok" or the failures; exit 1 on any. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/vref.h"

/* The image of cell c of an n x n grid, written out again here. */
static int image(const char *sym, int n, int c) {
  int r = c / n, col = c % n, m = n - 1;
  if (!sym) return c;
  if (!strcmp(sym, "rot180")) return (m - r) * n + m - col;
  if (!strcmp(sym, "rot90")) return col * n + m - r;
  if (!strcmp(sym, "mirror")) return r * n + m - col;
  return c;
}

static int has(const char *list, const char *name) {
  const char *p = strstr(list, name);
  return p && (p == list || p[-1] == ',') &&
         (p[strlen(name)] == 0 || p[strlen(name)] == ',');
}

int main(int argc, char **argv) {
  long want = -1;
  int size = 0, jigsaw = 0, killer = 0, no_givens = 0, loose = 0, solved = 0;
  const char *cons = NULL, *sym = NULL;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--count") && i + 1 < argc)
      want = atol(argv[++i]);
    else if (!strcmp(argv[i], "--size") && i + 1 < argc)
      size = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--constraints") && i + 1 < argc)
      cons = argv[++i];
    else if (!strcmp(argv[i], "--symmetry") && i + 1 < argc)
      sym = argv[++i];
    else if (!strcmp(argv[i], "--jigsaw"))
      jigsaw = 1;
    else if (!strcmp(argv[i], "--killer"))
      killer = 1;
    else if (!strcmp(argv[i], "--no-givens"))
      no_givens = 1;
    else if (!strcmp(argv[i], "--not-minimal-ok"))
      loose = 1;
    else if (!strcmp(argv[i], "--solved"))
      solved = 1;
    else {
      fprintf(stderr, "vcheck: unknown argument '%s'\n", argv[i]);
      return 2;
    }
  }
  static char line[1 << 20];
  static vref_puzzle p;
  static uint8_t first[VREF_MAXC];
  char(*seen)[VREF_MAXC + 1] = NULL;
  long n = 0, bad = 0, cap = 0;
  while (fgets(line, sizeof line, stdin)) {
    char err[200];
    n++;
    if (vref_parse_json(line, &p, err, (int)sizeof err) != 0) {
      printf("line %ld: %s\n", n, err);
      bad++;
      continue;
    }
    int nc = p.n * p.n, fail = 0;
#define FAIL(...)                                                              \
  do {                                                                         \
    printf("line %ld: ", n);                                                   \
    printf(__VA_ARGS__);                                                       \
    printf("\n");                                                              \
    fail = 1;                                                                  \
  } while (0)
    if (size && p.n != size) FAIL("size %d, expected %d", p.n, size);
    if (jigsaw != (p.br == 0)) FAIL("%s", jigsaw ? "not a jigsaw" : "a jigsaw");
    if (killer != (p.ncages > 0)) FAIL("%d cages", p.ncages);
    if (cons) {
      int want_set[6] = {has(cons, "diagonals"), has(cons, "windoku"),
                         has(cons, "disjoint"),  has(cons, "anti-knight"),
                         has(cons, "anti-king"), has(cons, "nonconsecutive")};
      int got_set[6] = {p.diagonals, p.windoku, p.disjoint,
                        p.knight,    p.king,    p.nonconsecutive};
      if (memcmp(want_set, got_set, sizeof want_set))
        FAIL("constraints differ from %s", cons);
    }
    int clues = 0;
    for (int c = 0; c < nc; c++) clues += p.cells[c] != 0;
    if (no_givens && clues) FAIL("%d givens", clues);
    if (solved) {
      if (!vref_is_solution(&p, p.cells)) FAIL("not a solved grid");
    } else {
      long count = vref_count(&p, 2, first);
      if (count != 1) FAIL("%ld solutions", count);
      if (count >= 1 && !vref_is_solution(&p, first))
        FAIL("the referee's solution breaks a rule");
      if (p.has_solution &&
          (count != 1 || memcmp(first, p.solution, (size_t)nc)))
        FAIL("the solution given is not the puzzle's");
      for (int c = 0; c < nc; c++)
        if ((p.cells[c] != 0) != (p.cells[image(sym, p.n, c)] != 0))
          FAIL("r%dc%d and its image differ", c / p.n + 1, c % p.n + 1);
      for (int c = 0; c < nc && count == 1 && !loose; c++) {
        if (!p.cells[c]) continue;
        int orbit[4] = {c, 0, 0, 0};
        uint8_t v[4];
        for (int j = 1; j < 4; j++) orbit[j] = image(sym, p.n, orbit[j - 1]);
        for (int j = 0; j < 4; j++) v[j] = p.cells[orbit[j]];
        for (int j = 0; j < 4; j++) p.cells[orbit[j]] = 0;
        if (vref_count(&p, 2, NULL) != 2)
          FAIL("the given at r%dc%d is not needed", c / p.n + 1, c % p.n + 1);
        for (int j = 3; j >= 0; j--) p.cells[orbit[j]] = v[j];
      }
    }
    if (n > cap) {
      cap = cap ? 2 * cap : 64;
      seen = realloc(seen, (size_t)cap * sizeof *seen);
      if (!seen) return 2;
    }
    memcpy(seen[n - 1], p.cells, (size_t)nc);
    seen[n - 1][VREF_MAXC] = (char)p.n;
    for (long k = 0; k < n - 1 && !solved; k++)
      if (seen[k][VREF_MAXC] == p.n && !memcmp(seen[k], p.cells, (size_t)nc) &&
          clues)
        FAIL("the same givens as line %ld", k + 1);
    bad += fail;
  }
  if (want >= 0 && n != want) {
    printf("%ld puzzles, expected %ld\n", n, want);
    bad++;
  }
  free(seen);
  if (bad) return 1;
  printf("%ld puzzles ok\n", n);
  return 0;
}
