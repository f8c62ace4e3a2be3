/* json.c: a variant step as one JSON object on one line, as `nonet
 * explain --format jsonl` writes each step (the classic engine's members,
 * 1-based rows, columns and digits; with NONET_JSON_DETAILS also its key,
 * level, the nudge, pattern and words, its cells and units). */
#include "vlogic/vlogic.h"

#define P nonet__vt_printf

static void string(vl_text *t, const char *s) {
  P(t, "\"");
  for (; *s; s++) {
    unsigned char c = (unsigned char)*s;
    if (c == '"' || c == '\\')
      P(t, "\\%c", c);
    else if (c < 0x20)
      P(t, "\\u%04x", c);
    else
      P(t, "%c", c);
  }
  P(t, "\"");
}

/* The text of a step in a style, as a JSON string, written in place: the
 * texts hold no character JSON escapes (no quote, backslash or control
 * character). */
static void text_member(vl_text *t, const char *name, const nonet_vstep *s,
                        nonet_text_style style) {
  P(t, ", \"%s\": \"", name);
  size_t room = t->len < t->cap ? t->cap - t->len : 0;
  t->len += nonet_vstep_text(s, style, room ? t->buf + t->len : NULL, room);
  P(t, "\"");
}

static void cands(vl_text *t, const nonet_vcand *c, int k, int n) {
  P(t, "[");
  for (int j = 0; j < k; j++)
    P(t, "%s[%d,%d,%d]", j ? "," : "", c[j].cell / n + 1, c[j].cell % n + 1,
      c[j].digit);
  P(t, "]");
}

size_t nonet_vstep_json(const nonet_vstep *s, unsigned flags, char *buf,
                        size_t cap) {
  vl_text t = {buf, buf ? cap : 0, 0};
  if (t.cap) buf[0] = 0;
  if (!nonet__vl_step_ok(s)) return 0;
  int n = s->size;
  P(&t, "{\"technique\": ");
  string(&t, nonet_vstep_name(s));
  P(&t, ", \"placements\": ");
  cands(&t, s->place, s->nplace, n);
  P(&t, ", \"eliminations\": ");
  cands(&t, s->elim, s->nelim, n);
  text_member(&t, "text", s, NONET_TEXT_NOTATION);
  if (flags & NONET_JSON_DETAILS) {
    P(&t, ", \"key\": \"%s\", \"level\": \"%s\"",
      nonet_vtech_key((nonet_vtech)s->technique),
      nonet_level_name(
          (nonet_level)nonet_vtech_level((nonet_vtech)s->technique)));
    text_member(&t, "nudge", s, NONET_TEXT_NUDGE);
    text_member(&t, "pattern", s, NONET_TEXT_PATTERN);
    text_member(&t, "words", s, NONET_TEXT_WORDS);
    P(&t, ", \"cells\": [");
    for (int j = 0; j < s->ncells; j++)
      P(&t, "%s[%d,%d]", j ? "," : "", s->cells[j] / n + 1,
        s->cells[j] % n + 1);
    P(&t, "], \"units\": [");
    for (int j = 0; j < s->nunits; j++) {
      P(&t, "%s\"", j ? "," : "");
      nonet__vt_unit(&t, n, &s->units[j], 0);
      P(&t, "\"");
    }
    P(&t, "]");
  }
  P(&t, "}");
  return t.len;
}
