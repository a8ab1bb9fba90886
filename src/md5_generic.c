/* SPDX-License-Identifier: MIT */
/* md5_generic.c - the portable MD5 block transform (RFC 1321, 3.4). */
#include "../asm/md5_consts.h"
#include "bytes.h"
#include "md5.h"

/* The four auxiliary functions of RFC 1321, 3.4, in forms with fewer
 * operations: F and G select bits, H is parity, I as the RFC has it. */
#define F(x, y, z) ((z) ^ ((x) & ((y) ^ (z))))
#define G(x, y, z) ((y) ^ ((z) & ((x) ^ (y))))
#define H(x, y, z) ((x) ^ (y) ^ (z))
#define I(x, y, z) ((y) ^ ((x) | ~(z)))

/* Step i: a = b + ((a + fn(b, c, d) + X[k(i)] + T[i]) <<< s(i)), with
 * T, k and s from the header asm/gen_md5_constants.py generates (the
 * kernels in asm/ read the same one). */
#define STEP(fn, a, b, c, d, i) \
	((a) = (b) + rol32((a) + fn(b, c, d) + x[MD5_K_##i] + MD5_T_##i, MD5_S_##i))

/* Four steps, the variables rotating a, b, c, d -> d, a, b, c. */
#define STEP4(fn, i0, i1, i2, i3)           \
	do {                                \
		STEP(fn, a, b, c, d, i0);   \
		STEP(fn, d, a, b, c, i1);   \
		STEP(fn, c, d, a, b, i2);   \
		STEP(fn, b, c, d, a, i3);   \
	} while (0)

void md5_blocks_generic(uint32_t state[4], const uint8_t *data, size_t nblocks)
{
	uint32_t x[16];

	while (nblocks--) {
		uint32_t a = state[0], b = state[1], c = state[2], d = state[3];

		for (int k = 0; k < 16; k++)
			x[k] = load_le32(data + 4 * k);

		STEP4(F, 0, 1, 2, 3);
		STEP4(F, 4, 5, 6, 7);
		STEP4(F, 8, 9, 10, 11);
		STEP4(F, 12, 13, 14, 15);
		STEP4(G, 16, 17, 18, 19);
		STEP4(G, 20, 21, 22, 23);
		STEP4(G, 24, 25, 26, 27);
		STEP4(G, 28, 29, 30, 31);
		STEP4(H, 32, 33, 34, 35);
		STEP4(H, 36, 37, 38, 39);
		STEP4(H, 40, 41, 42, 43);
		STEP4(H, 44, 45, 46, 47);
		STEP4(I, 48, 49, 50, 51);
		STEP4(I, 52, 53, 54, 55);
		STEP4(I, 56, 57, 58, 59);
		STEP4(I, 60, 61, 62, 63);

		state[0] += a;
		state[1] += b;
		state[2] += c;
		state[3] += d;
		data += 64;
	}
}
