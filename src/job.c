/* SPDX-License-Identifier: MIT */
/* job.c - a job's life: the contexts it starts with, the bytes it is fed,
 * its digests, the --cross-check against generic and the message for a
 * failure. Every path that hashes a job (a worker's single stream, a lane,
 * a lane's fallback) starts and finishes it here. */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "job.h"
#include "reader.h"

static struct dispatch generic_rows[FAMILY_COUNT];
static pthread_once_t generic_once = PTHREAD_ONCE_INIT;

static void find_generic_rows(void)
{
	for (int f = 0; f < FAMILY_COUNT; f++)
		impl_select_one(impl_generic((enum family)f), &generic_rows[f]);
}

const struct dispatch *job_generic_dispatch(enum family family)
{
	pthread_once(&generic_once, find_generic_rows);
	return &generic_rows[family];
}

unsigned job_start(const struct job *job, struct hash_ctx *ctx)
{
	unsigned n = job->nchoices;

	for (unsigned i = 0; i < n; i++) {
		const struct algo *algo = job->choices[i].algo;
		hash_init(&ctx[i], algo, &job->choices[i].dispatch);
		if (job->cross_check)
			hash_init(&ctx[n + i], algo, job_generic_dispatch(algo->family));
	}
	return job->cross_check ? 2 * n : n;
}

void job_feed_checks(const struct job *job, struct hash_ctx *ctx, const uint8_t *data, size_t len)
{
	for (unsigned i = 0; job->cross_check && i < job->nchoices; i++)
		hash_update(&ctx[job->nchoices + i], data, len);
}

void job_feed(const struct job *job, struct hash_ctx *ctx, const uint8_t *data, size_t len)
{
	for (unsigned i = 0; i < job->nchoices; i++)
		hash_update(&ctx[i], data, len);
	job_feed_checks(job, ctx, data, len);
}

void job_finish(struct job *job, struct file_outcome outcome, struct hash_ctx *ctx)
{
	struct file_digests *out = &job->result;
	unsigned n = job->nchoices;

	out->outcome = outcome;
	if (outcome.status != FILE_OK)
		return;
	for (unsigned i = 0; i < n; i++) {
		hash_final(&ctx[i], out->digest[i]);
		out->impl[i] = ctx[i].used;
	}
	for (unsigned i = 0; job->cross_check && i < n; i++) {
		uint8_t generic[ALGO_MAX_DIGEST];
		hash_final(&ctx[n + i], generic);
		if (out->outcome.status == FILE_OK &&
		    memcmp(out->digest[i], generic, job->choices[i].algo->digest_size)) {
			out->outcome.status = FILE_DISAGREE;
			out->outcome.err = (int)i;   /* which algorithm */
		}
	}
}

void job_finish_crcs(struct job *job, struct file_outcome outcome, const uint64_t *crc,
		     const struct impl *const *impl)
{
	job->result.outcome = outcome;
	if (outcome.status != FILE_OK)
		return;
	for (unsigned i = 0; i < job->nchoices; i++) {
		crc_store_digest(job->choices[i].algo->family, job->result.digest[i], crc[i]);
		job->result.impl[i] = impl[i];
	}
}

void job_fail(struct job *job, int err)
{
	job->result.outcome.status = FILE_READ_FAILED;
	job->result.outcome.err = err;
}

/* The contexts of the one job a thread hashes at a time. Not on the stack:
 * 17 KiB there overflowed the main thread's stack under "ulimit -s 24",
 * where sha256sum runs. */
static _Thread_local struct hash_ctx job_contexts[JOB_MAX_CONTEXTS];

void job_hash_reader(struct job *job, struct file_reader *r, bool opened, enum io_mode io,
		     struct read_buffer *buf)
{
	struct hash_ctx *ctx = job_contexts;
	unsigned total = job_start(job, ctx);

	job_finish(job, opened ? input_hash_opened(r, ctx, total, io, buf) : r->outcome, ctx);
}

const char *outcome_detail(const struct job *job, char *buf, size_t size)
{
	const struct file_outcome *o = &job->result.outcome;

	if (o->status != FILE_DISAGREE)
		return file_outcome_message(o);
	unsigned i = (unsigned)o->err;
	return job_disagreement(job->choices[i].algo, job->result.impl[i], buf, size);
}

const char *job_disagreement(const struct algo *algo, const struct impl *impl, char *buf,
			     size_t size)
{
	snprintf(buf, size, "cross-check failed: %s from %s differs from generic", algo->name,
		 impl ? impl->name : "?");
	return buf;
}
