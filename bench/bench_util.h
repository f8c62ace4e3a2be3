/* bench_util.h: what the benchmark programs share. */
#ifndef NONET_BENCH_UTIL_H
#define NONET_BENCH_UTIL_H

#include <stdint.h>

/* Reads the well-formed puzzles of a file (any format nonet reads) into a
 * new array (*out, freed by the caller); returns how many, or -1 when
 * the file cannot be read or memory runs out. */
long bench_load(const char *path, uint8_t (**out)[81]);

/* qsort comparison of doubles, ascending. */
int bench_cmp_double(const void *a, const void *b);

/* The median of v[0..n-1] (sorts v). */
double bench_median(double *v, int n);

#endif
