/* cells.c: puzzles from Python objects (text in any input format, raw
 * cells in a buffer or a sequence) and conflicts reported as the command
 * reports them. */
#include "ext.h"

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

/* One integer item of a buffer. */
static int item(const char *p, char fmt, long long *v) {
  switch (fmt) {
#define AS(c, T)                                                               \
  case c: {                                                                    \
    T x;                                                                       \
    memcpy(&x, p, sizeof x);                                                   \
    *v = (long long)x;                                                         \
    return 0;                                                                  \
  }
    AS('b', signed char)
    AS('B', unsigned char)
    AS('h', short)
    AS('H', unsigned short)
    AS('i', int)
    AS('I', unsigned int)
    AS('l', long)
    AS('L', unsigned long)
    AS('q', long long)
    AS('Q', unsigned long long)
#undef AS
  }
  return -1;
}

/* A contiguous buffer of 81 integers (a numpy array (81,) or (9, 9), a
 * bytearray, array.array): 1 when read, 0 when the object is not such a
 * buffer (try it as a sequence), -1 on error. */
static int from_buffer(PyObject *obj, uint8_t cells[81]) {
  Py_buffer view;
  if (PyObject_GetBuffer(obj, &view, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) {
    PyErr_Clear();
    return 0;
  }
  const char *f = view.format ? view.format : "B";
  if (*f == '@' || *f == '=' || *f == '<' || *f == '!') f++;
  int done = 0;
  long long v;
  if (f[0] && !f[1] && view.itemsize > 0 && view.len / view.itemsize == 81 &&
      item((const char *)view.buf, f[0], &v) == 0) {
    done = 1;
    for (int i = 0; i < 81 && done > 0; i++) {
      item((const char *)view.buf + i * view.itemsize, f[0], &v);
      if (v < 0 || v > 9)
        done = bad_cell(i, v);
      else
        cells[i] = (uint8_t)v;
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
    PyErr_Format(PyExc_TypeError,
                 "cell r%dc%d is a %.100s: cells are integers 0..9 or None",
                 i / 9 + 1, i % 9 + 1, Py_TYPE(o)->tp_name);
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
  PyObject *seq = PySequence_Fast(obj, "");
  if (!seq) {
    PyErr_Format(PyExc_TypeError,
                 "a puzzle is text, 81 cells or 9 rows of 9, not a %.100s",
                 Py_TYPE(obj)->tp_name);
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
