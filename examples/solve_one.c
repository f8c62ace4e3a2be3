/* solve_one.c: the smallest program using libnonet. Build it against an
 * installed nonet with:
 *   cc solve_one.c $(pkg-config --cflags --libs nonet) -o solve_one
 * Usage: solve_one PUZZLE (81 cells, or any format nonet reads) */
#include <nonet.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
  uint8_t cells[81], solution[81];
  char err[NONET_MESSAGE_MAX], text[512];
  if (argc != 2) {
    fprintf(stderr, "usage: solve_one PUZZLE\n");
    return 2;
  }
  if (nonet_parse(argv[1], strlen(argv[1]), cells, err, sizeof err) !=
      NONET_OK) {
    fprintf(stderr, "solve_one: %s\n", err);
    return 1;
  }
  long n = nonet_solve(cells, solution, 2, NULL);
  if (n != 1) {
    printf("%s\n", n == 0 ? "no solution" : "multiple solutions");
    return 1;
  }
  nonet_format_grid(solution, NONET_FORMAT_GRID, 0, text, sizeof text);
  printf("%s\n", text);
  return 0;
}
