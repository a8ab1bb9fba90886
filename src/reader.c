/* SPDX-License-Identifier: MIT */
/* reader.c - one file's descriptor, its reads, and the before/after check. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <linux/magic.h>
#include <poll.h>
#include <string.h>
#include <sys/vfs.h>
#include <unistd.h>

#include "diag.h"
#include "progress.h"
#include "reader.h"
#include "timespec_same.h"

/* posix_fadvise costs a system call; below this size the kernel's default
 * read-ahead already covers the file. */
#define FADVISE_MIN_SIZE (1024 * 1024)

/* A file that takes a while to hash (64 MiB: 30 ms and more): the lines
 * before it go out first. */
#define SLOW_FILE_SIZE (64 * 1024 * 1024)

#ifndef CONFIGFS_MAGIC
#define CONFIGFS_MAGIC 0x62656570   /* not in every linux/magic.h */
#endif

/* Whether a regular file's size is its length. Not on the kernel's
 * pseudo filesystems: /sys says 4096 for a file of a few bytes, /proc 0
 * for one of kilobytes. Their files occupy no blocks, so only a file
 * without blocks (also an empty or wholly sparse one) costs the fstatfs. */
static bool size_is_length(int fd, const struct stat *st)
{
	static const long pseudo[] = {
		PROC_SUPER_MAGIC, SYSFS_MAGIC,      DEBUGFS_MAGIC,      TRACEFS_MAGIC,
		CONFIGFS_MAGIC,   SECURITYFS_MAGIC, CGROUP_SUPER_MAGIC, CGROUP2_SUPER_MAGIC,
		EFIVARFS_MAGIC,   PSTOREFS_MAGIC,   BPF_FS_MAGIC,       SELINUX_MAGIC,
		SMACK_MAGIC,      BINFMTFS_MAGIC,
	};
	struct statfs fs;

	if (!S_ISREG(st->st_mode))
		return false;
	if (st->st_blocks != 0 || fstatfs(fd, &fs) != 0)
		return true;
	for (size_t i = 0; i < sizeof pseudo / sizeof pseudo[0]; i++)
		if ((long)fs.f_type == pseudo[i])
			return false;
	return true;
}

/* Every name opens without waiting: a FIFO's open would wait for a
 * writer before the files named ahead of it (in the lanes) were finished
 * and printed, and that writer may be waiting for their lines. A FIFO
 * waits at its first read instead (wait_for_writer), a device is made to
 * wait again at once, and a regular file keeps the flag, which has no
 * effect on one (open(2); reader_read still clears it if a file system
 * says EAGAIN). A walked name, but with -L, also opens without following
 * a link now in its place. */
static int open_flags(const struct walked_file *walked)
{
	int flags = O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK;

	if (walked && walked->set && !walked->follow)
		flags |= O_NOFOLLOW;
	return flags;
}

/* The descriptor of name; a lease another process holds (a file
 * server's) refuses an open that does not wait (EWOULDBLOCK), so then
 * one that waits for it to be broken, as coreutils' would. */
static int open_name(const char *name, const struct walked_file *walked)
{
	int fd = open(name, open_flags(walked));

	if (fd < 0 && errno == EWOULDBLOCK)
		fd = open(name, open_flags(walked) & ~O_NONBLOCK);
	return fd;
}

static bool is_walked_file(const struct stat *st, const struct walked_file *walked)
{
	return S_ISREG(st->st_mode) && st->st_dev == walked->dev && st->st_ino == walked->ino;
}

struct walked_file walked_file_of(const struct stat *st, bool follow)
{
	return (struct walked_file){ .set = true, .follow = follow, .dev = st->st_dev,
				     .ino = st->st_ino };
}

bool reader_open(struct file_reader *r, const char *name, const struct walked_file *walked)
{
	bool check = walked && walked->set;

	memset(r, 0, sizeof *r);
	r->name = name;
	r->is_stdin = strcmp(name, "-") == 0;
	if (r->is_stdin)
		reader_mark_stdin_used();
	r->fd = r->is_stdin ? STDIN_FILENO : open_name(name, walked);
	/* A walked regular file that is now a link (ELOOP, not followed) or
	 * a socket (ENXIO) was replaced, as one that is now a FIFO is. */
	if (r->fd < 0) {
		bool replaced = check && ((errno == ELOOP && !walked->follow) || errno == ENXIO);
		r->outcome.status = replaced ? FILE_REPLACED : FILE_OPEN_FAILED;
		r->outcome.err = errno;
		return false;
	}
	int err = 0;
	if (fstat(r->fd, &r->before) != 0)
		err = errno;
	else if (S_ISDIR(r->before.st_mode) && !check)
		err = EISDIR;
	if (!err && check && !is_walked_file(&r->before, walked)) {
		close(r->fd);
		r->outcome.status = FILE_REPLACED;
		return false;
	}
	if (!err && !r->is_stdin && S_ISFIFO(r->before.st_mode))
		r->awaiting_writer = true;
	else if (!err && !r->is_stdin && !S_ISREG(r->before.st_mode) &&
		 fcntl(r->fd, F_SETFL, 0) != 0)   /* a device's reads wait again */
		err = errno;
	if (err) {
		if (!r->is_stdin)
			close(r->fd);
		r->outcome.status = FILE_READ_FAILED;
		r->outcome.err = err;
		return false;
	}
	/* Files whose size is not their length are read like pipes, to the
	 * first empty read; so is an empty file, in case it has grown. */
	r->size_is_length = size_is_length(r->fd, &r->before);
	r->regular = r->size_is_length && r->before.st_size > 0;
	if (r->regular && r->before.st_size >= FADVISE_MIN_SIZE)
		posix_fadvise(r->fd, 0, 0, POSIX_FADV_SEQUENTIAL);
	/* The lines of the files before it are not held back in the output
	 * buffer (chunked into a regular file) while this one takes long, or
	 * for ever: a run stopped then keeps them, as coreutils' would. */
	if (!S_ISREG(r->before.st_mode)) {
		diag_lines_prompt();
	} else if (r->regular && r->before.st_size >= SLOW_FILE_SIZE) {
		r->slow = true;
		diag_slow_read_begin();
	}
	return true;
}

int64_t reader_length_left(const struct file_reader *r)
{
	off_t at = r->is_stdin ? lseek(r->fd, 0, SEEK_CUR) : 0;

	if (!r->size_is_length || at < 0)
		return -1;
	return at < r->before.st_size ? (int64_t)(r->before.st_size - at) : 0;
}

/* A change time that moved while the size and modification time stayed
 * is explained by a change of metadata that the second stat shows: the
 * link count (ln, or rm or mv over the name: the bytes read are the old
 * file's, whole), the mode, owner or group (chmod, chown). Not by a
 * write: a writer that set the modification time back changed none of
 * those. (Not the access time: this run's own reads move it.) */
static bool metadata_moved(const struct stat *a, const struct stat *b)
{
	return a->st_nlink != b->st_nlink || a->st_mode != b->st_mode || a->st_uid != b->st_uid ||
	       a->st_gid != b->st_gid;
}

/* Whether the bytes can be taken as those of the first stat. */
static bool same_file_state(const struct stat *a, const struct stat *b)
{
	return a->st_size == b->st_size && timespec_same(&a->st_mtim, &b->st_mtim) &&
	       (timespec_same(&a->st_ctim, &b->st_ctim) || metadata_moved(a, b));
}

/* Standard output's file, when it is a regular one (dev, ino; ino 0:
 * none): "sha256sum * > SUMS" reads SUMS while this run writes it, and
 * coreutils prints a digest of what it read there, not an error. */
static dev_t stdout_dev;
static ino_t stdout_ino;

static bool is_stdout_file(const struct stat *st)
{
	return stdout_ino && st->st_ino == stdout_ino && st->st_dev == stdout_dev;
}

bool reader_is_stdout_file(const struct file_reader *r)
{
	return is_stdout_file(&r->before);
}

static void end_slow_read(struct file_reader *r)
{
	if (r->slow)
		diag_slow_read_end();
	r->slow = false;
}

bool reader_restat(struct file_reader *r)
{
	if (fstat(r->fd, &r->before) != 0) {
		r->outcome.status = FILE_READ_FAILED;
		r->outcome.err = errno;
		end_slow_read(r);
		if (!r->is_stdin)
			close(r->fd);
		return false;
	}
	r->regular = r->size_is_length && r->before.st_size > 0;
	return true;
}

/* The file gave more bytes than fstat said it had. If it grew (its size or
 * times moved), it changed: say so now instead of chasing the growing end
 * to the last byte. Otherwise the size it reports is not its length (some
 * pseudo-files), and it is read on like a pipe, in whole buffers. */
static bool past_stated_size(struct file_reader *r)
{
	struct stat now;

	if (fstat(r->fd, &now) != 0) {
		r->outcome.status = FILE_READ_FAILED;
		r->outcome.err = errno;
		return false;
	}
	if (!same_file_state(&r->before, &now) && !is_stdout_file(&now)) {
		r->outcome.status = FILE_CHANGED;
		return false;
	}
	r->regular = false;
	return true;
}

void reader_lost_mapped_page(struct file_reader *r, uint64_t at)
{
	struct stat now;
	uint8_t byte;

	r->eof = true;
	if (fstat(r->fd, &now) != 0) {
		r->outcome.status = FILE_READ_FAILED;
		r->outcome.err = errno;
		return;
	}
	if ((uint64_t)now.st_size <= at || !same_file_state(&r->before, &now)) {
		r->outcome.status = FILE_CHANGED;
		return;
	}
	ssize_t n;
	do
		n = pread(r->fd, &byte, 1, (off_t)at);
	while (n < 0 && (errno == EINTR || reader_waits_again(r->fd, errno)));
	if (n == 0) {
		r->outcome.status = FILE_CHANGED;   /* cut short since the fstat */
		return;
	}
	r->outcome.status = FILE_READ_FAILED;
	r->outcome.err = n < 0 ? errno : EIO;
}

/* True when fd had O_NONBLOCK and no longer has it. */
static bool clear_nonblock(int fd)
{
	int flags = fcntl(fd, F_GETFL);

	return flags >= 0 && (flags & O_NONBLOCK) && fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) == 0;
}

bool reader_waits_again(int fd, int err)
{
	return err == EAGAIN && clear_nonblock(fd);
}

void reader_block_before_sharing(int fd)
{
	(void)clear_nonblock(fd);
}

/* A FIFO opened without waiting (reader_open): waits as an open would
 * have, until a writer has written or has come and gone (a reader's
 * poll(2) reports no hang-up before a writer has come), then its reads
 * wait again. */
static bool wait_for_writer(struct file_reader *r)
{
	struct pollfd p = { .fd = r->fd, .events = POLLIN };
	int rc;

	r->awaiting_writer = false;
	diag_lines_prompt();
	while ((rc = poll(&p, 1, -1)) < 0 && errno == EINTR)
		;
	if (rc >= 0 && fcntl(r->fd, F_SETFL, 0) == 0)
		return true;
	r->outcome.status = FILE_READ_FAILED;
	r->outcome.err = errno;
	return false;
}

ssize_t reader_read(struct file_reader *r, uint8_t *buf, size_t cap)
{
	if (r->eof)
		return 0;
	if (r->awaiting_writer && !wait_for_writer(r))
		return -1;
	size_t want = cap;
	bool probe_end = false;
	if (r->regular) {
		uint64_t expected = (uint64_t)r->before.st_size;
		uint64_t left = expected > r->total ? expected - r->total : 0;
		if (left < cap) {
			want = (size_t)left + 1;
			probe_end = true;
		}
	}
	for (;;) {
		ssize_t n = read(r->fd, buf, want);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			/* (Standard input's flags are its owner's to keep.) */
			if (!r->is_stdin && S_ISREG(r->before.st_mode) &&
			    reader_waits_again(r->fd, errno))
				continue;
			r->outcome.status = FILE_READ_FAILED;
			r->outcome.err = errno;
			return -1;
		}
		if (n == 0) {
			r->eof = true;
			return 0;
		}
		r->total += (uint64_t)n;
		progress_count((uint64_t)n);
		/* Asked for one byte past the size and got exactly the size: at
		 * the end, as fstat said. (Getting less means a short read; the
		 * next call asks again.) */
		if (probe_end && r->total == (uint64_t)r->before.st_size && (size_t)n == want - 1)
			r->eof = true;
		if (r->regular && r->total > (uint64_t)r->before.st_size && !past_stated_size(r))
			return -1;
		return n;
	}
}

struct file_outcome reader_close(struct file_reader *r)
{
	struct file_outcome *o = &r->outcome;

	o->size = r->total;
	/* Every regular file is stat'ed again, however it was read: one
	 * read() that returned the whole file proves nothing about writes
	 * after it, and a mapping never reads at all. */
	if (o->status == FILE_OK && S_ISREG(r->before.st_mode)) {
		struct stat after;
		if (fstat(r->fd, &after) != 0) {
			o->status = FILE_READ_FAILED;
			o->err = errno;
		} else if (!same_file_state(&r->before, &after) && !is_stdout_file(&after)) {
			o->status = FILE_CHANGED;
		}
	}
	end_slow_read(r);
	if (!r->is_stdin && close(r->fd) != 0 && o->status == FILE_OK) {
		o->status = FILE_READ_FAILED;
		o->err = errno;
	}
	return *o;
}

struct file_outcome reader_close_read(struct file_reader *r, struct file_outcome out)
{
	if (out.status == FILE_OK)
		r->eof = true;
	else
		r->outcome = out;
	return reader_close(r);
}

static bool stdin_used;
static bool stdin_closed;   /* descriptor 0 was closed when simdsum started */

bool reader_reserve_standard_fds(void)
{
	bool stdout_closed = false;

	/* A closed 0, 1 or 2 would go to the next file a worker opens: "-"
	 * would read that file, output would land in it. Each is held by
	 * /dev/null opened the wrong way round, so that reading 0 or writing
	 * 1 or 2 fails with EBADF, as on the closed descriptor. */
	for (int fd = 0; fd <= 2; fd++) {
		if (fcntl(fd, F_GETFD) != -1 || errno != EBADF)
			continue;
		int held = open("/dev/null", (fd == 0 ? O_WRONLY : O_RDONLY) | O_NOCTTY);
		if (held >= 0 && held != fd) {
			dup2(held, fd);
			close(held);
		}
		if (fd == 0)
			stdin_closed = true;
		stdout_closed |= fd == 1;
	}
	struct stat st;
	if (fstat(STDOUT_FILENO, &st) == 0 && S_ISREG(st.st_mode)) {
		stdout_dev = st.st_dev;
		stdout_ino = st.st_ino;
	}
	return stdout_closed;
}

void reader_mark_stdin_used(void)
{
	__atomic_store_n(&stdin_used, true, __ATOMIC_RELAXED);
}

bool reader_close_stdin(void)
{
	if (!__atomic_load_n(&stdin_used, __ATOMIC_RELAXED))
		return true;
	if (stdin_closed)
		errno = EBADF;
	else if (fclose(stdin) == 0)
		return true;
	diag_error(errno, "standard input");
	return false;
}
