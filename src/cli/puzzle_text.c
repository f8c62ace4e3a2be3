/* puzzle_text.c: a classic puzzle, and its solution when given, as text
 * in one of the output formats (generate and convert write them so; each
 * reads back as one record), and a word in a puzzle's place. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

void cli_put_word(cli_buf *out, int format, const char *word) {
  if (format == NONET_FORMAT_LINE) { /* the common case: one append */
    size_t n = strlen(word);
    char *p = cli_buf_extend(out, n + 1);
    memcpy(p, word, n);
    p[n] = '\n';
    return;
  }
  if (format == NONET_FORMAT_JSON) cli_buf_puts(out, "\"");
  cli_buf_puts(out, word);
  cli_buf_puts(out, format == NONET_FORMAT_JSON   ? "\"\n"
                    : format == NONET_FORMAT_GRID ? "\n\n"
                                                  : "\n");
}

void cli_format_classic(cli_buf *out, int format, int flags,
                        const uint8_t puzzle[81], const uint8_t *solution) {
  char a[512], b[512];
  nonet_format_grid(puzzle, format, flags, a, sizeof a);
  if (!solution) {
    cli_buf_printf(out, format == NONET_FORMAT_GRID ? "%s\n\n" : "%s\n", a);
    return;
  }
  nonet_format_grid(solution, format, 0, b, sizeof b);
  switch (format) {
  case NONET_FORMAT_GRID:
    /* the solution right below a line "solution:": every reader takes
     * the two grids for one record, the puzzle and its solution */
    cli_buf_printf(out, "%s\nsolution:\n%s\n\n", a, b);
    break;
  case NONET_FORMAT_JSON:
    cli_buf_printf(out, "{\"puzzle\":%s,\"solution\":%s}\n", a, b);
    break;
  case NONET_FORMAT_CSV:
    /* the two-column shape of the "quizzes,solutions" data sets: 81
     * digits each, 0 for empty; it reads back as the puzzle */
    nonet_format_grid(puzzle, NONET_FORMAT_LINE, NONET_FMT_ZERO, a, sizeof a);
    nonet_format_grid(solution, NONET_FORMAT_LINE, 0, b, sizeof b);
    cli_buf_printf(out, "%s,%s\n", a, b);
    break;
  default:
    cli_buf_printf(out, "%s\t%s\n", a, b);
    break;
  }
}

int cli_put_variant(cli_buf *out, const nonet_variant *v, const uint8_t *cells,
                    const uint8_t *solution, int format, int flags) {
  static const size_t cap = NONET_VARIANT_TEXT_MAX;
  char *text = malloc(cap);
  if (!text) return -1;
  size_t len =
      nonet_variant_format(v, cells, solution, format, flags, text, cap);
  cli_buf_put(out, text, len < cap ? len : cap - 1);
  cli_buf_puts(out, format == NONET_FORMAT_GRID ? "\n\n" : "\n");
  free(text);
  return 0;
}
