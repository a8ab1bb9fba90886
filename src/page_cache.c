/* SPDX-License-Identifier: MIT */
/* page_cache.c - asking the kernel whether a file's pages are resident.
 *
 * mincore(2) on a mapping would read nothing, but since Linux 5.0 it
 * reports every page of a file the caller neither owns nor may write as
 * resident; cachestat(2) needs Linux 6.5. A read that is not allowed to
 * wait answers the question for any readable file. */
#include <errno.h>
#include <stdlib.h>
#include <sys/uio.h>

#include "page_cache.h"

#define PROBE 4096

static bool probe(int fd, uint64_t offset, uint64_t size)
{
	char buf[PROBE];
	struct iovec iov = { buf, sizeof buf };
	uint64_t want = size - offset < PROBE ? size - offset : PROBE;
	ssize_t n;

	do
		n = preadv2(fd, &iov, 1, (off_t)offset, RWF_NOWAIT);
	while (n < 0 && errno == EINTR);
	return n >= 0 && (uint64_t)n >= want;
}

bool page_cache_resident(int fd, uint64_t size)
{
	const char *test = getenv("SIMDSUM_TEST_UNCACHED");

	if (test && *test == '1')
		return false;
	if (test && *test == '0')   /* every file cached, whatever memory is left */
		return true;
	if (size == 0)
		return true;
	/* Start, middle and end, each probed once however short the file
	 * (one probe up to 4 KiB). The first probe to miss may start the
	 * kernel's readahead there, of data about to be read anyway; the
	 * others are not made. */
	const uint64_t at[3] = { 0, size / 2 / PROBE * PROBE, size > PROBE ? size - PROBE : 0 };
	for (int i = 0; i < 3; i++)
		if ((i == 0 || at[i] != at[i - 1]) && !probe(fd, at[i], size))
			return false;
	return true;
}
