/* bench_genrate: nonet_generate with a rating band, steering against
 * plain generate-and-filter, one thread, the same seed, puzzles per
 * second of CPU time (the machine is shared). Usage: bench_genrate
 * [SEED] [SCALE] (SCALE multiplies the counts, default 1). */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "nonet.h"

static double cpu_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int count_emit(const nonet_gen_puzzle *p, void *ctx) {
  (void)p;
  (void)ctx;
  return 0;
}

static double run(int lo, int hi, int mode, long n, uint64_t seed,
                  unsigned long long *ratings) {
  nonet_gen_options *o = nonet_gen_options_new();
  nonet_gen_set_seed(o, seed);
  nonet_gen_set_rating(o, lo, hi, mode);
  nonet_gen_stats st = {0};
  double t0 = cpu_seconds();
  long got = nonet_generate(o, n, count_emit, NULL, &st);
  nonet_gen_options_free(o);
  double t = cpu_seconds() - t0;
  *ratings = st.ratings;
  return got / t;
}

int main(int argc, char **argv) {
  uint64_t seed = argc > 1 ? strtoull(argv[1], NULL, 10) : 1;
  double scale = argc > 2 ? atof(argv[2]) : 1;
  static const struct {
    const char *name;
    int lo, hi;
    long n;
  } bands[] = {
      {"--level easy", 0, 19, 2000},    {"--level medium", 20, 29, 2000},
      {"--level hard", 30, 49, 500},    {"--level expert", 50, 69, 500},
      {"--level extreme", 70, 0, 1000}, {"--rating 8.0-", 80, 0, 200},
      {"--rating 9.0-", 90, 0, 12}};
  printf("nonet generate with a rating band, seed %llu, one thread, "
         "puzzles per cpu-s\n",
         (unsigned long long)seed);
  printf("%-18s %7s %10s %10s %7s %14s\n", "band", "puzzles", "filter", "steer",
         "ratio", "ratings/puzzle");
  for (size_t k = 0; k < sizeof bands / sizeof bands[0]; k++) {
    long n = (long)(bands[k].n * scale);
    if (n < 1) n = 1;
    unsigned long long rf, rs;
    double f =
        run(bands[k].lo, bands[k].hi, NONET_GEN_RATING_FILTER, n, seed, &rf);
    double s =
        run(bands[k].lo, bands[k].hi, NONET_GEN_RATING_STEER, n, seed, &rs);
    printf("%-18s %7ld %10.1f %10.1f %6.2fx %6.1f /%6.1f\n", bands[k].name, n,
           f, s, s / f, (double)rf / n, (double)rs / n);
    fflush(stdout);
  }
  return 0;
}
