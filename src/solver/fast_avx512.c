/* fast_avx512.c: the fast solver on 512-bit vectors (four digits
 * per vector). Compiled with AVX-512 F/VL/BW/DQ enabled; called only
 * when the CPU has them (solve.c). */
#define NN_LANES 4
#define NN_FAST(name) nonet__fast_avx512_##name
#include "fast_impl.h"
