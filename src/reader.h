/* reader.h - opening a file and reading it to the end, noticing changes. */
#ifndef SIMDSUM_READER_H
#define SIMDSUM_READER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>

#include "input.h"

struct file_reader {
	int fd;
	bool is_stdin;
	bool regular;          /* a regular file whose size is known */
	bool eof;
	unsigned nreads;       /* read() calls that returned data */
	struct stat before;
	uint64_t total;        /* bytes read so far */
	struct file_outcome outcome;
};

/* Opens name ("-": standard input) and stats it. On failure returns false
 * with r->outcome set (the reader then needs no reader_close). */
bool reader_open(struct file_reader *r, const char *name);

/* Reads up to cap bytes. Returns the count, 0 at end of file, or -1 on an
 * error (r->outcome set). For a regular file it asks for one byte more
 * than the size fstat reported, so the read that reaches that size also
 * proves the end without another system call. */
ssize_t reader_read(struct file_reader *r, uint8_t *buf, size_t cap);

/* Finishes: a regular file whose size or times changed while it was read
 * becomes FILE_CHANGED. Closes the descriptor (not standard input) and
 * returns the outcome with the byte count. */
struct file_outcome reader_close(struct file_reader *r);

#endif
