/* impl_sha1.c - the SHA1 registry rows, most preferred first. */
#include "impl.h"
#include "sha1.h"

const struct impl sha1_impls[] = {
#if SIMDSUM_ASM_X86
#if HAVE_AS_SHA
	{ .family = FAMILY_SHA1, .name = "shani", .needs = CPUF(SHA) | CPUF(SSE41) | CPUF(SSSE3), .fn.sha1 = sha1_blocks_shani },
#endif
	{ .family = FAMILY_SHA1, .name = "avx2", .needs = CPUF(AVX2) | CPUF(BMI1) | CPUF(BMI2), .fn.sha1 = sha1_blocks_avx2 },
	{ .family = FAMILY_SHA1, .name = "avx", .needs = CPUF(AVX), .fn.sha1 = sha1_blocks_avx },
	{ .family = FAMILY_SHA1, .name = "ssse3", .needs = CPUF(SSSE3), .fn.sha1 = sha1_blocks_ssse3 },
#endif
	{ .family = FAMILY_SHA1, .name = "generic", .fn.sha1 = sha1_blocks_generic },
	{ 0 }
};
