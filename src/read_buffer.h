/* SPDX-License-Identifier: MIT */
/* read_buffer.h - the buffer read() fills, with its pages made ready in
 * one call before a read that will touch them. Layer: platform. */
#ifndef SIMDSUM_READ_BUFFER_H
#define SIMDSUM_READ_BUFFER_H

#include <stddef.h>
#include <stdint.h>

struct read_buffer {
	uint8_t *data;
	size_t size;
	size_t ready;   /* data[0 .. ready) is known to be backed by memory */
};

/* A page-aligned buffer of size bytes, none of it ready yet; ends the run
 * when memory is exhausted (xalloc.h). read_buffer_free frees it. */
struct read_buffer *read_buffer_new(size_t size) __attribute__((returns_nonnull));
void read_buffer_free(struct read_buffer *b);

/* The same for memory the caller owns and has already made ready (the
 * lanes' region); nothing to free. */
struct read_buffer read_buffer_wrap(uint8_t *data, size_t size);

/* Before reads that will fill data[0 .. bytes) (bytes above size count as
 * size): backs the pages not yet ready with memory in one call, instead
 * of a page fault each. Advice only: where the kernel cannot
 * (MADV_POPULATE_WRITE is Linux 5.14), the reads fault them in as
 * before. */
void read_buffer_prepare(struct read_buffer *b, uint64_t bytes);

#endif
