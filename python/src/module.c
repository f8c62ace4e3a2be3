/* module.c: the module nonet._nonet: its functions, types and exceptions.
 * The Python package (python/nonet) wraps these in the documented API. */
#include "ext.h"

PyObject *ext_Error, *ext_ParseError, *ext_ConflictError, *ext_NoSolution,
    *ext_MultipleSolutions, *ext_OptionError, *ext_SearchTimeout;

PyObject *ext_raise_status(int status) {
  if (status == EXT_INTERRUPTED) return NULL; /* its exception is set */
  if (status == NONET_ENOMEM) return PyErr_NoMemory();
  if (status == NONET_ENOGRID) { /* as the check refuses such rules */
    PyErr_SetString(ext_OptionError, nonet_strerror(status));
    return NULL;
  }
  PyErr_SetString(ext_Error, nonet_strerror(status));
  return NULL;
}

static PyObject *ext_version(PyObject *self, PyObject *noargs) {
  return PyUnicode_FromString(nonet_version());
}

static PyObject *ext_backend(PyObject *self, PyObject *noargs) {
  PyThreadState *ts = PyEval_SaveThread();
  const char *name = nonet_solver_backend(); /* picks one on first use */
  PyEval_RestoreThread(ts);
  return PyUnicode_FromString(name);
}

/* Each docstring starts with the signature (inspect.signature reads it). */
#define KW (PyCFunction)(void (*)(void))
#define KWARGS METH_VARARGS | METH_KEYWORDS
static PyMethodDef methods[] = {
    {"version", ext_version, METH_NOARGS,
     "version($module, /)\n--\n\nlibnonet's version string."},
    {"solver_backend", ext_backend, METH_NOARGS,
     "solver_backend($module, /)\n--\n\nThe solver build picked for this "
     "CPU (avx512 on AMD's AVX-512 CPUs, avx512-zmm on the others, avx2, "
     "portable; avx512-wide by NONET_SOLVER only)."},
    {"cells", ext_cells_of, METH_O,
     "cells($module, puzzle, /)\n--\n\n81 raw cells (bytes) of any "
     "puzzle object."},
    {"solve", KW ext_solve, KWARGS,
     "solve($module, /, puzzle, first=False, timeout=0.0)\n--\n\nThe "
     "solution's cells."},
    {"count", KW ext_count, KWARGS,
     "count($module, /, puzzle, limit=1000, timeout=0.0)\n--\n\nSolutions "
     "up to limit."},
    {"check", KW ext_check, KWARGS,
     "check($module, /, puzzle, minimal=False, timeout=0.0)\n--\n\n(status, "
     "conflicts, removable)."},
    {"candidates", KW ext_candidates, KWARGS,
     "candidates($module, /, puzzle, row=-1, col=-1)\n--\n\n81 digit "
     "masks, or one cell's."},
    {"format", KW ext_format, KWARGS,
     "format($module, /, puzzle, fmt='line', zero=False)\n--\n\nThe grid "
     "as text."},
    {"solve_many", KW ext_solve_many, KWARGS,
     "solve_many($module, /, puzzles, solutions, counts, limit=2, "
     "threads=0, timeout=0.0)\n--\n\nSolves rows of 81 cells into the "
     "output buffers."},
    {"isomorphs", ext_isomorphs, METH_VARARGS,
     "isomorphs($module, puzzles, out, seed, /)\n--\n\nRandom isomorphs, "
     "row i from (seed, i)."},
    {"rate", ext_rate, METH_VARARGS,
     "rate($module, puzzle, /)\n--\n\n(er, ep, ed, level, steps, "
     "technique), ER/EP/ED in tenths."},
    {"rate_many", KW ext_rate_many, KWARGS,
     "rate_many($module, /, puzzles, er, ep, ed, level, threads=0)\n--\n\n"
     "Rates rows of 81 cells into the output buffers."},
    {"rate_technique", KW ext_rate_technique, KWARGS,
     "rate_technique($module, /, puzzle, techniques=None, exclude=None, "
     "uniqueness=True)\n--\n\n(level, technique, {key: steps})."},
    {"hint", KW ext_hint, KWARGS,
     "hint($module, /, puzzle, techniques=None, exclude=None, "
     "uniqueness=True, details=False)\n--\n\nThe next step as JSON text, "
     "or None."},
    {"explain", KW ext_explain, KWARGS,
     "explain($module, /, puzzle, techniques=None, exclude=None, "
     "uniqueness=True, details=False)\n--\n\n(JSON lines, solved, "
     "{technique: steps})."},
    {"techniques", ext_techniques, METH_NOARGS,
     "techniques($module, /)\n--\n\n[(key, name, level, uniqueness)] in "
     "the default order."},
    {"run_jobs", KW ext_run_jobs, KWARGS,
     "run_jobs($module, /, options, first, count, shard_k=0, shard_n=1, "
     "want=0, threads=1, seconds=0.0)\n--\n\n([(job, [puzzle, ...])], "
     "timed_out, cut)."},
    {"make_rules", KW ext_make_rules, KWARGS,
     "make_rules($module, /, size, box_rows=0, box_cols=0, regions=None, "
     "constraints=None, cages=())\n--\n\nThe rules of a variant puzzle."},
    {"resolve", ext_resolve, METH_O,
     "resolve($module, puzzle, /)\n--\n\nA classic puzzle's 81 cells, or a "
     "variant record's (rules, cells, solution)."},
    {"vformat", KW ext_vformat, KWARGS,
     "vformat($module, /, rules, cells, solution=None, fmt='line', "
     "zero=False)\n--\n\nA variant puzzle as text."},
    {"vsolve_many", KW ext_vsolve_many, KWARGS,
     "vsolve_many($module, /, rules, puzzles, solutions, counts, limit=2, "
     "threads=0, timeout=0.0, size=0)\n--\n\nSolves rows of N*N cells "
     "under the rules (one Rules, or a sequence of one a row of `size`) "
     "into the output buffers (count -1: the timeout)."},
    {"vsolve", KW ext_vsolve, KWARGS,
     "vsolve($module, /, rules, cells, first=False, timeout=0.0)\n--\n\n"
     "The solution's "
     "cells."},
    {"vcount", KW ext_vcount, KWARGS,
     "vcount($module, /, rules, cells, limit=1000, timeout=0.0)\n--\n\n"
     "Solutions up to "
     "limit."},
    {"vcheck", KW ext_vcheck, KWARGS,
     "vcheck($module, /, rules, cells, minimal=False, timeout=0.0)\n--\n\n"
     "(status, "
     "conflicts, removable)."},
    {"vcandidates", KW ext_vcandidates, KWARGS,
     "vcandidates($module, /, rules, cells, cell=-1, true=False, "
     "timeout=0.0)\n--\n\n"
     "Digit masks of every cell, or one cell's."},
    {"vis_solution", ext_vis_solution, METH_VARARGS,
     "vis_solution($module, rules, puzzle, grid, /)\n--\n\nWhether grid "
     "solves puzzle."},
    {"vhint", KW ext_vhint, KWARGS,
     "vhint($module, /, rules, cells, techniques=None, exclude=None, "
     "uniqueness=True, timeout=0.0, details=False)\n--\n\nThe next step as "
     "JSON text, or None."},
    {"vexplain", KW ext_vexplain, KWARGS,
     "vexplain($module, /, rules, cells, techniques=None, exclude=None, "
     "uniqueness=True, timeout=0.0, details=False)\n--\n\n(JSON lines, solved, "
     "{technique: steps})."},
    {"vrate", KW ext_vrate, KWARGS,
     "vrate($module, /, rules, cells, techniques=None, exclude=None, "
     "uniqueness=True, timeout=0.0)\n--\n\n(level, technique, {key: steps})."},
    {"vtechniques", ext_vtechniques, METH_NOARGS,
     "vtechniques($module, /)\n--\n\n[(key, name, level, False)] of the "
     "variant engine, in the default order."},
    {"run_variant_jobs", KW ext_run_variant_jobs, KWARGS,
     "run_variant_jobs($module, /, options, first, count, shard_k=0, "
     "shard_n=1, threads=1, seconds=0.0, level=-1)\n--\n\n([(job, "
     "[puzzle])], timed_out, cut)."},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "nonet._nonet",
    "The C part of nonet: libnonet's public API for the nonet package.", -1,
    methods};

/* PyModule_AddObjectRef (Python 3.10), for older Pythons too. */
static int add_ref(PyObject *m, const char *name, PyObject *o) {
  Py_INCREF(o);
  if (PyModule_AddObject(m, name, o) < 0) {
    Py_DECREF(o);
    return -1;
  }
  return 0;
}

/* Adds an exception class named nonet.NAME with the given bases. */
static PyObject *add_error(PyObject *m, const char *name, PyObject *bases,
                           const char *doc) {
  char full[64];
  snprintf(full, sizeof full, "nonet.%s", name);
  PyObject *e = PyErr_NewExceptionWithDoc(full, doc, bases, NULL);
  if (!e || add_ref(m, name, e) < 0) {
    Py_XDECREF(e);
    return NULL;
  }
  return e;
}

/* A tuple of the base error and a builtin exception class. */
static PyObject *with(PyObject *builtin) {
  return PyTuple_Pack(2, ext_Error, builtin);
}

PyMODINIT_FUNC PyInit__nonet(void) {
  PyObject *m = PyModule_Create(&module);
  if (!m) return NULL;
  if (PyType_Ready(&ext_ReaderType) < 0 ||
      PyType_Ready(&ext_GenOptionsType) < 0 ||
      PyType_Ready(&ext_RulesType) < 0 ||
      PyType_Ready(&ext_VariantGenOptionsType) < 0 ||
      add_ref(m, "Reader", (PyObject *)&ext_ReaderType) < 0 ||
      add_ref(m, "GenOptions", (PyObject *)&ext_GenOptionsType) < 0 ||
      add_ref(m, "Rules", (PyObject *)&ext_RulesType) < 0 ||
      add_ref(m, "VariantGenOptions", (PyObject *)&ext_VariantGenOptionsType) <
          0)
    goto fail;
  ext_Error = add_error(m, "Error", PyExc_Exception,
                        "Base class of nonet's errors; the message is the "
                        "command's.");
  if (!ext_Error) goto fail;
  /* the level generator's give-up count, for the messages */
  if (PyModule_AddIntConstant(m, "VLOGIC_LEVEL_TRIES",
                              NONET_VLOGIC_LEVEL_TRIES) < 0)
    goto fail;
  if (PyModule_AddIntConstant(m, "VARIANT_CLUE_DRAWS",
                              NONET_VARIANT_CLUE_DRAWS) < 0)
    goto fail;
  PyObject *v = with(PyExc_ValueError);
  if (!v) goto fail;
  ext_ParseError =
      add_error(m, "ParseError", v, "Text or cells that are not a puzzle.");
  ext_ConflictError = add_error(m, "ConflictError", v,
                                "The givens break a rule (two 5s in a row).");
  ext_NoSolution =
      add_error(m, "NoSolutionError", v, "The puzzle has no solution.");
  ext_MultipleSolutions = add_error(m, "MultipleSolutionsError", v,
                                    "The puzzle has more than one solution.");
  ext_OptionError =
      add_error(m, "OptionError", v, "An option the library refuses.");
  Py_DECREF(v);
  PyObject *t = with(PyExc_TimeoutError);
  if (!t) goto fail;
  ext_SearchTimeout = add_error(
      m, "SearchTimeout", t, "A variant puzzle's search ran past its timeout.");
  Py_DECREF(t);
  if (!ext_ParseError || !ext_ConflictError || !ext_NoSolution ||
      !ext_MultipleSolutions || !ext_OptionError || !ext_SearchTimeout)
    goto fail;
  return m;
fail:
  Py_DECREF(m);
  return NULL;
}
