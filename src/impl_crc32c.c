/* impl_crc32c.c - the CRC-32C registry rows, most preferred first. */
#include "crc32c.h"
#include "impl.h"

const struct impl crc32c_impls[] = {
	{ .family = FAMILY_CRC32C, .name = "generic", .fn.crc32c = crc32c_generic },
	{ 0 }
};
