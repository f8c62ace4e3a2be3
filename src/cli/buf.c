/* buf.c: a growable text buffer for the CLI. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static void grow(cli_buf *b, size_t need) {
  if (b->len + need + 1 <= b->cap) return;
  size_t cap = b->cap ? b->cap : 256;
  while (cap < b->len + need + 1) cap *= 2;
  char *p = realloc(b->data, cap);
  if (!p) {
    fputs("nonet: out of memory\n", stderr);
    exit(CLI_FAILED);
  }
  b->data = p;
  b->cap = cap;
}

char *cli_buf_extend(cli_buf *b, size_t n) {
  grow(b, n);
  char *p = b->data + b->len;
  b->len += n;
  b->data[b->len] = 0;
  return p;
}

void cli_buf_put(cli_buf *b, const char *s, size_t n) {
  memcpy(cli_buf_extend(b, n), s, n);
}

void cli_buf_puts(cli_buf *b, const char *s) { cli_buf_put(b, s, strlen(s)); }

void cli_buf_printf(cli_buf *b, const char *fmt, ...) {
  va_list ap;
  char tmp[512];
  va_start(ap, fmt);
  int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
  va_end(ap);
  if (n < 0) return;
  if ((size_t)n < sizeof tmp) {
    cli_buf_put(b, tmp, (size_t)n);
    return;
  }
  grow(b, (size_t)n);
  va_start(ap, fmt);
  vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
  va_end(ap);
  b->len += (size_t)n;
}

void cli_buf_free(cli_buf *b) {
  free(b->data);
  b->data = NULL;
  b->len = b->cap = 0;
}
