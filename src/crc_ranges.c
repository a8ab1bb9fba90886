/* SPDX-License-Identifier: MIT */
/* crc_ranges.c - CRCs of file ranges on several threads (crc_ranges.h).
 * Each range is read with pread, so the threads share no file offset. */
#include <errno.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <unistd.h>

#include "crc_ranges.h"
#include "huge_buffer.h"
#include "progress.h"
#include "reader.h"
#include "thread_start.h"

struct range_task {
	int fd;
	const struct crc_list *crcs;
	uint64_t cut;
	struct crc_range *range;
	uint8_t *buf;        /* the caller's; NULL: the thread allocates its own */
	size_t buf_size;
	bool no_buffer;      /* ... and could not: the caller reads the range */
	pthread_t thread;
};

bool crc_list_of(const struct algo_choice *choices, unsigned n, struct crc_list *crcs)
{
	crcs->n = n;
	for (unsigned a = 0; a < n; a++) {
		if (!family_is_crc(choices[a].algo->family))
			return false;
		crcs->family[a] = choices[a].algo->family;
		crcs->dispatch[a] = &choices[a].dispatch;
	}
	return n > 0;
}

struct file_outcome crc_ranges_outcome(const struct crc_range *ranges, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		if (ranges[i].err)
			return (struct file_outcome){ .status = FILE_READ_FAILED, .err = ranges[i].err };
	for (unsigned i = 0; i < n; i++)
		if (ranges[i].done != ranges[i].length)
			return (struct file_outcome){ .status = FILE_CHANGED };
	return (struct file_outcome){ .status = FILE_OK };
}

/* Ends the range's current piece of len bytes with registers reg. */
static void end_piece(struct crc_range *r, const struct crc_list *crcs, uint64_t *reg,
		      uint64_t len)
{
	for (unsigned a = 0; a < crcs->n; a++) {
		uint64_t init = crc_register_init(crcs->family[a]);
		r->crc[r->npieces * crcs->n + a] = ~reg[a] & init;
		reg[a] = init;
	}
	r->len[r->npieces++] = len;
}

static void *hash_range(void *arg)
{
	struct range_task *t = arg;
	struct crc_range *r = t->range;
	const struct crc_list *crcs = t->crcs;
	/* Page-aligned: the kernel's copy into malloc's buffer (16 bytes past
	 * a page) cost 6 times the system time on an AMD Zen 3 VM. In a huge
	 * page: filled whole, and its 64 small pages' first faults took about
	 * 0.6 ms on the Zen 5 VM (huge_buffer.c). */
	uint8_t *buf = t->buf ? t->buf : huge_buffer_new(CRC_RANGE_BUFFER);
	size_t cap = t->buf ? t->buf_size : CRC_RANGE_BUFFER;
	uint64_t reg[MAX_ALGOS], piece = 0;

	if (!buf) {
		t->no_buffer = true;
		return NULL;
	}
	for (unsigned a = 0; a < crcs->n; a++)
		reg[a] = crc_register_init(crcs->family[a]);
	while (r->done < r->length) {
		size_t want = r->length - r->done < cap ? (size_t)(r->length - r->done) : cap;
		ssize_t n = pread(t->fd, buf, want, (off_t)(r->offset + r->done));
		if (n < 0) {
			if (errno == EINTR || reader_waits_again(t->fd, errno))
				continue;
			r->err = errno;
			break;
		}
		if (n == 0)
			break;   /* the file shrank: the caller sees done < length */
		for (size_t at = 0; at < (size_t)n;) {
			uint64_t pos = r->offset + r->done + at;
			size_t take = (size_t)n - at;
			if (t->cut && t->cut - pos % t->cut < take)
				take = (size_t)(t->cut - pos % t->cut);
			for (unsigned a = 0; a < crcs->n; a++)
				reg[a] = dispatch_crc(crcs->dispatch[a], reg[a], buf + at, take);
			piece += take;
			at += take;
			if (t->cut && (pos + take) % t->cut == 0) {
				end_piece(r, crcs, reg, piece);
				piece = 0;
			}
		}
		r->done += (uint64_t)n;
		progress_count((uint64_t)n);
	}
	if (piece || r->npieces == 0)
		end_piece(r, crcs, reg, piece);
	if (buf != t->buf)
		free(buf);
	return NULL;
}

static void read_range_here(struct range_task *t, uint8_t *mine, struct read_buffer *own)
{
	t->buf = mine ? mine : own->data;
	t->buf_size = mine ? CRC_RANGE_BUFFER : own->size;
	hash_range(t);
}

void crc_ranges_run(int fd, const struct crc_list *crcs, uint64_t cut, struct crc_range *ranges,
		    unsigned n, struct read_buffer *own)
{
	struct range_task tasks[CRC_RANGES_MAX];
	unsigned started = 1;

	for (unsigned i = 0; i < n; i++) {
		tasks[i] = (struct range_task){ .fd = fd, .crcs = crcs, .cut = cut,
						.range = &ranges[i] };
		ranges[i].npieces = 0;
		ranges[i].done = 0;
		ranges[i].err = 0;
	}
	if (n > 1)
		reader_block_before_sharing(fd);
	for (unsigned i = 1; i < n; i++, started++)
		if (!thread_start(&tasks[i].thread, hash_range, &tasks[i]))
			break;
	/* Range 0, those whose thread could not start, and those whose thread
	 * found no memory for its buffer (under "ulimit -v", beside its
	 * stack: -j2 failed a file that -j1 hashed, a review) are read here:
	 * into a huge page of this thread's own where there is room (the
	 * caller's small pages made -j2 of a cached GiB about 5% slower), else
	 * into the caller's buffer. */
	uint8_t *mine = huge_buffer_new(CRC_RANGE_BUFFER);
	if (!mine)
		read_buffer_prepare(own, own->size);
	for (unsigned i = 0; i < n; i++) {
		if (i == 0 || i >= started)
			read_range_here(&tasks[i], mine, own);
	}
	for (unsigned i = 1; i < started; i++)
		pthread_join(tasks[i].thread, NULL);
	for (unsigned i = 1; i < started; i++) {
		if (tasks[i].no_buffer)
			read_range_here(&tasks[i], mine, own);
	}
	free(mine);
}
