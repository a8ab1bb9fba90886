/* impl_sha512.c - the SHA512 registry rows, most preferred first. */
#include "impl.h"
#include "sha512.h"

const struct impl sha512_impls[] = {
	{ .family = FAMILY_SHA512, .name = "generic", .fn.sha512 = sha512_blocks_generic },
	{ 0 }
};
