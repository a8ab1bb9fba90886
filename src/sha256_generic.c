/* SPDX-License-Identifier: MIT */
/* sha256_generic.c - the portable SHA-256 block transform (FIPS 180-4, 6.2.2). */
#include "bytes.h"
#include "sha256.h"

/* The first 32 bits of the fractional parts of the cube roots of the
 * first 64 primes (FIPS 180-4, 4.2.2). */
static const uint32_t K[64] = {
	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
	0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
	0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
	0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
	0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
	0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
	0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
	0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

#define BSIG0(x) (ror32(x, 2) ^ ror32(x, 13) ^ ror32(x, 22))
#define BSIG1(x) (ror32(x, 6) ^ ror32(x, 11) ^ ror32(x, 25))
#define SSIG0(x) (ror32(x, 7) ^ ror32(x, 18) ^ ((x) >> 3))
#define SSIG1(x) (ror32(x, 17) ^ ror32(x, 19) ^ ((x) >> 10))
#define CH(x, y, z) ((z) ^ ((x) & ((y) ^ (z))))
#define MAJ(x, y, z) (((x) & (y)) | ((z) & ((x) | (y))))

/* 16-word ring for the schedule. */
#define W(t) w[(t) & 15]
#define SCHEDULE(t) (W(t) += SSIG1(W((t) - 2)) + W((t) - 7) + SSIG0(W((t) - 15)))

/* One round with renamed variables: only d and h change. */
#define ROUND(a, b, c, d, e, f, g, h, t, wt)                           \
	do {                                                           \
		uint32_t t1 = h + BSIG1(e) + CH(e, f, g) + K[t] + (wt); \
		d += t1;                                               \
		h = t1 + BSIG0(a) + MAJ(a, b, c);                      \
	} while (0)

#define ROUND8(t, wexpr)                                               \
	do {                                                           \
		ROUND(a, b, c, d, e, f, g, h, (t) + 0, wexpr((t) + 0)); \
		ROUND(h, a, b, c, d, e, f, g, (t) + 1, wexpr((t) + 1)); \
		ROUND(g, h, a, b, c, d, e, f, (t) + 2, wexpr((t) + 2)); \
		ROUND(f, g, h, a, b, c, d, e, (t) + 3, wexpr((t) + 3)); \
		ROUND(e, f, g, h, a, b, c, d, (t) + 4, wexpr((t) + 4)); \
		ROUND(d, e, f, g, h, a, b, c, (t) + 5, wexpr((t) + 5)); \
		ROUND(c, d, e, f, g, h, a, b, (t) + 6, wexpr((t) + 6)); \
		ROUND(b, c, d, e, f, g, h, a, (t) + 7, wexpr((t) + 7)); \
	} while (0)

void sha256_blocks_generic(uint32_t state[8], const uint8_t *data, size_t nblocks)
{
	uint32_t w[16];

	while (nblocks--) {
		uint32_t a = state[0], b = state[1], c = state[2], d = state[3];
		uint32_t e = state[4], f = state[5], g = state[6], h = state[7];

		for (int t = 0; t < 16; t++)
			w[t] = load_be32(data + 4 * t);

		ROUND8(0, W);
		ROUND8(8, W);
		for (int t = 16; t < 64; t += 8)
			ROUND8(t, SCHEDULE);

		state[0] += a;
		state[1] += b;
		state[2] += c;
		state[3] += d;
		state[4] += e;
		state[5] += f;
		state[6] += g;
		state[7] += h;
		data += SHA256_BLOCK_SIZE;
	}
}
