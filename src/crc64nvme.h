/* SPDX-License-Identifier: MIT */
/* crc64nvme.h - CRC-64/NVME (S3's CRC64NVME; Azure's CRC64 polynomial)
 * transforms. Each works on the un-inverted register: the standard CRC of
 * m is ~crc64nvme_X(~0, m, len). Any len, including 0.
 * Layer: kernels. */
#ifndef SIMDSUM_CRC64NVME_H
#define SIMDSUM_CRC64NVME_H

#include <stddef.h>
#include <stdint.h>

uint64_t crc64nvme_generic(uint64_t crc, const uint8_t *data, size_t len);

#if SIMDSUM_ASM_X86
uint64_t crc64nvme_pclmul(uint64_t crc, const uint8_t *data, size_t len);
#if HAVE_AS_VPCLMULQDQ && HAVE_AS_AVX512
uint64_t crc64nvme_vpclmul(uint64_t crc, const uint8_t *data, size_t len);
#endif
#if HAVE_AS_VPCLMULQDQ
uint64_t crc64nvme_vpclmul256(uint64_t crc, const uint8_t *data, size_t len);
#endif
#endif

#endif
