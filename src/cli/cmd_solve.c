/* cmd_solve.c: nonet solve and nonet count. */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"

typedef struct solve_opts {
  int format;
  int first;
  long limit;     /* count */
  double timeout; /* seconds a search may take (0: no limit); a classic
                     solve is not timed (milliseconds), a classic count is */
} solve_opts;

static void solve_variant(cli_item *it, const solve_opts *o) {
  const nonet_variant *v = it->var->variant;
  uint8_t sol[NONET_VARIANT_MAX_CELLS];
  cli_deadline d;
  cli_deadline_start(&d, o->timeout);
  long n = cli_variant_solve(v, it->var->cells, sol, o->first ? 1 : 2, &d);
  if (n == NONET_ESTOPPED) {
    cli_put_word(&it->out, o->format, "timeout");
    cli_timed_out(it, &d);
    return;
  }
  if (n < 0 || (n == 0 && cli_report_conflicts(it))) {
    if (n < 0) cli_item_error(it, "%s", nonet_strerror((int)n));
    cli_put_word(&it->out, o->format, "invalid");
    it->failed = 1;
    return;
  }
  if (n == 1 || (n >= 1 && o->first)) {
    if (cli_put_variant(&it->out, v, sol, NULL, o->format, 0) < 0) {
      cli_item_error(it, "out of memory");
      it->failed = 1;
    }
    return;
  }
  const char *word = n == 0 ? "no solution" : "multiple solutions";
  cli_put_word(&it->out, o->format, word);
  cli_item_error_text(it, word);
  it->failed = 1;
}

static void solve_one(cli_item *it, void *ctx) {
  const solve_opts *o = ctx;
  uint8_t sol[81];
  if (it->var) {
    solve_variant(it, o);
    return;
  }
  long n = nonet_solve(it->rec.cells, sol, o->first ? 1 : 2, NULL);
  /* givens that break a rule leave no solution: look for them only then */
  if (n == 0 && cli_report_conflicts(it)) {
    cli_put_word(&it->out, o->format, "invalid");
    it->failed = 1;
    return;
  }
  if ((n == 1 || (n >= 1 && o->first)) && o->format == NONET_FORMAT_LINE) {
    /* the common case: a solution's cells are 1-9, written in place */
    char *p = cli_buf_extend(&it->out, 82);
    for (int i = 0; i < 81; i++) p[i] = (char)('0' + sol[i]);
    p[81] = '\n';
    return;
  }
  if (n == 1 || (n >= 1 && o->first)) {
    char text[512];
    size_t len = nonet_format_grid(sol, o->format, 0, text, sizeof text - 2);
    text[len++] = '\n';
    if (o->format == NONET_FORMAT_GRID) text[len++] = '\n';
    cli_buf_put(&it->out, text, len);
    return;
  }
  const char *word = n == 0 ? "no solution" : "multiple solutions";
  cli_put_word(&it->out, o->format, word);
  cli_item_error_text(it, word);
  it->failed = 1;
}

static void count_one(cli_item *it, void *ctx) {
  const solve_opts *o = ctx;
  cli_deadline d;
  cli_deadline_start(&d, o->timeout);
  long n = it->var ? cli_variant_solve(it->var->variant, it->var->cells, NULL,
                                       o->limit, &d)
                   : cli_solve(it->rec.cells, NULL, o->limit, &d);
  if (n == NONET_ESTOPPED) {
    cli_buf_puts(&it->out, "timeout\n");
    cli_timed_out(it, &d);
    return;
  }
  if (n < 0) {
    cli_item_error(it, "%s", nonet_strerror((int)n));
    cli_buf_puts(&it->out, "invalid\n");
    it->failed = 1;
    return;
  }
  char num[24];
  int k = (int)sizeof num;
  num[--k] = 0;
  num[--k] = '\n';
  do num[--k] = (char)('0' + n % 10);
  while ((n /= 10) > 0);
  cli_buf_put(&it->out, num + k, sizeof num - 1 - (size_t)k);
}

static const char solve_usage[] =
    "usage: nonet solve [options] [FILE|PUZZLE...]\n"
    "\n"
    "Solves each puzzle of the files (standard input when none is given) and\n"
    "prints one result per puzzle, in input order: the unique solution, or\n"
    "'no solution', 'multiple solutions' or 'invalid' (with the reason and\n"
    "FILE:LINE on standard error). Input formats are detected per puzzle:\n"
    "81 cells on a line, a 9-line grid, or JSON; variant puzzles (sizes 4 to\n"
    "25, jigsaw, extra regions, relations, killer cages) as a 'size=N ...'\n"
    "line or a JSON object with \"size\" (man nonet, docs/variants.md). A\n"
    "variant's solution is written as the puzzle with every cell filled.\n"
    "\n"
    "options:\n"
    "  -f, --format FMT   output format: line (default), grid, json, csv\n"
    "      --first        print the first solution found, without proving\n"
    "                     that it is the only one\n"
    "  -t, --threads N    worker threads (default: all processors)\n"
    "      --timeout SECS give up on a variant puzzle whose search takes\n"
    "                     longer (prints 'timeout'; the batch goes on).\n"
    "                     Classic 9x9 puzzles take milliseconds at most\n"
    "      --shard K/N    only the records whose number i (from 0, in input\n"
    "                     order) has i % N == K: one of N machines' share\n"
    "      --tag          start each output line with the record's number\n"
    "                     and a tab (merge shards: sort -m -s -n -k1,1)\n"
    "  -h, --help         show this help\n"
    "\n"
    "exit status: 0 all puzzles solved uniquely (or with --first, solved),\n"
    "1 some records failed, 2 usage error\n";

static const char count_usage[] =
    "usage: nonet count [options] [FILE|PUZZLE...]\n"
    "\n"
    "Prints the number of solutions of each puzzle, up to a limit: a count\n"
    "equal to the limit means at least that many. Classic and variant\n"
    "puzzles alike (see nonet solve --help).\n"
    "\n"
    "options:\n"
    "  -l, --limit N      stop counting at N solutions (default 1000)\n"
    "  -t, --threads N    worker threads (default: all processors)\n"
    "      --timeout SECS give up on a puzzle, classic or variant, whose\n"
    "                     count takes longer (prints 'timeout'; the batch\n"
    "                     goes on): a classic count to a limit in the\n"
    "                     millions on a nearly empty grid takes seconds to\n"
    "                     minutes (about 4 million solutions a second)\n"
    "      --shard K/N    only the records whose number i (from 0, in input\n"
    "                     order) has i % N == K: one of N machines' share\n"
    "      --tag          start each output line with the record's number\n"
    "                     and a tab (merge shards: sort -m -s -n -k1,1)\n"
    "  -h, --help         show this help\n"
    "\n"
    "exit status: 0 all records read, 1 some records malformed or timed\n"
    "out, 2 usage error\n";

static int run(int argc, char **argv, int counting) {
  static const struct option longs[] = {
      {"format", required_argument, NULL, 'f'},
      {"first", no_argument, NULL, 'F'},
      {"limit", required_argument, NULL, 'l'},
      {"threads", required_argument, NULL, 't'},
      {"timeout", required_argument, NULL, 'T'},
      {"help", no_argument, NULL, 'h'},
      {NULL, 0, NULL, 0}};
  const char *prog = counting ? "nonet count" : "nonet solve";
  const char *usage = counting ? count_usage : solve_usage;
  solve_opts o = {NONET_FORMAT_LINE, 0, 1000, 0};
  int threads = 0, c;
  optind = 1;
  while ((c = getopt_long(argc, argv, counting ? "l:t:h" : "f:t:h", longs,
                          NULL)) != -1) {
    switch (c) {
    case 'f':
      if (counting) goto bad;
      o.format = nonet_format_from_name(optarg);
      if (o.format <= 0) {
        fprintf(stderr, "%s: unknown format '%s' (line, grid, json, csv)\n",
                prog, optarg);
        return CLI_USAGE;
      }
      break;
    case 'F':
      if (counting) goto bad;
      o.first = 1;
      break;
    case 'l':
      if (!counting) goto bad;
      if ((o.limit = cli_parse_long(prog, "--limit", optarg, 1, 1000000000L)) <
          0)
        return CLI_USAGE;
      break;
    case 't':
      if ((threads = (int)cli_parse_long(prog, "--threads", optarg, 0, 256)) <
          0)
        return CLI_USAGE;
      break;
    case 'T':
      if ((o.timeout = cli_parse_seconds(prog, "--timeout", optarg)) < 0)
        return CLI_USAGE;
      break;
    case 'h':
      cli_puts(usage);
      return CLI_OK;
    default:
    bad:
      fprintf(stderr, "%.*s\nTry '%s --help'.\n", (int)strcspn(usage, "\n"),
              usage, prog);
      return CLI_USAGE;
    }
  }
  cli_batch b = {argv + optind,
                 argc - optind,
                 threads,
                 counting ? count_one : solve_one,
                 &o,
                 1};
  /* a record that cannot be read: the word as the format writes words */
  return cli_run_batch_invalid(
      &b, counting || o.format == NONET_FORMAT_LINE ? "invalid\n"
          : o.format == NONET_FORMAT_JSON           ? "\"invalid\"\n"
          : o.format == NONET_FORMAT_GRID           ? "invalid\n\n"
                                                    : "invalid\n");
}

int cmd_solve(int argc, char **argv) { return run(argc, argv, 0); }
int cmd_count(int argc, char **argv) { return run(argc, argv, 1); }
