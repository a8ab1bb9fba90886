/* SPDX-License-Identifier: MIT */
/* job.h - one file to hash, as the engine and its workers see it. */
#ifndef SIMDSUM_JOB_H
#define SIMDSUM_JOB_H

#include <stdbool.h>

#include "file_hash.h"

struct job {
	/* set by the mode that submits the job */
	const char *name;                  /* the file; "-" is standard input */
	const struct algo_choice *choices; /* what to compute */
	unsigned nchoices;
	bool cross_check;                  /* generic computes it as well */
	bool hash;                         /* false: nothing to compute, the
	                                    * job only keeps its place in the
	                                    * output (e.g. a malformed line) */
	void *user;                        /* the mode's own data */

	/* set by the worker that hashed it */
	struct file_digests result;
};

/* The message for a job that failed; for a cross-check disagreement it
 * names the algorithm and the implementation (written into buf). */
const char *outcome_detail(const struct job *job, char *buf, size_t size);

/* Hashes a job single-stream (one read of the file for all choices),
 * reading into buf[0..size). */
void job_hash_single(struct job *job, enum io_mode io, uint8_t *buf, size_t size);

#endif
