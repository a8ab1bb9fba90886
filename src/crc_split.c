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

bool crc_split_job(const struct job *job)
{
	struct crc_list crcs;

	return crc_list_of(job->choices, job->nchoices, &crcs);
}

void crc_split_hash(struct job *job, struct file_reader *rd, unsigned ways,
		    struct read_buffer *buf)
{
	/* One piece a range (no cut): range i's CRCs are crc[i * n + a]. Not
	 * on the stack: 10 KiB there overflowed a small "ulimit -s". */
	static _Thread_local uint64_t crc[CRC_RANGES_MAX * MAX_ALGOS];
	struct crc_list crcs;
	struct crc_range ranges[CRC_RANGES_MAX];
	uint64_t len[CRC_RANGES_MAX];

	crc_list_of(job->choices, job->nchoices, &crcs);   /* crc_split_job said so */
	if (ways > CRC_RANGES_MAX)
		ways = CRC_RANGES_MAX;
	uint64_t size = (uint64_t)rd->before.st_size;
	uint64_t step = crc_ranges_step(size, ways);
	unsigned n = 0;
	for (uint64_t off = 0; off < size; off += step, n++)
		ranges[n] = (struct crc_range){ .offset = off,
						.length = size - off < step ? size - off : step,
						.crc = &crc[n * crcs.n], .len = &len[n] };
	crc_ranges_run(rd->fd, &crcs, 0, ranges, n, buf);

	struct file_outcome read = crc_ranges_outcome(ranges, n);
	for (unsigned i = 0; i < n; i++)
		rd->total += ranges[i].done;
	uint64_t joined[MAX_ALGOS];
	const struct impl *impl[MAX_ALGOS];
	for (unsigned a = 0; a < crcs.n; a++) {
		joined[a] = crc[a];
		for (unsigned i = 1; i < n && read.status == FILE_OK; i++)
			joined[a] = crc_combine(crcs.family[a], joined[a], crc[i * crcs.n + a],
						ranges[i].length);
		impl[a] = dispatch_pick(crcs.dispatch[a], CRC_RANGE_BUFFER);
	}
	/* A file that grew past the size split is reader_close's to see. */
	struct file_outcome outcome = reader_close_read(rd, read);
	job_finish_crcs(job, outcome, joined, impl);
}
