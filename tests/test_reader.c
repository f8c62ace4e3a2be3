/* test_reader.c: input formats, detection, error messages, round trips. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "nonet.h"
#include "support/ref.h"

#define INKALA                                                                 \
  "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1.."  \
  "9....4.."

/* Reads all records of a text. */
static int read_all(const char *text, nonet_record *recs, int cap) {
  nonet_reader *r = nonet_reader_new_memory(text, strlen(text));
  assert_non_null(r);
  int n = 0;
  while (n < cap && nonet_reader_next(r, &recs[n]) == 1) n++;
  nonet_reader_free(r);
  return n;
}

static void test_line_format_empty_marks(void **state) {
  (void)state;
  uint8_t want[81], got[81];
  ref_from_string(INKALA, want);
  const char marks[] = {'.', '0', '_', '*'};
  for (int k = 0; k < 4; k++) {
    char s[82];
    memcpy(s, INKALA, 82);
    for (int i = 0; i < 81; i++)
      if (s[i] == '.') s[i] = marks[k];
    char err[128];
    assert_int_equal(nonet_parse(s, 81, got, err, sizeof err), NONET_OK);
    assert_memory_equal(got, want, 81);
  }
}

static void test_line_tail_comments_and_lines(void **state) {
  (void)state;
  const char *text = "# a comment\n"
                     "\n" INKALA "\t7.2 # a rating\r\n"
                     "   # indented comment\n" INKALA "\n";
  nonet_record recs[4];
  assert_int_equal(read_all(text, recs, 4), 2);
  assert_int_equal(recs[0].status, NONET_OK);
  assert_int_equal(recs[0].line, 3);
  assert_int_equal(recs[0].format, NONET_FORMAT_LINE);
  assert_string_equal(recs[0].tail, "7.2 # a rating");
  assert_int_equal(recs[1].line, 5);
  assert_string_equal(recs[1].tail, "");
  uint8_t want[81];
  ref_from_string(INKALA, want);
  assert_memory_equal(recs[1].cells, want, 81);
}

/* The layout of the Ruby solver of ../shared/seeds/004_... */
static const char upcase_grid[] = "3 0 6 |0 1 5 |0 0 0\n"
                                  "0 0 4 |0 0 0 |3 0 0\n"
                                  "0 0 0 |0 6 8 |1 9 4\n"
                                  "------+------+------\n"
                                  "0 8 0 |0 0 6 |0 0 0\n"
                                  "0 0 0 |2 4 9 |6 0 1\n"
                                  "6 4 0 |0 0 0 |2 0 5\n"
                                  "------+------+------\n"
                                  "0 0 8 |0 0 3 |0 1 0\n"
                                  "0 3 7 |8 9 1 |4 6 2\n"
                                  "0 2 0 |6 0 0 |8 0 0\n";
static const char upcase_line[] = "30601500000400030000006819408000600000024960"
                                  "1640000205008003010037891462020600800";

static void test_grid_formats(void **state) {
  (void)state;
  uint8_t want[81];
  ref_from_string(upcase_line, want);
  nonet_record recs[4];
  assert_int_equal(read_all(upcase_grid, recs, 4), 1);
  assert_int_equal(recs[0].status, NONET_OK);
  assert_int_equal(recs[0].format, NONET_FORMAT_GRID);
  assert_int_equal(recs[0].line, 1);
  assert_memory_equal(recs[0].cells, want, 81);

  /* no spaces, bordered (Sudoku Explainer style), 9x9 CSV: same puzzle */
  char compact[200] = "", bordered[400] = "*-----------*\n", csv[300] = "";
  for (int r = 0; r < 9; r++) {
    strncat(compact, upcase_line + r * 9, 9);
    strcat(compact, "\n");
    char row[40];
    const char *p = upcase_line + r * 9;
    snprintf(row, sizeof row, "|%.3s|%.3s|%.3s|\n", p, p + 3, p + 6);
    for (char *q = row; *q; q++)
      if (*q == '0') *q = '.';
    strcat(bordered, row);
    if (r == 2 || r == 5) strcat(bordered, "|---+---+---|\n");
    for (int c = 0; c < 9; c++) {
      char cell[4];
      snprintf(cell, sizeof cell, "%c%s", p[c], c < 8 ? "," : "\n");
      strcat(csv, cell);
    }
  }
  strcat(bordered, "*-----------*\n");
  const char *texts[] = {compact, bordered, csv};
  for (int k = 0; k < 3; k++) {
    assert_int_equal(read_all(texts[k], recs, 4), 1);
    assert_int_equal(recs[0].status, NONET_OK);
    assert_memory_equal(recs[0].cells, want, 81);
  }
  /* two grids back to back, then a line puzzle */
  char two[1200];
  snprintf(two, sizeof two, "%s\n%s%s\n", upcase_grid, upcase_grid, INKALA);
  assert_int_equal(read_all(two, recs, 4), 3);
  assert_int_equal(recs[1].line, 13);
  assert_int_equal(recs[2].format, NONET_FORMAT_LINE);
  assert_int_equal(recs[2].line, 24);
}

static void test_json_formats(void **state) {
  (void)state;
  uint8_t want[81];
  ref_from_string(upcase_line, want);
  char nested[400] = "[", flat[300] = "[", pretty[600] = "[\n";
  for (int r = 0; r < 9; r++) {
    strcat(nested, "[");
    strcat(pretty, "  [");
    for (int c = 0; c < 9; c++) {
      char v[8];
      int d = upcase_line[r * 9 + c] - '0';
      snprintf(v, sizeof v, "%d%s", d, c < 8 ? "," : "");
      strcat(nested, v);
      if (d)
        snprintf(v, sizeof v, "%d%s", d, c < 8 ? ", " : "");
      else
        snprintf(v, sizeof v, "null%s", c < 8 ? ", " : "");
      strcat(pretty, v);
      snprintf(v, sizeof v, "%d%s", d, r * 9 + c < 80 ? "," : "");
      strcat(flat, v);
    }
    strcat(nested, r < 8 ? "]," : "]");
    strcat(pretty, r < 8 ? "],\n" : "]\n");
  }
  strcat(nested, "]");
  strcat(pretty, "]\n");
  strcat(flat, "]");
  char object[600], string[120];
  snprintf(object, sizeof object,
           "{\"id\": 7, \"tags\": [\"a\", {\"b\": null}], \"puzzle\": %s}",
           nested);
  snprintf(string, sizeof string, "\"%s\"", upcase_line);
  const char *texts[] = {nested, pretty, flat, object, string};
  for (int k = 0; k < 5; k++) {
    uint8_t got[81];
    char err[160];
    int rc = nonet_parse(texts[k], strlen(texts[k]), got, err, sizeof err);
    if (rc != NONET_OK) fail_msg("text %d: %s", k, err);
    assert_memory_equal(got, want, 81);
  }
  /* a multi-line JSON record keeps the line numbers of what follows */
  char text[1000];
  snprintf(text, sizeof text, "%s%s\n", pretty, INKALA);
  nonet_record recs[3];
  assert_int_equal(read_all(text, recs, 3), 2);
  assert_int_equal(recs[0].format, NONET_FORMAT_JSON);
  assert_int_equal(recs[1].line, 12);
}

typedef struct {
  const char *text;
  const char *message;
  unsigned long line;
} bad_case;

static void test_error_messages(void **state) {
  (void)state;
  static const bad_case cases[] = {
      {"8..........36......7..9.2...5...7.......457.....1...3...1....68..85..."
       "1..9....4.\n",
       "too few cells: 80 of 81", 1},
      {"# "
       "c\n8..........36......7..9.2...5...7..x....457.....1...3...1....68..85."
       "..1..9....4..\n",
       "character 'x' at column 36 is not a cell", 2},
      {"hello world\n", "character 'h' at column 1 is not a cell", 1},
      {"1 2 3 4\n", "too few cells: 4 of 81", 1},
      {"3 0 6 |0 1 5 |0 0 0\n0 0 4 |0 0 0 |3 0 0\n\n",
       "grid ends after 2 of 9 rows", 1},
      {"306015000\n004000300\n00006819\n080006000\n000249601\n640000205\n"
       "008003010\n037891462\n020600800\n",
       "grid row 3 has 8 cells, expected 9", 3},
      {"306015000\n004000300\n0000681x4\n080006000\n000249601\n640000205\n"
       "008003010\n037891462\n020600800\n",
       "grid row 3: character 'x' at column 8 is not a cell", 3},
      {"[[1,2,3]]\n", "JSON: row 1 has 3 cells, expected 9", 1},
      {"[1, 2, 12]\n", "JSON: 12 is not a cell value (0-9 or null)", 1},
      {"[1, 2, 123456789]\n",
       "JSON: 123456789 is not a cell value (0-9 or null)", 1},
      {"[[1,2\n", "JSON value not closed (opened on line 1)", 1},
      {"{\"name\": 3}\n", "JSON: no \"puzzle\" member", 1},
      {"\x01\x02\xff junk\n", "byte 0x01 at column 1 is not a cell", 1},
      /* text after a JSON value is not dropped (a comma, as in a list, is
       * allowed); on the line where it is */
      {"[[1,2,3],\n[4]] x\n", "text after the JSON value at column 6", 2},
      {"{\"puzzle\": \"1\"}, 5\n", "text after the JSON value at column 18", 1},
  };
  for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
    nonet_record rec;
    nonet_reader *r =
        nonet_reader_new_memory(cases[k].text, strlen(cases[k].text));
    assert_int_equal(nonet_reader_next(r, &rec), 1);
    if (rec.status != NONET_EPARSE || strcmp(rec.message, cases[k].message) ||
        rec.line != cases[k].line)
      fail_msg("case %zu: got status %d line %lu '%s', want line %lu '%s'", k,
               rec.status, rec.line, rec.message, cases[k].line,
               cases[k].message);
    nonet_reader_free(r);
  }
}

static void test_errors_do_not_stop_the_batch(void **state) {
  (void)state;
  const char *text = INKALA "\n"
                            "bad line\n"
                            "123\n" INKALA "\n"
                            "3 0 6 |0 1 5 |0 0 0\n" INKALA "\n";
  nonet_record recs[8];
  int n = read_all(text, recs, 8);
  assert_int_equal(n, 6);
  int status[] = {NONET_OK, NONET_EPARSE, NONET_EPARSE,
                  NONET_OK, NONET_EPARSE, NONET_OK};
  unsigned long lines[] = {1, 2, 3, 4, 5, 6};
  for (int k = 0; k < 6; k++) {
    assert_int_equal(recs[k].status, status[k]);
    assert_int_equal(recs[k].line, lines[k]);
  }
}

static void test_huge_and_binary_input(void **state) {
  (void)state;
  size_t big = 300000;
  char *s = malloc(big + 200);
  memset(s, '7', big);
  s[big] = '\n';
  memcpy(s + big + 1, INKALA "\n", 83);
  nonet_record recs[3];
  nonet_reader *r = nonet_reader_new_memory(s, big + 83);
  int n = 0;
  while (n < 3 && nonet_reader_next(r, &recs[n]) == 1) n++;
  nonet_reader_free(r);
  assert_int_equal(n, 2);
  /* 300000 sevens: a line longer than 64 KiB, an error of its own (not a
   * puzzle read from its first 64 KiB), and the next line still read */
  assert_int_equal(recs[0].status, NONET_EPARSE);
  assert_int_equal(recs[0].line, 1);
  assert_string_equal(recs[0].message, "line longer than 65536 bytes");
  assert_int_equal(recs[1].status, NONET_OK);
  assert_int_equal(recs[1].line, 2);
  /* random bytes: every record ends, nothing crashes */
  nonet_rng rng;
  nonet_rng_seed(&rng, 42);
  for (size_t i = 0; i < big; i++) s[i] = (char)nonet_rng_next(&rng);
  r = nonet_reader_new_memory(s, big);
  nonet_record rec;
  long records = 0;
  while (nonet_reader_next(r, &rec) == 1) records++;
  nonet_reader_free(r);
  assert_true(records > 0);
  free(s);
}

/* A CSV data set whose header names the puzzle's column (a Kaggle-style
 * id,puzzle,solution,...): each row's puzzle is read from that column,
 * the rest of the row kept as its tail; a bad row is named. */
static void test_csv_puzzle_column(void **state) {
  (void)state;
  const char *text = "id;Puzzle;solution\r\n"
                     "7;" INKALA ";x\r\n"
                     "# a comment; with separators\n"
                     "8;bad;y\n"
                     "9;" INKALA "\n";
  uint8_t want[81];
  ref_from_string(INKALA, want);
  for (int as_text = 0; as_text < 2; as_text++) {
    nonet_reader *r = nonet_reader_new_memory(text, strlen(text));
    nonet_record rec[3];
    char buf[256];
    size_t len;
    for (int k = 0; k < 3; k++) {
      int got = as_text
                    ? nonet_reader_next_text(r, &rec[k], buf, sizeof buf, &len)
                    : nonet_reader_next(r, &rec[k]);
      assert_true(got >= 1);
      if (got == 2) nonet_record_parse_line(buf, len, &rec[k]);
    }
    assert_int_equal(nonet_reader_next(r, &rec[0]) == 0, 1);
    nonet_reader_free(r);
    /* (the batch's text path and the plain reader agree) */
    assert_int_equal(rec[1].status, NONET_EPARSE);
    assert_int_equal(rec[1].line, 4);
    assert_int_equal(rec[2].status, NONET_OK);
    assert_memory_equal(rec[2].cells, want, 81);
  }
  nonet_reader *r = nonet_reader_new_memory(text, strlen(text));
  nonet_record rec;
  assert_int_equal(nonet_reader_next(r, &rec), 1);
  assert_int_equal(rec.status, NONET_OK);
  assert_int_equal(rec.line, 2);
  assert_memory_equal(rec.cells, want, 81);
  assert_string_equal(rec.tail, ";x");
  assert_int_equal(nonet_reader_next(r, &rec), 1);
  assert_int_equal(rec.status, NONET_EPARSE);
  assert_int_equal(rec.line, 4);
  assert_int_equal(nonet_reader_next(r, &rec), 1);
  assert_int_equal(rec.status, NONET_OK);
  assert_int_equal(rec.line, 5);
  assert_memory_equal(rec.cells, want, 81);
  nonet_reader_free(r);
}

static void test_round_trips(void **state) {
  (void)state;
  uint8_t cells[81], back[81];
  ref_from_string(INKALA, cells);
  for (int f = NONET_FORMAT_LINE; f <= NONET_FORMAT_CSV; f++)
    for (unsigned flags = 0; flags < 2; flags++) {
      char text[512];
      size_t need = nonet_format_grid(cells, f, flags, text, sizeof text);
      assert_true(need > 0 && need < sizeof text);
      assert_int_equal(strlen(text), need);
      char err[128];
      assert_int_equal(nonet_parse(text, need, back, err, sizeof err),
                       NONET_OK);
      assert_memory_equal(cells, back, 81);
    }
  char text[600];
  nonet_format_grid(cells, NONET_FORMAT_GRID, 0, text, sizeof text);
  assert_string_equal(text, "8 . . | . . . | . . .\n"
                            ". . 3 | 6 . . | . . .\n"
                            ". 7 . | . 9 . | 2 . .\n"
                            "------+-------+------\n"
                            ". 5 . | . . 7 | . . .\n"
                            ". . . | . 4 5 | 7 . .\n"
                            ". . . | 1 . . | . 3 .\n"
                            "------+-------+------\n"
                            ". . 1 | . . . | . 6 8\n"
                            ". . 8 | 5 . . | . 1 .\n"
                            ". 9 . | . . . | 4 . .");
  /* a small buffer gets a truncated, terminated text and the full size */
  char small[10];
  assert_int_equal(
      nonet_format_grid(cells, NONET_FORMAT_LINE, 0, small, sizeof small), 81);
  assert_int_equal(strlen(small), 9);
  assert_int_equal(nonet_format_from_name("json"), NONET_FORMAT_JSON);
  assert_int_equal(nonet_format_from_name("xml"), NONET_EINVAL);
}

/* Reads text with nonet_reader_next and with nonet_reader_next_text (the
 * one-line records parsed by nonet_record_parse_line, as the batch
 * commands' workers do); every record must come out the same. Returns how
 * many records took the deferred path. */
static long same_records(const char *text, size_t len, size_t cap) {
  nonet_reader *a = nonet_reader_new_memory(text, len);
  nonet_reader *b = nonet_reader_new_memory(text, len);
  assert_non_null(a);
  assert_non_null(b);
  char line[512];
  long deferred = 0;
  for (;;) {
    nonet_record ra, rb;
    size_t n = 0;
    memset(&ra, 0x55, sizeof ra);
    memset(&rb, 0xaa, sizeof rb);
    int ga = nonet_reader_next(a, &ra);
    int gb = nonet_reader_next_text(b, &rb, line, cap, &n);
    if (gb == 2) {
      assert_true(n < cap);
      assert_int_equal(line[n], 0);
      nonet_record_parse_line(line, n, &rb);
      gb = 1;
      deferred++;
    }
    assert_int_equal(ga, gb);
    if (ga != 1) break;
    assert_int_equal(ra.line, rb.line);
    assert_int_equal(ra.status, rb.status);
    assert_int_equal(ra.format, rb.format);
    assert_memory_equal(ra.cells, rb.cells, 81);
    assert_string_equal(ra.message, rb.message);
    assert_string_equal(ra.tail, rb.tail);
  }
  nonet_reader_free(a);
  nonet_reader_free(b);
  return deferred;
}

static void test_deferred_parsing(void **state) {
  (void)state;
  const char *text =
      "\xEF\xBB\xBF" INKALA " first line\n" INKALA "\t7.2 # a rating\r\n"
      "  " INKALA "\n"
      "**********--------\n" /* a rule, not cells */
      "1234567890x\n"        /* a bad character */
      "1234567890 12\n"      /* too few cells */
      "1.2.3.4.5.6.7.8.9.1.2.3.4.5.6.7.8.9.1.2.3.4.5.6.7.8.9.1.2.3.4.5.6.7.8."
      "9.1.2.3.4.5.6.7.8.9.1.2.3.4.5.6.7.8.9.1.2.3.4.5.6.7.8.9.1.2.3.4.5.6.7"
      ".8.9.1.2.3.4.5.6.7.8.9\n" /* too many cells */
      "123456789 123456789 123456789 123456789 123456789 123456789 123456789 "
      "123456789 123456789\n" /* 81 cells, spaced */
      "8 . . | . . . | . . .\n. . 3 | 6 . . | . . .\n"
      ". 7 . | . 9 . | 2 . .\n. 5 . | . . 7 | . . .\n"
      ". . . | . 4 5 | 7 . .\n. . . | 1 . . | . 3 .\n"
      ". . 1 | . . . | . 6 8\n. . 8 | 5 . . | . 1 .\n"
      ". 9 . | . . . | 4 . .\n" INKALA "\n";
  long deferred = same_records(text, strlen(text), 512);
  assert_true(deferred >= 4);
  assert_int_equal(same_records(text, strlen(text), 81), 0); /* no room */
  /* line 1 is never deferred: it may be a CSV header */
  const char *csv = "__________,a\n" INKALA "\n";
  assert_int_equal(same_records(csv, strlen(csv), 512), 1);
  /* lines of random characters that cells, separators and grids are made
   * of: whatever they turn out to be, both ways agree */
  static const char alphabet[] = "123456789.0_*  \t|-+,#[x\n\n";
  nonet_rng rng;
  nonet_rng_seed(&rng, 7);
  size_t len = 200000;
  char *s = malloc(len);
  assert_non_null(s);
  for (size_t i = 0; i < len; i++) {
    /* mostly digits and dots, so that long runs of cells occur */
    uint64_t x = nonet_rng_next(&rng);
    s[i] = x % 4 ? "123456789."[(x >> 8) % 10]
                 : alphabet[(x >> 8) % (sizeof alphabet - 1)];
  }
  assert_true(same_records(s, len, 512) > 0);
  free(s);
}

/* The first `rows` rows of a grid in the line format, compact
 * ("306015000\n" ...), appended to out. */
static void put_rows(char *out, size_t cap, const char *line, int rows) {
  for (int r = 0; r < rows; r++) {
    size_t n = strlen(out);
    snprintf(out + n, cap - n, "%.9s\n", line + r * 9);
  }
}

/* upcase_line's solution, as 81 digits. */
static void upcase_solution(char out[82]) {
  uint8_t cells[81], sol[81];
  ref_from_string(upcase_line, cells);
  assert_int_equal(ref_count(cells, 2, sol), 1);
  for (int i = 0; i < 81; i++) out[i] = (char)('0' + sol[i]);
  out[81] = 0;
}

/* A grid followed by a line "solution:" and the solution grid is one
 * record whose tail keeps the solution as 81 digits, in any layout the
 * grid reader takes (rule lines, borders, any case, the colon left out);
 * the record after it is read as usual, by either entry point. */
static void test_grid_solution_marker(void **state) {
  (void)state;
  char sol_line[82];
  upcase_solution(sol_line);
  uint8_t puzzle[81], sol[81];
  ref_from_string(upcase_line, puzzle);
  ref_from_string(sol_line, sol);
  char a[512], b[512], text[2400];
  /* as generate -f grid --solution writes it */
  nonet_format_grid(puzzle, NONET_FORMAT_GRID, 0, a, sizeof a);
  nonet_format_grid(sol, NONET_FORMAT_GRID, 0, b, sizeof b);
  snprintf(text, sizeof text, "%s\nsolution:\n%s\n\n%s\n", a, b, INKALA);
  nonet_record recs[4];
  assert_int_equal(read_all(text, recs, 4), 2);
  assert_int_equal(recs[0].status, NONET_OK);
  assert_int_equal(recs[0].format, NONET_FORMAT_GRID);
  assert_int_equal(recs[0].line, 1);
  assert_memory_equal(recs[0].cells, puzzle, 81);
  assert_string_equal(recs[0].tail, sol_line);
  assert_int_equal(recs[1].status, NONET_OK);
  assert_int_equal(recs[1].line, 25); /* 11 + 1 + 11 lines, a blank */
  assert_string_equal(recs[1].tail, "");
  assert_int_equal(same_records(text, strlen(text), 512), 1);

  /* compact rows, a bordered grid with its bottom border, "Solution"
   * without the colon, indented and with blanks after it */
  const char *markers[] = {"solution:", "Solution", "  SOLUTION: \t"};
  for (int k = 0; k < 3; k++) {
    text[0] = 0;
    if (k == 1) strcat(text, "*-----------*\n");
    put_rows(text, sizeof text, upcase_line, 9);
    if (k == 1) strcat(text, "*-----------*\n");
    strcat(text, markers[k]);
    strcat(text, "\n");
    put_rows(text, sizeof text, sol_line, 9);
    strcat(text, INKALA "\n");
    assert_int_equal(read_all(text, recs, 4), 2);
    if (recs[0].status != NONET_OK) fail_msg("case %d: %s", k, recs[0].message);
    assert_memory_equal(recs[0].cells, puzzle, 81);
    assert_string_equal(recs[0].tail, sol_line);
    assert_int_equal(recs[1].status, NONET_OK);
    assert_int_equal(recs[1].format, NONET_FORMAT_LINE);
    assert_int_equal(recs[1].line, k == 1 ? 22 : 20);
  }
}

/* A solution below the marker that is not the grid's is a malformed
 * record, named at the line at fault: one that breaks a given (at its
 * row), repeats a digit in a house (at the marker), leaves a cell empty
 * (at its row), has a bad character (at its row) or is cut short (at the
 * marker), by a blank line, by a record's line or by the end of input.
 * Its rows are the bad record's own (never records of their own), and
 * the record after each bad one is still read. */
static void test_grid_solution_marker_errors(void **state) {
  (void)state;
  char good[82];
  upcase_solution(good);
  uint8_t puzzle[81];
  ref_from_string(upcase_line, puzzle);
  /* r1c1 is a given 3; r1c2 is empty (and r2c2 too) */
  assert_int_equal(puzzle[0], 3);
  assert_int_equal(puzzle[1], 0);
  assert_int_equal(puzzle[10], 0);
  char given[82], twice[82], empty[82], badchar[82];
  memcpy(given, good, 82);
  given[0] = good[0] == '9' ? '1' : (char)(good[0] + 1);
  memcpy(twice, good, 82);
  twice[1] = '3'; /* r1c2 = r1c1's given 3: two 3s in row 1 */
  memcpy(empty, good, 82);
  empty[10] = '0';
  memcpy(badchar, good, 82);
  badchar[13] = 'x'; /* r2c5 */
  char want_given[NONET_MESSAGE_MAX];
  snprintf(want_given, sizeof want_given,
           "solution: r1c1 is %c, the puzzle's given 3", given[0]);
  const char *sols[] = {given, twice, empty, badchar};
  /* each record: 9 rows, the marker, 9 rows, a blank: 20 lines */
  char text[4000] = "";
  for (int k = 0; k < 4; k++) {
    put_rows(text, sizeof text, upcase_line, 9);
    strcat(text, "solution:\n");
    put_rows(text, sizeof text, sols[k], 9);
    strcat(text, "\n");
  }
  /* cut short by a blank line (line 81 on), then by a record's line
   * (line 96 on), then by the end of input (line 112 on) */
  put_rows(text, sizeof text, upcase_line, 9);
  strcat(text, "solution:\n");
  put_rows(text, sizeof text, good, 2);
  strcat(text, "\n" INKALA "\n");
  put_rows(text, sizeof text, upcase_line, 9);
  strcat(text, "solution:\n");
  put_rows(text, sizeof text, good, 1);
  strcat(text, INKALA "\n");
  put_rows(text, sizeof text, upcase_line, 9);
  strcat(text, "solution:\n");
  put_rows(text, sizeof text, good, 1);
  static const struct {
    int status;
    unsigned long line;
    const char *message; /* NULL: want_given */
  } want[] = {
      {NONET_EPARSE, 11, NULL},
      {NONET_EPARSE, 30, "solution: row 1 has two 3s (r1c1, r1c2)"},
      {NONET_EPARSE, 52, "solution: r2c2 is empty"},
      {NONET_EPARSE, 72,
       "solution row 2: character 'x' at column 5 is not a cell"},
      {NONET_EPARSE, 90, "solution ends after 2 of 9 rows"},
      {NONET_OK, 94, ""},
      {NONET_EPARSE, 104, "solution ends after 1 of 9 rows"},
      {NONET_OK, 106, ""},
      {NONET_EPARSE, 116, "solution ends after 1 of 9 rows"},
  };
  enum { NWANT = sizeof want / sizeof *want };
  nonet_record recs[NWANT + 2];
  int n = read_all(text, recs, NWANT + 2);
  assert_int_equal(n, NWANT);
  for (int k = 0; k < NWANT; k++) {
    const char *msg = want[k].message ? want[k].message : want_given;
    if (recs[k].status != want[k].status || recs[k].line != want[k].line ||
        strcmp(recs[k].message, msg) != 0)
      fail_msg("record %d: got status %d line %lu '%s', want %d line %lu '%s'",
               k, recs[k].status, recs[k].line, recs[k].message, want[k].status,
               want[k].line, msg);
    if (want[k].status == NONET_OK) {
      assert_int_equal(recs[k].format, NONET_FORMAT_LINE);
      assert_string_equal(recs[k].tail, "");
    }
  }
  assert_int_equal(same_records(text, strlen(text), 512), 2);
}

/* The solution below a marker may be one line of 81 cells (checked as a
 * grid's is); a grid cut short by the marker is one bad record, its
 * solution's rows with it (they were read as a puzzle of their own); a
 * marker line over the line limit is no marker. */
static void test_grid_solution_marker_shapes(void **state) {
  (void)state;
  char good[82], given[82];
  upcase_solution(good);
  memcpy(given, good, 82);
  given[0] = good[0] == '9' ? '1' : (char)(good[0] + 1); /* r1c1: given 3 */
  uint8_t puzzle[81];
  ref_from_string(upcase_line, puzzle);
  char text[4000] = "";
  put_rows(text, sizeof text, upcase_line, 9); /* lines 1-9 */
  strcat(text, "solution:\n");                 /* 10 */
  strcat(text, good);                          /* 11 */
  strcat(text, "\n");
  put_rows(text, sizeof text, upcase_line, 9); /* 12-20 */
  strcat(text, "Solution\n  ");                /* 21 */
  strcat(text, given);                         /* 22 */
  strcat(text, "\n");
  put_rows(text, sizeof text, upcase_line, 8); /* 23-30 */
  strcat(text, "solution:\n");                 /* 31 */
  put_rows(text, sizeof text, good, 9);        /* 32-40 */
  strcat(text, INKALA "\n");                   /* 41 */
  nonet_record recs[6];
  assert_int_equal(read_all(text, recs, 6), 4);
  assert_int_equal(recs[0].status, NONET_OK);
  assert_memory_equal(recs[0].cells, puzzle, 81);
  assert_string_equal(recs[0].tail, good);
  char want[NONET_MESSAGE_MAX];
  snprintf(want, sizeof want, "solution: r1c1 is %c, the puzzle's given 3",
           given[0]);
  assert_int_equal(recs[1].status, NONET_EPARSE);
  assert_int_equal(recs[1].line, 22);
  assert_string_equal(recs[1].message, want);
  assert_int_equal(recs[2].status, NONET_EPARSE);
  assert_int_equal(recs[2].line, 23);
  assert_string_equal(recs[2].message, "grid ends after 8 of 9 rows");
  assert_int_equal(recs[3].status, NONET_OK);
  assert_int_equal(recs[3].line, 41);
  assert_int_equal(same_records(text, strlen(text), 512), 1);

  /* "solution:" and 70,000 blanks: a line too long, not a marker */
  size_t cap = 90000;
  char *big = malloc(cap);
  assert_non_null(big);
  big[0] = 0;
  put_rows(big, cap, upcase_line, 9);
  strcat(big, "solution:");
  size_t n = strlen(big);
  memset(big + n, ' ', 70000);
  big[n + 70000] = 0;
  strcat(big, "\n");
  put_rows(big, cap, good, 9);
  nonet_record more[4];
  int got = read_all(big, more, 4);
  assert_true(got >= 2);
  assert_int_equal(more[0].status, NONET_OK);
  assert_string_equal(more[0].tail, "");
  assert_int_equal(more[1].status, NONET_EPARSE);
  assert_int_equal(more[1].line, 10);
  free(big);
}

/* A JSON record object's "solution" member (generate -f json --solution)
 * is kept as the record's tail (81 digits) when it is the puzzle's: full,
 * keeping the givens and the rules; null is no solution; any other is
 * named at the record's line, and the record after it is still read. */
static void test_json_solution_member(void **state) {
  (void)state;
  char sol[82];
  upcase_solution(sol);
  char bad_given[82], twice[82];
  memcpy(bad_given, sol, 82);
  bad_given[0] = sol[0] == '9' ? '1' : (char)(sol[0] + 1); /* r1c1: given 3 */
  memcpy(twice, sol, 82);
  twice[1] = '3'; /* r1c2 (empty in the puzzle) = r1c1's 3 */
  char text[3000];
  snprintf(text, sizeof text,
           "{\"solution\": \"%s\", \"puzzle\": \"%s\"}\n"
           "{\"puzzle\": \"%s\", \"solution\": null}\n"
           "{\"puzzle\": \"%s\", \"solution\": \"%s\"}\n"
           "{\"puzzle\": \"%s\", \"solution\": \"%s\"}\n"
           "{\"puzzle\": \"%s\", \"solution\": [1, 2]}\n"
           "{\"puzzle\": \"%s\", \"solution\": \"%s\"}\n" INKALA "\n",
           sol, upcase_line, upcase_line, upcase_line, bad_given, upcase_line,
           twice, upcase_line, upcase_line, upcase_line);
  /* (the last one's solution is the puzzle: empty cells) */
  nonet_record recs[8];
  assert_int_equal(read_all(text, recs, 8), 7);
  uint8_t want[81];
  ref_from_string(upcase_line, want);
  assert_int_equal(recs[0].status, NONET_OK);
  assert_memory_equal(recs[0].cells, want, 81);
  assert_string_equal(recs[0].tail, sol);
  assert_int_equal(recs[1].status, NONET_OK);
  assert_string_equal(recs[1].tail, "");
  /* a member that is not the solution (another digit than a given, a
   * broken rule, not a grid, empty cells) is passed over: the puzzle reads
   * as before, with no solution kept */
  for (int k = 0; k < 4; k++) {
    assert_int_equal(recs[2 + k].status, NONET_OK);
    assert_int_equal(recs[2 + k].line, 3 + k);
    assert_memory_equal(recs[2 + k].cells, want, 81);
    assert_string_equal(recs[2 + k].tail, "");
  }
  assert_int_equal(recs[6].status, NONET_OK);
  assert_int_equal(recs[6].line, 7);
  assert_string_equal(recs[6].tail, "");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_line_format_empty_marks),
      cmocka_unit_test(test_line_tail_comments_and_lines),
      cmocka_unit_test(test_grid_formats),
      cmocka_unit_test(test_json_formats),
      cmocka_unit_test(test_error_messages),
      cmocka_unit_test(test_errors_do_not_stop_the_batch),
      cmocka_unit_test(test_huge_and_binary_input),
      cmocka_unit_test(test_csv_puzzle_column),
      cmocka_unit_test(test_round_trips),
      cmocka_unit_test(test_deferred_parsing),
      cmocka_unit_test(test_grid_solution_marker),
      cmocka_unit_test(test_grid_solution_marker_errors),
      cmocka_unit_test(test_grid_solution_marker_shapes),
      cmocka_unit_test(test_json_solution_member),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
