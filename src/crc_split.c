/* SPDX-License-Identifier: MIT */
/* crc_split.c - a large file's CRC (any CRC family) from ranges hashed in
 * parallel (crc_ranges.c): CRC(A||B) comes from CRC(A), CRC(B) and |B| in
 * O(log |B|). */
#include "crc_ranges.h"
#include "crc_split.h"
#include "reader.h"

bool crc_split_size_worth(uint64_t size)
{
	return size >= CRC_SPLIT_MIN_SIZE;
}

bool crc_split_worth(const struct file_reader *rd)
{
	return rd->regular && !rd->is_stdin && crc_split_size_worth((uint64_t)rd->before.st_size);
}

void crc_split_hash(struct job *job, struct file_reader *rd, unsigned ways)
{
	struct crc_list crcs = { .n = 1, .family = { job->choices[0].algo->family },
				 .dispatch = { &job->choices[0].dispatch } };
	struct crc_range ranges[CRC_RANGES_MAX];
	uint64_t crc[CRC_RANGES_MAX], len[CRC_RANGES_MAX];

	if (ways > CRC_RANGES_MAX)
		ways = CRC_RANGES_MAX;
	uint64_t size = (uint64_t)rd->before.st_size;
	uint64_t step = crc_ranges_step(size, ways);
	unsigned n = 0;
	for (uint64_t off = 0; off < size; off += step, n++)
		ranges[n] = (struct crc_range){ .offset = off,
						.length = size - off < step ? size - off : step,
						.crc = &crc[n], .len = &len[n] };
	crc_ranges_run(rd->fd, &crcs, 0, ranges, n);

	struct file_outcome read = crc_ranges_outcome(ranges, n);
	uint64_t joined = crc[0];
	for (unsigned i = 0; i < n; i++) {
		rd->total += ranges[i].done;
		if (i && read.status == FILE_OK)
			joined = crc_combine(crcs.family[0], joined, crc[i], ranges[i].length);
	}
	/* A file that grew past the size split is reader_close's to see. */
	struct file_outcome outcome = reader_close_read(rd, read);
	job_finish_crc(job, outcome, joined, dispatch_pick(crcs.dispatch[0], CRC_RANGE_BUFFER));
}
