/* cmd_check.c: nonet check, one verdict per puzzle. */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"

typedef struct check_opts {
  int minimal;
  double timeout; /* seconds a variant's checks may take (0: no limit) */
} check_opts;

/* Writes ", minimal" or ", not minimal: ..." for the givens `redundant`. */
static void put_minimal(cli_item *it, const int *redundant, int nr, int n) {
  if (!nr) {
    cli_buf_puts(&it->out, ", minimal");
    return;
  }
  cli_buf_printf(&it->out, ", not minimal: %d given%s can be removed (", nr,
                 nr > 1 ? "s" : "");
  for (int k = 0; k < nr; k++)
    cli_buf_printf(&it->out, "%sr%dc%d", k ? " " : "", redundant[k] / n + 1,
                   redundant[k] % n + 1);
  cli_buf_puts(&it->out, ")");
}

static void check_variant(cli_item *it, const check_opts *o) {
  const nonet_variant *v = it->var->variant;
  uint8_t *g = it->var->cells;
  char msg[1024];
  int n = nonet_variant_size(v);
  if (nonet_variant_conflicts(v, g, msg, sizeof msg) > 0) {
    cli_buf_printf(&it->out, "invalid: %s\n", msg);
    it->failed = 1;
    return;
  }
  cli_deadline d;
  cli_deadline_start(&d, o->timeout);
  long count = cli_variant_solve(v, g, NULL, 2, &d);
  if (count == NONET_ESTOPPED) {
    cli_buf_puts(&it->out, "timeout\n");
    cli_timed_out(it, &d);
    return;
  }
  if (count != 1) {
    cli_buf_puts(&it->out, count == 0   ? "no solution\n"
                           : count == 2 ? "multiple solutions\n"
                                        : "invalid: out of memory\n");
    it->failed = 1;
    return;
  }
  cli_buf_puts(&it->out, "unique");
  if (o->minimal) {
    int redundant[NONET_VARIANT_MAX_CELLS], nr = 0;
    for (int i = 0; i < n * n; i++) {
      if (!g[i]) continue;
      uint8_t given = g[i];
      g[i] = 0;
      long k = cli_deadline_passed(&d) ? NONET_ESTOPPED
                                       : cli_variant_solve(v, g, NULL, 2, &d);
      g[i] = given;
      if (k == NONET_ESTOPPED) {
        cli_buf_puts(&it->out, ", timeout\n");
        cli_item_error(it,
                       "unique, but whether every given is needed is not "
                       "known within %g s (--timeout)",
                       o->timeout);
        it->failed = 1;
        return;
      }
      if (k == 1) redundant[nr++] = i;
    }
    put_minimal(it, redundant, nr, n);
  }
  cli_buf_puts(&it->out, "\n");
}

static void check_one(cli_item *it, void *ctx) {
  const check_opts *o = ctx;
  nonet_conflict c[8];
  if (it->var) {
    check_variant(it, o);
    return;
  }
  int nc = nonet_find_conflicts(it->rec.cells, c, 8);
  if (nc > 0) {
    cli_buf_puts(&it->out, "invalid: ");
    for (int k = 0; k < nc && k < 8; k++) {
      char msg[160];
      nonet_conflict_describe(&c[k], msg, sizeof msg);
      cli_buf_printf(&it->out, "%s%s", k ? "; " : "", msg);
    }
    cli_buf_puts(&it->out, "\n");
    it->failed = 1;
    return;
  }
  long n = nonet_solve(it->rec.cells, NULL, 2, NULL);
  if (n != 1) {
    cli_buf_puts(&it->out, n == 0 ? "no solution\n" : "multiple solutions\n");
    it->failed = 1;
    return;
  }
  cli_buf_puts(&it->out, "unique");
  if (o->minimal) {
    uint8_t g[81];
    int redundant[81], nr = 0;
    memcpy(g, it->rec.cells, 81);
    for (int i = 0; i < 81; i++) {
      if (!g[i]) continue;
      uint8_t v = g[i];
      g[i] = 0;
      if (nonet_solve(g, NULL, 2, NULL) == 1) redundant[nr++] = i;
      g[i] = v;
    }
    put_minimal(it, redundant, nr, 9);
  }
  cli_buf_puts(&it->out, "\n");
}

static const char usage[] =
    "usage: nonet check [options] [FILE|PUZZLE...]\n"
    "\n"
    "Prints one verdict per puzzle, in input order:\n"
    "  unique                  exactly one solution\n"
    "  multiple solutions      more than one\n"
    "  no solution             none, although no rule is broken\n"
    "  invalid: ROW 3 HAS ...  the givens break a rule (the cells named)\n"
    "With --minimal, a unique puzzle's verdict also says whether every\n"
    "given is needed (\"unique, minimal\") or which ones can be removed\n"
    "one at a time keeping one solution. Classic and variant puzzles alike\n"
    "(see nonet solve --help); a variant's broken rules are named too\n"
    "(cages, relations, extra regions).\n"
    "\n"
    "options:\n"
    "  -m, --minimal      also check that every given is needed\n"
    "  -t, --threads N    worker threads (default: all processors)\n"
    "      --timeout SECS give up on a variant puzzle whose checks take\n"
    "                     longer (prints 'timeout'; the batch goes on)\n"
    "      --shard K/N    only the records whose number i (from 0, in input\n"
    "                     order) has i % N == K: one of N machines' share\n"
    "      --tag          start each output line with the record's number\n"
    "                     and a tab (merge shards: sort -m -s -n -k1,1)\n"
    "  -h, --help         show this help\n"
    "\n"
    "exit status: 0 every puzzle has a unique solution, 1 some puzzle does\n"
    "not or some record is malformed, 2 usage error\n";

int cmd_check(int argc, char **argv) {
  static const struct option longs[] = {
      {"minimal", no_argument, NULL, 'm'},
      {"threads", required_argument, NULL, 't'},
      {"timeout", required_argument, NULL, 'T'},
      {"help", no_argument, NULL, 'h'},
      {NULL, 0, NULL, 0}};
  check_opts o = {0, 0};
  int threads = 0, c;
  optind = 1;
  while ((c = getopt_long(argc, argv, "mt:h", longs, NULL)) != -1) {
    switch (c) {
    case 'm':
      o.minimal = 1;
      break;
    case 't':
      if ((threads = (int)cli_parse_long("nonet check", "--threads", optarg, 0,
                                         256)) < 0)
        return CLI_USAGE;
      break;
    case 'T':
      if ((o.timeout = cli_parse_seconds("nonet check", "--timeout", optarg)) <
          0)
        return CLI_USAGE;
      break;
    case 'h':
      cli_puts(usage);
      return CLI_OK;
    default:
      fprintf(stderr, "%.*s\nTry 'nonet check --help'.\n",
              (int)strcspn(usage, "\n"), usage);
      return CLI_USAGE;
    }
  }
  cli_batch b = {argv + optind, argc - optind, threads, check_one, &o, 1};
  return cli_run_batch(&b);
}
