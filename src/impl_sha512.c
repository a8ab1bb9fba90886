/* SPDX-License-Identifier: MIT */
/* impl_sha512.c - the SHA512 registry rows. What auto makes of them comes
 * from their costs (src/profile_builtin.c) and src/cost_model.c. */
#include "impl.h"
#include "sha512.h"

/* The figures of each row on each CPU measured are in bench/RESULTS.md
 * (--tune and --benchmark tables). What they do not show: avx512 and avx2
 * run the same scalar rounds, and avx512's cheaper message schedule (the
 * AVX-512 rotates, on YMM registers only: no ZMM state, no clock change)
 * was worth about 0.5% on an idle Zen 5 core and 5-8% on a shared one,
 * where fewer operations to issue count. */
const struct impl sha512_impls[] = {
#if SIMDSUM_ASM_X86
#if HAVE_AS_AVX512
	{ .family = FAMILY_SHA512, .name = "avx512",
	  .needs = CPUF(AVX) | CPUF(AVX2) | CPUF(BMI2) | CPUF(AVX512F) | CPUF(AVX512VL),
	  .fn.sha512 = sha512_blocks_avx512, .refines = "avx2" },
#endif
	{ .family = FAMILY_SHA512, .name = "avx2", .needs = CPUF(AVX) | CPUF(AVX2) | CPUF(BMI2),
	  .fn.sha512 = sha512_blocks_avx2 },
	{ .family = FAMILY_SHA512, .name = "avx", .needs = CPUF(AVX), .fn.sha512 = sha512_blocks_avx },
	{ .family = FAMILY_SHA512, .name = "ssse3", .needs = CPUF(SSSE3), .fn.sha512 = sha512_blocks_ssse3 },
#endif
	{ .family = FAMILY_SHA512, .name = "generic", .fn.sha512 = sha512_blocks_generic },

	/* Multi-buffer kernel for the lane scheduler (src/lanes.c): 8 lanes at
	 * 4.9 GB/s aggregate (16 KiB per lane) against about 1.0 for the best
	 * single stream (Zen 5). */
#if SIMDSUM_ASM_X86 && HAVE_AS_AVX512
	{ .family = FAMILY_SHA512, .name = "avx512x8", .lanes = 8,
	  .needs = CPUF(AVX) | CPUF(AVX512F) | CPUF(AVX512BW),
	  .fn.sha512_mb = sha512_mblocks_avx512x8 },
#endif
	{ 0 }
};
