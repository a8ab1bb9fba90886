/* SPDX-License-Identifier: MIT */
/* md5.h - MD5 block transforms, one per implementation (asm/README).
 * Layer: kernels. */
#ifndef SIMDSUM_MD5_H
#define SIMDSUM_MD5_H

#include <stddef.h>
#include <stdint.h>

void md5_blocks_generic(uint32_t state[4], const uint8_t *data, size_t nblocks);

#if SIMDSUM_ASM_X86
void md5_blocks_x86_64(uint32_t state[4], const uint8_t *data, size_t nblocks);

/* Multi-buffer kernels: see the contract in impl.h (md5_mblocks_fn). */
#if HAVE_AS_AVX512
void md5_mblocks_avx512x16(uint32_t *const state[], const uint8_t *const data[], size_t nblocks);
#endif
void md5_mblocks_avx2x8(uint32_t *const state[], const uint8_t *const data[], size_t nblocks);
#endif

#endif
