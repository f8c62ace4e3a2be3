/* cmd_convert.c: nonet convert, each puzzle written again in another
 * format (an f-puzzles link or a 9-line grid in, nonet's JSON or a line
 * out), with the solution it carries (checked) or, on request, its
 * unique solution. */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"

typedef struct convert_opts {
  int format;
  int flags; /* NONET_FMT_ZERO */
  int solution;
  double timeout; /* seconds a variant's search may take (0: no limit) */
} convert_opts;

/* A cell character of the line format: a digit, or '.', '_', '*'. */
static int is_cell_char(char c) {
  return (c >= '0' && c <= '9') || c == '.' || c == '_' || c == '*';
}

/* The cells a run of the tail must start with to be taken for a
 * solution: more than half a grid, longer than any rating, count or
 * number a tail holds otherwise. */
enum { SOLUTION_MIN_RUN = 41 };

/* The solution a classic record carries in its tail (nonet_record.tail):
 * the text after a line's 81 cells (`generate --solution`: a tab and 81
 * digits), a CSV row's next column (`quizzes,solutions`) or the column
 * its header names solution or answer (the reader puts it first), or the grid
 * below a grid's `solution:` line (the reader keeps it as 81 digits).
 * The tail's first field, after blanks and one ',' or ';', is a solution
 * when it starts with SOLUTION_MIN_RUN cells or more; anything else (a
 * rating, a level, a comment: `nonet rate`'s output) is not, and is
 * dropped as before. A solution is a run of exactly 81 cells (a blank, a
 * separator or any other character ends it), each a digit 1-9, agreeing
 * with every given and keeping the rules. Returns 1 with `sol` filled, 0
 * when the tail holds no solution, -1 after naming what is wrong on the
 * item's error lines. */
static int carried_solution(cli_item *it, uint8_t sol[81]) {
  const char *t = it->rec.tail;
  while (*t == ' ' || *t == '\t') t++;
  if (*t == ',' || *t == ';') {
    t++;
    while (*t == ' ' || *t == '\t') t++;
  }
  size_t run = 0;
  while (is_cell_char(t[run])) run++;
  if (run < SOLUTION_MIN_RUN) return 0;
  if (run < 81) {
    unsigned char c = (unsigned char)t[run];
    if (!c || c == ' ' || c == '\t' || c == ',' || c == ';')
      cli_item_error(it, "solution: too few cells: %zu of 81", run);
    else if (c >= 0x21 && c < 0x7f)
      cli_item_error(it, "solution: r%zuc%zu is '%c', not a digit", run / 9 + 1,
                     run % 9 + 1, c);
    else
      cli_item_error(it, "solution: r%zuc%zu is byte 0x%02x, not a digit",
                     run / 9 + 1, run % 9 + 1, c);
    return -1;
  }
  if (run > 81) {
    cli_item_error(it, "solution: too many cells: %zu, expected 81", run);
    return -1;
  }
  const uint8_t *given = it->rec.cells;
  for (int i = 0; i < 81; i++) {
    if (t[i] < '1' || t[i] > '9') {
      cli_item_error(it, "solution: r%dc%d is empty", i / 9 + 1, i % 9 + 1);
      return -1;
    }
    sol[i] = (uint8_t)(t[i] - '0');
    if (given[i] && given[i] != sol[i]) {
      cli_item_error(it, "solution: r%dc%d is %d, the puzzle's given %d",
                     i / 9 + 1, i % 9 + 1, sol[i], given[i]);
      return -1;
    }
  }
  nonet_conflict c;
  if (nonet_find_conflicts(sol, &c, 1) > 0) {
    char what[160];
    nonet_conflict_describe(&c, what, sizeof what);
    cli_item_error(it, "solution: %s", what);
    return -1;
  }
  return 1;
}

static void convert_one(cli_item *it, void *ctx) {
  const convert_opts *o = ctx;
  uint8_t sol[NONET_VARIANT_MAX_CELLS];
  if (o->solution) {
    long n = cli_solve_unique(it, sol, o->timeout);
    if (n != 1) {
      cli_put_word(&it->out, o->format,
                   n == 0                ? "no solution"
                   : n == 2              ? "multiple solutions"
                   : n == NONET_ESTOPPED ? "timeout"
                                         : "invalid");
      it->failed = 1;
      return;
    }
  }
  const uint8_t *with = o->solution ? sol : NULL;
  if (it->var && it->var->has_solution) {
    /* a variant's own solution is kept (not lost on the way to another
     * format) once it keeps the rules and the givens (with --solution,
     * the puzzle's one solution: then the same grid) */
    const uint8_t *given = it->var->solution;
    if (!nonet_variant_is_solution(it->var->variant, it->var->cells, given)) {
      cli_item_error(it, "its solution breaks the rules or a given");
      cli_put_word(&it->out, o->format, "invalid");
      it->failed = 1;
      return;
    }
    with = given;
  }
  uint8_t carried[81];
  if (!it->var) {
    /* a classic puzzle's own solution, kept as a variant's is (with
     * --solution: the same grid as the one found, once it is valid) */
    int got = carried_solution(it, carried);
    if (got < 0) {
      cli_put_word(&it->out, o->format, "invalid");
      it->failed = 1;
      return;
    }
    if (got) with = carried;
    cli_format_classic(&it->out, o->format, o->flags, it->rec.cells, with);
  } else if (cli_put_variant(&it->out, it->var->variant, it->var->cells, with,
                             o->format, o->flags) < 0) {
    cli_item_error(it, "out of memory");
    cli_put_word(&it->out, o->format, "invalid");
    it->failed = 1;
  }
}

static const char usage[] =
    "usage: nonet convert [options] [FILE|PUZZLE...]\n"
    "\n"
    "Writes each puzzle again, in input order, in the format asked for: an\n"
    "f-puzzles link, a 9-line grid or a JSON object in, one line (or one\n"
    "JSON object, ...) out. Every format any command reads comes in (see\n"
    "nonet solve --help); a variant keeps its rules (regions, extra\n"
    "regions, relations, cages); every puzzle keeps a solution it carries\n"
    "(a grid below 'solution:', a line's tab and 81 digits, a CSV\n"
    "solution column, a JSON \"solution\" member), which must keep the\n"
    "rules and the givens. The puzzle is not solved, unless\n"
    "--solution asks for its solution beside it (then it must have\n"
    "exactly one).\n"
    "\n"
    "options:\n"
    "  -f, --format FMT   line (default), grid, json, csv\n"
    "  -z, --zero         '0' for an empty cell instead of '.'\n"
    "  -s, --solution     add the unique solution: a \"solution\" member\n"
    "                     (json), a solution= field (a variant's line), a\n"
    "                     second column (a classic line or csv), a second\n"
    "                     grid\n"
    "      --timeout SECS with --solution: give up on a variant puzzle\n"
    "                     whose solution is not found in time ('timeout';\n"
    "                     the batch goes on)\n"
    "  -t, --threads N    worker threads (default: all processors)\n"
    "      --shard K/N    only the records whose number i (from 0, in input\n"
    "                     order) has i % N == K: one of N machines' share\n"
    "      --tag          start each output line with the record's number\n"
    "                     and a tab (merge shards: sort -m -s -n -k1,1)\n"
    "  -h, --help         show this help\n"
    "\n"
    "A record that cannot be read (a link with a constraint nonet does not\n"
    "support, a region of the wrong size, ...) is named on standard error\n"
    "with its file and line, and 'invalid' takes its place.\n"
    "\n"
    "exit status: 0 every record converted, 1 some records failed, 2 usage\n"
    "error\n";

int cmd_convert(int argc, char **argv) {
  static const struct option longs[] = {
      {"format", required_argument, NULL, 'f'},
      {"zero", no_argument, NULL, 'z'},
      {"solution", no_argument, NULL, 's'},
      {"threads", required_argument, NULL, 't'},
      {"help", no_argument, NULL, 'h'},
      CLI_TIMEOUT_OPTION,
      {NULL, 0, NULL, 0}};
  convert_opts o = {NONET_FORMAT_LINE, 0, 0, 0};
  int threads = 0, c;
  optind = 1;
  while ((c = getopt_long(argc, argv, "f:zst:h", longs, NULL)) != -1) {
    switch (c) {
    case 'f':
      o.format = nonet_format_from_name(optarg);
      if (o.format <= 0) {
        fprintf(stderr,
                "nonet convert: unknown format '%s' (line, grid, json, csv)\n",
                optarg);
        return CLI_USAGE;
      }
      break;
    case 'z':
      o.flags |= NONET_FMT_ZERO;
      break;
    case 's':
      o.solution = 1;
      break;
    case 't':
      if ((threads = (int)cli_parse_long("nonet convert", "--threads", optarg,
                                         0, 256)) < 0)
        return CLI_USAGE;
      break;
    case 'h':
      cli_puts(usage);
      return CLI_OK;
    case CLI_OPT_TIMEOUT:
      if ((o.timeout =
               cli_parse_seconds("nonet convert", "--timeout", optarg)) < 0)
        return CLI_USAGE;
      break;
    default:
      fprintf(stderr, "%.*s\nTry 'nonet convert --help'.\n",
              (int)strcspn(usage, "\n"), usage);
      return CLI_USAGE;
    }
  }
  cli_batch b = {argv + optind, argc - optind, threads, convert_one, &o, 1};
  return cli_run_batch_invalid(&b,
                               o.format == NONET_FORMAT_JSON   ? "\"invalid\"\n"
                               : o.format == NONET_FORMAT_GRID ? "invalid\n\n"
                                                               : "invalid\n");
}
