/* bench_modes: whole `nonet` processes with different arguments on the
 * same puzzles, side by side: what solve costs over count, --first over
 * --limit 1, two threads over one.
 *
 *   bench_modes --nonet PATH [--seed S] [--runs R] [--null]
 *                  --variant NAME=ARGS... LIST[:TIMES]...
 *
 * For each LIST (TIMES seeded random isomorphs of each puzzle, as
 * bench_whole makes them), each of R rounds (default 5, at least 3) runs
 * `PATH ARGS FILE` once per variant (ARGS split at spaces), output to a
 * file (with --null to /dev/null: the work without the cost of writing
 * what it prints, which differs between commands), the order rotating from
 * round to round; prints each variant's median wall-clock time and its ratio to
 * the first variant's (below 1: faster), and the ratio of median CPU times
 * (user + system), which other jobs on a shared machine disturb less. Exit
 * statuses other than "could not run" are accepted (solve exits 1 on puzzles
 * with several solutions). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench_proc.h"
#include "bench_util.h"
#include "nonet.h"

#define MAX_VARIANTS 8
#define MAX_RUNS 99
#define MAX_ARGS 32

typedef struct variant {
  const char *name;
  char *argv[MAX_ARGS];
  int argc;
} variant;

static void usage(void) {
  fprintf(stderr, "usage: bench_modes --nonet PATH [--seed S] [--runs R] "
                  "[--null] --variant NAME=ARGS... LIST[:TIMES]...\n");
}

int main(int argc, char **argv) {
  const char *nonet = NULL;
  unsigned long long seed = 1;
  int runs = 5, nv = 0, k = 1, null = 0;
  variant vs[MAX_VARIANTS];
  for (; k < argc && argv[k][0] == '-'; k++) {
    if (bench_take_option(argc, argv, &k, &nonet, &seed, &runs)) {
      continue;
    } else if (!strcmp(argv[k], "--null")) {
      null = 1;
    } else if (!strcmp(argv[k], "--variant") && k + 1 < argc &&
               nv < MAX_VARIANTS) {
      char *spec = argv[++k], *eq = strchr(spec, '=');
      if (!eq || eq == spec) {
        usage();
        return 2;
      }
      *eq = 0;
      variant *v = &vs[nv++];
      v->name = spec;
      v->argc = bench_split_words(eq + 1, v->argv, 1, MAX_ARGS - 1);
    } else {
      usage();
      return 2;
    }
  }
  if (!nonet || nv < 2 || k == argc) {
    usage();
    return 2;
  }
  if (runs < 3) runs = 3;
  if (runs > MAX_RUNS) runs = MAX_RUNS;
  char dir[] = "/tmp/nonet-variants-XXXXXX";
  if (!mkdtemp(dir)) {
    perror("bench_modes: mkdtemp");
    return 1;
  }
  char file[64], out[64];
  snprintf(file, sizeof file, "%s/puzzles.txt", dir);
  snprintf(out, sizeof out, "%s/out.txt", dir);
  for (int v = 0; v < nv; v++) {
    vs[v].argv[0] = (char *)nonet;
    vs[v].argv[vs[v].argc] = file;
    vs[v].argv[vs[v].argc + 1] = NULL;
  }
  printf("whole processes, seed %llu, median of %d runs, output to %s, "
         "wall clock, ratio to %s\n",
         seed, runs, null ? "/dev/null" : "a file", vs[0].name);
  printf("%-18s %8s", "list", "puzzles");
  for (int v = 0; v < nv; v++) printf(" %10.10s ms", vs[v].name);
  for (int v = 1; v < nv; v++) printf(" %9.9s/%s", vs[v].name, "1st");
  for (int v = 1; v < nv; v++) printf("   cpu %s/1st", vs[v].name);
  printf("\n");
  nonet_rng rng;
  nonet_rng_seed(&rng, seed);
  int failed = 0;
  for (; k < argc; k++) {
    char path[4096], name[64];
    int times = bench_list_arg(argv[k], path, sizeof path, name, sizeof name);
    long n = bench_write_isomorphs(path, times, &rng, file);
    if (n <= 0) {
      fprintf(stderr, "bench_modes: cannot read %s\n", path);
      failed = 1;
      continue;
    }
    double wall[MAX_VARIANTS][MAX_RUNS], cpu[MAX_VARIANTS][MAX_RUNS];
    double med[MAX_VARIANTS], mcpu[MAX_VARIANTS];
    for (int r = 0; r < runs; r++)
      for (int j = 0; j < nv; j++) {
        int v = (j + r) % nv; /* the order rotates */
        bench_timing t;
        if (bench_run(vs[v].argv, NULL, null ? "/dev/null" : out, 1, &t) < 0) {
          fprintf(stderr, "bench_modes: %s failed\n", vs[v].name);
          return 1;
        }
        wall[v][r] = t.wall;
        cpu[v][r] = t.cpu;
      }
    printf("%-18s %8ld", name, n);
    for (int v = 0; v < nv; v++) {
      med[v] = bench_median(wall[v], runs);
      mcpu[v] = bench_median(cpu[v], runs);
      printf(" %13.1f", med[v] * 1e3);
    }
    for (int v = 1; v < nv; v++) printf(" %13.3f", med[v] / med[0]);
    for (int v = 1; v < nv; v++) printf(" %13.3f", mcpu[v] / mcpu[0]);
    printf("\n");
    fflush(stdout);
  }
  remove(file);
  char err[80];
  snprintf(err, sizeof err, "%s.err", out);
  remove(out);
  remove(err);
  rmdir(dir);
  return failed;
}
