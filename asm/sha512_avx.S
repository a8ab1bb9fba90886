/* SPDX-License-Identifier: MIT */
/* sha512_avx.S - SHA-512 block transform with the message schedule in
 * AVX (VEX three-operand) XMM code; the body is in sha512_xmm.h. */
#include "asm.h"

#ifdef __x86_64__

/*
 * void sha512_blocks_avx(uint64_t state[8], const uint8_t *data, size_t nblocks);
 *
 * nblocks >= 1; reads nblocks * 128 bytes at data (any alignment); needs
 * AVX.  Contract, clobbers and algorithm: see sha512_xmm.h.
 */
#define SIMD_VEX 1
#define SHA512_XMM_FUNC sha512_blocks_avx
#include "sha512_xmm.h"

#endif /* __x86_64__ */
