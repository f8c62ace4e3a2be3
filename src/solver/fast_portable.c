/* fast_portable.c: the fast solver on 128-bit vectors (one digit
 * per vector), with the compiler's default flags: SSE2 on x86-64, NEON on
 * arm64, plain C elsewhere. Runs on any CPU. */
#define NN_LANES 1
#define NN_COMPOSE_ROT 1 /* (fast_impl.h) */
#define NN_FAST(name) nonet__fast_portable_##name
#include "fast_impl.h"
