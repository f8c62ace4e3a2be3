/* genopts.c: the GenOptions and VariantGenOptions types: the classic and
 * the variant generator's opaque options, set by the command's option names
 * (nonet_gen_options_parse, nonet_variant_gen_parse: size, box, jigsaw,
 * constraints, killer, killer-givens, cage-size, seed, symmetry, timeout),
 * so every option of `nonet generate` is there with the same messages.
 * One object layout serves both types; each method calls the library
 * function of its object's kind. */
#include "ext.h"

typedef struct {
  PyObject_HEAD void *o; /* nonet_gen_options or nonet_variant_gen */
} GenOptions;

/* Whether an object of the two types holds variant options. */
static int variant(PyObject *self) {
  return Py_TYPE(self) == &ext_VariantGenOptionsType;
}

static PyObject *options_new(PyTypeObject *type, PyObject *args, PyObject *kw) {
  GenOptions *self = (GenOptions *)type->tp_alloc(type, 0);
  if (self && !(self->o = type == &ext_VariantGenOptionsType
                              ? (void *)nonet_variant_gen_new()
                              : (void *)nonet_gen_options_new())) {
    Py_DECREF(self);
    return PyErr_NoMemory();
  }
  return (PyObject *)self;
}

static void options_dealloc(GenOptions *self) {
  if (variant((PyObject *)self))
    nonet_variant_gen_free(self->o);
  else
    nonet_gen_options_free(self->o);
  Py_TYPE(self)->tp_free((PyObject *)self);
}

/* The options of an object of `type`, or NULL with TypeError. */
static void *options_of(PyObject *obj, PyTypeObject *type,
                        const char *expected) {
  if (!PyObject_TypeCheck(obj, type)) {
    PyErr_SetString(PyExc_TypeError, expected);
    return NULL;
  }
  return ((GenOptions *)obj)->o;
}

const nonet_gen_options *ext_gen_options(PyObject *obj) {
  return options_of(obj, &ext_GenOptionsType, "GenOptions expected");
}

const nonet_variant_gen *ext_variant_gen_options(PyObject *obj) {
  return options_of(obj, &ext_VariantGenOptionsType,
                    "VariantGenOptions expected");
}

/* OptionError with the library's message when `status` is not NONET_OK. */
static PyObject *none_or_error(int status, const char *err) {
  if (status != NONET_OK) {
    PyErr_SetString(ext_OptionError, err);
    return NULL;
  }
  Py_RETURN_NONE;
}

/* parse(name, value=None): one option by the command's name ("seed",
 * "max-clues", "no-minimal", "pattern" with the pattern's text; "size",
 * "cage-size", "killer", ...). */
static PyObject *options_parse(GenOptions *self, PyObject *args) {
  const char *name, *value = NULL;
  if (!PyArg_ParseTuple(args, "s|z", &name, &value)) return NULL;
  char err[200];
  return none_or_error(
      variant((PyObject *)self)
          ? nonet_variant_gen_parse(self->o, name, value, err, sizeof err)
          : nonet_gen_options_parse(self->o, name, value, err, sizeof err),
      err);
}

/* check(): whether the options can be met (together), OptionError with
 * the reason. */
static PyObject *options_check(GenOptions *self, PyObject *noargs) {
  char err[200];
  return none_or_error(variant((PyObject *)self)
                           ? nonet_variant_gen_check(self->o, err, sizeof err)
                           : nonet_gen_check(self->o, err, sizeof err),
                       err);
}

/* describe(plural): "minimal puzzles with at most 17 givens ...", "unique
 * 16x16 jigsaw puzzles with anti-knight" */
static PyObject *options_describe(GenOptions *self, PyObject *args) {
  int plural = 0;
  if (!PyArg_ParseTuple(args, "|p", &plural)) return NULL;
  char text[400];
  if (variant((PyObject *)self))
    nonet_variant_gen_describe(self->o, plural, text, sizeof text);
  else
    nonet_gen_describe(self->o, plural, text, sizeof text);
  return PyUnicode_FromString(text);
}

static PyObject *get_seed(GenOptions *self, void *c) {
  return PyLong_FromUnsignedLongLong(variant((PyObject *)self)
                                         ? nonet_variant_gen_get_seed(self->o)
                                         : nonet_gen_get_seed(self->o));
}
static PyObject *get_timeout(GenOptions *self, void *c) {
  return PyFloat_FromDouble(variant((PyObject *)self)
                                ? nonet_variant_gen_get_timeout(self->o)
                                : nonet_gen_get_timeout(self->o));
}
/* The setters: `o.seed = 7`, `o.timeout = 120.0` (the library's setters,
 * no text in between); OptionError for a value out of range, TypeError
 * for one of the wrong type or a deletion. */
static int set_seed(GenOptions *self, PyObject *value, void *c) {
  if (!value || !PyLong_Check(value)) {
    PyErr_SetString(PyExc_TypeError, "the seed is a whole number");
    return -1;
  }
  unsigned long long s = PyLong_AsUnsignedLongLong(value);
  if (s == (unsigned long long)-1 && PyErr_Occurred()) {
    PyErr_Clear();
    PyErr_Format(ext_OptionError,
                 "--seed needs a whole number from 0 to %llu, not %R",
                 (unsigned long long)UINT64_MAX, value);
    return -1;
  }
  if (variant((PyObject *)self))
    nonet_variant_gen_set_seed(self->o, s);
  else
    nonet_gen_set_seed(self->o, s);
  return 0;
}
static int set_timeout(GenOptions *self, PyObject *value, void *c) {
  double t = value ? PyFloat_AsDouble(value) : -1.0;
  if (!value || (t == -1.0 && PyErr_Occurred())) {
    if (value) PyErr_Clear();
    PyErr_SetString(PyExc_TypeError, "the timeout is a number of seconds");
    return -1;
  }
  int rc = variant((PyObject *)self) ? nonet_variant_gen_set_timeout(self->o, t)
                                     : nonet_gen_set_timeout(self->o, t);
  if (rc != NONET_OK) {
    PyErr_Format(ext_OptionError,
                 "--timeout needs a number of seconds (0 or more), not %R",
                 value);
    return -1;
  }
  return 0;
}
static PyObject *get_has_seed(GenOptions *self, void *c) {
  return PyBool_FromLong(variant((PyObject *)self)
                             ? nonet_variant_gen_has_seed(self->o)
                             : nonet_gen_has_seed(self->o));
}
static PyObject *get_has_timeout(GenOptions *self, void *c) {
  return PyBool_FromLong(variant((PyObject *)self)
                             ? nonet_variant_gen_has_timeout(self->o)
                             : nonet_gen_has_timeout(self->o));
}
static PyObject *get_is_search(GenOptions *self, void *c) {
  return PyBool_FromLong(variant((PyObject *)self)
                             ? nonet_variant_gen_is_search(self->o)
                             : nonet_gen_is_search(self->o));
}
static PyObject *get_search_timeout(GenOptions *self, void *c) {
  return PyFloat_FromDouble(variant((PyObject *)self)
                                ? nonet_variant_gen_search_timeout(self->o)
                                : nonet_gen_search_timeout(self->o));
}
static PyObject *get_is_undecided(GenOptions *self, void *c) {
  return PyBool_FromLong(nonet_variant_gen_is_undecided(self->o));
}
static PyObject *get_is_classic(GenOptions *self, void *c) {
  return PyBool_FromLong(nonet_variant_gen_is_classic(self->o));
}

/* The methods of both types, but for check's words, and their members, but
 * for is_search's words and the variant's own (the rest of __VA_ARGS__). */
// clang-format off
#define OPTIONS_METHODS(check_doc)                                            \
  {{"parse", (PyCFunction)options_parse, METH_VARARGS,                        \
    "parse($self, name, value=None, /)\n--\n\nAn option by the command's "    \
    "name."},                                                                 \
   {"check", (PyCFunction)options_check, METH_NOARGS,                         \
    "check($self, /)\n--\n\nRaises OptionError when the options cannot "      \
    "be met" check_doc "."},                                                  \
   {"describe", (PyCFunction)options_describe, METH_VARARGS,                  \
    "describe($self, plural=False, /)\n--\n\nWhat the options ask for, "      \
    "in words."},                                                             \
   {NULL, NULL, 0, NULL}}
#define OPTIONS_GETSET(search_doc, ...)                                       \
  {{"seed", (getter)get_seed, (setter)set_seed, "the seed", NULL},            \
   {"timeout", (getter)get_timeout, (setter)set_timeout,                      \
    "the timeout in seconds (0: none)", NULL},                                \
   {"has_seed", (getter)get_has_seed, NULL, "whether a seed was set", NULL},  \
   {"has_timeout", (getter)get_has_timeout, NULL,                             \
    "whether a timeout was set", NULL},                                       \
   {"is_search", (getter)get_is_search, NULL, search_doc, NULL},              \
   {"search_timeout", (getter)get_search_timeout, NULL,                       \
    "the default timeout of these options, which the command and generate() " \
    "set when none was given (0: none; 600 for 25x25 killers, 120 for other " \
    "searches)", NULL},                                                       \
   __VA_ARGS__                                                                \
   {NULL, NULL, NULL, NULL, NULL}}
// clang-format on

static PyMethodDef options_methods[] = OPTIONS_METHODS("");
static PyMethodDef voptions_methods[] = OPTIONS_METHODS(" together");

static PyGetSetDef options_getset[] =
    OPTIONS_GETSET("clue bounds, a pattern or a rating band: jobs give any "
                   "number of puzzles", );
static PyGetSetDef voptions_getset[] = OPTIONS_GETSET(
    "random jigsaw regions with constraints, a 25x25 killer, windoku, "
    "disjoint or nonconsecutive: a search that may find nothing",
    {"is_classic", (getter)get_is_classic, NULL,
     "plain 9x9 puzzles: the classic generator makes them", NULL},
    {"is_undecided", (getter)get_is_undecided, NULL,
     "check() could not tell whether any grid keeps the rules", NULL}, );

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

PyTypeObject ext_VariantGenOptionsType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "nonet._nonet.VariantGenOptions",
    .tp_basicsize = sizeof(GenOptions),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "VariantGenOptions()\n--\n\nThe variant generator's options "
              "(nonet_variant_gen).",
    .tp_new = options_new,
    .tp_dealloc = (destructor)options_dealloc,
    .tp_methods = voptions_methods,
    .tp_getset = voptions_getset,
};
