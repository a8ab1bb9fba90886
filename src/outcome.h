/* SPDX-License-Identifier: MIT */
/* outcome.h - how a file is to be read (--io) and how reading it ended:
 * the words every layer that opens, reads or reports a file shares.
 * Layer: platform (below input, reader and the options). */
#ifndef SIMDSUM_OUTCOME_H
#define SIMDSUM_OUTCOME_H

#include <stdbool.h>
#include <stdint.h>

enum io_mode {
	IO_AUTO,              /* read(), or for a large cached file the faster
	                       * of read() and mmap() (io_choice.h); a
	                       * read-ahead thread for large files the SHAs hash */
	IO_READ,              /* read() on the hashing thread only */
	IO_MMAP,
	IO_AUTO_ONE_THREAD,   /* auto without the read-ahead thread (-j1) */
};

/* Whether io leaves the choice to simdsum (--io=auto, with or without -j1). */
static inline bool io_mode_is_auto(enum io_mode io)
{
	return io == IO_AUTO || io == IO_AUTO_ONE_THREAD;
}

/* What is wrong with a name read from a --files-from list, if anything. */
enum listed_name {
	LISTED_NAME_OK,
	LISTED_NAME_EMPTY,     /* an empty NUL-terminated name, or "\\" alone */
	LISTED_NAME_NUL,       /* a NUL inside a newline-terminated name */
	LISTED_NAME_ESCAPE,    /* a line starting with '\' whose escapes are invalid */
};

enum file_status {
	FILE_OK,
	FILE_OPEN_FAILED,   /* err: errno of open() */
	FILE_READ_FAILED,   /* err: errno of read()/fstat() */
	FILE_CHANGED,       /* size or times changed while it was read */
	FILE_DISAGREE,      /* --cross-check: the chosen implementation and
	                     * generic gave different digests */
	FILE_STDIN_IS_LIST, /* "-" named in --files-from=- */
	FILE_REPLACED,      /* -r: no longer the regular file the walk met */
	FILE_BAD_LISTED_NAME, /* --files-from: err is the enum listed_name */
};

struct file_outcome {
	enum file_status status;
	int err;
	uint64_t size;      /* bytes hashed */
};

/* The err of a directory met again inside itself (-r: a bind mount of
 * one above it, or with -L a link to one): no errno says that (ELOOP is
 * a chain of links too long to follow). */
#define ERR_FS_LOOP (-1)

/* strerror(err), or for ERR_FS_LOOP the words find(1) uses. */
const char *error_text(int err);

/* The message for a failed outcome ("No such file or directory", "file
 * changed while reading"). */
const char *file_outcome_message(const struct file_outcome *o);

#endif
