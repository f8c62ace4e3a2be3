/* deadline.c: the command's clock, and a time limit for the searches of
 * one record (--timeout): the library's search asks the clock now and
 * then and ends at the deadline (nonet_solve_until,
 * nonet_variant_solve_until). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "cli.h"

double cli_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

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

void cli_deadline_start(cli_deadline *d, double seconds) {
  d->seconds = seconds > 0 ? seconds : 0;
  d->end = d->seconds ? cli_now() + seconds : 0;
}

/* Whether the deadline `ctx` has passed (a stop function). */
static int past(void *ctx) {
  const cli_deadline *d = ctx;
  return d->seconds && cli_now() >= d->end;
}

int cli_deadline_passed(cli_deadline *d) { return past(d); }

void cli_timed_out(cli_item *it, const cli_deadline *d) {
  cli_item_error(it, "no answer within %g s (--timeout)", d->seconds);
  it->failed = 1;
}

int cli_variant_true_candidates(const nonet_variant *v, const uint8_t *cells,
                                uint32_t *cand, cli_deadline *d) {
  if (!d->seconds) return nonet_variant_true_candidates(v, cells, cand);
  return nonet_variant_true_candidates_until(v, cells, cand, past, d);
}

long cli_vlogic_init(nonet_vlogic_state *s, const nonet_variant *v,
                     const uint8_t *cells, cli_deadline *d) {
  return nonet_vlogic_init_until(s, v, cells, d->seconds ? past : NULL, d);
}

int cli_vlogic_find(const nonet_vlogic_state *s, const nonet_vlogic_options *o,
                    nonet_vstep *step, cli_deadline *d) {
  return nonet_vlogic_find_until(s, o, step, d->seconds ? past : NULL, d);
}

int cli_vlogic_solve(nonet_vlogic_state *s, const nonet_vlogic_options *o,
                     nonet_vpath_fn fn, void *ctx, nonet_vlogic_result *res,
                     cli_deadline *d) {
  return nonet_vlogic_solve_until(s, o, fn, ctx, res, d->seconds ? past : NULL,
                                  d);
}

long cli_solve(const uint8_t cells[81], uint8_t *sol, long limit,
               cli_deadline *d) {
  if (!d->seconds) return nonet_solve(cells, sol, limit, NULL);
  return nonet_solve_until(cells, sol, limit, past, d, NULL);
}

long cli_variant_solve(const nonet_variant *v, const uint8_t *cells,
                       uint8_t *sol, long limit, cli_deadline *d) {
  if (!d->seconds) return nonet_variant_solve(v, cells, sol, limit, NULL);
  /* plain 9x9 rules: the classic solver straight away (as
   * nonet_variant_solve_until would hand them to nonet_solve_until) */
  if (nonet_variant_is_classic(v)) return cli_solve(cells, sol, limit, d);
  return nonet_variant_solve_until(v, cells, sol, limit, past, d, NULL);
}
