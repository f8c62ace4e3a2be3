/* logic.c: the logic engine, as nonet hint and nonet explain use it: the
 * technique options, the next step and the whole path, each step as the
 * JSON object nonet_step_json writes (the objects of `nonet explain
 * --format jsonl`). */
#include "ext.h"

#include <stdlib.h>
#include <string.h>

PyObject *ext_joined(PyObject *v) {
  if (PyUnicode_Check(v)) return Py_NewRef(v);
  PyObject *comma = PyUnicode_FromString(",");
  PyObject *s = comma ? PyUnicode_Join(comma, v) : NULL;
  Py_XDECREF(comma);
  return s;
}

/* Applies one option by the command's name (value NULL for a flag); 0, or
 * -1 with OptionError (or TypeError for a list that is not of str). */
static int apply(nonet_logic_options *o, const char *name, PyObject *value) {
  PyObject *s = NULL;
  const char *text = NULL;
  if (value && (!(s = ext_joined(value)) || !(text = PyUnicode_AsUTF8(s)))) {
    Py_XDECREF(s);
    return -1;
  }
  char err[160];
  int r = nonet_logic_options_parse(o, name, text, err, sizeof err);
  Py_XDECREF(s);
  if (r == NONET_OK) return 0;
  if (r == NONET_ENOMEM)
    PyErr_NoMemory();
  else
    PyErr_SetString(ext_OptionError, err);
  return -1;
}

nonet_logic_options *ext_logic_options(PyObject *techniques, PyObject *exclude,
                                       int uniqueness) {
  nonet_logic_options *o = nonet_logic_options_new();
  if (!o) {
    PyErr_NoMemory();
    return NULL;
  }
  if ((techniques != Py_None && apply(o, "techniques", techniques) < 0) ||
      (exclude != Py_None && apply(o, "exclude", exclude) < 0) ||
      (!uniqueness && apply(o, "no-uniqueness", NULL) < 0)) {
    nonet_logic_options_free(o);
    return NULL;
  }
  return o;
}

/* The arguments hint and explain share. */
typedef struct logic_args {
  uint8_t cells[81];
  nonet_logic_options *o;
  int details;
} logic_args;

static int parse_args(PyObject *args, PyObject *kw, logic_args *a) {
  static char *names[] = {"puzzle",     "techniques", "exclude",
                          "uniqueness", "details",    NULL};
  PyObject *techniques = Py_None, *exclude = Py_None;
  int uniqueness = 1;
  a->details = 0;
  if (!PyArg_ParseTupleAndKeywords(args, kw, "O&|OOpp", names,
                                   ext_cells_converter, a->cells, &techniques,
                                   &exclude, &uniqueness, &a->details))
    return -1;
  if (ext_raise_conflicts(a->cells)) return -1;
  a->o = ext_logic_options(techniques, exclude, uniqueness);
  return a->o ? 0 : -1;
}

/* The state of a puzzle and its number of solutions (up to 2). */
static long start(nonet_logic_state *s, const uint8_t cells[81]) {
  nonet_logic_init(s, cells);
  return s->unique ? 1 : nonet_solve(cells, NULL, 2, NULL);
}

/* hint(puzzle, techniques=None, exclude=None, uniqueness=True,
 * details=False): the next step as JSON text (with details: every member
 * of NONET_JSON_DETAILS), or None when the grid is full. */
PyObject *ext_hint(PyObject *self, PyObject *args, PyObject *kw) {
  logic_args a;
  if (parse_args(args, kw, &a) < 0) return NULL;
  char *json = PyMem_RawMalloc(EXT_JSON_MAX);
  if (!json) {
    nonet_logic_options_free(a.o);
    return PyErr_NoMemory();
  }
  nonet_logic_state s;
  nonet_step step;
  int found = 0, solved = 0;
  PyThreadState *ts = PyEval_SaveThread();
  long n = start(&s, a.cells);
  if (n > 0 && !(solved = nonet_logic_solved(&s)))
    found = nonet_logic_find(&s, a.o, &step);
  if (found == 1)
    nonet_step_json(&step, a.details ? NONET_JSON_DETAILS : 0, json,
                    EXT_JSON_MAX);
  PyEval_RestoreThread(ts);
  nonet_logic_options_free(a.o);
  PyObject *res = ext_hint_result(n, solved, found, json);
  PyMem_RawFree(json);
  return res;
}

PyObject *ext_hint_result(long n, int solved, int found, const char *json) {
  PyObject *res = NULL;
  if (n < 0)
    ext_raise_status((int)n);
  else if (n == 0)
    PyErr_SetString(ext_NoSolution, "no solution: some digit is wrong");
  else if (solved)
    res = Py_NewRef(Py_None);
  else if (found < 0)
    ext_raise_status(found);
  else if (found == 0 && n > 1) /* (a subclass of Error, as before) */
    PyErr_SetString(ext_MultipleSolutions,
                    "no step found (the puzzle has several solutions)");
  else if (found == 0)
    PyErr_SetString(ext_Error, "no step found");
  else
    res = PyUnicode_FromString(json);
  return res;
}

int ext_path_add(ext_path *p, size_t n) {
  if (n >= EXT_JSON_MAX) n = EXT_JSON_MAX - 1;
  if (p->len + n + 2 > p->cap) {
    size_t cap = 2 * p->cap + n + 2;
    char *t = realloc(p->text, cap);
    if (!t) {
      p->oom = 1;
      return 1;
    }
    p->text = t;
    p->cap = cap;
  }
  memcpy(p->text + p->len, p->json, n);
  p->len += n;
  p->text[p->len++] = '\n';
  return 0;
}

PyObject *ext_explain_result(ext_path *p, long n, int st, int solved,
                             const unsigned counts[], int variant) {
  PyObject *res = NULL;
  if (!p->json || p->oom || st == NONET_ENOMEM || n == NONET_ENOMEM)
    PyErr_NoMemory();
  else if (n < 0)
    ext_raise_status((int)n);
  else if (n != 1)
    PyErr_SetString(n ? ext_MultipleSolutions : ext_NoSolution,
                    n ? "multiple solutions" : "no solution");
  else if (st < 0)
    ext_raise_status(st);
  else {
    PyObject *stats = ext_counts(counts, variant, 1);
    if (stats)
      res = Py_BuildValue("(s#ON)", p->text ? p->text : "", (Py_ssize_t)p->len,
                          solved ? Py_True : Py_False, stats);
  }
  free(p->text);
  free(p->json);
  return res;
}

static int on_step(const nonet_logic_state *s, const nonet_step *step,
                   void *ctx) {
  ext_path *p = ctx;
  return ext_path_add(p,
                      nonet_step_json(step, p->flags, p->json, EXT_JSON_MAX));
}

/* explain(puzzle, techniques=None, exclude=None, uniqueness=True,
 * details=False) -> (steps as JSON lines, solved, {technique name: steps}) */
PyObject *ext_explain(PyObject *self, PyObject *args, PyObject *kw) {
  logic_args a;
  if (parse_args(args, kw, &a) < 0) return NULL;
  ext_path p = {
      NULL, malloc(EXT_JSON_MAX), 0, 0, a.details ? NONET_JSON_DETAILS : 0, 0};
  nonet_logic_state s;
  nonet_logic_result r;
  memset(&r, 0, sizeof r);
  int st = 0;
  long n = 0;
  PyThreadState *ts = PyEval_SaveThread();
  if (p.json) {
    n = start(&s, a.cells);
    if (n == 1) st = nonet_logic_solve(&s, a.o, on_step, &p, &r);
  }
  PyEval_RestoreThread(ts);
  nonet_logic_options_free(a.o);
  return ext_explain_result(&p, n, st, r.solved, r.counts, 0);
}

PyObject *ext_counts(const unsigned counts[], int variant, int by_name) {
  PyObject *d = PyDict_New();
  int n = variant ? nonet_vtech_count() : nonet_technique_count();
  for (int t = 0; d && t < n; t++) {
    if (!counts[t]) continue;
    PyObject *v = PyLong_FromUnsignedLong(counts[t]);
    const char *k;
    if (variant)
      k = by_name ? nonet_vtech_name((nonet_vtech)t)
                  : nonet_vtech_key((nonet_vtech)t);
    else
      k = by_name ? nonet_technique_name((nonet_technique)t)
                  : nonet_technique_key((nonet_technique)t);
    if (!v || PyDict_SetItemString(d, k, v) < 0) Py_CLEAR(d);
    Py_XDECREF(v);
  }
  return d;
}

/* techniques() -> [(key, name, level name, uniqueness)], default order */
PyObject *ext_techniques(PyObject *self, PyObject *noargs) {
  nonet_technique order[NONET_TECH_SLOTS];
  size_t n = nonet_technique_default_order(order, NONET_TECH_SLOTS);
  PyObject *list = PyList_New((Py_ssize_t)n);
  for (size_t k = 0; list && k < n; k++) {
    nonet_technique t = order[k];
    PyObject *item =
        Py_BuildValue("(sssO)", nonet_technique_key(t), nonet_technique_name(t),
                      nonet_level_name((nonet_level)nonet_technique_level(t)),
                      nonet_technique_is_uniqueness(t) ? Py_True : Py_False);
    if (!item) {
      Py_CLEAR(list);
      break;
    }
    PyList_SET_ITEM(list, (Py_ssize_t)k, item);
  }
  return list;
}
