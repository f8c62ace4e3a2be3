/* cmd_convert.c: nonet convert, each puzzle written again in another
 * format (an f-puzzles link or a 9-line grid in, nonet's JSON or a line
 * out), its solution added on request. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

typedef struct convert_opts {
  int format;
  int flags; /* NONET_FMT_ZERO */
  int solution;
} convert_opts;

/* A record that gets no puzzle text: its word, as the other commands
 * write it in this format. */
static void put_word(cli_buf *out, int format, const char *word) {
  cli_buf_printf(out,
                 format == NONET_FORMAT_JSON   ? "\"%s\"\n"
                 : format == NONET_FORMAT_GRID ? "%s\n\n"
                                               : "%s\n",
                 word);
}

/* With --solution: 1 when the count `n` (to 2) found the one solution;
 * else 0, the record failed and its error says why. */
static int unique_solution(cli_item *it, long n) {
  if (n == 1) return 1;
  cli_item_error_text(it, n < 0    ? nonet_strerror((int)n)
                          : n == 0 ? "no solution"
                                   : "multiple solutions");
  it->failed = 1;
  return 0;
}

static void convert_variant(cli_item *it, const convert_opts *o) {
  const nonet_variant *v = it->var->variant;
  uint8_t sol[NONET_VARIANT_MAX_CELLS];
  if (o->solution) {
    char msg[1024];
    if (nonet_variant_conflicts(v, it->var->cells, msg, sizeof msg) > 0) {
      cli_item_error(it, "%s", msg);
      put_word(&it->out, o->format, "invalid");
      it->failed = 1;
      return;
    }
    long n = nonet_variant_solve(v, it->var->cells, sol, 2, NULL);
    if (!unique_solution(it, n)) {
      put_word(&it->out, o->format,
               n == 0   ? "no solution"
               : n == 2 ? "multiple solutions"
                        : "invalid");
      return;
    }
  }
  static const size_t cap = NONET_VARIANT_TEXT_MAX;
  char *text = malloc(cap);
  if (!text) {
    cli_item_error(it, "out of memory");
    put_word(&it->out, o->format, "invalid");
    it->failed = 1;
    return;
  }
  size_t len = nonet_variant_format(v, it->var->cells, o->solution ? sol : NULL,
                                    o->format, o->flags, text, cap);
  cli_buf_put(&it->out, text, len < cap ? len : cap - 1);
  cli_buf_puts(&it->out, o->format == NONET_FORMAT_GRID ? "\n\n" : "\n");
  free(text);
}

static void convert_one(cli_item *it, void *ctx) {
  const convert_opts *o = ctx;
  if (it->var) {
    convert_variant(it, o);
    return;
  }
  uint8_t sol[81];
  if (o->solution) {
    nonet_conflict c[8];
    int nc = nonet_find_conflicts(it->rec.cells, c, 8);
    for (int k = 0; k < nc && k < 8; k++) {
      char msg[160];
      nonet_conflict_describe(&c[k], msg, sizeof msg);
      cli_item_error(it, "%s", msg);
    }
    if (nc > 0) {
      put_word(&it->out, o->format, "invalid");
      it->failed = 1;
      return;
    }
    long n = nonet_solve(it->rec.cells, sol, 2, NULL);
    if (!unique_solution(it, n)) {
      put_word(&it->out, o->format,
               n == 0 ? "no solution" : "multiple solutions");
      return;
    }
  }
  cli_format_classic(&it->out, o->format, o->flags, it->rec.cells,
                     o->solution ? sol : NULL);
}

static const char usage[] =
    "usage: nonet convert [options] [FILE|PUZZLE...]\n"
    "\n"
    "Writes each puzzle again, in input order, in the format asked for: an\n"
    "f-puzzles link, a 9-line grid or a JSON object in, one line (or one\n"
    "JSON object, ...) out. Every format any command reads comes in (see\n"
    "nonet solve --help); a variant keeps its rules (regions, extra\n"
    "regions, relations, cages). The puzzle is not solved, unless\n"
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
      {NULL, 0, NULL, 0}};
  convert_opts o = {NONET_FORMAT_LINE, 0, 0};
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
