/* bench_generate: generator throughput on one core, through the public
 * API (nonet_generate), seeded so runs repeat.
 *
 *   bench_generate [--seed S] [-n COUNT] [--seconds T] [--symmetry NAME]
 *                  [--clues N] [--min-clues N] [--max-clues N]
 *                  [--per-grid N] [--no-minimal] [--hist] [--print]
 *
 * Generates COUNT puzzles (default 20000), or as many as fit in T
 * seconds, and prints one line: puzzles, wall and CPU seconds, puzzles
 * per second of each, solver calls per puzzle; --hist adds the
 * clue-count histogram, --print the puzzles themselves (for checking
 * them elsewhere). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "nonet.h"

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* CPU time of this process: steadier than the wall clock on a machine
 * shared with other jobs. */
static double cpu(void) {
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

typedef struct run {
  unsigned long hist[82];
  int print;
} run;

static int on_puzzle(const nonet_gen_puzzle *p, void *ctx) {
  run *r = ctx;
  r->hist[p->clues]++;
  if (r->print) {
    char line[128];
    nonet_format_grid(p->puzzle, NONET_FORMAT_LINE, 0, line, sizeof line);
    puts(line);
  }
  return 0;
}

int main(int argc, char **argv) {
  nonet_gen_options *o = nonet_gen_options_new();
  nonet_gen_set_seed(o, 1);
  long count = 20000;
  double seconds = 0;
  int hist = 0;
  run r;
  memset(&r, 0, sizeof r);
  char err[200];
  for (int k = 1; k < argc; k++) {
    const char *a = argv[k], *v = k + 1 < argc ? argv[k + 1] : NULL;
    if (!strcmp(a, "-n") && v)
      count = atol(v), k++;
    else if (!strcmp(a, "--seconds") && v)
      seconds = atof(v), k++;
    else if (!strcmp(a, "--hist"))
      hist = 1;
    else if (!strcmp(a, "--print"))
      r.print = 1;
    else if (!strcmp(a, "--no-minimal")) {
      nonet_gen_options_parse(o, "no-minimal", NULL, err, sizeof err);
    } else if (!strncmp(a, "--", 2) && v &&
               nonet_gen_options_parse(o, a + 2, v, err, sizeof err) ==
                   NONET_OK) {
      k++; /* --seed, --symmetry, --clues, --min-clues, --max-clues, ... */
    } else {
      fprintf(stderr,
              "usage: bench_generate [--seed S] [-n COUNT] "
              "[--seconds T] [--symmetry NAME] [--clues N] "
              "[--min-clues N] [--max-clues N] [--per-grid N] [--no-minimal] "
              "[--hist] [--print]\n");
      return 2;
    }
  }
  if (nonet_gen_check(o, err, sizeof err) != NONET_OK) {
    fprintf(stderr, "bench_generate: %s\n", err);
    return 2;
  }
  if (seconds > 0) {
    nonet_gen_set_timeout(o, seconds);
    if (count == 20000) count = 1000000000L;
  }
  nonet_gen_stats st;
  memset(&st, 0, sizeof st);
  double t0 = now(), c0 = cpu();
  long made = nonet_generate(o, count, on_puzzle, &r, &st);
  nonet_gen_options_free(o);
  double dt = now() - t0, dc = cpu() - c0;
  fprintf(r.print ? stderr : stdout,
          "puzzles %ld  seconds %.2f  cpu %.2f  puzzles/s %.1f  per cpu-s "
          "%.1f  solver calls/puzzle %.1f  jobs %llu\n",
          made, dt, dc, made / dt, dc > 0 ? made / dc : 0.0,
          made ? (double)st.solver_calls / made : 0.0, st.jobs);
  if (hist && made) {
    for (int c = 0; c <= 81; c++)
      if (r.hist[c])
        printf("%2d clues %8lu  %6.2f%%\n", c, r.hist[c],
               100.0 * r.hist[c] / made);
  }
  return made > 0 ? 0 : 1;
}
