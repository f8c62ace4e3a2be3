/* rate.c: difficulty. On Sudoku Explainer's scale (nonet_rate: one
 * puzzle, or an array on threads), and by the hardest technique of the
 * logic engine's path (nonet rate --by technique). Refusals carry the
 * command's messages. */
#include "ext.h"

#include <math.h>

/* Raises the reason a puzzle has no rating, as nonet rate says it. */
static PyObject *refused(const uint8_t cells[81], int status) {
  if (status == NONET_ENOMEM) return PyErr_NoMemory();
  if (ext_raise_conflicts(cells)) return NULL;
  long n = nonet_solve(cells, NULL, 2, NULL);
  if (n == 0)
    PyErr_SetString(ext_NoSolution, "no solution");
  else if (n > 1)
    PyErr_SetString(ext_MultipleSolutions, "multiple solutions");
  else
    PyErr_SetString(ext_Error, "cannot rate this puzzle");
  return NULL;
}

/* rate(puzzle) -> (er, ep, ed, level, steps, technique), ER/EP/ED in
 * tenths, level a name. */
PyObject *ext_rate(PyObject *self, PyObject *args) {
  uint8_t cells[81];
  if (!PyArg_ParseTuple(args, "O&", ext_cells_converter, cells)) return NULL;
  nonet_rating r;
  PyThreadState *ts = PyEval_SaveThread();
  int st = nonet_rate(cells, &r);
  PyEval_RestoreThread(ts);
  if (st != NONET_OK) return refused(cells, st);
  return Py_BuildValue("(iiisis)", r.er, r.ep, r.ed, nonet_level_name(r.level),
                       r.steps, r.technique);
}

typedef struct rate_batch {
  const uint8_t *in;
  double *er, *ep, *ed;
  int8_t *level;
} rate_batch;

static int rate_one(ext_pool *p, size_t i) {
  rate_batch *b = p->ctx;
  nonet_rating r;
  int st = nonet_rate(b->in + 81 * i, &r);
  if (st == NONET_ENOMEM) return st;
  if (st != NONET_OK) {
    b->er[i] = b->ep[i] = b->ed[i] = NAN;
    b->level[i] = -1;
  } else {
    b->er[i] = r.er / 10.0;
    b->ep[i] = r.ep / 10.0;
    b->ed[i] = r.ed / 10.0;
    b->level[i] = (int8_t)r.level;
  }
  return 0;
}

/* rate_many(puzzles, er, ep, ed, level, threads): float64 ER/EP/ED (NaN
 * for a puzzle without exactly one solution) and int8 levels (-1). */
PyObject *ext_rate_many(PyObject *self, PyObject *args, PyObject *kw) {
  static char *names[] = {"puzzles", "er",      "ep", "ed",
                          "level",   "threads", NULL};
  Py_buffer in, er, ep, ed, lv;
  long threads = 0;
  if (!PyArg_ParseTupleAndKeywords(args, kw, "y*w*w*w*w*|l", names, &in, &er,
                                   &ep, &ed, &lv, &threads))
    return NULL;
  PyObject *res = NULL;
  Py_ssize_t n = ext_rows(&in);
  if (n < 0 || ext_room(&er, n, 8, "er") < 0 || ext_room(&ep, n, 8, "ep") < 0 ||
      ext_room(&ed, n, 8, "ed") < 0 || ext_room(&lv, n, 1, "level") < 0)
    goto done;
  rate_batch b = {in.buf, er.buf, ep.buf, ed.buf, lv.buf};
  ext_pool p = {.n = (size_t)n, .block = 1, .work = rate_one, .ctx = &b};
  p.threads = ext_threads(threads, (size_t)n);
  int r = ext_pool_run(&p);
  if (r > 0) ext_raise_status(atomic_load(&p.error));
  if (r == 0) res = Py_NewRef(Py_None);
done:
  PyBuffer_Release(&in);
  PyBuffer_Release(&er);
  PyBuffer_Release(&ep);
  PyBuffer_Release(&ed);
  PyBuffer_Release(&lv);
  return res;
}

/* rate_technique(puzzle, techniques=None, exclude=None, uniqueness=True)
 * -> (level, technique, {key: steps}) */
PyObject *ext_rate_technique(PyObject *self, PyObject *args, PyObject *kw) {
  static char *names[] = {"puzzle", "techniques", "exclude", "uniqueness",
                          NULL};
  uint8_t cells[81];
  PyObject *techniques = Py_None, *exclude = Py_None;
  int uniqueness = 1;
  if (!PyArg_ParseTupleAndKeywords(args, kw, "O&|OOp", names,
                                   ext_cells_converter, cells, &techniques,
                                   &exclude, &uniqueness))
    return NULL;
  if (ext_raise_conflicts(cells)) return NULL;
  nonet_logic_options *o = ext_logic_options(techniques, exclude, uniqueness);
  if (!o) return NULL;
  nonet_logic_state s;
  nonet_logic_result r;
  PyThreadState *ts = PyEval_SaveThread();
  nonet_logic_init(&s, cells);
  long count = s.unique ? 1 : nonet_solve(cells, NULL, 2, NULL);
  int st = s.unique ? nonet_logic_solve(&s, o, NULL, NULL, &r) : 0;
  PyEval_RestoreThread(ts);
  nonet_logic_options_free(o);
  if (count != 1) {
    PyErr_SetString(count ? ext_MultipleSolutions : ext_NoSolution,
                    count ? "multiple solutions" : "no solution");
    return NULL;
  }
  if (st < 0) return ext_raise_status(st);
  if (!r.solved) {
    PyErr_SetString(ext_Error, "not solved with the chosen techniques");
    return NULL;
  }
  PyObject *counts = ext_counts(r.counts, 0, 0);
  if (!counts) return NULL;
  return Py_BuildValue(
      "(ssN)", nonet_level_name(r.level),
      r.decisive >= 0 ? nonet_technique_name(r.decisive) : "none", counts);
}
