/* fuzz_variant.c: libFuzzer target over the variant reader (text lines,
 * grids, JSON objects, f-puzzles links), the checks of rules and givens,
 * every output format read back, the solver and true candidates on small
 * grids and 25x25 ones with most givens (each solution checked against
 * the rules), the same searches stopped early by a stop function up to
 * 16x16 (and the logic engine's path up to 9x9), and the variant
 * generator's options set by name. Any crash, leak, hang or
 * out-of-bounds access is a bug. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "nonet.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The formats of a puzzle read back give the same rules and cells. */
static void round_trip(const nonet_variant *v, const uint8_t *cells) {
  static char text[NONET_VARIANT_TEXT_MAX];
  int n = nonet_variant_size(v);
  for (int f = NONET_FORMAT_LINE; f <= NONET_FORMAT_CSV; f++) {
    size_t len = nonet_variant_format(v, cells, NULL, (nonet_format)f, 0, text,
                                      sizeof text);
    if (len == 0 || len >= sizeof text) abort();
    nonet_variant_record back;
    if (nonet_variant_parse(text, len, &back, NULL, 0) != NONET_OK) abort();
    if (nonet_variant_size(back.variant) != n ||
        nonet_variant_cage_count(back.variant) != nonet_variant_cage_count(v) ||
        nonet_variant_constraints(back.variant) !=
            nonet_variant_constraints(v) ||
        memcmp(back.cells, cells, (size_t)(n * n)) != 0)
      abort();
    for (int c = 0; c < n * n; c++)
      if (nonet_variant_region(back.variant, c) < 0) abort();
    nonet_variant_free(back.variant);
  }
}

/* A stop function that says stop at its `at`-th question. */
typedef struct stopper {
  int calls, at;
} stopper;

static int stop_at(void *ctx) {
  stopper *s = ctx;
  return ++s->calls >= s->at;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  nonet_reader *r = nonet_reader_new_memory((const char *)data, size);
  if (!r) return 0;
  nonet_record rec;
  nonet_variant_record vr;
  for (int records = 0;
       records < 16 && nonet_reader_next_variant(r, &rec, &vr) == 1;
       records++) {
    if (rec.status != NONET_OK) {
      if (!rec.message[0] || vr.variant) abort();
      continue;
    }
    if (!vr.variant) continue; /* classic: fuzz_parse_solve's business */
    const nonet_variant *v = vr.variant;
    int n = nonet_variant_size(v), givens = 0;
    for (int c = 0; c < n * n; c++) givens += vr.cells[c] != 0;
    char msg[512];
    int bad = nonet_variant_conflicts(v, vr.cells, msg, sizeof msg);
    if (bad < 0 || (bad > 0 && !msg[0])) abort();
    round_trip(v, vr.cells);
    /* small grids only: a bigger one may search long (25x25 with most
     * givens: the clause-learning search of src/variant/learn.c) */
    if (n <= 6 || (n <= 9 && givens >= 30) || (n == 25 && givens >= 480)) {
      uint8_t sol[NONET_VARIANT_MAX_CELLS];
      long k = nonet_variant_solve(v, vr.cells, sol, 2, NULL);
      if (k < 0 || k > 2) abort();
      if (k > 0 && !nonet_variant_is_solution(v, vr.cells, sol)) abort();
      if (k > 0 && bad > 0) abort();
      if (n <= 6) {
        uint32_t cand[NONET_VARIANT_MAX_CELLS];
        int t = nonet_variant_true_candidates(v, vr.cells, cand);
        if (t != (k > 2 ? 2 : (int)k)) abort();
        for (int c = 0; c < n * n && k > 0; c++)
          if (!(cand[c] >> (sol[c] - 1) & 1)) abort();
      }
    }
    /* up to 16x16, any givens: the searches stopped at the first to third
     * question (1024 branches each) end, free what they took, and either
     * answer or say they stopped (the count, the true candidates, the
     * logic engine's start) */
    if (n <= 16) {
      uint8_t sol[NONET_VARIANT_MAX_CELLS];
      uint32_t cand[NONET_VARIANT_MAX_CELLS];
      stopper st = {0, 1 + (size ? data[0] % 3 : 0)};
      long k =
          nonet_variant_solve_until(v, vr.cells, sol, 2, stop_at, &st, NULL);
      if (k != NONET_ESTOPPED && (k < 0 || k > 2)) abort();
      if (k > 0 && !nonet_variant_is_solution(v, vr.cells, sol)) abort();
      st.calls = 0;
      int t =
          nonet_variant_true_candidates_until(v, vr.cells, cand, stop_at, &st);
      if (t != NONET_ESTOPPED && (t < 0 || t > 2)) abort();
      if (k >= 0 && t >= 0 && t != (k > 2 ? 2 : (int)k)) abort();
      /* the logic engine's start: the same count, or stopped */
      static nonet_vlogic_state ls;
      st.calls = 0;
      long i = nonet_vlogic_init_until(&ls, v, vr.cells, stop_at, &st);
      if (i != NONET_ESTOPPED && i != NONET_ECONFLICT && (i < 0 || i > 2))
        abort();
      if (i >= 0 && k >= 0 && i != k) abort();
      if (i >= 0 && ls.unique != (i == 1)) abort();
      if (i == 1 && !nonet_variant_is_solution(v, vr.cells, ls.solution))
        abort();
      /* its path up to 9x9, stopped at its 1st to 64th question (before
       * each step, in trial and error): stopped or done, every digit
       * placed the solution's */
      if (i == 1 && n <= 9) {
        st = (stopper){0, 1 + (size > 1 ? data[1] % 64 : 0)};
        int p =
            nonet_vlogic_solve_until(&ls, NULL, NULL, NULL, NULL, stop_at, &st);
        if (p != NONET_ESTOPPED && p != 0 && p != 1) abort();
        for (int c = 0; c < n * n; c++)
          if (ls.cells[c] && ls.cells[c] != ls.solution[c]) abort();
      }
    }
    nonet_variant_free(vr.variant);
  }
  nonet_reader_free(r);
  /* the same bytes as NAME=VALUE lines of generator options */
  nonet_variant_gen *o = nonet_variant_gen_new();
  if (!o) return 0;
  char line[256];
  size_t at = 0;
  while (at < size) {
    size_t k = 0;
    while (at < size && data[at] != '\n' && k + 1 < sizeof line)
      line[k++] = (char)data[at++];
    at++;
    line[k] = 0;
    char *eq = strchr(line, '='), err[200] = "";
    if (eq) *eq = 0;
    int p =
        nonet_variant_gen_parse(o, line, eq ? eq + 1 : NULL, err, sizeof err);
    if (p != NONET_OK && (p != NONET_EINVAL || !err[0])) abort();
  }
  char desc[400];
  nonet_variant_gen_describe(o, 1, desc, sizeof desc);
  nonet_variant_gen_free(o);
  return 0;
}
