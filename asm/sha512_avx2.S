/* SPDX-License-Identifier: MIT */
/* sha512_avx2.S - SHA-512 block transform: two-block message schedule in
 * AVX2, rorx scalar rounds; the body is in sha512_ymm.h. */
#include "asm.h"

#ifdef __x86_64__

/*
 * void sha512_blocks_avx2(uint64_t state[8], const uint8_t *data, size_t nblocks);
 *
 * nblocks >= 1; reads nblocks * 128 bytes at data (any alignment); needs
 * AVX, AVX2 and BMI2.  Contract, clobbers and algorithm: see sha512_ymm.h.
 */
#define SHA512_YMM_AVX512 0
#define SHA512_YMM_FUNC sha512_blocks_avx2
#include "sha512_ymm.h"

#endif /* __x86_64__ */
