/* vbatch.c: whole arrays of variant puzzles on threads, the GIL released
 * (vsolve_many): the variant side of batch.c. The arrays are C-contiguous
 * buffers of n rows of N*N uint8 cells; the Python package makes them
 * (numpy) and the output buffers. The rules are one Rules object for
 * every row, or one a row (killers: each puzzle its own cages). */
#include "ext.h"

#include <string.h>

typedef struct vsolve_batch {
  const nonet_variant *v;     /* every puzzle's rules, or NULL: */
  const nonet_variant **each; /* one a puzzle */
  size_t nc;                  /* cells a puzzle */
  const uint8_t *in;
  uint8_t *sol;
  int64_t *count;
  long limit;
  double timeout; /* seconds a puzzle, 0: none */
} vsolve_batch;

static int vsolve_one(ext_pool *p, size_t i) {
  vsolve_batch *b = p->ctx;
  uint8_t *sol = b->sol + b->nc * i;
  ext_item_stop s = {p, b->timeout > 0 ? ext_now() + b->timeout : 0};
  const nonet_variant *v = b->each ? b->each[i] : b->v;
  long n = nonet_variant_solve_until(v, b->in + b->nc * i, sol, b->limit,
                                     ext_item_stop_fn, &s, NULL);
  if (n == NONET_ESTOPPED) {
    /* its deadline: count -1 (Ctrl-C: the pool says so) */
    memset(sol, 0, b->nc);
    b->count[i] = -1;
    return 0;
  }
  if (n < 0) return (int)n;
  if (n == 0) memset(sol, 0, b->nc);
  b->count[i] = n;
  return 0;
}

/* The rules of each puzzle from a sequence of Rules objects, all of size
 * n, `rows` of them, into a new array (PyMem_Free it), the objects held
 * by `*keep` (a new tuple: the caller's list may change while the GIL is
 * released). NULL with an exception. */
static const nonet_variant **rules_each(PyObject *seq, Py_ssize_t rows, int n,
                                        PyObject **keep) {
  *keep = PySequence_Tuple(seq);
  if (!*keep) return NULL;
  if (PyTuple_GET_SIZE(*keep) != rows) {
    PyErr_Format(PyExc_ValueError, "%zd rules for %zd puzzles",
                 PyTuple_GET_SIZE(*keep), rows);
    return NULL;
  }
  const nonet_variant **each = PyMem_Malloc(sizeof *each * (size_t)(rows + 1));
  if (!each) {
    PyErr_NoMemory();
    return NULL;
  }
  for (Py_ssize_t i = 0; i < rows; i++) {
    each[i] = ext_rules(PyTuple_GET_ITEM(*keep, i));
    if (each[i] && nonet_variant_size(each[i]) != n) {
      int m = nonet_variant_size(each[i]);
      PyErr_Format(PyExc_ValueError, "puzzle %zd: a %dx%d grid among %dx%d", i,
                   m, m, n, n);
      each[i] = NULL;
    }
    if (!each[i]) {
      PyMem_Free(each);
      return NULL;
    }
  }
  return each;
}

/* vsolve_many(rules, puzzles, solutions, counts, limit, threads, timeout,
 * size): `rules` one Rules object for every puzzle, or a sequence of one
 * a puzzle, all of `size` (which is then needed). */
PyObject *ext_vsolve_many(PyObject *self, PyObject *args, PyObject *kw) {
  static char *names[] = {"rules",   "puzzles", "solutions", "counts", "limit",
                          "threads", "timeout", "size",      NULL};
  PyObject *rules, *keep = NULL;
  const nonet_variant *v = NULL, **each = NULL;
  Py_buffer in, sol, cnt;
  long limit = 2, threads = 0;
  double timeout = 0;
  int n = 0;
  if (!PyArg_ParseTupleAndKeywords(args, kw, "Oy*w*w*|lldi", names, &rules, &in,
                                   &sol, &cnt, &limit, &threads, &timeout, &n))
    return NULL;
  PyObject *res = NULL;
  if (PyObject_TypeCheck(rules, &ext_RulesType)) {
    v = ext_rules(rules);
    n = nonet_variant_size(v);
  } else if (n < 4 || n > 25) {
    PyErr_SetString(PyExc_ValueError,
                    "a sequence of rules needs their size (4 to 25)");
    goto done;
  }
  const Py_ssize_t nc = (Py_ssize_t)n * n, rows = ext_rows_of(&in, n);
  if (rows < 0 || ext_room(&sol, rows, nc, "solutions") < 0 ||
      ext_room(&cnt, rows, 8, "counts") < 0 || ext_limit_ok(limit) < 0)
    goto done;
  if (!(timeout >= 0)) {
    PyErr_SetString(PyExc_ValueError, "timeout must be 0 or more seconds");
    goto done;
  }
  if (!v && !(each = rules_each(rules, rows, n, &keep))) goto done;
  vsolve_batch b = {v,       each,    (size_t)nc, in.buf,
                    sol.buf, cnt.buf, limit,      timeout};
  /* puzzles a claim: one for grids that may take seconds */
  size_t block = n >= 16 ? 1 : 16;
  ext_pool p = {
      .n = (size_t)rows, .block = block, .work = vsolve_one, .ctx = &b};
  p.threads = ext_threads(threads, (size_t)rows / block + 1);
  int r = ext_pool_run(&p);
  if (r > 0) ext_raise_status(atomic_load(&p.error));
  if (r == 0) res = Py_NewRef(Py_None);
done:
  PyMem_Free(each);
  Py_XDECREF(keep);
  PyBuffer_Release(&in);
  PyBuffer_Release(&sol);
  PyBuffer_Release(&cnt);
  return res;
}
