/* json.c: a step as a JSON object (nonet_step_json), the shape `nonet
 * explain --format jsonl` writes and the JavaScript and Python packages
 * return. */
#include "logic/grid.h"
#include "logic/text.h"

static void json_string(nn_text *t, const char *s) {
  nonet__tx_puts(t, "\"");
  for (; *s; s++) {
    unsigned char ch = (unsigned char)*s;
    if (ch == '"' || ch == '\\')
      nonet__tx_printf(t, "\\%c", ch);
    else if (ch < 0x20)
      nonet__tx_printf(t, "\\u%04x", ch);
    else {
      char one[2] = {(char)ch, 0};
      nonet__tx_puts(t, one);
    }
  }
  nonet__tx_puts(t, "\"");
}

static void json_cands(nn_text *t, const nonet_cand *c, int n) {
  nonet__tx_puts(t, "[");
  for (int j = 0; j < n; j++)
    nonet__tx_printf(t, "%s[%d,%d,%d]", j ? "," : "", c[j].cell / 9 + 1,
                     c[j].cell % 9 + 1, c[j].digit);
  nonet__tx_puts(t, "]");
}

size_t nonet_step_json(const nonet_step *s, unsigned flags, char *buf,
                       size_t cap) {
  nn_text t = {buf, buf ? cap : 0, 0};
  if (t.cap) buf[0] = 0;
  if (!nonet__step_ok(s)) return 0;
  char text[16384];
  nonet__tx_puts(&t, "{\"technique\": ");
  json_string(&t, nonet_step_name(s));
  if (flags & NONET_JSON_DETAILS) {
    nonet__tx_puts(&t, ", \"key\": ");
    json_string(&t, nonet_technique_key(s->technique));
    nonet__tx_printf(&t, ", \"level\": \"%s\"",
                     nonet_level_name(nonet_technique_level(s->technique)));
  }
  nonet__tx_puts(&t, ", \"placements\": ");
  json_cands(&t, s->place, s->nplace);
  nonet__tx_puts(&t, ", \"eliminations\": ");
  json_cands(&t, s->elim, s->nelim);
  nonet_step_text(s, NONET_TEXT_NOTATION, text, sizeof text);
  nonet__tx_puts(&t, ", \"text\": ");
  json_string(&t, text);
  if (flags & NONET_JSON_DETAILS) {
    static const nonet_text_style styles[] = {
        NONET_TEXT_NUDGE, NONET_TEXT_PATTERN, NONET_TEXT_WORDS};
    static const char *const names[] = {"nudge", "pattern", "words"};
    for (int k = 0; k < 3; k++) {
      nonet_step_text(s, styles[k], text, sizeof text);
      nonet__tx_printf(&t, ", \"%s\": ", names[k]);
      json_string(&t, text);
    }
    /* the pattern's cells, with their roles: what a page highlights */
    nonet__tx_puts(&t, ", \"cells\": [");
    for (int j = 0; j < s->ncells; j++)
      nonet__tx_printf(&t, "%s[%d,%d,%d]", j ? "," : "", s->cells[j] / 9 + 1,
                       s->cells[j] % 9 + 1, s->roles[j]);
    nonet__tx_puts(&t, "], \"units\": [");
    for (int j = 0; j < s->nunits; j++) {
      int u = s->units[j];
      nonet__tx_printf(&t, "%s\"%c%d\"", j ? "," : "", "rcb"[u / 9], u % 9 + 1);
    }
    nonet__tx_puts(&t, "]");
  }
  nonet__tx_puts(&t, "}");
  return t.len;
}
