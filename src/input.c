/* input.c - streaming files into hashes through read() or mmap().
 *
 * auto means read(): on this project's reference VM (a shadow-paging
 * hypervisor) read() into a 256 KiB buffer runs at about 11.8 GB/s from
 * the page cache while mmap() faults reach only about 2 GB/s; on a KVM
 * Xeon mmap() was at best 1.2x faster. read() is never the slow choice,
 * mmap() sometimes 5x slower, so auto never maps (bench/RESULTS.md).
 *
 * Both paths notice a regular file that changes while it is hashed: its
 * size, mtime and ctime are compared before and after, and a mapped file
 * that shrinks (SIGBUS on the vanished pages) is caught, not fatal. */
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "input.h"

#define READ_BUFFER_SIZE (256 * 1024)
/* Mapped files are hashed in windows of this size, so several contexts
 * (-a crc32c,sha256) see each window while it is in cache. */
#define MMAP_CHUNK (1024 * 1024)

static void update_all(struct hash_ctx *ctxs, unsigned nctx, const uint8_t *p, size_t n)
{
	for (unsigned i = 0; i < nctx; i++)
		hash_update(&ctxs[i], p, n);
}

static uint8_t *read_buffer(void)
{
	static __thread uint8_t *buf;

	if (!buf) {
		void *p;
		if (posix_memalign(&p, 4096, READ_BUFFER_SIZE))
			abort();
		buf = p;
	}
	return buf;
}

/* Reads to end of file. Returns 0 or an errno value. */
static int hash_by_read(int fd, struct hash_ctx *ctxs, unsigned nctx, uint64_t *size)
{
	uint8_t *buf = read_buffer();

	for (;;) {
		ssize_t n = read(fd, buf, READ_BUFFER_SIZE);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			return errno;
		}
		if (n == 0)
			return 0;
		update_all(ctxs, nctx, buf, (size_t)n);
		*size += (uint64_t)n;
	}
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

/* Returns 0, an errno value, or -1 when the mapping lost pages (the file
 * shrank while mapped). */
static int hash_by_mmap(int fd, uint64_t length, struct hash_ctx *ctxs, unsigned nctx,
			uint64_t *size)
{
	if (length > SIZE_MAX)
		return EFBIG;
	uint8_t *map = mmap(NULL, (size_t)length, PROT_READ, MAP_PRIVATE, fd, 0);
	if (map == MAP_FAILED)
		return errno;
	madvise(map, (size_t)length, MADV_SEQUENTIAL);
	install_sigbus_handler();

	sigjmp_buf env;
	volatile int result = 0;
	volatile uint64_t done = 0;
	if (sigsetjmp(env, 1) == 0) {
		bus_recovery = &env;
		while (done < length) {
			size_t n = length - done > MMAP_CHUNK ? MMAP_CHUNK : (size_t)(length - done);
			update_all(ctxs, nctx, map + done, n);
			done += n;
		}
	} else {
		result = -1;
	}
	bus_recovery = NULL;
	munmap(map, (size_t)length);
	*size = done;
	return result;
}

/* --- one file ----------------------------------------------------------- */

static bool same_file_state(const struct stat *a, const struct stat *b)
{
	return a->st_size == b->st_size && a->st_mtim.tv_sec == b->st_mtim.tv_sec &&
	       a->st_mtim.tv_nsec == b->st_mtim.tv_nsec && a->st_ctim.tv_sec == b->st_ctim.tv_sec &&
	       a->st_ctim.tv_nsec == b->st_ctim.tv_nsec;
}

struct file_outcome input_hash_file(const char *name, struct hash_ctx *ctxs, unsigned nctx,
				    enum io_mode io)
{
	struct file_outcome out = { FILE_OK, 0, 0 };
	bool is_stdin = strcmp(name, "-") == 0;
	int fd = is_stdin ? STDIN_FILENO : open(name, O_RDONLY | O_CLOEXEC | O_NOCTTY);

	if (fd < 0) {
		out.status = FILE_OPEN_FAILED;
		out.err = errno;
		return out;
	}

	struct stat before;
	if (fstat(fd, &before) != 0) {
		out.status = FILE_READ_FAILED;
		out.err = errno;
		goto done;
	}
	if (S_ISDIR(before.st_mode)) {
		out.status = FILE_READ_FAILED;
		out.err = EISDIR;
		goto done;
	}
	bool regular = S_ISREG(before.st_mode);
	if (regular)
		posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);

	/* Files that report size 0 may still have content (/proc): read them. */
	int rc;
	if (io == IO_MMAP && regular && before.st_size > 0 && !is_stdin)
		rc = hash_by_mmap(fd, (uint64_t)before.st_size, ctxs, nctx, &out.size);
	else
		rc = hash_by_read(fd, ctxs, nctx, &out.size);

	if (rc == -1) {
		out.status = FILE_CHANGED;
	} else if (rc != 0) {
		out.status = FILE_READ_FAILED;
		out.err = rc;
	} else if (regular) {
		struct stat after;
		if (fstat(fd, &after) != 0) {
			out.status = FILE_READ_FAILED;
			out.err = errno;
		} else if (!same_file_state(&before, &after)) {
			out.status = FILE_CHANGED;
		}
	}
done:
	if (!is_stdin && close(fd) != 0 && out.status == FILE_OK) {
		out.status = FILE_READ_FAILED;
		out.err = errno;
	}
	return out;
}

const char *file_outcome_message(const struct file_outcome *o)
{
	if (o->status == FILE_CHANGED)
		return "file changed while reading";
	return strerror(o->err);
}
