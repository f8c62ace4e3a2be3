/* cmd_hint.c: nonet hint, the next step of a puzzle at a chosen level of
 * detail: a nudge (technique and where), the pattern, the step, or the
 * step in notation and in words. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "logic_cli.h"

enum { LEVEL_NUDGE, LEVEL_PATTERN, LEVEL_STEP, LEVEL_FULL };
static const char *const level_names[] = {"nudge", "pattern", "step", "full"};

typedef struct hint_opts {
  nonet_logic_options *logic;
  nonet_vlogic_options *vlogic;
  int level;
  double timeout; /* seconds a variant's search may take (0: no limit) */
} hint_opts;

static const int styles[] = {NONET_TEXT_NUDGE, NONET_TEXT_PATTERN,
                             NONET_TEXT_NOTATION, NONET_TEXT_NOTATION};

/* A variant puzzle's hint, worded as a classic one's. */
static void hint_variant(cli_item *it, const hint_opts *o,
                         const nonet_variant *v) {
  nonet_vlogic_state *s = malloc(sizeof *s);
  nonet_vstep *step = malloc(sizeof *step);
  const char *why;
  int found = 0, started;
  cli_deadline d; /* the whole record's: its solutions and trial and error */
  cli_deadline_start(&d, o->timeout);
  if (!s || !step) {
    cli_item_error(it, "out of memory");
    it->failed = 1;
  } else if ((started = cli_vlogic_start(it, v, s, &why, &d)) <= 0) {
    cli_buf_puts(&it->out, started < 0 ? "timeout\n" : "invalid\n");
  } else if (why && strcmp(why, "no solution") == 0) {
    cli_buf_puts(&it->out, "no solution: some digit is wrong\n");
    cli_item_error(it, "no solution");
    it->failed = 1;
  } else if (nonet_vlogic_solved(s)) {
    cli_buf_puts(&it->out, "solved\n");
  } else if ((found = cli_vlogic_find(s, o->vlogic, step, &d)) ==
             NONET_ESTOPPED) {
    cli_buf_puts(&it->out, "timeout\n");
    cli_timed_out(it, &d);
  } else if (found != 1) {
    cli_buf_printf(&it->out, "no step found%s\n",
                   why ? " (the puzzle has several solutions)" : "");
    cli_item_error(it, "%s",
                   found < 0 ? nonet_strerror(found)
                   : why     ? why
                             : "no technique applies");
    it->failed = 1;
  } else {
    char text[8192];
    nonet_vstep_text(step, styles[o->level], text, sizeof text);
    cli_buf_printf(&it->out, "%s\n", text);
    if (o->level == LEVEL_FULL) {
      nonet_vstep_text(step, NONET_TEXT_WORDS, text, sizeof text);
      cli_buf_printf(&it->out, "  %s\n", text);
    }
  }
  free(s);
  free(step);
}

static void hint_one(cli_item *it, void *ctx) {
  const hint_opts *o = ctx;
  const nonet_variant *v = cli_variant_rules(it);
  if (v) {
    hint_variant(it, o, v);
    return;
  }
  nonet_logic_state s;
  const char *why;
  if (!cli_logic_start(it, &s, &why)) {
    cli_buf_puts(&it->out, "invalid\n");
    return;
  }
  if (why && strcmp(why, "no solution") == 0) {
    cli_buf_puts(&it->out, "no solution: some digit is wrong\n");
    cli_item_error(it, "no solution");
    it->failed = 1;
    return;
  }
  if (nonet_logic_solved(&s)) {
    cli_buf_puts(&it->out, "solved\n");
    return;
  }
  nonet_step step;
  if (nonet_logic_find(&s, o->logic, &step) != 1) {
    cli_buf_printf(&it->out, "no step found%s\n",
                   why ? " (the puzzle has several solutions)" : "");
    if (why) cli_item_error(it, "%s", why);
    it->failed = 1;
    return;
  }
  char text[4096];
  nonet_step_text(&step, styles[o->level], text, sizeof text);
  cli_buf_printf(&it->out, "%s\n", text);
  if (o->level == LEVEL_FULL) {
    nonet_step_text(&step, NONET_TEXT_WORDS, text, sizeof text);
    cli_buf_printf(&it->out, "  %s\n", text);
  }
}

static const char usage[] =
    "usage: nonet hint [options] [FILE|PUZZLE...]\n"
    "\n"
    "Prints the next step a person would take in each puzzle (a puzzle in\n"
    "progress works too: its filled cells count as placed): the easiest\n"
    "technique that applies, in the community notation, e.g.\n"
    "  Naked Pair: 3,8 in r5c2,r6c2 => r5c7<>3, r6c9<>8\n"
    "and, at the full level, the same in words on a second line. A solved\n"
    "grid prints 'solved'. Variant puzzles too (sizes, jigsaw, extra\n"
    "regions, relations, killer cages: see nonet solve --help), with their\n"
    "own techniques (--list-techniques), digits above 9 as A..P.\n"
    "\n"
    "options:\n"
    "  -l, --level LEVEL  how much to tell: nudge (the technique and where to\n"
    "                     look), pattern (the technique and its cells), step\n"
    "                     (the step in notation), full (default: notation and\n"
    "                     words)\n" LOGIC_OPTIONS_HELP CLI_TIMEOUT_HELP
    "  -t, --threads N    worker threads (default: all processors)\n"
    "      --shard K/N    only the records whose number i (from 0, in input\n"
    "                     order) has i % N == K: one of N machines' share\n"
    "      --tag          start each output line with the record's number\n"
    "                     and a tab (merge shards: sort -m -s -n -k1,1)\n"
    "  -h, --help         show this help\n"
    "\n"
    "exit status: 0 a hint for every puzzle, 1 some puzzle is malformed, has\n"
    "no solution or no step was found, 2 usage error\n";

static int hint_main(int argc, char **argv, nonet_logic_options *logic,
                     nonet_vlogic_options *vlogic) {
  static const struct option longs[] = {
      {"level", required_argument, NULL, 'l'},
      {"threads", required_argument, NULL, 't'},
      {"help", no_argument, NULL, 'h'},
      CLI_TIMEOUT_OPTION,
      LOGIC_LONG_OPTIONS,
      {NULL, 0, NULL, 0}};
  hint_opts o;
  o.logic = logic;
  o.vlogic = vlogic;
  o.level = LEVEL_FULL;
  o.timeout = 0;
  int threads = 0, c, done, r;
  optind = 1;
  while ((c = getopt_long(argc, argv, "l:t:h", longs, NULL)) != -1) {
    switch (c) {
    case 'l':
      o.level = -1;
      for (int k = 0; k < 4; k++)
        if (strcmp(optarg, level_names[k]) == 0) o.level = k;
      if (o.level < 0) {
        fprintf(stderr,
                "nonet hint: unknown level '%s' (nudge, pattern, step, full)\n",
                optarg);
        return CLI_USAGE;
      }
      break;
    case 't':
      if ((threads = (int)cli_parse_long("nonet hint", "--threads", optarg, 0,
                                         256)) < 0)
        return CLI_USAGE;
      break;
    case 'h':
      cli_puts(usage);
      return CLI_OK;
    case CLI_OPT_TIMEOUT:
      if ((o.timeout = cli_parse_seconds("nonet hint", "--timeout", optarg)) <
          0)
        return CLI_USAGE;
      break;
    case LOGIC_OPT_TECHNIQUES:
    case LOGIC_OPT_EXCLUDE:
    case LOGIC_OPT_NO_UNIQUENESS:
    case LOGIC_OPT_LIST:
      r = cli_logic_option("nonet hint", c, optarg, o.logic, o.vlogic, &done);
      if (r || done) return r;
      break;
    default:
      fprintf(stderr, "%.*s\nTry 'nonet hint --help'.\n",
              (int)strcspn(usage, "\n"), usage);
      return CLI_USAGE;
    }
  }
  cli_batch b = {argv + optind, argc - optind, threads, hint_one, &o, 1};
  return cli_run_batch(&b);
}

int cmd_hint(int argc, char **argv) {
  nonet_logic_options *logic = nonet_logic_options_new();
  nonet_vlogic_options *vlogic = nonet_vlogic_options_new();
  int status = CLI_FAILED;
  if (!logic || !vlogic)
    fputs("nonet: out of memory\n", stderr);
  else
    status = hint_main(argc, argv, logic, vlogic);
  nonet_logic_options_free(logic);
  nonet_vlogic_options_free(vlogic);
  return status;
}
