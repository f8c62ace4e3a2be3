/* vlogic.c: the logic engine of variant puzzles (nonet_vlogic_*), as nonet
 * hint, explain and rate use it on a variant record: the technique options
 * (split between the engines as the command splits them), the next step,
 * the whole path and the level. Steps are the JSON objects
 * nonet_vstep_json writes, with the members of classic steps. */
#include "ext.h"

#include <stdlib.h>
#include <string.h>

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
  PyObject *s = ext_joined(value);
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
  double timeout; /* seconds the search for the solutions and the path may
                     take */
  ext_deadline deadline; /* `timeout` from the call's start */
} vlogic_args;

static int parse_args(PyObject *args, PyObject *kw, vlogic_args *a,
                      int with_details) {
  static char *names[] = {"rules",      "cells",   "techniques", "exclude",
                          "uniqueness", "timeout", "details",    NULL};
  static char *names6[] = {"rules",      "cells",   "techniques", "exclude",
                           "uniqueness", "timeout", NULL};
  PyObject *rules, *cells, *techniques = Py_None, *exclude = Py_None;
  int uniqueness = 1;
  a->details = 0;
  a->timeout = 0;
  a->o = NULL;
  a->s = NULL;
  if (!PyArg_ParseTupleAndKeywords(
          args, kw, with_details ? "OO|OOpdp" : "OO|OOpd",
          with_details ? names : names6, &rules, &cells, &techniques, &exclude,
          &uniqueness, &a->timeout, &a->details) ||
      ext_timeout_ok(a->timeout) < 0 ||
      ext_vpuzzle_read(rules, cells, &a->p) < 0 || ext_raise_vconflicts(&a->p))
    return -1;
  if (!(a->s = PyMem_RawMalloc(sizeof *a->s))) {
    PyErr_NoMemory();
    return -1;
  }
  a->o = ext_vlogic_options(techniques, exclude);
  ext_deadline_start(&a->deadline, a->timeout);
  return a->o ? 0 : -1;
}

/* The path runs on the calling thread, the GIL released; its stop asks
 * for the call's deadline and, every 0.1 s at most, takes the GIL back to
 * look at signals, so Ctrl-C (KeyboardInterrupt) ends a long path too. */
typedef struct path_watch {
  const ext_deadline *deadline;
  PyThreadState *ts; /* the caller's, while the GIL is released */
  double last;       /* ext_now() at the last look at signals */
  int interrupted;   /* a handler raised: the exception is set */
} path_watch;

static int path_asked_to_stop(void *ctx) {
  path_watch *w = ctx;
  if (w->interrupted || ext_deadline_past(w->deadline)) return 1;
  double now = ext_now();
  if (now - w->last < 0.1) return 0;
  if (ext_check_signals(&w->ts) < 0) w->interrupted = 1;
  w->last = ext_now();
  return w->interrupted;
}

/* Releases the GIL for the path (path_end takes it back). */
static void path_begin(path_watch *w, const vlogic_args *a) {
  w->deadline = &a->deadline;
  w->interrupted = 0;
  w->last = ext_now();
  w->ts = PyEval_SaveThread();
}

/* Takes the GIL back: 1 when Ctrl-C (or another handler) raised, the
 * exception set. */
static int path_end(path_watch *w) {
  PyEval_RestoreThread(w->ts);
  return w->interrupted;
}

static void done(vlogic_args *a) {
  nonet_vlogic_options_free(a->o);
  PyMem_RawFree(a->s);
}

/* The state of a puzzle and its number of solutions (up to 2), or a
 * status below 0; called with the GIL, which the search goes without. A
 * search that may run long (16x16 and up) or has a timeout runs under a
 * watch for Ctrl-C. EXT_INTERRUPTED with the exception set
 * (KeyboardInterrupt, SearchTimeout after `timeout` seconds). */
static long start(vlogic_args *a) {
  long n;
  if (a->timeout > 0 || ext_may_run_long(a->p.v, 2)) {
    n = ext_vlogic_init_watched(a->p.v, a->p.cells, a->s, a->timeout);
    if (n == EXT_INTERRUPTED) return n;
  } else {
    PyThreadState *ts = PyEval_SaveThread();
    n = nonet_vlogic_init_until(a->s, a->p.v, a->p.cells, NULL, NULL);
    PyEval_RestoreThread(ts);
  }
  if (n == NONET_ESTOPPED && !ext_search_ok(n, a->timeout))
    return EXT_INTERRUPTED;
  return n;
}

/* vhint(rules, cells, techniques=None, exclude=None, uniqueness=True,
 * timeout=0.0, details=False): the next step as JSON text, or None when the
 * grid is full; the classic hint's errors. */
PyObject *ext_vhint(PyObject *self, PyObject *args, PyObject *kw) {
  vlogic_args a;
  char *json = NULL;
  nonet_vstep *step = NULL;
  PyObject *res = NULL;
  if (parse_args(args, kw, &a, 1) < 0) goto out;
  json = PyMem_RawMalloc(EXT_JSON_MAX);
  step = PyMem_RawMalloc(sizeof *step);
  if (!json || !step) {
    PyErr_NoMemory();
    goto out;
  }
  int found = 0, solved = 0;
  long n = start(&a);
  if (n == EXT_INTERRUPTED) goto out;
  path_watch w;
  path_begin(&w, &a);
  if (n > 0 && !(solved = nonet_vlogic_solved(a.s)))
    found = nonet_vlogic_find_until(a.s, a.o, step, path_asked_to_stop, &w);
  if (found == 1)
    nonet_vstep_json(step, a.details ? NONET_JSON_DETAILS : 0, json,
                     EXT_JSON_MAX);
  if (path_end(&w)) goto out;
  res = found == NONET_ESTOPPED ? ext_search_ok(found, a.timeout)
                                : ext_hint_result(n, solved, found, json);
out:
  done(&a);
  PyMem_RawFree(json);
  PyMem_RawFree(step);
  return res;
}

static int on_step(const nonet_vlogic_state *s, const nonet_vstep *step,
                   void *ctx) {
  ext_path *p = ctx;
  return ext_path_add(p,
                      nonet_vstep_json(step, p->flags, p->json, EXT_JSON_MAX));
}

/* vexplain(rules, cells, techniques=None, exclude=None, uniqueness=True,
 * timeout=0.0, details=False) -> (steps as JSON lines, solved, {technique name:
 * steps}); the puzzle must have one solution, as for classic puzzles. */
PyObject *ext_vexplain(PyObject *self, PyObject *args, PyObject *kw) {
  vlogic_args a;
  if (parse_args(args, kw, &a, 1) < 0) {
    done(&a);
    return NULL;
  }
  ext_path p = {
      NULL, malloc(EXT_JSON_MAX), 0, 0, a.details ? NONET_JSON_DETAILS : 0, 0};
  nonet_vlogic_result r;
  memset(&r, 0, sizeof r);
  int st = 0;
  long n = p.json ? start(&a) : 0;
  if (n == EXT_INTERRUPTED) {
    done(&a);
    free(p.json);
    return NULL;
  }
  path_watch w;
  path_begin(&w, &a);
  if (n == 1)
    st = nonet_vlogic_solve_until(a.s, a.o, on_step, &p, &r, path_asked_to_stop,
                                  &w);
  int interrupted = path_end(&w);
  done(&a);
  if (interrupted) {
    free(p.text);
    free(p.json);
    return NULL;
  }
  if (st == NONET_ESTOPPED) {
    free(p.text);
    free(p.json);
    return ext_search_ok(st, a.timeout);
  }
  return ext_explain_result(&p, n, st, r.solved, r.counts, 1);
}

/* vrate(rules, cells, techniques=None, exclude=None, uniqueness=True,
 * timeout=0.0) ->
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
  long n = start(&a);
  if (n == EXT_INTERRUPTED) {
    done(&a);
    return NULL;
  }
  path_watch w;
  path_begin(&w, &a);
  if (n == 1)
    st = nonet_vlogic_solve_until(a.s, a.o, NULL, NULL, &r, path_asked_to_stop,
                                  &w);
  int interrupted = path_end(&w);
  done(&a);
  if (interrupted) return NULL;
  if (st == NONET_ESTOPPED) return ext_search_ok(st, a.timeout);
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
  PyObject *counts = ext_counts(r.counts, 1, 0);
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
