/* SPDX-License-Identifier: MIT */
/* readahead.h - hashing a large file while a second thread reads ahead.
 * Layer: input. */
#ifndef SIMDSUM_READAHEAD_H
#define SIMDSUM_READAHEAD_H

#include <stdbool.h>

#include "hash.h"
#include "reader.h"
#include "sink.h"

/* Files at least this large are worth a reading thread (below, starting
 * it costs more than the overlap saves). */
#define READAHEAD_MIN_SIZE (8u << 20)

/* Reads r (a regular file, or a stream past its first bytes) to the end
 * on a second thread, in chunks that this thread
 * feeds to every context as they arrive, so copying from the page cache
 * overlaps hashing. Returns false, having read nothing, when the thread
 * could not start or its ring's page faults, measured on its first pages,
 * would cost more than the copying it saves (the caller then reads on its
 * own). Errors are left in r->outcome, as with reader_read. */
bool readahead_hash(struct file_reader *r, const struct input_sink *s);

#endif
