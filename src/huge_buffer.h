/* SPDX-License-Identifier: MIT */
/* huge_buffer.h - buffers of a megabyte or more that a run fills whole
 * (the read-ahead ring, the lanes' buffers), backed by transparent huge
 * pages where the kernel offers them, and with memory in one call rather
 * than a page fault a page. Layer: platform. */
#ifndef SIMDSUM_HUGE_BUFFER_H
#define SIMDSUM_HUGE_BUFFER_H

#include <stddef.h>

/* size bytes, aligned to 2 MiB, the kernel asked (madvise) to back them
 * with 2 MiB pages, and every page backed (huge_buffer_ready); NULL when
 * memory is short. free() the result. */
void *huge_buffer_new(size_t size) __attribute__((malloc));

/* The same, with no page backed yet: for a caller that prices them first
 * (huge_buffer_price_ns) and may give the region back unused. */
void *huge_buffer_reserve(size_t size) __attribute__((malloc));

/* Backs p[0 .. size) (from huge_buffer_reserve) with memory in one
 * madvise(MADV_POPULATE_WRITE). Advice only: where the kernel cannot
 * (it is Linux 5.14), the first writes fault the pages in, as before. */
void huge_buffer_ready(void *p, size_t size);

/* The time, in ns, to back p[0 .. size) (from huge_buffer_reserve, not
 * yet touched) with memory, estimated from its first pages, which this
 * backs and times: one fault per 2 MiB when the kernel gave a huge page
 * (the next 4 KiB resident at once, as mincore(2) says), else the first
 * page plus the rest at what the pages after it cost as huge_buffer_ready
 * backs them. SIMDSUM_TEST_PAGE_FAULT_NS=N (tests) makes every 4 KiB
 * page cost N ns. */
double huge_buffer_price_ns(void *p, size_t size);

#endif
