/* batch.c: whole arrays of puzzles on threads, the GIL released: solve
 * (solve_many: a long count, or one with a timeout, asks Ctrl-C and its
 * deadline every 1024 branches) and random isomorphs. The arrays are
 * C-contiguous buffers of n rows of 81 uint8 cells; the Python package
 * makes them (numpy) and the output buffers. */
#include "ext.h"

#include <string.h>

Py_ssize_t ext_rows_of(const Py_buffer *in, int n) {
  const Py_ssize_t nc = (Py_ssize_t)n * n;
  if (in->len % nc) {
    PyErr_Format(PyExc_ValueError,
                 "puzzles must be rows of %zd cells (%zd bytes given)", nc,
                 in->len);
    return -1;
  }
  const uint8_t *c = in->buf;
  for (Py_ssize_t i = 0; i < in->len; i++)
    if (c[i] > n) {
      Py_ssize_t k = i % nc;
      PyErr_Format(ext_ParseError,
                   "puzzle %zd: cell r%dc%d is %d: cells are 0 (empty) to %d",
                   i / nc, (int)(k / n) + 1, (int)(k % n) + 1, c[i], n);
      return -1;
    }
  return in->len / nc;
}

Py_ssize_t ext_rows(const Py_buffer *in) { return ext_rows_of(in, 9); }

int ext_room(const Py_buffer *out, Py_ssize_t rows, Py_ssize_t per_row,
             const char *what) {
  if (out->len != rows * per_row) {
    PyErr_Format(PyExc_ValueError, "%s: %zd bytes, %zd needed", what, out->len,
                 rows * per_row);
    return -1;
  }
  return 0;
}

typedef struct solve_batch {
  const uint8_t *in;
  uint8_t *sol;
  int64_t *count;
  long limit;
  double timeout; /* seconds a puzzle, 0: none */
  int until;      /* by nonet_solve_until (a long count, a timeout) */
} solve_batch;

static int solve_one(ext_pool *p, size_t i) {
  solve_batch *b = p->ctx;
  const uint8_t *in = b->in + 81 * i;
  uint8_t *sol = b->sol + 81 * i;
  long n;
  if (b->until) {
    ext_item_stop s = {p, b->timeout > 0 ? ext_now() + b->timeout : 0};
    n = nonet_solve_until(in, sol, b->limit, ext_item_stop_fn, &s, NULL);
  } else {
    n = nonet_solve(in, sol, b->limit, NULL);
  }
  if (n == NONET_ESTOPPED) {
    /* its deadline: count -1 (Ctrl-C: the pool says so) */
    memset(sol, 0, 81);
    b->count[i] = -1;
    return 0;
  }
  if (n < 0) return (int)n;
  if (n == 0) memset(sol, 0, 81);
  b->count[i] = n;
  return 0;
}

/* solve_many(puzzles, solutions, counts, limit, threads, timeout) */
PyObject *ext_solve_many(PyObject *self, PyObject *args, PyObject *kw) {
  static char *names[] = {"puzzles", "solutions", "counts", "limit",
                          "threads", "timeout",   NULL};
  Py_buffer in, sol, cnt;
  long limit = 2, threads = 0;
  double timeout = 0;
  if (!PyArg_ParseTupleAndKeywords(args, kw, "y*w*w*|lld", names, &in, &sol,
                                   &cnt, &limit, &threads, &timeout))
    return NULL;
  PyObject *res = NULL;
  Py_ssize_t n = ext_rows(&in);
  if (n < 0 || ext_room(&sol, n, 81, "solutions") < 0 ||
      ext_room(&cnt, n, 8, "counts") < 0)
    goto done;
  if (ext_limit_ok(limit) < 0 || ext_timeout_ok(timeout) < 0) goto done;
  /* a count to a small limit without a timeout takes milliseconds at
   * most: the plain search, which never asks (a little faster) */
  solve_batch b = {.in = in.buf,
                   .sol = sol.buf,
                   .count = cnt.buf,
                   .limit = limit,
                   .timeout = timeout,
                   .until = timeout > 0 || ext_may_run_long(NULL, limit)};
  /* puzzles a claim: one for counts that may take seconds */
  size_t block = b.until ? 1 : 64;
  ext_pool p = {.n = (size_t)n, .block = block, .work = solve_one, .ctx = &b};
  p.threads = ext_threads(threads, (size_t)n / block + 1);
  int r = ext_pool_run(&p);
  if (r > 0) ext_raise_status(atomic_load(&p.error));
  if (r == 0) res = Py_NewRef(Py_None);
done:
  PyBuffer_Release(&in);
  PyBuffer_Release(&sol);
  PyBuffer_Release(&cnt);
  return res;
}

/* isomorphs(puzzles, out, seed): row i of out is a random isomorph of row
 * i of puzzles, drawn from a generator seeded with (seed, i), so that the
 * result does not depend on how the rows are split. */
PyObject *ext_isomorphs(PyObject *self, PyObject *args) {
  Py_buffer in, out;
  unsigned long long seed;
  if (!PyArg_ParseTuple(args, "y*w*K", &in, &out, &seed)) return NULL;
  PyObject *res = NULL;
  Py_ssize_t n = ext_rows(&in);
  if (n >= 0 && ext_room(&out, n, 81, "out") == 0) {
    PyThreadState *ts = PyEval_SaveThread();
    for (Py_ssize_t i = 0; i < n; i++) {
      nonet_rng rng;
      nonet_rng_seed(&rng, seed ^ (0x9e3779b97f4a7c15ull * (uint64_t)(i + 1)));
      nonet_random_isomorph((const uint8_t *)in.buf + 81 * i,
                            (uint8_t *)out.buf + 81 * i, &rng);
    }
    PyEval_RestoreThread(ts);
    res = Py_NewRef(Py_None);
  }
  PyBuffer_Release(&in);
  PyBuffer_Release(&out);
  return res;
}
