/* SPDX-License-Identifier: MIT */
/* input.c - streaming files into hashes through read() or mmap().
 *
 * auto means read(), except for a large file in the page cache, where
 * the faster of read() and mmap() on this machine is used: the cost
 * profile's, or the one measured on the first such file (io_choice.h).
 * On the reference VM (a shadow-paging hypervisor) mmap() faults ran at
 * about 2 GB/s against read()'s 11.8; on a Zen 4 VM mmap() was 1.5 to 2.6
 * times faster; no fixed choice is right (bench/RESULTS.md). For a large
 * file the SHAs hash, auto also reads on a second thread while this one
 * hashes (readahead.c), and so for a pipe that has given as much;
 * --io=read and -j1 keep to one thread.
 *
 * Every path notices a regular file that changes while it is hashed: its
 * size, mtime and ctime are compared before and after (reader.c), and a
 * mapped page that cannot be read (SIGBUS: the file shrank, or the disk
 * failed) is caught, not fatal, and told apart afterwards (reader.c). A
 * file that cannot be mapped is read instead. */
#include <errno.h>
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "diag.h"
#include "input.h"
#include "io_choice.h"
#include "page_cache.h"
#include "progress.h"
#include "read_buffer.h"
#include "readahead.h"
#include "reader.h"
#include "sink.h"

/* Mapped files are hashed in windows of this size, so several contexts
 * (-a crc32c,sha256) see each window while it is in cache. */
#define MMAP_CHUNK (1024 * 1024)

struct read_buffer *input_buffer_new(void)
{
	return read_buffer_new(INPUT_BUFFER_SIZE);
}

/* The bytes of a regular file from r->total to its end as it was opened:
 * what the reads will fill of the buffer, at most. */
static uint64_t bytes_left(const struct file_reader *r)
{
	uint64_t size = (uint64_t)r->before.st_size;

	return r->regular && size > r->total ? size - r->total : 0;
}

/* Reads to end of file; errors are left in r->outcome. */
static void hash_by_read(struct file_reader *r, const struct input_sink *s,
			 struct read_buffer *buf)
{
	ssize_t n;

	read_buffer_prepare(buf, bytes_left(r));
	while ((n = reader_read(r, buf->data, buf->size)) > 0)
		sink_feed(s, buf->data, (size_t)n);
}

/* --- mmap with SIGBUS recovery ------------------------------------------ */

/* While this thread reads a mapping: where to jump on a SIGBUS, and the
 * address the kernel says faulted. Only a fault is ours: a SIGBUS sent by
 * kill(2) or raise(3) (si_code <= 0) is not. The address is a hint only:
 * qemu-user for s390x reports one outside the mapping. */
struct bus_recovery {
	sigjmp_buf env;
	const uint8_t *lo, *hi;
	const uint8_t *volatile fault;
};

static __thread struct bus_recovery *volatile bus_recovery;

static void on_sigbus(int sig, siginfo_t *info, void *uctx)
{
	struct bus_recovery *rec = bus_recovery;
	const uint8_t *at = info->si_addr;

	(void)uctx;
	if (rec && info->si_code > 0) {
		rec->fault = at;
		siglongjmp(rec->env, 1);
	}
	/* Not ours: die of it as the default action would. */
	signal(sig, SIG_DFL);
	raise(sig);
}

static void install_sigbus_handler_once(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof sa);
	sa.sa_sigaction = on_sigbus;
	sa.sa_flags = SA_SIGINFO | SA_NODEFER;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGBUS, &sa, NULL);
}

/* Before the first mapping is touched, by whichever thread maps first;
 * pthread_once holds the others until sigaction has returned. */
static void install_sigbus_handler(void)
{
	static pthread_once_t once = PTHREAD_ONCE_INIT;

	pthread_once(&once, install_sigbus_handler_once);
}

enum map_result {
	MAP_HASHED,     /* every byte hashed from the mapping */
	MAP_LOST_PAGE,  /* a page could not be read (SIGBUS) */
};

/* Bytes [offset, offset + length) of a file, mapped. */
struct mapping {
	uint8_t *base;
	uint64_t offset;
	size_t length;
};

/* Maps bytes [offset, end) of fd (offset on a page); false with *err set
 * when mmap() refuses. */
static bool map_range(struct mapping *m, int fd, uint64_t offset, uint64_t end, int *err)
{
	m->base = NULL;
	if (end - offset > SIZE_MAX) {
		*err = EFBIG;
		return false;
	}
	void *p = mmap(NULL, (size_t)(end - offset), PROT_READ, MAP_PRIVATE, fd, (off_t)offset);
	if (p == MAP_FAILED) {
		*err = errno;
		return false;
	}
	m->base = p;
	m->offset = offset;
	m->length = (size_t)(end - offset);
	madvise(p, m->length, MADV_SEQUENTIAL);
	install_sigbus_handler();
	return true;
}

static void unmap(struct mapping *m)
{
	if (m->base)
		munmap(m->base, m->length);
	m->base = NULL;
}

/* Hashes file bytes [from, to) of m; *done is how many were hashed, and
 * on MAP_LOST_PAGE *lost the file offset of the byte that faulted. */
static enum map_result hash_mapped(const struct mapping *m, uint64_t from, uint64_t to,
				   const struct input_sink *s, uint64_t *done, uint64_t *lost)
{
	const uint8_t *p = m->base + (from - m->offset);
	uint64_t length = to - from;
	struct bus_recovery rec = { .lo = m->base, .hi = m->base + m->length };
	volatile enum map_result result = MAP_HASHED;
	volatile uint64_t hashed = 0;

	if (sigsetjmp(rec.env, 1) == 0) {
		bus_recovery = &rec;
		while (hashed < length) {
			size_t n = length - hashed > MMAP_CHUNK ? MMAP_CHUNK : (size_t)(length - hashed);
			sink_feed(s, p + hashed, n);
			hashed += n;
			progress_count(n);
		}
	} else {
		result = MAP_LOST_PAGE;
		/* Where the address is not in the mapping, the start of the
		 * chunk being hashed: the fault was at or after it. */
		*lost = rec.fault >= rec.lo && rec.fault < rec.hi
				? m->offset + (uint64_t)(rec.fault - m->base)
				: from + hashed;
	}
	bus_recovery = NULL;
	*done = hashed;
	return result;
}

/* Hashes bytes [r->total, end) from m into r's count; false when a page
 * could not be read (r->outcome then says why). */
static bool hash_mapped_into(struct file_reader *r, const struct mapping *m, uint64_t end,
			     const struct input_sink *s)
{
	uint64_t done, lost = 0;
	enum map_result res = hash_mapped(m, r->total, end, s, &done, &lost);

	r->total += done;
	if (res == MAP_LOST_PAGE) {
		reader_lost_mapped_page(r, lost);
		return false;
	}
	return true;
}

/* Moves the descriptor to r->total, where mapped bytes may have left it
 * behind. false on failure (r->outcome set). */
static bool seek_to_total(struct file_reader *r)
{
	if (lseek(r->fd, (off_t)r->total, SEEK_SET) >= 0)
		return true;
	r->outcome.status = FILE_READ_FAILED;
	r->outcome.err = errno;
	return false;
}

/* The file from r->total to its end by one mapping, or by read() where
 * it cannot be mapped (sysfs and some other file systems, ENODEV: read
 * as coreutils does). */
static void hash_rest_mapped(struct file_reader *r, const struct input_sink *s,
			     struct read_buffer *buf)
{
	uint64_t length = (uint64_t)r->before.st_size;
	struct mapping m;
	int err = 0;

	if (!map_range(&m, r->fd, r->total, length, &err)) {
		diag_debug_file(r->name, "mmap failed (%s): read() instead", strerror(err));
		if (seek_to_total(r))
			hash_by_read(r, s, buf);
		return;
	}
	if (hash_mapped_into(r, &m, length, s))
		r->eof = true;
	unmap(&m);
}

/* --- measuring read() against mmap() ------------------------------------ */

/* read() of the IO_CHOICE_SLICE bytes at r->total. false on an error, or
 * when the file ended early (it shrank: reader_close sees it); r->outcome
 * and r->eof say which. */
static bool read_slice(struct file_reader *r, const struct input_sink *s,
		       const struct read_buffer *buf)
{
	uint64_t end = r->total + IO_CHOICE_SLICE;

	if (!seek_to_total(r))
		return false;
	while (r->total < end) {
		size_t want = end - r->total < buf->size ? (size_t)(end - r->total) : buf->size;
		ssize_t n = reader_read(r, buf->data, want);
		if (n <= 0)
			return false;
		sink_feed(s, buf->data, (size_t)n);
	}
	return true;
}

/* The IO_CHOICE_SLICE bytes at r->total from a mapping of their own,
 * unmapped before the clock stops: tearing down the page tables is a
 * fifth of mmap()'s cost on some VMs, and the rest of the file will pay
 * it too. false when the file shrank (r->outcome set); *refused when it
 * could not be mapped (nothing hashed). */
static bool map_slice(struct file_reader *r, const struct input_sink *s, bool *refused)
{
	struct mapping m;
	int err = 0;

	*refused = !map_range(&m, r->fd, r->total, r->total + IO_CHOICE_SLICE, &err);
	if (*refused) {
		diag_debug_file(r->name, "mmap failed (%s): read() instead", strerror(err));
		return true;
	}
	bool ok = hash_mapped_into(r, &m, r->total + IO_CHOICE_SLICE, s);
	unmap(&m);
	return ok;
}

/* The rounds of the measurement, every byte hashed in order: a slice by
 * read(), the next mapped. false when the file failed or ended (r says
 * how). A file that cannot be mapped stops it early with *measured
 * false, and read() does the rest. */
static bool measure_rounds(struct file_reader *r, struct io_measure *out, bool *measured,
			   const struct input_sink *s, const struct read_buffer *buf)
{
	bool refused = false;

	for (unsigned i = 0; i < IO_CHOICE_ROUNDS && !refused; i++) {
		uint64_t t0 = io_choice_now_ns();
		if (!read_slice(r, s, buf))
			return false;
		uint64_t t1 = io_choice_now_ns();
		io_measure_add(out, IO_METHOD_READ, IO_CHOICE_SLICE, t1 - t0);
		if (!map_slice(r, s, &refused))
			return false;
		if (!refused)
			io_measure_add(out, IO_METHOD_MMAP, IO_CHOICE_SLICE, io_choice_now_ns() - t1);
	}
	*measured = !refused;
	return true;
}

/* The first large cached file while the method is open: measured at no
 * extra cost (every slice is part of the hash), then finished by the
 * faster method, which also settles it for the files after it. */
static void hash_measuring(struct file_reader *r, const struct input_sink *s,
			   struct read_buffer *buf)
{
	struct io_measure seen = { 0 };
	bool measured = false;

	/* Its pages made ready first, so that read()'s first slice is not
	 * timed faulting them in. */
	read_buffer_prepare(buf, bytes_left(r));
	if (!measure_rounds(r, &seen, &measured, s, buf))
		return;
	enum io_method use = IO_METHOD_READ;
	if (measured) {
		bool decided;
		use = io_choice_settle(&seen, &decided);
		if (decided && diag_debug_enabled) {
			char line[200];
			io_choice_format(&seen, use, line, sizeof line);
			diag_debug_file(r->name, "%s", line);
		}
	}
	if (use == IO_METHOD_MMAP)
		hash_rest_mapped(r, s, buf);
	else if (seek_to_total(r))
		hash_by_read(r, s, buf);
}

/* --- one file ----------------------------------------------------------- */

/* A reading thread pays only when hashing is slower than read(): true of
 * the SHAs (at most about 2 GB/s a core), not of CRC-32C, which outruns
 * the copy from the page cache; handing it chunks from another core only
 * adds cache traffic (measured on 1 GiB: 0.206 s against 0.092 s). */
static bool hashing_slower_than_read(const struct input_sink *s)
{
	for (unsigned i = 0; i < s->nctx; i++)
		if (family_is_blocks(s->ctxs[i].algo->family))   /* XXH3 outruns it too */
			return true;
	return false;
}

enum path {
	PATH_READ,
	PATH_READAHEAD,
	PATH_STREAM,
	PATH_MMAP,
	PATH_MEASURE,
};

/* A pipe or device (a FIFO), or standard input even from a file (whose
 * offset may be anywhere), that the SHAs hash: its first
 * bytes read on this thread, then, if it has not ended, the rest through
 * the ring (readahead.c), whose reading thread takes the copy out of the
 * pipe off the hashing core and whose second hashing thread shares
 * several computations. A short stream ("echo x | simdsum") starts no
 * thread. 512 MiB from cat on the Zen 5 VM (medians): -a sha256 0.37 s
 * against 0.50, -a sha256,sha1 0.63 s against 0.79 (bench/RESULTS.md). */
static void hash_stream(struct file_reader *r, const struct input_sink *s,
			struct read_buffer *buf)
{
	ssize_t n = 1;

	read_buffer_prepare(buf, bytes_left(r));
	while (r->total < READAHEAD_MIN_SIZE && (n = reader_read(r, buf->data, buf->size)) > 0)
		sink_feed(s, buf->data, (size_t)n);
	if (n > 0 && !readahead_hash(r, s))
		hash_by_read(r, s, buf);
}

/* How auto reads a regular file. A file that is not in the page cache
 * (or when that cannot be told) is read: mapping a file that must come
 * off a disk is another question, which nothing here measures. */
static enum path auto_path(const struct file_reader *r, const struct input_sink *s,
			   enum io_mode io)
{
	uint64_t size = (uint64_t)r->before.st_size;
	bool slow_hash = hashing_slower_than_read(s);

	/* The SHAs keep the reading thread whatever the method: it takes
	 * the copy off the hashing core, where a mapping would still fault
	 * on it. SHA-256 of a cached GiB on the Zen 3 VM: 0.72 s, against
	 * 0.83 s mapped and 0.84 s by read() on one thread. */
	if (io == IO_AUTO && slow_hash && size >= READAHEAD_MIN_SIZE)
		return PATH_READAHEAD;
	if (size < IO_CHOICE_MIN_SIZE || !page_cache_resident(r->fd, size))
		return PATH_READ;
	switch (io_choice_get()) {
	case IO_METHOD_MMAP:
		return PATH_MMAP;
	case IO_METHOD_READ:
		return PATH_READ;
	case IO_METHOD_OPEN:
		break;
	}
	/* Only a file that hashes faster than it is read measures: for the
	 * SHAs both slices would time the hash, and decide for every file. */
	return slow_hash ? PATH_READ : PATH_MEASURE;
}

static enum path path_for(const struct file_reader *r, const struct input_sink *s,
			  enum io_mode io)
{
	if ((!r->regular || r->is_stdin) && io == IO_AUTO && hashing_slower_than_read(s))
		return PATH_STREAM;
	if (!r->regular || r->is_stdin || io == IO_READ)
		return PATH_READ;
	if (io == IO_MMAP)
		return PATH_MMAP;
	return auto_path(r, s, io);
}

struct file_outcome input_feed_opened(struct file_reader *r, const struct input_sink *s,
				      enum io_mode io, struct read_buffer *buf)
{
	switch (path_for(r, s, io)) {
	case PATH_MMAP:
		hash_rest_mapped(r, s, buf);
		break;
	case PATH_MEASURE:
		hash_measuring(r, s, buf);
		break;
	case PATH_READAHEAD:
		/* read on a second thread while this one hashes, if it starts */
		if (!readahead_hash(r, s))
			hash_by_read(r, s, buf);
		break;
	case PATH_STREAM:
		hash_stream(r, s, buf);
		break;
	case PATH_READ:
		hash_by_read(r, s, buf);
		break;
	}
	return reader_close(r);
}

struct file_outcome input_hash_opened(struct file_reader *r, struct hash_ctx *ctxs, unsigned nctx,
				      enum io_mode io, struct read_buffer *buf)
{
	struct input_sink s = { .ctxs = ctxs, .nctx = nctx };

	return input_feed_opened(r, &s, io, buf);
}

