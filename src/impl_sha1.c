/* impl_sha1.c - the SHA1 registry rows, most preferred first. */
#include "impl.h"
#include "sha1.h"

const struct impl sha1_impls[] = {
	{ .family = FAMILY_SHA1, .name = "generic", .fn.sha1 = sha1_blocks_generic },
	{ 0 }
};
