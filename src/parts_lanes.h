/* SPDX-License-Identifier: MIT */
/* parts_lanes.h - the parts of one large file through multi-buffer lanes
 * (see parts_lanes.c).
 * Layer: engine. */
#ifndef SIMDSUM_PARTS_LANES_H
#define SIMDSUM_PARTS_LANES_H

#include <stdbool.h>
#include <stdint.h>

#include "hash.h"
#include "options.h"
#include "reader.h"

/* A part ended: its length and each algorithm's digest (in -a order). */
typedef void (*part_done_fn)(void *arg, uint64_t length, uint8_t digests[][ALGO_MAX_DIGEST]);

/* Whether this opened file's parts should go through lanes: a regular
 * file of two parts or more, an algorithm with a lane plan, not --io=mmap. */
bool parts_lanes_wanted(const struct options *opt, const struct file_reader *r,
			uint64_t part_size);

/* Hashes every part of the file (its size at reader_open), calling done
 * for each in order, and closes the reader; returns its outcome. */
struct file_outcome parts_lanes_run(const struct options *opt, struct file_reader *r,
				    uint64_t part_size, part_done_fn done, void *arg);

#endif
