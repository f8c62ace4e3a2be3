/* pool.c: the one thread pool of the command: an ordered window of work.
 *
 * Items are numbered 0, 1, 2, ... The caller fills items (records read
 * from the input, or job numbers) into slots of a ring of `window` slots
 * and publishes them; worker threads claim published items a few at a
 * time, in order, and mark each done; the caller takes the done items out
 * in order (printing them) and so frees their slots for items further on.
 * Output therefore comes in input (or job) order whatever the number of
 * threads, and at most `window` items are in memory.
 *
 * The caller either helps (works on items while it waits: batch commands,
 * where the caller also reads and writes) or only coordinates (generate,
 * whose jobs may run for seconds while the caller shows progress and
 * watches the clock). */
#if defined(__linux__) && !defined(_GNU_SOURCE)
#define _GNU_SOURCE /* pthread_attr_setaffinity_np, sched_getcpu */
#endif
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"

struct cli_pool {
  cli_pool_work_fn work;
  void *ctx;
  char *slots;
  size_t slot_size;
  uint64_t window;
  int pow2;      /* window is a power of two: a slot by mask, not division */
  int claim_max; /* items a worker claims at once */
  pthread_t *threads;
  int nthreads;
  int want;    /* threads asked for */
  int started; /* asked to start (lazy pools: at a second waiting item) */
  pthread_mutex_t mu;
  pthread_cond_t work_cv; /* workers wait for published items */
  pthread_cond_t done_cv; /* the caller waits for an item */
  /* changed under mu, read without it first: a thread that stores what
   * the other waits for, then finds it not waiting (both sequentially
   * consistent), need not take the lock to wake it */
  atomic_int sleepers; /* workers waiting on work_cv */
  atomic_int caller_waiting;
  int quit;
  atomic_int stopping; /* cli_pool_free: claim nothing more */
#if defined(__GLIBC__) && defined(CPU_SETSIZE)
  int placed;      /* helpers started each bound to one CPU (start) */
  cpu_set_t allow; /* the CPUs the process may run on, given back then */
#endif
  _Alignas(64) _Atomic uint64_t published; /* items [0, published) given */
  _Alignas(64) _Atomic uint64_t next;      /* next item to claim */
  _Atomic unsigned char *done;             /* per slot: the item is done */
};

/* The slot of item i (a 64-bit division costs tens of cycles, and the
 * batch loop asks five times a record). */
static size_t slot_index(const cli_pool *p, uint64_t i) {
  return (size_t)(p->pow2 ? i & (p->window - 1) : i % p->window);
}

static void *slot_at(cli_pool *p, uint64_t i) {
  return p->slots + slot_index(p, i) * p->slot_size;
}

/* Claims up to claim_max published items; 0 when there are none now. */
static int claim(cli_pool *p, uint64_t *first, uint64_t *end) {
  uint64_t c = atomic_load(&p->next);
  for (;;) {
    if (atomic_load(&p->stopping)) return 0;
    uint64_t pub = atomic_load(&p->published);
    if (c >= pub) return 0;
    uint64_t e = c + (uint64_t)p->claim_max;
    if (e > pub) e = pub;
    if (atomic_compare_exchange_weak(&p->next, &c, e)) {
      *first = c;
      *end = e;
      return 1;
    }
  }
}

/* Works on claimed items until none are left (or, with `once`, on one
 * claim); returns whether it did any. */
static int work_some(cli_pool *p, int once) {
  uint64_t a, b;
  int any = 0;
  while ((!once || !any) && claim(p, &a, &b)) {
    any = 1;
    for (uint64_t i = a; i < b; i++) {
      p->work(p->ctx, i, slot_at(p, i));
      atomic_store(&p->done[slot_index(p, i)], 1);
    }
    if (atomic_load(&p->caller_waiting)) {
      pthread_mutex_lock(&p->mu);
      if (p->caller_waiting) pthread_cond_signal(&p->done_cv);
      pthread_mutex_unlock(&p->mu);
    }
  }
  return any;
}

static void *worker(void *arg) {
  cli_pool *p = arg;
#if defined(__GLIBC__) && defined(CPU_SETSIZE)
  /* started on a CPU of its own (start): free to move from now on */
  if (p->placed)
    pthread_setaffinity_np(pthread_self(), sizeof p->allow, &p->allow);
#endif
  for (;;) {
    work_some(p, 0);
    pthread_mutex_lock(&p->mu);
    while (!p->quit) {
      /* counted as asleep before the last look (see sleepers) */
      atomic_fetch_add(&p->sleepers, 1);
      if (atomic_load(&p->next) < atomic_load(&p->published)) {
        atomic_fetch_sub(&p->sleepers, 1);
        break;
      }
      pthread_cond_wait(&p->work_cv, &p->mu);
      atomic_fetch_sub(&p->sleepers, 1);
    }
    int quit = p->quit;
    pthread_mutex_unlock(&p->mu);
    if (quit) return NULL;
  }
}

/* Starts the threads (once). Linux puts a new thread on its creator's
 * CPU and moves it to an idle one only at the next balancing, some
 * milliseconds later: until then the two take turns on one core (up to
 * 3 ms of a 70 ms run measured). So each helper starts bound to one CPU
 * the process may use, the others than the caller's first (the caller's
 * last: for helpers beyond them, or a caller that only waits), and
 * unbinds itself at once (worker). */
static void start(cli_pool *p) {
  p->started = 1;
#if defined(__GLIBC__) && defined(CPU_SETSIZE)
  int here = sched_getcpu(), ncpus = 0, cpus[CPU_SETSIZE];
  if (here >= 0 && sched_getaffinity(0, sizeof p->allow, &p->allow) == 0) {
    for (int c = 0; c < CPU_SETSIZE; c++)
      if (c != here && CPU_ISSET(c, &p->allow)) cpus[ncpus++] = c;
    if (ncpus && here < CPU_SETSIZE && CPU_ISSET(here, &p->allow))
      cpus[ncpus++] = here;
  }
  p->placed = ncpus > 0;
#endif
  for (int t = 0; t < p->want; t++) {
    pthread_attr_t *a = NULL;
#if defined(__GLIBC__) && defined(CPU_SETSIZE)
    pthread_attr_t attr;
    cpu_set_t one;
    if (p->placed && pthread_attr_init(&attr) == 0) {
      CPU_ZERO(&one);
      CPU_SET(cpus[t % ncpus], &one);
      a = &attr;
      if (pthread_attr_setaffinity_np(a, sizeof one, &one) != 0) {
        pthread_attr_destroy(a);
        a = NULL;
      }
    }
#endif
    if (pthread_create(&p->threads[p->nthreads], a, worker, p) == 0)
      p->nthreads++;
    if (a) pthread_attr_destroy(a);
  }
}

cli_pool *cli_pool_new(int threads, size_t slot_size, int window, int claim_max,
                       int lazy, cli_pool_work_fn work, void *ctx) {
  cli_pool *p = calloc(1, sizeof *p);
  if (!p) return NULL;
  p->work = work;
  p->ctx = ctx;
  p->slot_size = slot_size;
  p->window = (uint64_t)(window > 0 ? window : 1);
  p->pow2 = (p->window & (p->window - 1)) == 0;
  p->claim_max = claim_max > 0 ? claim_max : 1;
  p->slots = calloc((size_t)p->window, slot_size);
  p->done = calloc((size_t)p->window, sizeof *p->done);
  p->threads = calloc((size_t)(threads > 0 ? threads : 1), sizeof *p->threads);
  if (!p->slots || !p->done || !p->threads) {
    free(p->slots);
    free((void *)p->done);
    free(p->threads);
    free(p);
    return NULL;
  }
  atomic_init(&p->stopping, 0);
  atomic_init(&p->sleepers, 0);
  atomic_init(&p->caller_waiting, 0);
  atomic_init(&p->published, 0);
  atomic_init(&p->next, 0);
  pthread_mutex_init(&p->mu, NULL);
  pthread_cond_init(&p->work_cv, NULL);
  pthread_cond_init(&p->done_cv, NULL);
  p->want = threads > 0 ? threads : 0;
  if (!lazy) start(p);
  return p;
}

int cli_pool_threads(const cli_pool *p) { return p->nthreads; }

void *cli_pool_slot(cli_pool *p, uint64_t i) { return slot_at(p, i); }

void cli_pool_publish(cli_pool *p, uint64_t n) {
  if (n <= atomic_load(&p->published)) return;
  atomic_store(&p->published, n);
  /* (only the caller publishes, and claims while no thread runs) */
  if (!p->started && n - atomic_load(&p->next) >= 2) start(p);
  if (!atomic_load(&p->sleepers)) return;
  pthread_mutex_lock(&p->mu);
  if (p->sleepers) pthread_cond_broadcast(&p->work_cv);
  pthread_mutex_unlock(&p->mu);
}

int cli_pool_done(cli_pool *p, uint64_t i) {
  return atomic_load_explicit(&p->done[slot_index(p, i)], memory_order_acquire);
}

int cli_pool_wait(cli_pool *p, uint64_t i, int help, double seconds) {
  if (cli_pool_done(p, i)) return 1;
  /* a claim at a time: the caller goes back to its writing and reading
   * as soon as item i is done, so that the helpers never run dry */
  if (help || p->nthreads == 0)
    while (!cli_pool_done(p, i) && work_some(p, 1)) {
    }
  struct timespec until;
  if (seconds > 0) {
    clock_gettime(CLOCK_REALTIME, &until);
    long ns = until.tv_nsec + (long)((seconds - (long)seconds) * 1e9);
    until.tv_sec += (time_t)seconds + ns / 1000000000L;
    until.tv_nsec = ns % 1000000000L;
  }
  pthread_mutex_lock(&p->mu);
  atomic_store(&p->caller_waiting, 1);
  while (!atomic_load(&p->done[slot_index(p, i)])) {
    if (seconds > 0) {
      if (pthread_cond_timedwait(&p->done_cv, &p->mu, &until) != 0) break;
    } else {
      pthread_cond_wait(&p->done_cv, &p->mu);
    }
  }
  atomic_store(&p->caller_waiting, 0);
  pthread_mutex_unlock(&p->mu);
  return cli_pool_done(p, i);
}

void cli_pool_release(cli_pool *p, uint64_t i) {
  atomic_store_explicit(&p->done[slot_index(p, i)], 0, memory_order_relaxed);
}

void cli_pool_stop(cli_pool *p) {
  if (!p || atomic_exchange(&p->stopping, 1)) return;
  pthread_mutex_lock(&p->mu);
  p->quit = 1;
  pthread_cond_broadcast(&p->work_cv);
  pthread_mutex_unlock(&p->mu);
  for (int t = 0; t < p->nthreads; t++) pthread_join(p->threads[t], NULL);
}

void cli_pool_free(cli_pool *p) {
  if (!p) return;
  cli_pool_stop(p);
  pthread_mutex_destroy(&p->mu);
  pthread_cond_destroy(&p->work_cv);
  pthread_cond_destroy(&p->done_cv);
  free(p->slots);
  free((void *)p->done);
  free(p->threads);
  free(p);
}
