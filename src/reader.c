/* reader.c - one file's descriptor, its reads, and the before/after check. */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include "progress.h"
#include "reader.h"

/* posix_fadvise costs a system call; below this size the kernel's default
 * read-ahead already covers the file. */
#define FADVISE_MIN_SIZE (1024 * 1024)

bool reader_open(struct file_reader *r, const char *name)
{
	memset(r, 0, sizeof *r);
	r->is_stdin = strcmp(name, "-") == 0;
	r->fd = r->is_stdin ? STDIN_FILENO : open(name, O_RDONLY | O_CLOEXEC | O_NOCTTY);
	if (r->fd < 0) {
		r->outcome.status = FILE_OPEN_FAILED;
		r->outcome.err = errno;
		return false;
	}
	int err = 0;
	if (fstat(r->fd, &r->before) != 0)
		err = errno;
	else if (S_ISDIR(r->before.st_mode))
		err = EISDIR;
	if (err) {
		if (!r->is_stdin)
			close(r->fd);
		r->outcome.status = FILE_READ_FAILED;
		r->outcome.err = err;
		return false;
	}
	/* Files that report size 0 may still have content (/proc): they are
	 * read like pipes, to the first empty read. */
	r->regular = S_ISREG(r->before.st_mode) && r->before.st_size > 0;
	if (r->regular && r->before.st_size >= FADVISE_MIN_SIZE)
		posix_fadvise(r->fd, 0, 0, POSIX_FADV_SEQUENTIAL);
	return true;
}

ssize_t reader_read(struct file_reader *r, uint8_t *buf, size_t cap)
{
	if (r->eof)
		return 0;
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
			r->outcome.status = FILE_READ_FAILED;
			r->outcome.err = errno;
			return -1;
		}
		if (n == 0) {
			r->eof = true;
			return 0;
		}
		r->total += (uint64_t)n;
		r->nreads++;
		progress_count((uint64_t)n);
		/* Asked for one byte past the size and got exactly the size: at
		 * the end, as fstat said. (Getting less means a short read; the
		 * next call asks again.) */
		if (probe_end && r->total == (uint64_t)r->before.st_size && (size_t)n == want - 1)
			r->eof = true;
		return n;
	}
}

static bool same_file_state(const struct stat *a, const struct stat *b)
{
	return a->st_size == b->st_size && a->st_mtim.tv_sec == b->st_mtim.tv_sec &&
	       a->st_mtim.tv_nsec == b->st_mtim.tv_nsec && a->st_ctim.tv_sec == b->st_ctim.tv_sec &&
	       a->st_ctim.tv_nsec == b->st_ctim.tv_nsec;
}

struct file_outcome reader_close(struct file_reader *r)
{
	struct file_outcome *o = &r->outcome;

	o->size = r->total;
	if (o->status == FILE_OK && S_ISREG(r->before.st_mode)) {
		/* A file read in one call that returned exactly its size was
		 * not changing while we read it; anything longer is checked.
		 * (The byte count alone proves nothing: /sys files report 4096
		 * bytes and hold fewer.) */
		bool single_read = r->regular && r->nreads <= 1 && r->eof &&
				   r->total == (uint64_t)r->before.st_size;
		struct stat after;
		if (!single_read) {
			if (fstat(r->fd, &after) != 0) {
				o->status = FILE_READ_FAILED;
				o->err = errno;
			} else if (!same_file_state(&r->before, &after)) {
				o->status = FILE_CHANGED;
			}
		}
	}
	if (!r->is_stdin && close(r->fd) != 0 && o->status == FILE_OK) {
		o->status = FILE_READ_FAILED;
		o->err = errno;
	}
	return *o;
}
