/* SPDX-License-Identifier: MIT */
/* populate.h - backing fresh memory with pages in one system call rather
 * than a page fault a page (on the Zen 5 VM simdsum was measured on, a
 * fault cost 10-14 us and a page backed in the one call 0.5-1 us).
 * Layer: platform. */
#ifndef SIMDSUM_POPULATE_H
#define SIMDSUM_POPULATE_H

#include <stdbool.h>
#include <stddef.h>

/* Backs the whole pages of p[0 .. size) (p page-aligned) with memory, as
 * writes would, in one madvise(MADV_POPULATE_WRITE). False where the
 * kernel cannot (before Linux 5.14, or built with headers that lack the
 * advice): then the first writes fault the pages in, as always. */
bool populate(void *p, size_t size);

#endif
