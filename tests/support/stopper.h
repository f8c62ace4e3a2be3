/* stopper.h: a stop function for the searches that take one
 * (nonet_variant_solve_until, nonet_vlogic_init_until, ...): it counts
 * the questions and says stop at the stop_at-th (0: never). */
#ifndef NONET_TEST_STOPPER_H
#define NONET_TEST_STOPPER_H

typedef struct stopper {
  int calls, stop_at; /* stop at this call (0: never) */
} stopper;

static inline int stop_fn(void *ctx) {
  stopper *st = ctx;
  return ++st->calls == st->stop_at;
}

#endif
