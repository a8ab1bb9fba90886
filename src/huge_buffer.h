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

#endif
