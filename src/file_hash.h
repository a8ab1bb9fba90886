/* SPDX-License-Identifier: MIT */
/* file_hash.h - hashing one named file with every selected algorithm. */
#ifndef SIMDSUM_FILE_HASH_H
#define SIMDSUM_FILE_HASH_H

#include "input.h"
#include "options.h"

struct file_digests {
	struct file_outcome outcome;
	uint8_t digest[MAX_ALGOS][ALGO_MAX_DIGEST];
	const struct impl *impl[MAX_ALGOS];   /* what did most of the work */
};

/* Hashes name with choices[0..n) in one read of the file. With
 * cross_check, generic computes every digest as well, and a disagreement
 * turns the outcome into FILE_DISAGREE. */
void file_hash(const char *name, const struct algo_choice *choices, unsigned n, enum io_mode io,
	       bool cross_check, uint8_t *buf, size_t size, struct file_digests *out);

/* Compares a digest with generic's; on a difference marks the outcome. */
void file_cross_check(struct file_digests *out, const struct algo *algo, const uint8_t *generic,
		      unsigned i);

/* The dispatch of a family's generic row (static, lives forever). */
const struct dispatch *generic_dispatch(enum family family);

#endif
