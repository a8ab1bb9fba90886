/* input.c - streaming files into hashes through read() or mmap().
 *
 * auto means read(): on this project's reference VM (a shadow-paging
 * hypervisor) read() into a 256 KiB buffer runs at about 11.8 GB/s from
 * the page cache while mmap() faults reach only about 2 GB/s (1.8 to 2.1
 * with MAP_POPULATE or huge-page advice); on a KVM Xeon mmap() was at
 * best 1.2x faster. read() is never the slow choice, mmap() sometimes 5x
 * slower, so auto never maps (bench/RESULTS.md). For a large file auto
 * also reads on a second thread while this one hashes (readahead.c);
 * --io=read and -j1 keep to one thread.
 *
 * Both paths notice a regular file that changes while it is hashed: its
 * size, mtime and ctime are compared before and after (reader.c), and a
 * mapped file that shrinks (SIGBUS on the vanished pages) is caught, not
 * fatal. A file that cannot be mapped is read instead. */
#include <errno.h>
#include <setjmp.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "diag.h"
#include "input.h"
#include "progress.h"
#include "readahead.h"
#include "reader.h"
#include "xalloc.h"

/* Mapped files are hashed in windows of this size, so several contexts
 * (-a crc32c,sha256) see each window while it is in cache. */
#define MMAP_CHUNK (1024 * 1024)

static void update_all(struct hash_ctx *ctxs, unsigned nctx, const uint8_t *p, size_t n)
{
	for (unsigned i = 0; i < nctx; i++)
		hash_update(&ctxs[i], p, n);
}

uint8_t *input_buffer_new(void)
{
	return xmemalign(4096, INPUT_BUFFER_SIZE);
}

/* Reads to end of file; errors are left in r->outcome. */
static void hash_by_read(struct file_reader *r, struct hash_ctx *ctxs, unsigned nctx,
			 uint8_t *buf, size_t size)
{
	ssize_t n;

	while ((n = reader_read(r, buf, size)) > 0)
		update_all(ctxs, nctx, buf, (size_t)n);
}

/* --- mmap with SIGBUS recovery ------------------------------------------ */

static __thread sigjmp_buf *volatile bus_recovery;

static void on_sigbus(int sig, siginfo_t *info, void *uctx)
{
	(void)info;
	(void)uctx;
	if (bus_recovery)
		siglongjmp(*bus_recovery, 1);
	/* Not ours: die of it as the default action would. */
	signal(sig, SIG_DFL);
	raise(sig);
}

static void install_sigbus_handler(void)
{
	static int installed;

	if (__atomic_exchange_n(&installed, 1, __ATOMIC_ACQ_REL))
		return;
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_sigaction = on_sigbus;
	sa.sa_flags = SA_SIGINFO | SA_NODEFER;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGBUS, &sa, NULL);
}

enum map_result {
	MAP_HASHED,     /* every byte hashed from the mapping */
	MAP_LOST_PAGES, /* the file shrank while mapped (SIGBUS) */
	MAP_REFUSED,    /* mmap() failed: nothing was hashed */
};

/* Hashes the first length bytes of fd from a mapping; *size is what was
 * hashed, *err mmap's errno when it was refused. */
static enum map_result hash_by_mmap(int fd, uint64_t length, struct hash_ctx *ctxs, unsigned nctx,
				    uint64_t *size, int *err)
{
	if (length > SIZE_MAX) {
		*err = EFBIG;
		return MAP_REFUSED;
	}
	uint8_t *map = mmap(NULL, (size_t)length, PROT_READ, MAP_PRIVATE, fd, 0);
	if (map == MAP_FAILED) {
		*err = errno;
		return MAP_REFUSED;
	}
	madvise(map, (size_t)length, MADV_SEQUENTIAL);
	install_sigbus_handler();

	sigjmp_buf env;
	volatile enum map_result result = MAP_HASHED;
	volatile uint64_t done = 0;
	if (sigsetjmp(env, 1) == 0) {
		bus_recovery = &env;
		while (done < length) {
			size_t n = length - done > MMAP_CHUNK ? MMAP_CHUNK : (size_t)(length - done);
			update_all(ctxs, nctx, map + done, n);
			done += n;
			progress_count(n);
		}
	} else {
		result = MAP_LOST_PAGES;
	}
	bus_recovery = NULL;
	munmap(map, (size_t)length);
	*size = done;
	return result;
}

/* --- one file ----------------------------------------------------------- */

/* A reading thread pays only when hashing is slower than read(): true of
 * the SHAs (at most about 2 GB/s a core), not of CRC-32C, which outruns
 * the copy from the page cache; handing it chunks from another core only
 * adds cache traffic (measured on 1 GiB: 0.206 s against 0.092 s). */
static bool hashing_slower_than_read(const struct hash_ctx *ctxs, unsigned nctx)
{
	for (unsigned i = 0; i < nctx; i++)
		if (ctxs[i].algo->family != FAMILY_CRC32C)
			return true;
	return false;
}

struct file_outcome input_hash_opened(struct file_reader *r, struct hash_ctx *ctxs, unsigned nctx,
				      enum io_mode io, uint8_t *buf, size_t size)
{
	if (io == IO_MMAP && r->regular && !r->is_stdin) {
		uint64_t length = (uint64_t)r->before.st_size;
		int err = 0;
		switch (hash_by_mmap(r->fd, length, ctxs, nctx, &r->total, &err)) {
		case MAP_HASHED:
			r->eof = true;
			break;
		case MAP_LOST_PAGES:
			r->outcome.status = FILE_CHANGED;
			r->eof = true;
			break;
		case MAP_REFUSED:
			/* sysfs and some other file systems cannot be mapped
			 * (ENODEV) but read fine: read them, as coreutils does. */
			diag_debug_file(r->name, "mmap failed (%s): read() instead", strerror(err));
			hash_by_read(r, ctxs, nctx, buf, size);
			break;
		}
	} else if (io == IO_AUTO && r->regular && !r->is_stdin &&
		   (uint64_t)r->before.st_size >= READAHEAD_MIN_SIZE &&
		   hashing_slower_than_read(ctxs, nctx) && readahead_hash(r, ctxs, nctx)) {
		/* read on a second thread while this one hashed */
	} else {
		hash_by_read(r, ctxs, nctx, buf, size);
	}
	return reader_close(r);
}

struct file_outcome input_hash_file(const char *name, struct hash_ctx *ctxs, unsigned nctx,
				    enum io_mode io, uint8_t *buf, size_t size)
{
	struct file_reader r;

	if (!reader_open(&r, name))
		return r.outcome;
	return input_hash_opened(&r, ctxs, nctx, io, buf, size);
}

const char *file_outcome_message(const struct file_outcome *o)
{
	if (o->status == FILE_CHANGED)
		return "file changed while reading";
	if (o->status == FILE_DISAGREE)
		return "cross-check failed: the implementation and generic disagree";
	return strerror(o->err);
}
