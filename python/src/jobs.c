/* jobs.c: classic and variant generator jobs on threads. Job j's puzzles
 * depend on (seed, j) alone (nonet_generate_job, nonet_variant_generate_job),
 * so running jobs in any grouping, on any number of threads or machines,
 * and putting their puzzles back in job order gives the one-machine output.
 * The Python package picks which jobs to run (count, shards) and stops when
 * it has enough. One runner serves both generators; a job_kind says how a
 * job of each is run and kept. */
#include "ext.h"

#include <stdlib.h>
#include <string.h>

/* How one job went; each kind's output starts with it. */
typedef struct job_head {
  int ran, cut, oom;
} job_head;

typedef struct job_kind job_kind;

typedef struct job_run {
  const job_kind *kind;
  void *o; /* a copy of the options, with the stop hook */
  ext_pool *pool;
  char *out; /* the jobs' outputs, kind->size bytes each */
  unsigned long long first, shard_k, shard_n;
  long want;       /* classic: puzzles a job need not go beyond (0: all) */
  int level;       /* variant: puzzles of this nonet_level, -1: any */
  double deadline; /* CLOCK_MONOTONIC seconds, 0: none */
  atomic_int timed_out;
} job_run;

struct job_kind {
  size_t size; /* of one job's output, a job_head first */
  /* Runs job `job` into `o`: its status (below 0: an error), having set
   * o->cut when the stop hook stopped it short. */
  long (*run)(job_run *g, job_head *o, uint64_t job);
  /* The job's puzzles as a new list, or NULL. */
  PyObject *(*puzzles)(job_head *o);
  /* Frees what the job's output holds. */
  void (*clear)(job_head *o);
};

static int stop_hook(void *ctx) {
  job_run *g = ctx;
  if (ext_pool_poll(g->pool)) return 1;
  if (g->deadline > 0 && ext_now() >= g->deadline) {
    atomic_store(&g->timed_out, 1);
    return 1;
  }
  return 0;
}

static job_head *out_at(job_run *g, size_t i) {
  return (job_head *)(g->out + i * g->kind->size);
}

/* The job of item i. */
static unsigned long long job_of(const job_run *g, size_t i) {
  return g->shard_k + (g->first + i) * g->shard_n;
}

static int run_one(ext_pool *p, size_t i) {
  job_run *g = p->ctx;
  job_head *o = out_at(g, i);
  o->ran = 1;
  if (stop_hook(g)) {
    o->cut = 1;
    return 0;
  }
  long r = g->kind->run(g, o, job_of(g, i));
  if (r == NONET_ENOMEM || o->oom) return NONET_ENOMEM;
  if (r < 0) return (int)r;
  return 0;
}

/* The jobs' puzzles in job order, up to and with the first job that was
 * cut: ([(job, [puzzle, ...]), ...], timed_out, cut). */
static PyObject *results(job_run *g, size_t n) {
  PyObject *list = PyList_New(0);
  int cut = 0;
  for (size_t i = 0; list && i < n && !cut; i++) {
    job_head *o = out_at(g, i);
    cut = o->cut || !o->ran;
    PyObject *ps = g->kind->puzzles(o);
    PyObject *item = ps ? Py_BuildValue("(KN)", job_of(g, i), ps) : NULL;
    if (!item || PyList_Append(list, item) < 0) Py_CLEAR(list);
    Py_XDECREF(item);
  }
  if (!list) return NULL;
  return Py_BuildValue("(NOO)", list,
                       atomic_load(&g->timed_out) ? Py_True : Py_False,
                       cut ? Py_True : Py_False);
}

/* Sets up `g` for items first .. first+count-1, item i being job shard_k +
 * i * shard_n: 0, or -1 with ValueError when the range or shard is bad
 * (more than `most` items). */
static int begin(job_run *g, const job_kind *kind, unsigned long long first,
                 unsigned long long count, unsigned long long k,
                 unsigned long long n, unsigned long long most) {
  if (n < 1 || k >= n || count > most) {
    PyErr_SetString(PyExc_ValueError, "bad job range or shard");
    return -1;
  }
  memset(g, 0, sizeof *g);
  atomic_init(&g->timed_out, 0);
  g->kind = kind;
  g->first = first;
  g->shard_k = k;
  g->shard_n = n;
  return 0;
}

/* Runs the `count` items of `g`, whose options g->o (NULL: out of memory)
 * stop on stop_hook, on `threads` threads for at most `seconds` (0: no
 * limit): results(), or NULL with an exception. */
static PyObject *run_jobs(job_run *g, size_t count, long threads,
                          double seconds) {
  g->out = calloc(count ? count : 1, g->kind->size);
  PyObject *res = NULL;
  if (!g->o || !g->out) {
    PyErr_NoMemory();
    goto done;
  }
  if (seconds > 0) g->deadline = ext_now() + seconds;
  ext_pool p = {.n = count, .block = 1, .work = run_one, .ctx = g};
  p.threads = ext_threads(threads, count);
  g->pool = &p;
  int r = ext_pool_run(&p);
  if (r > 0) ext_raise_status(atomic_load(&p.error));
  if (r == 0) res = results(g, count);
done:
  for (size_t i = 0; g->out && i < count; i++) g->kind->clear(out_at(g, i));
  free(g->out);
  return res;
}

/* ---- classic jobs -------------------------------------------------------- */

/* The puzzles of one job. */
typedef struct job_out {
  job_head h;
  nonet_gen_puzzle *p;
  size_t n, cap;
} job_out;

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
      o->h.oom = 1;
      return 1;
    }
    o->p = q;
    o->cap = cap;
  }
  o->p[o->n++] = *p;
  return c->want > 0 && o->n >= (size_t)c->want;
}

static long run_classic(job_run *g, job_head *h, uint64_t job) {
  job_out *o = (job_out *)h;
  nonet_gen_stats st;
  memset(&st, 0, sizeof st);
  collector c = {o, g->want};
  long r = nonet_generate_job(g->o, job, collect, &c, &st);
  /* stopped by the hook, not by having enough: the job is cut */
  if (r >= 0 && st.stopped && !(g->want > 0 && o->n >= (size_t)g->want))
    h->cut = 1;
  return r;
}

static PyObject *puzzle_tuple(const nonet_gen_puzzle *p) {
  return Py_BuildValue("(y#y#isKiii)", (const char *)p->puzzle, (Py_ssize_t)81,
                       (const char *)p->solution, (Py_ssize_t)81, p->clues,
                       nonet_symmetry_name(p->symmetry),
                       (unsigned long long)p->job, p->er, p->ep, p->ed);
}

static PyObject *classic_puzzles(job_head *h) {
  job_out *o = (job_out *)h;
  PyObject *ps = PyList_New((Py_ssize_t)o->n);
  for (size_t k = 0; ps && k < o->n; k++) {
    PyObject *t = puzzle_tuple(&o->p[k]);
    if (!t)
      Py_CLEAR(ps);
    else
      PyList_SET_ITEM(ps, (Py_ssize_t)k, t);
  }
  return ps;
}

static void classic_clear(job_head *h) { free(((job_out *)h)->p); }

static const job_kind classic = {sizeof(job_out), run_classic, classic_puzzles,
                                 classic_clear};

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
  job_run g;
  if (!base || begin(&g, &classic, first, count, k, n, 1ull << 30) < 0)
    return NULL;
  g.want = want;
  nonet_gen_options *o = nonet_gen_options_copy(base);
  if ((g.o = o)) nonet_gen_set_stop(o, stop_hook, &g);
  PyObject *res = run_jobs(&g, count, threads, seconds);
  nonet_gen_options_free(o);
  return res;
}

/* ---- variant jobs -------------------------------------------------------- */

/* Job j makes one puzzle (nonet_variant_generate_job, or of a level
 * nonet_vlogic_generate_job), its rules copied: the library's are valid
 * during the callback only. */
typedef struct vjob_out {
  job_head h;
  nonet_variant *v;
  uint8_t puzzle[NONET_VARIANT_MAX_CELLS], solution[NONET_VARIANT_MAX_CELLS];
  int size, clues, cages, unproven;
  nonet_symmetry symmetry;
  uint64_t job;
  int made;
} vjob_out;

static int vcollect(const nonet_variant_puzzle *p, void *ctx) {
  vjob_out *o = ctx;
  int nn = p->size * p->size;
  if (!(o->v = nonet_variant_copy(p->variant))) {
    o->h.oom = 1;
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

static long run_variant(job_run *g, job_head *h, uint64_t job) {
  vjob_out *o = (vjob_out *)h;
  nonet_gen_stats st;
  memset(&st, 0, sizeof st);
  long r = g->level >= 0
               ? nonet_vlogic_generate_job(g->o, (nonet_level)g->level, job,
                                           vcollect, o, &st)
               : nonet_variant_generate_job(g->o, job, vcollect, o, &st);
  if (r >= 0 && !o->made) h->cut = 1; /* stopped by the hook */
  return r;
}

/* [(rules, puzzle, solution, clues, cages, symmetry, job, unproven)], or []
 * when the job made none; the rules move to the tuple. */
static PyObject *variant_puzzles(job_head *h) {
  vjob_out *o = (vjob_out *)h;
  PyObject *ps = PyList_New(0);
  if (!ps || !o->made) return ps;
  PyObject *rules = ext_rules_new(o->v);
  o->v = NULL;
  PyObject *t =
      rules ? Py_BuildValue("(NNNiisKi)", rules,
                            ext_vcells_bytes(o->puzzle, o->size),
                            ext_vcells_bytes(o->solution, o->size), o->clues,
                            o->cages, nonet_symmetry_name(o->symmetry),
                            (unsigned long long)o->job, o->unproven)
            : NULL;
  if (!t || PyList_Append(ps, t) < 0) Py_CLEAR(ps);
  Py_XDECREF(t);
  return ps;
}

static void variant_clear(job_head *h) {
  nonet_variant_free(((vjob_out *)h)->v);
}

static const job_kind variant = {sizeof(vjob_out), run_variant, variant_puzzles,
                                 variant_clear};

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
  job_run g;
  if (!base || begin(&g, &variant, first, count, k, n, 1ull << 20) < 0)
    return NULL;
  g.level = level < 0 ? -1 : level;
  nonet_variant_gen *o = nonet_variant_gen_copy(base);
  if ((g.o = o)) nonet_variant_gen_set_stop(o, stop_hook, &g);
  PyObject *res = run_jobs(&g, count, threads, seconds);
  nonet_variant_gen_free(o);
  return res;
}
