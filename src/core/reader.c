/* reader.c: splitting a text stream into puzzle records, detecting the
 * format (line, grid, JSON) of each record, with precise messages for
 * malformed ones. Bounded memory whatever the input. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nonet.h"
#include "reader.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#elif defined(__wasm_simd128__)
#include <wasm_simd128.h>
#endif

#define IN_CAP 65536
#define LINE_CAP 65536 /* a longer line is an invalid record */
#define JSON_CAP 65536 /* a JSON record may not be longer */
#define JSON_DEPTH 32

struct nonet_reader {
  nonet_read_fn fn;
  void *ctx;
  /* input buffer */
  char *in;
  size_t in_pos, in_len;
  int eof, ioerr;
  /* the current line */
  char *line;
  size_t line_len;
  int line_long; /* the line had more than LINE_CAP bytes (cut there) */
  int csv_col;   /* a CSV file's puzzle column, from its header (0: first) */
  char csv_sep;  /* and the separator of its columns */
  int csv_sol;   /* its solution column + 1 when it is not the one right
                    after the puzzle's (0: none, or right after) */
  unsigned long lineno;
  int pushed; /* the current line was pushed back */
  int started;
  /* memory source */
  const char *mem;
  size_t mem_len, mem_pos;
  /* JSON accumulation (and the rows of a variant grid) */
  char *json;
  /* a variant record's text (nonet__reader_next_raw) */
  const char *raw;
  size_t raw_len;
};

/* ---- input ---------------------------------------------------------- */

static long read_file(void *ctx, char *buf, size_t cap) {
  FILE *f = ctx;
  size_t n = fread(buf, 1, cap, f);
  if (n == 0 && ferror(f)) return -1;
  return (long)n;
}

static long read_memory(void *ctx, char *buf, size_t cap) {
  nonet_reader *r = ctx;
  size_t n = r->mem_len - r->mem_pos;
  if (n > cap) n = cap;
  memcpy(buf, r->mem + r->mem_pos, n);
  r->mem_pos += n;
  return (long)n;
}

nonet_reader *nonet_reader_new(nonet_read_fn fn, void *ctx) {
  if (!fn) return NULL;
  nonet_reader *r = calloc(1, sizeof *r);
  if (!r) return NULL;
  r->in = malloc(IN_CAP);
  r->line = malloc(LINE_CAP + 1);
  r->json = malloc(JSON_CAP + 1);
  if (!r->in || !r->line || !r->json) {
    nonet_reader_free(r);
    return NULL;
  }
  r->fn = fn;
  r->ctx = ctx;
  return r;
}

nonet_reader *nonet_reader_new_file(FILE *f) {
  if (!f) return NULL;
  return nonet_reader_new(read_file, f);
}

nonet_reader *nonet_reader_new_memory(const char *buf, size_t len) {
  if (!buf && len) return NULL;
  nonet_reader *r = nonet_reader_new(read_memory, NULL);
  if (!r) return NULL;
  r->ctx = r;
  r->mem = buf;
  r->mem_len = len;
  return r;
}

void nonet_reader_free(nonet_reader *r) {
  if (!r) return;
  free(r->in);
  free(r->line);
  free(r->json);
  free(r);
}

/* Reads the next line into r->line (NUL-terminated, without the newline
 * or a trailing CR). Returns 1, 0 at end of input, or -1 on error. */
static int next_line(nonet_reader *r) {
  if (r->pushed) {
    r->pushed = 0;
    return 1;
  }
  size_t len = 0;
  int got = 0;
  r->line_long = 0;
  for (;;) {
    if (r->in_pos == r->in_len) {
      if (r->eof) break;
      long n = r->fn(r->ctx, r->in, IN_CAP);
      if (n < 0) {
        r->ioerr = 1;
        return -1;
      }
      if (n == 0) {
        r->eof = 1;
        break;
      }
      r->in_pos = 0;
      r->in_len = (size_t)n > IN_CAP ? IN_CAP : (size_t)n;
    }
    got = 1;
    const char *start = r->in + r->in_pos;
    size_t avail = r->in_len - r->in_pos;
    const char *nl = memchr(start, '\n', avail);
    size_t take = nl ? (size_t)(nl - start) : avail;
    size_t room = LINE_CAP - len;
    /* (a CR before the newline does not count) */
    if (take > room && !(nl && take == room + 1 && start[room] == '\r'))
      r->line_long = 1;
    memcpy(r->line + len, start, take < room ? take : room);
    len += take < room ? take : room;
    r->in_pos += take;
    if (nl) {
      r->in_pos++;
      break;
    }
  }
  if (!got) return 0;
  if (len && r->line[len - 1] == '\r') len--;
  r->line[len] = 0;
  r->line_len = len;
  r->lineno++;
  if (!r->started) {
    r->started = 1;
    if (len >= 3 && memcmp(r->line, "\xEF\xBB\xBF", 3) == 0) {
      memmove(r->line, r->line + 3, len - 2);
      r->line_len = len - 3;
    }
  }
  return 1;
}

/* ---- classifying a line ---------------------------------------------- */

static int is_cell(unsigned char c) {
  return (c >= '0' && c <= '9') || c == '.' || c == '_' || c == '*';
}
static int cell_value(unsigned char c) {
  return c >= '1' && c <= '9' ? c - '0' : 0;
}
static int is_space(unsigned char c) {
  return c == ' ' || c == '\t' || c == '\v' || c == '\f' || c == '\r';
}
static int is_sep(unsigned char c) {
  return is_space(c) || c == '|' || c == ',' || c == ';';
}

typedef struct {
  size_t lead;      /* leading whitespace */
  size_t run;       /* cells in a row right after it */
  int cells;        /* cells on the line */
  int bad;          /* characters that are neither cells nor separators */
  size_t first_bad; /* offset of the first of them */
} line_shape;

static line_shape shape_of(const char *s, size_t len) {
  line_shape sh = {0, 0, 0, 0, 0};
  while (sh.lead < len && is_space((unsigned char)s[sh.lead])) sh.lead++;
  while (sh.lead + sh.run < len && is_cell((unsigned char)s[sh.lead + sh.run]))
    sh.run++;
  for (size_t i = sh.lead; i < len; i++) {
    unsigned char c = (unsigned char)s[i];
    if (is_cell(c)) {
      sh.cells++;
    } else if (!is_sep(c)) {
      if (!sh.bad) sh.first_bad = i;
      sh.bad++;
    }
  }
  return sh;
}

static int is_blank_or_comment(const char *s, size_t len) {
  size_t i = 0;
  while (i < len && is_space((unsigned char)s[i])) i++;
  return i == len || s[i] == '#';
}

static int is_comment(const char *s, size_t len) {
  size_t i = 0;
  while (i < len && is_space((unsigned char)s[i])) i++;
  return i < len && s[i] == '#';
}

/* A rule line: "------+------+------", "+-------+", "*-----*", "|---|". */
static int is_rule(const char *s, size_t len) {
  int dashes = 0;
  for (size_t i = 0; i < len; i++) {
    char c = s[i];
    if (c == '-' || c == '=')
      dashes++;
    else if (!(c == '+' || c == '|' || c == '*' || is_space((unsigned char)c)))
      return 0;
  }
  return dashes >= 3;
}

/* The first column of a CSV header (columns separated by sep) whose
 * name, in lower case without blanks and '_', starts with one of the n
 * names, or -1. */
static int csv_column(const char *s, size_t len, char sep,
                      const char *const *names, size_t n) {
  size_t i = 0;
  for (int col = 0; i <= len; col++) {
    size_t end = i;
    while (end < len && s[end] != sep) end++;
    char name[32];
    size_t k = 0;
    for (size_t j = i; j < end && k + 1 < sizeof name; j++)
      if (s[j] != ' ' && s[j] != '_')
        name[k++] = (char)(s[j] | 0x20); /* lower case (letters only) */
    name[k] = 0;
    for (size_t m = 0; m < n; m++)
      if (strncmp(name, names[m], strlen(names[m])) == 0) return col;
    i = end + 1;
  }
  return -1;
}

/* The column of a CSV header that holds the puzzles ("puzzle",
 * "quizzes", "sudoku", ...: id,puzzle,solution,clues,difficulty has it
 * second), or 0. *sep gets the separator. */
static int csv_puzzle_column(const char *s, size_t len, char *sep) {
  static const char *const names[] = {"puzzle", "quiz",     "sudoku", "grid",
                                      "givens", "question", "problem"};
  *sep = ',';
  for (size_t j = 0; j < len; j++)
    if (s[j] == ',' || s[j] == ';' || s[j] == '\t') {
      *sep = s[j];
      break;
    }
  int col = csv_column(s, len, *sep, names, sizeof names / sizeof *names);
  return col < 0 ? 0 : col;
}

/* The column of a CSV header named "solution(s)" or "answer(s)", or -1
 * (columns separated by sep). */
static int csv_solution_column(const char *s, size_t len, char sep) {
  static const char *const names[] = {"solution", "answer"};
  return csv_column(s, len, sep, names, 2);
}

/* Where column `col` of a CSV row starts (its first byte's offset), or
 * -1 when the row has fewer columns. */
static long csv_skip(const char *s, size_t len, char sep, int col) {
  size_t i = 0;
  for (int c = 0; c < col; c++) {
    const char *p = memchr(s + i, sep, len - i);
    if (!p) return -1;
    i = (size_t)(p - s) + 1;
  }
  return (long)i;
}

/* Column `col` of a CSV row (blanks around it left out): 1 with *f and
 * *flen set, 0 when the row has fewer columns. */
static int csv_field(const char *s, size_t len, char sep, int col,
                     const char **f, size_t *flen) {
  long at = csv_skip(s, len, sep, col);
  if (at < 0) return 0;
  size_t i = (size_t)at, end = i;
  while (end < len && s[end] != sep) end++;
  while (i < end && (s[i] == ' ' || s[i] == '\t')) i++;
  while (end > i && (s[end - 1] == ' ' || s[end - 1] == '\t')) end--;
  *f = s + i;
  *flen = end - i;
  return 1;
}

/* A header line of a CSV file ("quizzes,solutions"). */
static int is_csv_header(const char *s, size_t len) {
  int sep = 0, letters = 0;
  for (size_t i = 0; i < len; i++) {
    unsigned char c = (unsigned char)s[i];
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))
      letters++;
    else if (c == ',' || c == ';' || c == '\t')
      sep++;
    else if (!(c == ' ' || c == '_'))
      return 0;
  }
  return sep > 0 && letters > 0;
}

static void set_error(nonet_record *rec, unsigned long line, const char *fmt,
                      ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(rec->message, sizeof rec->message, fmt, ap);
  va_end(ap);
  rec->status = NONET_EPARSE;
  rec->line = line;
}

/* "character 'x' at column 12" or "byte 0x01 at column 12". */
static void bad_char_error(nonet_record *rec, unsigned long line, const char *s,
                           size_t off, const char *what) {
  unsigned char c = (unsigned char)s[off];
  if (c >= 0x21 && c < 0x7f)
    set_error(rec, line, "%scharacter '%c' at column %zu is not a cell", what,
              c, off + 1);
  else if (c == ' ')
    set_error(rec, line, "%sspace at column %zu is not a cell", what, off + 1);
  else
    set_error(rec, line, "%sbyte 0x%02x at column %zu is not a cell", what, c,
              off + 1);
}

static void fill_cells(uint8_t cells[81], const char *s, size_t len) {
  int k = 0;
  for (size_t i = 0; i < len && k < 81; i++)
    if (is_cell((unsigned char)s[i]))
      cells[k++] = (uint8_t)cell_value((unsigned char)s[i]);
}

/* A record's solution, kept as its tail (81 digits) when it is full,
 * keeps the givens and the rules; else, when `strict`, the record is
 * malformed, named at the row at fault (row_line, when not NULL) or at
 * `line`, and otherwise the solution is passed over. */
static void keep_solution(nonet_record *rec, const uint8_t sol[81],
                          const unsigned long *row_line, unsigned long line,
                          int strict) {
  for (int i = 0; i < 81; i++) {
    unsigned long at = row_line ? row_line[i / 9] : line;
    if (!sol[i]) {
      if (strict)
        set_error(rec, at, "solution: r%dc%d is empty", i / 9 + 1, i % 9 + 1);
      return;
    }
    if (rec->cells[i] && rec->cells[i] != sol[i]) {
      if (strict)
        set_error(rec, at, "solution: r%dc%d is %d, the puzzle's given %d",
                  i / 9 + 1, i % 9 + 1, sol[i], rec->cells[i]);
      return;
    }
  }
  nonet_conflict c;
  if (nonet_find_conflicts(sol, &c, 1) > 0) {
    char what[160];
    nonet_conflict_describe(&c, what, sizeof what);
    if (strict) set_error(rec, line, "solution: %s", what);
    return;
  }
  nonet_format_grid(sol, NONET_FORMAT_LINE, 0, rec->tail, sizeof rec->tail);
}

/* ---- JSON --------------------------------------------------------------- */

typedef struct {
  const char *s;
  size_t len, pos;
  const char *err;
  char errbuf[96];
  uint8_t *sol; /* a record object's "solution" member goes here (or NULL) */
  int has_sol;  /* and this is set */
} jparser;

static void jws(jparser *p) {
  while (p->pos < p->len &&
         (is_space((unsigned char)p->s[p->pos]) || p->s[p->pos] == '\n'))
    p->pos++;
}

static int jfail(jparser *p, const char *fmt, ...) {
  if (!p->err) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(p->errbuf, sizeof p->errbuf, fmt, ap);
    va_end(ap);
    p->err = p->errbuf;
  }
  return -1;
}

static int jpeek(jparser *p) {
  jws(p);
  return p->pos < p->len ? (unsigned char)p->s[p->pos] : -1;
}

/* Parses a string; copies up to cap-1 bytes of its raw content to out. */
static int jstring(jparser *p, char *out, size_t cap, size_t *outlen) {
  size_t n = 0;
  if (jpeek(p) != '"') return jfail(p, "expected a string");
  p->pos++;
  while (p->pos < p->len && p->s[p->pos] != '"') {
    char c = p->s[p->pos];
    if (c == '\\') {
      p->pos++;
      if (p->pos >= p->len) break;
      c = p->s[p->pos];
    }
    if (out && n + 1 < cap) out[n] = c;
    n++;
    p->pos++;
  }
  if (p->pos >= p->len) return jfail(p, "unterminated string");
  p->pos++;
  if (out && cap) out[n < cap ? n : cap - 1] = 0;
  if (outlen) *outlen = n;
  return 0;
}

static int jskip(jparser *p, int depth) {
  int c = jpeek(p);
  if (depth > JSON_DEPTH) return jfail(p, "nested too deeply");
  if (c == '"') return jstring(p, NULL, 0, NULL);
  if (c == '[' || c == '{') {
    int close = c == '[' ? ']' : '}';
    p->pos++;
    if (jpeek(p) == close) {
      p->pos++;
      return 0;
    }
    for (;;) {
      if (c == '{') {
        if (jstring(p, NULL, 0, NULL) < 0) return -1;
        if (jpeek(p) != ':') return jfail(p, "expected ':'");
        p->pos++;
      }
      if (jskip(p, depth + 1) < 0) return -1;
      int d = jpeek(p);
      p->pos++;
      if (d == close) return 0;
      if (d != ',') return jfail(p, "expected ',' or '%c'", close);
    }
  }
  /* a scalar: number, true, false, null */
  size_t start = p->pos;
  while (p->pos < p->len) {
    char ch = p->s[p->pos];
    if (ch == ',' || ch == ']' || ch == '}' || is_space((unsigned char)ch) ||
        ch == '\n')
      break;
    p->pos++;
  }
  if (p->pos == start)
    return jfail(p, "unexpected character at offset %zu", start + 1);
  return 0;
}

/* A cell value: an integer 0..9 or null. */
static int jcell(jparser *p, uint8_t *out) {
  int c = jpeek(p);
  if (c == 'n' && p->len - p->pos >= 4 &&
      memcmp(p->s + p->pos, "null", 4) == 0) {
    p->pos += 4;
    *out = 0;
    return 0;
  }
  if (c >= '0' && c <= '9') {
    long v = 0;
    size_t start = p->pos;
    while (p->pos < p->len && p->s[p->pos] >= '0' && p->s[p->pos] <= '9') {
      if (v < 1000) v = v * 10 + (p->s[p->pos] - '0');
      p->pos++;
    }
    if (p->pos < p->len &&
        (p->s[p->pos] == '.' || p->s[p->pos] == 'e' || p->s[p->pos] == 'E'))
      return jfail(p, "%.*s... is not a cell value (0-9 or null)",
                   (int)(p->pos - start + 1), p->s + start);
    if (v > 9)
      return jfail(p, "%.*s is not a cell value (0-9 or null)",
                   (int)(p->pos - start > 20 ? 20 : p->pos - start),
                   p->s + start);
    *out = (uint8_t)v;
    return 0;
  }
  if (c == '-')
    return jfail(p, "negative number is not a cell value (0-9 or null)");
  return jfail(p, "expected a number (0-9) or null");
}

static int jgrid(jparser *p, uint8_t cells[81], int depth);

/* 1 when the next value is null (then not consumed: jskip takes it). */
static int jnull(jparser *p) {
  return jpeek(p) == 'n' && p->len - p->pos >= 4 &&
         memcmp(p->s + p->pos, "null", 4) == 0;
}

static int jarray_grid(jparser *p, uint8_t cells[81]) {
  p->pos++; /* '[' */
  if (jpeek(p) == '[') {
    int rows = 0;
    for (;;) {
      if (jpeek(p) != '[') return jfail(p, "row %d is not an array", rows + 1);
      p->pos++;
      int n = 0;
      if (jpeek(p) == ']') {
        p->pos++;
      } else {
        for (;;) {
          uint8_t v;
          if (jcell(p, &v) < 0) return -1;
          if (rows < 9 && n < 9) cells[rows * 9 + n] = v;
          n++;
          int d = jpeek(p);
          p->pos++;
          if (d == ']') break;
          if (d != ',')
            return jfail(p, "expected ',' or ']' in row %d", rows + 1);
        }
      }
      if (n != 9)
        return jfail(p, "row %d has %d cells, expected 9", rows + 1, n);
      rows++;
      int d = jpeek(p);
      p->pos++;
      if (d == ']') break;
      if (d != ',') return jfail(p, "expected ',' or ']' after row %d", rows);
    }
    if (rows != 9) return jfail(p, "%d rows, expected 9", rows);
    return 0;
  }
  int n = 0;
  if (jpeek(p) == ']') {
    p->pos++;
  } else {
    for (;;) {
      uint8_t v;
      if (jcell(p, &v) < 0) return -1;
      if (n < 81) cells[n] = v;
      n++;
      int d = jpeek(p);
      p->pos++;
      if (d == ']') break;
      if (d != ',') return jfail(p, "expected ',' or ']'");
    }
  }
  if (n != 81) return jfail(p, "%d cells, expected 81 (or 9 rows of 9)", n);
  return 0;
}

static int jgrid(jparser *p, uint8_t cells[81], int depth) {
  int c = jpeek(p);
  if (depth > JSON_DEPTH) return jfail(p, "nested too deeply");
  if (c == '[') return jarray_grid(p, cells);
  if (c == '"') {
    char buf[128];
    size_t n;
    if (jstring(p, buf, sizeof buf, &n) < 0) return -1;
    line_shape sh = shape_of(buf, n < sizeof buf ? n : sizeof buf - 1);
    if (n >= sizeof buf || sh.bad || sh.cells != 81)
      return jfail(p, "the string does not hold 81 cells");
    fill_cells(cells, buf, n);
    return 0;
  }
  if (c == '{') {
    int found = 0;
    p->pos++;
    if (jpeek(p) == '}') return jfail(p, "no \"puzzle\" member");
    for (;;) {
      char key[16];
      size_t kn;
      if (jstring(p, key, sizeof key, &kn) < 0) return -1;
      if (jpeek(p) != ':') return jfail(p, "expected ':'");
      p->pos++;
      if (!found && (strcmp(key, "puzzle") == 0 || strcmp(key, "grid") == 0)) {
        if (jgrid(p, cells, depth + 1) < 0) return -1;
        found = 1;
      } else if (depth == 0 && p->sol && !p->has_sol &&
                 strcmp(key, "solution") == 0 && !jnull(p)) {
        /* the record's own solution (generate -f json --solution): a
         * grid as the puzzle is; null says there is none; anything else
         * is passed over, as every member but the puzzle was before */
        size_t at = p->pos;
        if (jgrid(p, p->sol, depth + 1) < 0) {
          p->pos = at;
          p->err = NULL;
          if (jskip(p, depth + 1) < 0) return -1;
        } else {
          p->has_sol = 1;
        }
      } else if (jskip(p, depth + 1) < 0) {
        return -1;
      }
      int d = jpeek(p);
      p->pos++;
      if (d == '}') break;
      if (d != ',') return jfail(p, "expected ',' or '}'");
    }
    if (!found) return jfail(p, "no \"puzzle\" member");
    return 0;
  }
  return jfail(p, "expected an array, a string or an object");
}

/* 1 when the JSON text is an object with the member `key` at its top. */
static int json_has_key(const char *s, size_t n, const char *key) {
  jparser p = {s, n, 0, NULL, {0}, NULL, 0};
  if (jpeek(&p) != '{') return 0;
  p.pos++;
  if (jpeek(&p) == '}') return 0;
  for (;;) {
    char k[16];
    if (jstring(&p, k, sizeof k, NULL) < 0) return 0;
    if (strcmp(k, key) == 0) return 1;
    if (jpeek(&p) != ':') return 0;
    p.pos++;
    if (jskip(&p, 1) < 0) return 0;
    if (jpeek(&p) != ',') return 0;
    p.pos++;
  }
}

static int is_variant_line(const char *t);

/* 1 when a line, met while a JSON value is still open, starts a record of
 * its own: at its first column an object with a "size", "puzzle" or
 * "grid" member (a record's own members, never a cage's or a cell's), or
 * a variant text line. A value cut short then loses only itself, not the
 * records after it. (Pretty-printed JSON indents what it nests, and an
 * unindented nested object has no such member.) */
static int starts_record(const char *s, size_t len) {
  if (len == 0) return 0;
  if (s[0] == '{')
    return json_has_key(s, len, "size") || json_has_key(s, len, "puzzle") ||
           json_has_key(s, len, "grid");
  return len >= 5 && is_variant_line(s);
}

/* Collects a JSON value that starts on the current line, possibly over
 * several lines, then parses it. */
static void read_json(nonet_reader *r, nonet_record *rec) {
  unsigned long start_line = r->lineno;
  size_t n = 0;
  int depth = 0, in_str = 0, esc = 0, done = 0, overflow = 0;
  rec->format = NONET_FORMAT_JSON;
  rec->line = start_line;
  for (;;) {
    const char *s = r->line;
    size_t len = r->line_len;
    size_t i;
    for (i = 0; i < len && !done; i++) {
      char c = s[i];
      if (in_str) {
        if (esc)
          esc = 0;
        else if (c == '\\')
          esc = 1;
        else if (c == '"') {
          in_str = 0;
          if (depth == 0) done = 1;
        }
      } else if (c == '"') {
        in_str = 1;
      } else if (c == '[' || c == '{') {
        depth++;
      } else if (c == ']' || c == '}') {
        if (--depth <= 0) done = 1;
      }
    }
    if (done) { /* after the value: blanks and a comma (a list's) at most */
      size_t j = i;
      while (j < len && is_space((unsigned char)s[j])) j++;
      if (j < len && s[j] == ',') j++;
      while (j < len && is_space((unsigned char)s[j])) j++;
      if (j < len) {
        set_error(rec, r->lineno, "text after the JSON value at column %zu",
                  j + 1);
        return;
      }
    }
    if (n + i + 1 > JSON_CAP) {
      overflow = 1;
    } else {
      memcpy(r->json + n, s, i);
      n += i;
      r->json[n++] = '\n';
    }
    if (done || overflow) break;
    int got = next_line(r);
    if (got <= 0) break;
    if (starts_record(r->line, r->line_len)) {
      r->pushed = 1; /* read as the next record */
      set_error(rec, start_line,
                "JSON value not closed before line %lu starts a new record",
                r->lineno);
      return;
    }
  }
  if (overflow) {
    set_error(rec, start_line, "JSON record longer than %d bytes", JSON_CAP);
    return;
  }
  if (!done) {
    set_error(rec, start_line, "JSON value not closed (opened on line %lu)",
              start_line);
    return;
  }
  if (json_has_key(r->json, n, "size")) { /* a variant puzzle */
    r->raw = r->json;
    r->raw_len = n;
    rec->status = NONET_OK;
    return;
  }
  uint8_t sol[81];
  jparser p = {r->json, n, 0, NULL, {0}, sol, 0};
  if (jgrid(&p, rec->cells, 0) < 0) {
    set_error(rec, start_line, "JSON: %s", p.err);
    return;
  }
  rec->status = NONET_OK;
  /* a JSON member that is not the puzzle's solution (empty cells, another
   * digit than a given, a broken rule) is passed over, not an error: the
   * record reads as it did before solutions were kept */
  if (p.has_sol) keep_solution(rec, sol, NULL, start_line, 0);
}

/* ---- grids of 9 lines ------------------------------------------------- */

/* "solution" (or "solution:") alone on its line, any case: the grid
 * right below it is the solution of the grid right above it, in the same
 * record (what `generate -f grid --solution` writes). */
static int is_solution_marker(const char *s, size_t len) {
  static const char word[] = "solution";
  size_t i = 0;
  while (i < len && is_space((unsigned char)s[i])) i++;
  for (size_t k = 0; word[k]; k++, i++)
    if (i == len || (s[i] | 0x20) != word[k]) return 0;
  if (i < len && s[i] == ':') i++;
  while (i < len && is_space((unsigned char)s[i])) i++;
  return i == len;
}

/* The rows of a grid from the current line on, into cells: 9 rows of 9
 * cells with rule lines between them (and a border after the ninth); the
 * line after the grid is pushed back for the next record, unless it is a
 * solution marker after the ninth row (*marker is then set). Returns the
 * rows read; a malformed row's line and message go to *bad_line and
 * bad_msg (the first only), each row's line to row_line. */
static int grid_rows(nonet_reader *r, nonet_record *rec, uint8_t cells[81],
                     const char *what, unsigned long row_line[9],
                     unsigned long *bad_line, char bad_msg[NONET_MESSAGE_MAX],
                     int *marker) {
  int rows = 0;
  for (;;) {
    const char *s = r->line;
    size_t len = r->line_len;
    if (is_rule(s, len)) {
      /* rules between rows, and a bottom border after the ninth row, are
       * part of the grid */
    } else if (marker && !r->line_long && is_solution_marker(s, len)) {
      *marker = 1; /* after 9 rows, or too soon: the grid ends there */
      break;
    } else if (rows == 9) {
      r->pushed = 1;
      break;
    } else {
      line_shape sh = shape_of(s, len);
      if (is_blank_or_comment(s, len) || sh.run >= 81 ||
          (!sh.bad && sh.cells == 81) || s[sh.lead] == '[' ||
          s[sh.lead] == '{') {
        r->pushed = !is_blank_or_comment(s, len);
        break;
      }
      if (!*bad_line) {
        if (r->line_long) {
          snprintf(bad_msg, NONET_MESSAGE_MAX,
                   "%s row %d: line longer than %d bytes", what, rows + 1,
                   LINE_CAP);
          *bad_line = r->lineno;
        } else if (sh.bad) {
          char prefix[32];
          snprintf(prefix, sizeof prefix, "%s row %d: ", what, rows + 1);
          bad_char_error(rec, r->lineno, s, sh.first_bad, prefix);
          snprintf(bad_msg, NONET_MESSAGE_MAX, "%s", rec->message);
          *bad_line = r->lineno;
        } else if (sh.cells != 9) {
          snprintf(bad_msg, NONET_MESSAGE_MAX,
                   "%s row %d has %d cells, expected 9", what, rows + 1,
                   sh.cells);
          *bad_line = r->lineno;
        } else {
          fill_cells(cells + rows * 9, s, len);
        }
      }
      row_line[rows] = r->lineno;
      rows++;
    }
    int got = next_line(r);
    if (got <= 0) break;
  }
  return rows;
}

/* The solution below a grid's marker line: full, keeping the givens and
 * the rules; kept as the record's tail, as a line's text after its 81
 * cells is. */
static void read_solution(nonet_reader *r, nonet_record *rec) {
  unsigned long marker_line = r->lineno, row_line[9] = {0}, bad_line = 0;
  char bad_msg[NONET_MESSAGE_MAX] = "";
  uint8_t sol[81] = {0};
  int rows = 0;
  if (next_line(r) > 0) {
    line_shape sh = shape_of(r->line, r->line_len);
    if (!r->line_long && !sh.bad && sh.cells == 81) { /* on one line */
      fill_cells(sol, r->line + sh.lead, r->line_len - sh.lead);
      keep_solution(rec, sol, NULL, r->lineno, 1);
      return;
    }
    rows =
        grid_rows(r, rec, sol, "solution", row_line, &bad_line, bad_msg, NULL);
  }
  if (bad_line) {
    set_error(rec, bad_line, "%s", bad_msg);
    return;
  }
  if (rows == 0) /* no grid after the marker (the end, a blank line): */
    return;      /* the puzzle stands, without a solution */
  if (rows < 9) {
    set_error(rec, marker_line, "solution ends after %d of 9 rows", rows);
    return;
  }
  keep_solution(rec, sol, row_line, marker_line, 1);
}

static void read_grid(nonet_reader *r, nonet_record *rec) {
  unsigned long start_line = r->lineno, row_line[9] = {0}, bad_line = 0;
  char bad_msg[NONET_MESSAGE_MAX] = "";
  int marker = 0;
  rec->format = NONET_FORMAT_GRID;
  rec->line = start_line;
  int rows = grid_rows(r, rec, rec->cells, "grid", row_line, &bad_line, bad_msg,
                       &marker);
  if (bad_line || rows < 9) {
    if (marker) { /* the solution's rows belong to this bad record */
      nonet_record skip;
      memset(&skip, 0, sizeof skip);
      read_solution(r, &skip);
    }
    if (bad_line)
      set_error(rec, bad_line, "%s", bad_msg);
    else
      set_error(rec, start_line, "grid ends after %d of 9 rows", rows);
    return;
  }
  rec->status = NONET_OK;
  if (marker) read_solution(r, rec);
}

/* ---- variant lines ------------------------------------------------------ */

/* 1 when the line starts a variant record in text: "size=N ..." or an
 * f-puzzles link. */
static int is_variant_line(const char *t) {
  static const char *const starts[] = {
      "size=", "https://f-puzzles.com/", "http://f-puzzles.com/",
      "https://www.f-puzzles.com/", "f-puzzles.com/"};
  for (size_t k = 0; k < sizeof starts / sizeof *starts; k++)
    if (strncmp(t, starts[k], strlen(starts[k])) == 0) return 1;
  return 0;
}

/* 1 when a "size=" line has the field "grid": its rows follow. */
static int has_grid_field(const char *s, size_t len) {
  for (size_t i = 0; i + 4 <= len; i++)
    if ((i == 0 || is_space((unsigned char)s[i - 1])) &&
        memcmp(s + i, "grid", 4) == 0 &&
        (i + 4 == len || is_space((unsigned char)s[i + 4])))
      return 1;
  return 0;
}

/* A variant record in text: the line, and with the field "grid" the
 * size's number of rows below it (rule lines between them kept). */
static void read_variant_line(nonet_reader *r, nonet_record *rec,
                              const char *t) {
  size_t len = r->line_len - (size_t)(t - r->line);
  rec->format = NONET_FORMAT_LINE;
  rec->status = NONET_OK;
  if (strncmp(t, "size=", 5) != 0 || !has_grid_field(t, len)) {
    r->raw = t;
    r->raw_len = len;
    return;
  }
  rec->format = NONET_FORMAT_GRID;
  long rows = strtol(t + 5, NULL, 10);
  if (rows < 1 || rows > 64) rows = 1;
  size_t n = len < JSON_CAP ? len : JSON_CAP;
  memcpy(r->json, t, n);
  for (long got = 0; got < rows;) {
    if (next_line(r) <= 0) break;
    if (is_blank_or_comment(r->line, r->line_len)) break;
    line_shape sh = shape_of(r->line, r->line_len);
    const char *u = r->line + sh.lead;
    if (*u == '{' || *u == '[' || is_variant_line(u) || r->line_long) {
      r->pushed = 1; /* the next record: the grid ended early */
      break;
    }
    if (n + r->line_len + 1 > JSON_CAP) break;
    r->json[n++] = '\n';
    memcpy(r->json + n, r->line, r->line_len);
    n += r->line_len;
    if (!is_rule(r->line, r->line_len)) got++;
  }
  r->raw = r->json;
  r->raw_len = n;
}

/* ---- records ------------------------------------------------------------ */

/* The value of a cell character, without a branch: 1-9 for a digit, 0
 * for the rest; *bad is set when c is no cell. */
static uint8_t cell_char(unsigned char c, unsigned *bad) {
  unsigned char d = (unsigned char)(c - '0');
  unsigned digit = d <= 9, empty = c == '.' || c == '_' || c == '*';
  *bad |= !(digit | empty);
  return (uint8_t)(digit ? d : 0);
}

/* Fills the cells from the first 81 characters of s when they are all
 * cells (the usual line record); returns 0 when they are not. */
static int line_cells(const char *s, size_t len, uint8_t cells[81]) {
  if (len < 81) return 0;
  unsigned bad = 0;
  int i = 0;
#if defined(__SSE2__)
  /* sixteen at a time: most of a batch's reading is here; the last 16
   * (cells 65-80) overlap the fifth 16 */
  __m128i ok = _mm_set1_epi8(-1);
  for (int k = 0; k < 6; k++) {
    i = k < 5 ? 16 * k : 65;
    __m128i c = _mm_loadu_si128((const __m128i *)(const void *)(s + i));
    __m128i d = _mm_sub_epi8(c, _mm_set1_epi8('0'));
    __m128i digit = _mm_cmpeq_epi8(_mm_min_epu8(d, _mm_set1_epi8(9)), d);
    __m128i empty =
        _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(c, _mm_set1_epi8('.')),
                                  _mm_cmpeq_epi8(c, _mm_set1_epi8('_'))),
                     _mm_cmpeq_epi8(c, _mm_set1_epi8('*')));
    _mm_storeu_si128((__m128i *)(void *)(cells + i), _mm_and_si128(d, digit));
    ok = _mm_and_si128(ok, _mm_or_si128(digit, empty));
  }
  bad = _mm_movemask_epi8(ok) != 0xffff;
  i = 81;
#elif defined(__wasm_simd128__)
  /* the same in WebAssembly: the package's solve and count parse here */
  v128_t ok = wasm_i8x16_splat(-1);
  for (int k = 0; k < 6; k++) {
    i = k < 5 ? 16 * k : 65;
    v128_t c = wasm_v128_load(s + i);
    v128_t d = wasm_i8x16_sub(c, wasm_i8x16_splat('0'));
    v128_t digit = wasm_u8x16_le(d, wasm_i8x16_splat(9));
    v128_t empty =
        wasm_v128_or(wasm_v128_or(wasm_i8x16_eq(c, wasm_i8x16_splat('.')),
                                  wasm_i8x16_eq(c, wasm_i8x16_splat('_'))),
                     wasm_i8x16_eq(c, wasm_i8x16_splat('*')));
    wasm_v128_store(cells + i, wasm_v128_and(d, digit));
    ok = wasm_v128_and(ok, wasm_v128_or(digit, empty));
  }
  bad = !wasm_i8x16_all_true(ok);
  i = 81;
#endif
  for (; i < 81; i++) cells[i] = cell_char((unsigned char)s[i], &bad);
  return !bad;
}

/* A record of the line s, which is neither blank, a comment, a CSV
 * header, JSON nor the first row of a grid. */
static void parse_line(const char *s, size_t len, nonet_record *rec) {
  size_t lead = 0;
  while (lead < len && is_space((unsigned char)s[lead])) lead++;
  if (line_cells(s + lead, len - lead, rec->cells)) {
    rec->format = NONET_FORMAT_LINE;
    size_t k = lead + 81;
    while (k < len && is_space((unsigned char)s[k])) k++;
    size_t tl = len - k;
    if (tl >= NONET_TAIL_MAX) tl = NONET_TAIL_MAX - 1;
    if (tl) memcpy(rec->tail, s + k, tl);
    rec->tail[tl] = 0;
    return;
  }
  memset(rec->cells, 0, sizeof rec->cells);
  line_shape sh = shape_of(s, len);
  if (!sh.bad && sh.cells == 81) {
    rec->format = NONET_FORMAT_LINE;
    fill_cells(rec->cells, s + lead, len - lead);
    return;
  }
  if (!sh.bad) {
    if (sh.cells < 81)
      set_error(rec, rec->line, "too few cells: %d of 81", sh.cells);
    else
      set_error(rec, rec->line, "too many cells: %d, expected 81", sh.cells);
    return;
  }
  if (sh.run >= 10 && (sh.lead + sh.run == len ||
                       is_space((unsigned char)s[sh.lead + sh.run]))) {
    set_error(rec, rec->line, "too few cells: %zu of 81", sh.run);
    return;
  }
  bad_char_error(rec, rec->line, s, sh.first_bad, "");
}

static void clear_record(nonet_record *rec) {
  memset(rec->cells, 0, sizeof rec->cells);
  rec->message[0] = 0;
  rec->tail[0] = 0;
  rec->status = NONET_OK;
  rec->format = NONET_FORMAT_AUTO;
}

/* Whether the line (after line 1, where a BOM or a CSV header may be)
 * surely is a record of its own: after blanks, ten cells that are not
 * all '*' (so not blank, a comment, JSON, a grid row or a rule). */
static int one_line_record(const char *s, size_t len) {
  size_t i = 0;
  while (i < len && is_space((unsigned char)s[i])) i++;
  if (len - i < 10) return 0;
#if defined(__SSE2__)
  if (len - i >= 16) { /* a batch asks this once a record: 16 at a time */
    __m128i c = _mm_loadu_si128((const __m128i *)(const void *)(s + i));
    __m128i d = _mm_sub_epi8(c, _mm_set1_epi8('0'));
    __m128i star = _mm_cmpeq_epi8(c, _mm_set1_epi8('*'));
    __m128i cell = _mm_or_si128(
        _mm_or_si128(_mm_cmpeq_epi8(_mm_min_epu8(d, _mm_set1_epi8(9)), d),
                     star),
        _mm_or_si128(_mm_cmpeq_epi8(c, _mm_set1_epi8('.')),
                     _mm_cmpeq_epi8(c, _mm_set1_epi8('_'))));
    return (_mm_movemask_epi8(cell) & 0x3ff) == 0x3ff &&
           (_mm_movemask_epi8(star) & 0x3ff) != 0x3ff;
  }
#elif defined(__wasm_simd128__)
  if (len - i >= 16) { /* the same in WebAssembly (solveMany) */
    v128_t c = wasm_v128_load(s + i);
    v128_t d = wasm_i8x16_sub(c, wasm_i8x16_splat('0'));
    v128_t star = wasm_i8x16_eq(c, wasm_i8x16_splat('*'));
    v128_t cell =
        wasm_v128_or(wasm_v128_or(wasm_u8x16_le(d, wasm_i8x16_splat(9)), star),
                     wasm_v128_or(wasm_i8x16_eq(c, wasm_i8x16_splat('.')),
                                  wasm_i8x16_eq(c, wasm_i8x16_splat('_'))));
    return (wasm_i8x16_bitmask(cell) & 0x3ff) == 0x3ff &&
           (wasm_i8x16_bitmask(star) & 0x3ff) != 0x3ff;
  }
#endif
  int stars = 0;
  for (size_t k = i; k < i + 10; k++) {
    if (!is_cell((unsigned char)s[k])) return 0;
    stars += s[k] == '*';
  }
  return stars < 10;
}

/* A CSV row's solution column, where it is not the one right after the
 * puzzle's, put first in the record's tail (after a separator, as a
 * `quizzes,solutions` row's is), so that `convert` finds it there. */
static void move_solution(nonet_reader *r, nonet_record *rec) {
  const char *f;
  size_t fl;
  if (!csv_field(r->line, r->line_len, r->csv_sep, r->csv_sol - 1, &f, &fl) ||
      !fl)
    return;
  char tail[NONET_TAIL_MAX];
  size_t k = 0, old = strlen(rec->tail);
  tail[k++] = r->csv_sep;
  if (fl > sizeof tail - 2) fl = sizeof tail - 2;
  memcpy(tail + k, f, fl);
  k += fl;
  if (old > sizeof tail - 1 - k) old = sizeof tail - 1 - k;
  memcpy(tail + k, rec->tail, old);
  tail[k + old] = 0;
  memcpy(rec->tail, tail, sizeof tail);
}

/* nonet_reader_next, and with `text` (not NULL) nonet_reader_next_text. */
static int next_record(nonet_reader *r, nonet_record *rec, char *text,
                       size_t cap, size_t *len) {
  if (!r || !rec) return NONET_EINVAL;
  clear_record(rec);
  r->raw = NULL;
  r->raw_len = 0;
  /* a batch's common case first: a one-line record whole in the input
   * buffer goes to text at once, not through r->line (one copy, not two,
   * and none of next_line's bookkeeping; the same answer as below) */
  if (text && r->started && !r->pushed && !r->csv_col && !r->csv_sol) {
    const char *s = r->in + r->in_pos;
    size_t avail = r->in_len - r->in_pos;
    const char *nl = memchr(s, '\n', avail < cap ? avail : cap);
    if (nl) {
      size_t n = (size_t)(nl - s);
      if (n && s[n - 1] == '\r') n--;
      if (one_line_record(s, n)) {
        memcpy(text, s, n);
        text[n] = 0;
        *len = n;
        r->in_pos += (size_t)(nl - s) + 1;
        rec->line = ++r->lineno;
        return 2;
      }
    }
  }
  for (;;) {
    int got = next_line(r);
    if (got < 0) return NONET_EIO;
    if (got == 0) return 0;
    const char *s = r->line;
    size_t n = r->line_len;
    rec->line = r->lineno;
    if (r->csv_col && !is_comment(s, n)) { /* the puzzle's column on */
      long at = csv_skip(s, n, r->csv_sep, r->csv_col);
      if (at >= 0) {
        n -= (size_t)at;
        s += at;
      }
    }
    if (text && r->lineno > 1 && n < cap && !r->csv_sol &&
        one_line_record(s, n)) {
      memcpy(text, s, n);
      text[n] = 0;
      *len = n;
      return 2;
    }
    /* a long line is not read in part (a rule past the cut would go;
     * a blank start may hide a record), unless it is a comment */
    if (r->line_long && !is_comment(s, n)) {
      set_error(rec, r->lineno, "line longer than %d bytes", LINE_CAP);
      return 1;
    }
    if (is_blank_or_comment(s, n)) continue;
    if (r->lineno == 1 && is_csv_header(s, n)) {
      r->csv_col = csv_puzzle_column(s, n, &r->csv_sep);
      int sol = csv_solution_column(s, n, r->csv_sep);
      r->csv_sol = sol >= 0 && sol != r->csv_col + 1 ? sol + 1 : 0;
      continue;
    }
    line_shape sh = shape_of(s, n);
    const char *t = s + sh.lead;
    if (*t == '[' || *t == '{' || *t == '"') {
      read_json(r, rec);
      return 1;
    }
    if (is_variant_line(t)) {
      read_variant_line(r, rec, t);
      return 1;
    }
    int line = sh.run >= 81 || (!sh.bad && sh.cells == 81);
    if (!line && ((!sh.bad && sh.cells == 9) || is_rule(s, n))) {
      read_grid(r, rec);
      return 1;
    }
    parse_line(s, n, rec);
    if (r->csv_sol && rec->status == NONET_OK) move_solution(r, rec);
    return 1;
  }
}

int nonet__reader_next_raw_text(nonet_reader *r, nonet_record *rec,
                                const char **text, size_t *len, char *line,
                                size_t cap, size_t *line_len) {
  *text = NULL;
  *len = 0;
  int got = next_record(r, rec, line, cap, line_len);
  if (got == 1 && r->raw) {
    *text = r->raw;
    *len = r->raw_len;
  }
  return got;
}

int nonet__reader_next_raw(nonet_reader *r, nonet_record *rec,
                           const char **text, size_t *len) {
  return nonet__reader_next_raw_text(r, rec, text, len, NULL, 0, NULL);
}

/* A variant record met by a reader of classic puzzles: an error. */
static int classic_only(nonet_reader *r, nonet_record *rec, int got) {
  if (got == 1 && r->raw)
    set_error(rec, rec->line,
              "a variant puzzle: only classic 9x9 puzzles are read here");
  return got;
}

int nonet_reader_next(nonet_reader *r, nonet_record *rec) {
  return classic_only(r, rec, next_record(r, rec, NULL, 0, NULL));
}

int nonet_reader_next_text(nonet_reader *r, nonet_record *rec, char *text,
                           size_t cap, size_t *len) {
  if (!text || !len) return NONET_EINVAL;
  return classic_only(r, rec, next_record(r, rec, text, cap, len));
}

void nonet_record_parse_line(const char *text, size_t len, nonet_record *rec) {
  if (!rec) return;
  if (!text) len = 0;
  unsigned long line = rec->line;
  clear_record(rec);
  rec->line = line;
  parse_line(text, len, rec);
}

int nonet_parse(const char *text, size_t len, uint8_t cells[81], char *err,
                size_t errcap) {
  if (err && errcap) err[0] = 0;
  if ((!text && len) || !cells) return NONET_EINVAL;
  nonet_reader *r = nonet_reader_new_memory(text ? text : "", len);
  if (!r) return NONET_ENOMEM;
  nonet_record rec;
  int got = nonet_reader_next(r, &rec);
  nonet_reader_free(r);
  const char *msg = NULL;
  if (got <= 0)
    msg = "no puzzle found";
  else if (rec.status != NONET_OK)
    msg = rec.message;
  if (msg) {
    if (err && errcap) snprintf(err, errcap, "%s", msg);
    return NONET_EPARSE;
  }
  memcpy(cells, rec.cells, 81);
  return NONET_OK;
}
