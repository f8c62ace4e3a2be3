/* genopts.c: the GenOptions type: the generator's opaque options, set by
 * the command's option names (nonet_gen_options_parse), so every option
 * of `nonet generate` is there with the same messages. */
#include "ext.h"

typedef struct {
  PyObject_HEAD nonet_gen_options *o;
} GenOptions;

static PyObject *options_new(PyTypeObject *type, PyObject *args, PyObject *kw) {
  GenOptions *self = (GenOptions *)type->tp_alloc(type, 0);
  if (self && !(self->o = nonet_gen_options_new())) {
    Py_DECREF(self);
    return PyErr_NoMemory();
  }
  return (PyObject *)self;
}

static void options_dealloc(GenOptions *self) {
  nonet_gen_options_free(self->o);
  Py_TYPE(self)->tp_free((PyObject *)self);
}

const nonet_gen_options *ext_gen_options(PyObject *obj) {
  if (!PyObject_TypeCheck(obj, &ext_GenOptionsType)) {
    PyErr_SetString(PyExc_TypeError, "GenOptions expected");
    return NULL;
  }
  return ((GenOptions *)obj)->o;
}

/* parse(name, value=None): one option by the command's name ("seed",
 * "max-clues", "no-minimal", "pattern" with the pattern's text, ...). */
static PyObject *options_parse(GenOptions *self, PyObject *args) {
  const char *name, *value = NULL;
  if (!PyArg_ParseTuple(args, "s|z", &name, &value)) return NULL;
  char err[200];
  if (nonet_gen_options_parse(self->o, name, value, err, sizeof err) !=
      NONET_OK) {
    PyErr_SetString(ext_OptionError, err);
    return NULL;
  }
  Py_RETURN_NONE;
}

/* check(): whether the options can be met (OptionError with the reason). */
static PyObject *options_check(GenOptions *self, PyObject *noargs) {
  char err[200];
  if (nonet_gen_check(self->o, err, sizeof err) != NONET_OK) {
    PyErr_SetString(ext_OptionError, err);
    return NULL;
  }
  Py_RETURN_NONE;
}

/* describe(plural): "minimal puzzles with at most 17 givens ..." */
static PyObject *options_describe(GenOptions *self, PyObject *args) {
  int plural = 0;
  if (!PyArg_ParseTuple(args, "|p", &plural)) return NULL;
  char text[400];
  nonet_gen_describe(self->o, plural, text, sizeof text);
  return PyUnicode_FromString(text);
}

static PyObject *get_seed(GenOptions *self, void *c) {
  return PyLong_FromUnsignedLongLong(nonet_gen_get_seed(self->o));
}
static PyObject *get_timeout(GenOptions *self, void *c) {
  return PyFloat_FromDouble(nonet_gen_get_timeout(self->o));
}
static PyObject *get_has_seed(GenOptions *self, void *c) {
  return PyBool_FromLong(nonet_gen_has_seed(self->o));
}
static PyObject *get_has_timeout(GenOptions *self, void *c) {
  return PyBool_FromLong(nonet_gen_has_timeout(self->o));
}
static PyObject *get_is_search(GenOptions *self, void *c) {
  return PyBool_FromLong(nonet_gen_is_search(self->o));
}

static PyMethodDef options_methods[] = {
    {"parse", (PyCFunction)options_parse, METH_VARARGS,
     "parse($self, name, value=None, /)\n--\n\nAn option by the command's "
     "name."},
    {"check", (PyCFunction)options_check, METH_NOARGS,
     "check($self, /)\n--\n\nRaises OptionError when the options cannot "
     "be met."},
    {"describe", (PyCFunction)options_describe, METH_VARARGS,
     "describe($self, plural=False, /)\n--\n\nWhat the options ask for, "
     "in words."},
    {NULL, NULL, 0, NULL}};

static PyGetSetDef options_getset[] = {
    {"seed", (getter)get_seed, NULL, "the seed", NULL},
    {"timeout", (getter)get_timeout, NULL, "the timeout in seconds (0: none)",
     NULL},
    {"has_seed", (getter)get_has_seed, NULL, "whether a seed was set", NULL},
    {"has_timeout", (getter)get_has_timeout, NULL, "whether a timeout was set",
     NULL},
    {"is_search", (getter)get_is_search, NULL,
     "clue bounds, a pattern or a rating band: jobs give any number of "
     "puzzles",
     NULL},
    {NULL, NULL, NULL, NULL, NULL}};

PyTypeObject ext_GenOptionsType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "nonet._nonet.GenOptions",
    .tp_basicsize = sizeof(GenOptions),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "GenOptions()\n--\n\nThe generator's options "
              "(nonet_gen_options).",
    .tp_new = options_new,
    .tp_dealloc = (destructor)options_dealloc,
    .tp_methods = options_methods,
    .tp_getset = options_getset,
};
