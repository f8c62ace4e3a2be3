/* vjobs.c: variant generator jobs on threads. Job j makes one puzzle from
 * (seed, j) alone (nonet_variant_generate_job), so running jobs in any
 * grouping, on any number of threads or machines, and putting their
 * puzzles back in job order gives the one-machine output. The Python
 * package picks which jobs to run (count, shards), as for classic jobs. */
#include "ext.h"

#include <stdlib.h>
#include <string.h>

/* The puzzle of one job (its rules copied: the library's are valid during
 * the callback only). */
typedef struct vjob_out {
  nonet_variant *v;
  uint8_t puzzle[NONET_VARIANT_MAX_CELLS], solution[NONET_VARIANT_MAX_CELLS];
  int size, clues, cages, unproven;
  nonet_symmetry symmetry;
  uint64_t job;
  int made, ran, cut, oom;
} vjob_out;

typedef struct vjob_run {
  nonet_variant_gen *o; /* a copy, with the stop hook */
  ext_pool *pool;
  vjob_out *out;
  unsigned long long first, shard_k, shard_n;
  double deadline; /* CLOCK_MONOTONIC seconds, 0: none */
  atomic_int timed_out;
  int level; /* puzzles of this nonet_level (nonet_vlogic_generate_job), -1:
                any */
} vjob_run;

static int stop_hook(void *ctx) {
  vjob_run *g = ctx;
  if (atomic_load(&g->pool->stop)) return 1;
  if (g->deadline > 0 && ext_now() >= g->deadline) {
    atomic_store(&g->timed_out, 1);
    return 1;
  }
  return 0;
}

static int collect(const nonet_variant_puzzle *p, void *ctx) {
  vjob_out *o = ctx;
  int nn = p->size * p->size;
  if (!(o->v = nonet_variant_copy(p->variant))) {
    o->oom = 1;
    return 1;
  }
  memcpy(o->puzzle, p->puzzle, (size_t)nn);
  memcpy(o->solution, p->solution, (size_t)nn);
  o->size = p->size;
  o->clues = p->clues;
  o->cages = p->cages;
  o->unproven = p->unproven;
  o->symmetry = p->symmetry;
  o->job = p->job;
  o->made = 1;
  return 0;
}

static int run_one(ext_pool *p, size_t i) {
  vjob_run *g = p->ctx;
  vjob_out *o = &g->out[i];
  o->ran = 1;
  if (stop_hook(g)) {
    o->cut = 1;
    return 0;
  }
  nonet_gen_stats st;
  memset(&st, 0, sizeof st);
  uint64_t job = g->shard_k + (g->first + i) * g->shard_n;
  long r = g->level >= 0
               ? nonet_vlogic_generate_job(g->o, (nonet_level)g->level, job,
                                           collect, o, &st)
               : nonet_variant_generate_job(g->o, job, collect, o, &st);
  if (r == NONET_ENOMEM || o->oom) return NONET_ENOMEM;
  if (r < 0) return (int)r;
  if (!o->made) o->cut = 1; /* stopped by the hook */
  return 0;
}

/* (rules, puzzle, solution, clues, cages, symmetry, job, unproven); the
 * rules move to the tuple. */
static PyObject *puzzle_tuple(vjob_out *o) {
  PyObject *rules = ext_rules_new(o->v);
  o->v = NULL;
  if (!rules) return NULL;
  return Py_BuildValue("(NNNiisKi)", rules,
                       ext_vcells_bytes(o->puzzle, o->size),
                       ext_vcells_bytes(o->solution, o->size), o->clues,
                       o->cages, nonet_symmetry_name(o->symmetry),
                       (unsigned long long)o->job, o->unproven);
}

/* The jobs' puzzles in job order, up to the first job that was cut:
 * ([(job, [puzzle])], timed_out, cut). */
static PyObject *results(vjob_run *g, size_t n) {
  PyObject *list = PyList_New(0);
  int cut = 0;
  for (size_t i = 0; list && i < n && !cut; i++) {
    vjob_out *o = &g->out[i];
    cut = o->cut || !o->ran;
    PyObject *ps = PyList_New(0);
    if (ps && o->made) {
      PyObject *t = puzzle_tuple(o);
      if (!t || PyList_Append(ps, t) < 0) Py_CLEAR(ps);
      Py_XDECREF(t);
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

/* run_variant_jobs(options, first, count, shard_k=0, shard_n=1, threads=1,
 * seconds=0, level=-1): runs items first .. first+count-1, item i being
 * job shard_k + i * shard_n; `seconds` is the time left (0: no limit);
 * `level` a nonet_level (0 .. 2) for puzzles of that level. */
PyObject *ext_run_variant_jobs(PyObject *self, PyObject *args, PyObject *kw) {
  static char *names[] = {"options", "first",   "count", "shard_k", "shard_n",
                          "threads", "seconds", "level", NULL};
  PyObject *opts;
  unsigned long long first, count, k = 0, n = 1;
  long threads = 1;
  double seconds = 0;
  int level = -1;
  if (!PyArg_ParseTupleAndKeywords(args, kw, "OKK|KKldi", names, &opts, &first,
                                   &count, &k, &n, &threads, &seconds, &level))
    return NULL;
  const nonet_variant_gen *base = ext_variant_gen_options(opts);
  if (!base) return NULL;
  if (n < 1 || k >= n || count > (1ull << 20)) {
    PyErr_SetString(PyExc_ValueError, "bad job range or shard");
    return NULL;
  }
  vjob_run g;
  memset(&g, 0, sizeof g);
  atomic_init(&g.timed_out, 0);
  g.o = nonet_variant_gen_copy(base);
  g.out = calloc(count ? count : 1, sizeof *g.out);
  PyObject *res = NULL;
  if (!g.o || !g.out) {
    PyErr_NoMemory();
    goto done;
  }
  g.first = first;
  g.level = level < 0 ? -1 : level;
  g.shard_k = k;
  g.shard_n = n;
  if (seconds > 0) g.deadline = ext_now() + seconds;
  ext_pool p = {.n = count, .block = 1, .work = run_one, .ctx = &g};
  p.threads = ext_threads(threads, count);
  g.pool = &p;
  nonet_variant_gen_set_stop(g.o, stop_hook, &g);
  int r = ext_pool_run(&p);
  if (r > 0) ext_raise_status(atomic_load(&p.error));
  if (r == 0) res = results(&g, count);
done:
  for (size_t i = 0; g.out && i < count; i++) nonet_variant_free(g.out[i].v);
  free(g.out);
  nonet_variant_gen_free(g.o);
  return res;
}
