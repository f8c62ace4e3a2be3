/* sbuf.c: writing text into a caller's buffer with the snprintf
 * convention: what does not fit is cut, the length the whole text needs
 * is counted, the buffer always ends with a NUL (when it has room). */
#include <string.h>

#include "variant.h"

void nonet__sb_put(sbuf *b, const char *s, size_t n) {
  if (b->cap && b->len < b->cap - 1) {
    size_t room = b->cap - 1 - b->len, k = n < room ? n : room;
    memcpy(b->buf + b->len, s, k);
    b->buf[b->len + k] = 0;
  }
  b->len += n;
}

void nonet__sb_puts(sbuf *b, const char *s) { nonet__sb_put(b, s, strlen(s)); }

void nonet__sb_putc(sbuf *b, char c) { nonet__sb_put(b, &c, 1); }

void nonet__sb_int(sbuf *b, long v) {
  char tmp[24];
  int k = (int)sizeof tmp;
  unsigned long u = v < 0 ? 0ul - (unsigned long)v : (unsigned long)v;
  do tmp[--k] = (char)('0' + u % 10);
  while ((u /= 10) > 0);
  if (v < 0) tmp[--k] = '-';
  nonet__sb_put(b, tmp + k, sizeof tmp - (size_t)k);
}
