/* SPDX-License-Identifier: MIT */
/* parts_split.h - the parts of one large file's CRCs on several threads
 * (see parts_split.c).
 * Layer: engine. */
#ifndef SIMDSUM_PARTS_SPLIT_H
#define SIMDSUM_PARTS_SPLIT_H

#include <stdbool.h>
#include <stdint.h>

#include "options.h"
#include "parts_lanes.h"   /* part_done_fn */
#include "read_buffer.h"
#include "reader.h"

/* Whether this opened file's parts should be split over threads: every
 * algorithm a CRC, two jobs or more, a regular file the size of a CRC
 * split (CRC_SPLIT_MIN_SIZE), parts of 64 KiB or more, not --io=mmap. */
bool parts_split_wanted(const struct options *opt, const struct file_reader *r,
			uint64_t part_size);

/* Hashes every part of the file (its size at reader_open), calling done
 * for each in order, and closes the reader; returns its outcome. This
 * thread reads into buf. */
struct file_outcome parts_split_run(const struct options *opt, struct file_reader *r,
				    uint64_t part_size, part_done_fn done, void *arg,
				    struct read_buffer *buf);

#endif
