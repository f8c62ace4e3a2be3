/* format.c: writing a grid as text (line, grid, json, csv). */
#include <string.h>

#include "nonet.h"

static const char *names[] = {"auto", "line", "grid", "json", "csv"};

int nonet_format_from_name(const char *name) {
  if (!name) return NONET_EINVAL;
  for (int f = 0; f < 5; f++)
    if (strcmp(name, names[f]) == 0) return f;
  return NONET_EINVAL;
}

const char *nonet_format_name(nonet_format format) {
  return format >= 0 && format < 5 ? names[format] : "?";
}

size_t nonet_format_grid(const uint8_t cells[81], nonet_format format,
                         unsigned flags, char *buf, size_t cap) {
  char tmp[512];
  size_t n = 0;
  char empty = (flags & NONET_FMT_ZERO) ? '0' : '.';
  if (!cells) return 0;
  uint8_t top = 0; /* no branch in the loops: they vectorize */
  for (int i = 0; i < 81; i++) top = cells[i] > top ? cells[i] : top;
  if (top > 9) return 0;
  switch (format) {
  case NONET_FORMAT_LINE:
    for (int i = 0; i < 81; i++)
      tmp[i] = cells[i] ? (char)('0' + cells[i]) : empty;
    n = 81;
    break;
  case NONET_FORMAT_GRID:
    for (int r = 0; r < 9; r++) {
      if (r == 3 || r == 6) {
        memcpy(tmp + n, "------+-------+------\n", 22);
        n += 22;
      }
      for (int c = 0; c < 9; c++) {
        int v = cells[r * 9 + c];
        tmp[n++] = v ? (char)('0' + v) : empty;
        if (c == 8) break;
        tmp[n++] = ' ';
        if (c == 2 || c == 5) {
          tmp[n++] = '|';
          tmp[n++] = ' ';
        }
      }
      if (r < 8) tmp[n++] = '\n';
    }
    break;
  case NONET_FORMAT_JSON:
    tmp[n++] = '[';
    for (int r = 0; r < 9; r++) {
      tmp[n++] = '[';
      for (int c = 0; c < 9; c++) {
        tmp[n++] = (char)('0' + cells[r * 9 + c]);
        if (c < 8) tmp[n++] = ',';
      }
      tmp[n++] = ']';
      if (r < 8) tmp[n++] = ',';
    }
    tmp[n++] = ']';
    break;
  case NONET_FORMAT_CSV:
    for (int i = 0; i < 81; i++) {
      tmp[n++] = (char)('0' + cells[i]);
      if (i < 80) tmp[n++] = ',';
    }
    break;
  default:
    return 0;
  }
  if (buf && cap) {
    size_t k = n < cap - 1 ? n : cap - 1;
    memcpy(buf, tmp, k);
    buf[k] = 0;
  }
  return n;
}
