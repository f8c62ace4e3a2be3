/* logic_opts.c: options and checks the logic commands share. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "logic_cli.h"

/* Splits a technique list into the names each engine knows; a name
 * neither knows is left in both lists (so that the classic engine names
 * it in its message). */
static void split_list(const char *list, cli_buf *classic, cli_buf *variant) {
  for (const char *p = list; *p;) {
    while (*p == ' ') p++;
    size_t len = strcspn(p, ",");
    char name[128];
    snprintf(name, sizeof name, "%.*s", (int)len, p);
    for (size_t k = strlen(name); k && name[k - 1] == ' ';) name[--k] = 0;
    int c = nonet_technique_from_name(name) >= 0,
        v = nonet_vtech_from_name(name) >= 0;
    if (c || !v) cli_buf_printf(classic, "%s%s", classic->len ? "," : "", name);
    if (v) cli_buf_printf(variant, "%s%s", variant->len ? "," : "", name);
    p += len;
    if (*p) p++;
  }
}

int cli_logic_option(const char *prog, int code, const char *arg,
                     nonet_logic_options *o, nonet_vlogic_options *vo,
                     int *done) {
  static const char *const names[] = {"techniques", "exclude", "no-uniqueness"};
  char err[160];
  *done = 0;
  switch (code) {
  case LOGIC_OPT_TECHNIQUES:
  case LOGIC_OPT_EXCLUDE: {
    cli_buf classic = {0}, variant = {0};
    split_list(arg, &classic, &variant);
    const char *name = names[code - LOGIC_OPT_TECHNIQUES];
    int bad =
        nonet_logic_options_parse(o, name, classic.data ? classic.data : "",
                                  err, sizeof err) != NONET_OK;
    if (!bad)
      bad =
          nonet_vlogic_options_parse(vo, name, variant.data ? variant.data : "",
                                     err, sizeof err) != NONET_OK;
    cli_buf_free(&classic);
    cli_buf_free(&variant);
    if (bad) {
      fprintf(stderr, "%s: %s\n", prog, err);
      return CLI_USAGE;
    }
    return 0;
  }
  case LOGIC_OPT_NO_UNIQUENESS: /* variants use no uniqueness technique */
    nonet_logic_options_parse(o, names[2], arg, err, sizeof err);
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
    cli_printf("\nvariant puzzles (sizes, jigsaw, extra regions, relations, "
               "killer):\n%-22s %s\n",
               "key", "technique (default order)");
    nonet_vtech vorder[NONET_VTECH_SLOTS];
    size_t vn = nonet_vlogic_options_order(NULL, vorder, NONET_VTECH_SLOTS);
    for (size_t j = 0; j < vn; j++)
      cli_printf("%-22s %s (%s)\n", nonet_vtech_key(vorder[j]),
                 nonet_vtech_name(vorder[j]),
                 nonet_level_name((nonet_level)nonet_vtech_level(vorder[j])));
    *done = 1;
    return CLI_OK;
  }
  }
  return CLI_USAGE;
}

int cli_logic_start(cli_item *it, nonet_logic_state *s, const char **why) {
  *why = NULL;
  if (cli_report_cell_conflicts(it)) {
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

const nonet_variant *cli_variant_rules(cli_item *it) {
  if (!it->var) return NULL;
  if (!nonet_variant_is_classic(it->var->variant)) return it->var->variant;
  memcpy(it->rec.cells, it->var->cells, 81);
  return NULL;
}

int cli_vlogic_start(cli_item *it, const nonet_variant *v,
                     nonet_vlogic_state *s, const char **why, cli_deadline *d) {
  *why = NULL;
  long rc = cli_vlogic_init(s, v, it->var->cells, d);
  if (rc == NONET_ESTOPPED) {
    cli_timed_out(it, d);
    return -1;
  }
  if (rc == NONET_ECONFLICT) {
    char msg[1024];
    nonet_variant_conflicts(v, it->var->cells, msg, sizeof msg);
    cli_item_error(it, "%s", msg);
    it->failed = 1;
    return 0;
  }
  if (rc < 0) {
    cli_item_error(it, "%s", nonet_strerror((int)rc));
    it->failed = 1;
    return 0;
  }
  if (rc != 1) *why = rc == 0 ? "no solution" : "multiple solutions";
  return 1;
}

void cli_variant_line(cli_buf *b, const nonet_variant *v,
                      const uint8_t *cells) {
  size_t need =
      nonet_variant_format(v, cells, NULL, NONET_FORMAT_LINE, 0, NULL, 0);
  char *text = malloc(need + 1);
  if (!text) return;
  nonet_variant_format(v, cells, NULL, NONET_FORMAT_LINE, 0, text, need + 1);
  cli_buf_put(b, text, need);
  free(text);
}
