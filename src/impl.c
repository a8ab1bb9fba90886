/* SPDX-License-Identifier: MIT */
/* impl.c - looking rows up in the registry and choosing what auto runs. */
#include <string.h>

#include "impl.h"

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
	dispatch_pad(out);
}

void dispatch_pad(struct dispatch *d)
{
	for (unsigned t = d->ntiers; t < IMPL_MAX_TIERS; t++)
		d->tier[t] = d->tier[d->ntiers - 1];
}

const struct impl *impl_generic(enum family family)
{
	return impl_find(family, family_desc(family)->portable);
}
