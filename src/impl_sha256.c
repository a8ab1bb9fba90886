/* impl_sha256.c - the SHA256 registry rows, most preferred first. */
#include "impl.h"
#include "sha256.h"

const struct impl sha256_impls[] = {
	{ .family = FAMILY_SHA256, .name = "generic", .fn.sha256 = sha256_blocks_generic },
	{ 0 }
};
