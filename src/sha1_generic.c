/* SPDX-License-Identifier: MIT */
/* sha1_generic.c - the portable SHA-1 block transform (FIPS 180-4, 6.1.2). */
#include "bytes.h"
#include "sha1.h"

/* The message schedule is kept as a 16-word ring: W[t] for t >= 16 only
 * needs W[t-3], W[t-8], W[t-14] and W[t-16]. */
#define W(t) w[(t) & 15]
#define SCHEDULE(t) (W(t) = rol32(W((t) - 3) ^ W((t) - 8) ^ W((t) - 14) ^ W((t) - 16), 1))

#define CH(x, y, z) ((z) ^ ((x) & ((y) ^ (z))))
#define PARITY(x, y, z) ((x) ^ (y) ^ (z))
#define MAJ(x, y, z) (((x) & (y)) | ((z) & ((x) | (y))))

/* One round with the working variables renamed instead of shifted. */
#define ROUND(a, b, c, d, e, f, k, wt)                                 \
	do {                                                           \
		e += rol32(a, 5) + f(b, c, d) + (k) + (wt);            \
		b = rol32(b, 30);                                      \
	} while (0)

#define ROUND5(t, f, k, w0, w1, w2, w3, w4)                            \
	do {                                                           \
		ROUND(a, b, c, d, e, f, k, w0);                        \
		ROUND(e, a, b, c, d, f, k, w1);                        \
		ROUND(d, e, a, b, c, f, k, w2);                        \
		ROUND(c, d, e, a, b, f, k, w3);                        \
		ROUND(b, c, d, e, a, f, k, w4);                        \
	} while (0)

#define K0 0x5a827999u
#define K1 0x6ed9eba1u
#define K2 0x8f1bbcdcu
#define K3 0xca62c1d6u

void sha1_blocks_generic(uint32_t state[5], const uint8_t *data, size_t nblocks)
{
	uint32_t w[16];

	while (nblocks--) {
		uint32_t a = state[0], b = state[1], c = state[2], d = state[3], e = state[4];

		for (int t = 0; t < 16; t++)
			w[t] = load_be32(data + 4 * t);

		ROUND5(0, CH, K0, W(0), W(1), W(2), W(3), W(4));
		ROUND5(5, CH, K0, W(5), W(6), W(7), W(8), W(9));
		ROUND5(10, CH, K0, W(10), W(11), W(12), W(13), W(14));
		ROUND5(15, CH, K0, W(15), SCHEDULE(16), SCHEDULE(17), SCHEDULE(18), SCHEDULE(19));
		for (int t = 20; t < 40; t += 5)
			ROUND5(t, PARITY, K1, SCHEDULE(t), SCHEDULE(t + 1), SCHEDULE(t + 2),
			       SCHEDULE(t + 3), SCHEDULE(t + 4));
		for (int t = 40; t < 60; t += 5)
			ROUND5(t, MAJ, K2, SCHEDULE(t), SCHEDULE(t + 1), SCHEDULE(t + 2),
			       SCHEDULE(t + 3), SCHEDULE(t + 4));
		for (int t = 60; t < 80; t += 5)
			ROUND5(t, PARITY, K3, SCHEDULE(t), SCHEDULE(t + 1), SCHEDULE(t + 2),
			       SCHEDULE(t + 3), SCHEDULE(t + 4));

		state[0] += a;
		state[1] += b;
		state[2] += c;
		state[3] += d;
		state[4] += e;
		data += SHA1_BLOCK_SIZE;
	}
}
