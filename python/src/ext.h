/* ext.h: what the files of the Python extension (nonet._nonet) share.
 *
 * Folder python/src: a CPython extension that is a client of the public
 * API (include/nonet.h) and nothing else, like the command. Puzzles come
 * in as any object ext_cells understands and go out as 81 raw cells
 * (bytes); the Python package (python/nonet) turns them into strings,
 * lists or numpy arrays. Every call into the engine releases the GIL. */
#ifndef NONET_PY_EXT_H
#define NONET_PY_EXT_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>

#include "nonet.h"

#if PY_VERSION_HEX < 0x030A0000
static inline PyObject *Py_NewRef(PyObject *o) {
  Py_INCREF(o);
  return o;
}
#endif

/* The module's entry point (module.c). */
PyMODINIT_FUNC PyInit__nonet(void);

/* ---- exceptions (module.c) ----------------------------------------------- */

/* nonet.Error and its kinds; each message is the command's. */
extern PyObject *ext_Error;         /* base class */
extern PyObject *ext_ParseError;    /* text or cells that are not a puzzle */
extern PyObject *ext_ConflictError; /* givens that break a rule */
extern PyObject *ext_NoSolution;    /* "no solution" */
extern PyObject *ext_MultipleSolutions; /* "multiple solutions" */
extern PyObject *ext_SearchTimeout;     /* a variant search's timeout */
extern PyObject *ext_OptionError;       /* a bad option ("--rating 5-3: ...") */

/* Raises the exception that stands for a library status (NONET_ENOMEM:
 * MemoryError); returns NULL. */
PyObject *ext_raise_status(int status);

/* ---- puzzles (cells.c) --------------------------------------------------- */

/* Reads a puzzle from a Python object: text in any input format (str, or
 * bytes that are not 81 raw cells), 81 raw cells (bytes, a buffer such as
 * a numpy array of any integer type, shape (81,) or (9, 9)), or a sequence
 * of 81 numbers or of 9 sequences of 9 (None or 0 for empty). Returns 0,
 * or -1 with ParseError (or TypeError) set. */
int ext_cells(PyObject *obj, uint8_t cells[81]);

/* The "O&" converter of ext_cells: `dest` is a uint8_t[81]. */
int ext_cells_converter(PyObject *obj, void *dest);

/* 0 when `limit` (of solutions to count) is 1 or more, else -1 with
 * ValueError (solve.c). */
int ext_limit_ok(long limit);

/* The nonet_format named `name` ("line", "grid", "json", "csv"), or -1 with
 * OptionError (solve.c). */
int ext_format_of(const char *name);

/* The answer of check and vcheck for givens that keep the rules, with `n`
 * solutions (up to 2, or a status): (status, [], removable), `removable`
 * (a new reference: the list of removable givens, or None; NULL: an error
 * is set) moving to the tuple. */
PyObject *ext_verdict(long n, PyObject *removable);

/* 81 raw cells as a bytes object. */
PyObject *ext_cells_bytes(const uint8_t cells[81]);

/* The rules the givens break, each described as the command does ("row 3
 * has two 5s (r3c1, r3c7)"): a new list (empty: none), or NULL. */
PyObject *ext_conflicts(const uint8_t cells[81]);

/* When the givens break a rule, raises ConflictError with every conflict
 * (joined by "; ") and returns 1 (also when out of memory, with
 * MemoryError); else 0. */
int ext_raise_conflicts(const uint8_t cells[81]);

/* The steps of each technique used (`counts` by technique id, of the
 * classic engine or with `variant` of the variant engine) as a new dict,
 * keyed by the technique's key ("x-wing") or its name ("X-Wing"). */
PyObject *ext_counts(const unsigned counts[], int variant, int by_name);

/* ---- arrays of puzzles (batch.c) ----------------------------------------- */

/* The number of puzzles in a buffer of rows of 81 cells, each 0..9, or -1
 * with an exception (naming the first bad puzzle and cell); _of: rows of
 * N*N cells, each 0..N. */
Py_ssize_t ext_rows(const Py_buffer *in);
Py_ssize_t ext_rows_of(const Py_buffer *in, int n);

/* 0 when an output buffer holds `rows` rows of `per_row` bytes, else -1
 * with ValueError naming `what`. */
int ext_room(const Py_buffer *out, Py_ssize_t rows, Py_ssize_t per_row,
             const char *what);

/* ---- threads (pool.c) ---------------------------------------------------- */

/* Work on items 0 .. n-1 spread over threads, with the GIL released. */
typedef struct ext_pool ext_pool;
/* Does item i; returns 0, or a nonzero code that stops the pool (kept in
 * ext_pool_error). */
typedef int (*ext_pool_fn)(ext_pool *p, size_t i);
struct ext_pool {
  size_t n;     /* items */
  size_t block; /* items a thread claims at a time */
  int threads;  /* worker threads (at least 1) */
  ext_pool_fn work;
  void *ctx;
  atomic_size_t next;
  atomic_int stop;  /* no more items are claimed (Ctrl-C, an error) */
  atomic_int error; /* the first nonzero code of a work call */
  atomic_int live;  /* threads still running */
  /* one thread: the caller works with the GIL released (its state here),
   * and work in progress may look at signals through ext_pool_poll */
  PyThreadState *here;
  pthread_t here_thread;
  double here_last;
  int here_interrupted;
};
/* Runs the pool: `threads` worker threads while the caller (holding the
 * GIL) waits and watches for signals (Ctrl-C stops the workers after
 * their current item). Returns 0 when every item was done, -1 with a
 * Python exception set when a signal handler raised, 1 when a work call
 * returned an error (p->error holds it). */
int ext_pool_run(ext_pool *p);

/* For long work items (a generator's stop hook): when the pool runs on
 * the calling thread, takes the GIL every 0.1 s to run signal handlers,
 * so Ctrl-C stops an item in progress as it does with worker threads.
 * Returns 1 when the pool is stopping. Any thread may call it. */
int ext_pool_poll(ext_pool *p);

/* A batch item's way out: Ctrl-C (the pool stopping) or its own deadline
 * (0: none). ext_item_stop_fn is the stop function the _until calls
 * take. */
typedef struct ext_item_stop {
  ext_pool *pool;
  double deadline;
} ext_item_stop;
int ext_item_stop_fn(void *ctx);

/* Solver calls that may run long (background.c). ext_may_run_long: 1
 * when a count to `limit` under `v` (NULL: classic) may take long enough
 * to want Ctrl-C. ext_solve_watched: nonet_solve_until (v NULL) or
 * nonet_variant_solve_until on a thread of its own while the caller
 * watches for signals; returns the call's result, or EXT_INTERRUPTED with
 * the signal handler's exception set (or MemoryError); the search is told
 * to stop then. */
#define EXT_INTERRUPTED (-1000)
int ext_may_run_long(const nonet_variant *v, long limit);
/* `timeout` (seconds, 0: none) ends the search with NONET_ESTOPPED. */
long ext_solve_watched(const nonet_variant *v, const uint8_t *cells,
                       uint8_t *sol, long limit, double timeout);

/* A deadline `seconds` from now (0 or less: none); ext_deadline_past is
 * a stop function for nonet_solve_until and nonet_variant_solve_until.
 * (background.c) */
typedef struct ext_deadline {
  int on;
  double end; /* ext_now() then */
} ext_deadline;
void ext_deadline_start(ext_deadline *d, double seconds);
int ext_deadline_past(void *d);

/* The same watch for a variant's minimality checks (the givens that can
 * each be removed keeping one solution, into idx: their number) before
 * the deadline `d`, and for its true candidates (nonet_variant_true_
 * candidates_until) within `timeout` seconds (0: none): NONET_ESTOPPED
 * after the time, EXT_INTERRUPTED on a signal. */
long ext_removable_watched(const nonet_variant *v, const uint8_t *cells,
                           int *idx, const ext_deadline *d);
/* The same checks on the calling thread (cells changed and put back),
 * asking `stop` (may be NULL) before each and during it. */
long ext_removable(const nonet_variant *v, uint8_t *cells, int *idx,
                   int (*stop)(void *ctx), void *ctx);
int ext_true_candidates_watched(const nonet_variant *v, const uint8_t *cells,
                                uint32_t *cand, double timeout);
/* The same for the search of nonet_vlogic_init_until, `s` filled (its
 * rules `v`): the number of solutions up to 2, NONET_ESTOPPED after
 * `timeout` seconds (0: none), another status, or EXT_INTERRUPTED. */
long ext_vlogic_init_watched(const nonet_variant *v, const uint8_t *cells,
                             nonet_vlogic_state *s, double timeout);
/* A search's result: NULL with SearchTimeout ("no answer within S s
 * (timeout)") for NONET_ESTOPPED, with an error for the other statuses
 * below 0; else Py_None (borrowed). (vsolve.c) */
PyObject *ext_search_ok(long n, double timeout);
/* 0 when `timeout` (seconds) is 0 (none) or above 0 up to 1e6, else -1
 * with ValueError. (vsolve.c) */
int ext_timeout_ok(double timeout);

/* Takes the GIL back (the thread state *ts, released) for a moment to
 * run Python's signal handlers, then releases it again; -1 when a
 * handler raised (the exception is set). */
int ext_check_signals(PyThreadState **ts);
/* Waits on cv (mu held) for at most the 0.1 s between two looks at
 * signals. */
void ext_wait_a_moment(pthread_cond_t *cv, pthread_mutex_t *mu);

/* Seconds on the monotonic clock. */
double ext_now(void);

/* The number of threads `threads` asks for (0 or less: every processor
 * this process may run on), at most `items`, at least 1. */
int ext_threads(long threads, size_t items);

/* ---- logic options (logic.c) --------------------------------------------- */

/* Logic options from the keyword values of hint, explain and rate (by
 * technique): a comma-separated list or a sequence of techniques to use
 * (None: all), to leave out, and whether uniqueness techniques may be
 * used. NULL with OptionError set on a bad value. */
nonet_logic_options *ext_logic_options(PyObject *techniques, PyObject *exclude,
                                       int uniqueness);

/* A list of techniques as the command takes it: a comma-separated str, or
 * a sequence of keys or names. A new reference to a str, or NULL. */
PyObject *ext_joined(PyObject *v);

/* The room of a step as JSON (nonet_step_json, nonet_vstep_json) with
 * NONET_JSON_DETAILS. */
#define EXT_JSON_MAX 65536

/* A path's steps as text, one JSON object a line, for explain and vexplain:
 * the step callback writes a step into `json` (EXT_JSON_MAX bytes) and
 * adds its `n` bytes with ext_path_add (1: out of memory, stop). */
typedef struct ext_path {
  char *text, *json;
  size_t len, cap;
  unsigned flags; /* of nonet_step_json */
  int oom;
} ext_path;
int ext_path_add(ext_path *p, size_t n);

/* The answer of hint and vhint from the puzzle's solutions (`n`, up to 2,
 * or a status), whether the grid is full, what the search for a step gave
 * (`found`: 1, 0 or a status) and the step as JSON: the step's text, None
 * when solved, or NULL with the command's error. */
PyObject *ext_hint_result(long n, int solved, int found, const char *json);

/* The answer of explain and vexplain from the path `p` (its buffers freed
 * here), the puzzle's solutions `n` and the status `st` of the solve:
 * (steps as JSON lines, solved, {technique name: steps}), or NULL with the
 * command's error. */
PyObject *ext_explain_result(ext_path *p, long n, int st, int solved,
                             const unsigned counts[], int variant);

/* ---- module functions, by file ------------------------------------------- */

PyObject *ext_solve(PyObject *self, PyObject *args, PyObject *kw);
PyObject *ext_count(PyObject *self, PyObject *args, PyObject *kw);
PyObject *ext_check(PyObject *self, PyObject *args, PyObject *kw);
PyObject *ext_candidates(PyObject *self, PyObject *args, PyObject *kw);
PyObject *ext_cells_of(PyObject *self, PyObject *arg);
PyObject *ext_format(PyObject *self, PyObject *args, PyObject *kw);
PyObject *ext_solve_many(PyObject *self, PyObject *args, PyObject *kw);
PyObject *ext_isomorphs(PyObject *self, PyObject *args);
PyObject *ext_rate(PyObject *self, PyObject *args);
PyObject *ext_rate_many(PyObject *self, PyObject *args, PyObject *kw);
PyObject *ext_rate_technique(PyObject *self, PyObject *args, PyObject *kw);
PyObject *ext_hint(PyObject *self, PyObject *args, PyObject *kw);
PyObject *ext_explain(PyObject *self, PyObject *args, PyObject *kw);
PyObject *ext_techniques(PyObject *self, PyObject *noargs);
PyObject *ext_run_jobs(PyObject *self, PyObject *args, PyObject *kw);

/* Types: the reader (reader.c) and generator options (genopts.c). */
extern PyTypeObject ext_ReaderType;
extern PyTypeObject ext_GenOptionsType;

/* ---- variant puzzles (variant.c) ----------------------------------------- */

/* Sizes 4x4 .. 25x25, jigsaw, extra regions, relations, killer cages: the
 * rules are a Rules object (an immutable nonet_variant), the cells a bytes
 * object of N*N cells 0..N. The package's nonet.Variant holds both. */
extern PyTypeObject ext_RulesType;

/* A new Rules object that owns `v` (freed here when that fails); NULL with
 * an exception. */
PyObject *ext_rules_new(nonet_variant *v);

/* The rules of a Rules object, or NULL with TypeError. */
const nonet_variant *ext_rules(PyObject *obj);

/* The arguments of the variant functions: the rules and the N*N cells. */
typedef struct ext_vpuzzle {
  const nonet_variant *v;
  int n;                                  /* N */
  uint8_t cells[NONET_VARIANT_MAX_CELLS]; /* N*N used */
} ext_vpuzzle;

/* Reads (rules, cells) into `p`: the cells a bytes-like object of N*N
 * values 0..N. 0, or -1 with an exception (ParseError for bad cells). */
int ext_vpuzzle_read(PyObject *rules, PyObject *cells, ext_vpuzzle *p);

/* N*N cells as a bytes object. */
PyObject *ext_vcells_bytes(const uint8_t *cells, int n);

/* The rules the givens break, as nonet_variant_conflicts words them
 * (joined by "; "): a new str ("" when none), or NULL. */
PyObject *ext_vconflicts(const ext_vpuzzle *p);

/* When the givens break a rule, raises ConflictError with what they break
 * and returns 1 (also when out of memory); else 0. */
int ext_raise_vconflicts(const ext_vpuzzle *p);

/* The variant engine's options from the keyword values of hint, explain
 * and rate: the technique lists as the command splits them between the
 * engines (names the variant engine knows are its; a name neither engine
 * knows is refused with the classic engine's message). NULL with
 * OptionError set on a bad value. */
nonet_vlogic_options *ext_vlogic_options(PyObject *techniques,
                                         PyObject *exclude);

/* Variant generator options (genopts.c). */
extern PyTypeObject ext_VariantGenOptionsType;
const nonet_variant_gen *ext_variant_gen_options(PyObject *obj);

PyObject *ext_make_rules(PyObject *self, PyObject *args, PyObject *kw);
PyObject *ext_resolve(PyObject *self, PyObject *arg);
PyObject *ext_vformat(PyObject *self, PyObject *args, PyObject *kw);
PyObject *ext_vsolve(PyObject *self, PyObject *args, PyObject *kw);
/* vbatch.c */
PyObject *ext_vsolve_many(PyObject *self, PyObject *args, PyObject *kw);
PyObject *ext_vcount(PyObject *self, PyObject *args, PyObject *kw);
PyObject *ext_vcheck(PyObject *self, PyObject *args, PyObject *kw);
PyObject *ext_vcandidates(PyObject *self, PyObject *args, PyObject *kw);
PyObject *ext_vis_solution(PyObject *self, PyObject *args);
PyObject *ext_vhint(PyObject *self, PyObject *args, PyObject *kw);
PyObject *ext_vexplain(PyObject *self, PyObject *args, PyObject *kw);
PyObject *ext_vrate(PyObject *self, PyObject *args, PyObject *kw);
PyObject *ext_vtechniques(PyObject *self, PyObject *noargs);
PyObject *ext_run_variant_jobs(PyObject *self, PyObject *args, PyObject *kw);

/* The options of a GenOptions object (genopts.c). */
const nonet_gen_options *ext_gen_options(PyObject *obj);

#endif
