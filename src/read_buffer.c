/* SPDX-License-Identifier: MIT */
/* read_buffer.c - see read_buffer.h.
 *
 * Why. A read() into pages a process has not touched yet takes a page
 * fault for each, and on the VMs simdsum was measured on a fault is dear:
 * on the Zen 5 VM (AMD EPYC family 0x1A) a fresh 256 KiB buffer cost
 * 0.8 ms to fault in page by page (12 us a page), against 0.05 ms in one
 * madvise(MADV_POPULATE_WRITE), in a run of "simdsum FILE" on a 1 MiB
 * file that took 6 ms. Only the pages the file will fill are made ready
 * (a run on a 100-byte file touches one page, and pays nothing more),
 * and each page once per buffer. Where faults are cheap, one call does
 * the same work as the faults it replaces. */
#include <stdlib.h>

#include "populate.h"
#include "read_buffer.h"
#include "xalloc.h"

#define PAGE 4096u

struct read_buffer *read_buffer_new(size_t size)
{
	struct read_buffer *b = xmalloc(sizeof *b);

	*b = (struct read_buffer){ .data = xmemalign(PAGE, size), .size = size, .ready = 0 };
	return b;
}

void read_buffer_free(struct read_buffer *b)
{
	if (!b)
		return;
	free(b->data);
	free(b);
}

struct read_buffer read_buffer_wrap(uint8_t *data, size_t size)
{
	return (struct read_buffer){ .data = data, .size = size, .ready = size };
}

void read_buffer_prepare(struct read_buffer *b, uint64_t bytes)
{
	size_t want = bytes < b->size ? (size_t)bytes : b->size;

	if (want <= b->ready)
		return;
	/* Whole pages from the first one not ready (data is page-aligned). */
	size_t from = b->ready / PAGE * PAGE;
	size_t to = (want + PAGE - 1) / PAGE * PAGE;
	if (to > b->size)
		to = b->size;
	/* One page is one fault either way: not worth a call. */
	if (to - from > PAGE)
		(void)populate(b->data + from, to - from);
	b->ready = want;
}
