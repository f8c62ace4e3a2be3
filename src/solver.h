/* solver.h: the solver implementations behind nonet_solve. Internal. */
#ifndef NONET_SOLVER_H
#define NONET_SOLVER_H

#include <stdint.h>

/* Each returns the number of solutions found (0..limit), copying the
 * first to `solution` when not NULL; `guesses` may be NULL. The puzzle
 * holds only values 0..9 and limit >= 1 (checked by the caller). */
long nonet__solve_basic(const uint8_t puzzle[81], uint8_t solution[81],
                        long limit, unsigned long long *guesses);

#endif
