/* cmd_candidates.c: nonet candidates, the true candidates of each puzzle
 * (the digits some solution puts in each cell), classic or variant. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

typedef struct cand_opts {
  int format;
  const nonet_variant *classic; /* the plain 9x9 rules, for classic records */
  double timeout;               /* seconds a record may take (0: no limit) */
} cand_opts;

static void candidates_one(cli_item *it, void *ctx) {
  const cand_opts *o = ctx;
  const nonet_variant *v = it->var ? it->var->variant : o->classic;
  const uint8_t *cells = it->var ? it->var->cells : it->rec.cells;
  uint32_t cand[NONET_VARIANT_MAX_CELLS];
  cli_deadline d;
  cli_deadline_start(&d, o->timeout);
  int n = cli_variant_true_candidates(v, cells, cand, &d);
  if (n == NONET_ESTOPPED) {
    cli_timed_out(it, &d);
    cli_put_word(&it->out, o->format, "timeout");
    return;
  }
  if (n <= 0) {
    char msg[1024];
    if (n < 0)
      cli_item_error(it, "%s", nonet_strerror(n));
    else if (nonet_variant_conflicts(v, cells, msg, sizeof msg) > 0)
      cli_item_error(it, "%s", msg);
    else
      cli_item_error_text(it, "no solution");
    cli_put_word(&it->out, o->format, "no solution");
    it->failed = 1;
    return;
  }
  size_t need = nonet_variant_format_candidates(v, cand, o->format, NULL, 0);
  char *text = malloc(need + 1);
  if (!text) {
    cli_item_error(it, "out of memory");
    it->failed = 1;
    return;
  }
  nonet_variant_format_candidates(v, cand, o->format, text, need + 1);
  cli_buf_put(&it->out, text, need);
  cli_buf_puts(&it->out, o->format == NONET_FORMAT_GRID ? "\n\n" : "\n");
  free(text);
}

static const char usage[] =
    "usage: nonet candidates [options] [FILE|PUZZLE...]\n"
    "\n"
    "Prints the true candidates of each puzzle, in input order: for every\n"
    "cell, the digits that some solution puts there (a given: itself). A\n"
    "cell with one true candidate is the same in every solution; a puzzle\n"
    "whose cells all have one is unique. Classic and variant puzzles alike\n"
    "(see nonet solve --help); digits above 9 are written A (10) to P (25).\n"
    "\n"
    "options:\n"
    "  -f, --format FMT   line (default: the N*N sets separated by spaces,\n"
    "                     in reading order), grid (N rows with box rules),\n"
    "                     json ({\"candidates\":[[1,5],[3],...]})\n"
    "  -t, --threads N    worker threads (default: all processors)\n"
    "      --timeout SECS give up on a puzzle whose searches take longer\n"
    "                     (prints 'timeout'; the batch goes on)\n"
    "      --shard K/N    only the records whose number i (from 0, in input\n"
    "                     order) has i % N == K: one of N machines' share\n"
    "      --tag          start each output line with the record's number\n"
    "                     and a tab (merge shards: sort -m -s -n -k1,1)\n"
    "  -h, --help         show this help\n"
    "\n"
    "exit status: 0 every puzzle has a solution, 1 some puzzle has none,\n"
    "timed out or some record is malformed, 2 usage error\n";

int cmd_candidates(int argc, char **argv) {
  static const struct option longs[] = {
      {"format", required_argument, NULL, 'f'},
      {"threads", required_argument, NULL, 't'},
      {"timeout", required_argument, NULL, 'T'},
      {"help", no_argument, NULL, 'h'},
      {NULL, 0, NULL, 0}};
  const char *prog = "nonet candidates";
  cand_opts o = {NONET_FORMAT_LINE, NULL, 0};
  int threads = 0, c;
  optind = 1;
  while ((c = getopt_long(argc, argv, "f:t:h", longs, NULL)) != -1) {
    switch (c) {
    case 'f':
      o.format = nonet_format_from_name(optarg);
      if (o.format != NONET_FORMAT_LINE && o.format != NONET_FORMAT_GRID &&
          o.format != NONET_FORMAT_JSON) {
        fprintf(stderr, "%s: unknown format '%s' (line, grid, json)\n", prog,
                optarg);
        return CLI_USAGE;
      }
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
      fprintf(stderr, "%.*s\nTry '%s --help'.\n", (int)strcspn(usage, "\n"),
              usage, prog);
      return CLI_USAGE;
    }
  }
  nonet_variant *classic = NULL;
  if (nonet_variant_new(&classic, 9, 3, 3, NULL, 0) != NONET_OK) {
    fputs("nonet: out of memory\n", stderr);
    return CLI_FAILED;
  }
  o.classic = classic;
  cli_batch b = {argv + optind, argc - optind, threads, candidates_one, &o, 1};
  int status = cli_run_batch_invalid(
      &b, o.format == NONET_FORMAT_JSON ? "\"invalid\"\n" : "invalid\n");
  nonet_variant_free(classic);
  return status;
}
