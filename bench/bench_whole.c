/* bench_whole: whole processes, as users run them: `nonet count --limit 2
 * --threads 1 < FILE` against a peer program given the same FILE on
 * standard input (both the same way in: nonet given FILE by name, against
 * the same nonet reading it on standard input, measured 1.03x-1.11x here,
 * and against the same solver in a build of the day before 0.84x-1.14x
 * by seed; both on standard input, 0.99x-1.00x and 0.96x-1.00x), on
 * seeded random isomorphs of puzzle lists, for each
 * build of nonet's solver against a peer built for the same instruction
 * set.
 *
 *   bench_whole --nonet PATH [--seed S] [--runs R]
 *               --peer BUILD=CMD... LIST[:TIMES]...
 *
 * LIST:TIMES takes TIMES random isomorphs of each puzzle of LIST (one
 * pass over the list per copy). BUILD is a solver build of nonet
 * (avx512, avx2, portable: run with NONET_SOLVER=BUILD, or
 * NONET_PORTABLE=1 for portable; avx512 as nonet picks it, or another
 * build's name, such as avx512-wide); builds the CPU does not run are
 * skipped. CMD is the peer's program and its arguments (split at
 * spaces, no quoting), which reads the puzzles on standard input and
 * prints one line per puzzle beginning with its count of solutions.
 * Each of R rounds (default 5, at least 3) runs nonet and the peer once
 * per build, alternating which goes first; the median wall-clock times
 * give the ratio peer / nonet (above 1: nonet is faster); so do the
 * median CPU times (user + system of the child), which other jobs on a
 * shared machine disturb much less than the wall clock. The counts of
 * both must agree on every puzzle. Prints a table. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench_proc.h"
#include "bench_util.h"
#include "nonet.h"

#define MAX_BUILDS 4
#define MAX_LISTS 16
#define MAX_RUNS 99
#define MAX_ARGS 32
#define NAME_MAX_ 64 /* a list's name in the tables */

typedef struct build {
  const char *name;
  char *peer[MAX_ARGS]; /* argv of the peer */
  int runs_here;        /* the CPU runs this build of nonet */
} build;

/* Sets the environment that picks nonet's solver build `name`. */
static void pick_build(const char *name) {
  unsetenv("NONET_PORTABLE");
  unsetenv("NONET_SOLVER");
  if (strcmp(name, "portable") == 0)
    setenv("NONET_PORTABLE", "1", 1);
  else if (strcmp(name, "avx512") != 0) /* (avx512: nonet's own choice) */
    setenv("NONET_SOLVER", name, 1);
}

/* The version line of nonet names the solver build it picked. */
static int build_runs(const char *nonet, const char *name) {
  char cmd[4096], line[512] = "";
  pick_build(name);
  snprintf(cmd, sizeof cmd, "'%s' --version", nonet);
  FILE *p = popen(cmd, "r");
  if (!p) return 0;
  int found = 0;
  while (fgets(line, sizeof line, p))
    if (strstr(line, name)) found = 1;
  pclose(p);
  return found;
}

/* Whether two outputs give the same count for every puzzle (the number
 * at the start of each line); the number of puzzles in *n. */
static int same_counts(const char *a, const char *b, long *n) {
  FILE *fa = fopen(a, "r"), *fb = fopen(b, "r");
  int same = fa && fb;
  char la[512], lb[512];
  *n = 0;
  while (same) {
    char *ga = fgets(la, sizeof la, fa), *gb = fgets(lb, sizeof lb, fb);
    if (!ga || !gb) {
      same = !ga && !gb;
      break;
    }
    same = atol(la) == atol(lb);
    ++*n;
  }
  if (fa) fclose(fa);
  if (fb) fclose(fb);
  return same;
}

static void usage(void) {
  fprintf(stderr, "usage: bench_whole --nonet PATH [--seed S] [--runs R] "
                  "--peer BUILD=CMD... LIST[:TIMES]...\n");
}

int main(int argc, char **argv) {
  const char *nonet = NULL;
  unsigned long long seed = 1;
  int runs = 5, nbuilds = 0, k = 1;
  build builds[MAX_BUILDS];
  for (; k < argc && argv[k][0] == '-'; k++) {
    if (bench_take_option(argc, argv, &k, &nonet, &seed, &runs)) {
      continue;
    } else if (!strcmp(argv[k], "--peer") && k + 1 < argc) {
      if (nbuilds == MAX_BUILDS) {
        fprintf(stderr, "bench_whole: at most %d builds (--peer)\n",
                MAX_BUILDS);
        return 2;
      }
      char *spec = argv[++k], *eq = strchr(spec, '=');
      if (!eq || eq == spec || !eq[1]) {
        usage();
        return 2;
      }
      *eq = 0;
      build *b = &builds[nbuilds++];
      b->name = spec;
      bench_split_words(eq + 1, b->peer, 0, MAX_ARGS);
    } else {
      usage();
      return 2;
    }
  }
  if (!nonet || !nbuilds || k == argc) {
    usage();
    return 2;
  }
  if (runs < 3) runs = 3;
  if (runs > MAX_RUNS) runs = MAX_RUNS;
  for (int b = 0; b < nbuilds; b++) {
    builds[b].runs_here = build_runs(nonet, builds[b].name);
    if (!builds[b].runs_here)
      fprintf(stderr, "bench_whole: this CPU does not run nonet's %s build\n",
              builds[b].name);
  }
  char dir[] = "/tmp/nonet-whole-XXXXXX";
  if (!mkdtemp(dir)) {
    perror("bench_whole: mkdtemp");
    return 1;
  }
  char out_nonet[64], out_peer[64];
  snprintf(out_nonet, sizeof out_nonet, "%s/nonet.out", dir);
  snprintf(out_peer, sizeof out_peer, "%s/peer.out", dir);
  printf("whole process, one thread, counting to 2: nonet count --limit 2 "
         "--threads 1 < FILE vs peer < FILE\n"
         "seed %llu, median of %d alternating runs; ratio = peer / nonet\n",
         seed, runs);
  printf("%-18s %8s  %-9s %9s %9s %7s %9s %9s %7s\n", "list", "puzzles",
         "build", "nonet ms", "peer ms", "wall", "nonet cpu", "peer cpu",
         "cpu");
  double ratio[MAX_LISTS][MAX_BUILDS][2];
  memset(ratio, 0, sizeof ratio);
  char names[MAX_LISTS][NAME_MAX_];
  int nlists = 0, failed = 0;
  nonet_rng rng;
  nonet_rng_seed(&rng, seed);
  for (; k < argc && nlists < MAX_LISTS; k++, nlists++) {
    char path[4096], file[128], *name = names[nlists];
    int times = bench_list_arg(argv[k], path, sizeof path, name, NAME_MAX_);
    snprintf(file, sizeof file, "%s/puzzles.txt", dir);
    long n = bench_write_isomorphs(path, times, &rng, file);
    if (n <= 0) {
      fprintf(stderr, "bench_whole: cannot read %s\n", path);
      failed = 1;
      continue;
    }
    /* both read FILE on standard input: the same way in, so that the
     * one input path is measured on both sides */
    char *nonet_argv[] = {(char *)nonet, "count", "--limit", "2",
                          "--threads",   "1",     NULL};
    double wall[MAX_BUILDS][2][MAX_RUNS], cpus[MAX_BUILDS][2][MAX_RUNS];
    for (int r = 0; r < runs; r++)
      for (int b = 0; b < nbuilds; b++) {
        if (!builds[b].runs_here) continue;
        pick_build(builds[b].name);
        for (int j = 0; j < 2; j++) {
          int peer = (j + r) % 2; /* who goes first alternates */
          bench_timing t;
          if (bench_run(peer ? builds[b].peer : nonet_argv, file,
                        peer ? out_peer : out_nonet, 0, &t) < 0) {
            fprintf(stderr, "bench_whole: %s failed\n",
                    peer ? builds[b].peer[0] : nonet);
            return 1;
          }
          wall[b][peer][r] = t.wall;
          cpus[b][peer][r] = t.cpu;
        }
        long m;
        if (r == 0 && (!same_counts(out_nonet, out_peer, &m) || m != n)) {
          fprintf(stderr,
                  "bench_whole: %s: nonet (%s) and the peer disagree "
                  "on the counts\n",
                  name, builds[b].name);
          failed = 1;
        }
      }
    for (int b = 0; b < nbuilds; b++) {
      if (!builds[b].runs_here) continue;
      double mn = bench_median(wall[b][0], runs);
      double mp = bench_median(wall[b][1], runs);
      double cn = bench_median(cpus[b][0], runs);
      double cp = bench_median(cpus[b][1], runs);
      ratio[nlists][b][0] = mp / mn;
      ratio[nlists][b][1] = cp / cn;
      printf("%-18s %8ld  %-9s %9.1f %9.1f %6.2fx %9.1f %9.1f %6.2fx\n", name,
             n, builds[b].name, mn * 1e3, mp * 1e3, mp / mn, cn * 1e3, cp * 1e3,
             cp / cn);
      fflush(stdout);
    }
    remove(file);
  }
  char err[80];
  for (int j = 0; j < 2; j++) {
    const char *o = j ? out_peer : out_nonet;
    snprintf(err, sizeof err, "%s.err", o);
    remove(o);
    remove(err);
  }
  rmdir(dir);
  /* the summary: one row a list, one column a build: wall (CPU) */
  printf("\n| list |");
  for (int b = 0; b < nbuilds; b++)
    printf(" %s vs peer, wall (cpu) |", builds[b].name);
  printf("\n|---|");
  for (int b = 0; b < nbuilds; b++) printf("---|");
  printf("\n");
  for (int l = 0; l < nlists; l++) {
    printf("| %s |", names[l]);
    for (int b = 0; b < nbuilds; b++)
      if (ratio[l][b][0] > 0)
        printf(" %.2fx (%.2fx) |", ratio[l][b][0], ratio[l][b][1]);
      else
        printf(" - |");
    printf("\n");
  }
  return failed;
}
