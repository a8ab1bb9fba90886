/* impl_sha512.c - the SHA512 registry rows, most preferred first. */
#include "impl.h"
#include "sha512.h"

const struct impl sha512_impls[] = {
#if SIMDSUM_ASM_X86
#if HAVE_AS_AVX512
	{ .family = FAMILY_SHA512, .name = "avx512", .needs = CPUF(AVX) | CPUF(AVX2) | CPUF(BMI2) | CPUF(AVX512F) | CPUF(AVX512VL),
	  .fn.sha512 = sha512_blocks_avx512 },
#endif
	{ .family = FAMILY_SHA512, .name = "avx2", .needs = CPUF(AVX) | CPUF(AVX2) | CPUF(BMI2),
	  .fn.sha512 = sha512_blocks_avx2 },
	{ .family = FAMILY_SHA512, .name = "avx", .needs = CPUF(AVX),
	  .fn.sha512 = sha512_blocks_avx },
	{ .family = FAMILY_SHA512, .name = "ssse3", .needs = CPUF(SSSE3),
	  .fn.sha512 = sha512_blocks_ssse3 },
#endif
	{ .family = FAMILY_SHA512, .name = "generic", .fn.sha512 = sha512_blocks_generic },
	{ 0 }
};
