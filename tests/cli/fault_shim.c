/* fault_shim.c - an LD_PRELOAD library that makes file I/O misbehave on
 * purpose, so the CLI tests can reach error paths deterministically.
 *
 * SIMDSUM_FAULT selects the fault (comma list):
 *   truncate-after-mmap=SUBSTR  truncate a file whose path contains SUBSTR
 *                        to 0 bytes right after it is mapped
 *   append-after-read=SUBSTR    append a byte to such a file after the
 *                        first read from it
 *   eio=SUBSTR           read() of a file whose path contains SUBSTR fails
 *                        with EIO
 *   short-reads          read() returns at most 1..7 bytes at a time
 *   eintr                every other read() fails with EINTR first
 * Only regular files are affected (never pipes or terminals). */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *fault(const char *name)
{
	const char *spec = getenv("SIMDSUM_FAULT");
	if (!spec)
		return NULL;
	const char *p = strstr(spec, name);
	return p ? p + strlen(name) : NULL;
}

static int path_of(int fd, char *buf, size_t size);

/* Whether the fault's argument (up to ',') is part of fd's path. */
static int targets(const char *name, int fd)
{
	const char *arg = fault(name);
	char path[4096], want[256];
	if (!arg || path_of(fd, path, sizeof path) != 0)
		return 0;
	snprintf(want, sizeof want, "%.*s", (int)strcspn(arg, ","), arg);
	return strstr(path, want) != NULL;
}

static int is_regular(int fd)
{
	struct stat st;
	return fstat(fd, &st) == 0 && S_ISREG(st.st_mode);
}

static int path_of(int fd, char *buf, size_t size)
{
	char link[64];
	snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
	ssize_t n = readlink(link, buf, size - 1);
	if (n < 0)
		return -1;
	buf[n] = '\0';
	return 0;
}

/* Opens the file behind fd for writing, as another process would. */
static int reopen_for_write(int fd, int flags)
{
	char path[4096];
	if (path_of(fd, path, sizeof path) != 0)
		return -1;
	return open(path, O_WRONLY | flags);
}

void *mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off)
{
	static void *(*real_mmap)(void *, size_t, int, int, int, off_t);
	if (!real_mmap)
		real_mmap = (void *(*)(void *, size_t, int, int, int, off_t))dlsym(RTLD_NEXT, "mmap");
	void *p = real_mmap(addr, len, prot, flags, fd, off);
	if (p != MAP_FAILED && fd >= 0 && is_regular(fd) && targets("truncate-after-mmap=", fd)) {
		int w = reopen_for_write(fd, 0);
		if (w >= 0) {
			if (ftruncate(w, 0) != 0)
				perror("fault_shim: ftruncate");
			close(w);
		}
	}
	return p;
}

/* With _FILE_OFFSET_BITS=64 callers reach mmap64 instead. */
void *mmap64(void *addr, size_t len, int prot, int flags, int fd, off_t off)
{
	return mmap(addr, len, prot, flags, fd, off);
}

ssize_t read(int fd, void *buf, size_t count)
{
	static ssize_t (*real_read)(int, void *, size_t);
	static int flip;
	if (!real_read)
		real_read = (ssize_t(*)(int, void *, size_t))dlsym(RTLD_NEXT, "read");
	if (!getenv("SIMDSUM_FAULT") || !is_regular(fd))
		return real_read(fd, buf, count);

	if (targets("eio=", fd)) {
		errno = EIO;
		return -1;
	}
	if (fault("eintr") && (flip ^= 1)) {
		errno = EINTR;
		return -1;
	}
	if (fault("short-reads") && count > 1) {
		size_t max = 1 + (size_t)(rand() % 7);
		if (count > max)
			count = max;
	}
	ssize_t got = real_read(fd, buf, count);
	static int appended;
	if (got > 0 && !appended && targets("append-after-read=", fd)) {
		appended = 1;
		int w = reopen_for_write(fd, O_APPEND);
		if (w >= 0) {
			if (write(w, "+", 1) != 1)
				perror("fault_shim: write");
			close(w);
		}
	}
	return got;
}
