/* cmd_rate.c: nonet rate. By default the difficulty on Sudoku Explainer's
 * scale (ER, EP, ED and a level, src/serate); with --by technique the
 * level of the hardest technique the logic engine's path needs (the
 * table below, documented in the README). */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "logic_cli.h"

enum { RATE_TSV, RATE_CSV, RATE_JSON };
enum { BY_SE, BY_TECHNIQUE };

typedef struct rate_opts {
  int format;
  int technique; /* SE: add the technique column */
  int by;
  int stats; /* by technique: add the counts column */
  nonet_logic_options *logic;
  nonet_vlogic_options *vlogic;
  double timeout; /* seconds a variant's search may take (0: no limit) */
} rate_opts;

/* ------------------------------------------------------------------ */
/* Sudoku Explainer's scale                                            */
/* ------------------------------------------------------------------ */

static void put_tenths(cli_buf *b, int v) {
  cli_buf_printf(b, "%d.%d", v / 10, v % 10);
}

static void rate_se(cli_item *it, const rate_opts *o) {
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
  }
  nonet_rating r;
  /* nonet_rate proves the solution unique itself (its easy steps, or the
   * solver when they do not finish): the solver runs again here only to
   * say why a puzzle was refused */
  if (!word && nonet_rate(it->rec.cells, &r) != NONET_OK) {
    long n = nonet_solve(it->rec.cells, NULL, 2, NULL);
    word = n == 0 ? "no solution" : n > 1 ? "multiple solutions" : "invalid";
    if (n != 1)
      cli_item_error(it, "%s", word);
    else
      cli_item_error(it, "cannot rate this puzzle");
  }
  cli_buf *b = &it->out;
  if (word) {
    it->failed = 1;
    if (o->format == RATE_JSON)
      cli_buf_printf(b, "{\"puzzle\":\"%s\",\"error\":\"%s\"}\n", line, word);
    else
      cli_buf_printf(b, "%s%c%s\n", line, o->format == RATE_CSV ? ',' : '\t',
                     word);
    return;
  }
  const char *level = nonet_level_name(r.level);
  if (o->format == RATE_JSON) {
    cli_buf_printf(b, "{\"puzzle\":\"%s\",\"er\":", line);
    put_tenths(b, r.er);
    cli_buf_puts(b, ",\"ep\":");
    put_tenths(b, r.ep);
    cli_buf_puts(b, ",\"ed\":");
    put_tenths(b, r.ed);
    cli_buf_printf(b, ",\"level\":\"%s\",\"technique\":\"%s\"}\n", level,
                   r.technique);
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

/* ------------------------------------------------------------------ */
/* The hardest technique of the logic engine's path                    */
/* ------------------------------------------------------------------ */

/* One line without a rating: the puzzle and why (TSV/CSV), or a JSON
 * object with an "error" member. */
static void put_failed(cli_buf *b, const rate_opts *o, const char *line,
                       const char *why) {
  if (o->format == RATE_JSON)
    cli_buf_printf(b, "{\"puzzle\":\"%s\",\"error\":\"%s\"}\n", line, why);
  else
    cli_buf_printf(b, "%s%c%s\n", line, o->format == RATE_CSV ? ',' : '\t',
                   why);
}

static void rate_technique(cli_item *it, const rate_opts *o) {
  nonet_logic_state s;
  const char *why;
  char line[82];
  cli_puzzle_line(it->rec.cells, line);
  if (!cli_logic_start(it, &s, &why)) {
    put_failed(&it->out, o, line, "invalid");
    return;
  }
  if (why) {
    put_failed(&it->out, o, line, why);
    cli_item_error(it, "%s", why);
    it->failed = 1;
    return;
  }
  nonet_logic_result r;
  nonet_logic_solve(&s, o->logic, NULL, NULL, &r);
  if (!r.solved) {
    put_failed(&it->out, o, line, "not solved");
    cli_item_error(it, "not solved with the chosen techniques");
    it->failed = 1;
    return;
  }
  const char *level = nonet_level_name(r.level);
  const char *name =
      r.decisive >= 0 ? nonet_technique_name(r.decisive) : "none";
  cli_buf *b = &it->out;
  if (o->format == RATE_JSON) {
    cli_buf_printf(
        b, "{\"puzzle\":\"%s\",\"level\":\"%s\",\"technique\":", line, level);
    cli_json_string(b, name);
    if (o->stats) {
      cli_buf_puts(b, ",\"stats\":{");
      int first = 1;
      for (int t = 0; t < nonet_technique_count(); t++)
        if (r.counts[t]) {
          cli_buf_printf(b, "%s\"%s\":%u", first ? "" : ",",
                         nonet_technique_key(t), r.counts[t]);
          first = 0;
        }
      cli_buf_puts(b, "}");
    }
    cli_buf_puts(b, "}\n");
    return;
  }
  char sep = o->format == RATE_CSV ? ',' : '\t';
  cli_buf_printf(b, "%s%c%s%c%s", line, sep, level, sep, name);
  if (o->stats) {
    /* the counts are joined with ',': quote them in CSV */
    cli_buf_printf(b, "%c%s", sep, o->format == RATE_CSV ? "\"" : "");
    int first = 1;
    for (int t = 0; t < nonet_technique_count(); t++)
      if (r.counts[t]) {
        cli_buf_printf(b, "%s%s=%u", first ? "" : ",", nonet_technique_key(t),
                       r.counts[t]);
        first = 0;
      }
    if (o->format == RATE_CSV) cli_buf_puts(b, "\"");
  }
  cli_buf_puts(b, "\n");
}

/* ------------------------------------------------------------------ */
/* Variant puzzles: always by technique (SE's scale is the classic 9x9's) */
/* ------------------------------------------------------------------ */

/* The puzzle's field: in CSV, a variant line with a comma (cages, cells
 * as numbers) or a quote goes in quotes, its quotes doubled (RFC 4180),
 * so a reader finds the level and technique in their own columns. */
static void put_puzzle(cli_buf *b, const rate_opts *o, const char *puzzle) {
  if (o->format != RATE_CSV || !strpbrk(puzzle, ",\"\r\n")) {
    cli_buf_puts(b, puzzle);
    return;
  }
  cli_buf_puts(b, "\"");
  for (const char *p = puzzle; *p; p++)
    cli_buf_puts(b, *p == '"' ? "\"\"" : (char[2]){*p, 0});
  cli_buf_puts(b, "\"");
}

static void rate_variant(cli_item *it, const rate_opts *o,
                         const nonet_variant *v) {
  cli_buf line = {0};
  cli_variant_line(&line, v, it->var->cells);
  const char *puzzle = line.data ? line.data : "";
  nonet_vlogic_state *s = malloc(sizeof *s);
  const char *why = NULL;
  nonet_vlogic_result r;
  int rc = 0, started, named = 0;
  cli_deadline d; /* the whole record's: its solutions and trial and error */
  cli_deadline_start(&d, o->timeout);
  if (!s) {
    why = "out of memory";
  } else if ((started = cli_vlogic_start(it, v, s, &why, &d)) <= 0) {
    why = started < 0 ? "timeout" : "invalid";
    named = 1; /* on the error lines already */
  } else if (!why) {
    rc = cli_vlogic_solve(s, o->vlogic, NULL, NULL, &r, &d);
    why = rc == NONET_ESTOPPED ? "timeout"
          : rc < 0             ? nonet_strerror(rc)
          : r.solved           ? NULL
                               : "not solved";
    if (rc == NONET_ESTOPPED) {
      cli_timed_out(it, &d);
      named = 1;
    }
  }
  free(s);
  cli_buf *b = &it->out;
  if (why) {
    if (!named)
      cli_item_error(it, "%s",
                     strcmp(why, "not solved")
                         ? why
                         : "not solved with the chosen techniques");
    it->failed = 1;
    if (o->format == RATE_JSON) {
      cli_buf_puts(b, "{\"puzzle\":");
      cli_json_string(b, puzzle);
      cli_buf_printf(b, ",\"error\":\"%s\"}\n", why);
    } else {
      put_puzzle(b, o, puzzle);
      cli_buf_printf(b, "%c%s\n", o->format == RATE_CSV ? ',' : '\t', why);
    }
    cli_buf_free(&line);
    return;
  }
  const char *level = nonet_level_name(r.level);
  const char *name =
      r.decisive >= 0 ? nonet_vtech_name((nonet_vtech)r.decisive) : "none";
  if (o->format == RATE_JSON) {
    cli_buf_puts(b, "{\"puzzle\":");
    cli_json_string(b, puzzle);
    cli_buf_printf(b, ",\"level\":\"%s\",\"technique\":", level);
    cli_json_string(b, name);
  } else {
    char sep = o->format == RATE_CSV ? ',' : '\t';
    put_puzzle(b, o, puzzle);
    cli_buf_printf(b, "%c%s%c%s", sep, level, sep, name);
  }
  if (o->stats) {
    int json = o->format == RATE_JSON, first = 1;
    cli_buf_puts(b, json                    ? ",\"stats\":{"
                    : o->format == RATE_CSV ? ",\""
                                            : "\t");
    for (int t = 0; t < nonet_vtech_count(); t++) {
      if (!r.counts[t]) continue;
      cli_buf_printf(b, json ? "%s\"%s\":%u" : "%s%s=%u", first ? "" : ",",
                     nonet_vtech_key((nonet_vtech)t), r.counts[t]);
      first = 0;
    }
    cli_buf_puts(b, json ? "}" : o->format == RATE_CSV ? "\"" : "");
  }
  cli_buf_puts(b, o->format == RATE_JSON ? "}\n" : "\n");
  cli_buf_free(&line);
}

static void rate_one(cli_item *it, void *ctx) {
  const rate_opts *o = ctx;
  const nonet_variant *v = cli_variant_rules(it);
  if (v)
    rate_variant(it, o, v);
  else if (o->by == BY_TECHNIQUE)
    rate_technique(it, o);
  else
    rate_se(it, o);
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
    "With --by technique, rates each puzzle instead by the hardest technique\n"
    "the logic engine's solving path (nonet explain) needs:\n"
    "\n"
    "  puzzle  level  technique\n"
    "\n"
    "Levels: Easy (singles), Medium (locked candidates, pairs, triples), Hard\n"
    "(quads, basic fish, wings, single-digit patterns, simple colors,\n"
    "uniqueness), Expert (finned fish, multi colors, chains and loops, ALS,\n"
    "sue de coq, APE), Extreme (forcing chains and nets), Trial-and-error (no\n"
    "logic found).\n"
    "\n"
    "Variant puzzles (sizes, jigsaw, extra regions, relations, killer\n"
    "cages) are always rated by technique, with the variant engine's\n"
    "techniques (--list-techniques): Easy (singles, cage combinations),\n"
    "Medium (locked candidates, innies and outies, pairs, triples), Hard\n"
    "(cage splitting, quads, fish), Expert (X-Chains, XY-Chains, AICs),\n"
    "Extreme (forcing nets), Trial-and-error. Sudoku Explainer's scale is\n"
    "for the classic 9x9 only.\n"
    "\n"
    "options:\n"
    "  -b, --by WHAT      se (default: Sudoku Explainer's scale) or technique\n"
    "  -f, --format FMT   tsv (default: tab-separated), csv, json (one object\n"
    "                     per line: puzzle, er, ep, ed, level, technique; by\n"
    "                     technique: puzzle, level, technique, stats)\n"
    "  -T, --technique    add a column naming the step that decided "
    "ER\n" CLI_TIMEOUT_HELP
    "  -t, --threads N    worker threads (default: all processors)\n"
    "      --shard K/N    only the records whose number i (from 0, in input\n"
    "                     order) has i % N == K: one of N machines' share\n"
    "      --tag          start each output line with the record's number\n"
    "                     and a tab (merge shards: sort -m -s -n -k1,1)\n"
    "  -h, --help         show this help\n"
    "\n"
    "options of --by technique (each implies it):\n"
    "  -s, --stats        add a column with the count of each technique "
    "used\n" LOGIC_OPTIONS_HELP "\n"
    "exit status: 0 every puzzle rated, 1 some puzzle malformed, without a\n"
    "unique solution, or (by technique) not solved with the chosen\n"
    "techniques, 2 usage error\n";

static int rate_main(int argc, char **argv, nonet_logic_options *logic,
                     nonet_vlogic_options *vlogic) {
  static const struct option longs[] = {
      {"by", required_argument, NULL, 'b'},
      {"format", required_argument, NULL, 'f'},
      {"technique", no_argument, NULL, 'T'},
      {"stats", no_argument, NULL, 's'},
      {"threads", required_argument, NULL, 't'},
      {"help", no_argument, NULL, 'h'},
      CLI_TIMEOUT_OPTION,
      LOGIC_LONG_OPTIONS,
      {NULL, 0, NULL, 0}};
  const char *prog = "nonet rate";
  rate_opts o;
  memset(&o, 0, sizeof o);
  o.format = RATE_TSV;
  o.by = -1;
  o.logic = logic;
  o.vlogic = vlogic;
  int threads = 0, c, done, r, logic_opts = 0;
  optind = 1;
  while ((c = getopt_long(argc, argv, "b:f:Tst:h", longs, NULL)) != -1) {
    switch (c) {
    case 'b':
      if (!strcmp(optarg, "se"))
        o.by = BY_SE;
      else if (!strcmp(optarg, "technique"))
        o.by = BY_TECHNIQUE;
      else {
        fprintf(stderr, "%s: unknown --by '%s' (se, technique)\n", prog,
                optarg);
        return CLI_USAGE;
      }
      break;
    case 'f':
      if (!strcmp(optarg, "tsv") || !strcmp(optarg, "line"))
        o.format = RATE_TSV;
      else if (!strcmp(optarg, "csv"))
        o.format = RATE_CSV;
      else if (!strcmp(optarg, "json") || !strcmp(optarg, "jsonl"))
        o.format = RATE_JSON;
      else {
        fprintf(stderr, "%s: unknown format '%s' (tsv, csv, json)\n", prog,
                optarg);
        return CLI_USAGE;
      }
      break;
    case 'T':
      o.technique = 1;
      break;
    case 's':
      o.stats = 1;
      break;
    case 't':
      if ((threads = (int)cli_parse_long(prog, "--threads", optarg, 0, 256)) <
          0)
        return CLI_USAGE;
      break;
    case 'h':
      cli_puts(rate_usage);
      return CLI_OK;
    case CLI_OPT_TIMEOUT:
      if ((o.timeout = cli_parse_seconds(prog, "--timeout", optarg)) < 0)
        return CLI_USAGE;
      break;
    case LOGIC_OPT_TECHNIQUES:
    case LOGIC_OPT_EXCLUDE:
    case LOGIC_OPT_NO_UNIQUENESS:
    case LOGIC_OPT_LIST:
      r = cli_logic_option(prog, c, optarg, o.logic, o.vlogic, &done);
      if (r || done) return r;
      logic_opts = 1;
      break;
    default:
      fprintf(stderr, "%.*s\nTry '%s --help'.\n",
              (int)strcspn(rate_usage, "\n"), rate_usage, prog);
      return CLI_USAGE;
    }
  }
  if (o.by < 0) o.by = o.stats || logic_opts ? BY_TECHNIQUE : BY_SE;
  if (o.by == BY_SE && (o.stats || logic_opts)) {
    fprintf(stderr,
            "%s: --stats and the technique options need --by technique\n",
            prog);
    return CLI_USAGE;
  }
  if (o.by == BY_TECHNIQUE && o.technique) {
    fprintf(stderr,
            "%s: --technique is for --by se (--by technique always names it)\n",
            prog);
    return CLI_USAGE;
  }
  cli_batch b = {argv + optind, argc - optind, threads, rate_one, &o, 1};
  /* a record that cannot be read: a JSON object too with -f json */
  return cli_run_batch_invalid(
      &b, o.format == RATE_JSON ? "{\"error\":\"invalid\"}\n" : "invalid\n");
}

int cmd_rate(int argc, char **argv) {
  nonet_logic_options *logic = nonet_logic_options_new();
  nonet_vlogic_options *vlogic = nonet_vlogic_options_new();
  int status = CLI_FAILED;
  if (!logic || !vlogic)
    fputs("nonet: out of memory\n", stderr);
  else
    status = rate_main(argc, argv, logic, vlogic);
  nonet_logic_options_free(logic);
  nonet_vlogic_options_free(vlogic);
  return status;
}
