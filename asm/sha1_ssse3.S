/* SPDX-License-Identifier: MIT */
/* sha1_ssse3.S - SHA-1 block transform, message schedule in SSSE3. */
#include "asm.h"

#ifdef __x86_64__

/*
 * void sha1_blocks_ssse3(uint32_t state[5], const uint8_t *data,
 *                        size_t nblocks);
 *
 * Contract: nblocks >= 1; reads exactly data[0 .. 64 * nblocks), any
 * alignment; updates state[0..4] (host order). Clobbers the
 * caller-saved registers, xmm0-xmm15 included; rbx, rbp and r12 are
 * saved and restored, and the stack is realigned locally (64 bytes used
 * below the caller's frame).  Needs SSSE3 (pshufb, palignr).
 *
 * The algorithm: scalar rounds fed with W + K that SSE registers compute
 * four words at a time, 16 rounds ahead; see sha1_ssse3_avx.inc, shared
 * with the AVX variant.
 */

#define SIMD_VEX 0
#include "sha1_ssse3_avx.inc"

FUNC_BEGIN sha1_blocks_ssse3
	SHA1_BODY
FUNC_END sha1_blocks_ssse3

#endif /* __x86_64__ */
