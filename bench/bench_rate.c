/* bench_rate: SE-scale rating throughput on seeded random isomorphs of
 * puzzle lists, one core.
 *
 *   bench_rate [--seed S] [--count N] [--runs R] [--dump FILE] LIST...
 *
 * For each list: N random isomorphs (default: as many as the list has),
 * rated R times (default 3); prints the median puzzles per second (of
 * CPU time: the machine may be shared) and the
 * mean ER. Isomorphs are rated like any puzzle: Sudoku Explainer's path,
 * and so sometimes its ER, depends on the order of cells and digits.
 * --dump writes the isomorphs of the first list to FILE (to rate the same
 * puzzles with Sudoku Explainer, see run_rate.sh). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench_util.h"
#include "nonet.h"

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts); /* one core: CPU time */
  return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
  unsigned long long seed = 1;
  long count = 0;
  int runs = 3, k = 1;
  const char *dump = NULL;
  for (; k < argc && argv[k][0] == '-'; k++) {
    if (!strcmp(argv[k], "--seed") && k + 1 < argc)
      seed = strtoull(argv[++k], NULL, 10);
    else if (!strcmp(argv[k], "--count") && k + 1 < argc)
      count = atol(argv[++k]);
    else if (!strcmp(argv[k], "--runs") && k + 1 < argc)
      runs = atoi(argv[++k]);
    else if (!strcmp(argv[k], "--dump") && k + 1 < argc)
      dump = argv[++k];
    else {
      fprintf(stderr, "usage: bench_rate [--seed S] [--count N] [--runs R] "
                      "[--dump FILE] LIST...\n");
      return 2;
    }
  }
  if (runs < 1 || runs > 99) runs = 3;
  printf("SE-scale rating, seed %llu, one core\n", seed);
  printf("%-22s %9s %12s %8s %8s\n", "list", "puzzles", "puzzles/s", "mean ER",
         "max ER");
  for (; k < argc; k++) {
    uint8_t(*list)[81];
    long n = bench_load(argv[k], &list);
    if (n <= 0) {
      fprintf(stderr, "bench_rate: cannot read %s\n", argv[k]);
      continue;
    }
    long total = count > 0 ? count : n;
    uint8_t(*iso)[81] = malloc((size_t)total * sizeof *iso);
    nonet_rng rng;
    nonet_rng_seed(&rng, seed);
    for (long i = 0; i < total; i++)
      nonet_random_isomorph(list[i % n], iso[i], &rng);
    if (dump) {
      FILE *f = fopen(dump, "w");
      if (!f) {
        fprintf(stderr, "bench_rate: cannot write %s\n", dump);
        return 1;
      }
      for (long i = 0; i < total; i++) {
        char line[128];
        nonet_format_grid(iso[i], NONET_FORMAT_LINE, 0, line, sizeof line);
        fprintf(f, "%s\n", line);
      }
      fclose(f);
      dump = NULL;
    }
    double rate[99], sum = 0;
    int max = 0;
    long failed = 0;
    for (int r = 0; r < runs; r++) {
      sum = 0;
      max = 0;
      failed = 0;
      double t0 = now();
      for (long i = 0; i < total; i++) {
        nonet_rating rt;
        if (nonet_rate(iso[i], &rt) != NONET_OK) {
          failed++;
          continue;
        }
        sum += rt.er;
        if (rt.er > max) max = rt.er;
      }
      rate[r] = total / (now() - t0);
    }
    qsort(rate, (size_t)runs, sizeof *rate, bench_cmp_double);
    const char *name = strrchr(argv[k], '/');
    name = name ? name + 1 : argv[k];
    long rated = total - failed;
    printf("%-22s %9ld %12.0f %8.2f %8.1f\n", name, total, rate[runs / 2],
           rated ? sum / rated / 10.0 : 0.0, max / 10.0);
    if (failed)
      printf("  (%ld puzzles not rated: no unique solution)\n", failed);
    free(iso);
    free(list);
  }
  return 0;
}
