/* SPDX-License-Identifier: MIT */
/* populate.c - see populate.h. */
#include <sys/mman.h>
#include <unistd.h>

#include "populate.h"

bool populate(void *p, size_t size)
{
#ifdef MADV_POPULATE_WRITE
	long n = sysconf(_SC_PAGESIZE);
	size_t page = n > 0 ? (size_t)n : 4096;
	size_t whole = (size + page - 1) / page * page;
	return madvise(p, whole, MADV_POPULATE_WRITE) == 0;
#else
	(void)p;
	(void)size;
	return false;
#endif
}
