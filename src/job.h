/* SPDX-License-Identifier: MIT */
/* job.h - one file to hash, as the engine and its workers see it, and
 * its life (job.c): start, feed, finish with the --cross-check, report.
 * Layer: engine (below the modes, above input, hash and the registry). */
#ifndef SIMDSUM_JOB_H
#define SIMDSUM_JOB_H

#include <stdbool.h>

#include "input.h"
#include "reader.h"
#include "options.h"

struct file_digests {
	struct file_outcome outcome;
	uint8_t digest[MAX_ALGOS][ALGO_MAX_DIGEST];
	const struct impl *impl[MAX_ALGOS];   /* what did most of the work */
};

/* The contexts of a job: one per choice, and as many generic ones with
 * --cross-check. */
#define JOB_MAX_CONTEXTS (2 * MAX_ALGOS)

struct job {
	/* set by the mode that submits the job */
	const char *name;                  /* the file; "-" is standard input */
	const struct algo_choice *choices; /* what to compute */
	unsigned nchoices;
	bool cross_check;                  /* generic computes it as well */
	bool hash;                         /* false: nothing to compute, the
	                                    * job only keeps its place in the
	                                    * output (e.g. a malformed line) */
	struct walked_file walked;         /* -r: what the walk met there */
	void *user;                        /* the mode's own data */

	uint64_t seq;                      /* set by the engine: its place */

	/* set by the worker that hashed it */
	struct file_digests result;
};

/* Starts ctx[0..) as the job asks: its choices' transforms, then with
 * --cross-check generic's for each. Returns how many contexts it set. */
unsigned job_start(const struct job *job, struct hash_ctx *ctx);

/* The dispatch of a family's generic row, what --cross-check compares
 * with (static, lives forever). */
const struct dispatch *job_generic_dispatch(enum family family);

/* Feeds bytes to every context job_start set; job_feed_checks to the
 * generic ones only (the lanes feed the others through their kernel). */
void job_feed(const struct job *job, struct hash_ctx *ctx, const uint8_t *data, size_t len);
void job_feed_checks(const struct job *job, struct hash_ctx *ctx, const uint8_t *data, size_t len);

/* Records how reading ended and, when it read the whole file, the digests
 * and what computed them; a digest generic disagrees with turns the
 * outcome into FILE_DISAGREE. */
void job_finish(struct job *job, struct file_outcome outcome, struct hash_ctx *ctx);

/* The same for CRCs computed without contexts (the split of one file
 * over threads, crc_split.c): crc[i], by impl[i], is the digest of the
 * job's choice i when the whole file was read. */
void job_finish_crcs(struct job *job, struct file_outcome outcome, const uint64_t *crc,
		     const struct impl *const *impl);

/* Marks a job that cannot be read at all (it keeps its place in the
 * output): FILE_READ_FAILED with err. */
void job_fail(struct job *job, int err);

/* The message for a job that failed; for a cross-check disagreement it
 * names the algorithm and the implementation (written into buf). */
const char *outcome_detail(const struct job *job, char *buf, size_t size);

/* The reason for a digest of algo that impl computed and generic did not:
 * "cross-check failed: sha256 from shani differs from generic". */
const char *job_disagreement(const struct algo *algo, const struct impl *impl, char *buf,
			     size_t size);


/* The same for the job's file as reader_open left it in r: opened (and
 * closed here), or not (its outcome says why). */
void job_hash_reader(struct job *job, struct file_reader *r, bool opened, enum io_mode io,
		     struct read_buffer *buf);

#endif
