/* input.h - reading a file (or standard input) into hash computations. */
#ifndef SIMDSUM_INPUT_H
#define SIMDSUM_INPUT_H

#include <stdbool.h>
#include <stdint.h>

#include "hash.h"

enum io_mode {
	IO_AUTO,   /* read(): see input.c for why */
	IO_READ,
	IO_MMAP,
};

enum file_status {
	FILE_OK,
	FILE_OPEN_FAILED,   /* err: errno of open() */
	FILE_READ_FAILED,   /* err: errno of read()/fstat() */
	FILE_CHANGED,       /* size or times changed while it was read */
};

struct file_outcome {
	enum file_status status;
	int err;
	uint64_t size;      /* bytes hashed */
};

#define INPUT_MAX_CTX 8

/* Streams the named file ("-": standard input) through every context in
 * ctxs[0..nctx) (already initialised; the caller finalises them). */
struct file_outcome input_hash_file(const char *name, struct hash_ctx *ctxs, unsigned nctx,
				    enum io_mode io);

/* The message for a failed outcome ("No such file or directory", "file
 * changed while reading"). */
const char *file_outcome_message(const struct file_outcome *o);

#endif
