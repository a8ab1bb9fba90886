/* SPDX-License-Identifier: MIT */
/* crc_model.h - reflected CRCs described by their parameters: the portable
 * table-driven transform and the combination every CRC family shares.
 *
 * Layer: kernels (below the registry). A model is the CRC catalogue's
 * description of a reflected CRC whose initial value and final xor are
 * both all ones (CRC-32C, CRC-32/ISO-HDLC, CRC-64/NVME): the width, the
 * reflected polynomial and the check value ("123456789"). Registers are
 * un-inverted and held in the low `width` bits of a uint64_t; the
 * standard CRC of m is ~update(~0, m) within those bits. */
#ifndef SIMDSUM_CRC_MODEL_H
#define SIMDSUM_CRC_MODEL_H

#include <stddef.h>
#include <stdint.h>

struct crc_model {
	/* The CRC catalogue's name, "CRC-64/NVME". An array, not a pointer:
	 * a pointer is relocated at every start, and that write would cost
	 * a page fault for a table most runs never use. */
	char name[16];
	unsigned width;        /* 32 or 64 */
	uint64_t poly;         /* reflected: x^0 in the top bit of the width */
	uint64_t check;        /* the standard CRC of "123456789" */
	/* Built on first use: */
	int built;
	uint64_t table[8][256];   /* table[k][b]: byte b, then k zero bytes */
	uint64_t x8_2k[64];       /* x^(8 * 2^k) mod P */
};

extern struct crc_model crc_model_crc32c, crc_model_crc32, crc_model_crc64nvme;

/* All ones in the model's width: the initial value and the final xor. */
static inline uint64_t crc_model_mask(const struct crc_model *m)
{
	return m->width == 64 ? ~(uint64_t)0 : ((uint64_t)1 << m->width) - 1;
}

/* The register after len more bytes (slicing by 8; any host byte order). */
uint64_t crc_model_update(struct crc_model *m, uint64_t reg, const uint8_t *data, size_t len);

/* The register after len more bytes, one bit at a time: the reference
 * the tests hold every other implementation to. */
uint64_t crc_model_bitwise(const struct crc_model *m, uint64_t reg, const uint8_t *data,
			   size_t len);

/* The standard CRC of A||B from CRC(A), CRC(B) and |B|, in O(log |B|). */
uint64_t crc_model_combine(struct crc_model *m, uint64_t crc_a, uint64_t crc_b, uint64_t len_b);

/* a * b mod P in the reflected order (exposed for tests). */
uint64_t crc_model_mulmod(const struct crc_model *m, uint64_t a, uint64_t b);

#endif
