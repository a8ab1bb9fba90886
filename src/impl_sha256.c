/* impl_sha256.c - the SHA256 registry rows, most preferred first. */
#include "impl.h"
#include "sha256.h"

const struct impl sha256_impls[] = {
#if SIMDSUM_ASM_X86
#if HAVE_AS_SHA
	{ .family = FAMILY_SHA256, .name = "shani", .needs = CPUF(SHA) | CPUF(SSE41) | CPUF(SSSE3),
	  .fn.sha256 = sha256_blocks_shani },
#endif
#endif
	{ .family = FAMILY_SHA256, .name = "generic", .fn.sha256 = sha256_blocks_generic },
	{ 0 }
};
