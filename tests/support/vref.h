/* vref.h: an independent referee for variant puzzles, sharing no code
 * with libnonet: its own reader of the JSON object (docs/variants.md),
 * its own rule checker (every rule written out again from its
 * definition), and a Dancing Links counter (exact cover; cages and
 * relations as secondary columns, cage sums checked while covering). */
#ifndef NONET_TEST_VREF_H
#define NONET_TEST_VREF_H

#include <stdint.h>

#define VREF_MAXN 25
#define VREF_MAXC 625

typedef struct vref_cage {
  int sum, k;
  int cells[VREF_MAXN];
} vref_cage;

typedef struct vref_puzzle {
  int n, br, bc;         /* br = bc = 0: a jigsaw */
  int region[VREF_MAXC]; /* jigsaw regions (boxes are computed) */
  int diagonals, windoku, disjoint, knight, king, nonconsecutive;
  int ncages;
  vref_cage cages[VREF_MAXC];
  uint8_t cells[VREF_MAXC];
  uint8_t solution[VREF_MAXC];
  int has_solution;
} vref_puzzle;

/* Reads one puzzle from a JSON object; 0 on success, else -1 with a
 * message in err. */
int vref_parse_json(const char *s, vref_puzzle *p, char *err, int errcap);

/* Houses (rows, columns, regions, diagonals, windows, disjoint groups:
 * each n cells, all n digits once) at most. */
#define VREF_MAXH (4 * VREF_MAXN + 40)

/* The houses of p, each its n cells, into house; returns how many. */
int vref_houses(const vref_puzzle *p, int (*house)[VREF_MAXN]);

/* 1 when cells a and b may not hold the same digit (a house, a cage, a
 * knight's or king's move); 0 for a == b. */
int vref_must_differ(const vref_puzzle *p, int a, int b);

/* 1 when grid is full and keeps every rule and every given of p. */
int vref_is_solution(const vref_puzzle *p, const uint8_t *grid);

/* The number of solutions of p (its cells as givens), up to limit; the
 * first goes to first (may be NULL). -1 when out of memory. */
long vref_count(const vref_puzzle *p, long limit, uint8_t *first);

/* Every solution's digits, up to limit solutions: cand[c] gets bit d-1
 * for each digit some solution puts in c. Returns the count (limit: maybe
 * more, cand then partial). */
long vref_candidates(const vref_puzzle *p, long limit, uint32_t *cand);

/* 1 when NONET_TEST_QUICK is set and not "0" (the sanitizer, clang and
 * arm64 runs, where the referee's counts take most of the time): tests
 * then generate fewer puzzles for it to count. */
int vref_quick(void);

#endif
