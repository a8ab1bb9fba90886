/* SPDX-License-Identifier: MIT */
/* selftest.h - --selftest: known answers through every implementation.
 * Layer: mode. */
#ifndef SIMDSUM_SELFTEST_H
#define SIMDSUM_SELFTEST_H

#include <stdbool.h>
#include <stddef.h>

/* A known-answer vector: the message is `len` bytes at `message`,
 * repeated `repeat` times (the million 'a's of FIPS 180-4). */
struct selftest_vector {
	const char *algo;      /* algo_by_name() name */
	const char *message;
	size_t len;
	size_t repeat;
	const char *digest;    /* lower-case hex, as simdsum prints it */
	const char *source;    /* where the answer is published */
};

/* The compiled-in vectors, terminated by algo == NULL. */
extern const struct selftest_vector selftest_vectors[];

/* Runs every vector of its family through each registry row (single
 * stream and multi-buffer) and prints one line per row: ok, FAILED, or
 * skipped with the CPU features this machine lacks. Returns false when
 * any row failed. */
bool selftest_run(void);

#endif
