/* SPDX-License-Identifier: MIT */
/* parts_split.c - the parts of one large file's CRCs on several threads.
 * Layer: engine (beside parts_lanes.c, which does the same for the
 * hashes with lanes).
 *
 * A part's CRC, like the file's, can be put together from the CRCs of
 * its pieces. So the file is hashed in windows of -j ranges, one a
 * thread (crc_ranges.c), each range cut at the part boundaries; the
 * pieces are then joined, in file order on this thread, into each part's
 * CRC with crc_combine (a part that crosses from one range into the next
 * is the only one that needs it). A window is at most -j times SHARE
 * bytes, so memory does not grow with the file, and the part lines come
 * out window by window. A file that shrinks is caught by a short range,
 * one that grows or is rewritten by reader_close's second fstat. */
#include <stdlib.h>

#include "crc_ranges.h"
#include "parts_split.h"
#include "xalloc.h"

/* Bytes per range and window. Every window ends in a wait for its
 * slowest range, and on the 2-vCPU VMs the two threads' speeds differ by
 * a few ms over 64 MiB: with 64 MiB ranges --parts=8MiB of a cached GiB
 * took 76.5 ms against a plain run's 53.4 (Zen 5 VM), with 256 MiB 60.1,
 * with 512 MiB (one window at -j2) 64.4 against 62.7 in one run. Memory
 * stays bounded: at most SHARE / MIN_PART + 2 pieces a range. */
#define SHARE (512u << 20)
/* Smaller parts are too little work per piece to hand around. */
#define MIN_PART (64u << 10)

bool parts_split_wanted(const struct options *opt, const struct file_reader *r, uint64_t part_size)
{
	struct crc_list crcs;

	return opt->jobs >= 2 && opt->io != IO_MMAP && r->regular && !r->is_stdin &&
	       (uint64_t)r->before.st_size >= CRC_SPLIT_MIN_SIZE && part_size >= MIN_PART &&
	       crc_list_of(opt->algos, opt->nalgos, &crcs);
}

/* The part being put together from pieces. */
struct part_join {
	const struct crc_list *crcs;
	uint64_t part_size;
	uint64_t crc[MAX_ALGOS];
	uint64_t have;   /* bytes of the part so far */
	part_done_fn done;
	void *arg;
};

static void end_part(struct part_join *p)
{
	uint8_t digests[MAX_ALGOS][ALGO_MAX_DIGEST];

	for (unsigned a = 0; a < p->crcs->n; a++)
		crc_store_digest(p->crcs->family[a], digests[a], p->crc[a]);
	p->done(p->arg, p->have, digests);
	p->have = 0;
}

/* Adds a piece (its CRCs and length) to the part; pieces never cross a
 * part boundary, so the part ends exactly when it is full. */
static void add_piece(struct part_join *p, const uint64_t *crc, uint64_t len)
{
	for (unsigned a = 0; a < p->crcs->n; a++)
		p->crc[a] = p->have ? crc_combine(p->crcs->family[a], p->crc[a], crc[a], len) : crc[a];
	p->have += len;
	if (p->have == p->part_size)
		end_part(p);
}

/* Cuts [at, size) into the next window's ranges; returns how many. */
static unsigned take_window(struct crc_range *ranges, unsigned ways, uint64_t share, uint64_t at,
			    uint64_t size)
{
	uint64_t left = size - at;
	uint64_t step = share;
	if (left < ways * share)   /* the last window: even ranges, 1 MiB aligned */
		step = crc_ranges_step(left, ways);
	if (step > share)
		step = share;
	unsigned n = 0;
	for (uint64_t off = at; off < size && n < ways; off += step, n++) {
		ranges[n].offset = off;
		ranges[n].length = size - off < step ? size - off : step;
	}
	return n;
}

struct file_outcome parts_split_run(const struct options *opt, struct file_reader *r,
				    uint64_t part_size, part_done_fn done, void *arg,
				    struct read_buffer *buf)
{
	struct crc_list crcs;
	crc_list_of(opt->algos, opt->nalgos, &crcs);
	unsigned ways = opt->jobs < CRC_RANGES_MAX ? opt->jobs : CRC_RANGES_MAX;
	/* Whole parts per range where they fit, so few parts cross ranges. */
	uint64_t share = part_size < SHARE ? (SHARE + part_size - 1) / part_size * part_size : SHARE;
	uint64_t room = crc_range_room(share, part_size);
	uint64_t size = (uint64_t)r->before.st_size, at = 0;
	struct crc_range ranges[CRC_RANGES_MAX];
	struct part_join join = { .crcs = &crcs, .part_size = part_size, .done = done, .arg = arg };
	struct file_outcome out = { .status = FILE_OK };

	for (unsigned i = 0; i < ways; i++)
		ranges[i] = (struct crc_range){ .crc = xmalloc(room * crcs.n * sizeof(uint64_t)),
						.len = xmalloc(room * sizeof(uint64_t)) };
	while (at < size) {
		unsigned n = take_window(ranges, ways, share, at, size);
		crc_ranges_run(r->fd, &crcs, part_size, ranges, n, buf);
		out = crc_ranges_outcome(ranges, n);
		/* The pieces in file order, up to the first range that was not
		 * read whole: a failed window still prints the parts read
		 * before the failure, as one thread reading in order does (a
		 * range's last piece, cut short, ends no part). */
		for (unsigned i = 0; i < n; i++) {
			for (unsigned k = 0; k < ranges[i].npieces; k++)
				add_piece(&join, &ranges[i].crc[k * crcs.n], ranges[i].len[k]);
			if (ranges[i].err || ranges[i].done != ranges[i].length)
				break;
		}
		if (out.status != FILE_OK)
			break;
		at = ranges[n - 1].offset + ranges[n - 1].length;
		r->total = at;
	}
	for (unsigned i = 0; i < ways; i++) {
		free(ranges[i].crc);
		free(ranges[i].len);
	}
	/* The last, shorter part only once the file is known not to have
	 * changed, as one thread reading in order prints it. */
	out = reader_close_read(r, out);
	if (out.status == FILE_OK && join.have)
		end_part(&join);
	return out;
}
