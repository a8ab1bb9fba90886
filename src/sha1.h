/* SPDX-License-Identifier: MIT */
/* sha1.h - SHA-1 block transforms, one per implementation (asm/README).
 * Layer: kernels. */
#ifndef SIMDSUM_SHA1_H
#define SIMDSUM_SHA1_H

#include <stddef.h>
#include <stdint.h>

#define SHA1_BLOCK_SIZE 64

void sha1_blocks_generic(uint32_t state[5], const uint8_t *data, size_t nblocks);

#if SIMDSUM_ASM_X86
void sha1_blocks_ssse3(uint32_t state[5], const uint8_t *data, size_t nblocks);
void sha1_blocks_avx(uint32_t state[5], const uint8_t *data, size_t nblocks);
void sha1_blocks_avx2(uint32_t state[5], const uint8_t *data, size_t nblocks);
#if HAVE_AS_SHA
void sha1_blocks_shani(uint32_t state[5], const uint8_t *data, size_t nblocks);
#endif

/* Multi-buffer kernels: see the contract in impl.h (sha*_mblocks_fn). */
#if HAVE_AS_SHA
void sha1_mblocks_shanix3(uint32_t *const state[], const uint8_t *const data[], size_t nblocks);
#endif
#if HAVE_AS_AVX512
void sha1_mblocks_avx512x16(uint32_t *const state[], const uint8_t *const data[], size_t nblocks);
#endif
void sha1_mblocks_avx2x8(uint32_t *const state[], const uint8_t *const data[], size_t nblocks);
#endif

#endif
