/* SPDX-License-Identifier: MIT */
/* name_hash.h - a file name's 64-bit hash (FNV-1a), for the tables that
 * find a name met before: --update's list (update_list.c) and the names
 * the stream guard has queued (stream_guard.c).
 * Layer: platform. */
#ifndef SIMDSUM_NAME_HASH_H
#define SIMDSUM_NAME_HASH_H

#include <stdint.h>

static inline uint64_t name_hash(const char *s)
{
	uint64_t h = UINT64_C(0xcbf29ce484222325);

	while (*s)
		h = (h ^ (unsigned char)*s++) * UINT64_C(0x100000001b3);
	return h;
}

#endif
