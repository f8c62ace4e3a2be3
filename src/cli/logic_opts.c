/* logic_opts.c: options and checks the logic commands share. */
#include <stdio.h>
#include <string.h>

#include "logic_cli.h"

int cli_logic_option(const char *prog, int code, const char *arg,
                     nonet_logic_options *o, int *done) {
  static const char *const names[] = {"techniques", "exclude", "no-uniqueness"};
  char err[160];
  *done = 0;
  switch (code) {
  case LOGIC_OPT_TECHNIQUES:
  case LOGIC_OPT_EXCLUDE:
  case LOGIC_OPT_NO_UNIQUENESS:
    if (nonet_logic_options_parse(o, names[code - LOGIC_OPT_TECHNIQUES], arg,
                                  err, sizeof err) != NONET_OK) {
      fprintf(stderr, "%s: %s\n", prog, err);
      return CLI_USAGE;
    }
    return 0;
  case LOGIC_OPT_LIST: {
    nonet_technique order[NONET_TECH_SLOTS];
    size_t n = nonet_technique_default_order(order, NONET_TECH_SLOTS);
    cli_printf("%-22s %s\n", "key", "technique (default order)");
    for (size_t j = 0; j < n; j++)
      cli_printf("%-22s %s%s\n", nonet_technique_key(order[j]),
                 nonet_technique_name(order[j]),
                 nonet_technique_is_uniqueness(order[j]) ? " (uniqueness)"
                                                         : "");
    *done = 1;
    return CLI_OK;
  }
  }
  return CLI_USAGE;
}

int cli_logic_start(cli_item *it, nonet_logic_state *s, const char **why) {
  nonet_conflict c[8];
  int nc = nonet_find_conflicts(it->rec.cells, c, 8);
  *why = NULL;
  if (nc > 0) {
    for (int k = 0; k < nc && k < 8; k++) {
      char msg[160];
      nonet_conflict_describe(&c[k], msg, sizeof msg);
      cli_item_error(it, "%s", msg);
    }
    it->failed = 1;
    return 0;
  }
  nonet_logic_init(s, it->rec.cells);
  if (!s->unique) {
    long n = nonet_solve(it->rec.cells, NULL, 2, NULL);
    *why = n == 0 ? "no solution" : "multiple solutions";
  }
  return 1;
}

void cli_json_string(cli_buf *b, const char *s) {
  cli_buf_puts(b, "\"");
  for (; *s; s++) {
    unsigned char ch = (unsigned char)*s;
    if (ch == '"' || ch == '\\')
      cli_buf_printf(b, "\\%c", ch);
    else if (ch < 0x20)
      cli_buf_printf(b, "\\u%04x", ch);
    else
      cli_buf_put(b, s, 1);
  }
  cli_buf_puts(b, "\"");
}

void cli_puzzle_line(const uint8_t cells[81], char out[82]) {
  for (int i = 0; i < 81; i++) out[i] = cells[i] ? (char)('0' + cells[i]) : '.';
  out[81] = 0;
}
