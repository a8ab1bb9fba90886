/* SPDX-License-Identifier: MIT */
/* populate.c - see populate.h. */
#include <sys/mman.h>

#include "populate.h"

#define PAGE ((size_t)4096)

bool populate(void *p, size_t size)
{
#ifdef MADV_POPULATE_WRITE
	size_t whole = (size + PAGE - 1) / PAGE * PAGE;
	return madvise(p, whole, MADV_POPULATE_WRITE) == 0;
#else
	(void)p;
	(void)size;
	return false;
#endif
}
