/* format.c: writing variant puzzles (text line, grid, CSV, JSON) and
 * candidate sets. */
#include <string.h>

#include "variant.h"

size_t nonet_variant_format(const nonet_variant *v, const uint8_t *cells,
                            const uint8_t *solution, nonet_format format,
                            unsigned flags, char *buf, size_t cap) {
  sbuf b = {buf, cap, 0};
  if (!v || !cells || (!buf && cap)) return 0;
  if (cap) buf[0] = 0;
  switch (format) {
  case NONET_FORMAT_LINE:
  case NONET_FORMAT_GRID:
  case NONET_FORMAT_CSV:
    nonet__v_text_write(&b, v, cells, solution, format, flags);
    break;
  case NONET_FORMAT_JSON:
    nonet__v_json_write(&b, v, cells, solution);
    break;
  default:
    return 0;
  }
  return b.len;
}

static void put_set(sbuf *b, uint32_t m, int json) {
  if (json) nonet__sb_putc(b, '[');
  if (!m && !json) nonet__sb_putc(b, '-');
  for (int d = 1; m; d++, m >>= 1) {
    if (!(m & 1)) continue;
    if (json) {
      nonet__sb_int(b, d);
      if (m > 1) nonet__sb_putc(b, ',');
    } else {
      nonet__sb_putc(b, nonet__v_symbol(d));
    }
  }
  if (json) nonet__sb_putc(b, ']');
}

static int popcount(uint32_t m) {
  int k = 0;
  for (; m; m &= m - 1) k++;
  return k;
}

size_t nonet_variant_format_candidates(const nonet_variant *v,
                                       const uint32_t *cand,
                                       nonet_format format, char *buf,
                                       size_t cap) {
  sbuf b = {buf, cap, 0};
  if (!v || !cand || (!buf && cap)) return 0;
  if (cap) buf[0] = 0;
  int n = v->n, nc = n * n;
  if (format == NONET_FORMAT_JSON) {
    nonet__sb_puts(&b, "{\"candidates\":[");
    for (int i = 0; i < nc; i++) {
      if (i) nonet__sb_putc(&b, ',');
      put_set(&b, cand[i], 1);
    }
    nonet__sb_puts(&b, "]}");
  } else if (format == NONET_FORMAT_LINE) {
    for (int i = 0; i < nc; i++) {
      if (i) nonet__sb_putc(&b, ' ');
      put_set(&b, cand[i], 0);
    }
  } else if (format == NONET_FORMAT_GRID) {
    int width[VMAXN] = {0}, br = v->br ? v->br : n, bc = v->br ? v->bc : n;
    for (int i = 0; i < nc; i++) {
      int w = cand[i] ? popcount(cand[i]) : 1;
      if (w > width[i % n]) width[i % n] = w;
    }
    for (int r = 0; r < n; r++) {
      if (r && r % br == 0) {
        for (int c = 0; c < n; c++) {
          if (c && c % bc == 0) nonet__sb_puts(&b, "-+");
          for (int k = 0; k < width[c] + (c ? 1 : 0); k++)
            nonet__sb_putc(&b, '-');
        }
        nonet__sb_putc(&b, '\n');
      }
      for (int c = 0; c < n; c++) {
        uint32_t m = cand[r * n + c];
        int w = m ? popcount(m) : 1;
        if (c) nonet__sb_puts(&b, c % bc == 0 ? " | " : " ");
        put_set(&b, m, 0);
        if (c < n - 1)
          for (; w < width[c]; w++) nonet__sb_putc(&b, ' ');
      }
      if (r < n - 1) nonet__sb_putc(&b, '\n');
    }
  } else {
    return 0;
  }
  return b.len;
}
