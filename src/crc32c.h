/* SPDX-License-Identifier: MIT */
/* crc32c.h - CRC-32C (Castagnoli) transforms. Combination is crc_combine
 * (impl.h), the same for every CRC.
 * Layer: kernels. */
#ifndef SIMDSUM_CRC32C_H
#define SIMDSUM_CRC32C_H

#include <stddef.h>
#include <stdint.h>

/* Every transform works on the un-inverted register: the standard CRC of
 * a message m is ~crc32c_X(~0u, m, len). Any len, including 0. */
uint32_t crc32c_generic(uint32_t crc, const uint8_t *data, size_t len);

#if SIMDSUM_ASM_X86
uint32_t crc32c_sse42(uint32_t crc, const uint8_t *data, size_t len);
uint32_t crc32c_pclmul(uint32_t crc, const uint8_t *data, size_t len);
#if HAVE_AS_VPCLMULQDQ
uint32_t crc32c_vpclmul(uint32_t crc, const uint8_t *data, size_t len);
uint32_t crc32c_hybrid(uint32_t crc, const uint8_t *data, size_t len);
uint32_t crc32c_avx2blend(uint32_t crc, const uint8_t *data, size_t len);
uint32_t crc32c_vpclmul256(uint32_t crc, const uint8_t *data, size_t len);
#endif
#endif

#endif
