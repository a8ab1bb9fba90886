/* SPDX-License-Identifier: MIT */
/* sha2_compress.h - the SHA-2 block transform written once for both word
 * sizes: FIPS 180-4's 6.2.2 (SHA-256, 32-bit words, 64 rounds) and 6.4.2
 * (SHA-512, 64-bit words, 80 rounds) are the same steps with other
 * constants and rotations. Layer: kernels.
 *
 * A template: sha256_generic.c and sha512_generic.c each define
 *   SHA2_NAME    the function to define (its prototype already seen)
 *   SHA2_WORD    uint32_t or uint64_t
 *   SHA2_LOAD    load_be32 or load_be64 (bytes.h)
 *   SHA2_ROUNDS  64 or 80
 *   K[]          the round constants
 *   BSIG0 BSIG1 SSIG0 SSIG1   the word size's Σ and σ functions
 * and include this file once. */

#define CH(x, y, z) ((z) ^ ((x) & ((y) ^ (z))))
#define MAJ(x, y, z) (((x) & (y)) | ((z) & ((x) | (y))))

/* 16-word ring for the schedule. */
#define W(t) w[(t) & 15]
#define SCHEDULE(t) (W(t) += SSIG1(W((t) - 2)) + W((t) - 7) + SSIG0(W((t) - 15)))

/* One round with renamed variables: only d and h change. */
#define ROUND(a, b, c, d, e, f, g, h, t, wt)                            \
	do {                                                            \
		SHA2_WORD t1 = h + BSIG1(e) + CH(e, f, g) + K[t] + (wt); \
		d += t1;                                                \
		h = t1 + BSIG0(a) + MAJ(a, b, c);                       \
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

void SHA2_NAME(SHA2_WORD state[8], const uint8_t *data, size_t nblocks)
{
	SHA2_WORD w[16];

	while (nblocks--) {
		SHA2_WORD a = state[0], b = state[1], c = state[2], d = state[3];
		SHA2_WORD e = state[4], f = state[5], g = state[6], h = state[7];

		for (int t = 0; t < 16; t++)
			w[t] = SHA2_LOAD(data + sizeof(SHA2_WORD) * t);

		ROUND8(0, W);
		ROUND8(8, W);
		for (int t = 16; t < SHA2_ROUNDS; t += 8)
			ROUND8(t, SCHEDULE);

		state[0] += a;
		state[1] += b;
		state[2] += c;
		state[3] += d;
		state[4] += e;
		state[5] += f;
		state[6] += g;
		state[7] += h;
		data += 16 * sizeof(SHA2_WORD);
	}
}
