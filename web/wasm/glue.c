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

#include "nonet.h"
#include "render/render.h"

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#define EXPORT EMSCRIPTEN_KEEPALIVE
#else
#define EXPORT
#endif

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
 * the reader's message in `err` for text that is not a puzzle. */
EXPORT long nw_count(const char *text, int limit, char *solution, char *err,
                     int errcap) {
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
  long n = nonet_solve(c, sol, limit < 1 ? 1 : limit, NULL);
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

/* Many puzzles at once, as `nonet count` reads a file (the records of
 * `text`, in any formats): for record k, counts[k] is the number of
 * solutions up to `limit` (-1 for a record that is not a puzzle) and
 * solutions[81k ..] the first solution ('.' x 81 when there is none); at
 * most `max` records. Returns {"records": N, "errors": [{"record": K,
 * "line": L, "message": M}]} (counted from 1, as the command names them). */
EXPORT char *nw_count_many(const char *text, int limit, int32_t *counts,
                           char *solutions, long max) {
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
    if (rec.status == NONET_OK)
      n = nonet_solve(rec.cells, sol, limit < 1 ? 1 : limit, NULL);
    counts[k] = (int32_t)(n < 0 ? -1 : n);
    if (n > 0)
      digits(solutions + 81 * k, sol);
    else
      memset(solutions + 81 * k, '.', 81);
    if (n < 0) {
      printf_(&o,
              "%s{\"record\":%ld,\"line\":%lu,\"message\":", nerr++ ? "," : "",
              k + 1, rec.line);
      str(&o, rec.status == NONET_OK ? nonet_strerror((int)n) : rec.message);
      puts_(&o, "}");
    }
    k++;
  }
  nonet_reader_free(rd);
  printf_(&o, "],\"records\":%ld}", k);
  return done(&o);
}

EXPORT char *nw_check(const char *text, int minimal) {
  uint8_t c[81];
  char *e = read_puzzle(text, c, 0);
  if (e) return e;
  out o = {0};
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
    puts_(&o, "{\"verdict\":");
    str(&o, v.s ? v.s : "invalid");
    free(v.s);
    puts_(&o, ",\"unique\":false}");
    return done(&o);
  }
  long n = nonet_solve(c, NULL, 2, NULL);
  puts_(&o, "{\"verdict\":");
  str(&o, n == 0 ? "no solution" : n > 1 ? "multiple solutions" : "unique");
  printf_(&o, ",\"unique\":%s", n == 1 ? "true" : "false");
  if (n == 1 && minimal) {
    puts_(&o, ",\"removable\":[");
    int first = 1;
    for (int i = 0; i < 81; i++) {
      if (!c[i]) continue;
      uint8_t v = c[i];
      c[i] = 0;
      if (nonet_solve(c, NULL, 2, NULL) == 1) {
        printf_(&o, "%s\"r%dc%d\"", first ? "" : ",", i / 9 + 1, i % 9 + 1);
        first = 0;
      }
      c[i] = v;
    }
    puts_(&o, "]");
  }
  puts_(&o, "}");
  return done(&o);
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

static int gen_option(void *o, const char *name, const char *value, char *err,
                      size_t errcap) {
  return nonet_gen_options_parse(o, name, value, err, errcap);
}

static int logic_option(void *o, const char *name, const char *value, char *err,
                        size_t errcap) {
  return nonet_logic_options_parse(o, name, value, err, errcap);
}

/* `options`: lines "name=value" (or "name"), the options of `nonet
 * generate` without their dashes; `count` puzzles. */
EXPORT char *nw_generate(const char *options, int count) {
  nonet_gen_options *g = nonet_gen_options_new();
  if (!g) return error("out of memory");
  char err[320];
  if (each_option(options, gen_option, g, err, sizeof err) < 0) {
    nonet_gen_options_free(g);
    return error(err);
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
  puts_(&o, "]");
  if (made == NONET_ENOMEM) {
    nonet_gen_options_free(g);
    free(o.s);
    return error("out of memory");
  }
  if (made < count) {
    char what[200];
    nonet_gen_describe(g, count > 1, what, sizeof what);
    snprintf(err, sizeof err, "only %ld of %d %s found within %g s", made,
             count, what, nonet_gen_get_timeout(g));
    puts_(&o, ",\"shortfall\":");
    str(&o, err);
  }
  puts_(&o, "}");
  nonet_gen_options_free(g);
  return done(&o);
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

static char *techniques(const char *opts, nonet_logic_options **lo) {
  *lo = nonet_logic_options_new();
  if (!*lo) return error("out of memory");
  char err[200];
  if (each_option(opts, logic_option, *lo, err, sizeof err) < 0) {
    nonet_logic_options_free(*lo);
    *lo = NULL;
    return error(err);
  }
  return NULL;
}

/* The next step of a game: the step as an object (with its nudge, pattern,
 * notation and words texts and the cells to highlight), or
 * {"solved": true}. */
EXPORT char *nw_hint(const char *givens, const char *grid, const char *opts) {
  nonet_logic_state s;
  uint8_t g[81];
  char *e = start(givens, grid, &s, g);
  if (e) return e;
  if (nonet_logic_solved(&s)) {
    out o = {0};
    puts_(&o, "{\"solved\":true}");
    return done(&o);
  }
  nonet_logic_options *lo;
  if ((e = techniques(opts, &lo))) return e;
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

static int on_step(const nonet_logic_state *s, const nonet_step *step,
                   void *ctx) {
  (void)s;
  path *p = ctx;
  nonet_step_json(step, NONET_JSON_DETAILS, p->json, STEP_JSON_MAX);
  puts_(p->o, p->n++ ? "," : "");
  puts_(p->o, p->json);
  return p->o->oom;
}

/* The whole path of a puzzle, step by step, as `nonet explain --format
 * jsonl` writes it (with each step's details). */
EXPORT char *nw_explain(const char *text, const char *opts) {
  nonet_logic_state s;
  uint8_t g[81];
  char *e = start(text, NULL, &s, g);
  if (e) return e;
  nonet_logic_options *lo;
  if ((e = techniques(opts, &lo))) return e;
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
  printf_(&o, "],\"solved\":%s,\"level\":", res.solved ? "true" : "false");
  str(&o, nonet_level_name(res.level));
  puts_(&o, ",\"technique\":");
  str(&o, res.decisive >= 0 ? nonet_technique_name(res.decisive) : "none");
  puts_(&o, "}");
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

/* ---- printing ------------------------------------------------------------ */

/* A printable HTML book of the puzzles (one per line, any format the
 * command reads), as `nonet render -f html` makes it: {"html": ...}. */
EXPORT char *nw_render_html(const char *text, int per_page, int solutions,
                            const char *title) {
  nonet_reader *rd = nonet_reader_new_memory(text, strlen(text));
  if (!rd) return error("out of memory");
  nonet_render_puzzle *list = NULL;
  size_t n = 0, cap = 0;
  nonet_record rec;
  int got;
  while ((got = nonet_reader_next(rd, &rec)) == 1) {
    if (rec.status != NONET_OK) continue;
    uint8_t sol[81];
    if (nonet_solve(rec.cells, sol, 2, NULL) != 1) continue;
    if (n == cap) {
      cap = cap ? 2 * cap : 16;
      nonet_render_puzzle *m = realloc(list, cap * sizeof *m);
      if (!m) {
        free(list);
        nonet_reader_free(rd);
        return error("out of memory");
      }
      list = m;
    }
    nonet_render_puzzle *p = &list[n++];
    memcpy(p->cells, rec.cells, 81);
    memcpy(p->solution, sol, 81);
    p->number = (unsigned long)n;
    nonet_render_note_from_tail(rec.tail, p->note, sizeof p->note);
  }
  nonet_reader_free(rd);
  if (!n) {
    free(list);
    return error("no puzzles to render");
  }
  nonet_render_opts o = {
      NONET_RENDER_HTML, NONET_PAPER_A4, per_page, solutions, 0, title, 150};
  char err[512];
  const char *path = "/tmp/nonet-book.html";
  int r = nonet_render_book(list, n, &o, path, err, sizeof err);
  free(list);
  if (r < 0) return error(err);
  FILE *f = fopen(path, "rb");
  if (!f) return error("cannot read the book back");
  out b = {0};
  char buf[4096];
  size_t k;
  while ((k = fread(buf, 1, sizeof buf, f)) > 0) put(&b, buf, k);
  fclose(f);
  remove(path);
  if (b.oom || !b.s) {
    free(b.s);
    return error("out of memory");
  }
  out j = {0};
  puts_(&j, "{\"html\":");
  str(&j, b.s);
  puts_(&j, "}");
  free(b.s);
  return done(&j);
}
