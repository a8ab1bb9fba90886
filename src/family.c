/* family.c - the family descriptors (see family.h). */
#include <string.h>

#include "family.h"
#include "impl.h"

const struct family_desc family_descs[FAMILY_COUNT] = {
	[FAMILY_SHA1] = { "sha1", "sha1", sha1_impls, 64, 5, 4, 8, false },
	[FAMILY_SHA256] = { "sha256", "sha224, sha256", sha256_impls, 64, 8, 4, 8, false },
	[FAMILY_SHA512] = { "sha512", "sha384, sha512", sha512_impls, 128, 8, 8, 16, false },
	[FAMILY_MD5] = { "md5", "md5", md5_impls, 64, 4, 4, 8, true },
	[FAMILY_CRC32C] = { "crc32c", "crc32c", crc32c_impls, 0, 1, 4, 0, false },
	[FAMILY_CRC32] = { "crc32", "crc32", crc32_impls, 0, 1, 4, 0, false },
	[FAMILY_CRC64NVME] = { "crc64nvme", "crc64nvme", crc64nvme_impls, 0, 1, 8, 0, false },
};

bool family_by_name(const char *name, unsigned long len, enum family *out)
{
	for (int f = 0; f < FAMILY_COUNT; f++)
		if (strlen(family_descs[f].name) == len && memcmp(family_descs[f].name, name, len) == 0) {
			*out = (enum family)f;
			return true;
		}
	return false;
}
