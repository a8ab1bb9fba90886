/* SPDX-License-Identifier: MIT */
/* sha1_avx.S - SHA-1 block transform, message schedule in AVX (VEX). */
#include "asm.h"

#ifdef __x86_64__

/*
 * void sha1_blocks_avx(uint32_t state[5], const uint8_t *data,
 *                      size_t nblocks);
 *
 * Contract: nblocks >= 1; reads exactly data[0 .. 64 * nblocks), any
 * alignment; updates state[0..4] (host order). Clobbers the
 * caller-saved registers, xmm0-xmm15 included; rbx, rbp and r12 are
 * saved and restored, and the stack is realigned locally (64 bytes used
 * below the caller's frame).  Needs AVX (VEX-encoded 128-bit integer
 * operations); vzeroupper on return.
 *
 * The algorithm: the same as sha1_blocks_ssse3 (sha1_ssse3_avx.inc);
 * the three-operand VEX forms drop the register copies the two-operand
 * SSE forms need.
 */

#define SIMD_VEX 1
#include "sha1_ssse3_avx.inc"

FUNC_BEGIN sha1_blocks_avx
	SHA1_BODY
FUNC_END sha1_blocks_avx

#endif /* __x86_64__ */
