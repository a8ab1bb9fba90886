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
	default:
		return NULL;
	}
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

/* Walks the rows in preference order. A supported row with a minimum
 * length becomes a tier for calls at least that long; the first
 * supported row without one ends the ladder (generic always does). */
void impl_select_auto(enum family family, struct dispatch *out)
{
	out->ntiers = 0;
	for (const struct impl *i = impl_table(family); i->name; i++) {
		if (impl_missing(i))
			continue;
		if (i->auto_min_len && out->ntiers + 1 < IMPL_MAX_TIERS) {
			/* Only worth a tier if it lowers the bar of the one above. */
			if (out->ntiers && out->tier[out->ntiers - 1].min_len <= i->auto_min_len)
				continue;
			out->tier[out->ntiers].min_len = i->auto_min_len;
			out->tier[out->ntiers++].impl = i;
			continue;
		}
		if (i->auto_min_len)
			continue;
		out->tier[out->ntiers].min_len = 0;
		out->tier[out->ntiers++].impl = i;
		return;
	}
}

void impl_select_one(const struct impl *impl, struct dispatch *out)
{
	out->ntiers = 1;
	out->tier[0].min_len = 0;
	out->tier[0].impl = impl;
}
