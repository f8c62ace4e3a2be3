/* bench_proc.h: whole processes for the benchmarks (bench_proc.c). */
#ifndef NONET_BENCH_PROC_H
#define NONET_BENCH_PROC_H

#include "nonet.h"

/* Whole processes: wall-clock and CPU (user + system) seconds. */
typedef struct bench_timing {
  double wall, cpu;
} bench_timing;

/* Runs argv (argv[0] looked up in PATH) with stdin from `in` (NULL:
 * inherited), stdout to the file `out` and stderr to `out`.err; returns 0 and
 * its times, or -1 when it could not run or exited with another status than 0
 * (or, with `any_status`, when it could not run). */
int bench_run(char **argv, const char *in, const char *out, int any_status,
              bench_timing *t);

/* Writes `times` seeded random isomorphs of each puzzle of the list at
 * `path` (one pass over the list per copy), one 81-character line each,
 * to the new file `file`; returns the number written, or -1. */
long bench_write_isomorphs(const char *path, int times, nonet_rng *rng,
                           const char *file);

/* A list argument LIST[:TIMES] (TIMES isomorphs of each puzzle, 1 when
 * absent): the path in `path`, the count returned; `name` gets what
 * tables call it ("top1465 x10"). */
int bench_list_arg(const char *arg, char *path, size_t cap, char *name,
                   size_t namecap);

/* Splits s at spaces (no quoting) into argv[first..], ending it with
 * NULL; returns the index after the last word (at most max - 2). */
int bench_split_words(char *s, char **argv, int first, int max);

/* The options both whole-process benchmarks take: --nonet PATH, --seed S,
 * --runs R at argv[*k]; returns 1 (and moves *k to the value) when it
 * took one. */
int bench_take_option(int argc, char **argv, int *k, const char **nonet,
                      unsigned long long *seed, int *runs);

#endif
