/* fast_avx512.c: the fast solver on 512-bit vectors (four digits per
 * vector), with fewer vector operations a round (NN_FEW_OPS in
 * fast_impl.h): the build solve.c picks on every AVX-512 CPU. Compiled
 * with AVX-512 F/VL/BW/DQ enabled; called only when the CPU has them. */
#define NN_LANES 4
#define NN_FEW_OPS 1
#define NN_FAST(name) nonet__fast_avx512_##name
#include "fast_impl.h"
