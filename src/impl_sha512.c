/* impl_sha512.c - the SHA512 registry rows, most preferred first. */
#include "impl.h"
#include "sha512.h"

const struct impl sha512_impls[] = {
	{ .family = FAMILY_SHA512, .name = "generic", .fn.sha512 = sha512_blocks_generic },

	/* Multi-buffer kernel for the lane scheduler (src/lanes.c): 8 lanes at
	 * 4.9 GB/s aggregate (16 KiB per lane) against about 1.0 for the best
	 * single stream, so from 2 files ready (2/8 x 4.9 > 1.0). */
#if SIMDSUM_ASM_X86 && HAVE_AS_AVX512
	{ .family = FAMILY_SHA512, .name = "avx512x8", .lanes = 8, .auto_min_streams = 2,
	  .needs = CPUF(AVX) | CPUF(AVX512F) | CPUF(AVX512BW),
	  .fn.sha512_mb = sha512_mblocks_avx512x8 },
#endif
	{ 0 }
};
