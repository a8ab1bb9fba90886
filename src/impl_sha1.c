/* SPDX-License-Identifier: MIT */
/* impl_sha1.c - the SHA1 registry rows. What auto makes of them comes
 * from their costs (src/profile_builtin.c) and src/cost_model.c. */
#include "impl.h"
#include "sha1.h"

/* Measured on the reference machine (AMD Zen 5, 2 vCPUs; transform calls
 * timed directly, min of 201 interleaved 0.3 ms batches, two runs):
 *   - shani runs about 124 cycles a block, the length of its sha1rnds4
 *     chain (20 x 6 cycles + the feed-forward add); the scalar-round
 *     kernels about 164, their rotate-add chain (80 x 2 + 1): 1.35x at
 *     any length, 1 block included, so it takes every length.
 *   - avx2 against avx: 0.97x at 1 block, 0.98-0.99x at 2, 1.00x at 3-4,
 *     1.00-1.02x from 8 blocks on (the two-block schedule and BMI save
 *     instructions, not latency; its set-up costs a few cycles more).
 *   - avx against ssse3: equal within 1% (both bound by the same chain);
 *     avx goes first as it issues fewer instructions. */
const struct impl sha1_impls[] = {
#if SIMDSUM_ASM_X86
#if HAVE_AS_SHA
	{ .family = FAMILY_SHA1, .name = "shani", .needs = CPUF(SHA) | CPUF(SSE41) | CPUF(SSSE3),
	  .fn.sha1 = sha1_blocks_shani },
#endif
	{ .family = FAMILY_SHA1, .name = "avx2",
	  .needs = CPUF(AVX) | CPUF(AVX2) | CPUF(BMI1) | CPUF(BMI2),
	  .fn.sha1 = sha1_blocks_avx2 },
	{ .family = FAMILY_SHA1, .name = "avx", .needs = CPUF(AVX), .fn.sha1 = sha1_blocks_avx },
	{ .family = FAMILY_SHA1, .name = "ssse3", .needs = CPUF(SSSE3), .fn.sha1 = sha1_blocks_ssse3 },
#endif
	{ .family = FAMILY_SHA1, .name = "generic", .fn.sha1 = sha1_blocks_generic },

	/* Multi-buffer kernels, used by the lane scheduler (src/lanes.c) for
	 * several files at once. Aggregate speed with every lane busy, 16 KiB
	 * per lane, against OpenSSL's single-stream SHA-NI (1.9 GB/s): x16
	 * 10.5 GB/s, shanix3 3.1, avx2x8 3.5 (Zen 5). */
#if SIMDSUM_ASM_X86
#if HAVE_AS_AVX512
	{ .family = FAMILY_SHA1, .name = "avx512x16", .lanes = 16,
	  .needs = CPUF(AVX) | CPUF(AVX512F) | CPUF(AVX512BW), .fn.sha1_mb = sha1_mblocks_avx512x16 },
#endif
#if HAVE_AS_SHA
	{ .family = FAMILY_SHA1, .name = "shanix3", .lanes = 3,
	  .needs = CPUF(SHA) | CPUF(SSSE3), .fn.sha1_mb = sha1_mblocks_shanix3 },
#endif
	{ .family = FAMILY_SHA1, .name = "avx2x8", .lanes = 8,
	  .needs = CPUF(AVX) | CPUF(AVX2), .fn.sha1_mb = sha1_mblocks_avx2x8 },
#endif
	{ 0 }
};
