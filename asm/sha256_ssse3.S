/* SPDX-License-Identifier: MIT */
/* sha256_ssse3.S - SHA-256 block transform: SSSE3 message schedule, scalar rounds. */
#include "asm.h"

#ifdef __x86_64__

/*
 * void sha256_blocks_ssse3(uint32_t state[8], const uint8_t *data,
 *                          size_t nblocks);
 *
 * Contract: nblocks >= 1 whole 64-byte blocks at data (any alignment;
 * exactly nblocks * 64 bytes are read); state[] holds H0..H7 in host
 * order and is updated in place. Clobbers rax, rcx, rdx, rsi, rdi,
 * r8-r11, xmm0-xmm11 and the flags; uses 288 bytes of stack (plus 64
 * for alignment). Needs SSSE3 (pshufb, palignr).
 *
 * Idea: one block at a time; the message schedule four words at a time
 * in xmm registers (legacy SSE encoding), interleaved with the scalar
 * rounds, which use mov + ror. The body is shared with the AVX variant:
 * see sha256_sse.h and sha256_rounds.h.
 */
#define SIMD_VEX	0
#define SHA256_FUNC	sha256_blocks_ssse3
#include "sha256_sse.h"

#endif /* __x86_64__ */
