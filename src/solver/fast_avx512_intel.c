/* fast_avx512_intel.c: the fast solver on 512-bit vectors, as
 * fast_avx512.c, with fewer vector operations a round (NN_FEW_OPS in
 * fast_impl.h): the build solve.c picks on Intel's AVX-512 CPUs. */
#define NN_LANES 4
#define NN_FEW_OPS 1
#define NN_FAST(name) nonet__fast_avx512i_##name
#include "fast_impl.h"
