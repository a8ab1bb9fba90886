/* crc32c.h - CRC-32C (Castagnoli) transforms and combination. */
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
#endif
#endif

/* The standard CRC-32C of A||B from crc_a = CRC(A), crc_b = CRC(B) and
 * the length of B, in O(log len_b). */
uint32_t crc32c_combine(uint32_t crc_a, uint32_t crc_b, uint64_t len_b);

/* The arithmetic behind it, exposed for tests: products of polynomials
 * modulo P in the reflected bit order of CRC registers, and the table of
 * x^(8 * 2^k) mod P. */
uint32_t crc32c_gf2_mulmod(uint32_t a, uint32_t b);
uint32_t crc32c_x_pow_8_2k(unsigned k);

#endif
