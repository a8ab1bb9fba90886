/* SPDX-License-Identifier: MIT */
/* crc_model.c - the portable transform and combination of reflected CRCs. */
#include <pthread.h>

#include "bytes.h"
#include "crc_model.h"

#define MODEL(id, catalogue, w, p, c)                                               \
	struct crc_model crc_model_##id = { .name = catalogue, .width = w, .poly = p, \
					    .check = c }

MODEL(crc32c, "CRC-32/ISCSI", 32, 0x82f63b78u, 0xe3069283u);
MODEL(crc32, "CRC-32/ISO-HDLC", 32, 0xedb88320u, 0xcbf43926u);
MODEL(crc64nvme, "CRC-64/NVME", 64, 0x9a6c9329ac4bc9b5ull, 0xae8b14860a799888ull);

/* In the reflected order, bit width-1 is x^0 and bit 0 is x^(width-1). */
static uint64_t one(const struct crc_model *m)
{
	return (uint64_t)1 << (m->width - 1);
}

/* reg * x, reduced modulo P. */
static uint64_t times_x(const struct crc_model *m, uint64_t reg)
{
	return (reg & 1) ? (reg >> 1) ^ m->poly : reg >> 1;
}

uint64_t crc_model_bitwise(const struct crc_model *m, uint64_t reg, const uint8_t *data,
			   size_t len)
{
	while (len--) {
		reg ^= *data++;
		for (int bit = 0; bit < 8; bit++)
			reg = times_x(m, reg);
	}
	return reg;
}

uint64_t crc_model_mulmod(const struct crc_model *m, uint64_t a, uint64_t b)
{
	uint64_t product = 0;

	for (uint64_t bit = one(m); bit; bit >>= 1) {
		if (a & bit)
			product ^= b;
		b = times_x(m, b);
	}
	return product;
}

static void build(struct crc_model *m)
{
	for (unsigned b = 0; b < 256; b++) {
		uint8_t byte = (uint8_t)b;
		m->table[0][b] = crc_model_bitwise(m, 0, &byte, 1);
	}
	for (unsigned k = 1; k < 8; k++)
		for (unsigned b = 0; b < 256; b++) {
			uint64_t r = m->table[k - 1][b];
			m->table[k][b] = (r >> 8) ^ m->table[0][r & 0xff];
		}
	m->x8_2k[0] = one(m) >> 8;   /* x^8 (every width here exceeds 8) */
	for (unsigned k = 1; k < 64; k++)
		m->x8_2k[k] = crc_model_mulmod(m, m->x8_2k[k - 1], m->x8_2k[k - 1]);
}

/* The tables are built on first use, once; after that a call reads one
 * flag (acquire, so another thread's tables are seen whole). */
static void ready(struct crc_model *m)
{
	static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

	if (__atomic_load_n(&m->built, __ATOMIC_ACQUIRE))
		return;
	pthread_mutex_lock(&lock);
	if (!m->built) {
		build(m);
		__atomic_store_n(&m->built, 1, __ATOMIC_RELEASE);
	}
	pthread_mutex_unlock(&lock);
}

uint64_t crc_model_update(struct crc_model *m, uint64_t reg, const uint8_t *data, size_t len)
{
	const uint64_t(*t)[256] = (const uint64_t(*)[256])m->table;

	ready(m);
	/* Eight bytes a step: the register (at most 64 bits) is xored onto
	 * them, and byte i of the result is looked up in the table that
	 * shifts it past the 7 - i bytes after it. A narrower register leaves
	 * the top bytes to the data alone, so one loop serves every width. */
	while (len >= 8) {
		uint64_t v = load_le64(data) ^ reg;
		reg = t[7][v & 0xff] ^ t[6][(v >> 8) & 0xff] ^ t[5][(v >> 16) & 0xff] ^
		      t[4][(v >> 24) & 0xff] ^ t[3][(v >> 32) & 0xff] ^ t[2][(v >> 40) & 0xff] ^
		      t[1][(v >> 48) & 0xff] ^ t[0][v >> 56];
		data += 8;
		len -= 8;
	}
	while (len--)
		reg = (reg >> 8) ^ t[0][(reg ^ *data++) & 0xff];
	return reg;
}

/* With the initial value and final xor equal they cancel between CRC(B)
 * and the shifted CRC(A): CRC(A||B) = CRC(A) * x^(8|B|) mod P xor CRC(B). */
uint64_t crc_model_combine(struct crc_model *m, uint64_t crc_a, uint64_t crc_b, uint64_t len_b)
{
	uint64_t shift = one(m);   /* x^0 */

	ready(m);
	for (unsigned k = 0; len_b; k++, len_b >>= 1)
		if (len_b & 1)
			shift = crc_model_mulmod(m, shift, m->x8_2k[k]);
	return crc_model_mulmod(m, crc_a, shift) ^ crc_b;
}
