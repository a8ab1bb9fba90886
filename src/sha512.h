/* SPDX-License-Identifier: MIT */
/* sha512.h - SHA-512 (and SHA-384) block transforms, one per implementation.
 * Layer: kernels. */
#ifndef SIMDSUM_SHA512_H
#define SIMDSUM_SHA512_H

#include <stddef.h>
#include <stdint.h>

#define SHA512_BLOCK_SIZE 128

void sha512_blocks_generic(uint64_t state[8], const uint8_t *data, size_t nblocks);

#if SIMDSUM_ASM_X86
void sha512_blocks_ssse3(uint64_t state[8], const uint8_t *data, size_t nblocks);
void sha512_blocks_avx(uint64_t state[8], const uint8_t *data, size_t nblocks);
void sha512_blocks_avx2(uint64_t state[8], const uint8_t *data, size_t nblocks);
#if HAVE_AS_AVX512
void sha512_blocks_avx512(uint64_t state[8], const uint8_t *data, size_t nblocks);
#endif

/* Multi-buffer kernels: see the contract in impl.h (sha*_mblocks_fn). */
#if HAVE_AS_AVX512
void sha512_mblocks_avx512x8(uint64_t *const state[], const uint8_t *const data[], size_t nblocks);
#endif
#endif

#endif
