/* SPDX-License-Identifier: MIT */
/* impl_md5.c - the MD5 registry rows. What auto makes of them comes from
 * their costs (src/profile_builtin.c) and src/cost_model.c. */
#include "impl.h"
#include "md5.h"

const struct impl md5_impls[] = {
#if SIMDSUM_ASM_X86
	/* One dependent chain a step: scheduled by hand, no vector unit. */
	{ .family = FAMILY_MD5, .name = "x86_64", .fn.md5 = md5_blocks_x86_64 },
#endif
	{ .family = FAMILY_MD5, .name = "generic", .fn.md5 = md5_blocks_generic },

	/* Multi-buffer kernels, used by the lane scheduler (src/lanes.c) for
	 * several files at once. Aggregate speed, all lanes busy (Zen 5,
	 * --tune): x16 7.7 GB/s (8 cycles a step, the chain's four 2-cycle
	 * operations), avx2x8 3.3; single-stream x86_64 0.86. */
#if SIMDSUM_ASM_X86
#if HAVE_AS_AVX512
	{ .family = FAMILY_MD5, .name = "avx512x16", .lanes = 16,
	  .needs = CPUF(AVX) | CPUF(AVX512F), .fn.md5_mb = md5_mblocks_avx512x16 },
#endif
	{ .family = FAMILY_MD5, .name = "avx2x8", .lanes = 8,
	  .needs = CPUF(AVX) | CPUF(AVX2), .fn.md5_mb = md5_mblocks_avx2x8 },
#endif
	{ 0 }
};
