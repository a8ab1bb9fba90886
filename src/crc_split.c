/* SPDX-License-Identifier: MIT */
/* crc_split.c - a large file's CRC (any CRC family) from ranges hashed in
 * parallel.
 * Each range is read with pread, so the threads share no file offset, and
 * CRC(A||B) comes from CRC(A), CRC(B) and |B| in O(log |B|). */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>

#include "bytes.h"
#include "crc_split.h"
#include "progress.h"
#include "reader.h"

/* Below this size, starting threads costs more than it saves. */
#define SPLIT_MIN_SIZE (32u << 20)
#define RANGE_BUFFER (256 * 1024)
#define MAX_WAYS 64

struct range {
	int fd;
	uint64_t offset, length;
	const struct dispatch *dispatch;
	enum family family;
	uint64_t crc;          /* standard CRC of the range */
	uint64_t done;         /* bytes read */
	int err;
	pthread_t thread;
};

static void *hash_range(void *arg)
{
	struct range *r = arg;
	void *mem = NULL;
	/* Page-aligned: the kernel's copy into malloc's buffer (16 bytes past
	 * a page) cost 6 times the system time on an AMD Zen 3 VM. */
	uint8_t *buf = posix_memalign(&mem, 4096, RANGE_BUFFER) == 0 ? mem : NULL;
	uint64_t reg = crc_register_init(r->family);

	if (!buf) {
		r->err = ENOMEM;
		return NULL;
	}
	while (r->done < r->length) {
		size_t want = r->length - r->done < RANGE_BUFFER ? (size_t)(r->length - r->done)
								 : RANGE_BUFFER;
		ssize_t n = pread(r->fd, buf, want, (off_t)(r->offset + r->done));
		if (n < 0) {
			if (errno == EINTR)
				continue;
			r->err = errno;
			break;
		}
		if (n == 0)
			break;   /* the file shrank: caught by the length check */
		reg = dispatch_crc(r->dispatch, reg, buf, (size_t)n);
		r->done += (uint64_t)n;
		progress_count((uint64_t)n);
	}
	r->crc = ~reg & crc_register_init(r->family);
	free(buf);
	return NULL;
}

bool crc_split_hash(struct job *job, unsigned ways)
{
	enum family family = job->choices[0].algo->family;
	struct file_reader rd;
	struct range ranges[MAX_WAYS];

	if (ways > MAX_WAYS)
		ways = MAX_WAYS;
	if (!reader_open(&rd, job->name))
		return false;
	if (!rd.regular || rd.is_stdin || (uint64_t)rd.before.st_size < SPLIT_MIN_SIZE) {
		reader_close(&rd);
		return false;
	}
	uint64_t size = (uint64_t)rd.before.st_size;
	/* Ranges start on 1 MiB boundaries, so reads stay page-aligned. */
	uint64_t step = (size / ways + (1u << 20) - 1) & ~(uint64_t)((1u << 20) - 1);
	unsigned n = 0;
	for (uint64_t off = 0; off < size; off += step, n++) {
		ranges[n] = (struct range){ .fd = rd.fd, .offset = off,
					    .length = size - off < step ? size - off : step,
					    .dispatch = &job->choices[0].dispatch, .family = family };
	}
	unsigned started = 1;
	for (unsigned i = 1; i < n; i++, started++)
		if (pthread_create(&ranges[i].thread, NULL, hash_range, &ranges[i]) != 0)
			break;
	hash_range(&ranges[0]);
	/* Ranges whose thread could not start are done here. */
	for (unsigned i = started; i < n; i++)
		hash_range(&ranges[i]);
	for (unsigned i = 1; i < started; i++)
		pthread_join(ranges[i].thread, NULL);

	uint64_t crc = ranges[0].crc;
	uint64_t total = ranges[0].done;
	int err = ranges[0].err;
	bool short_range = ranges[0].done != ranges[0].length;
	for (unsigned i = 1; i < n; i++) {
		crc = crc_combine(family, crc, ranges[i].crc, ranges[i].length);
		total += ranges[i].done;
		if (!err)
			err = ranges[i].err;
		short_range |= ranges[i].done != ranges[i].length;
	}
	rd.total = total;
	if (err) {
		rd.outcome.status = FILE_READ_FAILED;
		rd.outcome.err = err;
	}
	struct file_outcome outcome = reader_close(&rd);
	/* A range that came up short: the file shrank while it was read (or
	 * grew past the size split, which reader_close sees). */
	if (outcome.status == FILE_OK && short_range)
		outcome.status = FILE_CHANGED;
	job_finish_crc(job, outcome, crc, dispatch_pick(&job->choices[0].dispatch, RANGE_BUFFER));
	return true;
}
