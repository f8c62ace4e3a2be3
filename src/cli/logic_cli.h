/* logic_cli.h: what the logic commands (hint, explain, rate) share:
 * technique selection options, puzzle checks, JSON strings. */
#ifndef NONET_LOGIC_CLI_H
#define NONET_LOGIC_CLI_H

#include "cli.h"

/* Long options every logic command takes, and their codes. */
enum {
  LOGIC_OPT_TECHNIQUES = 1000, /* --techniques LIST: only these, in order */
  LOGIC_OPT_EXCLUDE,           /* --exclude LIST: all but these */
  LOGIC_OPT_NO_UNIQUENESS,     /* --no-uniqueness */
  LOGIC_OPT_LIST               /* --list-techniques */
};
#define LOGIC_LONG_OPTIONS                                                     \
  {"techniques", required_argument, NULL, LOGIC_OPT_TECHNIQUES},               \
      {"exclude", required_argument, NULL, LOGIC_OPT_EXCLUDE},                 \
      {"no-uniqueness", no_argument, NULL, LOGIC_OPT_NO_UNIQUENESS}, {         \
    "list-techniques", no_argument, NULL, LOGIC_OPT_LIST                       \
  }

#define LOGIC_OPTIONS_HELP                                                     \
  "      --techniques LIST  use only these techniques, tried in this order\n"  \
  "                         (comma-separated keys or names, e.g.\n"            \
  "                         naked-single,hidden-single,x-wing)\n"              \
  "      --exclude LIST     use every technique but these\n"                   \
  "      --no-uniqueness    never use uniqueness-based techniques\n"           \
  "      --list-techniques  list the techniques, their keys and the default\n" \
  "                         order, and exit\n"

/* Handles one of the LOGIC_OPT_* codes for both engines (a technique
 * list may name classic and variant techniques: each engine takes the
 * ones it knows; a name neither knows is an error); returns 0, or an exit
 * status to return at once (CLI_USAGE for a bad list, CLI_OK after
 * listing). */
int cli_logic_option(const char *prog, int code, const char *arg,
                     nonet_logic_options *o, nonet_vlogic_options *vo,
                     int *done);

/* The rules of a variant record for the variant engine, or NULL for a
 * classic puzzle (a variant record with the plain 9x9 rules becomes one:
 * its cells go to it->rec.cells). */
const nonet_variant *cli_variant_rules(cli_item *it);

/* The variant counterpart of cli_logic_start: conflicts are reported
 * (FILE:LINE) and 0 returned; otherwise fills the state and returns 1,
 * `why` as there. A search for the solutions past the deadline `d`
 * (started by the caller, which keeps it for the path's trial and error)
 * is reported as timed out (the record failed) and returns -1. */
int cli_vlogic_start(cli_item *it, const nonet_variant *v,
                     nonet_vlogic_state *s, const char **why, cli_deadline *d);

/* Appends a variant puzzle in the one-line text format. */
void cli_variant_line(cli_buf *b, const nonet_variant *v, const uint8_t *cells);

/* Checks a record before a logic command works on it: conflicts are
 * reported (FILE:LINE) and 0 returned; otherwise fills the state and
 * returns 1. `why` gets "no solution" / "multiple solutions" / NULL. */
int cli_logic_start(cli_item *it, nonet_logic_state *s, const char **why);

/* Appends s as a JSON string (quoted, escaped). */
void cli_json_string(cli_buf *b, const char *s);

/* The puzzle as 81 characters ('.' for empty). */
void cli_puzzle_line(const uint8_t cells[81], char out[82]);

#endif
