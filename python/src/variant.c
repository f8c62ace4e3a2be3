/* variant.c: the rules of variant puzzles (sizes 4x4 .. 25x25, jigsaw,
 * extra regions, relations, killer cages) as the Rules type, an immutable
 * nonet_variant: made from keyword values (nonet_variant_new, _new_jigsaw,
 * _set_constraints, _add_cage) or read from text (nonet_variant_parse),
 * read back, and written in every output format (nonet_variant_format).
 * The cells of a variant puzzle travel as bytes of N*N cells 0..N. */
#include "ext.h"

#include <string.h>

typedef struct {
  PyObject_HEAD nonet_variant *v;
} Rules;

static void rules_dealloc(Rules *self) {
  nonet_variant_free(self->v);
  Py_TYPE(self)->tp_free((PyObject *)self);
}

PyObject *ext_rules_new(nonet_variant *v) {
  Rules *self = PyObject_New(Rules, &ext_RulesType);
  if (!self) {
    nonet_variant_free(v);
    return NULL;
  }
  self->v = v;
  return (PyObject *)self;
}

const nonet_variant *ext_rules(PyObject *obj) {
  if (!PyObject_TypeCheck(obj, &ext_RulesType)) {
    PyErr_Format(PyExc_TypeError, "Rules expected, not %.100s",
                 Py_TYPE(obj)->tp_name);
    return NULL;
  }
  return ((Rules *)obj)->v;
}

PyObject *ext_vcells_bytes(const uint8_t *cells, int n) {
  return PyBytes_FromStringAndSize((const char *)cells, (Py_ssize_t)n * n);
}

int ext_vpuzzle_read(PyObject *rules, PyObject *cells, ext_vpuzzle *p) {
  if (!(p->v = ext_rules(rules))) return -1;
  p->n = nonet_variant_size(p->v);
  Py_buffer b;
  if (PyObject_GetBuffer(cells, &b, PyBUF_SIMPLE) < 0) return -1;
  int r = 0, nn = p->n * p->n;
  const uint8_t *c = b.buf;
  if (b.len != nn) {
    PyErr_Format(ext_ParseError, "cells: %zd cells, expected %d (%dx%d)", b.len,
                 nn, p->n, p->n);
    r = -1;
  }
  for (int i = 0; r == 0 && i < nn; i++)
    if (c[i] > p->n) {
      PyErr_Format(ext_ParseError,
                   "cell r%dc%d is %d: cells are 0 (empty) to %d", i / p->n + 1,
                   i % p->n + 1, c[i], p->n);
      r = -1;
    }
  if (r == 0) memcpy(p->cells, c, (size_t)nn);
  PyBuffer_Release(&b);
  return r;
}

PyObject *ext_vconflicts(const ext_vpuzzle *p) {
  char msg[4096];
  int k = nonet_variant_conflicts(p->v, p->cells, msg, sizeof msg);
  if (k < 0) return ext_raise_status(k);
  return PyUnicode_FromString(k ? msg : "");
}

int ext_raise_vconflicts(const ext_vpuzzle *p) {
  PyObject *s = ext_vconflicts(p);
  if (!s) return 1;
  int bad = PyUnicode_GET_LENGTH(s) > 0;
  if (bad) PyErr_SetObject(ext_ConflictError, s);
  Py_DECREF(s);
  return bad;
}

/* ---- making rules ---------------------------------------------------------
 */

/* Adds one cage (sum, cells); 0, or -1 with an exception. */
static int add_cage(nonet_variant *v, PyObject *cage) {
  int sum, nn = nonet_variant_size(v) * nonet_variant_size(v);
  PyObject *list, *cs;
  if (!PyArg_ParseTuple(cage, "iO;a cage is (sum, cells)", &sum, &list) ||
      !(cs = PySequence_Fast(list, "a cage's cells are a sequence of ints")))
    return -1;
  Py_ssize_t m = PySequence_Fast_GET_SIZE(cs);
  int *cells = PyMem_Malloc(sizeof *cells * (size_t)(m ? m : 1)), r = 0;
  if (!cells) {
    Py_DECREF(cs);
    PyErr_NoMemory();
    return -1;
  }
  for (Py_ssize_t j = 0; r == 0 && j < m; j++) {
    PyObject *item = PySequence_Fast_GET_ITEM(cs, j);
    int overflow = 0;
    long c = PyLong_Check(item) ? PyLong_AsLongAndOverflow(item, &overflow)
                                : PyLong_AsLong(item);
    if (overflow) {
      PyErr_Format(ext_ParseError,
                   "cage of sum %d: cell %S is outside the grid (0 to %d)", sum,
                   item, nn - 1);
      r = -1;
    } else if (c == -1 && PyErr_Occurred())
      r = -1;
    else if (c < 0 || c >= nn) {
      PyErr_Format(ext_ParseError,
                   "cage of sum %d: cell %ld is outside the grid (0 to %d)",
                   sum, c, nn - 1);
      r = -1;
    } else
      cells[j] = (int)c;
  }
  char err[NONET_MESSAGE_MAX];
  int st =
      r ? NONET_OK
        : nonet_variant_add_cage(v, sum, cells, (size_t)m, err, sizeof err);
  if (st == NONET_ENOMEM) {
    PyErr_NoMemory();
    r = -1;
  } else if (st != NONET_OK) {
    PyErr_SetString(ext_ParseError, err);
    r = -1;
  }
  PyMem_Free(cells);
  Py_DECREF(cs);
  return r;
}

/* Adds the cages of a sequence of (sum, cells) pairs; 0, or -1. */
static int add_cages(nonet_variant *v, PyObject *cages) {
  PyObject *seq = PySequence_Fast(cages, "cages must be a sequence");
  if (!seq) return -1;
  int r = 0;
  for (Py_ssize_t k = 0; r == 0 && k < PySequence_Fast_GET_SIZE(seq); k++)
    r = add_cage(v, PySequence_Fast_GET_ITEM(seq, k));
  Py_DECREF(seq);
  return r;
}

/* make_rules(size, box_rows=0, box_cols=0, regions=None, constraints=None,
 * cages=()): new rules, each part checked by the library (ParseError with
 * its message). `regions` is a bytes-like object of N*N region numbers,
 * `constraints` a comma-separated list of names, `cages` (sum, cells)
 * pairs with cells numbered row-major from 0. */
PyObject *ext_make_rules(PyObject *self, PyObject *args, PyObject *kw) {
  static char *names[] = {"size",        "box_rows", "box_cols", "regions",
                          "constraints", "cages",    NULL};
  int size, br = 0, bc = 0;
  PyObject *regions = Py_None, *cages = NULL;
  const char *constraints = NULL;
  if (!PyArg_ParseTupleAndKeywords(args, kw, "i|iiOzO", names, &size, &br, &bc,
                                   &regions, &constraints, &cages))
    return NULL;
  char err[NONET_MESSAGE_MAX];
  nonet_variant *v = NULL;
  int st;
  if (regions != Py_None) {
    if (br || bc) {
      PyErr_SetString(ext_ParseError,
                      "a jigsaw has regions, not boxes: give one of them");
      return NULL;
    }
    Py_buffer b;
    if (PyObject_GetBuffer(regions, &b, PyBUF_SIMPLE) < 0) return NULL;
    if (size >= 4 && size <= NONET_VARIANT_MAX_SIZE && b.len != size * size) {
      PyErr_Format(ext_ParseError, "regions: %zd cells, expected %d (%dx%d)",
                   b.len, size * size, size, size);
      PyBuffer_Release(&b);
      return NULL;
    }
    st = nonet_variant_new_jigsaw(&v, size, b.buf, err, sizeof err);
    PyBuffer_Release(&b);
  } else {
    st = nonet_variant_new(&v, size, br, bc, err, sizeof err);
  }
  if (st == NONET_ENOMEM) return PyErr_NoMemory();
  if (st != NONET_OK) {
    PyErr_SetString(ext_ParseError, err);
    return NULL;
  }
  unsigned bits = 0;
  if (constraints) {
    st = nonet_constraints_parse(constraints, &bits, err, sizeof err);
    if (st == NONET_OK)
      st = nonet_variant_set_constraints(v, bits, err, sizeof err);
    if (st != NONET_OK) {
      nonet_variant_free(v);
      if (st == NONET_ENOMEM) return PyErr_NoMemory();
      PyErr_SetString(ext_ParseError, err);
      return NULL;
    }
  }
  if (cages && add_cages(v, cages) < 0) {
    nonet_variant_free(v);
    return NULL;
  }
  return ext_rules_new(v);
}

/* ---- reading a puzzle of any kind ---------------------------------------- */

/* Text in any input format: its first record, read by the library's
 * reader as nonet_variant_parse reads it, without making the plain 9x9
 * rules for a classic record (the common case stays quick). */
static PyObject *resolve_text(const char *text, Py_ssize_t len) {
  nonet_variant_record *rec = PyMem_RawMalloc(sizeof *rec);
  if (!rec) return PyErr_NoMemory();
  rec->variant = NULL;
  nonet_record r;
  int got = NONET_ENOMEM;
  PyThreadState *ts = PyEval_SaveThread();
  nonet_reader *rd = nonet_reader_new_memory(text, (size_t)len);
  if (rd) got = nonet_reader_next_variant(rd, &r, rec);
  nonet_reader_free(rd);
  PyEval_RestoreThread(ts);
  PyObject *res = NULL;
  if (got == NONET_ENOMEM) {
    PyErr_NoMemory();
  } else if (got <= 0) {
    PyErr_SetString(ext_ParseError, "no puzzle found");
  } else if (r.status != NONET_OK) {
    PyErr_SetString(ext_ParseError, r.message);
  } else if (!rec->variant) {
    res = ext_cells_bytes(r.cells);
  } else if (nonet_variant_is_classic(rec->variant)) {
    res = ext_cells_bytes(rec->cells);
  } else {
    int n = nonet_variant_size(rec->variant);
    PyObject *rules = ext_rules_new(rec->variant);
    rec->variant = NULL;
    if (rules)
      res = Py_BuildValue("(NNN)", rules, ext_vcells_bytes(rec->cells, n),
                          rec->has_solution ? ext_vcells_bytes(rec->solution, n)
                                            : Py_NewRef(Py_None));
  }
  if (got > 0) nonet_variant_free(rec->variant);
  PyMem_RawFree(rec);
  return res;
}

/* resolve(puzzle): a classic puzzle's 81 cells (bytes), from any object a
 * classic function takes (text in any input format, raw cells, a buffer,
 * a sequence); or, for the text of a variant record, (rules, cells,
 * solution or None). Plain 9x9 rules written as a variant record are a
 * classic puzzle, as in the command. */
PyObject *ext_resolve(PyObject *self, PyObject *arg) {
  if (PyUnicode_Check(arg)) {
    Py_ssize_t len;
    const char *text = PyUnicode_AsUTF8AndSize(arg, &len);
    return text ? resolve_text(text, len) : NULL;
  }
  if (PyBytes_Check(arg)) {
    const unsigned char *b = (const unsigned char *)PyBytes_AS_STRING(arg);
    Py_ssize_t len = PyBytes_GET_SIZE(arg);
    int raw = len == 81;
    for (Py_ssize_t i = 0; i < len && raw; i++) raw = b[i] <= 9;
    if (!raw) return resolve_text((const char *)b, len);
  }
  return ext_cells_of(self, arg);
}

/* vformat(rules, cells, solution=None, fmt='line', zero=False): the
 * puzzle written by nonet_variant_format. */
PyObject *ext_vformat(PyObject *self, PyObject *args, PyObject *kw) {
  static char *names[] = {"rules", "cells", "solution", "fmt", "zero", NULL};
  PyObject *rules, *cells, *solution = Py_None;
  const char *fmt = "line";
  int zero = 0;
  if (!PyArg_ParseTupleAndKeywords(args, kw, "OO|Osp", names, &rules, &cells,
                                   &solution, &fmt, &zero))
    return NULL;
  ext_vpuzzle p, s;
  if (ext_vpuzzle_read(rules, cells, &p) < 0 ||
      (solution != Py_None && ext_vpuzzle_read(rules, solution, &s) < 0))
    return NULL;
  int f = ext_format_of(fmt);
  if (f < 0) return NULL;
  const uint8_t *sol = solution != Py_None ? s.cells : NULL;
  unsigned flags = zero ? NONET_FMT_ZERO : 0;
  size_t need =
      nonet_variant_format(p.v, p.cells, sol, (nonet_format)f, flags, NULL, 0);
  char *text = PyMem_RawMalloc(need + 1);
  if (!text) return PyErr_NoMemory();
  nonet_variant_format(p.v, p.cells, sol, (nonet_format)f, flags, text,
                       need + 1);
  PyObject *res = PyUnicode_FromStringAndSize(text, (Py_ssize_t)need);
  PyMem_RawFree(text);
  return res;
}

/* ---- reading rules back -------------------------------------------------- */

static PyObject *get_size(Rules *self, void *c) {
  return PyLong_FromLong(nonet_variant_size(self->v));
}

/* (rows, cols) of the boxes, or None for jigsaw regions. */
static PyObject *get_box(Rules *self, void *c) {
  int r, col;
  if (!nonet_variant_box(self->v, &r, &col)) Py_RETURN_NONE;
  return Py_BuildValue("(ii)", r, col);
}

/* The box or region of each cell (bytes, N*N). */
static PyObject *get_regions(Rules *self, void *c) {
  int n = nonet_variant_size(self->v);
  uint8_t reg[NONET_VARIANT_MAX_CELLS];
  for (int i = 0; i < n * n; i++)
    reg[i] = (uint8_t)nonet_variant_region(self->v, i);
  return ext_vcells_bytes(reg, n);
}

/* The names of the constraints, in the order of their bits. */
static PyObject *get_constraints(Rules *self, void *c) {
  unsigned bits = nonet_variant_constraints(self->v);
  PyObject *list = PyList_New(0);
  for (unsigned b = 1; list && b <= NONET_CONSTRAINTS_ALL; b <<= 1) {
    if (!(bits & b)) continue;
    PyObject *s =
        PyUnicode_FromString(nonet_constraint_name((nonet_constraint)b));
    if (!s || PyList_Append(list, s) < 0) Py_CLEAR(list);
    Py_XDECREF(s);
  }
  return list;
}

/* [(sum, [cells])] in the order added. */
static PyObject *get_cages(Rules *self, void *c) {
  int k = nonet_variant_cage_count(self->v);
  PyObject *list = PyList_New(k);
  int cells[NONET_VARIANT_MAX_SIZE];
  for (int j = 0; list && j < k; j++) {
    int sum,
        m = nonet_variant_cage(self->v, j, &sum, cells, NONET_VARIANT_MAX_SIZE);
    PyObject *cs = PyList_New(m > 0 ? m : 0);
    for (int i = 0; cs && i < m; i++)
      PyList_SET_ITEM(cs, i, PyLong_FromLong(cells[i]));
    PyObject *t = cs ? Py_BuildValue("(iN)", sum, cs) : NULL;
    if (!t) {
      Py_CLEAR(list);
      break;
    }
    PyList_SET_ITEM(list, j, t);
  }
  return list;
}

static PyObject *get_is_classic(Rules *self, void *c) {
  return PyBool_FromLong(nonet_variant_is_classic(self->v));
}

static PyGetSetDef rules_getset[] = {
    {"size", (getter)get_size, NULL, "N: the grid is N x N", NULL},
    {"box", (getter)get_box, NULL, "(rows, cols) of a box, None for a jigsaw",
     NULL},
    {"regions", (getter)get_regions, NULL,
     "the box or region of each cell (bytes, N*N)", NULL},
    {"constraints", (getter)get_constraints, NULL,
     "the extra regions and relations, by name", NULL},
    {"cages", (getter)get_cages, NULL, "[(sum, [cells])]", NULL},
    {"is_classic", (getter)get_is_classic, NULL,
     "the plain 9x9 rules with nothing extra", NULL},
    {NULL, NULL, NULL, NULL, NULL}};

PyTypeObject ext_RulesType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "nonet._nonet.Rules",
    .tp_basicsize = sizeof(Rules),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The rules of a variant puzzle (nonet_variant), made by "
              "make_rules or resolve; immutable.",
    .tp_dealloc = (destructor)rules_dealloc,
    .tp_getset = rules_getset,
};
