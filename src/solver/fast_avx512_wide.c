/* fast_avx512_wide.c: the fast solver on 512-bit vectors as
 * fast_avx512.c, without NN_FEW_OPS (both vectors recomputed every
 * round; a placed digit leaves its box and column at once): the build
 * first tuned on AMD's Zen 4, slower there and on Intel's cores than
 * fast_avx512.c when measured side by side (docs/solver.md); picked only
 * by name (NONET_SOLVER=avx512-wide). */
#define NN_LANES 4
#define NN_FAST(name) nonet__fast_avx512w_##name
#include "fast_impl.h"
