/* SPDX-License-Identifier: MIT */
/* fault_shim.c - an LD_PRELOAD library that makes file I/O misbehave on
 * purpose, so the CLI tests can reach error paths deterministically.
 *
 * SIMDSUM_FAULT selects the fault (comma list):
 *   truncate-after-mmap=SUBSTR  truncate a file whose path contains SUBSTR
 *                        to 0 bytes right after it is mapped
 *   append-after-read=SUBSTR    append a byte to such a file after the
 *                        first read from it
 *   append-bytes=N       how many bytes the appends write (default 1)
 *   append-after-mmap=SUBSTR    append to such a file right after it is
 *                        mapped (it grows while it is hashed)
 *   rewrite-after-mmap=SUBSTR   overwrite 4 KiB of such a file in place
 *                        (at offset 0 and at the middle: same size, new
 *                        content and times) right after it is mapped
 *   rewrite-after-read=SUBSTR   the same after the first read from it (a
 *                        file read in one call, rewritten before its
 *                        close)
 *   truncate-after-read=SUBSTR  truncate such a file to 0 bytes after the
 *                        first read from it
 *   meta-after-read=SUBSTR      after the first read from such a file, its
 *                        metadata changes and not its bytes: its mode
 *                        (o+x flipped) and a second link, NAME.link (its
 *                        change time moves, its size and modification
 *                        time do not)
 *   log-reads            log every read()/pread() of a regular file
 *   log-preads           log every pread() of one ("pread COUNT PATH"):
 *                        which files a split path read
 *   eacces=SUBSTR        open() of a path containing SUBSTR fails with
 *                        EACCES (an unreadable file, even for root)
 *   eio=SUBSTR           read() or pread() of a file whose path contains
 *                        SUBSTR fails with EIO
 *   eagain-nonblock=SUBSTR   read() or pread() of such a file fails with
 *                        EAGAIN while its descriptor has O_NONBLOCK (a
 *                        file system that heeds the flag on a regular
 *                        file, as a FUSE one may); each failure logged
 *   bad-half=SUBSTR      the second half of such a file (from the page
 *                        at half its size at open) fails as a failing
 *                        disk's would: read() and pread() stop short
 *                        before it and fail with EIO inside it, and a
 *                        mapped page of it raises SIGBUS; the file's size
 *                        and times do not change
 *   short-reads          read() returns at most 1..7 bytes at a time
 *   eintr                every other read() fails with EINTR first
 *   split-at=K           a read that would cross byte offset K of the file
 *                        stops there (a short read ending at K)
 *   split-every=K        every read stops at the next multiple of K bytes
 *                        (deterministic short reads of K bytes)
 *                        For both, K = @ takes K from the file name: the
 *                        number after its last '@' ("data@77"), so one
 *                        run can sweep K over many files.
 *   eintr-nth=N          the N-th read()/pread() call (from 1, counting
 *                        all regular files) fails with EINTR
 *   vanish=SUBSTR        lstat(), stat() or fstatat() of a path
 *                        containing SUBSTR first removes it (a file
 *                        deleted by another process between a
 *                        directory's reading and its stat); logged. For
 *                        fstatat() the path matched and logged is the
 *                        directory's absolute path, "/" and the name.
 *   fifo-after-stat=SUBSTR   right after fstatat() of such a path, the
 *                        entry is replaced by a FIFO (a tree changed
 *                        between the walk's stat and the file's open)
 *   dir-after-stat=SUBSTR    the same with an empty directory
 *   socket-after-stat=SUBSTR the same with a Unix socket (bound, then
 *                        closed: its name stays)
 *   link-after-stat=SUBSTR   right after fstatat() of such a path, the
 *                        entry (file or directory) is renamed NAME.moved
 *                        and a symbolic link to $SIMDSUM_FAULT_LINK put in
 *                        its place; both logged
 *   slow-fifo-open=SUBSTR    open() of a FIFO whose path contains
 *                        SUBSTR sleeps 1 s once it has succeeded (logged):
 *                        a reader that lags between its open and its read
 *   pipe-eio-after=N     read() of a pipe or FIFO fails with EIO once N
 *                        bytes have come from pipes (a stream that fails
 *                        mid-way, as a device can); each failure logged
 * SIMDSUM_FAULT_LOG=FILE appends a line to FILE for each fault injected
 * by the last three and for each change written, with the file's path, so
 * a test can tell that its faults happened (and, with log-reads, count
 * the reads).
 * Only regular files are affected (never pipes or terminals), but for
 * pipe-eio-after. read() and
 * pread() (the CRC-32C split path) get the same faults, except the
 * random short reads.
 * Faults on writing (a list that --update replaces), also in
 * SIMDSUM_FAULT; each failure injected is logged:
 *   enospc-write=SUBSTR  write() to a file whose path contains SUBSTR
 *                        fails with ENOSPC (a full disk)
 *   eio-write=SUBSTR     write() to such a file fails with EIO (write()
 *                        only: pwrite() and writev() are not faulted)
 *   eio-fsync=SUBSTR     fsync() or fdatasync() of such a file fails with
 *                        EIO (the data did not reach the disk)
 *   eio-stat-after-sync=SUBSTR   once an fsync() has succeeded, stat()
 *                        of a path containing SUBSTR fails with EIO (the
 *                        list looked at again just before the rename)
 *   slow-write=SUBSTR    each write() to such a file first sleeps 2 s
 *                        (a window in which to signal the writer: 100 ms
 *                        was not always enough on a loaded 2-vCPU VM,
 *                        where the writer finished before the signal)
 * The log is written like any file: its path must not contain SUBSTR. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

/* The fault called name in SIMDSUM_FAULT: for a name ending in '=', what
 * follows it in its item; for a flag, the end of the item. NULL when the
 * list has no such item. */
static int path_of(int fd, char *buf, size_t size);

static const char *fault(const char *name)
{
	const char *spec = getenv("SIMDSUM_FAULT");
	size_t n = strlen(name);
	int takes_arg = n && name[n - 1] == '=';

	while (spec && *spec) {
		size_t len = strcspn(spec, ",");
		if (takes_arg ? len >= n && strncmp(spec, name, n) == 0
			      : len == n && strncmp(spec, name, n) == 0)
			return spec + n;
		spec += len;
		if (*spec == ',')
			spec++;
	}
	return NULL;
}

/* The number after "name=" (e.g. split-at=4096), or 0 when absent; for
 * "name=@", the number after the last '@' of fd's path. */
static unsigned long long fault_number(const char *name, int fd)
{
	const char *arg = fault(name);
	char path[4096];

	if (arg && *arg == '@') {
		if (path_of(fd, path, sizeof path) != 0 || !strrchr(path, '@'))
			return 0;
		arg = strrchr(path, '@') + 1;
	}
	return arg ? strtoull(arg, NULL, 0) : 0;
}

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

static void log_line(const char *what, unsigned long long where, const char *path);

/* Whether a comma-list fault name= names a substring of path. */
static int fault_matches(const char *name, const char *path)
{
	const char *arg = fault(name);
	char want[256];
	if (!arg)
		return 0;
	snprintf(want, sizeof want, "%.*s", (int)strcspn(arg, ","), arg);
	return strstr(path, want) != NULL;
}

static void vanish(const char *path)
{
	if (fault_matches("vanish=", path) && unlink(path) == 0)
		log_line("vanish", 0, path);
}

int lstat64(const char *path, struct stat64 *st)
{
	static int (*real)(const char *, struct stat64 *);
	if (!real)
		real = (int (*)(const char *, struct stat64 *))dlsym(RTLD_NEXT, "lstat64");
	vanish(path);
	return real(path, st);
}

/* An fsync() has succeeded (for eio-stat-after-sync). */
static int synced_once;

int stat64(const char *path, struct stat64 *st)
{
	static int (*real)(const char *, struct stat64 *);
	if (!real)
		real = (int (*)(const char *, struct stat64 *))dlsym(RTLD_NEXT, "stat64");
	vanish(path);
	if (synced_once && fault_matches("eio-stat-after-sync=", path)) {
		log_line("eio-stat-after-sync", 0, path);
		errno = EIO;
		return -1;
	}
	return real(path, st);
}

/* The entry name in directory dirfd as one path, for matching. */
static void entry_path(int dirfd, const char *name, char *buf, size_t size)
{
	char dir[4096];
	if (name[0] == '/' || dirfd == AT_FDCWD || path_of(dirfd, dir, sizeof dir) != 0)
		snprintf(buf, size, "%s", name);
	else
		snprintf(buf, size, "%s/%s", dir, name);
}

/* The tree changing under the walk, right after its stat of an entry. */
static void swap_entry(int dirfd, const char *name, const char *path)
{
	if (fault_matches("fifo-after-stat=", path) && unlinkat(dirfd, name, 0) == 0 &&
	    mkfifoat(dirfd, name, 0600) == 0)
		log_line("fifo-after-stat", 0, path);
	if (fault_matches("dir-after-stat=", path) && unlinkat(dirfd, name, 0) == 0 &&
	    mkdirat(dirfd, name, 0700) == 0)
		log_line("dir-after-stat", 0, path);
	if (fault_matches("socket-after-stat=", path) && unlinkat(dirfd, name, 0) == 0) {
		/* bind(2) takes a path, not a directory descriptor: the
		 * directory through /proc (a chdir to it would move every
		 * thread's relative opens: -j2 found no "t/a") */
		struct sockaddr_un sa = { .sun_family = AF_UNIX };
		int s = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
		if (dirfd == AT_FDCWD)
			snprintf(sa.sun_path, sizeof sa.sun_path, "%s", name);
		else
			snprintf(sa.sun_path, sizeof sa.sun_path, "/proc/self/fd/%d/%s", dirfd, name);
		if (s >= 0 && bind(s, (struct sockaddr *)&sa, sizeof sa) == 0)
			log_line("socket-after-stat", 0, path);
		if (s >= 0)
			close(s);
	}
	if (fault_matches("link-after-stat=", path) && getenv("SIMDSUM_FAULT_LINK")) {
		char moved[512];
		snprintf(moved, sizeof moved, "%s.moved", name);
		if (renameat(dirfd, name, dirfd, moved) == 0 &&
		    symlinkat(getenv("SIMDSUM_FAULT_LINK"), dirfd, name) == 0)
			log_line("link-after-stat", 0, path);
	}
}

int fstatat64(int dirfd, const char *name, struct stat64 *st, int flags)
{
	static int (*real)(int, const char *, struct stat64 *, int);
	char path[4096 + 512];
	if (!real)
		real = (int (*)(int, const char *, struct stat64 *, int))dlsym(RTLD_NEXT, "fstatat64");
	entry_path(dirfd, name, path, sizeof path);
	if (fault_matches("vanish=", path) && unlinkat(dirfd, name, 0) == 0)
		log_line("vanish", 0, path);
	int rc = real(dirfd, name, st, flags);
	if (rc == 0)
		swap_entry(dirfd, name, path);
	return rc;
}

static int open_denied(const char *path)
{
	return fault_matches("eacces=", path);
}

int open(const char *path, int flags, ...)
{
	static int (*real_open)(const char *, int, ...);
	mode_t mode = 0;
	if (!real_open)
		real_open = (int (*)(const char *, int, ...))dlsym(RTLD_NEXT, "open");
	if (flags & (O_CREAT | O_TMPFILE)) {
		va_list ap;
		va_start(ap, flags);
		mode = va_arg(ap, mode_t);
		va_end(ap);
	}
	if (open_denied(path)) {
		errno = EACCES;
		return -1;
	}
	int fd = real_open(path, flags, mode);
	struct stat st;
	if (fd >= 0 && fault_matches("slow-fifo-open=", path) && fstat(fd, &st) == 0 &&
	    S_ISFIFO(st.st_mode)) {
		log_line("slow-fifo-open", 0, path);
		sleep(1);
	}
	return fd;
}

/* With _FILE_OFFSET_BITS=64 callers reach open64 instead. */
int open64(const char *path, int flags, ...)
{
	mode_t mode = 0;
	if (flags & (O_CREAT | O_TMPFILE)) {
		va_list ap;
		va_start(ap, flags);
		mode = va_arg(ap, mode_t);
		va_end(ap);
	}
	return open(path, flags, mode);
}

static void log_fault(const char *what, unsigned long long where, int fd);

/* Appends append-bytes=N bytes (default 1) to the file behind fd, as a
 * writer in another process would. */
static void append_to(int fd)
{
	unsigned long long n = fault_number("append-bytes=", fd);
	char block[65536];
	int w = reopen_for_write(fd, O_APPEND);

	if (w < 0)
		return;
	memset(block, '+', sizeof block);
	for (n = n ? n : 1; n; ) {
		size_t k = n < sizeof block ? (size_t)n : sizeof block;
		if (write(w, block, k) != (ssize_t)k) {
			perror("fault_shim: append");
			break;
		}
		n -= k;
	}
	close(w);
	log_fault("append", 0, fd);
}

/* Overwrites 4 KiB at the start and at the middle of fd's file in place
 * (dd conv=notrunc): the size stays, the content and the times change. */
static void rewrite(int fd)
{
	struct stat st;
	char block[4096];
	int w = reopen_for_write(fd, 0);

	if (w < 0 || fstat(w, &st) != 0)
		return;
	for (size_t i = 0; i < sizeof block; i++)
		block[i] = (char)(i * 7 + 1);
	off_t at[2] = { 0, st.st_size / 2 };
	for (int i = 0; i < 2; i++) {
		off_t len = st.st_size - at[i] < (off_t)sizeof block ? st.st_size - at[i]
								  : (off_t)sizeof block;
		if (len > 0 && pwrite(w, block, (size_t)len, at[i]) != len)
			perror("fault_shim: rewrite");
	}
	close(w);
	log_fault("rewrite", 0, fd);
}

/* Truncates the file behind fd to 0 bytes, as another process would. */
static void truncate_file(int fd)
{
	int w = reopen_for_write(fd, 0);

	if (w < 0)
		return;
	if (ftruncate(w, 0) != 0)
		perror("fault_shim: ftruncate");
	close(w);
	log_fault("truncate", 0, fd);
}

static void *real_mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off)
{
	static void *(*next)(void *, size_t, int, int, int, off_t);
	if (!next)
		next = (void *(*)(void *, size_t, int, int, int, off_t))dlsym(RTLD_NEXT, "mmap");
	return next(addr, len, prot, flags, fd, off);
}

/* Where bad-half's failing region of fd starts: a page at half the size. */
static unsigned long long bad_from(int fd)
{
	struct stat st;
	unsigned long long page = (unsigned long long)sysconf(_SC_PAGESIZE);

	if (fstat(fd, &st) != 0)
		return 0;
	return (unsigned long long)st.st_size / 2 / page * page;
}

/* Replaces the pages of mapping p (file offset off) in bad-half's region
 * by pages of an empty file: touching them raises SIGBUS, as a page the
 * disk cannot give does. */
static void fail_mapped_pages(void *p, size_t len, int fd, off_t off)
{
	unsigned long long bad = bad_from(fd), start = (unsigned long long)off;

	if (start + len <= bad)
		return;
	if (start < bad)
		start = bad;
	char *from = (char *)p + (start - (unsigned long long)off);
	size_t span = (size_t)((char *)p + len - from);
	int empty = memfd_create("bad-half", MFD_CLOEXEC);
	if (empty < 0 || real_mmap(from, span, PROT_READ, MAP_SHARED | MAP_FIXED, empty, 0) == MAP_FAILED)
		perror("fault_shim: bad-half");
	if (empty >= 0)
		close(empty);
	log_fault("bad-half-mapped", start, fd);
}

void *mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off)
{
	void *p = real_mmap(addr, len, prot, flags, fd, off);
	if (p == MAP_FAILED || fd < 0 || !is_regular(fd))
		return p;
	if (targets("truncate-after-mmap=", fd))
		truncate_file(fd);
	if (targets("append-after-mmap=", fd))
		append_to(fd);
	if (targets("rewrite-after-mmap=", fd))
		rewrite(fd);
	if (targets("bad-half=", fd))
		fail_mapped_pages(p, len, fd, off);
	return p;
}

/* With _FILE_OFFSET_BITS=64 callers reach mmap64 instead. */
void *mmap64(void *addr, size_t len, int prot, int flags, int fd, off_t off)
{
	return mmap(addr, len, prot, flags, fd, off);
}

/* One line per fault: what, where, and the file ("eintr 3 /tmp/x/small").
 * The file tells a test's own reads from those of a wrapper script run
 * under the same LD_PRELOAD (the shell reading the script). */
static void log_line(const char *what, unsigned long long where, const char *path)
{
	const char *log = getenv("SIMDSUM_FAULT_LOG");
	char line[4200];
	if (!log)
		return;
	int out = open(log, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
	if (out < 0)
		return;
	int n = snprintf(line, sizeof line, "%s %llu %s\n", what, where, path);
	if (n > 0 && write(out, line, (size_t)n) != n)
		perror("fault_shim: log");
	close(out);
}

static void log_fault(const char *what, unsigned long long where, int fd)
{
	char path[4096];
	if (path_of(fd, path, sizeof path) != 0)
		snprintf(path, sizeof path, "?");
	log_line(what, where, path);
}

/* The faults read() and pread() share, for a read of count bytes at file
 * offset off. Returns -1 with errno set for a failure to inject, else
 * the (possibly smaller) count to ask the kernel for. */
static ssize_t inject(int fd, off_t off, size_t count)
{
	static unsigned long calls;

	if (targets("eio=", fd)) {
		errno = EIO;
		return -1;
	}
	if (targets("eagain-nonblock=", fd) && (fcntl(fd, F_GETFL) & O_NONBLOCK)) {
		log_fault("eagain", (unsigned long long)off, fd);
		errno = EAGAIN;
		return -1;
	}
	if (targets("bad-half=", fd)) {
		unsigned long long bad = bad_from(fd);
		if ((unsigned long long)off >= bad) {
			log_fault("bad-half-read", (unsigned long long)off, fd);
			errno = EIO;
			return -1;
		}
		if (bad - (unsigned long long)off < count)
			count = (size_t)(bad - (unsigned long long)off);
	}
	unsigned long nth = fault_number("eintr-nth=", fd);
	if (nth && __atomic_add_fetch(&calls, 1, __ATOMIC_RELAXED) == nth) {
		log_fault("eintr", nth, fd);
		errno = EINTR;
		return -1;
	}
	unsigned long long at = fault_number("split-at=", fd);
	if (at && (unsigned long long)off < at && at - (unsigned long long)off < count) {
		count = (size_t)(at - (unsigned long long)off);
		log_fault("split-at", at, fd);
	}
	unsigned long long every = fault_number("split-every=", fd);
	if (every) {
		size_t to_edge = (size_t)(every - (unsigned long long)off % every);
		if (count > to_edge) {
			count = to_edge;
			log_fault("split-every", every, fd);
		}
	}
	return (ssize_t)count;
}

/* meta-after-read: the mode and the link count, not the bytes. */
static void change_metadata(int fd)
{
	struct stat st;
	char path[4096], link_path[4200];

	if (fstat(fd, &st) != 0 || path_of(fd, path, sizeof path) != 0)
		return;
	fchmod(fd, (st.st_mode ^ S_IXOTH) & 07777);
	snprintf(link_path, sizeof link_path, "%s.link", path);
	if (link(path, link_path) == 0)
		log_line("meta-after-read", 0, path);
}

/* What follows a read() or pread() of a regular file that returned got
 * bytes: the log line, and the first read's change to the file. */
static void after_read(int fd, size_t count, ssize_t got)
{
	static int changed;

	if (fault("log-reads"))
		log_fault("read", (unsigned long long)count, fd);
	if (got <= 0 || __atomic_load_n(&changed, __ATOMIC_ACQUIRE))
		return;
	int append = targets("append-after-read=", fd), again = targets("rewrite-after-read=", fd);
	int cut = targets("truncate-after-read=", fd), meta = targets("meta-after-read=", fd);
	if ((append || again || cut || meta) && !__atomic_exchange_n(&changed, 1, __ATOMIC_ACQ_REL)) {
		if (append)
			append_to(fd);
		else if (again)
			rewrite(fd);
		else if (cut)
			truncate_file(fd);
		else
			change_metadata(fd);
	}
}

static int is_fifo(int fd)
{
	struct stat st;
	return fstat(fd, &st) == 0 && S_ISFIFO(st.st_mode);
}

/* pipe-eio-after=N: a pipe's read, short of the N-th byte pipes have
 * given, or EIO past it. */
static ssize_t pipe_read(int fd, void *buf, size_t count,
			 ssize_t (*real_read)(int, void *, size_t))
{
	static unsigned long long given;
	unsigned long long limit = fault_number("pipe-eio-after=", fd);
	unsigned long long had = __atomic_load_n(&given, __ATOMIC_RELAXED);

	if (had >= limit) {
		log_fault("pipe-eio", count, fd);
		errno = EIO;
		return -1;
	}
	if (count > limit - had)
		count = (size_t)(limit - had);
	ssize_t got = real_read(fd, buf, count);
	if (got > 0)
		__atomic_add_fetch(&given, (unsigned long long)got, __ATOMIC_RELAXED);
	return got;
}

ssize_t read(int fd, void *buf, size_t count)
{
	static ssize_t (*real_read)(int, void *, size_t);
	static int flip;
	if (!real_read)
		real_read = (ssize_t(*)(int, void *, size_t))dlsym(RTLD_NEXT, "read");
	if (getenv("SIMDSUM_FAULT") && fault("pipe-eio-after=") && is_fifo(fd))
		return pipe_read(fd, buf, count, real_read);
	if (!getenv("SIMDSUM_FAULT") || !is_regular(fd))
		return real_read(fd, buf, count);

	ssize_t want = inject(fd, lseek(fd, 0, SEEK_CUR), count);
	if (want < 0)
		return -1;
	count = (size_t)want;
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
	after_read(fd, count, got);
	return got;
}

ssize_t pread(int fd, void *buf, size_t count, off_t off)
{
	static ssize_t (*real_pread)(int, void *, size_t, off_t);
	if (!real_pread)
		real_pread = (ssize_t(*)(int, void *, size_t, off_t))dlsym(RTLD_NEXT, "pread");
	if (getenv("SIMDSUM_FAULT") && is_regular(fd)) {
		ssize_t want = inject(fd, off, count);
		if (want < 0)
			return -1;
		count = (size_t)want;
		ssize_t got = real_pread(fd, buf, count, off);
		if (fault("log-preads"))
			log_fault("pread", (unsigned long long)count, fd);
		after_read(fd, count, got);
		return got;
	}
	return real_pread(fd, buf, count, off);
}

/* With _FILE_OFFSET_BITS=64 callers reach pread64 instead. */
ssize_t pread64(int fd, void *buf, size_t count, off_t off)
{
	return pread(fd, buf, count, off);
}

/* --- writes and syncs ------------------------------------------------------ */

/* The write or sync fault for fd, as an errno (0: none). */
static int write_fault(int fd, int syncing)
{
	if (!getenv("SIMDSUM_FAULT") || !is_regular(fd))
		return 0;
	if (syncing)
		return targets("eio-fsync=", fd) ? EIO : 0;
	if (targets("enospc-write=", fd))
		return ENOSPC;
	return targets("eio-write=", fd) ? EIO : 0;
}

ssize_t write(int fd, const void *buf, size_t count)
{
	static ssize_t (*real_write)(int, const void *, size_t);
	if (!real_write)
		real_write = (ssize_t(*)(int, const void *, size_t))dlsym(RTLD_NEXT, "write");
	int err = write_fault(fd, 0);
	if (getenv("SIMDSUM_FAULT") && is_regular(fd) && targets("slow-write=", fd))
		sleep(2);
	if (err) {
		log_fault(err == ENOSPC ? "enospc-write" : "eio-write", count, fd);
		errno = err;
		return -1;
	}
	return real_write(fd, buf, count);
}

static int synced(int fd, int (*real)(int), const char *what)
{
	if (write_fault(fd, 1)) {
		log_fault(what, 0, fd);
		errno = EIO;
		return -1;
	}
	int rc = real(fd);
	synced_once |= rc == 0;
	return rc;
}

int fsync(int fd)
{
	static int (*real_fsync)(int);
	if (!real_fsync)
		real_fsync = (int (*)(int))dlsym(RTLD_NEXT, "fsync");
	return synced(fd, real_fsync, "eio-fsync");
}

int fdatasync(int fd)
{
	static int (*real_fdatasync)(int);
	if (!real_fdatasync)
		real_fdatasync = (int (*)(int))dlsym(RTLD_NEXT, "fdatasync");
	return synced(fd, real_fdatasync, "eio-fsync");
}
