/* vgenopts.c: the VariantGenOptions type: the variant generator's opaque
 * options, set by the command's option names (nonet_variant_gen_parse:
 * size, box, jigsaw, constraints, killer, killer-givens, cage-size, seed,
 * symmetry, timeout), with the command's messages. */
#include "ext.h"

typedef struct {
  PyObject_HEAD nonet_variant_gen *o;
} VariantGenOptions;

static PyObject *options_new(PyTypeObject *type, PyObject *args, PyObject *kw) {
  VariantGenOptions *self = (VariantGenOptions *)type->tp_alloc(type, 0);
  if (self && !(self->o = nonet_variant_gen_new())) {
    Py_DECREF(self);
    return PyErr_NoMemory();
  }
  return (PyObject *)self;
}

static void options_dealloc(VariantGenOptions *self) {
  nonet_variant_gen_free(self->o);
  Py_TYPE(self)->tp_free((PyObject *)self);
}

const nonet_variant_gen *ext_variant_gen_options(PyObject *obj) {
  if (!PyObject_TypeCheck(obj, &ext_VariantGenOptionsType)) {
    PyErr_SetString(PyExc_TypeError, "VariantGenOptions expected");
    return NULL;
  }
  return ((VariantGenOptions *)obj)->o;
}

/* parse(name, value=None): one option by the command's name ("size",
 * "cage-size", "killer", ...). */
static PyObject *options_parse(VariantGenOptions *self, PyObject *args) {
  const char *name, *value = NULL;
  if (!PyArg_ParseTuple(args, "s|z", &name, &value)) return NULL;
  char err[200];
  if (nonet_variant_gen_parse(self->o, name, value, err, sizeof err) !=
      NONET_OK) {
    PyErr_SetString(ext_OptionError, err);
    return NULL;
  }
  Py_RETURN_NONE;
}

/* check(): whether the options can be met together. */
static PyObject *options_check(VariantGenOptions *self, PyObject *noargs) {
  char err[200];
  if (nonet_variant_gen_check(self->o, err, sizeof err) != NONET_OK) {
    PyErr_SetString(ext_OptionError, err);
    return NULL;
  }
  Py_RETURN_NONE;
}

/* describe(plural): "unique 16x16 jigsaw puzzles with anti-knight" */
static PyObject *options_describe(VariantGenOptions *self, PyObject *args) {
  int plural = 0;
  if (!PyArg_ParseTuple(args, "|p", &plural)) return NULL;
  char text[400];
  nonet_variant_gen_describe(self->o, plural, text, sizeof text);
  return PyUnicode_FromString(text);
}

static PyObject *get_seed(VariantGenOptions *self, void *c) {
  return PyLong_FromUnsignedLongLong(nonet_variant_gen_get_seed(self->o));
}
static PyObject *get_timeout(VariantGenOptions *self, void *c) {
  return PyFloat_FromDouble(nonet_variant_gen_get_timeout(self->o));
}
static PyObject *get_has_seed(VariantGenOptions *self, void *c) {
  return PyBool_FromLong(nonet_variant_gen_has_seed(self->o));
}
static PyObject *get_has_timeout(VariantGenOptions *self, void *c) {
  return PyBool_FromLong(nonet_variant_gen_has_timeout(self->o));
}
static PyObject *get_is_search(VariantGenOptions *self, void *c) {
  return PyBool_FromLong(nonet_variant_gen_is_search(self->o));
}
static PyObject *get_is_classic(VariantGenOptions *self, void *c) {
  return PyBool_FromLong(nonet_variant_gen_is_classic(self->o));
}

static PyMethodDef options_methods[] = {
    {"parse", (PyCFunction)options_parse, METH_VARARGS,
     "parse($self, name, value=None, /)\n--\n\nAn option by the command's "
     "name."},
    {"check", (PyCFunction)options_check, METH_NOARGS,
     "check($self, /)\n--\n\nRaises OptionError when the options cannot "
     "be met together."},
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
     "random jigsaw regions with constraints: a search that may find "
     "nothing",
     NULL},
    {"is_classic", (getter)get_is_classic, NULL,
     "plain 9x9 puzzles: the classic generator makes them", NULL},
    {NULL, NULL, NULL, NULL, NULL}};

PyTypeObject ext_VariantGenOptionsType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "nonet._nonet.VariantGenOptions",
    .tp_basicsize = sizeof(VariantGenOptions),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "VariantGenOptions()\n--\n\nThe variant generator's options "
              "(nonet_variant_gen).",
    .tp_new = options_new,
    .tp_dealloc = (destructor)options_dealloc,
    .tp_methods = options_methods,
    .tp_getset = options_getset,
};
