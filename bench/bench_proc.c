/* bench_proc.c: whole processes for the benchmarks that time the command
 * as users run it (bench_whole, bench_modes). */
#include "bench_proc.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "bench_util.h"

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

int bench_run(char **argv, const char *in, const char *out, int any_status,
              bench_timing *t) {
  /* the files are opened (and last run's output removed) here, not in
   * the child: freeing those pages is no part of the process measured.
   * A new file each run, not last run's truncated: ext4 flushes a file
   * truncated to nothing when it is closed (auto_da_alloc), and that
   * writeback would run beside the next process measured */
  char err[4096];
  if (!strcmp(out, "/dev/null")) {
    snprintf(err, sizeof err, "%s", out);
  } else {
    snprintf(err, sizeof err, "%s.err", out);
    unlink(out);
    unlink(err);
  }
  int fi = in ? open(in, O_RDONLY) : 0;
  int fo = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0600);
  int fe = open(err, O_WRONLY | O_CREAT | O_TRUNC, 0600);
  if (fi < 0 || fo < 0 || fe < 0) return -1;
  double t0 = now();
  pid_t pid = fork();
  if (pid == 0) {
    if (in) dup2(fi, 0);
    dup2(fo, 1);
    dup2(fe, 2);
    execvp(argv[0], argv);
    _exit(127);
  }
  if (in) close(fi);
  close(fo);
  close(fe);
  if (pid < 0) return -1;
  int status;
  struct rusage ru;
  if (wait4(pid, &status, 0, &ru) != pid) return -1;
  t->wall = now() - t0;
  t->cpu = (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
           (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) * 1e-6;
  if (!WIFEXITED(status) || WEXITSTATUS(status) == 127) return -1;
  return any_status || WEXITSTATUS(status) == 0 ? 0 : -1;
}

long bench_write_isomorphs(const char *path, int times, nonet_rng *rng,
                           const char *file) {
  uint8_t(*list)[81];
  long n = bench_load(path, &list);
  if (n <= 0) return -1;
  FILE *f = fopen(file, "w");
  if (!f) {
    free(list);
    return -1;
  }
  char line[83];
  line[81] = '\n';
  for (int c = 0; c < times; c++)
    for (long i = 0; i < n; i++) {
      uint8_t iso[81];
      nonet_random_isomorph(list[i], iso, rng);
      for (int k = 0; k < 81; k++)
        line[k] = iso[k] ? (char)('0' + iso[k]) : '.';
      fwrite(line, 1, 82, f);
    }
  free(list);
  /* on disk before the runs: the kernel's writeback of these pages would
   * otherwise come some 30 s later, beside the processes measured */
  int ok = fflush(f) == 0 && fsync(fileno(f)) == 0;
  return fclose(f) == 0 && ok ? n * times : -1;
}

int bench_list_arg(const char *arg, char *path, size_t cap, char *name,
                   size_t namecap) {
  snprintf(path, cap, "%s", arg);
  int times = 1;
  char *colon = strrchr(path, ':');
  if (colon) {
    *colon = 0;
    times = atoi(colon + 1) > 0 ? atoi(colon + 1) : 1;
  }
  const char *base = strrchr(path, '/');
  base = base ? base + 1 : path;
  snprintf(name, namecap, "%.*s", (int)strcspn(base, "."), base);
  size_t len = strlen(name);
  if (times > 1) snprintf(name + len, namecap - len, " x%d", times);
  return times;
}

int bench_split_words(char *s, char **argv, int first, int max) {
  int n = first;
  for (char *w = strtok(s, " "); w && n < max - 2; w = strtok(NULL, " "))
    argv[n++] = w;
  argv[n] = NULL;
  return n;
}

int bench_take_option(int argc, char **argv, int *k, const char **nonet,
                      unsigned long long *seed, int *runs) {
  if (*k + 1 >= argc) return 0;
  const char *opt = argv[*k], *value = argv[*k + 1];
  if (!strcmp(opt, "--nonet"))
    *nonet = value;
  else if (!strcmp(opt, "--seed"))
    *seed = strtoull(value, NULL, 10);
  else if (!strcmp(opt, "--runs"))
    *runs = atoi(value);
  else
    return 0;
  ++*k;
  return 1;
}
