/* impl.c - looking rows up in the registry and choosing what auto runs. */
#include <string.h>

#include "impl.h"

const struct impl *impl_table(enum family family)
{
	switch (family) {
	case FAMILY_SHA1:
		return sha1_impls;
	case FAMILY_SHA256:
		return sha256_impls;
	case FAMILY_SHA512:
		return sha512_impls;
	case FAMILY_CRC32C:
		return crc32c_impls;
	case FAMILY_CRC32:
		return crc32_impls;
	case FAMILY_CRC64NVME:
		return crc64nvme_impls;
	default:
		return NULL;
	}
}

static const char *const family_names[FAMILY_COUNT] = {
	[FAMILY_SHA1] = "sha1",
	[FAMILY_SHA256] = "sha256",
	[FAMILY_SHA512] = "sha512",
	[FAMILY_CRC32C] = "crc32c",
	[FAMILY_CRC32] = "crc32",
	[FAMILY_CRC64NVME] = "crc64nvme",
};

const char *impl_family_name(enum family family)
{
	return family < FAMILY_COUNT ? family_names[family] : "?";
}

bool impl_family_by_name(const char *name, size_t len, enum family *out)
{
	for (int f = 0; f < FAMILY_COUNT; f++)
		if (strlen(family_names[f]) == len && memcmp(family_names[f], name, len) == 0) {
			*out = (enum family)f;
			return true;
		}
	return false;
}

cpu_features impl_missing(const struct impl *impl)
{
	return impl->needs & ~cpu_features_get();
}

const struct impl *impl_find(enum family family, const char *name)
{
	for (const struct impl *i = impl_table(family); i->name; i++)
		if (strcmp(i->name, name) == 0)
			return i;
	return NULL;
}

void impl_select_one(const struct impl *impl, struct dispatch *out)
{
	out->ntiers = 1;
	out->tier[0].min_len = 0;
	out->tier[0].impl = impl;
}
