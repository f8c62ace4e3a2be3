/* checksol: an independent checker of `nonet solve` output.
 *
 *   checksol [--several] PUZZLES OUTPUT
 *
 * PUZZLES holds one 81-cell puzzle per line ('#' lines skipped); OUTPUT
 * the lines nonet printed for them, in the same order. Each output line
 * must be a full grid obeying the rules and the puzzle's givens; its
 * puzzle must have exactly one solution (by the DLX counter of
 * support/ref.c), or with --several more than one (the output then being
 * any one of them, as `nonet solve --first` prints). Exit 0 when every
 * line checks. */
#include <stdio.h>
#include <string.h>

#include "support/ref.h"

int main(int argc, char **argv) {
  int several = argc > 1 && strcmp(argv[1], "--several") == 0;
  if (argc != 3 + several) {
    fprintf(stderr, "usage: checksol [--several] PUZZLES OUTPUT\n");
    return 2;
  }
  FILE *pf = fopen(argv[1 + several], "r"), *of = fopen(argv[2 + several], "r");
  if (!pf || !of) {
    fprintf(stderr, "checksol: cannot open input\n");
    return 2;
  }
  char pl[512], ol[512];
  long n = 0, bad = 0;
  while (fgets(pl, sizeof pl, pf)) {
    if (pl[0] == '#' || strlen(pl) < 81) continue;
    n++;
    if (!fgets(ol, sizeof ol, of)) {
      fprintf(stderr, "checksol: output ends at puzzle %ld\n", n);
      return 1;
    }
    uint8_t p[81], s[81];
    ref_from_string(pl, p);
    int ok = strlen(ol) >= 81;
    for (int i = 0; ok && i < 81; i++) ok = ol[i] >= '1' && ol[i] <= '9';
    if (ok) {
      ref_from_string(ol, s);
      ok = ref_is_solution(p, s);
    }
    long count = ref_count(p, 2, NULL);
    if (ok) ok = several ? count == 2 : count == 1;
    if (!ok && bad++ < 5)
      fprintf(stderr, "checksol: puzzle %ld: bad output '%.81s' (count %ld)\n",
              n, ol, count);
  }
  if (fgets(ol, sizeof ol, of)) {
    fprintf(stderr, "checksol: more output lines than puzzles\n");
    bad++;
  }
  printf("checksol: %ld puzzles, %ld bad\n", n, bad);
  return bad ? 1 : 0;
}
