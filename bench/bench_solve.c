/* bench_solve: solver throughput on seeded random isomorphs of puzzle
 * lists, solving with a limit of 2 (solve and prove unique), one core;
 * optionally side by side with peer solvers on the very same isomorphs.
 *
 *   bench_solve [--seed S] [--min N] [--runs R] [--seconds T]
 *               [--peer NAME=CMD]... LIST...
 *
 * For each list: N (default: the list's size, at least --min) random
 * isomorphs of its puzzles (nonet_random_isomorph, seeded). After a
 * warm-up pass, each of R runs (default 5) solves them in passes until T
 * seconds (default 2) have gone by; prints the median puzzles per
 * second (wall clock, as peers measure it).
 *
 * A peer is a shell command: bench_solve writes the isomorphs to a
 * temporary file, one 81-character line each ('.' for empty), runs
 * "CMD FILE" once per run, alternating with its own runs so both see the
 * same machine load, and reads the peer's puzzles per second as the last
 * number the command prints. bench/peer_tdoku.sh adapts tdoku's own
 * benchmark program (which also runs JCZSolve); see README.md. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bench_util.h"
#include "nonet.h"

#define MAX_PEERS 4
#define MAX_RUNS 99

typedef struct peer {
  const char *name, *cmd;
} peer;

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Writes the puzzles to a new temporary file; returns its path (static
 * buffer) or NULL. */
static const char *write_puzzles(uint8_t (*v)[81], long n) {
  static char path[256];
  const char *dir = getenv("TMPDIR");
  snprintf(path, sizeof path, "%s/nonet-bench-XXXXXX",
           dir && *dir ? dir : "/tmp");
  int fd = mkstemp(path);
  if (fd < 0) return NULL;
  FILE *f = fdopen(fd, "w");
  if (!f) {
    close(fd);
    return NULL;
  }
  char line[83];
  line[81] = '\n';
  for (long i = 0; i < n; i++) {
    for (int c = 0; c < 81; c++)
      line[c] = v[i][c] ? (char)('0' + v[i][c]) : '.';
    fwrite(line, 1, 82, f);
  }
  if (fclose(f) != 0) return NULL;
  return path;
}

/* Runs "cmd file"; returns the last number it printed, or -1. */
static double run_peer(const char *cmd, const char *file) {
  char line[4096];
  snprintf(line, sizeof line, "%s '%s'", cmd, file);
  FILE *p = popen(line, "r");
  if (!p) return -1;
  double last = -1;
  char buf[4096];
  while (fgets(buf, sizeof buf, p)) {
    char *s = buf;
    while (*s) {
      char *end;
      double x = strtod(s, &end);
      if (end != s && x == x) {
        last = x;
        s = end;
      } else {
        s++;
      }
    }
  }
  int status = pclose(p);
  return status == 0 ? last : -1;
}

/* 1 when sol is a valid grid that keeps the givens of puzzle. */
static int valid_solution(const uint8_t *puzzle, const uint8_t *sol) {
  unsigned seen[27] = {0};
  for (int i = 0; i < 81; i++) {
    int r = i / 9, c = i % 9, b = r / 3 * 3 + c / 3;
    if (sol[i] < 1 || sol[i] > 9 || (puzzle[i] && puzzle[i] != sol[i]))
      return 0;
    unsigned bit = 1u << sol[i];
    if ((seen[r] | seen[9 + c] | seen[18 + b]) & bit) return 0;
    seen[r] |= bit;
    seen[9 + c] |= bit;
    seen[18 + b] |= bit;
  }
  return 1;
}

static void usage(void) {
  fprintf(stderr, "usage: bench_solve [--seed S] [--min N] [--runs R] "
                  "[--seconds T] [--peer NAME=CMD]... LIST...\n");
}

int main(int argc, char **argv) {
  unsigned long long seed = 1;
  long min = 20000;
  int runs = 5, k = 1, npeers = 0;
  double seconds = 2;
  peer peers[MAX_PEERS];
  for (; k < argc && argv[k][0] == '-'; k++) {
    if (!strcmp(argv[k], "--seed") && k + 1 < argc) {
      seed = strtoull(argv[++k], NULL, 10);
    } else if (!strcmp(argv[k], "--min") && k + 1 < argc) {
      min = atol(argv[++k]);
    } else if (!strcmp(argv[k], "--runs") && k + 1 < argc) {
      runs = atoi(argv[++k]);
    } else if (!strcmp(argv[k], "--seconds") && k + 1 < argc) {
      seconds = atof(argv[++k]);
    } else if (!strcmp(argv[k], "--peer") && k + 1 < argc &&
               npeers < MAX_PEERS) {
      char *spec = argv[++k], *eq = strchr(spec, '=');
      if (!eq || eq == spec || !eq[1]) {
        usage();
        return 2;
      }
      *eq = 0;
      peers[npeers].name = spec;
      peers[npeers++].cmd = eq + 1;
    } else {
      usage();
      return 2;
    }
  }
  if (runs < 1 || runs > MAX_RUNS) runs = 5;
  printf("solver backend: %s, seed %llu, median of %d runs of %g s, limit 2, "
         "one core\n",
         nonet_solver_backend(), seed, runs, seconds);
  printf("%-20s %8s %12s %8s", "list", "puzzles", "nonet/s", "guesses");
  for (int p = 0; p < npeers; p++)
    printf(" %12.12s/s %7s", peers[p].name, "ratio");
  printf("\n");
  int failed = 0;
  for (; k < argc; k++) {
    uint8_t(*list)[81];
    long n = bench_load(argv[k], &list);
    if (n <= 0) {
      fprintf(stderr, "bench_solve: cannot read %s\n", argv[k]);
      failed = 1;
      continue;
    }
    long total = n < min ? min : n;
    uint8_t(*iso)[81] = malloc((size_t)total * sizeof *iso);
    if (!iso) {
      fprintf(stderr, "bench_solve: out of memory\n");
      return 1;
    }
    nonet_rng rng;
    nonet_rng_seed(&rng, seed);
    for (long i = 0; i < total; i++)
      nonet_random_isomorph(list[i % n], iso[i], &rng);
    const char *file = npeers ? write_puzzles(iso, total) : NULL;
    if (npeers && !file) {
      fprintf(stderr, "bench_solve: cannot write the isomorphs\n");
      return 1;
    }
    double rate[MAX_RUNS], prate[MAX_PEERS][MAX_RUNS];
    unsigned long long guesses = 0;
    long wrong = 0;
    for (long i = 0; i < total; i++) { /* warm-up, checks, the guess count */
      nonet_solve_info info;
      uint8_t sol[81];
      long got = nonet_solve(iso[i], sol, 2, &info);
      wrong += got < 1 || !valid_solution(iso[i], sol);
      guesses += info.guesses;
    }
    if (wrong) {
      fprintf(stderr,
              "bench_solve: %s: %ld isomorphs without a valid solution\n",
              argv[k], wrong);
      failed = 1;
    }
    for (int r = 0; r < runs; r++) {
      double t0 = now(), t;
      long solved = 0, found = 0;
      do { /* like the peers: a solution written, the count looked at */
        uint8_t sol[81];
        for (long i = 0; i < total; i++)
          found += nonet_solve(iso[i], sol, 2, NULL);
        solved += total;
        t = now() - t0;
      } while (t < seconds);
      rate[r] = (double)solved / t;
      if (found < solved) failed = 1; /* a puzzle without a solution */
      for (int p = 0; p < npeers; p++)
        prate[p][r] = run_peer(peers[p].cmd, file);
    }
    const char *name = strrchr(argv[k], '/');
    name = name ? name + 1 : argv[k];
    double mine = bench_median(rate, runs);
    printf("%-20s %8ld %12.0f %8.2f", name, total, mine,
           (double)guesses / (double)total);
    for (int p = 0; p < npeers; p++) {
      double theirs = bench_median(prate[p], runs);
      if (theirs > 0)
        printf(" %14.0f %7.2f", theirs, mine / theirs);
      else {
        printf(" %14s %7s", "failed", "-");
        failed = 1;
      }
    }
    printf("\n");
    fflush(stdout);
    if (file) remove(file);
    free(iso);
    free(list);
  }
  return failed;
}
