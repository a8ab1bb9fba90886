/* SPDX-License-Identifier: MIT */
/* sha512_avx512.S - SHA-512 block transform: two-block message schedule in
 * AVX-512VL (EVEX on YMM registers only, no ZMM), rorx scalar rounds;
 * the body is in sha512_ymm.h. */
#include "asm.h"

#ifdef __x86_64__
#if HAVE_AS_AVX512

/*
 * void sha512_blocks_avx512(uint64_t state[8], const uint8_t *data, size_t nblocks);
 *
 * nblocks >= 1; reads nblocks * 128 bytes at data (any alignment); needs
 * AVX, AVX2, BMI2, AVX512F and AVX512VL.  Contract, clobbers and
 * algorithm: see sha512_ymm.h.
 */
#define SHA512_YMM_AVX512 1
#define SHA512_YMM_FUNC sha512_blocks_avx512
#include "sha512_ymm.h"
#endif /* HAVE_AS_AVX512 */

#endif /* __x86_64__ */
