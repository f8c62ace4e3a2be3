/* bench_util.c: loading puzzle lists and sorting timings for the
 * benchmark programs. */
#include "bench_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nonet.h"

long bench_load(const char *path, uint8_t (**out)[81]) {
  FILE *f = fopen(path, "rb");
  if (!f) return -1;
  nonet_reader *r = nonet_reader_new_file(f);
  size_t cap = 1024, n = 0;
  uint8_t(*v)[81] = r ? malloc(cap * sizeof *v) : NULL;
  nonet_record rec;
  while (v && nonet_reader_next(r, &rec) == 1) {
    if (rec.status != NONET_OK) continue;
    if (n == cap) {
      uint8_t(*w)[81] = realloc(v, (cap *= 2) * sizeof *v);
      if (!w) {
        free(v);
        v = NULL;
        break;
      }
      v = w;
    }
    memcpy(v[n++], rec.cells, 81);
  }
  nonet_reader_free(r);
  fclose(f);
  *out = v;
  return v ? (long)n : -1;
}

int bench_cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

double bench_median(double *v, int n) {
  qsort(v, (size_t)n, sizeof *v, bench_cmp_double);
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}
