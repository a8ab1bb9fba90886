/* crc32c_generic.c - portable CRC-32C (slicing-by-8) and CRC combination. */
#include "bytes.h"
#include "crc32c.h"

#include "crc32c_table.h"

#define CRC32C_POLY_REFLECTED 0x82f63b78u

uint32_t crc32c_generic(uint32_t crc, const uint8_t *data, size_t len)
{
	/* Byte steps until the pointer is 8-byte aligned, so the word loads
	 * below are aligned on every architecture. */
	while (len && ((uintptr_t)data & 7)) {
		crc = (crc >> 8) ^ crc32c_table[0][(crc ^ *data++) & 0xff];
		len--;
	}
	/* Eight bytes per step: the register is folded into the first four,
	 * and each byte is looked up in the table that shifts it past the
	 * bytes that follow it. Loads are little-endian by construction, so
	 * big-endian hosts get the same answer. */
	while (len >= 8) {
		uint32_t lo = load_le32(data) ^ crc;
		uint32_t hi = load_le32(data + 4);
		crc = crc32c_table[7][lo & 0xff] ^ crc32c_table[6][(lo >> 8) & 0xff] ^
		      crc32c_table[5][(lo >> 16) & 0xff] ^ crc32c_table[4][lo >> 24] ^
		      crc32c_table[3][hi & 0xff] ^ crc32c_table[2][(hi >> 8) & 0xff] ^
		      crc32c_table[1][(hi >> 16) & 0xff] ^ crc32c_table[0][hi >> 24];
		data += 8;
		len -= 8;
	}
	while (len--)
		crc = (crc >> 8) ^ crc32c_table[0][(crc ^ *data++) & 0xff];
	return crc;
}

/* Polynomials over GF(2) modulo P, in the reflected order CRC registers
 * use: bit 31 is the coefficient of x^0, bit 0 that of x^31. */
uint32_t crc32c_gf2_mulmod(uint32_t a, uint32_t b)
{
	uint32_t product = 0;

	for (uint32_t bit = 1u << 31; bit; bit >>= 1) {
		if (a & bit)
			product ^= b;
		/* b *= x, reduced modulo P. */
		b = (b & 1) ? (b >> 1) ^ CRC32C_POLY_REFLECTED : b >> 1;
	}
	return product;
}

/* x^(8 * 2^k) mod P for k = 0..63: each entry is the square of the one
 * before, starting from x^8 (one byte); tests/unit/test_parts.c squares
 * them again to check. The sequence repeats with period 27 from k = 3,
 * since x has order 2^31 - 1 modulo P. */
static const uint32_t x_pow_8_2k[64] = {
	0x00800000, 0x00008000, 0x82f63b78, 0x6ea2d55c, 0x18b8ea18, 0x510ac59a, 0xb82be955,
	0xb8fdb1e7, 0x88e56f72, 0x74c360a4, 0xe4172b16, 0x0d65762a, 0x35d73a62, 0x28461564,
	0xbf455269, 0xe2ea32dc, 0xfe7740e6, 0xf946610b, 0x3c204f8f, 0x538586e3, 0x59726915,
	0x734d5309, 0xbc1ac763, 0x7d0722cc, 0xd289cabe, 0xe94ca9bc, 0x05b74f3f, 0xa51e1f42,
	0x40000000, 0x20000000, 0x08000000, 0x00800000, 0x00008000, 0x82f63b78, 0x6ea2d55c,
	0x18b8ea18, 0x510ac59a, 0xb82be955, 0xb8fdb1e7, 0x88e56f72, 0x74c360a4, 0xe4172b16,
	0x0d65762a, 0x35d73a62, 0x28461564, 0xbf455269, 0xe2ea32dc, 0xfe7740e6, 0xf946610b,
	0x3c204f8f, 0x538586e3, 0x59726915, 0x734d5309, 0xbc1ac763, 0x7d0722cc, 0xd289cabe,
	0xe94ca9bc, 0x05b74f3f, 0xa51e1f42, 0x40000000, 0x20000000, 0x08000000, 0x00800000,
	0x00008000,
};

uint32_t crc32c_x_pow_8_2k(unsigned k)
{
	return x_pow_8_2k[k & 63];
}

/* x^(8 * nbytes) mod P: one multiplication per set bit of nbytes. */
static uint32_t x_pow_8n(uint64_t nbytes)
{
	uint32_t result = 1u << 31;   /* x^0 */

	for (unsigned k = 0; nbytes; k++, nbytes >>= 1)
		if (nbytes & 1)
			result = crc32c_gf2_mulmod(result, x_pow_8_2k[k]);
	return result;
}

/* With init and final xor both ~0 they cancel between CRC(B) and the
 * shifted CRC(A): CRC(A||B) = CRC(A) * x^(8|B|) mod P  xor  CRC(B). */
uint32_t crc32c_combine(uint32_t crc_a, uint32_t crc_b, uint64_t len_b)
{
	return crc32c_gf2_mulmod(crc_a, x_pow_8n(len_b)) ^ crc_b;
}
