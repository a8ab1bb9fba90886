/* SPDX-License-Identifier: MIT */
/* size_arg.c - parsing sizes with unit suffixes, as coreutils names them. */
#include <string.h>

#include "size_arg.h"

bool parse_size(const char *arg, uint64_t *out)
{
	static const struct {
		const char *suffix;
		uint64_t factor;
	} units[] = {
		{ "", 1 },          { "B", 1 },
		{ "K", 1ull << 10 }, { "KiB", 1ull << 10 }, { "KB", 1000 },
		{ "M", 1ull << 20 }, { "MiB", 1ull << 20 }, { "MB", 1000000 },
		{ "G", 1ull << 30 }, { "GiB", 1ull << 30 }, { "GB", 1000000000 },
		{ "T", 1ull << 40 }, { "TiB", 1ull << 40 }, { "TB", 1000000000000ull },
	};
	uint64_t n = 0;
	const char *p = arg;

	if (*p < '0' || *p > '9')
		return false;
	for (; *p >= '0' && *p <= '9'; p++) {
		uint64_t d = (uint64_t)(*p - '0');

		if (n > (UINT64_MAX - d) / 10)
			return false;
		n = n * 10 + d;
	}
	for (size_t i = 0; i < sizeof units / sizeof units[0]; i++) {
		if (strcmp(p, units[i].suffix) != 0)
			continue;
		if (n == 0 || n > UINT64_MAX / units[i].factor)
			return false;
		*out = n * units[i].factor;
		return true;
	}
	return false;
}
