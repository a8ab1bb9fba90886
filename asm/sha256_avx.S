/* SPDX-License-Identifier: MIT */
/* sha256_avx.S - SHA-256 block transform: AVX message schedule, scalar rounds. */
#include "asm.h"

#ifdef __x86_64__

/*
 * void sha256_blocks_avx(uint32_t state[8], const uint8_t *data,
 *                        size_t nblocks);
 *
 * Contract: nblocks >= 1 whole 64-byte blocks at data (any alignment;
 * exactly nblocks * 64 bytes are read); state[] holds H0..H7 in host
 * order and is updated in place. Clobbers rax, rcx, rdx, rsi, rdi,
 * r8-r11, xmm0-xmm11 and the flags; uses 288 bytes of stack (plus 64
 * for alignment). Needs AVX (VEX-encoded 128-bit integer instructions;
 * no ymm register is touched). Ends with vzeroupper, as sha1_avx and
 * sha512_avx do: the upper state is clean on return whatever the
 * caller left.
 *
 * Idea: the SSSE3 kernel's algorithm with three-operand VEX encodings,
 * which drop the register copies two-operand SSE needs; the scalar
 * rounds still use mov + ror (BMI2 rorx is the AVX2 kernel's). See
 * sha256_sse.h and sha256_rounds.h.
 */
#define SIMD_VEX	1
#define SHA256_FUNC	sha256_blocks_avx
#include "sha256_sse.h"

#endif /* __x86_64__ */
