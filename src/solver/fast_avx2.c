/* fast_avx2.c: the fast solver on 256-bit vectors (two digits per
 * vector). Compiled with AVX2 enabled; called only when the CPU has it
 * (solve.c). */
#define NN_LANES 2
#define NN_COMPOSE_ROT 1 /* (fast_impl.h: 2% fewer instructions) */
#define NN_FAST(name) nonet__fast_avx2_##name
#include "fast_impl.h"
