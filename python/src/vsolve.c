/* vsolve.c: one variant puzzle at a time: solve, count, check, pencil
 * marks and true candidates, and whether a grid is a solution. Results
 * and messages are the command's (nonet solve, count, check, candidates
 * on a variant record). */
#include "ext.h"

#include <string.h>

/* nonet_variant_solve with the GIL released; a search that may run long
 * (ext_may_run_long: 16x16 and up, large limits) or has a timeout
 * (seconds, 0: none) under a watch for Ctrl-C (EXT_INTERRUPTED, the
 * exception set). NONET_ESTOPPED after the timeout. */
static long vsolve(const ext_vpuzzle *p, uint8_t *sol, long limit,
                   double timeout) {
  if (timeout > 0 || ext_may_run_long(p->v, limit))
    return ext_solve_watched(p->v, p->cells, sol, limit, timeout);
  PyThreadState *ts = PyEval_SaveThread();
  long n = nonet_variant_solve(p->v, p->cells, sol, limit, NULL);
  PyEval_RestoreThread(ts);
  return n;
}

/* Reads the arguments (rules, cells, ...) of `names` by `format` ("OO|"
 * and the optional ones, stored in `a`, `b` and `c`) into `p`. 0, or -1
 * with an exception. */
static int parse(PyObject *args, PyObject *kw, const char *format,
                 char *names[], ext_vpuzzle *p, void *a, void *b, void *c) {
  PyObject *rules, *cells;
  if (!PyArg_ParseTupleAndKeywords(args, kw, format, names, &rules, &cells, a,
                                   b, c))
    return -1;
  return ext_vpuzzle_read(rules, cells, p);
}

PyObject *ext_search_ok(long n, double timeout) {
  if (n == NONET_ESTOPPED) {
    char msg[80];
    snprintf(msg, sizeof msg, "no answer within %g s (timeout)", timeout);
    PyErr_SetString(ext_SearchTimeout, msg);
    return NULL;
  }
  if (n < 0) return ext_raise_status((int)n);
  return Py_None;
}

/* ConflictError when the givens break a rule, else NoSolutionError: NULL. */
static PyObject *no_solution(const ext_vpuzzle *p) {
  if (!ext_raise_vconflicts(p)) PyErr_SetString(ext_NoSolution, "no solution");
  return NULL;
}

int ext_timeout_ok(double timeout) {
  if (timeout >= 0 && timeout <= 1e6) return 0;
  PyErr_SetString(PyExc_ValueError,
                  "timeout must be above 0 and at most 1000000 seconds");
  return -1;
}

/* vsolve(rules, cells, first=False, timeout=0.0): the solution's N*N
 * cells. */
PyObject *ext_vsolve(PyObject *self, PyObject *args, PyObject *kw) {
  static char *names[] = {"rules", "cells", "first", "timeout", NULL};
  int first = 0;
  double timeout = 0;
  ext_vpuzzle p;
  if (parse(args, kw, "OO|pd", names, &p, &first, &timeout, NULL) < 0 ||
      ext_timeout_ok(timeout) < 0)
    return NULL;
  uint8_t sol[NONET_VARIANT_MAX_CELLS];
  long n = vsolve(&p, sol, first ? 1 : 2, timeout);
  if (!ext_search_ok(n, timeout)) return NULL;
  if (n == 0) return no_solution(&p);
  if (n > 1) {
    PyErr_SetString(ext_MultipleSolutions, "multiple solutions");
    return NULL;
  }
  return ext_vcells_bytes(sol, p.n);
}

/* vcount(rules, cells, limit=1000): solutions up to the limit. */
PyObject *ext_vcount(PyObject *self, PyObject *args, PyObject *kw) {
  static char *names[] = {"rules", "cells", "limit", "timeout", NULL};
  long limit = 1000;
  double timeout = 0;
  ext_vpuzzle p;
  if (parse(args, kw, "OO|ld", names, &p, &limit, &timeout, NULL) < 0 ||
      ext_timeout_ok(timeout) < 0)
    return NULL;
  if (ext_limit_ok(limit) < 0) return NULL;
  long n = vsolve(&p, NULL, limit, timeout);
  return ext_search_ok(n, timeout) ? PyLong_FromLong(n) : NULL;
}

/* The givens that can be removed one at a time keeping one solution,
 * before the deadline `d` (else SearchTimeout). With a deadline, or on a
 * 16x16 or 25x25, under the watch for Ctrl-C (ext_removable_watched). */
static PyObject *removable(ext_vpuzzle *p, ext_deadline *d, double timeout) {
  int idx[NONET_VARIANT_MAX_CELLS];
  long k;
  if (d->on || ext_may_run_long(p->v, 2)) {
    k = ext_removable_watched(p->v, p->cells, idx, d);
    if (k == EXT_INTERRUPTED) return NULL;
  } else {
    PyThreadState *ts = PyEval_SaveThread();
    k = ext_removable(p->v, p->cells, idx, NULL, NULL);
    PyEval_RestoreThread(ts);
  }
  if (k == NONET_ESTOPPED) {
    char msg[120];
    snprintf(msg, sizeof msg,
             "unique, but whether every given is needed is not known "
             "within %g s (timeout)",
             timeout);
    PyErr_SetString(ext_SearchTimeout, msg);
    return NULL;
  }
  if (k < 0) return ext_raise_status((int)k);
  PyObject *list = PyList_New(k);
  for (long j = 0; list && j < k; j++)
    PyList_SET_ITEM(list, j, PyLong_FromLong(idx[j]));
  return list;
}

/* The conflicts, one string per problem (the library joins them by "; "). */
static PyObject *split(PyObject *text) {
  if (!PyUnicode_GET_LENGTH(text)) return PyList_New(0);
  PyObject *sep = PyUnicode_FromString("; ");
  PyObject *list = sep ? PyUnicode_Split(text, sep, -1) : NULL;
  Py_XDECREF(sep);
  return list;
}

/* vcheck(rules, cells, minimal=False) -> (status, conflicts, removable), as
 * the classic check. */
PyObject *ext_vcheck(PyObject *self, PyObject *args, PyObject *kw) {
  static char *names[] = {"rules", "cells", "minimal", "timeout", NULL};
  int minimal = 0;
  double timeout = 0;
  ext_vpuzzle p;
  if (parse(args, kw, "OO|pd", names, &p, &minimal, &timeout, NULL) < 0 ||
      ext_timeout_ok(timeout) < 0)
    return NULL;
  ext_deadline d;
  ext_deadline_start(&d, timeout);
  PyObject *text = ext_vconflicts(&p);
  if (!text) return NULL;
  PyObject *conflicts = split(text);
  Py_DECREF(text);
  if (!conflicts) return NULL;
  if (PyList_GET_SIZE(conflicts))
    return Py_BuildValue("(sNO)", "invalid", conflicts, Py_None);
  Py_DECREF(conflicts);
  long n = vsolve(&p, NULL, 2, timeout);
  if (!ext_search_ok(n, timeout)) return NULL;
  return ext_verdict(n, n == 1 && minimal ? removable(&p, &d, timeout)
                                          : Py_NewRef(Py_None));
}

/* vcandidates(rules, cells, cell=-1, true=False):
 * - pencil marks (true False): the candidates the variant engine starts
 *   from (nonet_vlogic_init: the digits no house, cage or relation of a
 *   placed digit rules out), every cell's (0 for a filled one) or, with a
 *   cell, that cell's, ignoring its own content;
 * - true candidates (true True; no cell): the digits some solution puts
 *   in each cell (nonet_variant_true_candidates); ConflictError or
 *   NoSolutionError when there is no solution, as `nonet candidates`. */
PyObject *ext_vcandidates(PyObject *self, PyObject *args, PyObject *kw) {
  static char *names[] = {"rules", "cells", "cell", "true", "timeout", NULL};
  int cell = -1, true_ = 0;
  double timeout = 0;
  ext_vpuzzle p;
  if (parse(args, kw, "OO|ipd", names, &p, &cell, &true_, &timeout) < 0 ||
      ext_timeout_ok(timeout) < 0)
    return NULL;
  int nn = p.n * p.n;
  if (cell < -1 || cell >= nn || (true_ && cell != -1)) {
    PyErr_SetString(PyExc_ValueError, "bad cell");
    return NULL;
  }
  uint32_t cand[NONET_VARIANT_MAX_CELLS];
  int st;
  if (true_) {
    if (timeout > 0 || ext_may_run_long(p.v, 2)) {
      st = ext_true_candidates_watched(p.v, p.cells, cand, timeout);
      if (st == EXT_INTERRUPTED) return NULL;
    } else {
      PyThreadState *ts = PyEval_SaveThread();
      st = nonet_variant_true_candidates(p.v, p.cells, cand);
      PyEval_RestoreThread(ts);
    }
    if (!ext_search_ok(st, timeout)) return NULL;
    if (st == 0) return no_solution(&p);
  } else {
    nonet_vlogic_state *s = PyMem_RawMalloc(sizeof *s);
    if (!s) return PyErr_NoMemory();
    if (cell >= 0) p.cells[cell] = 0;
    PyThreadState *ts = PyEval_SaveThread();
    st = nonet_vlogic_init(s, p.v, p.cells); /* conflicts: filled anyway */
    PyEval_RestoreThread(ts);
    if (st == NONET_OK || st == NONET_ECONFLICT)
      memcpy(cand, s->cand, sizeof *cand * (size_t)nn);
    PyMem_RawFree(s);
    if (st != NONET_OK && st != NONET_ECONFLICT) return ext_raise_status(st);
    if (cell >= 0) return PyLong_FromUnsignedLong(cand[cell]);
  }
  PyObject *list = PyList_New(nn);
  for (int i = 0; list && i < nn; i++)
    PyList_SET_ITEM(list, i, PyLong_FromUnsignedLong(cand[i]));
  return list;
}

/* vis_solution(rules, puzzle, grid): whether `grid` is a full grid keeping
 * every rule and every given of `puzzle` (None: no givens). */
PyObject *ext_vis_solution(PyObject *self, PyObject *args) {
  PyObject *rules, *puzzle, *grid;
  ext_vpuzzle p, g;
  if (!PyArg_ParseTuple(args, "OOO", &rules, &puzzle, &grid) ||
      ext_vpuzzle_read(rules, grid, &g) < 0 ||
      (puzzle != Py_None && ext_vpuzzle_read(rules, puzzle, &p) < 0))
    return NULL;
  return PyBool_FromLong(nonet_variant_is_solution(
      g.v, puzzle != Py_None ? p.cells : NULL, g.cells));
}
