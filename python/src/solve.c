/* solve.c: one puzzle at a time: solve, count, check, candidates, and
 * writing a grid in an output format. Results and messages are the
 * command's (nonet solve, count, check). */
#include "ext.h"

#include <string.h>

/* nonet_solve with the GIL released; a long count (ext_may_run_long) or
 * one with a timeout (seconds, 0: none) under a watch for Ctrl-C
 * (EXT_INTERRUPTED, the exception set), by nonet_solve_until, which ends
 * with NONET_ESTOPPED after the timeout. */
static long solve(const uint8_t cells[81], uint8_t *sol, long limit,
                  double timeout) {
  if (timeout > 0 || ext_may_run_long(NULL, limit))
    return ext_solve_watched(NULL, cells, sol, limit, timeout);
  PyThreadState *ts = PyEval_SaveThread();
  long n = nonet_solve(cells, sol, limit, NULL);
  PyEval_RestoreThread(ts);
  return n;
}

int ext_limit_ok(long limit) {
  if (limit >= 1) return 0;
  PyErr_Format(PyExc_ValueError, "limit must be 1 or more, not %ld", limit);
  return -1;
}

int ext_format_of(const char *name) {
  int f = nonet_format_from_name(name);
  if (f > 0) return f;
  PyErr_Format(ext_OptionError, "unknown format '%s' (line, grid, json, csv)",
               name);
  return -1;
}

PyObject *ext_verdict(long n, PyObject *removable) {
  if (!removable) return NULL;
  if (n < 0) {
    Py_DECREF(removable);
    return ext_raise_status((int)n);
  }
  return Py_BuildValue("(s[]N)",
                       n == 0  ? "no solution"
                       : n > 1 ? "multiple solutions"
                               : "unique",
                       removable);
}

PyObject *ext_solve(PyObject *self, PyObject *args, PyObject *kw) {
  static char *names[] = {"puzzle", "first", "timeout", NULL};
  uint8_t cells[81], sol[81];
  int first = 0;
  double timeout = 0;
  if (!PyArg_ParseTupleAndKeywords(args, kw, "O&|pd", names,
                                   ext_cells_converter, cells, &first,
                                   &timeout) ||
      ext_timeout_ok(timeout) < 0)
    return NULL;
  long n = solve(cells, sol, first ? 1 : 2, timeout);
  if (!ext_search_ok(n, timeout)) return NULL;
  if (n == 0) {
    if (!ext_raise_conflicts(cells))
      PyErr_SetString(ext_NoSolution, "no solution");
    return NULL;
  }
  if (n > 1) {
    PyErr_SetString(ext_MultipleSolutions, "multiple solutions");
    return NULL;
  }
  return ext_cells_bytes(sol);
}

/* count(puzzle, limit=1000, timeout=0.0): solutions up to the limit;
 * SearchTimeout after the timeout (seconds, 0: none). */
PyObject *ext_count(PyObject *self, PyObject *args, PyObject *kw) {
  static char *names[] = {"puzzle", "limit", "timeout", NULL};
  uint8_t cells[81];
  long limit = 1000;
  double timeout = 0;
  if (!PyArg_ParseTupleAndKeywords(args, kw, "O&|ld", names,
                                   ext_cells_converter, cells, &limit,
                                   &timeout) ||
      ext_timeout_ok(timeout) < 0)
    return NULL;
  if (ext_limit_ok(limit) < 0) return NULL;
  long n = solve(cells, NULL, limit, timeout);
  if (!ext_search_ok(n, timeout)) return NULL;
  return PyLong_FromLong(n);
}

/* The givens that can be removed one at a time keeping one solution. */
static PyObject *removable(const uint8_t cells[81]) {
  uint8_t g[81];
  int idx[81], n = 0;
  memcpy(g, cells, 81);
  PyThreadState *ts = PyEval_SaveThread();
  for (int i = 0; i < 81; i++) {
    if (!g[i]) continue;
    uint8_t v = g[i];
    g[i] = 0;
    if (nonet_solve(g, NULL, 2, NULL) == 1) idx[n++] = i;
    g[i] = v;
  }
  PyEval_RestoreThread(ts);
  PyObject *list = PyList_New(n);
  for (int k = 0; list && k < n; k++)
    PyList_SET_ITEM(list, k, PyLong_FromLong(idx[k]));
  return list;
}

/* (status, conflicts, removable): status "unique", "multiple solutions",
 * "no solution" or "invalid"; conflicts the messages of broken rules;
 * removable the givens that are not needed (with minimal, for a unique
 * puzzle), else None. */
PyObject *ext_check(PyObject *self, PyObject *args, PyObject *kw) {
  static char *names[] = {"puzzle", "minimal", "timeout", NULL};
  uint8_t cells[81];
  int minimal = 0;
  double timeout = 0;
  if (!PyArg_ParseTupleAndKeywords(args, kw, "O&|pd", names,
                                   ext_cells_converter, cells, &minimal,
                                   &timeout) ||
      ext_timeout_ok(timeout) < 0)
    return NULL;
  PyObject *conflicts = ext_conflicts(cells);
  if (!conflicts) return NULL;
  if (PyList_GET_SIZE(conflicts))
    return Py_BuildValue("(sNO)", "invalid", conflicts, Py_None);
  Py_DECREF(conflicts);
  long n = solve(cells, NULL, 2, timeout);
  if (!ext_search_ok(n, timeout)) return NULL;
  return ext_verdict(n,
                     n == 1 && minimal ? removable(cells) : Py_NewRef(Py_None));
}

/* candidates(puzzle, row=-1, col=-1): without a cell, the candidates of
 * every cell as digit masks (bit d-1 for digit d; 0 for a filled cell);
 * with row and col (0..8), the digits that may go in that cell, ignoring
 * its own content. */
PyObject *ext_candidates(PyObject *self, PyObject *args, PyObject *kw) {
  static char *names[] = {"puzzle", "row", "col", NULL};
  uint8_t cells[81];
  int row = -1, col = -1;
  if (!PyArg_ParseTupleAndKeywords(args, kw, "O&|ii", names,
                                   ext_cells_converter, cells, &row, &col))
    return NULL;
  if (row != -1 || col != -1) {
    if (row < 0 || row > 8 || col < 0 || col > 8) {
      PyErr_SetString(PyExc_ValueError,
                      "give both row and col, each 0..8 (0-based)");
      return NULL;
    }
    return PyLong_FromLong(nonet_candidates(cells, row, col));
  }
  PyObject *list = PyList_New(81);
  for (int i = 0; list && i < 81; i++)
    PyList_SET_ITEM(
        list, i,
        PyLong_FromLong(cells[i] ? 0 : nonet_candidates(cells, i / 9, i % 9)));
  return list;
}

PyObject *ext_format(PyObject *self, PyObject *args, PyObject *kw) {
  static char *names[] = {"puzzle", "fmt", "zero", NULL};
  uint8_t cells[81];
  const char *fmt = "line";
  int zero = 0;
  if (!PyArg_ParseTupleAndKeywords(args, kw, "O&|sp", names,
                                   ext_cells_converter, cells, &fmt, &zero))
    return NULL;
  int f = ext_format_of(fmt);
  if (f < 0) return NULL;
  char text[512];
  nonet_format_grid(cells, (nonet_format)f, zero ? NONET_FMT_ZERO : 0, text,
                    sizeof text);
  return PyUnicode_FromString(text);
}
