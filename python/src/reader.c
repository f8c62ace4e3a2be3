/* reader.c: the Reader type: records of a file or a text in every input
 * format (nonet_reader), one at a time (classic and variant records,
 * nonet_reader_next_variant) or all at once into arrays (classic records;
 * a variant record is then a malformed one). Plain 9x9 rules written as a
 * variant record (nonet_variant_is_classic) are a classic puzzle, as in
 * the command. A malformed record is reported with its line and message,
 * and reading goes on, as in the command. */
#include "ext.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

typedef struct {
  PyObject_HEAD nonet_reader *r;
  FILE *f;          /* when reading a file */
  PyObject *text;   /* when reading text: the bytes the reader points into */
  PyObject *source; /* the file name, or "<text>" */
  unsigned long long records; /* records read so far */
  int busy;                   /* a thread is reading (with the GIL released) */
  nonet_variant_record *vrec; /* the variant reader's record (one at a time) */
} Reader;

/* 0 when the reader may be used now, else -1 with an exception. */
static int enter(Reader *self) {
  if (!self->r) {
    PyErr_SetString(PyExc_ValueError, "the reader is closed");
    return -1;
  }
  if (self->busy) {
    PyErr_SetString(PyExc_RuntimeError,
                    "the reader is in use by another thread");
    return -1;
  }
  self->busy = 1;
  return 0;
}

static void reader_close(Reader *self) {
  nonet_reader_free(self->r);
  self->r = NULL;
  if (self->f) fclose(self->f);
  self->f = NULL;
  Py_CLEAR(self->text);
}

static void reader_dealloc(Reader *self) {
  reader_close(self);
  PyMem_RawFree(self->vrec);
  Py_XDECREF(self->source);
  Py_TYPE(self)->tp_free((PyObject *)self);
}

/* Reader(path=None, text=None): exactly one of them. */
static int reader_init(Reader *self, PyObject *args, PyObject *kw) {
  static char *names[] = {"path", "text", NULL};
  PyObject *path = Py_None, *text = Py_None;
  if (!PyArg_ParseTupleAndKeywords(args, kw, "|OO", names, &path, &text))
    return -1;
  if (self->busy) {
    PyErr_SetString(PyExc_RuntimeError,
                    "the reader is in use by another thread");
    return -1;
  }
  reader_close(self);
  Py_CLEAR(self->source);
  self->records = 0;
  if ((path == Py_None) == (text == Py_None)) {
    PyErr_SetString(PyExc_TypeError, "give a path or a text");
    return -1;
  }
  if (text != Py_None) {
    self->text = PyUnicode_Check(text) ? PyUnicode_AsUTF8String(text)
                                       : PyBytes_FromObject(text);
    if (!self->text) return -1;
    self->r = nonet_reader_new_memory(PyBytes_AS_STRING(self->text),
                                      (size_t)PyBytes_GET_SIZE(self->text));
    self->source = PyUnicode_FromString("<text>");
  } else {
    PyObject *name = NULL;
    if (!PyUnicode_FSDecoder(path, &name)) return -1;
    self->source = name;
    PyObject *bytes = NULL;
    if (!PyUnicode_FSConverter(name, &bytes)) return -1;
    self->f = fopen(PyBytes_AS_STRING(bytes), "rb");
    struct stat st;
    int dir =
        self->f && fstat(fileno(self->f), &st) == 0 && S_ISDIR(st.st_mode);
    if (!self->f || dir) {
      if (dir) errno = EISDIR;
      PyErr_SetFromErrnoWithFilenameObject(PyExc_OSError, name);
      Py_DECREF(bytes);
      return -1;
    }
    Py_DECREF(bytes);
    self->r = nonet_reader_new_file(self->f);
  }
  if (!self->source) return -1;
  if (!self->r) {
    PyErr_NoMemory();
    return -1;
  }
  return 0;
}

static PyObject *read_failed(Reader *self) {
  PyErr_Format(PyExc_OSError, "error reading '%U'", self->source);
  return NULL;
}

/* The next record: (record, line, cells or None, message or None, format,
 * tail), the cells of a classic puzzle as 81 bytes and those of a variant
 * as (rules, cells, solution or None); StopIteration at the end. */
static PyObject *reader_next(Reader *self) {
  if (enter(self) < 0) return NULL;
  if (!self->vrec && !(self->vrec = PyMem_RawMalloc(sizeof *self->vrec))) {
    self->busy = 0;
    return PyErr_NoMemory();
  }
  nonet_record rec;
  nonet_variant_record *v = self->vrec;
  v->variant = NULL;
  PyThreadState *ts = PyEval_SaveThread();
  int got = nonet_reader_next_variant(self->r, &rec, v);
  PyEval_RestoreThread(ts);
  self->busy = 0;
  if (got <= 0) nonet_variant_free(v->variant);
  if (got == 0) return NULL;
  if (got < 0) return read_failed(self);
  unsigned long long index = self->records++;
  int ok = rec.status == NONET_OK, variant = ok && v->variant;
  if (variant && nonet_variant_is_classic(v->variant)) { /* a classic one */
    memcpy(rec.cells, v->cells, 81);
    nonet_variant_free(v->variant);
    v->variant = NULL;
    variant = 0;
    rec.tail[0] = 0;
  }
  PyObject *cells;
  if (!ok) {
    nonet_variant_free(v->variant);
    cells = Py_NewRef(Py_None);
  } else if (variant) {
    int n = nonet_variant_size(v->variant);
    PyObject *rules = ext_rules_new(v->variant);
    cells =
        rules ? Py_BuildValue("(NNN)", rules, ext_vcells_bytes(v->cells, n),
                              v->has_solution ? ext_vcells_bytes(v->solution, n)
                                              : Py_NewRef(Py_None))
              : NULL;
  } else {
    cells = ext_cells_bytes(rec.cells);
  }
  if (!cells) return NULL;
  return Py_BuildValue("(KkNzss)", index, rec.line, cells,
                       ok ? NULL : rec.message, nonet_format_name(rec.format),
                       ok && !variant ? rec.tail : "");
}

/* A growable C array. */
typedef struct grow {
  char *data;
  size_t len, cap;
} grow;

static int put(grow *g, const void *p, size_t n) {
  if (g->len + n > g->cap) {
    size_t cap = g->cap ? 2 * g->cap : 1 << 16;
    while (cap < g->len + n) cap *= 2;
    char *d = realloc(g->data, cap);
    if (!d) return -1;
    g->data = d;
    g->cap = cap;
  }
  memcpy(g->data + g->len, p, n);
  g->len += n;
  return 0;
}

/* The message of a variant record where classic puzzles are read: the
 * library's (nonet_reader_next). */
#define VARIANT_RECORD                                                         \
  "a variant puzzle: only classic 9x9 puzzles are read here"

/* read_all() -> (cells, records, lines, errors): the remaining puzzles'
 * cells (bytes, 81 a puzzle), their record numbers and lines (bytes of
 * int64), and the malformed records as [(record, line, message)]; a
 * variant record is one of these unless its rules are the plain 9x9
 * ones. */
static PyObject *reader_read_all(Reader *self, PyObject *noargs) {
  if (enter(self) < 0) return NULL;
  nonet_variant_record *v = PyMem_RawMalloc(sizeof *v);
  if (!v) {
    self->busy = 0;
    return PyErr_NoMemory();
  }
  grow cells = {0}, recs = {0}, lines = {0}, bad = {0};
  int got, oom = 0;
  nonet_record rec;
  PyThreadState *ts = PyEval_SaveThread();
  while (!oom && (got = nonet_reader_next_variant(self->r, &rec, v)) > 0) {
    int64_t index = (int64_t)self->records++, line = (int64_t)rec.line;
    if (rec.status == NONET_OK && v->variant) {
      if (nonet_variant_is_classic(v->variant))
        memcpy(rec.cells, v->cells, 81);
      else {
        rec.status = NONET_EPARSE;
        snprintf(rec.message, sizeof rec.message, "%s", VARIANT_RECORD);
      }
      nonet_variant_free(v->variant);
      v->variant = NULL;
    }
    if (rec.status == NONET_OK)
      oom = put(&cells, rec.cells, 81) || put(&recs, &index, 8) ||
            put(&lines, &line, 8);
    else /* index, line, then the message with its NUL */
      oom = put(&bad, &index, 8) || put(&bad, &line, 8) ||
            put(&bad, rec.message, strlen(rec.message) + 1);
  }
  PyEval_RestoreThread(ts);
  self->busy = 0;
  PyMem_RawFree(v);
  PyObject *res = NULL, *errors = NULL;
  if (oom)
    PyErr_NoMemory();
  else if (got < 0)
    read_failed(self);
  else if ((errors = PyList_New(0))) {
    for (size_t at = 0; at < bad.len;) {
      int64_t index, line;
      memcpy(&index, bad.data + at, 8);
      memcpy(&line, bad.data + at + 8, 8);
      const char *msg = bad.data + at + 16;
      at += 16 + strlen(msg) + 1;
      PyObject *e =
          Py_BuildValue("(LLs)", (long long)index, (long long)line, msg);
      if (!e || PyList_Append(errors, e) < 0) {
        Py_XDECREF(e);
        Py_CLEAR(errors);
        break;
      }
      Py_DECREF(e);
    }
    if (errors)
      res = Py_BuildValue("(y#y#y#N)", cells.data ? cells.data : "",
                          (Py_ssize_t)cells.len, recs.data ? recs.data : "",
                          (Py_ssize_t)recs.len, lines.data ? lines.data : "",
                          (Py_ssize_t)lines.len, errors);
  }
  free(cells.data);
  free(recs.data);
  free(lines.data);
  free(bad.data);
  return res;
}

static PyObject *reader_source(Reader *self, void *closure) {
  return Py_NewRef(self->source ? self->source : Py_None);
}

static PyMethodDef reader_methods[] = {
    {"read_all", (PyCFunction)reader_read_all, METH_NOARGS,
     "read_all($self, /)\n--\n\n(cells, records, lines, errors) of the "
     "records left."},
    {NULL, NULL, 0, NULL}};

static PyGetSetDef reader_getset[] = {
    {"source", (getter)reader_source, NULL, "the file name, or '<text>'", NULL},
    {NULL, NULL, NULL, NULL, NULL}};

PyTypeObject ext_ReaderType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "nonet._nonet.Reader",
    .tp_basicsize = sizeof(Reader),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Reader(path=None, text=None)\n--\n\nThe records of a file or "
              "text, each (record, line, cells or None, message or None, "
              "format, tail).",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)reader_init,
    .tp_dealloc = (destructor)reader_dealloc,
    .tp_iter = PyObject_SelfIter,
    .tp_iternext = (iternextfunc)reader_next,
    .tp_methods = reader_methods,
    .tp_getset = reader_getset,
};
