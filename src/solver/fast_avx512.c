/* fast_avx512.c: the fast solver on 256-bit vectors (two digits per
 * vector, as fast_avx2.c) compiled with AVX-512 F/VL/BW/DQ enabled: the
 * same algorithm with AVX-512's instructions on 256-bit registers
 * (three-input logic, compares into mask registers, 32 registers), which
 * neither split in halves (AMD's Zen 4) nor crowd one port (Intel's
 * 512-bit shifts). The build solve.c picks on AMD's AVX-512 CPUs, where it
 * was measured fastest (on the others avx512-zmm); called
 * only when the CPU has them. */
#define NN_LANES 2
#define NN_COMPOSE_ROT 1 /* (as fast_avx2.c) */
#define NN_FAST(name) nonet__fast_avx512_##name
#include "fast_impl.h"
