/* SPDX-License-Identifier: MIT */
/* tune_io.c - --tune's I/O measurement: how a large file in the page
 * cache reads fastest, read() into INPUT_BUFFER_SIZE buffers or one
 * mmap() with MADV_SEQUENTIAL (what --io=read and --io=mmap do), each
 * pass a CRC-32C, the cheapest hash, so that the reading is what shows.
 * The CRC goes through the dispatch auto will make of the profile being
 * measured (the profile in force need not be loaded: a missing
 * SIMDSUM_PROFILE file that --tune=save is about to create would only
 * draw a warning). The answer depends on the hypervisor as much
 * as on the CPU (src/input.c), so it is measured, not looked up.
 *
 * Passes are timed in the thread's CPU time (CLOCK_THREAD_CPUTIME_ID):
 * on a cached file both ways do all their work on this thread, the copy
 * in read() and the page faults of the mapping alike, and time given to
 * other processes is left out. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include "cost_model.h"
#include "cycles.h"
#include "input.h"
#include "io_choice.h"
#include "quote.h"
#include "tune.h"
#include "write_full.h"

/* Best of this many passes each way, alternating. */
#define IO_PASSES 3
/* How input.c hashes a mapping: in calls of this size. */
#define IO_MMAP_CHUNK (1024 * 1024)
/* Free space the file may take: at most half of it, so that tuning never
 * fills a disk. */
#define IO_FREE_FACTOR 2

static const char *temp_dir(void)
{
	const char *dir = getenv("TMPDIR");

	return dir && dir[0] == '/' ? dir : "/tmp";
}

/* size bytes of a pattern (any bytes would do); false with errno set. */
static bool fill(int fd, uint64_t size)
{
	struct read_buffer *rb = input_buffer_new();
	uint8_t *buf = rb->data;
	int err = 0;

	for (size_t i = 0; i < INPUT_BUFFER_SIZE; i++)
		buf[i] = (uint8_t)(i * 167 + (i >> 9));
	for (uint64_t done = 0; !err && done < size;) {
		size_t n = size - done < INPUT_BUFFER_SIZE ? (size_t)(size - done) : INPUT_BUFFER_SIZE;
		err = write_full(fd, buf, n);
		done += n;
	}
	read_buffer_free(rb);
	errno = err;
	return !err;
}

/* A temporary file of size bytes, unlinked as soon as it exists: it goes
 * when its descriptor is closed, however the run ends. -1 with why set. */
static int make_file(uint64_t size, char *why, size_t whysize)
{
	const char *dir = temp_dir();
	struct statvfs vfs;
	char path[4096];

	if (statvfs(dir, &vfs) == 0 && (uint64_t)vfs.f_bavail * vfs.f_frsize < IO_FREE_FACTOR * size) {
		snprintf(why, whysize, "%s has too little free space for a %llu MiB file",
			 quote_name(dir), (unsigned long long)(size >> 20));
		return -1;
	}
	if ((size_t)snprintf(path, sizeof path, "%s/simdsum-tune-XXXXXX", dir) >= sizeof path) {
		snprintf(why, whysize, "TMPDIR is too long");
		return -1;
	}
	int fd = mkstemp(path);
	if (fd < 0) {
		const char *err = strerror(errno);   /* before quote_name may change errno */
		snprintf(why, whysize, "cannot create a file in %s: %s", quote_name(dir), err);
		return -1;
	}
	unlink(path);
	if (!fill(fd, size)) {
		const char *err = strerror(errno);
		snprintf(why, whysize, "cannot write a %llu MiB file in %s: %s",
			 (unsigned long long)(size >> 20), quote_name(dir), err);
		close(fd);
		return -1;
	}
	return fd;
}

/* CPU nanoseconds of one pass through read(), or -1 (errno set). */
static double pass_read(int fd, const struct dispatch *d, uint8_t *buf, uint32_t *crc)
{
	uint64_t t0 = cycles_cpu_ns();
	uint32_t c = 0;

	if (lseek(fd, 0, SEEK_SET) < 0)
		return -1;
	for (;;) {
		ssize_t n = read(fd, buf, INPUT_BUFFER_SIZE);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -1;
		if (n == 0)
			break;
		c = dispatch_crc32c(d, c, buf, (size_t)n);
	}
	*crc = c;
	return (double)(cycles_cpu_ns() - t0);
}

/* The same through a mapping, its set-up and tear-down included. */
static double pass_mmap(int fd, uint64_t size, const struct dispatch *d, uint32_t *crc)
{
	uint64_t t0 = cycles_cpu_ns();
	uint32_t c = 0;

	uint8_t *map = mmap(NULL, (size_t)size, PROT_READ, MAP_PRIVATE, fd, 0);
	if (map == MAP_FAILED)
		return -1;
	madvise(map, (size_t)size, MADV_SEQUENTIAL);
	for (uint64_t done = 0; done < size;) {
		size_t n = size - done < IO_MMAP_CHUNK ? (size_t)(size - done) : IO_MMAP_CHUNK;
		c = dispatch_crc32c(d, c, map + done, n);
		done += n;
	}
	munmap(map, (size_t)size);
	*crc = c;
	return (double)(cycles_cpu_ns() - t0);
}

/* Alternating passes on the cached file; false with why set. */
static bool time_passes(int fd, uint64_t size, const struct dispatch *d, double *best_read,
			double *best_mmap, char *why, size_t whysize)
{
	struct read_buffer *rb = input_buffer_new();
	uint8_t *buf = rb->data;
	uint32_t want, got;
	bool ok = true;

	*best_read = *best_mmap = INFINITY;
	/* Untimed: every page in the cache, the CRC both ways must give. */
	if (pass_read(fd, d, buf, &want) < 0) {
		snprintf(why, whysize, "cannot read the temporary file: %s", strerror(errno));
		ok = false;
	}
	for (unsigned i = 0; ok && i < IO_PASSES; i++) {
		double t = pass_read(fd, d, buf, &got);
		if (t < 0 || got != want) {
			snprintf(why, whysize, "read() of the temporary file failed: %s",
				 t < 0 ? strerror(errno) : "its CRC changed");
			ok = false;
			break;
		}
		*best_read = t < *best_read ? t : *best_read;
		t = pass_mmap(fd, size, d, &got);
		if (t < 0 || got != want) {
			snprintf(why, whysize, "mmap of the temporary file failed: %s",
				 t < 0 ? strerror(errno) : "its CRC differs from read()'s");
			ok = false;
			break;
		}
		*best_mmap = t < *best_mmap ? t : *best_mmap;
	}
	read_buffer_free(rb);
	return ok;
}

void tune_io(const struct tune_budget *b, const struct cpu_profile *tuned, struct tune_io *out)
{
	struct dispatch d;
	double t_read, t_mmap;

	memset(out, 0, sizeof *out);
	out->pref = IO_PREF_MEASURE;
	int fd = make_file(b->io_bytes, out->why, sizeof out->why);
	if (fd < 0)
		return;
	cost_model_dispatch(FAMILY_CRC32C, tuned, cpu_features_get(), &d);
	out->measured = time_passes(fd, b->io_bytes, &d, &t_read, &t_mmap, out->why, sizeof out->why);
	close(fd);
	if (!out->measured)
		return;
	/* No division by 0 should a clock not have advanced. */
	out->read_gb_per_s = (double)b->io_bytes / (t_read > 1 ? t_read : 1);
	out->mmap_gb_per_s = (double)b->io_bytes / (t_mmap > 1 ? t_mmap : 1);
	out->pref = t_read > t_mmap * IO_CHOICE_MMAP_MARGIN ? IO_PREF_MMAP : IO_PREF_READ;
}
