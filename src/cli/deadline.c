/* deadline.c: a time limit for the searches of one record (--timeout):
 * the library's search asks the clock now and then and ends at the
 * deadline (nonet_variant_solve_until). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "cli.h"

double cli_parse_seconds(const char *prog, const char *opt, const char *value) {
  char *end;
  errno = 0;
  double v = strtod(value, &end);
  if (errno || end == value || *end || !(v > 0) || v > 1e6) {
    fprintf(stderr,
            "%s: %s needs a number of seconds above 0 and at most 1000000, "
            "not '%s'\n",
            prog, opt, value);
    return -1;
  }
  return v;
}

/* Whether the clock has passed the deadline `ctx` (a struct timespec). */
static int past(void *ctx) {
  const struct timespec *end = ctx;
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return now.tv_sec > end->tv_sec ||
         (now.tv_sec == end->tv_sec && now.tv_nsec >= end->tv_nsec);
}

int cli_deadline_passed(cli_deadline *d) {
  return d->seconds > 0 && past(&d->end);
}

void cli_deadline_start(cli_deadline *d, double seconds) {
  d->seconds = seconds;
  if (seconds <= 0) return;
  clock_gettime(CLOCK_MONOTONIC, &d->end);
  time_t whole = (time_t)seconds;
  long ns = d->end.tv_nsec + (long)((seconds - (double)whole) * 1e9);
  d->end.tv_sec += whole + ns / 1000000000L;
  d->end.tv_nsec = ns % 1000000000L;
}

int cli_variant_true_candidates(const nonet_variant *v, const uint8_t *cells,
                                uint32_t *cand, cli_deadline *d) {
  if (d->seconds <= 0) return nonet_variant_true_candidates(v, cells, cand);
  return nonet_variant_true_candidates_until(v, cells, cand, past, &d->end);
}

long cli_variant_solve(const nonet_variant *v, const uint8_t *cells,
                       uint8_t *sol, long limit, cli_deadline *d) {
  if (d->seconds <= 0) return nonet_variant_solve(v, cells, sol, limit, NULL);
  return nonet_variant_solve_until(v, cells, sol, limit, past, &d->end, NULL);
}
