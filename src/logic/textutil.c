/* textutil.c: the bounded text writer and notation helpers. */
#include <stdio.h>
#include <string.h>

#include "core/bits.h"
#include "logic/text.h"

void nonet__tx_printf(nn_text *t, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  size_t room = t->len < t->cap ? t->cap - t->len : 0;
  int n = vsnprintf(room ? t->buf + t->len : NULL, room, fmt, ap);
  va_end(ap);
  if (n > 0) t->len += (size_t)n;
}

void nonet__tx_puts(nn_text *t, const char *s) {
  size_t n = strlen(s);
  if (t->len < t->cap) {
    size_t room = t->cap - t->len - 1, c = n < room ? n : room;
    memcpy(t->buf + t->len, s, c);
    t->buf[t->len + c] = 0;
  }
  t->len += n;
}

void nonet__tx_cell(nn_text *t, int cell) {
  nonet__tx_printf(t, "r%dc%d", cell / 9 + 1, cell % 9 + 1);
}

void nonet__tx_cells(nn_text *t, const uint8_t *cells, int n) {
  for (int j = 0; j < n; j++) {
    if (j) nonet__tx_puts(t, ",");
    nonet__tx_cell(t, cells[j]);
  }
}

void nonet__tx_cells_role(nn_text *t, const nonet_step *s, int role) {
  int first = 1;
  for (int j = 0; j < s->ncells; j++) {
    if (role >= 0 && s->roles[j] != role) continue;
    if (!first) nonet__tx_puts(t, ",");
    nonet__tx_cell(t, s->cells[j]);
    first = 0;
  }
}

void nonet__tx_digits(nn_text *t, unsigned mask, const char *sep) {
  int first = 1;
  for (unsigned m = mask & 0x1ff; m; m &= m - 1) {
    if (!first) nonet__tx_puts(t, sep);
    nonet__tx_printf(t, "%d", nn_ctz(m) + 1);
    first = 0;
  }
}

void nonet__tx_unit(nn_text *t, int u, int words) {
  static const char *const shortn[3] = {"r", "c", "b"};
  static const char *const longn[3] = {"row ", "column ", "box "};
  int kind = u / 9;
  if (u < 0 || u > 26) {
    nonet__tx_puts(t, "?");
    return;
  }
  nonet__tx_printf(t, "%s%d", words ? longn[kind] : shortn[kind], u % 9 + 1);
}

void nonet__tx_node(nn_text *t, const nonet_node *n) {
  nonet__tx_printf(t, "(%d)", n->digit);
  if (n->ncells <= 1) {
    nonet__tx_cell(t, n->cells[0]);
    return;
  }
  /* a group: one row or one column, written r1c78 / r78c1 */
  int same_row = 1;
  for (int j = 1; j < n->ncells; j++)
    same_row &= n->cells[j] / 9 == n->cells[0] / 9;
  if (same_row) {
    nonet__tx_printf(t, "r%dc", n->cells[0] / 9 + 1);
    for (int j = 0; j < n->ncells; j++)
      nonet__tx_printf(t, "%d", n->cells[j] % 9 + 1);
  } else {
    nonet__tx_puts(t, "r");
    for (int j = 0; j < n->ncells; j++)
      nonet__tx_printf(t, "%d", n->cells[j] / 9 + 1);
    nonet__tx_printf(t, "c%d", n->cells[0] % 9 + 1);
  }
}
