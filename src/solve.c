/* solve.c: nonet_solve, argument checks and the choice of a solver. */
#include <stdlib.h>

#include "nonet.h"
#include "solver.h"

const char *nonet_solver_backend(void) { return "portable"; }

long nonet__solve(const uint8_t puzzle[81], uint8_t solution[81], long limit,
                  unsigned long long *guesses) {
  return nonet__solve_basic(puzzle, solution, limit, guesses);
}

long nonet__solve_masks(const uint16_t allowed[81], uint8_t solution[81],
                        long limit, unsigned long long *guesses) {
  return nonet__solve_basic_masks(allowed, solution, limit, guesses);
}

long nonet_solve(const uint8_t puzzle[81], uint8_t solution[81], long limit,
                 nonet_solve_info *info) {
  unsigned long long guesses = 0;
  if (!puzzle || limit < 1 || !nonet_grid_is_valid(puzzle))
    return NONET_EINVAL;
  long n = nonet__solve(puzzle, solution, limit, &guesses);
  if (info) info->guesses = guesses;
  return n;
}
