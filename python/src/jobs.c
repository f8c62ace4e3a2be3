/* jobs.c: generator jobs on threads. Job j's puzzles depend on (seed, j)
 * alone (nonet_generate_job), so running jobs in any grouping, on any
 * number of threads or machines, and putting their puzzles back in job
 * order gives the one-machine output. The Python package picks which
 * jobs to run (count, shards) and stops when it has enough. */
#include "ext.h"

#include <stdlib.h>
#include <string.h>

/* The puzzles of one job. */
typedef struct job_out {
  nonet_gen_puzzle *p;
  size_t n, cap;
  int ran, cut, oom;
} job_out;

typedef struct job_run {
  nonet_gen_options *o; /* a copy, with the stop hook */
  ext_pool *pool;
  job_out *out;
  unsigned long long first, shard_k, shard_n;
  long want;       /* puzzles a job need not go beyond (0: all) */
  double deadline; /* CLOCK_MONOTONIC seconds, 0: none */
  atomic_int timed_out;
} job_run;

static int stop_hook(void *ctx) {
  job_run *g = ctx;
  if (atomic_load(&g->pool->stop)) return 1;
  if (g->deadline > 0 && ext_now() >= g->deadline) {
    atomic_store(&g->timed_out, 1);
    return 1;
  }
  return 0;
}

typedef struct collector {
  job_out *o;
  long want;
} collector;

static int collect(const nonet_gen_puzzle *p, void *ctx) {
  collector *c = ctx;
  job_out *o = c->o;
  if (o->n == o->cap) {
    size_t cap = o->cap ? 2 * o->cap : 4;
    nonet_gen_puzzle *q = realloc(o->p, cap * sizeof *q);
    if (!q) {
      o->oom = 1;
      return 1;
    }
    o->p = q;
    o->cap = cap;
  }
  o->p[o->n++] = *p;
  return c->want > 0 && o->n >= (size_t)c->want;
}

static int run_one(ext_pool *p, size_t i) {
  job_run *g = p->ctx;
  job_out *o = &g->out[i];
  o->ran = 1;
  if (stop_hook(g)) {
    o->cut = 1;
    return 0;
  }
  nonet_gen_stats st;
  memset(&st, 0, sizeof st);
  collector c = {o, g->want};
  uint64_t job = g->shard_k + (g->first + i) * g->shard_n;
  long r = nonet_generate_job(g->o, job, collect, &c, &st);
  if (r == NONET_ENOMEM || o->oom) return NONET_ENOMEM;
  if (r < 0) return (int)r;
  /* stopped by the hook, not by having enough: the job is cut */
  if (st.stopped && !(g->want > 0 && o->n >= (size_t)g->want)) o->cut = 1;
  return 0;
}

static PyObject *puzzle_tuple(const nonet_gen_puzzle *p) {
  return Py_BuildValue("(y#y#isKiii)", (const char *)p->puzzle, (Py_ssize_t)81,
                       (const char *)p->solution, (Py_ssize_t)81, p->clues,
                       nonet_symmetry_name(p->symmetry),
                       (unsigned long long)p->job, p->er, p->ep, p->ed);
}

/* The jobs' puzzles in job order, up to and with the first job that was
 * cut: ([(job, [puzzle, ...]), ...], timed_out, cut). */
static PyObject *results(job_run *g, size_t n) {
  PyObject *list = PyList_New(0);
  int cut = 0;
  for (size_t i = 0; list && i < n && !cut; i++) {
    job_out *o = &g->out[i];
    cut = o->cut || !o->ran;
    PyObject *ps = PyList_New((Py_ssize_t)o->n);
    for (size_t k = 0; ps && k < o->n; k++) {
      PyObject *t = puzzle_tuple(&o->p[k]);
      if (!t)
        Py_CLEAR(ps);
      else
        PyList_SET_ITEM(ps, (Py_ssize_t)k, t);
    }
    PyObject *item =
        ps ? Py_BuildValue("(KN)", g->shard_k + (g->first + i) * g->shard_n, ps)
           : NULL;
    if (!item || PyList_Append(list, item) < 0) Py_CLEAR(list);
    Py_XDECREF(item);
  }
  if (!list) return NULL;
  return Py_BuildValue("(NOO)", list,
                       atomic_load(&g->timed_out) ? Py_True : Py_False,
                       cut ? Py_True : Py_False);
}

/* run_jobs(options, first, count, shard_k=0, shard_n=1, want=0, threads=1,
 * seconds=0): runs items first .. first+count-1, item i being job
 * shard_k + i * shard_n; `want` caps the puzzles of one job; `seconds`
 * is the time left (0: no limit). */
PyObject *ext_run_jobs(PyObject *self, PyObject *args, PyObject *kw) {
  static char *names[] = {"options", "first",   "count",   "shard_k", "shard_n",
                          "want",    "threads", "seconds", NULL};
  PyObject *opts;
  unsigned long long first, count, k = 0, n = 1;
  long want = 0, threads = 1;
  double seconds = 0;
  if (!PyArg_ParseTupleAndKeywords(args, kw, "OKK|KKlld", names, &opts, &first,
                                   &count, &k, &n, &want, &threads, &seconds))
    return NULL;
  const nonet_gen_options *base = ext_gen_options(opts);
  if (!base) return NULL;
  if (n < 1 || k >= n || count > (1ull << 30)) {
    PyErr_SetString(PyExc_ValueError, "bad job range or shard");
    return NULL;
  }
  job_run g;
  memset(&g, 0, sizeof g);
  atomic_init(&g.timed_out, 0);
  g.o = nonet_gen_options_copy(base);
  g.out = calloc(count ? count : 1, sizeof *g.out);
  PyObject *res = NULL;
  if (!g.o || !g.out) {
    PyErr_NoMemory();
    goto done;
  }
  g.first = first;
  g.shard_k = k;
  g.shard_n = n;
  g.want = want;
  if (seconds > 0) g.deadline = ext_now() + seconds;
  ext_pool p = {.n = count, .block = 1, .work = run_one, .ctx = &g};
  p.threads = ext_threads(threads, count);
  g.pool = &p;
  nonet_gen_set_stop(g.o, stop_hook, &g);
  int r = ext_pool_run(&p);
  if (r > 0) ext_raise_status(atomic_load(&p.error));
  if (r == 0) res = results(&g, count);
done:
  for (size_t i = 0; g.out && i < count; i++) free(g.out[i].p);
  free(g.out);
  nonet_gen_options_free(g.o);
  return res;
}
