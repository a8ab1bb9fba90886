/* SPDX-License-Identifier: MIT */
/* page_cache.h - whether a file's data is already in memory, so that
 * choices about disks (how many workers, how to read) can tell a cached
 * file from one that must come off the platter. Layer: platform. */
#ifndef SIMDSUM_PAGE_CACHE_H
#define SIMDSUM_PAGE_CACHE_H

#include <stdbool.h>
#include <stdint.h>

/* Whether the data of the open file fd at its start, middle and end
 * (size bytes long) is in the page cache: a 4 KiB preadv2(RWF_NOWAIT) at
 * each, which copies cached data and never waits for the disk. false
 * when it cannot tell (a kernel or file system without RWF_NOWAIT). An
 * empty file counts as cached. SIMDSUM_TEST_UNCACHED=1 makes every file
 * uncached, =0 every file cached, for tests. */
bool page_cache_resident(int fd, uint64_t size);

#endif
