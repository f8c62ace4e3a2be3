/* bench_logic: throughput of whole logical solving paths (nonet_logic_
 * solve with the default techniques, trial and error as the last
 * resort) on seeded random isomorphs of puzzle lists, one core.
 *
 *   bench_logic [--seed S] [--min N] [--max N] [--runs R] LIST...
 *
 * For each list: N random isomorphs (the list's size, at least --min, at
 * most --max), solved R times (default 3); prints the median puzzles per
 * second by wall clock and by the thread's CPU time (the same on an idle
 * machine; on a shared one the CPU figure is the one-core speed), the
 * mean steps, the share solved without trial and error, and the slowest
 * puzzle. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench_util.h"
#include "nonet.h"

static double clock_of(clockid_t id) {
  struct timespec ts;
  clock_gettime(id, &ts);
  return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}
static double now(void) { return clock_of(CLOCK_MONOTONIC); }
/* CPU time of this thread: on a machine shared with other jobs it is
 * what one core actually spent, whatever the waiting */
static double cpu(void) { return clock_of(CLOCK_THREAD_CPUTIME_ID); }

int main(int argc, char **argv) {
  unsigned long long seed = 1;
  long min = 0, max = 0;
  int runs = 3, k = 1;
  for (; k < argc && argv[k][0] == '-'; k++) {
    if (!strcmp(argv[k], "--seed") && k + 1 < argc)
      seed = strtoull(argv[++k], NULL, 10);
    else if (!strcmp(argv[k], "--min") && k + 1 < argc)
      min = atol(argv[++k]);
    else if (!strcmp(argv[k], "--max") && k + 1 < argc)
      max = atol(argv[++k]);
    else if (!strcmp(argv[k], "--runs") && k + 1 < argc)
      runs = atoi(argv[++k]);
    else {
      fprintf(stderr, "usage: bench_logic [--seed S] [--min N] [--max N] "
                      "[--runs R] LIST...\n");
      return 2;
    }
  }
  if (runs < 1 || runs > 99) runs = 3;
  printf("logic paths, default techniques, seed %llu, median of %d runs\n",
         seed, runs);
  printf("%-22s %8s %11s %11s %9s %9s %11s\n", "list", "puzzles", "puzzles/s",
         "cpu p/s", "steps", "no-trial", "slowest ms");
  for (; k < argc; k++) {
    uint8_t(*list)[81];
    long n = bench_load(argv[k], &list);
    if (n <= 0) {
      fprintf(stderr, "bench_logic: cannot read %s\n", argv[k]);
      continue;
    }
    long total = n < min ? min : n;
    if (max > 0 && total > max) total = max;
    uint8_t(*iso)[81] = malloc((size_t)total * sizeof *iso);
    nonet_rng rng;
    nonet_rng_seed(&rng, seed);
    for (long i = 0; i < total; i++)
      nonet_random_isomorph(list[i % n], iso[i], &rng);
    double rate[99], crate[99], slowest = 0;
    long steps = 0, notrial = 0;
    for (int r = 0; r < runs; r++) {
      steps = notrial = 0;
      double t0 = now(), c0 = cpu();
      for (long i = 0; i < total; i++) {
        double t1 = r == 0 ? now() : 0;
        nonet_logic_state s;
        nonet_logic_result res;
        nonet_logic_init(&s, iso[i]);
        nonet_logic_solve(&s, NULL, NULL, NULL, &res);
        steps += res.steps;
        notrial += res.solved && !res.trial;
        if (r == 0 && now() - t1 > slowest) slowest = now() - t1;
      }
      rate[r] = (double)total / (now() - t0);
      crate[r] = (double)total / (cpu() - c0);
    }
    qsort(rate, (size_t)runs, sizeof *rate, bench_cmp_double);
    qsort(crate, (size_t)runs, sizeof *crate, bench_cmp_double);
    const char *base = strrchr(argv[k], '/');
    printf("%-22s %8ld %11.0f %11.0f %9.1f %8.2f%% %11.2f\n",
           base ? base + 1 : argv[k], total, rate[runs / 2], crate[runs / 2],
           (double)steps / total, 100.0 * notrial / total, slowest * 1e3);
    fflush(stdout);
    free(iso);
    free(list);
  }
  return 0;
}
