/* puzzle_text.c: a classic puzzle, and its solution when given, as text
 * in one of the output formats (generate and convert write them so). */
#include "cli.h"

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
    cli_buf_printf(out, "%s\n\n%s\n\n", a, b);
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
