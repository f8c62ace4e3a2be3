/* unique.c: what commands that need a puzzle's one solution share (solve,
 * render, convert, the logic commands): the givens' broken rules named
 * on the record's error lines, then the count to two. */
#include "cli.h"

int cli_report_cell_conflicts(cli_item *it) {
  nonet_conflict c[8];
  int n = nonet_find_conflicts(it->rec.cells, c, 8);
  for (int k = 0; k < n && k < 8; k++) {
    char msg[160];
    nonet_conflict_describe(&c[k], msg, sizeof msg);
    cli_item_error(it, "%s", msg);
  }
  return n > 0;
}

int cli_report_conflicts(cli_item *it) {
  if (!it->var) return cli_report_cell_conflicts(it);
  char msg[1024];
  if (nonet_variant_conflicts(it->var->variant, it->var->cells, msg,
                              sizeof msg) <= 0)
    return 0;
  cli_item_error(it, "%s", msg);
  return 1;
}

long cli_solve_unique(cli_item *it, uint8_t *sol, double timeout) {
  if (cli_report_conflicts(it)) return NONET_ECONFLICT;
  cli_deadline d;
  cli_deadline_start(&d, timeout);
  long n = it->var
               ? cli_variant_solve(it->var->variant, it->var->cells, sol, 2, &d)
               : nonet_solve(it->rec.cells, sol, 2, NULL);
  if (n == NONET_ESTOPPED)
    cli_timed_out(it, &d);
  else if (n != 1)
    cli_item_error_text(it, n == 0   ? "no solution"
                            : n == 2 ? "multiple solutions"
                                     : nonet_strerror((int)n));
  return n;
}
