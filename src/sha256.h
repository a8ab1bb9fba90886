/* SPDX-License-Identifier: MIT */
/* sha256.h - SHA-256 (and SHA-224) block transforms, one per implementation.
 * Layer: kernels. */
#ifndef SIMDSUM_SHA256_H
#define SIMDSUM_SHA256_H

#include <stddef.h>
#include <stdint.h>

#define SHA256_BLOCK_SIZE 64

void sha256_blocks_generic(uint32_t state[8], const uint8_t *data, size_t nblocks);

#if SIMDSUM_ASM_X86
void sha256_blocks_ssse3(uint32_t state[8], const uint8_t *data, size_t nblocks);
void sha256_blocks_avx(uint32_t state[8], const uint8_t *data, size_t nblocks);
void sha256_blocks_avx2(uint32_t state[8], const uint8_t *data, size_t nblocks);
#if HAVE_AS_SHA
void sha256_blocks_shani(uint32_t state[8], const uint8_t *data, size_t nblocks);
#endif

/* Multi-buffer kernels: see the contract in impl.h (sha*_mblocks_fn). */
#if HAVE_AS_SHA
void sha256_mblocks_shanix2(uint32_t *const state[], const uint8_t *const data[], size_t nblocks);
#endif
#if HAVE_AS_AVX512
void sha256_mblocks_avx512x16(uint32_t *const state[], const uint8_t *const data[], size_t nblocks);
#endif
void sha256_mblocks_avx2x8(uint32_t *const state[], const uint8_t *const data[], size_t nblocks);
#endif

#endif
