/* SPDX-License-Identifier: MIT */
/* reader.h - opening a file and reading it to the end, noticing changes.
 * Layer: input. */
#ifndef SIMDSUM_READER_H
#define SIMDSUM_READER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>
#include <sys/types.h>

#include "outcome.h"

struct file_reader {
	const char *name;      /* as given to reader_open */
	int fd;
	bool is_stdin;
	bool regular;          /* a regular file whose size is its length, > 0 */
	bool size_is_length;   /* a regular file not on /proc, /sys and the like */
	bool eof;
	bool awaiting_writer;  /* a FIFO opened without waiting, not yet read */
	bool slow;             /* a large file: diag_slow_read_begin until closed */
	struct stat before;
	uint64_t total;        /* bytes read so far */
	struct file_outcome outcome;
};

/* What a name met in a tree walk (-r) was when the walk stat'ed it: the
 * file opened by that name later must be the same regular file. Between
 * the two, the entry may have become a FIFO (whose open would wait for a
 * writer) or a link, or a directory above it a link that leads out of
 * the tree. */
struct walked_file {
	bool set;              /* the name came from a walk */
	bool follow;           /* -L: a link may stand in the entry's place */
	dev_t dev;
	ino_t ino;
};

/* What the walk's stat (lstat's, or stat's with -L) says the file is. */
struct walked_file walked_file_of(const struct stat *st, bool follow);

/* Opens name ("-": standard input) and stats it; with walked->set, it must
 * be the file the walk met, else FILE_REPLACED (walked may be NULL). On
 * failure returns false with r->outcome set (the reader then needs no
 * reader_close). */
bool reader_open(struct file_reader *r, const char *name, const struct walked_file *walked);

/* After a read or pread of a regular file reader_open opened failed with
 * err: true when it is worth trying again, because err was EAGAIN (a
 * file system that heeds the O_NONBLOCK the file was opened with) and
 * the flag is now cleared. Once cleared, never again. */
bool reader_waits_again(int fd, int err);

/* Clears O_NONBLOCK before threads share fd's preads: on a file system
 * that heeds it, two threads could both fail with EAGAIN, and the one
 * that found the flag already cleared by the other would give up. */
void reader_block_before_sharing(int fd);

/* The bytes a read to the end will give, as far as the size at open
 * tells; -1 where it does not (a pipe, a file of /proc). Standard input
 * may be a file that an earlier command read in part: its reads start at
 * its offset, so that much less. */
int64_t reader_length_left(const struct file_reader *r);

/* Reads up to cap bytes. Returns the count, 0 at end of file, or -1 on an
 * error (r->outcome set). For a regular file it asks for one byte more
 * than the size fstat reported, so the read that reaches that size also
 * proves the end without another system call; a file that turns out to
 * have grown is FILE_CHANGED at once (-1), not read to its new end. */
ssize_t reader_read(struct file_reader *r, uint8_t *buf, size_t cap);

/* A mapped page at file offset `at` could not be read (SIGBUS): the file
 * shrank, or the disk failed under it, which a mapping cannot tell apart.
 * Sets r->outcome: FILE_CHANGED when the file now ends at or before `at`
 * or its size or times moved, else FILE_READ_FAILED with the error a
 * pread() of that page gives (EIO if it now succeeds). */
void reader_lost_mapped_page(struct file_reader *r, uint64_t at);

/* Whether r is standard output's own file ("sha256sum * > SUMS" names
 * SUMS): coreutils has written the lines before it when it reads it. */
bool reader_is_stdout_file(const struct file_reader *r);

/* Takes r's size and times again, before any read: for standard output's
 * own file once the lines before it are written, so that every path
 * (mapped, split over threads) reads it to that size. false when fstat
 * fails (r->outcome then says why, and r is closed, as by a failed
 * reader_open). */
bool reader_restat(struct file_reader *r);

/* Finishes: a regular file whose size or times differ from those at
 * reader_open (one fstat, whatever path read it) becomes FILE_CHANGED.
 * Closes the descriptor (not standard input) and returns the outcome with
 * the byte count. */
struct file_outcome reader_close(struct file_reader *r);

/* reader_close for a caller that read the file itself (pread at offsets):
 * out says how its reading ended, FILE_OK meaning to the size that
 * reader_open saw. */
struct file_outcome reader_close_read(struct file_reader *r, struct file_outcome out);

/* Standard input was read (a "-" operand, or a list from it): set by
 * reader_open, and by the modes that read lists. */
void reader_mark_stdin_used(void);

/* Called first thing: keeps descriptors 0-2, if closed, from being
 * reused by files opened later (see reader.c). Returns whether standard
 * output was closed. */
bool reader_reserve_standard_fds(void);

/* At exit, as coreutils does: when standard input was read, closes it and
 * reports a failure ("standard input: Bad file descriptor" when it was
 * closed from the start). Returns false after a failure. */
bool reader_close_stdin(void);

#endif
