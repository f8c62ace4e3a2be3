/* fast_avx512_zmm.c: the fast solver on 512-bit vectors (four digits
 * per vector), with fewer vector operations a round (NN_FEW_OPS in
 * fast_impl.h); picked on AVX-512 CPUs other than AMD's (Intel's, where
 * it was measured fastest; solve.c's nonet__backend_pick says why), and by name
 * (NONET_SOLVER=avx512-zmm); on AMD's Zen 4 the 256-bit build of
 * fast_avx512.c is faster. Compiled with
 * AVX-512 F/VL/BW/DQ enabled; called only when the CPU has them. */
#define NN_LANES 4
#define NN_FEW_OPS 1
#define NN_FAST(name) nonet__fast_avx512z_##name
#include "fast_impl.h"
