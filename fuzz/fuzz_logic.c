/* fuzz_logic.c: libFuzzer target over the logic engine on arbitrary
 * candidate grids (a nonet_logic_state is a plain struct callers may
 * fill as they like: inconsistent, broken, lying about uniqueness).
 * Every finder, the texts of every step and a whole path must run
 * without crash, hang or out-of-bounds access, and every step must only
 * place and remove candidates the grid has.
 *
 * Input: 81 bytes of cells (value % 10), then 162 bytes of candidate
 * masks (two bytes a cell), then a flags byte (bit 0: unique). Shorter
 * inputs are padded with zeros. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "nonet.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const nonet_logic_state *cur;

static void check_step(const nonet_logic_state *s, const nonet_step *st) {
  if (st->technique >= nonet_technique_count() || st->nplace + st->nelim == 0)
    abort();
  for (int j = 0; j < st->nplace; j++) {
    nonet_cand c = st->place[j];
    if (c.cell > 80 || c.digit < 1 || c.digit > 9 || s->cells[c.cell] ||
        !(s->cand[c.cell] & (1u << (c.digit - 1))))
      abort();
  }
  for (int j = 0; j < st->nelim; j++) {
    nonet_cand c = st->elim[j];
    if (c.cell > 80 || c.digit < 1 || c.digit > 9 || s->cells[c.cell] ||
        !(s->cand[c.cell] & (1u << (c.digit - 1))))
      abort();
  }
  char text[16384];
  for (int style = 0; style < 4; style++) {
    size_t n = nonet_step_text(st, style, text, sizeof text);
    if (n >= sizeof text || strlen(text) != n) abort();
    char small[16];
    nonet_step_text(st, style, small, sizeof small);
    if (strlen(small) >= sizeof small) abort();
  }
}

static int on_each(const nonet_step *st, void *ctx) {
  int *n = ctx;
  check_step(cur, st);
  return ++*n >= 8;
}

static int on_path(const nonet_logic_state *s, const nonet_step *st,
                   void *ctx) {
  (void)ctx;
  check_step(s, st);
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  uint8_t buf[81 + 162 + 1] = {0};
  memcpy(buf, data, size < sizeof buf ? size : sizeof buf);
  nonet_logic_state s;
  memset(&s, 0, sizeof s);
  for (int i = 0; i < 81; i++) {
    s.cells[i] = (uint8_t)(buf[i] % 10);
    s.cand[i] =
        s.cells[i]
            ? 0
            : (nonet_mask)((buf[81 + 2 * i] | buf[82 + 2 * i] << 8) & 0x1ff);
    s.givens[i] = s.cells[i] != 0;
  }
  s.unique = buf[243] & 1;
  cur = &s;
  for (int t = 0; t < nonet_technique_count(); t++) {
    int n = 0;
    nonet_logic_each(&s, t, NULL, on_each, &n);
  }
  char g[2048];
  if (nonet_logic_format_grid(&s, g, sizeof g) >= sizeof g) abort();
  nonet_logic_result r;
  nonet_logic_solve(&s, NULL, on_path, NULL, &r);
  if (r.steps < 0 || r.steps > 800) abort();
  return 0;
}
