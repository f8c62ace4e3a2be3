/* glue.c: the functions the WebAssembly module exports to JavaScript. A
 * thin client of the public API (include/nonet.h, and render/render.h
 * for printable pages): each function takes text and returns a JSON
 * object as a string the caller frees with nw_free; a failure is
 * {"error": "the same message the command prints"}. The JavaScript
 * package (web/package) turns the errors into exceptions. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "nonet.h"
#include "render/render.h"

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#define EXPORT EMSCRIPTEN_KEEPALIVE
#else
#define EXPORT
#endif

/* ---- a time limit for the searches (timeout) ---------------------------- */

typedef struct deadline {
  double seconds; /* 0: none */
  double end;     /* now_seconds() then */
} deadline;

/* A clock in seconds: performance.now() under emscripten (microseconds
 * in Node; C's clocks there tick by the millisecond). */
static double now_seconds(void) {
#ifdef __EMSCRIPTEN__
  return emscripten_get_now() / 1000.0;
#else
  struct timespec t;
  timespec_get(&t, TIME_UTC);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
#endif
}

static void deadline_start(deadline *d, double seconds) {
  d->seconds = seconds > 0 ? seconds : 0;
  d->end = d->seconds ? now_seconds() + seconds : 0;
}

/* Whether the deadline `ctx` has passed (a stop function for
 * nonet_solve_until and nonet_variant_solve_until). */
static int past(void *ctx) {
  const deadline *d = ctx;
  return d->seconds && now_seconds() >= d->end;
}

/* A variant's search until the deadline (NONET_ESTOPPED after it; a
 * search too short to ask never sees it: callers that run many ask
 * between them, as the command does). */
static long vsearch(const nonet_variant *v, const uint8_t *c, uint8_t *sol,
                    long limit, deadline *d) {
  return nonet_variant_solve_until(v, c, sol, limit, past, d, NULL);
}

/* A classic count to `limit` (at least 1) until the deadline; without
 * one, nonet_solve's own search, which never asks. */
static long csearch(const uint8_t *c, uint8_t *sol, int limit, deadline *d) {
  long lim = limit < 1 ? 1 : limit;
  return d->seconds ? nonet_solve_until(c, sol, lim, past, d, NULL)
                    : nonet_solve(c, sol, lim, NULL);
}

/* "WHAT S s (timeout)" into buf: a search that ran past the deadline. */
static void timeout_text(char *buf, size_t cap, const char *what,
                         const deadline *d) {
  snprintf(buf, cap, "%s %g s (timeout)", what, d->seconds);
}

/* ---- a growable JSON text ------------------------------------------------ */

typedef struct out {
  char *s;
  size_t n, cap;
  int oom;
} out;

static void put(out *o, const char *s, size_t n) {
  if (o->oom) return;
  if (o->n + n + 1 > o->cap) {
    size_t cap = o->cap ? o->cap : 256;
    while (cap < o->n + n + 1) cap *= 2;
    char *p = realloc(o->s, cap);
    if (!p) {
      o->oom = 1;
      return;
    }
    o->s = p;
    o->cap = cap;
  }
  memcpy(o->s + o->n, s, n);
  o->n += n;
  o->s[o->n] = 0;
}

static void puts_(out *o, const char *s) { put(o, s, strlen(s)); }

static void printf_(out *o, const char *fmt, ...) {
  char tmp[512];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
  va_end(ap);
  if (n > 0) put(o, tmp, (size_t)n < sizeof tmp ? (size_t)n : sizeof tmp - 1);
}

static void str(out *o, const char *s) {
  puts_(o, "\"");
  for (; *s; s++) {
    unsigned char c = (unsigned char)*s;
    if (c == '"' || c == '\\')
      printf_(o, "\\%c", c);
    else if (c < 0x20)
      printf_(o, "\\u%04x", c);
    else
      put(o, (const char *)s, 1);
  }
  puts_(o, "\"");
}

static void cells(out *o, const uint8_t c[81]) {
  char line[82];
  for (int i = 0; i < 81; i++) line[i] = c[i] ? (char)('0' + c[i]) : '.';
  line[81] = 0;
  str(o, line);
}

static void tenths(out *o, int v) { printf_(o, "%d.%d", v / 10, v % 10); }

/* The result: the text, or {"error": "out of memory"} when it could not
 * be made. */
static char *done(out *o) {
  if (o->oom || !o->s) {
    free(o->s);
    const char *m = "{\"error\":\"out of memory\"}";
    char *s = malloc(strlen(m) + 1);
    if (s) strcpy(s, m);
    return s;
  }
  return o->s;
}

static char *error(const char *msg) {
  out o = {0};
  puts_(&o, "{\"error\":");
  str(&o, msg);
  puts_(&o, "}");
  return done(&o);
}

/* "WHAT S s (timeout)": a search that ran past the deadline `d`. */
static char *timeout_error(const char *what, const deadline *d) {
  char msg[160];
  timeout_text(msg, sizeof msg, what, d);
  return error(msg);
}

/* The error `e` when there is one (the text `o` is dropped), else the text. */
static char *error_or(char *e, out *o) {
  if (!e) return done(o);
  free(o->s);
  return e;
}

EXPORT void nw_free(char *p) { free(p); }

EXPORT const char *nw_version(void) { return nonet_version(); }

/* Reads one puzzle (any format the command reads); NULL when it is fine,
 * else the error (conflicts only when `rules`). */
static char *read_puzzle(const char *text, uint8_t c[81], int rules) {
  char err[NONET_MESSAGE_MAX];
  if (!text || nonet_parse(text, strlen(text), c, err, sizeof err) != NONET_OK)
    return error(text ? err : "no puzzle");
  if (!rules) return NULL;
  nonet_conflict cf[8];
  int n = nonet_find_conflicts(c, cf, 8);
  if (n <= 0) return NULL;
  char msg[160];
  nonet_conflict_describe(&cf[0], msg, sizeof msg);
  return error(msg);
}

/* ---- solving ------------------------------------------------------------- */

EXPORT char *nw_parse(const char *text) {
  uint8_t c[81];
  char *e = read_puzzle(text, c, 0);
  if (e) return e;
  out o = {0};
  puts_(&o, "{\"cells\":");
  cells(&o, c);
  nonet_conflict cf[8];
  int n = nonet_find_conflicts(c, cf, 8);
  puts_(&o, ",\"conflicts\":[");
  for (int k = 0; k < n && k < 8; k++) {
    char msg[160];
    nonet_conflict_describe(&cf[k], msg, sizeof msg);
    puts_(&o, k ? "," : "");
    puts_(&o, "{\"message\":");
    str(&o, msg);
    puts_(&o, ",\"cells\":[");
    for (int j = 0; j < cf[k].count; j++)
      printf_(&o, "%s%d", j ? "," : "", cf[k].cells[j]);
    puts_(&o, "]}");
  }
  puts_(&o, "]}");
  return done(&o);
}

/* The message for a puzzle without a solution: its first conflict, or
 * "no solution". */
static void no_solution(const uint8_t c[81], char *err, size_t errcap) {
  nonet_conflict cf[1];
  if (nonet_find_conflicts(c, cf, 1) > 0)
    nonet_conflict_describe(&cf[0], err, errcap);
  else
    snprintf(err, errcap, "no solution");
}

static void digits(char *out, const uint8_t c[81]) {
  for (int i = 0; i < 81; i++) out[i] = c[i] ? (char)('0' + c[i]) : '.';
}

/* The fast path of solve and count, without JSON or allocation: the
 * number of solutions of one puzzle (any format) up to `limit`, as `nonet
 * count` gives it, with the first one as 81 digits and a NUL in `solution`
 * (82 bytes, may be NULL); when there is none, `err` says why as `nonet
 * solve` does ("row 1 has two 1s (r1c1, r1c2)" or "no solution"). -1 with
 * the reader's message in `err` for text that is not a puzzle, or "no
 * answer within S s (timeout)" for a search that ran past `seconds` (0:
 * no limit; nonet_solve_until asks the clock every 1024 branches, so
 * only a count to a large limit sees it). */
EXPORT long nw_count(const char *text, int limit, char *solution, char *err,
                     int errcap, double seconds) {
  uint8_t c[81], sol[81];
  size_t cap = errcap > 0 ? (size_t)errcap : 0, len = strlen(text);
  /* an 81-cell line: the reader's quick parse; else every format */
  nonet_record rec;
  rec.status = NONET_EPARSE;
  if (len >= 81 && !memchr(text, '\n', len))
    nonet_record_parse_line(text, len, &rec);
  if (rec.status == NONET_OK)
    memcpy(c, rec.cells, 81);
  else if (nonet_parse(text, len, c, err, cap) != NONET_OK)
    return -1;
  deadline d;
  deadline_start(&d, seconds);
  long n = csearch(c, sol, limit, &d);
  if (n == NONET_ESTOPPED) {
    timeout_text(err, cap, "no answer within", &d);
    return -1;
  }
  if (n < 0) {
    snprintf(err, cap, "%s", nonet_strerror((int)n));
    return -1;
  }
  if (n == 0) no_solution(c, err, cap);
  if (solution && n > 0) {
    digits(solution, sol);
    solution[81] = 0;
  }
  return n;
}

/* The same for a puzzle given as 81 numbers (0 for an empty cell), with
 * the first solution as 81 numbers 1-9 (`solution` may be NULL): no text
 * read or written. -1 with the message in `err` for a number above 9. */
EXPORT long nw_count_cells(const uint8_t *cells, int limit, uint8_t *solution,
                           char *err, int errcap) {
  size_t cap = errcap > 0 ? (size_t)errcap : 0;
  long n = nonet_solve(cells, solution, limit < 1 ? 1 : limit, NULL);
  if (n == NONET_EINVAL) {
    int i = 0;
    while (i < 80 && cells[i] <= 9) i++;
    snprintf(err, cap, "r%dc%d holds %d: a cell holds 0 (empty) to 9",
             i / 9 + 1, i % 9 + 1, cells[i]);
    return -1;
  }
  if (n < 0) {
    snprintf(err, cap, "%s", nonet_strerror((int)n));
    return -1;
  }
  if (n == 0) no_solution(cells, err, cap);
  return n;
}

/* Adds to the list `o` the error of record k (from 0) that is not a
 * puzzle, or whose count failed (status `n`; NONET_ESTOPPED: it ran past
 * the deadline `d`): {"record", "line", "message"}; `nerr` counts the
 * errors so far. */
static void record_error(out *o, long *nerr, long k, const nonet_record *rec,
                         long n, const deadline *d) {
  printf_(o,
          "%s{\"record\":%ld,\"line\":%lu,\"message\":", (*nerr)++ ? "," : "",
          k + 1, rec->line);
  char late[64] = "";
  if (rec->status == NONET_OK && n == NONET_ESTOPPED)
    timeout_text(late, sizeof late, "no answer within", d);
  str(o, rec->status != NONET_OK ? rec->message
         : *late                 ? late
                                 : nonet_strerror((int)n));
  puts_(o, "}");
}

/* Many puzzles at once, as `nonet count` reads a file (the records of
 * `text`, in any formats): for record k, counts[k] is the number of
 * solutions up to `limit` (-1 for a record that is not a puzzle) and
 * solutions[81k ..] the first solution ('.' x 81 when there is none); at
 * most `max` records; with `seconds` (not 0), a record whose count runs
 * longer is given up (-1, "no answer within S s (timeout)"). Returns
 * {"records": N, "errors": [{"record": K, "line": L, "message": M}]}
 * (counted from 1, as the command names them). */
EXPORT char *nw_count_many(const char *text, int limit, int32_t *counts,
                           char *solutions, long max, double seconds) {
  nonet_reader *rd = nonet_reader_new_memory(text, strlen(text));
  if (!rd) return error("out of memory");
  out o = {0};
  puts_(&o, "{\"errors\":[");
  nonet_record rec;
  long k = 0, nerr = 0;
  char line[1024];
  size_t len;
  int got;
  while (k < max && (got = nonet_reader_next_text(rd, &rec, line, sizeof line,
                                                  &len)) >= 1) {
    if (got == 2) nonet_record_parse_line(line, len, &rec); /* one line */
    uint8_t sol[81];
    long n = -1;
    deadline d; /* a puzzle's own */
    deadline_start(&d, seconds);
    if (rec.status == NONET_OK) n = csearch(rec.cells, sol, limit, &d);
    counts[k] = (int32_t)(n < 0 ? -1 : n);
    if (n > 0)
      digits(solutions + 81 * k, sol);
    else
      memset(solutions + 81 * k, '.', 81);
    if (n < 0) record_error(&o, &nerr, k, &rec, n, &d);
    k++;
  }
  nonet_reader_free(rd);
  printf_(&o, "],\"records\":%ld}", k);
  return done(&o);
}

/* The answer of check when the givens break rules: `v` holds "invalid: "
 * and what they break (freed here). */
static char *invalid(out *v) {
  out o = {0};
  puts_(&o, "{\"verdict\":");
  str(&o, v->s ? v->s : "invalid");
  free(v->s);
  puts_(&o, ",\"unique\":false}");
  return done(&o);
}

/* The answer of check for givens that keep the rules, with `k` solutions
 * (up to 2): {"verdict", "unique"} and with `minimal` "removable" (the
 * givens that can be removed one at a time keeping one solution). `c` is
 * the N*N cells of the puzzle, of the variant `v` (NULL: classic, N 9). */
static char *verdict(long k, int minimal, const nonet_variant *v, uint8_t *c,
                     int n, deadline *d) {
  out o = {0};
  puts_(&o, "{\"verdict\":");
  str(&o, k == 0 ? "no solution" : k > 1 ? "multiple solutions" : "unique");
  printf_(&o, ",\"unique\":%s", k == 1 ? "true" : "false");
  if (k == 1 && minimal) {
    puts_(&o, ",\"removable\":[");
    int first = 1;
    for (int i = 0; i < n * n; i++) {
      if (!c[i]) continue;
      uint8_t given = c[i];
      c[i] = 0;
      long one = !v        ? nonet_solve(c, NULL, 2, NULL)
                 : past(d) ? NONET_ESTOPPED
                           : vsearch(v, c, NULL, 2, d);
      c[i] = given;
      if (one == NONET_ESTOPPED) {
        free(o.s);
        return timeout_error("unique, but whether every given is needed is "
                             "not known within",
                             d);
      }
      if (one == 1) {
        printf_(&o, "%s\"r%dc%d\"", first ? "" : ",", i / n + 1, i % n + 1);
        first = 0;
      }
    }
    puts_(&o, "]");
  }
  puts_(&o, "}");
  return done(&o);
}

EXPORT char *nw_check(const char *text, int minimal) {
  uint8_t c[81];
  char *e = read_puzzle(text, c, 0);
  if (e) return e;
  nonet_conflict cf[8];
  int nc = nonet_find_conflicts(c, cf, 8);
  if (nc > 0) {
    out v = {0};
    puts_(&v, "invalid: ");
    for (int k = 0; k < nc && k < 8; k++) {
      char msg[160];
      nonet_conflict_describe(&cf[k], msg, sizeof msg);
      puts_(&v, k ? "; " : "");
      puts_(&v, msg);
    }
    return invalid(&v);
  }
  deadline none = {0, 0};
  return verdict(nonet_solve(c, NULL, 2, NULL), minimal, NULL, c, 9, &none);
}

EXPORT char *nw_candidates(const char *text) {
  uint8_t c[81];
  char *e = read_puzzle(text, c, 0);
  if (e) return e;
  out o = {0};
  puts_(&o, "{\"candidates\":[");
  for (int i = 0; i < 81; i++)
    printf_(&o, "%s%u", i ? "," : "",
            c[i] ? 0u : (unsigned)nonet_candidates(c, i / 9, i % 9));
  puts_(&o, "]}");
  return done(&o);
}

/* ---- generating ---------------------------------------------------------- */

typedef struct gen_list {
  out *o;
  long n;
} gen_list;

static int keep(const nonet_gen_puzzle *p, void *ctx) {
  gen_list *g = ctx;
  out *o = g->o;
  puts_(o, g->n++ ? "," : "");
  puts_(o, "{\"puzzle\":");
  cells(o, p->puzzle);
  puts_(o, ",\"solution\":");
  cells(o, p->solution);
  printf_(o, ",\"clues\":%d,\"symmetry\":", p->clues);
  str(o, nonet_symmetry_name(p->symmetry));
  printf_(o, ",\"job\":%llu", (unsigned long long)p->job);
  if (p->er) {
    puts_(o, ",\"er\":");
    tenths(o, p->er);
    puts_(o, ",\"ep\":");
    tenths(o, p->ep);
    puts_(o, ",\"ed\":");
    tenths(o, p->ed);
    puts_(o, ",\"level\":");
    str(o, nonet_level_name(nonet_rating_level_of(p->er)));
  }
  puts_(o, "}");
  return o->oom;
}

/* Options as text: lines "name=value" (or "name"), the command's options
 * without their dashes, each handed to `set` (the library's parser for
 * the kind of options); 0, or -1 with the parser's message in `err`. */
typedef int (*option_fn)(void *obj, const char *name, const char *value,
                         char *err, size_t errcap);

static int each_option(const char *text, option_fn set, void *obj, char *err,
                       size_t errcap) {
  char line[2048];
  const char *p = text ? text : "";
  while (*p) {
    size_t n = strcspn(p, "\n");
    if (n && n < sizeof line) {
      memcpy(line, p, n);
      line[n] = 0;
      char *eq = strchr(line, '=');
      if (eq) *eq = 0;
      if (set(obj, line, eq ? eq + 1 : NULL, err, errcap) != NONET_OK)
        return -1;
    }
    p += n;
    if (*p) p++;
  }
  return 0;
}

/* each_option's error as the answer (its message cut to `cap` bytes, at
 * most 320), or NULL when every option was taken. */
static char *options(const char *text, option_fn set, void *obj, size_t cap) {
  char err[320];
  if (each_option(text, set, obj, err, cap) < 0) return error(err);
  return NULL;
}

static int gen_option(void *o, const char *name, const char *value, char *err,
                      size_t errcap) {
  return nonet_gen_options_parse(o, name, value, err, errcap);
}

static int vlogic_option(void *o, const char *name, const char *value,
                         char *err, size_t errcap);
static int known_techniques(const char *name, const char *value, int variant,
                            out *keep, char *err, size_t errcap);

/* Technique lists for the classic engine, as the command splits them
 * (src/cli/logic_opts.c): the names it knows; a variant technique's name
 * is for the other engine; a name neither knows is refused. */
static int logic_option(void *o, const char *name, const char *value, char *err,
                        size_t errcap) {
  if (!value || (strcmp(name, "techniques") && strcmp(name, "exclude")))
    return nonet_logic_options_parse(o, name, value, err, errcap);
  out keep = {0};
  int r = known_techniques(name, value, 0, &keep, err, errcap);
  if (r == NONET_OK)
    r = keep.oom ? NONET_ENOMEM
                 : nonet_logic_options_parse(o, name, keep.s ? keep.s : "", err,
                                             errcap);
  free(keep.s);
  return r;
}

/* The end of the answer of nw_generate and nw_vgenerate after the
 * puzzles: {"error": `fail`} when the generator failed, else the list and
 * the `shortfall` (NULL: none) when fewer puzzles than asked were found. */
static char *puzzles_end(out *o, const char *fail, const char *shortfall) {
  puts_(o, "]");
  if (fail) {
    free(o->s);
    return error(fail);
  }
  if (shortfall) {
    puts_(o, ",\"shortfall\":");
    str(o, shortfall);
  }
  puts_(o, "}");
  return done(o);
}

/* `text`: lines "name=value" (or "name"), the options of `nonet
 * generate` without their dashes; `count` puzzles. */
EXPORT char *nw_generate(const char *text, int count) {
  nonet_gen_options *g = nonet_gen_options_new();
  if (!g) return error("out of memory");
  char err[320], *e = options(text, gen_option, g, sizeof err);
  if (e) {
    nonet_gen_options_free(g);
    return e;
  }
  if (nonet_gen_check(g, err, sizeof err) != NONET_OK) {
    nonet_gen_options_free(g);
    return error(err);
  }
  out o = {0};
  puts_(&o, "{\"puzzles\":[");
  gen_list list = {&o, 0};
  nonet_gen_stats st;
  memset(&st, 0, sizeof st);
  long made = nonet_generate(g, count < 1 ? 1 : count, keep, &list, &st);
  char what[200];
  nonet_gen_describe(g, count > 1, what, sizeof what);
  snprintf(err, sizeof err, "only %ld of %d %s found within %g s", made, count,
           what, nonet_gen_get_timeout(g));
  nonet_gen_options_free(g);
  return puzzles_end(&o, made == NONET_ENOMEM ? "out of memory" : NULL,
                     made < count ? err : NULL);
}

/* ---- logic: hints, explanations, ratings --------------------------------- */

/* nonet_step_json's bound for a step with its details. */
#define STEP_JSON_MAX 65536

/* The state of a game: the givens and the digits placed so far (`grid`,
 * 81 cells, may be NULL or empty: the givens alone). */
static char *start(const char *givens, const char *grid, nonet_logic_state *s,
                   uint8_t g[81]) {
  uint8_t c[81];
  char *e = read_puzzle(givens, g, 1);
  if (e) return e;
  memcpy(c, g, 81);
  if (grid && *grid) {
    uint8_t cur[81];
    e = read_puzzle(grid, cur, 1);
    if (e) return e;
    for (int i = 0; i < 81; i++)
      if (g[i] && cur[i] != g[i]) return error("the grid changes a given");
    memcpy(c, cur, 81);
  }
  long n = nonet_solve(g, NULL, 2, NULL);
  if (n == 0) return error("no solution");
  if (n > 1) return error("multiple solutions");
  int r = nonet_logic_init(s, c);
  if (r != NONET_OK) return error(nonet_strerror(r));
  if (!s->unique) return error("no solution: some digit is wrong");
  return NULL;
}

/* The options of the classic logic engine (nonet_logic_options) or with
 * `variant` of the variant one (nonet_vlogic_options) from `opts`, or NULL
 * with the error in *e (NULL when they are taken). */
static void *techniques(const char *opts, int variant, char **e) {
  void *lo = variant ? (void *)nonet_vlogic_options_new()
                     : (void *)nonet_logic_options_new();
  *e = lo ? options(opts, variant ? vlogic_option : logic_option, lo, 200)
          : error("out of memory");
  if (!*e) return lo;
  if (variant)
    nonet_vlogic_options_free(lo);
  else
    nonet_logic_options_free(lo);
  return NULL;
}

/* The answer of hint when the grid is full. */
static char *solved(void) {
  out o = {0};
  puts_(&o, "{\"solved\":true}");
  return done(&o);
}

/* The next step of a game: the step as an object (with its nudge, pattern,
 * notation and words texts and the cells to highlight), or
 * {"solved": true}. */
EXPORT char *nw_hint(const char *givens, const char *grid, const char *opts) {
  nonet_logic_state s;
  uint8_t g[81];
  char *e = start(givens, grid, &s, g);
  if (e) return e;
  if (nonet_logic_solved(&s)) return solved();
  nonet_logic_options *lo;
  if (!(lo = techniques(opts, 0, &e))) return e;
  nonet_step step;
  int r = nonet_logic_find(&s, lo, &step);
  nonet_logic_options_free(lo);
  if (r == NONET_ENOMEM) return error("out of memory");
  if (r != 1) return error("no step found");
  char *json = malloc(STEP_JSON_MAX);
  if (!json) return error("out of memory");
  nonet_step_json(&step, NONET_JSON_DETAILS, json, STEP_JSON_MAX);
  return json;
}

typedef struct path {
  out *o;
  int n;
  char *json; /* STEP_JSON_MAX bytes, the caller's */
} path;

/* Adds the step in p->json to the path; 1 (stop) when out of memory. */
static int path_add(path *p) {
  puts_(p->o, p->n++ ? "," : "");
  puts_(p->o, p->json);
  return p->o->oom;
}

static int on_step(const nonet_logic_state *s, const nonet_step *step,
                   void *ctx) {
  (void)s;
  path *p = ctx;
  nonet_step_json(step, NONET_JSON_DETAILS, p->json, STEP_JSON_MAX);
  return path_add(p);
}

/* The name of a technique of the classic or (`variant`) the variant
 * engine, "none" for -1. */
static const char *technique_name(int t, int variant) {
  if (t < 0) return "none";
  return variant ? nonet_vtech_name((nonet_vtech)t)
                 : nonet_technique_name((nonet_technique)t);
}

/* The end of an explanation after its steps: whether the path solved the
 * puzzle, and when it did its level and the technique that decided it (a
 * path that stops has no level: the command gives none). */
static void path_end(out *o, int solved, nonet_level level, int decisive,
                     int variant) {
  printf_(o, "],\"solved\":%s", solved ? "true" : "false");
  if (!solved) {
    puts_(o, "}");
    return;
  }
  puts_(o, ",\"level\":");
  str(o, nonet_level_name(level));
  puts_(o, ",\"technique\":");
  str(o, technique_name(decisive, variant));
  puts_(o, "}");
}

/* The whole path of a puzzle, step by step, as `nonet explain --format
 * jsonl` writes it (with each step's details). */
EXPORT char *nw_explain(const char *text, const char *opts) {
  nonet_logic_state s;
  uint8_t g[81];
  char *e = start(text, NULL, &s, g);
  if (e) return e;
  nonet_logic_options *lo;
  if (!(lo = techniques(opts, 0, &e))) return e;
  char *json = malloc(STEP_JSON_MAX);
  if (!json) {
    nonet_logic_options_free(lo);
    return error("out of memory");
  }
  out o = {0};
  puts_(&o, "{\"puzzle\":");
  cells(&o, g);
  puts_(&o, ",\"steps\":[");
  path p = {&o, 0, json};
  nonet_logic_result res;
  int r = nonet_logic_solve(&s, lo, on_step, &p, &res);
  nonet_logic_options_free(lo);
  free(json);
  if (r == NONET_ENOMEM) {
    free(o.s);
    return error("out of memory");
  }
  path_end(&o, res.solved, res.level, res.decisive, 0);
  return done(&o);
}

/* Sudoku Explainer's rating, and the level by technique. */
EXPORT char *nw_rate(const char *text) {
  uint8_t c[81];
  char *e = read_puzzle(text, c, 1);
  if (e) return e;
  nonet_rating r;
  int st = nonet_rate(c, &r);
  if (st == NONET_ENOMEM) return error("out of memory");
  if (st != NONET_OK) {
    long n = nonet_solve(c, NULL, 2, NULL);
    return error(n == 0  ? "no solution"
                 : n > 1 ? "multiple solutions"
                         : "cannot rate this puzzle");
  }
  out o = {0};
  puts_(&o, "{\"er\":");
  tenths(&o, r.er);
  puts_(&o, ",\"ep\":");
  tenths(&o, r.ep);
  puts_(&o, ",\"ed\":");
  tenths(&o, r.ed);
  puts_(&o, ",\"level\":");
  str(&o, nonet_level_name(r.level));
  puts_(&o, ",\"technique\":");
  str(&o, r.technique);
  printf_(&o, ",\"steps\":%d}", r.steps);
  return done(&o);
}

/* ---- variant puzzles ----------------------------------------------------- */

/* Every size from 4x4 to 25x25, jigsaw regions, extra regions, relations and
 * killer cages (docs/variants.md), through the "Variants" section of
 * nonet.h. Each function reads one puzzle of any kind with
 * nonet_variant_parse (the text line "size=6 box=2x3 cells=...", its grid
 * form, the JSON object; a classic record gets the plain 9x9 rules); cells
 * are written as the text format's symbols (1-9, then A-P for 10-25, '.'
 * for an empty cell). The package sends classic puzzles to the functions
 * above and variant ones here. */

/* A digit as a symbol of the text format. */
static char symbol(int d) {
  return d <= 0 ? '.' : d <= 9 ? (char)('0' + d) : (char)('A' + d - 10);
}

/* N*N cells as a JSON string of symbols. */
static void vcells(out *o, const uint8_t *c, int n) {
  char line[NONET_VARIANT_MAX_CELLS + 1];
  for (int i = 0; i < n * n; i++) line[i] = symbol(c[i]);
  line[n * n] = 0;
  str(o, line);
}

/* The puzzle written by the library (a nonet_format), as a JSON string
 * (`raw`: the text itself, for JSON). */
static void vformat(out *o, const nonet_variant *v, const uint8_t *c,
                    const uint8_t *sol, nonet_format f, int raw) {
  size_t need = nonet_variant_format(v, c, sol, f, 0, NULL, 0);
  char *t = malloc(need + 1);
  if (!t) {
    o->oom = 1;
    return;
  }
  nonet_variant_format(v, c, sol, f, 0, t, need + 1);
  if (raw)
    puts_(o, t);
  else
    str(o, t);
  free(t);
}

/* Reads one puzzle of any kind into *r (malloc'd; the caller frees it with
 * vfree); NULL when fine, else the error. */
static char *vread(const char *text, nonet_variant_record **r) {
  char err[NONET_MESSAGE_MAX];
  *r = calloc(1, sizeof **r);
  if (!*r) return error("out of memory");
  int rc = text ? nonet_variant_parse(text, strlen(text), *r, err, sizeof err)
                : NONET_EPARSE;
  if (rc == NONET_OK) return NULL;
  free(*r);
  *r = NULL;
  return error(rc == NONET_ENOMEM ? "out of memory" : text ? err : "no puzzle");
}

static void vfree(nonet_variant_record *r) {
  if (!r) return;
  nonet_variant_free(r->variant);
  free(r);
}

/* What the givens break ("row 3 has two 5s (r3c1, r3c7); ..."), in `msg`;
 * 0 when nothing. */
static int vconflicts(const nonet_variant *v, const uint8_t *c, char *msg,
                      size_t cap) {
  int k = nonet_variant_conflicts(v, c, msg, cap);
  if (k < 0) snprintf(msg, cap, "%s", nonet_strerror(k));
  return k;
}

#define VMSG 1024

/* Why a puzzle has no solution, in `msg`: what its givens break, or "no
 * solution". */
static void why(const nonet_variant *v, const uint8_t *c, char *msg,
                size_t cap) {
  if (vconflicts(v, c, msg, cap) == 0) snprintf(msg, cap, "no solution");
}

/* Reads one puzzle of any kind and answers with `fn` on it, with its size
 * N and `arg`: the answer, or the reader's error. */
static char *vanswer(const char *text,
                     char *(*fn)(nonet_variant_record *r, int n, int arg),
                     int arg) {
  nonet_variant_record *r;
  char *e = vread(text, &r);
  if (e) return e;
  e = fn(r, nonet_variant_size(r->variant), arg);
  vfree(r);
  return e;
}

/* The windoku windows of `v` as "windows": [[cells], ...] (the houses
 * the library keeps for them, in reading order), when it has any. */
static void vwindows(out *o, const nonet_variant *v) {
  int houses = nonet_variant_house_count(v), cells[NONET_VARIANT_MAX_SIZE];
  int w = 0;
  for (int k = 0; k < houses; k++) {
    nonet_house_kind kind;
    int n = nonet_variant_house(v, k, &kind, cells);
    if (n < 0 || kind != NONET_HOUSE_WINDOW) continue;
    puts_(o, w++ ? "],[" : ",\"windows\":[[");
    for (int i = 0; i < n; i++) printf_(o, "%s%d", i ? "," : "", cells[i]);
  }
  if (w) puts_(o, "]]");
}

/* The rules and givens of one puzzle: {"size", "cells" (symbols),
 * "conflicts" (what the givens break, joined by "; ", or ""), "puzzle"
 * (the text line), "variant" (the JSON object), "windows" (windoku's, as
 * lists of cells)}. */
static char *vparse(nonet_variant_record *r, int n, int unused) {
  (void)unused;
  const nonet_variant *v = r->variant;
  char msg[VMSG];
  if (vconflicts(v, r->cells, msg, sizeof msg) == 0) msg[0] = 0;
  out o = {0};
  printf_(&o, "{\"size\":%d,\"cells\":", n);
  vcells(&o, r->cells, n);
  puts_(&o, ",\"conflicts\":");
  str(&o, msg);
  puts_(&o, ",\"puzzle\":");
  vformat(&o, v, r->cells, NULL, NONET_FORMAT_LINE, 0);
  puts_(&o, ",\"variant\":");
  vformat(&o, v, r->cells, NULL, NONET_FORMAT_JSON, 1);
  vwindows(&o, v);
  puts_(&o, "}");
  return done(&o);
}

EXPORT char *nw_vparse(const char *text) { return vanswer(text, vparse, 0); }

/* vanswer for the searches with a time limit (`seconds`, 0: none). */
static char *vanswer_timed(const char *text,
                           char *(*fn)(nonet_variant_record *r, int n, int arg,
                                       double seconds),
                           int arg, double seconds) {
  nonet_variant_record *r;
  char *e = vread(text, &r);
  if (e) return e;
  e = fn(r, nonet_variant_size(r->variant), arg, seconds);
  vfree(r);
  return e;
}

/* Solutions up to `limit`, within `seconds` (0: no limit): {"count",
 * "solution" (the first, as symbols), "why" (when there is none: what the
 * givens break, or "no solution")}. */
static char *vsolve(nonet_variant_record *r, int n, int limit, double seconds) {
  const nonet_variant *v = r->variant;
  uint8_t sol[NONET_VARIANT_MAX_CELLS];
  deadline d;
  deadline_start(&d, seconds);
  long k = vsearch(v, r->cells, sol, limit < 1 ? 1 : limit, &d);
  if (k == NONET_ESTOPPED) return timeout_error("no answer within", &d);
  if (k < 0) return error(nonet_strerror((int)k));
  out o = {0};
  printf_(&o, "{\"count\":%ld", k);
  if (k > 0) {
    puts_(&o, ",\"solution\":");
    vcells(&o, sol, n);
  } else {
    char msg[VMSG];
    why(v, r->cells, msg, sizeof msg);
    puts_(&o, ",\"why\":");
    str(&o, msg);
  }
  puts_(&o, "}");
  return done(&o);
}

EXPORT char *nw_vsolve(const char *text, int limit, double seconds) {
  return vanswer_timed(text, vsolve, limit, seconds);
}

/* The verdict of `nonet check` on one puzzle of any kind, as nw_check. */
static char *vcheck(nonet_variant_record *r, int n, int minimal,
                    double seconds) {
  const nonet_variant *v = r->variant;
  uint8_t *c = r->cells;
  char msg[VMSG];
  if (vconflicts(v, c, msg, sizeof msg) != 0) {
    out w = {0};
    puts_(&w, "invalid: ");
    puts_(&w, msg);
    return invalid(&w);
  }
  deadline d;
  deadline_start(&d, seconds);
  long k = vsearch(v, c, NULL, 2, &d);
  if (k == NONET_ESTOPPED) return timeout_error("no answer within", &d);
  return k < 0 ? error(nonet_strerror((int)k))
               : verdict(k, minimal, v, c, n, &d);
}

EXPORT char *nw_vcheck(const char *text, int minimal, double seconds) {
  return vanswer_timed(text, vcheck, minimal, seconds);
}

/* True candidates, within `seconds` (0: no limit): {"count" (solutions
 * up to 2), "candidates" (N*N masks, bit d-1 for digit d; a given: its
 * own digit)}; the reason when there is no solution. */
static char *vcandidates(nonet_variant_record *r, int n, int unused,
                         double seconds) {
  (void)unused;
  const nonet_variant *v = r->variant;
  uint32_t cand[NONET_VARIANT_MAX_CELLS];
  deadline d;
  deadline_start(&d, seconds);
  int k = nonet_variant_true_candidates_until(v, r->cells, cand, past, &d);
  if (k == NONET_ESTOPPED) return timeout_error("no answer within", &d);
  char msg[VMSG];
  if (k <= 0) {
    if (k < 0)
      snprintf(msg, sizeof msg, "%s", nonet_strerror(k));
    else
      why(v, r->cells, msg, sizeof msg);
    return error(msg);
  }
  out o = {0};
  printf_(&o, "{\"count\":%d,\"candidates\":[", k);
  for (int i = 0; i < n * n; i++)
    printf_(&o, "%s%lu", i ? "," : "", (unsigned long)cand[i]);
  puts_(&o, "]}");
  return done(&o);
}

EXPORT char *nw_vcandidates(const char *text, double seconds) {
  return vanswer_timed(text, vcandidates, 0, seconds);
}

/* ---- records: of a text, or of the elements of an array ---- */

/* The records a function reads: those of `text` one after another, or,
 * with `lens` (an array in JavaScript), `n` elements of lens[k] bytes
 * each, one after another in `text`, each read on its own as one puzzle
 * (so that record k is element k, whatever the elements hold); lens[k]
 * -1 is an element the package could not make text of (it names it). */
typedef struct source {
  const char *text;
  const int32_t *lens;
  long n, k;                  /* elements, and those read */
  size_t off;                 /* where element k starts */
  nonet_reader *rd;           /* the text's reader (without lens) */
  nonet_variant_record *more; /* an element's records after its first */
  char why[96];               /* why element k-1 is no puzzle, or "" */
} source;

static int source_open(source *s, const char *text, const int32_t *lens,
                       long n) {
  memset(s, 0, sizeof *s);
  s->text = text;
  s->lens = lens;
  s->n = lens ? n : 0;
  if (lens) return (s->more = calloc(1, sizeof *s->more)) != NULL;
  return (s->rd = nonet_reader_new_memory(text, strlen(text))) != NULL;
}

static void source_close(source *s) {
  nonet_reader_free(s->rd);
  free(s->more);
}

/* The next record into rec and vr, as nonet_reader_next_variant gives it
 * (vr->variant: the caller's to free): 1, 0 at the end, or < 0 (out of
 * memory). For an element that is no puzzle (none, several, or -1),
 * s->why says why ("" for -1: the package's message), and rec->line is
 * 1. */
static int source_next(source *s, nonet_record *rec, nonet_variant_record *vr) {
  s->why[0] = 0;
  if (!s->lens) return nonet_reader_next_variant(s->rd, rec, vr);
  if (s->k >= s->n) return 0;
  long len = s->lens[s->k++];
  memset(rec, 0, sizeof *rec);
  rec->line = 1;
  rec->status = NONET_EPARSE;
  if (len < 0) return 1;
  nonet_reader *rd = nonet_reader_new_memory(s->text + s->off, (size_t)len);
  s->off += (size_t)len;
  if (!rd) return NONET_ENOMEM;
  int got = nonet_reader_next_variant(rd, rec, vr);
  long records = got == 1;
  nonet_record other;
  while (got == 1 &&
         (got = nonet_reader_next_variant(rd, &other, s->more)) == 1) {
    records++;
    nonet_variant_free(s->more->variant);
    s->more->variant = NULL;
  }
  nonet_reader_free(rd);
  if (got < 0) {
    nonet_variant_free(vr->variant);
    vr->variant = NULL;
    return got;
  }
  if (records == 1) return 1;
  if (records == 0) rec->line = 1;
  if (records)
    snprintf(s->why, sizeof s->why,
             "%ld records in one element: an element is one puzzle", records);
  else
    snprintf(s->why, sizeof s->why, "no puzzle found");
  return 1;
}

/* The message of a record that is not a puzzle: why its element is none,
 * or the reader's (NULL: the package names it). */
static const char *source_message(const source *s, const nonet_record *rec) {
  if (s->why[0]) return s->why;
  if (s->lens && s->lens[s->k - 1] < 0) return NULL;
  return rec->status != NONET_OK ? rec->message : "";
}

/* Adds {"record", "line", "message"} to the list `o` (record k from 0). */
static void record_message(out *o, long *nerr, long k, unsigned long line,
                           const char *message) {
  printf_(o,
          "%s{\"record\":%ld,\"line\":%lu,\"message\":", (*nerr)++ ? "," : "",
          k + 1, line);
  str(o, message);
  puts_(o, "}");
}

/* Many puzzles of any kinds at once, as `nonet count` reads a file (the
 * records of `text`, or with `lens` the `n` elements of an array: see
 * source): {"counts": [...] (-1 for a record in error), "solutions": [the
 * first solution as symbols, or null], "errors": [{"record", "line",
 * "message"}]} (none for an element of lens -1: the package names it). */
EXPORT char *nw_vcount_many(const char *text, const int32_t *lens, long n,
                            int limit, double seconds) {
  source src;
  nonet_variant_record *vr = calloc(1, sizeof *vr);
  if (!source_open(&src, text, lens, n) || !vr) {
    source_close(&src);
    free(vr);
    return error("out of memory");
  }
  out counts = {0}, sols = {0}, errs = {0};
  nonet_record rec;
  long k = 0, nerr = 0;
  int got;
  puts_(&counts, "{\"counts\":[");
  puts_(&sols, "],\"solutions\":[");
  puts_(&errs, "],\"errors\":[");
  while ((got = source_next(&src, &rec, vr)) >= 1) {
    uint8_t sol[NONET_VARIANT_MAX_CELLS];
    long c = -1;
    int size = 9;
    deadline d; /* a puzzle's own */
    deadline_start(&d, seconds);
    if (src.why[0]) {
      /* no puzzle in the element */
    } else if (rec.status == NONET_OK && vr->variant) {
      size = nonet_variant_size(vr->variant);
      c = vsearch(vr->variant, vr->cells, sol, limit < 1 ? 1 : limit, &d);
    } else if (rec.status == NONET_OK) {
      c = csearch(rec.cells, sol, limit, &d);
    }
    nonet_variant_free(vr->variant);
    vr->variant = NULL;
    printf_(&counts, "%s%ld", k ? "," : "", c < 0 ? -1L : c);
    puts_(&sols, k ? "," : "");
    if (c > 0)
      vcells(&sols, sol, size);
    else
      puts_(&sols, "null");
    const char *m = source_message(&src, &rec);
    char late[64] = "";
    if (c == NONET_ESTOPPED)
      timeout_text(late, sizeof late, "no answer within", &d);
    if (c < 0 && m)
      record_message(&errs, &nerr, k, rec.line,
                     *m                    ? m
                     : c == NONET_ESTOPPED ? late
                                           : nonet_strerror((int)c));
    k++;
  }
  source_close(&src);
  free(vr);
  puts_(&errs, "]}");
  if (got < 0) counts.oom = 1;
  if (!sols.oom && sols.s) puts_(&counts, sols.s);
  if (!errs.oom && errs.s) puts_(&counts, errs.s);
  if (sols.oom || errs.oom) counts.oom = 1;
  free(sols.s);
  free(errs.s);
  return done(&counts);
}

/* ---- generating variant puzzles ---- */

/* The variant generator's options, and the level beside them (the
 * variant techniques' easy, medium or hard; expert and extreme are the
 * classic generator's, for plain 9x9 rules). */
typedef struct vgen_args {
  nonet_variant_gen *g;
  int level; /* a nonet_level, -1: any */
} vgen_args;

static int vgen_option(void *arg, const char *name, const char *value,
                       char *err, size_t errcap) {
  vgen_args *a = arg;
  if (strcmp(name, "level") == 0) {
    for (int k = NONET_LEVEL_EASY; k <= NONET_LEVEL_EXTREME; k++)
      if (value && strcasecmp(value, nonet_level_name((nonet_level)k)) == 0)
        a->level = k;
    if (a->level >= 0) return NONET_OK;
    /* as the command says it: an unknown level as the classic options do */
    nonet_gen_options *c = nonet_gen_options_new();
    if (!c) return NONET_ENOMEM;
    int r = nonet_gen_options_parse(c, "level", value, err, errcap);
    nonet_gen_options_free(c);
    return r != NONET_OK ? r : NONET_EINVAL;
  }
  return nonet_variant_gen_parse(a->g, name, value, err, errcap);
}

static int keep_variant(const nonet_variant_puzzle *p, void *ctx) {
  gen_list *g = ctx;
  out *o = g->o;
  puts_(o, g->n++ ? "," : "");
  puts_(o, "{\"puzzle\":");
  vformat(o, p->variant, p->puzzle, NULL, NONET_FORMAT_LINE, 0);
  puts_(o, ",\"solution\":");
  vcells(o, p->solution, p->size);
  printf_(o, ",\"size\":%d,\"clues\":%d,\"cages\":%d,\"symmetry\":", p->size,
          p->clues, p->cages);
  str(o, nonet_symmetry_name(p->symmetry));
  printf_(o, ",\"job\":%llu,\"unproven\":%d,\"variant\":",
          (unsigned long long)p->job, p->unproven);
  vformat(o, p->variant, p->puzzle, p->solution, NONET_FORMAT_JSON, 1);
  puts_(o, "}");
  return o->oom;
}

/* `text`: lines "name=value" (or "name"), the variant options of `nonet
 * generate` without their dashes (size, box, jigsaw, constraints, killer,
 * killer-givens, cage-size, seed, symmetry, timeout, level); `count`
 * puzzles.
 * `classic_only`: the name of a classic-only option also given, or "".
 * Plain 9x9 rules are the classic generator's: {"classic": true}. */
EXPORT char *nw_vgenerate(const char *text, int count,
                          const char *classic_only) {
  nonet_variant_gen *g = nonet_variant_gen_new();
  if (!g) return error("out of memory");
  char err[320];
  vgen_args args = {g, -1};
  char *e = options(text, vgen_option, &args, sizeof err);
  if (e) {
    nonet_variant_gen_free(g);
    return e;
  }
  out o = {0};
  if (nonet_variant_gen_is_classic(g)) {
    nonet_variant_gen_free(g);
    puts_(&o, "{\"classic\":true}");
    return done(&o);
  }
  if (classic_only && *classic_only) {
    snprintf(err, sizeof err,
             "--%s works on classic 9x9 puzzles only, not with --size, --box, "
             "--jigsaw, --constraints or --killer",
             classic_only);
    nonet_variant_gen_free(g);
    return error(err);
  }
  /* the check of the rules can take seconds (rules it leaves undecided:
   * 4 s natively on 12x12, 10 s here): the timeout counts it too, as the
   * command's does, and the generator has what is left */
  double started = now_seconds();
  deadline d;
  deadline_start(&d, nonet_variant_gen_get_timeout(g));
  if (d.seconds) nonet_variant_gen_set_stop(g, past, &d);
  int checked = nonet_variant_gen_check(g, err, sizeof err);
  nonet_variant_gen_set_stop(g, NULL, NULL);
  if (checked != NONET_OK) {
    nonet_variant_gen_free(g);
    return error(err);
  }
  if (!nonet_variant_gen_has_timeout(g) && nonet_variant_gen_is_search(g)) {
    /* what the command waits for at most (random jigsaw regions with
     * constraints, 25x25 killers, ...) */
    nonet_variant_gen_set_timeout(g, nonet_variant_gen_search_timeout(g));
  }
  double timeout = nonet_variant_gen_get_timeout(g); /* as asked */
  if (timeout > 0) {
    double left = started + timeout - now_seconds();
    nonet_variant_gen_set_timeout(g, left > 1e-3 ? left : 1e-3);
  }
  puts_(&o, "{\"puzzles\":[");
  gen_list list = {&o, 0};
  long want = count < 1 ? 1 : count;
  nonet_gen_stats st;
  memset(&st, 0, sizeof st);
  long made = args.level >= 0
                  ? nonet_vlogic_generate(g, (nonet_level)args.level, want,
                                          keep_variant, &list, &st)
                  : nonet_variant_generate(g, want, keep_variant, &list, &st);
  char what[200];
  nonet_variant_gen_describe(g, count > 1, what, sizeof what);
  if (args.level >= 0)
    snprintf(err, sizeof err, "only %ld of %d %s of level %s found%s", made,
             count, what, nonet_level_name((nonet_level)args.level),
             st.timed_out ? " in the time allowed"
                          : ": rare for these rules, given up");
  else if (!st.timed_out) /* (only clue bounds end a run short so) */
    snprintf(err, sizeof err,
             "only %ld of %d %s found: a job gave up after %d puzzles whose "
             "givens are not within the bounds",
             made, count, what, NONET_VARIANT_CLUE_DRAWS);
  else
    snprintf(err, sizeof err, "only %ld of %d %s found within %g s%s", made,
             count, what, timeout,
             made == 0 && nonet_variant_gen_is_undecided(g)
                 ? "; nonet could not tell whether any grid keeps these rules"
                 : "");
  char fail[300] = "";         /* the library's words, after what was asked */
  if (made == NONET_ENOGRID) { /* a job proved that no grid keeps them */
    nonet_variant_gen_describe(g, 0, what, sizeof what);
    snprintf(fail, sizeof fail, "no %s: ", what);
  }
  if (made < 0)
    snprintf(fail + strlen(fail), sizeof fail - strlen(fail), "%s",
             nonet_strerror((int)made));
  nonet_variant_gen_free(g);
  return puzzles_end(&o, made < 0 ? fail : NULL, made < count ? err : NULL);
}

/* ---- hints, explanations and levels of variant puzzles ---- */

/* The names of the technique list `value` (option `name`) that the
 * classic or (`variant`) the variant engine knows, into `keep` joined by
 * commas, as the command splits a list between its two engines; a name
 * neither knows is refused with the classic engine's message. */
static int known_techniques(const char *name, const char *value, int variant,
                            out *keep, char *err, size_t errcap) {
  for (const char *p = value; *p;) {
    while (*p == ' ') p++;
    size_t len = strcspn(p, ",");
    char one[128];
    snprintf(one, sizeof one, "%.*s", (int)len, p);
    for (size_t k = strlen(one); k && one[k - 1] == ' ';) one[--k] = 0;
    int c = nonet_technique_from_name(one) >= 0,
        v = nonet_vtech_from_name(one) >= 0;
    if (variant ? v : c) {
      puts_(keep, keep->n ? "," : "");
      puts_(keep, one);
    } else if (!c && !v) {
      nonet_logic_options *lo = nonet_logic_options_new();
      int r = lo ? nonet_logic_options_parse(lo, name, one, err, errcap)
                 : NONET_ENOMEM;
      nonet_logic_options_free(lo);
      return r == NONET_OK ? NONET_EINVAL : r; /* cannot be: neither knows it */
    }
    p += len;
    if (*p) p++;
  }
  return NONET_OK;
}

/* Technique lists for the variant engine, as the command splits them:
 * the names it knows; a name neither engine knows is refused with the
 * classic engine's message; "no-uniqueness" means nothing here (no
 * variant technique relies on uniqueness). */
static int vlogic_option(void *o, const char *name, const char *value,
                         char *err, size_t errcap) {
  if (strcmp(name, "no-uniqueness") == 0) return NONET_OK;
  if (!value || (strcmp(name, "techniques") && strcmp(name, "exclude")))
    return nonet_vlogic_options_parse(o, name, value, err, errcap);
  out keep = {0};
  int r = known_techniques(name, value, 1, &keep, err, errcap);
  if (r == NONET_OK)
    r = keep.oom ? NONET_ENOMEM
                 : nonet_vlogic_options_parse(o, name, keep.s ? keep.s : "",
                                              err, errcap);
  free(keep.s);
  return r;
}

/* The 81 cells of a classic puzzle as a line, for the classic engine. */
static void line81(char out[82], const uint8_t *c) {
  digits(out, c);
  out[81] = 0;
}

/* The state of a variant game, as start() does for classic ones: the
 * givens must keep the rules and have one solution, found before the
 * deadline `d` (the caller's, which then times the path too); `grid` (N*N
 * cells, may be NULL) the digits placed so far, keeping the givens and
 * the rules. */
static char *vstart(const nonet_variant_record *r, const uint8_t *grid,
                    nonet_vlogic_state *s, deadline *d) {
  const nonet_variant *v = r->variant;
  int n = nonet_variant_size(v);
  char msg[VMSG];
  if (vconflicts(v, r->cells, msg, sizeof msg) != 0) return error(msg);
  if (grid) {
    for (int i = 0; i < n * n; i++)
      if (r->cells[i] && grid[i] != r->cells[i])
        return error("the grid changes a given");
    if (vconflicts(v, grid, msg, sizeof msg) != 0) return error(msg);
  }
  long k = nonet_vlogic_init_until(s, v, r->cells, past, d);
  if (k == NONET_ESTOPPED) return timeout_error("no answer within", d);
  if (k < 0) return error(nonet_strerror((int)k));
  if (k == 0) return error("no solution");
  if (k > 1) return error("multiple solutions");
  if (!grid) return NULL;
  k = nonet_vlogic_init_until(s, v, grid, past, d);
  if (k == NONET_ESTOPPED) return timeout_error("no answer within", d);
  if (k < 0) return error(nonet_strerror((int)k));
  if (k != 1) return error("no solution: some digit is wrong");
  return NULL;
}

/* The next step of a variant game, as nw_hint: `grid` holds `glen` cells
 * (one byte each, 0 empty; NULL: the givens alone). Plain 9x9 rules go to
 * the classic engine (nw_hint). */
EXPORT char *nw_vhint(const char *givens, const uint8_t *grid, int glen,
                      const char *opts, double seconds) {
  nonet_variant_record *r;
  char *e = vread(givens, &r);
  if (e) return e;
  int n = nonet_variant_size(r->variant);
  if (grid && glen != n * n) {
    char msg[96];
    snprintf(msg, sizeof msg, "the grid has %d cells, not %d (%dx%d)", glen,
             n * n, n, n);
    vfree(r);
    return error(msg);
  }
  for (int i = 0; grid && i < n * n; i++)
    if (grid[i] > n) {
      char msg[96];
      snprintf(msg, sizeof msg,
               "the grid: %d is not a digit of a %dx%d grid (0 to %d)", grid[i],
               n, n, n);
      vfree(r);
      return error(msg);
    }
  if (nonet_variant_is_classic(r->variant)) {
    char p[82], g[82];
    line81(p, r->cells);
    if (grid) line81(g, grid);
    vfree(r);
    return nw_hint(p, grid ? g : "", opts);
  }
  nonet_vlogic_state *s = malloc(sizeof *s);
  nonet_vstep *step = malloc(sizeof *step);
  char *json = NULL;
  nonet_vlogic_options *lo = NULL;
  deadline d; /* the search for the solution's, then trial and error's */
  deadline_start(&d, seconds);
  if (!s || !step)
    e = error("out of memory");
  else if (!(e = vstart(r, grid, s, &d))) {
    if (nonet_vlogic_solved(s))
      e = solved();
    else if ((lo = techniques(opts, 1, &e)) != NULL) {
      int f = nonet_vlogic_find_until(s, lo, step, past, &d);
      if (f == NONET_ESTOPPED)
        e = timeout_error("no answer within", &d);
      else if (f < 0)
        e = error(nonet_strerror(f));
      else if (f == 0)
        e = error("no step found");
      else if (!(json = malloc(STEP_JSON_MAX)))
        e = error("out of memory");
      else
        nonet_vstep_json(step, NONET_JSON_DETAILS, json, STEP_JSON_MAX);
    }
  }
  nonet_vlogic_options_free(lo);
  free(s);
  free(step);
  vfree(r);
  return e ? e : json;
}

static int on_vstep(const nonet_vlogic_state *s, const nonet_vstep *step,
                    void *ctx) {
  (void)s;
  path *p = ctx;
  nonet_vstep_json(step, NONET_JSON_DETAILS, p->json, STEP_JSON_MAX);
  return path_add(p);
}

/* The whole path of a variant puzzle, as nw_explain ("puzzle": its text
 * line). Plain 9x9 rules go to the classic engine (nw_explain). */
EXPORT char *nw_vexplain(const char *text, const char *opts, double seconds) {
  nonet_variant_record *r;
  char *e = vread(text, &r);
  if (e) return e;
  if (nonet_variant_is_classic(r->variant)) {
    char p[82];
    line81(p, r->cells);
    vfree(r);
    return nw_explain(p, opts);
  }
  nonet_vlogic_state *s = malloc(sizeof *s);
  char *json = malloc(STEP_JSON_MAX);
  nonet_vlogic_options *lo = NULL;
  out o = {0};
  deadline d; /* the search for the solution's, then the path's */
  deadline_start(&d, seconds);
  if (!s || !json)
    e = error("out of memory");
  else if (!(e = vstart(r, NULL, s, &d)) &&
           (lo = techniques(opts, 1, &e)) != NULL) {
    puts_(&o, "{\"puzzle\":");
    vformat(&o, r->variant, r->cells, NULL, NONET_FORMAT_LINE, 0);
    puts_(&o, ",\"steps\":[");
    path p = {&o, 0, json};
    nonet_vlogic_result res;
    int rc = nonet_vlogic_solve_until(s, lo, on_vstep, &p, &res, past, &d);
    if (rc == NONET_ESTOPPED)
      e = timeout_error("no answer within", &d);
    else if (rc < 0)
      e = error(nonet_strerror(rc));
    else
      path_end(&o, res.solved, res.level, res.decisive, 1);
  }
  nonet_vlogic_options_free(lo);
  free(s);
  free(json);
  vfree(r);
  return error_or(e, &o);
}

/* The answer of nw_vlevel from the path's status `rc`, whether it solved
 * the puzzle, its level, deciding technique, steps and `counts` (by
 * technique id of the classic or, `variant`, the variant engine) into `o`:
 * NULL, or the error. */
static char *level_end(out *o, int rc, int solved, nonet_level level,
                       int decisive, int steps, const unsigned *counts,
                       int variant) {
  if (rc < 0) return error(nonet_strerror(rc));
  if (!solved) return error("not solved with the chosen techniques");
  puts_(o, "{\"level\":");
  str(o, nonet_level_name(level));
  puts_(o, ",\"technique\":");
  str(o, technique_name(decisive, variant));
  printf_(o, ",\"steps\":%d,\"counts\":{", steps);
  int n = variant ? nonet_vtech_count() : NONET_TECH_SLOTS;
  for (int t = 0, first = 1; t < n; t++)
    if (counts[t]) {
      printf_(o, "%s\"%s\":%u", first ? "" : ",",
              variant ? nonet_vtech_key((nonet_vtech)t)
                      : nonet_technique_key((nonet_technique)t),
              counts[t]);
      first = 0;
    }
  puts_(o, "}}");
  return NULL;
}

/* The level by technique, as `nonet rate --by technique` gives it, of a
 * puzzle of any kind (the classic engine for plain 9x9 rules, the variant
 * engine for the rest): {"level", "technique" (the one that decided it),
 * "steps", "counts": {key: steps}}; "not solved with the chosen
 * techniques" when the path stops. */
EXPORT char *nw_vlevel(const char *text, const char *opts, double seconds) {
  nonet_variant_record *r;
  char *e = vread(text, &r);
  if (e) return e;
  out o = {0};
  if (nonet_variant_is_classic(r->variant)) {
    nonet_logic_state s;
    nonet_logic_options *lo = NULL;
    nonet_logic_result res;
    memset(&res, 0, sizeof res);
    uint8_t g[81];
    char p[82];
    line81(p, r->cells);
    if (!(e = start(p, NULL, &s, g)) &&
        (lo = techniques(opts, 0, &e)) != NULL) {
      int rc = nonet_logic_solve(&s, lo, NULL, NULL, &res);
      e = level_end(&o, rc, res.solved, res.level, res.decisive, res.steps,
                    res.counts, 0);
    }
    nonet_logic_options_free(lo);
  } else {
    nonet_vlogic_state *s = malloc(sizeof *s);
    nonet_vlogic_options *lo = NULL;
    nonet_vlogic_result res;
    memset(&res, 0, sizeof res);
    deadline d; /* the search for the solution's, then the path's */
    deadline_start(&d, seconds);
    if (!s)
      e = error("out of memory");
    else if (!(e = vstart(r, NULL, s, &d)) &&
             (lo = techniques(opts, 1, &e)) != NULL) {
      int rc = nonet_vlogic_solve_until(s, lo, NULL, NULL, &res, past, &d);
      e = rc == NONET_ESTOPPED
              ? timeout_error("no answer within", &d)
              : level_end(&o, rc, res.solved, res.level, res.decisive,
                          res.steps, res.counts, 1);
    }
    nonet_vlogic_options_free(lo);
    free(s);
  }
  vfree(r);
  return error_or(e, &o);
}

/* ---- printing ------------------------------------------------------------ */

/* A printable HTML book of the puzzles (one per record, any format the
 * command reads, classic or variant; or with `lens` the `n` elements of
 * an array, as source reads them), as `nonet render -f html` makes it:
 * {"html": ..., "left": [{"record", "line", "message"}]}: the records
 * left out (they cannot be read, break a rule or have no unique
 * solution), each with the command's message ("message": null for an
 * element of lens -1: the package names it); no "html" when none is
 * left. */
static void free_book(nonet_render_puzzle *list, size_t n) {
  for (size_t k = 0; k < n; k++)
    nonet_variant_free((nonet_variant *)list[k].variant);
  free(list);
}

/* Why a record read fine cannot go in a book (its cells `c`, its rules
 * `v` or NULL for classic ones), as the command names it, in `msg`; 0
 * when it can, with its solution in `sol`. */
static int unprintable(const nonet_variant *v, const uint8_t *c, uint8_t *sol,
                       char *msg, size_t cap) {
  nonet_conflict cf[1];
  if (v && vconflicts(v, c, msg, cap) != 0) return 1;
  if (!v && nonet_find_conflicts(c, cf, 1) > 0) {
    nonet_conflict_describe(&cf[0], msg, cap);
    return 1;
  }
  long ns = v ? nonet_variant_solve(v, c, sol, 2, NULL)
              : nonet_solve(c, sol, 2, NULL);
  if (ns == 1) return 0;
  snprintf(msg, cap, "%s",
           ns == 0   ? "no solution"
           : ns == 2 ? "multiple solutions"
                     : nonet_strerror((int)ns));
  return 1;
}

EXPORT char *nw_render_html(const char *text, const int32_t *lens, long count,
                            int per_page, int solutions, const char *title) {
  source src;
  nonet_variant_record *vr = calloc(1, sizeof *vr);
  if (!source_open(&src, text, lens, count) || !vr) {
    source_close(&src);
    free(vr);
    return error("out of memory");
  }
  nonet_render_puzzle *list = NULL;
  size_t n = 0, cap = 0;
  nonet_record rec;
  out left = {0};
  long k = 0, nleft = 0;
  int got;
  puts_(&left, "\"left\":[");
  for (; (got = source_next(&src, &rec, vr)) == 1; k++) {
    nonet_variant *v = vr->variant; /* this loop's until kept */
    vr->variant = NULL;
    const char *m = source_message(&src, &rec);
    if (!m || *m) {
      nonet_variant_free(v);
      if (m)
        record_message(&left, &nleft, k, rec.line, m);
      else
        printf_(&left, "%s{\"record\":%ld,\"line\":1,\"message\":null}",
                nleft++ ? "," : "", k + 1);
      continue;
    }
    if (v && nonet_variant_is_classic(v)) { /* the plain 9x9 */
      memcpy(rec.cells, vr->cells, 81);
      nonet_variant_free(v);
      v = NULL;
    }
    uint8_t sol[NONET_VARIANT_MAX_CELLS];
    char msg[VMSG];
    if (unprintable(v, v ? vr->cells : rec.cells, sol, msg, sizeof msg)) {
      nonet_variant_free(v);
      record_message(&left, &nleft, k, rec.line, msg);
      continue;
    }
    if (n == cap) {
      cap = cap ? 2 * cap : 16;
      nonet_render_puzzle *m = realloc(list, cap * sizeof *m);
      if (!m) {
        nonet_variant_free(v);
        free_book(list, n);
        free(vr);
        free(left.s);
        source_close(&src);
        return error("out of memory");
      }
      list = m;
    }
    nonet_render_puzzle *p = &list[n++];
    memset(p, 0, sizeof *p);
    int size = v ? nonet_variant_size(v) : 9;
    memcpy(p->cells, v ? vr->cells : rec.cells, (size_t)(size * size));
    memcpy(p->solution, sol, (size_t)(size * size));
    p->variant = v;
    p->number = (unsigned long)n;
    nonet_render_note_from_tail(rec.tail, p->note, sizeof p->note);
  }
  source_close(&src);
  free(vr);
  puts_(&left, "]");
  if (got < 0 || left.oom) {
    free_book(list, n);
    free(left.s);
    return error("out of memory");
  }
  if (!n) {
    free(list);
    if (!nleft) {
      free(left.s);
      return error("no puzzles to render");
    }
    out j = {0};
    puts_(&j, "{");
    puts_(&j, left.s);
    puts_(&j, "}");
    free(left.s);
    return done(&j);
  }
  nonet_render_opts o = {
      NONET_RENDER_HTML, NONET_PAPER_A4, per_page, solutions, 0, title, 150, 0};
  char err[512];
  const char *path = "/tmp/nonet-book.html";
  int r = nonet_render_book(list, n, &o, path, err, sizeof err);
  free_book(list, n);
  FILE *f = r < 0 ? NULL : fopen(path, "rb");
  if (!f) {
    free(left.s);
    return error(r < 0 ? err : "cannot read the book back");
  }
  out b = {0};
  char buf[4096];
  size_t len;
  while ((len = fread(buf, 1, sizeof buf, f)) > 0) put(&b, buf, len);
  fclose(f);
  remove(path);
  if (b.oom || !b.s) {
    free(b.s);
    free(left.s);
    return error("out of memory");
  }
  out j = {0};
  puts_(&j, "{\"html\":");
  str(&j, b.s);
  puts_(&j, ",");
  puts_(&j, left.s);
  puts_(&j, "}");
  free(b.s);
  free(left.s);
  return done(&j);
}
