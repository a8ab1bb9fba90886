/* SPDX-License-Identifier: MIT */
/* family.c - looking the family descriptors up (the rows: families.c). */
#include <string.h>

#include "family.h"

bool family_by_name(const char *name, unsigned long len, enum family *out)
{
	for (int f = 0; f < FAMILY_COUNT; f++)
		if (strlen(family_descs[f].name) == len && memcmp(family_descs[f].name, name, len) == 0) {
			*out = (enum family)f;
			return true;
		}
	return false;
}
