/* cells.c: puzzles from Python objects (text in any input format, raw
 * cells in a buffer or a sequence) and conflicts reported as the command
 * reports them. */
#include "ext.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

static int bad_cell(int i, long long v) {
  PyErr_Format(ext_ParseError, "cell r%dc%d is %lld: cells are 0 (empty) to 9",
               i / 9 + 1, i % 9 + 1, v);
  return -1;
}

/* Text in any input format: the first record. */
static int from_text(const char *text, Py_ssize_t len, uint8_t cells[81]) {
  char err[NONET_MESSAGE_MAX];
  PyThreadState *ts = PyEval_SaveThread();
  int r = nonet_parse(text, (size_t)len, cells, err, sizeof err);
  PyEval_RestoreThread(ts);
  if (r == NONET_OK) return 0;
  if (r == NONET_ENOMEM) {
    PyErr_NoMemory();
    return -1;
  }
  PyErr_SetString(ext_ParseError, err);
  return -1;
}

/* One integer item of a buffer: 0 with its value in *v, or, for an
 * unsigned value above LLONG_MAX, in *big (and *v -1); -1 for an item that
 * is not an integer. */
static int item(const char *p, char fmt, long long *v,
                unsigned long long *big) {
  switch (fmt) {
#define AS(c, T)                                                               \
  case c: {                                                                    \
    T x;                                                                       \
    memcpy(&x, p, sizeof x);                                                   \
    *v = (long long)x;                                                         \
    return 0;                                                                  \
  }
#define AS_UNSIGNED(c, T)                                                      \
  case c: {                                                                    \
    T x;                                                                       \
    memcpy(&x, p, sizeof x);                                                   \
    *big = (unsigned long long)x;                                              \
    *v = *big > (unsigned long long)LLONG_MAX ? -1 : (long long)x;             \
    return 0;                                                                  \
  }
    AS('b', signed char)
    AS_UNSIGNED('B', unsigned char)
    AS('h', short)
    AS_UNSIGNED('H', unsigned short)
    AS('i', int)
    AS_UNSIGNED('I', unsigned int)
    AS('l', long)
    AS_UNSIGNED('L', unsigned long)
    AS('q', long long)
    AS_UNSIGNED('Q', unsigned long long)
#undef AS
#undef AS_UNSIGNED
  }
  return -1;
}

/* "a" or "an" before a type's name. */
static const char *article(const char *name) {
  return strchr("aeiouAEIOU", name[0]) && name[0] ? "an" : "a";
}

/* The shape of a buffer, as Python writes a tuple: "(3, 27)". */
static void shape_text(const Py_buffer *view, char *buf, size_t cap) {
  size_t at = (size_t)snprintf(buf, cap, "(");
  for (int d = 0; d < view->ndim && at < cap; d++)
    at += (size_t)snprintf(buf + at, cap - at, d ? ", %zd" : "%zd",
                           view->shape[d]);
  if (at < cap) snprintf(buf + at, cap - at, view->ndim == 1 ? ",)" : ")");
}

/* A buffer of integers (a numpy array (81,) or (9, 9), contiguous or
 * not, an array.array, a memoryview): 1 when read, 0 when the object is
 * not such a buffer or its items are not integers (try it as a
 * sequence), -1 on error: another shape of 81 items (ValueError, as
 * solve_many says it), booleans (TypeError), a cell out of range. */
static int from_buffer(PyObject *obj, uint8_t cells[81]) {
  Py_buffer view;
  if (PyObject_GetBuffer(obj, &view, PyBUF_RECORDS_RO) < 0) {
    PyErr_Clear();
    return 0;
  }
  const char *f = view.format ? view.format : "B";
  if (*f == '@' || *f == '=' || *f == '<' || *f == '!') f++;
  long long v;
  unsigned long long big = 0;
  int done = 0;
  Py_ssize_t items = 1;
  for (int d = 0; d < view.ndim; d++) items *= view.shape[d];
  if (f[0] == '?' && !f[1]) {
    PyErr_SetString(PyExc_TypeError,
                    "puzzle cells must be integers 0..9, not bool");
    done = -1;
  } else if (view.ndim >= 2 &&
             !(view.ndim == 2 && view.shape[0] == 9 && view.shape[1] == 9)) {
    char shape[96];
    shape_text(&view, shape, sizeof shape);
    PyErr_Format(PyExc_ValueError,
                 "a puzzle array has shape (81,) or (9, 9), not %s", shape);
    done = -1;
  } else if (f[0] && !f[1] && view.itemsize > 0 && view.ndim >= 1 &&
             items == 81 && item((const char *)view.buf, f[0], &v, &big) == 0) {
    done = 1;
    for (int i = 0; i < 81 && done > 0; i++) {
      Py_ssize_t at =
          view.ndim == 2 ? (i / 9) * view.strides[0] + (i % 9) * view.strides[1]
                         : i * view.strides[0];
      item((const char *)view.buf + at, f[0], &v, &big);
      if (v == -1 && big > (unsigned long long)LLONG_MAX) {
        PyErr_Format(ext_ParseError,
                     "cell r%dc%d is %llu: cells are 0 (empty) to 9", i / 9 + 1,
                     i % 9 + 1, big);
        done = -1;
      } else if (v < 0 || v > 9) {
        done = bad_cell(i, v);
      } else {
        cells[i] = (uint8_t)v;
      }
    }
  }
  PyBuffer_Release(&view);
  return done;
}

/* One number of a sequence: an integer 0..9, or None for empty. */
static int from_number(PyObject *o, int i, uint8_t *cell) {
  if (o == Py_None) {
    *cell = 0;
    return 0;
  }
  PyObject *n = PyNumber_Index(o);
  if (!n) {
    const char *name = Py_TYPE(o)->tp_name;
    PyErr_Format(PyExc_TypeError,
                 "cell r%dc%d is %s %.100s: cells are integers 0..9 or None",
                 i / 9 + 1, i % 9 + 1, article(name), name);
    return -1;
  }
  int overflow;
  long long v = PyLong_AsLongLongAndOverflow(n, &overflow);
  if (overflow) { /* named as Python writes it, not cut to 64 bits */
    PyErr_Format(ext_ParseError, "cell r%dc%d is %S: cells are 0 (empty) to 9",
                 i / 9 + 1, i % 9 + 1, n);
    Py_DECREF(n);
    return -1;
  }
  Py_DECREF(n);
  if (v < 0 || v > 9) return bad_cell(i, v);
  *cell = (uint8_t)v;
  return 0;
}

/* A sequence of 81 numbers or of 9 rows of 9. */
static int from_sequence(PyObject *obj, uint8_t cells[81]) {
  /* a set or a dict has no order of cells */
  PyObject *seq = PyAnySet_Check(obj) || PyDict_Check(obj)
                      ? NULL
                      : PySequence_Fast(obj, "");
  if (!seq) {
    PyErr_Clear();
    const char *name = Py_TYPE(obj)->tp_name;
    PyErr_Format(PyExc_TypeError,
                 "a puzzle is text, 81 cells or 9 rows of 9, not %s %.100s",
                 article(name), name);
    return -1;
  }
  Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
  PyObject **items = PySequence_Fast_ITEMS(seq);
  int r = 0;
  if (n == 81) {
    for (int i = 0; i < 81 && r == 0; i++)
      r = from_number(items[i], i, &cells[i]);
  } else if (n == 9) {
    for (int row = 0; row < 9 && r == 0; row++) {
      PyObject *rs = PySequence_Fast(items[row], "");
      if (!rs || PySequence_Fast_GET_SIZE(rs) != 9) {
        PyErr_Clear();
        PyErr_Format(ext_ParseError, "row %d is not a sequence of 9 cells",
                     row + 1);
        r = -1;
      } else {
        for (int c = 0; c < 9 && r == 0; c++)
          r = from_number(PySequence_Fast_ITEMS(rs)[c], row * 9 + c,
                          &cells[row * 9 + c]);
      }
      Py_XDECREF(rs);
    }
  } else {
    PyErr_Format(ext_ParseError,
                 "a puzzle has 81 cells (or 9 rows of 9), not %zd items", n);
    r = -1;
  }
  Py_DECREF(seq);
  return r;
}

int ext_cells(PyObject *obj, uint8_t cells[81]) {
  if (PyUnicode_Check(obj)) {
    Py_ssize_t len;
    const char *text = PyUnicode_AsUTF8AndSize(obj, &len);
    return text ? from_text(text, len, cells) : -1;
  }
  if (PyByteArray_Check(obj)) { /* as bytes: a copy, read without the GIL */
    PyObject *b = PyBytes_FromStringAndSize(PyByteArray_AS_STRING(obj),
                                            PyByteArray_GET_SIZE(obj));
    int r = b ? ext_cells(b, cells) : -1;
    Py_XDECREF(b);
    return r;
  }
  if (PyBytes_Check(obj)) {
    /* 81 raw cells, or text */
    const unsigned char *b = (const unsigned char *)PyBytes_AS_STRING(obj);
    Py_ssize_t len = PyBytes_GET_SIZE(obj);
    int raw = len == 81;
    for (Py_ssize_t i = 0; i < len && raw; i++) raw = b[i] <= 9;
    if (raw) {
      memcpy(cells, b, 81);
      return 0;
    }
    return from_text((const char *)b, len, cells);
  }
  int r = from_buffer(obj, cells);
  if (r) return r > 0 ? 0 : -1;
  return from_sequence(obj, cells);
}

int ext_cells_converter(PyObject *obj, void *dest) {
  return ext_cells(obj, dest) == 0;
}

PyObject *ext_cells_bytes(const uint8_t cells[81]) {
  return PyBytes_FromStringAndSize((const char *)cells, 81);
}

PyObject *ext_cells_of(PyObject *self, PyObject *arg) {
  uint8_t cells[81];
  if (ext_cells(arg, cells) < 0) return NULL;
  return ext_cells_bytes(cells);
}

PyObject *ext_conflicts(const uint8_t cells[81]) {
  nonet_conflict c[8];
  int n = nonet_find_conflicts(cells, c, 8);
  PyObject *list = PyList_New(0);
  for (int k = 0; list && k < n && k < 8; k++) {
    char msg[160];
    nonet_conflict_describe(&c[k], msg, sizeof msg);
    PyObject *s = PyUnicode_FromString(msg);
    if (!s || PyList_Append(list, s) < 0) Py_CLEAR(list);
    Py_XDECREF(s);
  }
  return list;
}

int ext_raise_conflicts(const uint8_t cells[81]) {
  PyObject *list = ext_conflicts(cells), *sep = NULL, *text = NULL;
  if (!list) return 1;
  int n = (int)PyList_GET_SIZE(list);
  if (n && (sep = PyUnicode_FromString("; ")) &&
      (text = PyUnicode_Join(sep, list)))
    PyErr_SetObject(ext_ConflictError, text);
  Py_DECREF(list);
  Py_XDECREF(sep);
  Py_XDECREF(text);
  return n > 0;
}
