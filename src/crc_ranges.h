/* SPDX-License-Identifier: MIT */
/* crc_ranges.h - the CRCs of ranges of one file, each range read with
 * pread on a thread of its own and cut into pieces at part boundaries.
 * What the split of one large file (crc_split.c) and the split of its
 * parts (parts_split.c) share.
 * Layer: engine. */
#ifndef SIMDSUM_CRC_RANGES_H
#define SIMDSUM_CRC_RANGES_H

#include <stdint.h>

#include "impl.h"
#include "options.h"
#include "outcome.h"
#include "read_buffer.h"

/* Below this size, starting threads costs more than it saves. */
#define CRC_SPLIT_MIN_SIZE (32u << 20)

/* Bytes a range reads at a time. */
#define CRC_RANGE_BUFFER (256 * 1024)

/* At most this many ranges at once. */
#define CRC_RANGES_MAX 64

/* The CRCs every byte goes into: one per algorithm. */
struct crc_list {
	unsigned n;
	enum family family[MAX_ALGOS];
	const struct dispatch *dispatch[MAX_ALGOS];
};

/* One range [offset, offset + length) of the file. Its bytes are cut at
 * every multiple of the run's cut (a file offset), and each piece's
 * standard CRCs kept: piece k has len[k] bytes, and crc[k * n + a] is its
 * CRC for algorithm a of the n in the crc_list. */
struct crc_range {
	uint64_t offset, length;
	uint64_t *crc, *len;   /* room for crc_range_room() pieces */
	unsigned npieces;
	uint64_t done;         /* bytes read: short of length when the file shrank */
	int err;               /* errno of a failed read (or allocation), or 0 */
};

/* The pieces a range of at most length bytes can be cut into. */
static inline uint64_t crc_range_room(uint64_t length, uint64_t cut)
{
	return cut ? length / cut + 2 : 1;
}

/* How reading ranges[0..n) ended: FILE_OK when every range was read
 * whole, FILE_READ_FAILED with the first range's errno, or FILE_CHANGED
 * when one came up short (the file shrank). */
struct file_outcome crc_ranges_outcome(const struct crc_range *ranges, unsigned n);

/* The length of each of ways even ranges over left bytes (left > 0,
 * ways > 0), rounded up to 1 MiB so that reads stay page-aligned: never
 * 0, and ways ranges of it always cover left. (Rounding left / ways down
 * first left up to ways - 1 bytes over for a range ways + 1: past the
 * arrays at 64 ways, and a window of nothing, for ever, in --parts.) */
static inline uint64_t crc_ranges_step(uint64_t left, unsigned ways)
{
	uint64_t even = left / ways + (left % ways != 0);

	return (even + (1u << 20) - 1) & ~(uint64_t)((1u << 20) - 1);
}

/* The CRCs of choices[0..n) (-a's, or a job's), when every one is a
 * CRC; false otherwise. */
bool crc_list_of(const struct algo_choice *choices, unsigned n, struct crc_list *crcs);

/* Hashes ranges[0..n) (n <= CRC_RANGES_MAX) of fd, cut at multiples of
 * cut (0: never; one piece a range), range i on a thread of its own;
 * range 0, and any whose thread cannot start or allocate its buffer, on
 * this one, into own. Returns when all are done. */
void crc_ranges_run(int fd, const struct crc_list *crcs, uint64_t cut, struct crc_range *ranges,
		    unsigned n, struct read_buffer *own);

#endif
