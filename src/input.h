/* SPDX-License-Identifier: MIT */
/* input.h - reading a file (or standard input) into hash computations.
 * Layer: input. */
#ifndef SIMDSUM_INPUT_H
#define SIMDSUM_INPUT_H

#include <stdbool.h>
#include <stdint.h>

#include "hash.h"
#include "outcome.h"
#include "read_buffer.h"

/* A good size for the buffer read() fills: big enough that system calls
 * cost little, small enough to stay in L2 while each algorithm reads it. */
#define INPUT_BUFFER_SIZE (256 * 1024)

/* A read buffer (read_buffer.h) of INPUT_BUFFER_SIZE bytes;
 * read_buffer_free() it. */
struct read_buffer *input_buffer_new(void) __attribute__((returns_nonnull));

struct file_reader;

/* Streams the file reader_open opened in r ("-": standard input) through
 * every context in ctxs[0..nctx) (already initialised; the caller
 * finalises them), reading into buf; closes it. */
struct file_outcome input_hash_opened(struct file_reader *r, struct hash_ctx *ctxs, unsigned nctx,
				      enum io_mode io, struct read_buffer *buf);

/* The same into any sink (sink.h): the bytes in order, read as io and the
 * sink's computations make best; closes the file. */
struct input_sink;
struct file_outcome input_feed_opened(struct file_reader *r, const struct input_sink *s,
				      enum io_mode io, struct read_buffer *buf);

#endif
