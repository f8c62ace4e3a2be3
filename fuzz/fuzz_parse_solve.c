/* fuzz_parse_solve.c: libFuzzer target over the reader, conflict
 * checks, the solver, every output format, and the pattern reader of
 * the generator. Any crash, leak, hang or
 * out-of-bounds access is a bug; solutions are checked against the
 * rules. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "nonet.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  nonet_reader *r = nonet_reader_new_memory((const char *)data, size);
  if (!r) return 0;
  nonet_record rec;
  int records = 0;
  while (nonet_reader_next(r, &rec) == 1 && records++ < 64) {
    if (rec.status != NONET_OK) {
      if (!rec.message[0]) abort();
      continue;
    }
    nonet_conflict c[4];
    int nc = nonet_find_conflicts(rec.cells, c, 4);
    for (int k = 0; k < nc && k < 4; k++) {
      char msg[160];
      nonet_conflict_describe(&c[k], msg, sizeof msg);
    }
    uint8_t sol[81];
    /* enough givens to keep each run short */
    if (nonet_grid_count_givens(rec.cells) >= 17) {
      long n = nonet_solve(rec.cells, sol, 2, NULL);
      if (n < 0 || n > 2) abort();
      if (n > 0 && !nonet_is_solution(rec.cells, sol)) abort();
      if (nc > 0 && n > 0) abort();
    }
    for (int f = NONET_FORMAT_LINE; f <= NONET_FORMAT_CSV; f++) {
      char text[512];
      uint8_t back[81];
      size_t len = nonet_format_grid(rec.cells, f, 0, text, sizeof text);
      if (nonet_parse(text, len, back, NULL, 0) != NONET_OK ||
          memcmp(back, rec.cells, 81) != 0)
        abort();
    }
  }
  nonet_reader_free(r);
  /* the same bytes as a pattern of givens (nonet generate --pattern) */
  uint8_t mask[81];
  char err[NONET_MESSAGE_MAX];
  err[0] = 0;
  if (nonet_pattern_parse((const char *)data, size, mask, err, sizeof err) ==
      NONET_OK) {
    for (int i = 0; i < 81; i++)
      if (mask[i] > 1) abort();
    nonet_gen_options *o = nonet_gen_options_new();
    if (!o) return 0;
    nonet_gen_set_pattern(o, mask);
    int c = nonet_gen_check(o, err, sizeof err);
    if (c != NONET_OK && (c != NONET_EINVAL || !err[0])) abort();
    nonet_gen_options_free(o);
  } else if (!err[0]) {
    abort();
  }
  /* the same bytes as generator options by name, as the command and the
   * packages pass them: "name=value" lines */
  nonet_gen_options *o = nonet_gen_options_new();
  if (!o) return 0;
  char line[256];
  size_t at = 0;
  while (at < size) {
    size_t n = 0;
    while (at < size && data[at] != '\n' && n < sizeof line - 1)
      line[n++] = (char)data[at++];
    line[n] = 0;
    at++;
    char *eq = strchr(line, '=');
    if (eq) *eq = 0;
    err[0] = 0;
    int r =
        nonet_gen_options_parse(o, line, eq ? eq + 1 : NULL, err, sizeof err);
    if (r != NONET_OK && (r != NONET_EINVAL || !err[0])) abort();
  }
  err[0] = 0;
  int c = nonet_gen_check(o, err, sizeof err);
  if (c != NONET_OK && (c != NONET_EINVAL || !err[0])) abort();
  char d[256];
  if (nonet_gen_describe(o, 1, d, sizeof d) == 0) abort();
  nonet_gen_options_free(o);
  return 0;
}
