/* cmd_rate.c: nonet rate, difficulty on Sudoku Explainer's scale. */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"

enum { RATE_TSV, RATE_CSV, RATE_JSON };

typedef struct rate_opts {
  int format;
  int technique;
} rate_opts;

static void put_tenths(cli_buf *b, int v) { cli_buf_printf(b, "%d.%d", v / 10, v % 10); }

static void rate_one(cli_item *it, void *ctx) {
  const rate_opts *o = ctx;
  char line[128];
  nonet_format_grid(it->rec.cells, NONET_FORMAT_LINE, 0, line, sizeof line);
  nonet_conflict c[4];
  int nc = nonet_find_conflicts(it->rec.cells, c, 4);
  const char *word = NULL;
  if (nc > 0) {
    char msg[160];
    nonet_conflict_describe(&c[0], msg, sizeof msg);
    cli_item_error(it, "%s", msg);
    word = "invalid";
  } else {
    long n = nonet_solve(it->rec.cells, NULL, 2, NULL);
    if (n != 1) {
      word = n == 0 ? "no solution" : "multiple solutions";
      cli_item_error(it, "%s", word);
    }
  }
  nonet_rating r;
  if (!word && nonet_rate(it->rec.cells, &r) != NONET_OK) {
    word = "invalid";
    cli_item_error(it, "cannot rate this puzzle");
  }
  cli_buf *b = &it->out;
  if (word) {
    it->failed = 1;
    if (o->format == RATE_JSON)
      cli_buf_printf(b, "{\"puzzle\":\"%s\",\"error\":\"%s\"}\n", line, word);
    else
      cli_buf_printf(b, "%s%c%s\n", line, o->format == RATE_CSV ? ',' : '\t', word);
    return;
  }
  const char *level = nonet_rating_level_name(r.level);
  if (o->format == RATE_JSON) {
    cli_buf_printf(b, "{\"puzzle\":\"%s\",\"er\":", line);
    put_tenths(b, r.er);
    cli_buf_puts(b, ",\"ep\":");
    put_tenths(b, r.ep);
    cli_buf_puts(b, ",\"ed\":");
    put_tenths(b, r.ed);
    cli_buf_printf(b, ",\"level\":\"%s\",\"technique\":\"%s\"}\n", level, r.technique);
    return;
  }
  char sep = o->format == RATE_CSV ? ',' : '\t';
  cli_buf_printf(b, "%s%c", line, sep);
  put_tenths(b, r.er);
  cli_buf_printf(b, "%c", sep);
  put_tenths(b, r.ep);
  cli_buf_printf(b, "%c", sep);
  put_tenths(b, r.ed);
  cli_buf_printf(b, "%c%s", sep, level);
  if (o->technique) cli_buf_printf(b, "%c%s", sep, r.technique);
  cli_buf_puts(b, "\n");
}

static const char rate_usage[] =
    "usage: nonet rate [options] [FILE|PUZZLE...]\n"
    "\n"
    "Rates each puzzle on Sudoku Explainer's scale, as its command-line rater\n"
    "(serate, SE 1.2.1) does, and prints one line per puzzle, in input order:\n"
    "\n"
    "  puzzle  ER  EP  ED  level\n"
    "\n"
    "ER is the rating of the hardest step of SE's solving path, EP of the\n"
    "hardest step up to the first placed digit, ED of the first step (1.0 ..\n"
    "11.x; 20.0 if SE's techniques cannot solve it). Levels: Easy < 2.0 <=\n"
    "Medium < 3.0 <= Hard < 5.0 <= Expert < 7.0 <= Extreme. Puzzles without\n"
    "exactly one solution are not rated (reason on standard error).\n"
    "\n"
    "options:\n"
    "  -f, --format FMT   tsv (default: tab-separated), csv, json (one object\n"
    "                     per line: puzzle, er, ep, ed, level, technique)\n"
    "  -T, --technique    add a column naming the step that decided ER\n"
    "  -t, --threads N    worker threads (default: all processors)\n"
    "  -h, --help         show this help\n"
    "\n"
    "exit status: 0 all puzzles rated, 1 some records failed, 2 usage error\n";

int cmd_rate(int argc, char **argv) {
  static const struct option longs[] = {{"format", required_argument, NULL, 'f'},
                                        {"technique", no_argument, NULL, 'T'},
                                        {"threads", required_argument, NULL, 't'},
                                        {"help", no_argument, NULL, 'h'},
                                        {NULL, 0, NULL, 0}};
  const char *prog = "nonet rate";
  rate_opts o = {RATE_TSV, 0};
  int threads = 0, c;
  optind = 1;
  while ((c = getopt_long(argc, argv, "f:Tt:h", longs, NULL)) != -1) {
    switch (c) {
    case 'f':
      if (!strcmp(optarg, "tsv") || !strcmp(optarg, "line")) o.format = RATE_TSV;
      else if (!strcmp(optarg, "csv")) o.format = RATE_CSV;
      else if (!strcmp(optarg, "json") || !strcmp(optarg, "jsonl")) o.format = RATE_JSON;
      else {
        fprintf(stderr, "%s: unknown format '%s' (tsv, csv, json)\n", prog, optarg);
        return CLI_USAGE;
      }
      break;
    case 'T':
      o.technique = 1;
      break;
    case 't':
      if ((threads = (int)cli_parse_long(prog, "--threads", optarg, 0, 256)) < 0)
        return CLI_USAGE;
      break;
    case 'h':
      fputs(rate_usage, stdout);
      return CLI_OK;
    default:
      fprintf(stderr, "%.*s\nTry '%s --help'.\n", (int)strcspn(rate_usage, "\n"),
              rate_usage, prog);
      return CLI_USAGE;
    }
  }
  cli_batch b = {argv + optind, argc - optind, threads, rate_one, &o};
  return cli_run_batch(&b);
}
