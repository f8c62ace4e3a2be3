/* cmd_explain.c: nonet explain, the whole solving path of each puzzle,
 * one step per line (text), or one JSON object per puzzle (jsonl). */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "logic_cli.h"

typedef struct explain_opts {
  nonet_logic_options *logic;
  nonet_vlogic_options *vlogic;
  int jsonl, grid, stats;
  double timeout; /* seconds a variant's search may take (0: no limit) */
} explain_opts;

typedef struct path_ctx {
  const explain_opts *o;
  cli_item *it;
  int nsteps;
} path_ctx;

static int on_step(const nonet_logic_state *s, const nonet_step *step,
                   void *ctx) {
  path_ctx *p = ctx;
  cli_buf *out = &p->it->out;
  char text[8192];
  nonet_step_text(step, NONET_TEXT_NOTATION, text, sizeof text);
  if (p->o->jsonl) {
    cli_buf_puts(out, p->nsteps ? ", " : "");
    char json[16384];
    nonet_step_json(step, 0, json, sizeof json);
    cli_buf_puts(out, json);
  } else {
    if (p->o->grid) {
      char g[2048];
      nonet_logic_format_grid(s, g, sizeof g);
      cli_buf_printf(out, "%s\n", g);
    }
    cli_buf_printf(out, "%s\n", text);
  }
  p->nsteps++;
  return 0;
}

/* The candidate grid of a variant state, then a blank line. */
static void put_vgrid(cli_buf *out, const nonet_vlogic_state *s) {
  size_t need = nonet_vlogic_format_grid(s, NULL, 0);
  char *g = malloc(need + 1);
  if (!g) return;
  nonet_vlogic_format_grid(s, g, need + 1);
  cli_buf_put(out, g, need);
  cli_buf_puts(out, "\n\n");
  free(g);
}

/* The count of each technique used, in a JSON member or lines. */
static void put_counts(cli_buf *out, const unsigned *counts, int n,
                       const char *(*name)(int), int json) {
  int first = 1;
  if (json) cli_buf_puts(out, ", \"stats\": {");
  for (int t = 0; t < n; t++) {
    if (!counts[t]) continue;
    if (json) {
      cli_buf_puts(out, first ? "" : ", ");
      cli_json_string(out, name(t));
      cli_buf_printf(out, ": %u", counts[t]);
    } else {
      cli_buf_printf(out, "  %-36s %u\n", name(t), counts[t]);
    }
    first = 0;
  }
  if (json) cli_buf_puts(out, "}");
}

static const char *classic_name(int t) {
  return nonet_technique_name((nonet_technique)t);
}

static const char *variant_name(int t) {
  return nonet_vtech_name((nonet_vtech)t);
}

/* ---- variant puzzles --------------------------------------------------- */

static int on_vstep(const nonet_vlogic_state *s, const nonet_vstep *step,
                    void *ctx) {
  path_ctx *p = ctx;
  cli_buf *out = &p->it->out;
  char text[16384];
  if (p->o->jsonl) {
    cli_buf_puts(out, p->nsteps ? ", " : "");
    size_t need = nonet_vstep_json(step, 0, text, sizeof text);
    cli_buf_put(out, text, need < sizeof text ? need : sizeof text - 1);
  } else {
    if (p->o->grid) put_vgrid(out, s);
    nonet_vstep_text(step, NONET_TEXT_NOTATION, text, sizeof text);
    cli_buf_printf(out, "%s\n", text);
  }
  p->nsteps++;
  return 0;
}

static int empty_cells(const nonet_vlogic_state *s) {
  int k = 0;
  for (int i = 0; i < s->size * s->size; i++) k += !s->cells[i];
  return k;
}

static void explain_variant(cli_item *it, const explain_opts *o,
                            const nonet_variant *v) {
  nonet_vlogic_state *s = malloc(sizeof *s);
  const char *why;
  if (!s) {
    cli_item_error(it, "out of memory");
    it->failed = 1;
    return;
  }
  cli_deadline d; /* the whole record's: its solutions and trial and error */
  cli_deadline_start(&d, o->timeout);
  int started = cli_vlogic_start(it, v, s, &why, &d);
  if (started <= 0) {
    const char *word = started < 0 ? "timeout" : "invalid";
    if (o->jsonl)
      cli_buf_printf(&it->out, "{\"error\": \"%s\"}\n", word);
    else
      cli_buf_printf(&it->out, "%s\n\n", word);
    free(s);
    return;
  }
  cli_buf line = {0};
  cli_variant_line(&line, v, it->var->cells);
  if (o->jsonl) {
    cli_buf_puts(&it->out, "{\"puzzle\": ");
    cli_json_string(&it->out, line.data ? line.data : "");
    cli_buf_puts(&it->out, ", \"steps\": [");
  } else {
    cli_buf_printf(&it->out, "Puzzle: %s\n", line.data ? line.data : "");
  }
  cli_buf_free(&line);
  path_ctx p = {o, it, 0};
  nonet_vlogic_result r;
  int rc = cli_vlogic_solve(s, o->vlogic, on_vstep, &p, &r, &d);
  if (rc < 0) {
    memset(&r, 0, sizeof r);
    r.steps = p.nsteps;
    why = rc == NONET_ESTOPPED ? "timeout" : nonet_strerror(rc);
  }
  int left = empty_cells(s);
  if (o->jsonl) {
    cli_buf_printf(&it->out, "], \"solved\": %s", r.solved ? "true" : "false");
    if (!r.solved) cli_buf_printf(&it->out, ", \"empty\": %d", left);
    if (o->stats)
      put_counts(&it->out, r.counts, nonet_vtech_count(), variant_name, 1);
    cli_buf_puts(&it->out, "}\n");
  } else {
    if (!r.solved) put_vgrid(&it->out, s);
    if (r.solved)
      cli_buf_printf(
          &it->out, "Solved in %d step%s%s; hardest technique: %s\n", r.steps,
          r.steps == 1 ? "" : "s", r.trial ? " (with trial and error)" : "",
          r.hardest >= 0 ? nonet_vtech_name((nonet_vtech)r.hardest) : "none");
    else
      cli_buf_printf(&it->out,
                     "Not solved: %s after %d step%s, %d cells left (above)\n",
                     why ? why : "no technique applies", r.steps,
                     r.steps == 1 ? "" : "s", left);
    if (o->stats)
      put_counts(&it->out, r.counts, nonet_vtech_count(), variant_name, 0);
    cli_buf_puts(&it->out, "\n");
  }
  if (rc == NONET_ESTOPPED) {
    cli_timed_out(it, &d);
  } else if (why) {
    cli_item_error(it, "%s", why);
    it->failed = 1;
  } else if (!r.solved) {
    cli_item_error(it, "not solved: no technique applies (%d cells left)",
                   left);
    it->failed = 1;
  }
  free(s);
}

static void explain_one(cli_item *it, void *ctx) {
  const explain_opts *o = ctx;
  const nonet_variant *v = cli_variant_rules(it);
  if (v) {
    explain_variant(it, o, v);
    return;
  }
  nonet_logic_state s;
  const char *why;
  char line[82];
  if (!cli_logic_start(it, &s, &why)) {
    cli_buf_puts(&it->out,
                 o->jsonl ? "{\"error\": \"invalid\"}\n" : "invalid\n\n");
    return;
  }
  cli_puzzle_line(it->rec.cells, line);
  if (o->jsonl)
    cli_buf_printf(&it->out, "{\"puzzle\": \"%s\", \"steps\": [", line);
  else
    cli_buf_printf(&it->out, "Puzzle: %s\n", line);
  path_ctx p = {o, it, 0};
  nonet_logic_result r;
  nonet_logic_solve(&s, o->logic, on_step, &p, &r);
  if (o->jsonl) {
    cli_buf_printf(&it->out, "], \"solved\": %s", r.solved ? "true" : "false");
    if (o->stats)
      put_counts(&it->out, r.counts, nonet_technique_count(), classic_name, 1);
    cli_buf_puts(&it->out, "}\n");
  } else {
    if (o->grid && !r.solved) {
      char g[2048];
      nonet_logic_format_grid(&s, g, sizeof g);
      cli_buf_printf(&it->out, "%s\n", g);
    }
    if (r.solved)
      cli_buf_printf(&it->out, "Solved in %d step%s%s; hardest technique: %s\n",
                     r.steps, r.steps == 1 ? "" : "s",
                     r.trial ? " (with trial and error)" : "",
                     r.hardest >= 0 ? nonet_technique_name(r.hardest) : "none");
    else
      cli_buf_printf(&it->out, "Not solved: %s after %d step%s\n",
                     why ? why : "no technique applies", r.steps,
                     r.steps == 1 ? "" : "s");
    if (o->stats)
      put_counts(&it->out, r.counts, nonet_technique_count(), classic_name, 0);
    cli_buf_puts(&it->out, "\n");
  }
  if (why) {
    cli_item_error(it, "%s", why);
    it->failed = 1;
  } else if (!r.solved) {
    cli_item_error(it, "not solved: no technique applies");
    it->failed = 1;
  }
}

static const char usage[] =
    "usage: nonet explain [options] [FILE|PUZZLE...]\n"
    "\n"
    "Solves each puzzle the way a person would, always taking the easiest\n"
    "step, and prints the path: one step per line in the community\n"
    "notation, e.g.\n"
    "  Hidden Single: r1c2=4\n"
    "  Naked Pair: 3,8 in r5c2,r6c2 => r5c7<>3, r6c9<>8\n"
    "then a summary line. When no technique applies, a last-resort step\n"
    "labelled 'Trial and Error' (a search, not logic) is taken.\n"
    "Variant puzzles too (sizes, jigsaw, extra regions, relations, killer\n"
    "cages), with their own techniques (--list-techniques); without trial\n"
    "and error (--exclude trial) a path that stops shows its last grid.\n"
    "\n"
    "options:\n"
    "  -f, --format FMT   text (default) or jsonl: one JSON object per "
    "puzzle,\n"
    "                     {\"puzzle\": \"...\", \"steps\": [{\"technique\": "
    "\"...\",\n"
    "                     \"placements\": [[r,c,d],...], \"eliminations\":\n"
    "                     [[r,c,d],...], \"text\": \"...\"}], \"solved\": "
    "true}\n"
    "                     with 1-based rows, columns and digits\n"
    "  -g, --grid         print the candidate grid before each step (text)\n"
    "  -s, --stats        also count the steps of each "
    "technique\n" LOGIC_OPTIONS_HELP CLI_TIMEOUT_HELP
    "  -t, --threads N    worker threads (default: all processors)\n"
    "      --shard K/N    only the records whose number i (from 0, in input\n"
    "                     order) has i % N == K: one of N machines' share\n"
    "      --tag          start each output line with the record's number\n"
    "                     and a tab (merge shards: sort -m -s -n -k1,1)\n"
    "  -h, --help         show this help\n"
    "\n"
    "exit status: 0 every puzzle solved, 1 some puzzle malformed, without a\n"
    "unique solution, or not solved, 2 usage error\n";

static int explain_main(int argc, char **argv, nonet_logic_options *logic,
                        nonet_vlogic_options *vlogic) {
  static const struct option longs[] = {
      {"format", required_argument, NULL, 'f'},
      {"grid", no_argument, NULL, 'g'},
      {"stats", no_argument, NULL, 's'},
      {"threads", required_argument, NULL, 't'},
      {"help", no_argument, NULL, 'h'},
      CLI_TIMEOUT_OPTION,
      LOGIC_LONG_OPTIONS,
      {NULL, 0, NULL, 0}};
  explain_opts o;
  memset(&o, 0, sizeof o);
  o.logic = logic;
  o.vlogic = vlogic;
  int threads = 0, c, done, r;
  optind = 1;
  while ((c = getopt_long(argc, argv, "f:gst:h", longs, NULL)) != -1) {
    switch (c) {
    case 'f':
      if (strcmp(optarg, "jsonl") == 0)
        o.jsonl = 1;
      else if (strcmp(optarg, "text") == 0)
        o.jsonl = 0;
      else {
        fprintf(stderr, "nonet explain: unknown format '%s' (text, jsonl)\n",
                optarg);
        return CLI_USAGE;
      }
      break;
    case 'g':
      o.grid = 1;
      break;
    case 's':
      o.stats = 1;
      break;
    case 't':
      if ((threads = (int)cli_parse_long("nonet explain", "--threads", optarg,
                                         0, 256)) < 0)
        return CLI_USAGE;
      break;
    case 'h':
      cli_puts(usage);
      return CLI_OK;
    case CLI_OPT_TIMEOUT:
      if ((o.timeout =
               cli_parse_seconds("nonet explain", "--timeout", optarg)) < 0)
        return CLI_USAGE;
      break;
    case LOGIC_OPT_TECHNIQUES:
    case LOGIC_OPT_EXCLUDE:
    case LOGIC_OPT_NO_UNIQUENESS:
    case LOGIC_OPT_LIST:
      r = cli_logic_option("nonet explain", c, optarg, o.logic, o.vlogic,
                           &done);
      if (r || done) return r;
      break;
    default:
      fprintf(stderr, "%.*s\nTry 'nonet explain --help'.\n",
              (int)strcspn(usage, "\n"), usage);
      return CLI_USAGE;
    }
  }
  cli_batch b = {argv + optind, argc - optind, threads, explain_one, &o, 1};
  return cli_run_batch_invalid(&b, o.jsonl ? "{\"error\": \"invalid\"}\n"
                                           : "invalid\n\n");
}

int cmd_explain(int argc, char **argv) {
  nonet_logic_options *logic = nonet_logic_options_new();
  nonet_vlogic_options *vlogic = nonet_vlogic_options_new();
  int status = CLI_FAILED;
  if (!logic || !vlogic)
    fputs("nonet: out of memory\n", stderr);
  else
    status = explain_main(argc, argv, logic, vlogic);
  nonet_logic_options_free(logic);
  nonet_vlogic_options_free(vlogic);
  return status;
}
