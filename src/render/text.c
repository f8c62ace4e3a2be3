/* text.c: caption notes from a record's tail, and text made safe to
 * draw (valid UTF-8, no control characters). */
#include <stdlib.h>
#include <string.h>

#include "render.h"

/* The longest tail looked at. */
#define NONET_TAIL_FIELDS_MAX 512

/* Length of the valid UTF-8 sequence at s (1..4), or 0 when it is not
 * one. */
static size_t utf8_len(const unsigned char *s) {
  unsigned c = s[0];
  size_t n;
  unsigned min;
  if (c < 0x80) return 1;
  if (c >= 0xc2 && c <= 0xdf)
    n = 2, min = 0x80;
  else if (c >= 0xe0 && c <= 0xef)
    n = 3, min = 0x800;
  else if (c >= 0xf0 && c <= 0xf4)
    n = 4, min = 0x10000;
  else
    return 0;
  unsigned long cp = c & (0x3f >> (n - 1));
  for (size_t k = 1; k < n; k++) {
    if ((s[k] & 0xc0) != 0x80) return 0;
    cp = (cp << 6) | (s[k] & 0x3f);
  }
  if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return 0;
  if (n == 2 && cp >= 0x80 && cp < 0xa0) return 0; /* C1 controls */
  return n;
}

void nonet_render_clean_text(const char *in, char *buf, size_t cap) {
  if (!cap) return;
  const unsigned char *s = (const unsigned char *)(in ? in : "");
  size_t o = 0;
  while (*s) {
    size_t n = utf8_len(s);
    if (n == 0 || *s < 0x20 || *s == 0x7f) {
      if (o + 1 >= cap) break;
      buf[o++] = (n == 0) ? '?' : ' ';
      s += n ? n : 1;
      continue;
    }
    if (o + n >= cap) break;
    memcpy(buf + o, s, n);
    o += n;
    s += n;
  }
  buf[o] = 0;
}

/* A field that is a rating such as "7.2" or "11" (and nothing else):
 * a few figures, so a grid of digits (a solution) is none. */
static int is_number(const char *f) {
  if (!*f || strlen(f) > 6) return 0;
  char *end;
  strtod(f, &end);
  return *end == 0 && ((*f >= '0' && *f <= '9') || *f == '.');
}

/* A field of 81 cells: a solution (generate --solution, convert -s),
 * never shown on the puzzle's page. */
static int is_grid(const char *f) {
  size_t n = 0;
  for (; f[n]; n++)
    if (!(f[n] >= '0' && f[n] <= '9') && f[n] != '.') return 0;
  return n == 81;
}

static char *trim(char *s) {
  while (*s == ' ' || *s == '\t' || *s == '\r') s++;
  size_t n = strlen(s);
  while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r'))
    s[--n] = 0;
  return s;
}

/* Appends src to dst (of cap bytes) as far as it fits. */
static void append(char *dst, size_t cap, const char *src) {
  size_t n = strlen(dst), m = strlen(src);
  if (n + m + 1 > cap) m = n + 1 < cap ? cap - n - 1 : 0;
  memcpy(dst + n, src, m);
  dst[n + m] = 0;
}

void nonet_render_note_from_tail(const char *tail, char *buf, size_t cap) {
  if (!cap) return;
  buf[0] = 0;
  char raw[NONET_TAIL_FIELDS_MAX];
  size_t k = 0;
  for (const char *t = tail ? tail : ""; *t && k + 1 < sizeof raw; t++)
    raw[k++] = *t;
  raw[k] = 0;
  char text[2 * NONET_RENDER_NOTE_MAX];
  text[0] = 0;
  /* a CSV line's tail (`nonet rate -f csv`): its commas are the fields'
   * separators */
  if (raw[0] == ',')
    for (char *c = raw; *c; c++)
      if (*c == ',') *c = '\t';
  if (!strchr(raw, '\t')) {
    /* one field: a number is a rating, anything else a comment shown as
     * it is, shortened */
    char one[sizeof raw];
    nonet_render_clean_text(raw, one, sizeof one);
    char *v = trim(one);
    if (is_grid(v)) return;
    if (is_number(v)) {
      append(text, sizeof text, "rating ");
      append(text, sizeof text, v);
      nonet_render_clean_text(text, buf, cap);
    } else if (strlen(v) < 48) {
      nonet_render_clean_text(v, buf, cap);
    } else { /* shortened, with an ellipsis */
      char cut[48];
      nonet_render_clean_text(v, cut, 45);
      append(cut, sizeof cut, "\xe2\x80\xa6");
      nonet_render_clean_text(cut, buf, cap);
    }
    return;
  }
  /* tab-separated fields: numbers are ratings (ER, EP, ED as `nonet
   * rate` prints them), a word is the level */
  char fields[8][64];
  int nf = 0, nn = 0, first_number = -1, level = -1;
  char *f = raw;
  while (f && nf < 8) {
    char *tab = strchr(f, '\t');
    if (tab) *tab = 0;
    if (is_grid(trim(f))) { /* (whole, before a field's cut) */
      f = tab ? tab + 1 : NULL;
      continue;
    }
    nonet_render_clean_text(f, fields[nf], sizeof fields[nf]);
    char *v = trim(fields[nf]);
    memmove(fields[nf], v, strlen(v) + 1);
    f = tab ? tab + 1 : NULL;
    if (!fields[nf][0]) continue;
    if (is_number(fields[nf])) {
      if (first_number < 0) first_number = nf;
      nn++;
    } else if (level < 0 || nonet_level_from_name(fields[nf]) >= 0) {
      level = nf; /* the level's name before another word (a technique) */
    }
    nf++;
  }
  if (level >= 0) append(text, sizeof text, fields[level]);
  if (first_number >= 0) {
    if (level >= 0) append(text, sizeof text, " \xc2\xb7 "); /* middle dot */
    append(text, sizeof text, nn == 3 ? "ER " : "rating ");
    append(text, sizeof text, fields[first_number]);
  }
  nonet_render_clean_text(text, buf, cap);
}
