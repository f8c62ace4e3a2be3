/* pattern_text.c: reading a pattern of givens from text
 * (nonet_pattern_parse). */
#include <stdio.h>
#include <string.h>

#include "nonet.h"

static int is_sep(char ch) {
  return ch == ' ' || ch == '\t' || ch == '|' || ch == ',' || ch == '\r';
}
static int is_rule(char ch) {
  return ch == '-' || ch == '+' || ch == '=' || ch == '|' || ch == ' ' ||
         ch == '\t' || ch == '\r';
}

static int perr(char *err, size_t cap, unsigned long line, const char *what,
                int a, int b) {
  if (err && cap) {
    char msg[120];
    snprintf(msg, sizeof msg, what, a, b);
    if (line)
      snprintf(err, cap, "line %lu: %s", line, msg);
    else
      snprintf(err, cap, "%s", msg);
  }
  return NONET_EPARSE;
}

int nonet_pattern_parse(const char *text, size_t len, uint8_t mask[81],
                        char *err, size_t errcap) {
  if (!text || !mask) return perr(err, errcap, 0, "no pattern", 0, 0);
  int rows = 0;
  unsigned long line = 0;
  size_t pos = 0;
  while (pos < len) {
    size_t end = pos;
    while (end < len && text[end] != '\n') end++;
    line++;
    const char *s = text + pos;
    size_t n = end - pos;
    pos = end + 1;
    /* skip blank, comment and rule lines */
    size_t k = 0;
    while (k < n && (s[k] == ' ' || s[k] == '\t' || s[k] == '\r')) k++;
    if (k == n || s[k] == '#') continue;
    int rule = 1;
    for (size_t t = 0; t < n && rule; t++) rule = is_rule(s[t]);
    if (rule) continue;
    if (rows == 9) return perr(err, errcap, line, "more than 9 rows", 0, 0);
    uint8_t row[81];
    int cells = 0;
    for (size_t t = 0; t < n; t++) {
      char ch = s[t];
      if (is_sep(ch)) continue;
      int v;
      if (ch == 'x' || ch == 'X' || (ch >= '1' && ch <= '9'))
        v = 1;
      else if (ch == '.' || ch == '0')
        v = 0;
      else if ((unsigned char)ch >= 32 && (unsigned char)ch < 127)
        return perr(err, errcap, line,
                    "'%c' at column %d is not a pattern cell (x or 1 for a "
                    "given, . or 0 for empty)",
                    ch, (int)t + 1);
      else
        return perr(err, errcap, line,
                    "byte %d at column %d is not a pattern cell (x or 1 for "
                    "a given, . or 0 for empty)",
                    (unsigned char)ch, (int)t + 1);
      if (cells == 81)
        return perr(err, errcap, line, "more than 81 cells on one line", 0, 0);
      row[cells++] = (uint8_t)v;
    }
    if (cells == 81 && rows == 0) {
      memcpy(mask, row, 81);
      rows = 9;
      continue;
    }
    if (cells != 9)
      return perr(err, errcap, line,
                  "%d cells in a row; a pattern row has 9 (or one line of "
                  "81)",
                  cells, 0);
    memcpy(mask + 9 * rows++, row, 9);
  }
  if (rows < 9)
    return perr(err, errcap, 0,
                rows ? "only %d rows; a pattern has 9" : "no pattern rows",
                rows, 0);
  return NONET_OK;
}
