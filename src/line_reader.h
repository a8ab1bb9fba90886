/* SPDX-License-Identifier: MIT */
/* line_reader.h - lists read a line at a time (--check lists,
 * --files-from and --files0-from, --combine input) with read(2), so they
 * are read as carefully as hashed files: interrupted and short reads are
 * retried, and lines may be of any length.
 * Layer: input. */
#ifndef SIMDSUM_LINE_READER_H
#define SIMDSUM_LINE_READER_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

struct line_reader {
	int fd;
	bool is_stdin;
	bool eof;
	int err;          /* errno of the read that failed; then no more lines */
	char *buf;
	size_t cap;
	size_t start;     /* the next line starts here */
	size_t scanned;   /* buf[start, scanned) holds no delimiter */
	size_t end;       /* bytes read end here */
	char under_nul;   /* the byte the last line's terminating NUL covers */
	size_t limit;     /* bytes it reads at most (0: no limit) */
	size_t total;     /* bytes read so far */
	bool cut;         /* it stopped at the limit (more may follow) */
};

/* Opens name ("-": standard input). Returns false with errno set. */
bool line_reader_open(struct line_reader *lr, const char *name);

/* Opens name only if it is a regular file (without blocking, whatever it
 * is by then), to read no more than its first limit bytes: a line they
 * do not end is not handed out, and lr->cut says the limit was reached
 * (a file of exactly limit bytes counts as cut). For peeking into a list
 * that will be read again. */
bool line_reader_open_regular(struct line_reader *lr, const char *name, size_t limit);

/* The next line: its length, delimiter included when it has one (a last
 * line without one comes as it is, as getdelim returns it); *line points
 * at it, NUL-terminated, writable, valid until the next call. Returns 0
 * at the end of the input, or once a read failed (lr->err), and frees
 * the buffer. The bytes of a line a failed read cut short are not handed
 * out: "a.b" cut to "a." would name another file (getdelim hands them
 * out, and coreutils' -c checks that line). */
ssize_t line_reader_next(struct line_reader *lr, char delim, char **line);

/* Frees the buffer and closes the descriptor (not standard input).
 * Returns 0, or the errno of a failed close. */
int line_reader_close(struct line_reader *lr);

#endif
