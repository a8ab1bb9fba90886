/* SPDX-License-Identifier: MIT */
/* huge_buffer.h - buffers of a megabyte or more that a run fills whole
 * (the read-ahead ring, the lanes' buffers), backed by transparent huge
 * pages where the kernel offers them. Layer: platform. */
#ifndef SIMDSUM_HUGE_BUFFER_H
#define SIMDSUM_HUGE_BUFFER_H

#include <stddef.h>

/* size bytes, aligned to 2 MiB, and the kernel asked (madvise) to back
 * them with 2 MiB pages; NULL when memory is short. free() the result. */
void *huge_buffer_new(size_t size) __attribute__((malloc));

/* The time, in ns, to back p[0 .. size) (from huge_buffer_new, not yet
 * touched) with memory, estimated from its first pages, which this
 * touches and times: one such fault per 2 MiB when the kernel gave a
 * huge page (the next 4 KiB resident at once, as mincore(2) says), else
 * one per 4 KiB page at what the pages after the first cost.
 * SIMDSUM_TEST_PAGE_FAULT_NS=N (tests) makes every 4 KiB page cost N ns. */
double huge_buffer_touch_ns(void *p, size_t size);

#endif
