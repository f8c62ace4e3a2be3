/* variant_search: the variant searches of src/variant, one puzzle at a
 * time, for tuning them (docs/benchmarks.md, "Variants").
 *
 *   variant_search FILE [dfs|learn|auto] [LIMIT] [SECONDS]
 *
 * Each puzzle of FILE (one variant record a line) is solved in a child
 * process with a CPU limit of SECONDS (default 30), counting up to LIMIT
 * (default 1) with the depth-first search of solve.c, the clause-learning
 * search of learn.c, or the library's choice; the solution is checked
 * against the rules. One line a puzzle: its count, the branches
 * (decisions), the conflicts of the learning search and the CPU time of
 * the search alone; then the totals. Uses the internal
 * src/variant/variant.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "variant/variant.h"

typedef struct outcome {
  long count;
  unsigned long long nodes, conflicts;
  double seconds;
  int valid;
} outcome;

static double cpu_now(void) {
  struct timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void child(const char *line, int method, long limit, int out) {
  static nonet_variant_record rec;
  char err[256];
  outcome o;
  memset(&o, 0, sizeof o);
  o.count = -1;
  if (nonet_variant_parse(line, strlen(line), &rec, err, sizeof err) !=
      NONET_OK) {
    fprintf(stderr, "variant_search: %s\n", err);
    _exit(2);
  }
  uint32_t cand[VMAXC];
  uint8_t sol[VMAXC];
  nonet__v_start(rec.variant->rules, rec.cells, cand);
  vsearch s;
  memset(&s, 0, sizeof s);
  s.r = rec.variant->rules;
  s.limit = limit;
  s.solution = sol;
  s.method = method;
  double t0 = cpu_now();
  o.count = nonet__v_search(&s, cand);
  o.seconds = cpu_now() - t0;
  o.nodes = s.nodes;
  o.conflicts = s.conflicts;
  o.valid = o.count < 1 ||
            nonet_variant_is_solution(rec.variant, rec.cells, sol) == 1;
  if (write(out, &o, sizeof o) != (ssize_t)sizeof o) _exit(3);
  _exit(0);
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fputs("usage: variant_search FILE [dfs|learn|auto] [LIMIT] [SECONDS]\n",
          stderr);
    return 2;
  }
  FILE *f = fopen(argv[1], "r");
  if (!f) {
    perror(argv[1]);
    return 2;
  }
  int method = VS_AUTO;
  if (argc > 2 && strcmp(argv[2], "dfs") == 0) method = VS_DFS;
  if (argc > 2 && strcmp(argv[2], "learn") == 0) method = VS_LEARN;
  long limit = argc > 3 ? atol(argv[3]) : 1;
  rlim_t seconds = argc > 4 ? (rlim_t)atol(argv[4]) : 30;
  static char line[1 << 17];
  double total = 0;
  unsigned long long conflicts = 0;
  int index = 0, timeouts = 0, bad = 0;
  while (fgets(line, sizeof line, f)) {
    if (strlen(line) < 3) continue;
    int fd[2];
    if (pipe(fd) != 0) return 2;
    pid_t pid = fork();
    if (pid == 0) {
      close(fd[0]);
      struct rlimit rl = {seconds, seconds + 1};
      setrlimit(RLIMIT_CPU, &rl);
      child(line, method, limit, fd[1]);
    }
    close(fd[1]);
    outcome o;
    int got = (int)read(fd[0], &o, sizeof o) == (int)sizeof o;
    close(fd[0]);
    int status;
    waitpid(pid, &status, 0);
    if (!got) {
      printf("%3d timeout\n", index++);
      timeouts++;
      continue;
    }
    bad += !o.valid;
    total += o.seconds;
    conflicts += o.conflicts;
    printf("%3d count %ld decisions %llu conflicts %llu cpu %.3f%s\n", index++,
           o.count, o.nodes, o.conflicts, o.seconds,
           o.valid ? "" : " BAD SOLUTION");
    fflush(stdout);
  }
  fclose(f);
  printf("total cpu %.3f s, conflicts %llu, %d timeouts, %d bad\n", total,
         conflicts, timeouts, bad);
  return bad ? 1 : 0;
}
