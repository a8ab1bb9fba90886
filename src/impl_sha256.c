/* SPDX-License-Identifier: MIT */
/* impl_sha256.c - the SHA256 registry rows. What auto makes of them comes
 * from their costs (src/profile_builtin.c) and src/cost_model.c. */
#include "impl.h"
#include "sha256.h"

/* Measured on the Zen 5 (EPYC Turin) VM: core
 * cycles, min of interleaved samples (scratch kcmp), for a call of 1
 * block, then per block in calls of 2 and of 256 blocks:
 *   shani     150   141   127   the 32 dependent sha256rnds2 (4 cycles each)
 *   avx2      404   384   324   rorx rounds, two-block ymm schedule
 *   avx       450   441   346   mov + ror rounds, xmm schedule
 *   ssse3     472   479   356
 *   generic   677   681   571
 * (OpenSSL 3.0, same method, its paths chosen with OPENSSL_ia32cap:
 * SHA-NI 159/143/127, AVX2 417/392/350, SSSE3 513/465/440.)
 * (avx2 runs a lone block in the low lanes.) avx2 also lists AVX, whose
 * VEX encodings it uses. */
const struct impl sha256_impls[] = {
#if SIMDSUM_ASM_X86
#if HAVE_AS_SHA
	{ .family = FAMILY_SHA256, .name = "shani", .needs = CPUF(SHA) | CPUF(SSSE3),
	  .fn.sha256 = sha256_blocks_shani },
#endif
	{ .family = FAMILY_SHA256, .name = "avx2", .needs = CPUF(AVX) | CPUF(AVX2) | CPUF(BMI2),
	  .fn.sha256 = sha256_blocks_avx2 },
	{ .family = FAMILY_SHA256, .name = "avx", .needs = CPUF(AVX), .fn.sha256 = sha256_blocks_avx },
	{ .family = FAMILY_SHA256, .name = "ssse3", .needs = CPUF(SSSE3), .fn.sha256 = sha256_blocks_ssse3 },
#endif
	{ .family = FAMILY_SHA256, .name = "generic", .fn.sha256 = sha256_blocks_generic },

	/* Multi-buffer kernels for the lane scheduler (src/lanes.c). Aggregate
	 * speed, all lanes busy, 16 KiB per lane: x16 6.9 GB/s, shanix2 3.2,
	 * avx2x8 1.9; single-stream SHA-NI 1.75, AVX2 0.65 (Zen 5; on Zen 4
	 * x16 3.6 and shanix2 3.4, where 512-bit operations run in halves). */
#if SIMDSUM_ASM_X86
#if HAVE_AS_AVX512
	{ .family = FAMILY_SHA256, .name = "avx512x16", .lanes = 16,
	  .needs = CPUF(AVX) | CPUF(AVX512F) | CPUF(AVX512BW),
	  .fn.sha256_mb = sha256_mblocks_avx512x16 },
#endif
#if HAVE_AS_SHA
	{ .family = FAMILY_SHA256, .name = "shanix2", .lanes = 2,
	  .needs = CPUF(SHA) | CPUF(SSSE3), .fn.sha256_mb = sha256_mblocks_shanix2 },
#endif
	{ .family = FAMILY_SHA256, .name = "avx2x8", .lanes = 8,
	  .needs = CPUF(AVX) | CPUF(AVX2), .fn.sha256_mb = sha256_mblocks_avx2x8 },
#endif
	{ 0 }
};
