/* vlogic.c: the logic engine of variant puzzles (nonet_vlogic_*), as nonet
 * hint, explain and rate use it on a variant record: the technique options
 * (split between the engines as the command splits them), the next step,
 * the whole path and the level. Steps are the JSON objects
 * nonet_vstep_json writes, with the members of classic steps. */
#include "ext.h"

#include <stdlib.h>
#include <string.h>

#define JSON_MAX 65536 /* nonet_vstep_json's room with NONET_JSON_DETAILS */

/* A list of techniques as the command takes it: a comma-separated str, or
 * a sequence of keys or names. A new reference to a str, or NULL. */
static PyObject *joined(PyObject *v) {
  if (PyUnicode_Check(v)) return Py_NewRef(v);
  PyObject *comma = PyUnicode_FromString(",");
  PyObject *s = comma ? PyUnicode_Join(comma, v) : NULL;
  Py_XDECREF(comma);
  return s;
}

/* Appends "name" to a comma-separated list in a growing buffer. */
static int append(char **list, size_t *len, const char *name, size_t n) {
  char *l = PyMem_Realloc(*list, *len + n + 2);
  if (!l) return -1;
  if (*len) l[(*len)++] = ',';
  memcpy(l + *len, name, n);
  *len += n;
  l[*len] = 0;
  *list = l;
  return 0;
}

/* One option ("techniques" or "exclude"): the names the variant engine
 * knows go to it; the others are checked by the classic engine, which
 * names one that neither knows in its message. 0, or -1 with an
 * exception. */
static int apply(nonet_vlogic_options *o, const char *name, PyObject *value) {
  PyObject *s = joined(value);
  const char *text = s ? PyUnicode_AsUTF8(s) : NULL;
  if (!text) {
    Py_XDECREF(s);
    return -1;
  }
  char *classic = NULL, *variant = NULL;
  size_t clen = 0, vlen = 0;
  int oom = 0;
  for (const char *p = text; *p && !oom;) {
    while (*p == ' ') p++;
    size_t len = strcspn(p, ",");
    char one[128];
    snprintf(one, sizeof one, "%.*s", (int)len, p);
    for (size_t k = strlen(one); k && one[k - 1] == ' ';) one[--k] = 0;
    int c = nonet_technique_from_name(one) >= 0,
        v = nonet_vtech_from_name(one) >= 0;
    if (c || !v) oom |= append(&classic, &clen, one, strlen(one));
    if (v) oom |= append(&variant, &vlen, one, strlen(one));
    p += len;
    if (*p) p++;
  }
  Py_DECREF(s);
  char err[160];
  int r = 0;
  if (oom) {
    PyErr_NoMemory();
    r = -1;
  } else {
    nonet_logic_options *co = nonet_logic_options_new();
    if (!co) {
      PyErr_NoMemory();
      r = -1;
    } else if (nonet_logic_options_parse(co, name, classic ? classic : "", err,
                                         sizeof err) != NONET_OK ||
               nonet_vlogic_options_parse(o, name, variant ? variant : "", err,
                                          sizeof err) != NONET_OK) {
      PyErr_SetString(ext_OptionError, err);
      r = -1;
    }
    nonet_logic_options_free(co);
  }
  PyMem_Free(classic);
  PyMem_Free(variant);
  return r;
}

nonet_vlogic_options *ext_vlogic_options(PyObject *techniques,
                                         PyObject *exclude) {
  nonet_vlogic_options *o = nonet_vlogic_options_new();
  if (!o) {
    PyErr_NoMemory();
    return NULL;
  }
  if ((techniques != Py_None && apply(o, "techniques", techniques) < 0) ||
      (exclude != Py_None && apply(o, "exclude", exclude) < 0)) {
    nonet_vlogic_options_free(o);
    return NULL;
  }
  return o;
}

/* The arguments hint, explain and rate share: the puzzle and the options
 * (uniqueness is taken and ignored: the variant engine has no technique
 * that relies on one solution). */
typedef struct vlogic_args {
  ext_vpuzzle p;
  nonet_vlogic_options *o;
  nonet_vlogic_state *s; /* the state, on the heap (4 KB and more) */
  int details;
} vlogic_args;

static int parse_args(PyObject *args, PyObject *kw, vlogic_args *a,
                      int with_details) {
  static char *names[] = {"rules",      "cells",   "techniques", "exclude",
                          "uniqueness", "details", NULL};
  static char *names5[] = {"rules",   "cells",      "techniques",
                           "exclude", "uniqueness", NULL};
  PyObject *rules, *cells, *techniques = Py_None, *exclude = Py_None;
  int uniqueness = 1;
  a->details = 0;
  a->o = NULL;
  a->s = NULL;
  if (!PyArg_ParseTupleAndKeywords(
          args, kw, with_details ? "OO|OOpp" : "OO|OOp",
          with_details ? names : names5, &rules, &cells, &techniques, &exclude,
          &uniqueness, &a->details) ||
      ext_vpuzzle_read(rules, cells, &a->p) < 0 || ext_raise_vconflicts(&a->p))
    return -1;
  if (!(a->s = PyMem_RawMalloc(sizeof *a->s))) {
    PyErr_NoMemory();
    return -1;
  }
  a->o = ext_vlogic_options(techniques, exclude);
  return a->o ? 0 : -1;
}

static void done(vlogic_args *a) {
  nonet_vlogic_options_free(a->o);
  PyMem_RawFree(a->s);
}

/* The state of a puzzle and its number of solutions (up to 2), or a
 * status below 0. */
static long start(vlogic_args *a) {
  int st = nonet_vlogic_init(a->s, a->p.v, a->p.cells);
  if (st != NONET_OK) return st;
  return a->s->unique ? 1
                      : nonet_variant_solve(a->p.v, a->p.cells, NULL, 2, NULL);
}

/* vhint(rules, cells, techniques=None, exclude=None, uniqueness=True,
 * details=False): the next step as JSON text, or None when the grid is
 * full; the classic hint's errors. */
PyObject *ext_vhint(PyObject *self, PyObject *args, PyObject *kw) {
  vlogic_args a;
  char *json = NULL;
  nonet_vstep *step = NULL;
  PyObject *res = NULL;
  if (parse_args(args, kw, &a, 1) < 0) goto out;
  json = PyMem_RawMalloc(JSON_MAX);
  step = PyMem_RawMalloc(sizeof *step);
  if (!json || !step) {
    PyErr_NoMemory();
    goto out;
  }
  int found = 0, solved = 0;
  PyThreadState *ts = PyEval_SaveThread();
  long n = start(&a);
  if (n > 0 && !(solved = nonet_vlogic_solved(a.s)))
    found = nonet_vlogic_find(a.s, a.o, step);
  if (found == 1)
    nonet_vstep_json(step, a.details ? NONET_JSON_DETAILS : 0, json, JSON_MAX);
  PyEval_RestoreThread(ts);
  if (n < 0)
    ext_raise_status((int)n);
  else if (n == 0)
    PyErr_SetString(ext_NoSolution, "no solution: some digit is wrong");
  else if (solved)
    res = Py_NewRef(Py_None);
  else if (found < 0)
    ext_raise_status(found);
  else if (found == 0)
    PyErr_SetString(ext_Error, n > 1 ? "no step found (the puzzle has several "
                                       "solutions)"
                                     : "no step found");
  else
    res = PyUnicode_FromString(json);
out:
  done(&a);
  PyMem_RawFree(json);
  PyMem_RawFree(step);
  return res;
}

/* The steps of each technique used, keyed by name or key. */
static PyObject *vcounts(const unsigned counts[], int by_name) {
  PyObject *d = PyDict_New();
  for (int t = 0; d && t < nonet_vtech_count(); t++) {
    if (!counts[t]) continue;
    PyObject *v = PyLong_FromUnsignedLong(counts[t]);
    const char *k = by_name ? nonet_vtech_name((nonet_vtech)t)
                            : nonet_vtech_key((nonet_vtech)t);
    if (!v || PyDict_SetItemString(d, k, v) < 0) Py_CLEAR(d);
    Py_XDECREF(v);
  }
  return d;
}

/* The path's steps, one JSON object a line. */
typedef struct path {
  char *text, *json;
  size_t len, cap;
  unsigned flags;
  int oom;
} path;

static int on_step(const nonet_vlogic_state *s, const nonet_vstep *step,
                   void *ctx) {
  path *p = ctx;
  size_t n = nonet_vstep_json(step, p->flags, p->json, JSON_MAX);
  if (n >= JSON_MAX) n = JSON_MAX - 1;
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

/* vexplain(rules, cells, techniques=None, exclude=None, uniqueness=True,
 * details=False) -> (steps as JSON lines, solved, {technique name:
 * steps}); the puzzle must have one solution, as for classic puzzles. */
PyObject *ext_vexplain(PyObject *self, PyObject *args, PyObject *kw) {
  vlogic_args a;
  if (parse_args(args, kw, &a, 1) < 0) {
    done(&a);
    return NULL;
  }
  path p = {NULL, malloc(JSON_MAX), 0, 0, a.details ? NONET_JSON_DETAILS : 0,
            0};
  nonet_vlogic_result r;
  int st = 0;
  long n = 0;
  PyThreadState *ts = PyEval_SaveThread();
  if (p.json) {
    n = start(&a);
    if (n == 1) st = nonet_vlogic_solve(a.s, a.o, on_step, &p, &r);
  }
  PyEval_RestoreThread(ts);
  done(&a);
  PyObject *res = NULL;
  if (!p.json || p.oom || st == NONET_ENOMEM || n == NONET_ENOMEM)
    PyErr_NoMemory();
  else if (n < 0)
    ext_raise_status((int)n);
  else if (n != 1)
    PyErr_SetString(n ? ext_MultipleSolutions : ext_NoSolution,
                    n ? "multiple solutions" : "no solution");
  else if (st < 0)
    ext_raise_status(st);
  else {
    PyObject *stats = vcounts(r.counts, 1);
    if (stats)
      res = Py_BuildValue("(s#ON)", p.text ? p.text : "", (Py_ssize_t)p.len,
                          r.solved ? Py_True : Py_False, stats);
  }
  free(p.text);
  free(p.json);
  return res;
}

/* vrate(rules, cells, techniques=None, exclude=None, uniqueness=True) ->
 * (level, technique, {key: steps}): the hardest technique of the path, as
 * `nonet rate` rates every variant. */
PyObject *ext_vrate(PyObject *self, PyObject *args, PyObject *kw) {
  vlogic_args a;
  if (parse_args(args, kw, &a, 0) < 0) {
    done(&a);
    return NULL;
  }
  nonet_vlogic_result r;
  int st = 0;
  PyThreadState *ts = PyEval_SaveThread();
  long n = start(&a);
  if (n == 1) st = nonet_vlogic_solve(a.s, a.o, NULL, NULL, &r);
  PyEval_RestoreThread(ts);
  done(&a);
  if (n < 0) return ext_raise_status((int)n);
  if (n != 1) {
    PyErr_SetString(n ? ext_MultipleSolutions : ext_NoSolution,
                    n ? "multiple solutions" : "no solution");
    return NULL;
  }
  if (st < 0) return ext_raise_status(st);
  if (!r.solved) {
    PyErr_SetString(ext_Error, "not solved with the chosen techniques");
    return NULL;
  }
  PyObject *counts = vcounts(r.counts, 0);
  if (!counts) return NULL;
  return Py_BuildValue(
      "(ssN)", nonet_level_name(r.level),
      r.decisive >= 0 ? nonet_vtech_name((nonet_vtech)r.decisive) : "none",
      counts);
}

/* vtechniques() -> [(key, name, level name, False)], default order */
PyObject *ext_vtechniques(PyObject *self, PyObject *noargs) {
  nonet_vtech order[NONET_VTECH_SLOTS];
  nonet_vlogic_options *o = nonet_vlogic_options_new();
  if (!o) return PyErr_NoMemory();
  size_t n = nonet_vlogic_options_order(o, order, NONET_VTECH_SLOTS);
  nonet_vlogic_options_free(o);
  PyObject *list = PyList_New((Py_ssize_t)n);
  for (size_t k = 0; list && k < n; k++) {
    nonet_vtech t = order[k];
    PyObject *item = Py_BuildValue(
        "(sssO)", nonet_vtech_key(t), nonet_vtech_name(t),
        nonet_level_name((nonet_level)nonet_vtech_level(t)), Py_False);
    if (!item) {
      Py_CLEAR(list);
      break;
    }
    PyList_SET_ITEM(list, (Py_ssize_t)k, item);
  }
  return list;
}
