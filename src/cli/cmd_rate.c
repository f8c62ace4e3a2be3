/* cmd_rate.c: nonet rate, a difficulty level from the hardest technique
 * the logic path needs. The level of each technique is the one table
 * below (documented in the README). */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "logic_cli.h"

enum { EASY, MEDIUM, HARD, EXPERT, EXTREME, TRIAL, NLEVELS };
static const char *const level_names[NLEVELS] = {"Easy",   "Medium",  "Hard",
                                                 "Expert", "Extreme", "Trial-and-error"};

/* The level of each technique. */
static const unsigned char level_of[NONET_TECH_COUNT] = {
    [NONET_TECH_FULL_HOUSE] = EASY,
    [NONET_TECH_NAKED_SINGLE] = EASY,
    [NONET_TECH_HIDDEN_SINGLE] = EASY,
    [NONET_TECH_POINTING] = MEDIUM,
    [NONET_TECH_CLAIMING] = MEDIUM,
    [NONET_TECH_NAKED_PAIR] = MEDIUM,
    [NONET_TECH_NAKED_TRIPLE] = MEDIUM,
    [NONET_TECH_HIDDEN_PAIR] = MEDIUM,
    [NONET_TECH_HIDDEN_TRIPLE] = MEDIUM,
    [NONET_TECH_NAKED_QUAD] = HARD,
    [NONET_TECH_HIDDEN_QUAD] = HARD,
    [NONET_TECH_X_WING] = HARD,
    [NONET_TECH_SWORDFISH] = HARD,
    [NONET_TECH_JELLYFISH] = HARD,
    [NONET_TECH_REMOTE_PAIR] = HARD,
    [NONET_TECH_BUG_PLUS_1] = HARD,
    [NONET_TECH_SKYSCRAPER] = HARD,
    [NONET_TECH_TWO_STRING_KITE] = HARD,
    [NONET_TECH_TURBOT_FISH] = HARD,
    [NONET_TECH_EMPTY_RECTANGLE] = HARD,
    [NONET_TECH_W_WING] = HARD,
    [NONET_TECH_XY_WING] = HARD,
    [NONET_TECH_XYZ_WING] = HARD,
    [NONET_TECH_UR_1] = HARD,
    [NONET_TECH_UR_2] = HARD,
    [NONET_TECH_UR_3] = HARD,
    [NONET_TECH_UR_4] = HARD,
    [NONET_TECH_HIDDEN_RECTANGLE] = HARD,
    [NONET_TECH_SIMPLE_COLORS] = HARD,
    [NONET_TECH_FINNED_X_WING] = EXPERT,
    [NONET_TECH_SASHIMI_X_WING] = EXPERT,
    [NONET_TECH_FINNED_SWORDFISH] = EXPERT,
    [NONET_TECH_SASHIMI_SWORDFISH] = EXPERT,
    [NONET_TECH_FINNED_JELLYFISH] = EXPERT,
    [NONET_TECH_SASHIMI_JELLYFISH] = EXPERT,
    [NONET_TECH_MULTI_COLORS] = EXPERT,
    [NONET_TECH_X_CHAIN] = EXPERT,
    [NONET_TECH_XY_CHAIN] = EXPERT,
    [NONET_TECH_AIC] = EXPERT,
    [NONET_TECH_GROUPED_AIC] = EXPERT,
    [NONET_TECH_SUE_DE_COQ] = EXPERT,
    [NONET_TECH_ALS_XZ] = EXPERT,
    [NONET_TECH_ALS_XY_WING] = EXPERT,
    [NONET_TECH_APE] = EXPERT,
    [NONET_TECH_FC_CONTRADICTION] = EXTREME,
    [NONET_TECH_FC_VERITY] = EXTREME,
    [NONET_TECH_FN_CONTRADICTION] = EXTREME,
    [NONET_TECH_FN_VERITY] = EXTREME,
    [NONET_TECH_TRIAL] = TRIAL,
};

typedef struct rate_opts {
  nonet_logic_options logic;
  int stats;
} rate_opts;

static void rate_one(cli_item *it, void *ctx) {
  const rate_opts *o = ctx;
  nonet_logic_state s;
  const char *why;
  char line[82];
  cli_puzzle_line(it->rec.cells, line);
  if (!cli_logic_start(it, &s, &why)) {
    cli_buf_printf(&it->out, "%s\tinvalid\n", line);
    return;
  }
  if (why) {
    cli_buf_printf(&it->out, "%s\t%s\n", line, why);
    cli_item_error(it, "%s", why);
    it->failed = 1;
    return;
  }
  nonet_logic_result r;
  nonet_logic_solve(&s, &o->logic, NULL, NULL, &r);
  if (!r.solved) {
    cli_buf_printf(&it->out, "%s\tnot solved\n", line);
    cli_item_error(it, "not solved with the chosen techniques");
    it->failed = 1;
    return;
  }
  int level = EASY, hardest = -1;
  for (int t = 0; t < NONET_TECH_COUNT; t++)
    if (r.counts[t] && (hardest < 0 || level_of[t] >= level)) {
      level = level_of[t];
      hardest = t;
    }
  if (hardest >= 0 && r.hardest >= 0 && level_of[r.hardest] == level) hardest = r.hardest;
  cli_buf_printf(&it->out, "%s\t%s\t%s", line, level_names[level],
                 hardest >= 0 ? nonet_technique_name(hardest) : "none");
  if (o->stats) {
    cli_buf_puts(&it->out, "\t");
    int first = 1;
    for (int t = 0; t < NONET_TECH_COUNT; t++)
      if (r.counts[t]) {
        cli_buf_printf(&it->out, "%s%s=%u", first ? "" : ",", nonet_technique_key(t),
                       r.counts[t]);
        first = 0;
      }
  }
  cli_buf_puts(&it->out, "\n");
}

static const char usage[] =
    "usage: nonet rate [options] [FILE|PUZZLE...]\n"
    "\n"
    "Rates each puzzle by the hardest technique its logical solving path\n"
    "needs. One line per puzzle, tab-separated: the puzzle, its level, the\n"
    "technique that decided it. Levels: Easy (singles), Medium (locked\n"
    "candidates, pairs, triples), Hard (quads, basic fish, wings,\n"
    "single-digit patterns, simple colors, uniqueness), Expert (finned fish,\n"
    "multi colors, chains and loops, ALS, sue de coq, APE), Extreme (forcing\n"
    "chains and nets), Trial-and-error (no logic found).\n"
    "\n"
    "options:\n"
    "  -s, --stats        add a column with the count of each technique used\n"
    LOGIC_OPTIONS_HELP
    "  -t, --threads N    worker threads (default: all processors)\n"
    "  -h, --help         show this help\n"
    "\n"
    "exit status: 0 every puzzle rated, 1 some puzzle malformed, without a\n"
    "unique solution, or not solved with the chosen techniques, 2 usage error\n";

int cmd_rate(int argc, char **argv) {
  static const struct option longs[] = {
      {"stats", no_argument, NULL, 's'},
      {"threads", required_argument, NULL, 't'},
      {"help", no_argument, NULL, 'h'},
      LOGIC_LONG_OPTIONS,
      {NULL, 0, NULL, 0}};
  rate_opts o;
  memset(&o, 0, sizeof o);
  nonet_logic_options_default(&o.logic);
  int threads = 0, c, done, r;
  optind = 1;
  while ((c = getopt_long(argc, argv, "st:h", longs, NULL)) != -1) {
    switch (c) {
    case 's': o.stats = 1; break;
    case 't':
      if ((threads = (int)cli_parse_long("nonet rate", "--threads", optarg, 0, 256)) < 0)
        return CLI_USAGE;
      break;
    case 'h':
      fputs(usage, stdout);
      return CLI_OK;
    case LOGIC_OPT_TECHNIQUES:
    case LOGIC_OPT_EXCLUDE:
    case LOGIC_OPT_NO_UNIQUENESS:
    case LOGIC_OPT_LIST:
      r = cli_logic_option("nonet rate", c, optarg, &o.logic, &done);
      if (r || done) return r;
      break;
    default:
      fprintf(stderr, "%.*s\nTry 'nonet rate --help'.\n", (int)strcspn(usage, "\n"), usage);
      return CLI_USAGE;
    }
  }
  cli_batch b = {argv + optind, argc - optind, threads, rate_one, &o};
  return cli_run_batch(&b);
}
