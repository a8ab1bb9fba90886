/* SPDX-License-Identifier: MIT */
/* line_reader.c - lines from a descriptor, through one growing buffer. */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "line_reader.h"
#include "reader.h"
#include "xalloc.h"

/* Bytes asked of each read(); the buffer doubles when a line leaves less
 * room than half of this (long lines). */
#define READ_SIZE (64 * 1024)

bool line_reader_open(struct line_reader *lr, const char *name)
{
	memset(lr, 0, sizeof *lr);
	lr->is_stdin = strcmp(name, "-") == 0;
	if (lr->is_stdin)
		reader_mark_stdin_used();
	lr->fd = lr->is_stdin ? STDIN_FILENO : open(name, O_RDONLY | O_CLOEXEC);
	if (lr->fd < 0)
		return false;
	lr->cap = READ_SIZE;
	lr->buf = xmalloc(lr->cap);
	return true;
}

bool line_reader_open_regular(struct line_reader *lr, const char *name, size_t limit)
{
	struct stat st;

	memset(lr, 0, sizeof *lr);
	lr->fd = open(name, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (lr->fd < 0)
		return false;
	if (fstat(lr->fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		close(lr->fd);
		return false;
	}
	lr->limit = limit;
	lr->cap = READ_SIZE;
	lr->buf = xmalloc(lr->cap);
	return true;
}

/* Moves the unfinished line to the front, makes room, reads once more. */
static void fill(struct line_reader *lr)
{
	if (lr->start) {
		memmove(lr->buf, lr->buf + lr->start, lr->end - lr->start);
		lr->end -= lr->start;
		lr->scanned -= lr->start;
		lr->start = 0;
	}
	/* One byte stays free for the NUL after a last line. */
	if (lr->cap - lr->end - 1 < READ_SIZE / 2) {
		lr->buf = xnrealloc(lr->buf, lr->cap, 2);
		lr->cap *= 2;
	}
	size_t room = lr->cap - lr->end - 1;
	if (lr->limit && room > lr->limit - lr->total)
		room = lr->limit - lr->total;
	if (room == 0) {   /* the limit: as at the end, less its last line */
		lr->eof = lr->cut = true;
		return;
	}
	ssize_t n;
	do
		n = read(lr->fd, lr->buf + lr->end, room);
	while (n < 0 && errno == EINTR);
	if (n < 0)
		lr->err = errno ? errno : EIO;
	else if (n == 0)
		lr->eof = true;
	else {
		lr->end += (size_t)n;
		lr->total += (size_t)n;
	}
}

/* Hands out buf[start, stop) and NUL-terminates it, keeping the byte the
 * NUL covers (the next line's first) until the next call. */
static ssize_t take(struct line_reader *lr, size_t stop, char **line)
{
	size_t len = stop - lr->start;

	*line = lr->buf + lr->start;
	lr->under_nul = lr->buf[stop];
	lr->buf[stop] = '\0';
	lr->start = lr->scanned = stop;
	return (ssize_t)len;
}

ssize_t line_reader_next(struct line_reader *lr, char delim, char **line)
{
	if (!lr->buf)
		return 0;
	lr->buf[lr->start] = lr->under_nul;
	for (;;) {
		char *hit = memchr(lr->buf + lr->scanned, delim, lr->end - lr->scanned);
		if (hit)
			return take(lr, (size_t)(hit - lr->buf) + 1, line);
		lr->scanned = lr->end;
		if (lr->eof && !lr->err && !lr->cut && lr->end > lr->start)
			return take(lr, lr->end, line);
		if (lr->eof || lr->err) {
			/* Done: a long line's buffer need not outlive the list. */
			free(lr->buf);
			lr->buf = NULL;
			return 0;
		}
		fill(lr);
	}
}

int line_reader_close(struct line_reader *lr)
{
	int err = 0;

	free(lr->buf);
	lr->buf = NULL;
	if (!lr->is_stdin && close(lr->fd) != 0)
		err = errno;
	return err;
}
