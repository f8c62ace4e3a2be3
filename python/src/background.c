/* background.c: a solver call that may run long (counting to a large
 * limit, a hard 16x16 or 25x25; the minimality checks and true
 * candidates of those, the search a variant's hint, explain and rate
 * start with) runs on a thread of its own
 * while the caller, the GIL released, looks at signals every 0.1 s, so
 * Ctrl-C raises KeyboardInterrupt at once. An interrupted search, classic
 * or variant, is told to stop (nonet_solve_until,
 * nonet_variant_solve_until) and ends within milliseconds, as one whose
 * deadline passes does; the thread works on its own copies of the rules
 * and cells, and frees them itself. */
#include "ext.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#define LONG_LIMIT 10000 /* counts to more may take long on any puzzle */

/* What a call computes. */
enum { JOB_SOLVE, JOB_REMOVABLE, JOB_TRUE_CANDIDATES, JOB_VLOGIC };

typedef struct call {
  int job;
  nonet_variant *v; /* a copy; NULL for a classic puzzle */
  uint8_t cells[NONET_VARIANT_MAX_CELLS];
  uint8_t sol[NONET_VARIANT_MAX_CELLS];   /* JOB_SOLVE, with want_sol */
  int idx[NONET_VARIANT_MAX_CELLS];       /* JOB_REMOVABLE: the givens */
  uint32_t cand[NONET_VARIANT_MAX_CELLS]; /* JOB_TRUE_CANDIDATES */
  nonet_vlogic_state *state;              /* JOB_VLOGIC */
  int want_sol;
  long limit, result;
  pthread_mutex_t mu;
  pthread_cond_t cv;
  int done, abandoned; /* under mu */
  atomic_int stop;     /* the caller gave up: the search may end */
  ext_deadline deadline;
} call;

void ext_deadline_start(ext_deadline *d, double seconds) {
  d->on = seconds > 0;
  d->end = d->on ? ext_now() + seconds : 0;
}

int ext_deadline_past(void *ctx) {
  const ext_deadline *d = ctx;
  return d->on && ext_now() >= d->end;
}

static int asked_to_stop(void *ctx) {
  call *c = ctx;
  return atomic_load_explicit(&c->stop, memory_order_relaxed) ||
         ext_deadline_past(&c->deadline);
}

static void call_free(call *c) {
  nonet_variant_free(c->v);
  free(c->state);
  pthread_mutex_destroy(&c->mu);
  pthread_cond_destroy(&c->cv);
  free(c);
}

long ext_removable(const nonet_variant *v, uint8_t *cells, int *idx,
                   int (*stop)(void *ctx), void *ctx) {
  int nn = nonet_variant_size(v) * nonet_variant_size(v);
  long k = 0;
  for (int i = 0; i < nn; i++) {
    if (!cells[i]) continue;
    /* (a search too short to ask does not see the stop) */
    if (stop && stop(ctx)) return NONET_ESTOPPED;
    uint8_t given = cells[i];
    cells[i] = 0;
    long n = nonet_variant_solve_until(v, cells, NULL, 2, stop, ctx, NULL);
    cells[i] = given;
    if (n < 0) return n;
    if (n == 1) idx[k++] = i;
  }
  return k;
}

static void *run(void *arg) {
  call *c = arg;
  uint8_t *sol = c->want_sol ? c->sol : NULL;
  if (c->job == JOB_REMOVABLE)
    c->result = ext_removable(c->v, c->cells, c->idx, asked_to_stop, c);
  else if (c->job == JOB_TRUE_CANDIDATES)
    c->result = nonet_variant_true_candidates_until(c->v, c->cells, c->cand,
                                                    asked_to_stop, c);
  else if (c->job == JOB_VLOGIC)
    c->result =
        nonet_vlogic_init_until(c->state, c->v, c->cells, asked_to_stop, c);
  else
    c->result = c->v ? nonet_variant_solve_until(c->v, c->cells, sol, c->limit,
                                                 asked_to_stop, c, NULL)
                     : nonet_solve_until(c->cells, sol, c->limit, asked_to_stop,
                                         c, NULL);
  pthread_mutex_lock(&c->mu);
  c->done = 1;
  int alone = c->abandoned;
  pthread_cond_signal(&c->cv);
  pthread_mutex_unlock(&c->mu);
  if (alone) call_free(c);
  return NULL;
}

/* A thread costs about 50 us a call: a 9x9 killer (0.3 ms a count, the
 * hardest known a few seconds) or a 12x12 goes without; 16x16 and 25x25
 * searches run seconds to minutes. */
int ext_may_run_long(const nonet_variant *v, long limit) {
  if (limit > LONG_LIMIT) return 1;
  return v && nonet_variant_size(v) >= 16;
}

/* A call of `job` on copies of v and cells (v NULL: classic); NULL with
 * MemoryError. */
static call *call_new(int job, const nonet_variant *v, const uint8_t *cells) {
  call *c = calloc(1, sizeof *c);
  if (!c) {
    PyErr_NoMemory();
    return NULL;
  }
  c->job = job;
  size_t nc = 81;
  if (v) {
    nc = (size_t)nonet_variant_size(v) * (size_t)nonet_variant_size(v);
    if (!(c->v = nonet_variant_copy(v))) {
      free(c);
      PyErr_NoMemory();
      return NULL;
    }
  }
  memcpy(c->cells, cells, nc);
  pthread_mutex_init(&c->mu, NULL);
  pthread_cond_init(&c->cv, NULL);
  return c;
}

/* Runs the call on a thread of its own while watching for signals: 0
 * when it is done (the caller reads and frees it), or EXT_INTERRUPTED
 * with the exception set (the call is told to stop, and frees itself). */
static int watch(call *c) {
  pthread_attr_t attr;
  pthread_t tid;
  pthread_attr_init(&attr);
  pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
  int started = pthread_create(&tid, &attr, run, c) == 0;
  pthread_attr_destroy(&attr);
  PyThreadState *ts = PyEval_SaveThread();
  if (!started) { /* no thread: the call here, as without a watch */
    run(c);
    PyEval_RestoreThread(ts);
    return 0;
  }
  pthread_mutex_lock(&c->mu);
  while (!c->done) {
    ext_wait_a_moment(&c->cv, &c->mu);
    if (c->done) break;
    pthread_mutex_unlock(&c->mu);
    int raised = ext_check_signals(&ts) < 0;
    pthread_mutex_lock(&c->mu);
    if (raised && !c->done) { /* the thread frees the call when done */
      c->abandoned = 1;
      atomic_store(&c->stop, 1);
      pthread_mutex_unlock(&c->mu);
      PyEval_RestoreThread(ts);
      return EXT_INTERRUPTED;
    }
    if (raised) { /* done meanwhile: the exception still stands */
      pthread_mutex_unlock(&c->mu);
      PyEval_RestoreThread(ts);
      call_free(c);
      return EXT_INTERRUPTED;
    }
  }
  pthread_mutex_unlock(&c->mu);
  PyEval_RestoreThread(ts);
  return 0;
}

long ext_solve_watched(const nonet_variant *v, const uint8_t *cells,
                       uint8_t *sol, long limit, double timeout) {
  call *c = call_new(JOB_SOLVE, v, cells);
  if (!c) return EXT_INTERRUPTED;
  c->want_sol = sol != NULL;
  c->limit = limit;
  ext_deadline_start(&c->deadline, timeout);
  if (watch(c) < 0) return EXT_INTERRUPTED;
  long n = c->result;
  if (sol && n >= 1)
    memcpy(sol, c->sol,
           v ? (size_t)nonet_variant_size(v) * nonet_variant_size(v) : 81);
  call_free(c);
  return n;
}

long ext_removable_watched(const nonet_variant *v, const uint8_t *cells,
                           int *idx, const ext_deadline *d) {
  call *c = call_new(JOB_REMOVABLE, v, cells);
  if (!c) return EXT_INTERRUPTED;
  c->deadline = *d;
  if (watch(c) < 0) return EXT_INTERRUPTED;
  long n = c->result;
  if (n > 0) memcpy(idx, c->idx, (size_t)n * sizeof *idx);
  call_free(c);
  return n;
}

int ext_true_candidates_watched(const nonet_variant *v, const uint8_t *cells,
                                uint32_t *cand, double timeout) {
  call *c = call_new(JOB_TRUE_CANDIDATES, v, cells);
  if (!c) return EXT_INTERRUPTED;
  ext_deadline_start(&c->deadline, timeout);
  if (watch(c) < 0) return EXT_INTERRUPTED;
  int n = (int)c->result;
  size_t nc = (size_t)nonet_variant_size(v) * (size_t)nonet_variant_size(v);
  memcpy(cand, c->cand, nc * sizeof *cand);
  call_free(c);
  return n;
}

long ext_vlogic_init_watched(const nonet_variant *v, const uint8_t *cells,
                             nonet_vlogic_state *s, double timeout) {
  call *c = call_new(JOB_VLOGIC, v, cells);
  if (!c) return EXT_INTERRUPTED;
  if (!(c->state = calloc(1, sizeof *c->state))) {
    call_free(c);
    PyErr_NoMemory();
    return EXT_INTERRUPTED;
  }
  ext_deadline_start(&c->deadline, timeout);
  if (watch(c) < 0) return EXT_INTERRUPTED;
  long n = c->result;
  memcpy(s, c->state, sizeof *s);
  s->variant = v; /* the caller's rules, not the call's copy */
  call_free(c);
  return n;
}
