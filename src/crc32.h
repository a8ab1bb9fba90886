/* SPDX-License-Identifier: MIT */
/* crc32.h - CRC-32/ISO-HDLC (zlib, gzip, PNG, S3's CRC32) transforms.
 * Each works on the un-inverted register: the standard CRC of m is
 * ~crc32_X(~0u, m, len). Any len, including 0.
 * Layer: kernels. */
#ifndef SIMDSUM_CRC32_H
#define SIMDSUM_CRC32_H

#include <stddef.h>
#include <stdint.h>

uint32_t crc32_generic(uint32_t crc, const uint8_t *data, size_t len);

#if SIMDSUM_ASM_X86
uint32_t crc32_pclmul(uint32_t crc, const uint8_t *data, size_t len);
#if HAVE_AS_VPCLMULQDQ && HAVE_AS_AVX512
uint32_t crc32_vpclmul(uint32_t crc, const uint8_t *data, size_t len);
#endif
#if HAVE_AS_VPCLMULQDQ
uint32_t crc32_vpclmul256(uint32_t crc, const uint8_t *data, size_t len);
#endif
#endif

#endif
