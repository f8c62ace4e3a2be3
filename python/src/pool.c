/* pool.c: batch work on threads with the GIL released. Worker threads
 * claim blocks of items from a shared counter; the calling thread waits
 * and, every 0.1 s, takes the GIL back to run Python's signal handlers,
 * so Ctrl-C stops a long batch (the workers finish the item they are on).
 * With one thread the caller does the work itself, checking signals
 * between blocks. */
#include "ext.h"

#include <pthread.h>
#include <time.h>
#include <unistd.h>

#define CHECK_EVERY 0.1 /* seconds between two looks at signals */

typedef struct runner {
  ext_pool *p;
  pthread_mutex_t mu;
  pthread_cond_t cv; /* a worker ended */
} runner;

double ext_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Works on one block; 0 when there was none left or the pool stopped. */
static int one_block(ext_pool *p) {
  if (atomic_load(&p->stop)) return 0;
  size_t first = atomic_fetch_add(&p->next, p->block);
  if (first >= p->n) return 0;
  size_t end = p->n - first < p->block ? p->n : first + p->block;
  for (size_t i = first; i < end; i++) {
    if (atomic_load_explicit(&p->stop, memory_order_relaxed)) return 0;
    int e = p->work(p, i);
    if (e) {
      int none = 0;
      atomic_compare_exchange_strong(&p->error, &none, e);
      atomic_store(&p->stop, 1);
      return 0;
    }
  }
  return 1;
}

static void *worker(void *arg) {
  runner *r = arg;
  while (one_block(r->p)) {
  }
  pthread_mutex_lock(&r->mu);
  atomic_fetch_sub(&r->p->live, 1);
  pthread_cond_signal(&r->cv);
  pthread_mutex_unlock(&r->mu);
  return NULL;
}

int ext_check_signals(PyThreadState **ts) {
  PyEval_RestoreThread(*ts);
  int r = PyErr_CheckSignals();
  *ts = PyEval_SaveThread();
  return r;
}

void ext_wait_a_moment(pthread_cond_t *cv, pthread_mutex_t *mu) {
  struct timespec until;
  clock_gettime(CLOCK_REALTIME, &until);
  until.tv_nsec += (long)(CHECK_EVERY * 1e9);
  if (until.tv_nsec >= 1000000000L) {
    until.tv_sec++;
    until.tv_nsec -= 1000000000L;
  }
  pthread_cond_timedwait(cv, mu, &until);
}

/* ext_check_signals for the pool: -1 when a handler raised (the
 * exception is set and the pool told to stop). */
static int look_at_signals(ext_pool *p, PyThreadState **ts) {
  int r = ext_check_signals(ts);
  if (r < 0) atomic_store(&p->stop, 1);
  return r;
}

/* One thread: the caller works, looking at signals between blocks (and,
 * through ext_pool_poll, inside an item that asks). */
static int run_here(ext_pool *p) {
  p->here_interrupted = 0;
  p->here_thread = pthread_self();
  p->here = PyEval_SaveThread();
  p->here_last = ext_now();
  while (one_block(p)) {
    if (ext_now() - p->here_last >= CHECK_EVERY) {
      if (look_at_signals(p, &p->here) < 0) p->here_interrupted = 1;
      p->here_last = ext_now();
    }
  }
  PyEval_RestoreThread(p->here);
  p->here = NULL;
  return p->here_interrupted ? -1 : 0;
}

int ext_pool_poll(ext_pool *p) {
  /* only on the thread that works in run_here (the caller, whose
   * state p->here is), never on a thread the work itself started */
  if (p->here && pthread_equal(pthread_self(), p->here_thread) &&
      ext_now() - p->here_last >= CHECK_EVERY) {
    if (look_at_signals(p, &p->here) < 0) p->here_interrupted = 1;
    p->here_last = ext_now();
  }
  return atomic_load(&p->stop);
}

int ext_item_stop_fn(void *ctx) {
  ext_item_stop *s = ctx;
  if (ext_pool_poll(s->pool)) return 1;
  return s->deadline > 0 && ext_now() >= s->deadline;
}

int ext_pool_run(ext_pool *p) {
  atomic_init(&p->next, 0);
  atomic_init(&p->stop, 0);
  atomic_init(&p->error, 0);
  atomic_init(&p->live, 0);
  if (p->block < 1) p->block = 1;
  int r = 0;
  if (p->threads <= 1 || p->n <= 1) {
    r = run_here(p);
  } else {
    runner run = {p, PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER};
    pthread_t *tid = PyMem_Malloc(sizeof *tid * (size_t)p->threads);
    if (!tid) {
      PyErr_NoMemory();
      return -1;
    }
    PyThreadState *ts = PyEval_SaveThread();
    int started = 0;
    for (int t = 0; t < p->threads; t++) {
      atomic_fetch_add(&p->live, 1);
      if (pthread_create(&tid[started], NULL, worker, &run) != 0) {
        atomic_fetch_sub(&p->live, 1);
        break;
      }
      started++;
    }
    if (!started) { /* no thread could be made: work here */
      PyEval_RestoreThread(ts);
      PyMem_Free(tid);
      return run_here(p) < 0 ? -1 : atomic_load(&p->error) ? 1 : 0;
    }
    pthread_mutex_lock(&run.mu);
    while (atomic_load(&p->live) > 0) {
      ext_wait_a_moment(&run.cv, &run.mu);
      if (atomic_load(&p->live) > 0 && !atomic_load(&p->stop)) {
        pthread_mutex_unlock(&run.mu);
        if (look_at_signals(p, &ts) < 0) r = -1;
        pthread_mutex_lock(&run.mu);
      }
    }
    pthread_mutex_unlock(&run.mu);
    for (int t = 0; t < started; t++) pthread_join(tid[t], NULL);
    PyEval_RestoreThread(ts);
    PyMem_Free(tid);
  }
  if (r < 0) return -1;
  return atomic_load(&p->error) ? 1 : 0;
}

int ext_threads(long threads, size_t items) {
  long n = threads;
  if (n <= 0) {
#ifdef __linux__
    cpu_set_t set;
    n = sched_getaffinity(0, sizeof set, &set) == 0 ? CPU_COUNT(&set) : 0;
#endif
    if (n <= 0) n = sysconf(_SC_NPROCESSORS_ONLN);
  }
  if (n > 256) n = 256;
  if (items && (size_t)n > items) n = (long)items;
  return n < 1 ? 1 : (int)n;
}
