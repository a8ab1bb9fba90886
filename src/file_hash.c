/* SPDX-License-Identifier: MIT */
/* file_hash.c - one file through one or several algorithms in one read. */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "file_hash.h"
#include "job.h"

static struct dispatch generic_rows[FAMILY_COUNT];
static pthread_once_t generic_once = PTHREAD_ONCE_INIT;

static void find_generic_rows(void)
{
	for (int f = 0; f < FAMILY_COUNT; f++)
		impl_select_one(impl_generic((enum family)f), &generic_rows[f]);
}

const struct dispatch *generic_dispatch(enum family family)
{
	pthread_once(&generic_once, find_generic_rows);
	return &generic_rows[family];
}

void file_cross_check(struct file_digests *out, const struct algo *algo, const uint8_t *generic,
		      unsigned i)
{
	if (out->outcome.status == FILE_OK && memcmp(out->digest[i], generic, algo->digest_size)) {
		out->outcome.status = FILE_DISAGREE;
		out->outcome.err = (int)i;   /* which algorithm */
	}
}

void file_hash(const char *name, const struct algo_choice *choices, unsigned n, enum io_mode io,
	       bool cross_check, uint8_t *buf, size_t size, struct file_digests *out)
{
	struct hash_ctx ctx[2 * MAX_ALGOS];
	unsigned total = cross_check ? 2 * n : n;

	for (unsigned i = 0; i < n; i++) {
		hash_init(&ctx[i], choices[i].algo, &choices[i].dispatch);
		if (cross_check)
			hash_init(&ctx[n + i], choices[i].algo, generic_dispatch(choices[i].algo->family));
	}
	out->outcome = input_hash_file(name, ctx, total, io, buf, size);
	if (out->outcome.status != FILE_OK)
		return;
	for (unsigned i = 0; i < n; i++) {
		hash_final(&ctx[i], out->digest[i]);
		out->impl[i] = ctx[i].used;
	}
	for (unsigned i = 0; cross_check && i < n; i++) {
		uint8_t generic[ALGO_MAX_DIGEST];
		hash_final(&ctx[n + i], generic);
		file_cross_check(out, choices[i].algo, generic, i);
	}
}

void job_hash_single(struct job *job, enum io_mode io, uint8_t *buf, size_t size)
{
	file_hash(job->name, job->choices, job->nchoices, io, job->cross_check, buf, size,
		  &job->result);
}

const char *outcome_detail(const struct job *job, char *buf, size_t size)
{
	const struct file_outcome *o = &job->result.outcome;

	if (o->status != FILE_DISAGREE)
		return file_outcome_message(o);
	unsigned i = (unsigned)o->err;
	const struct impl *impl = job->result.impl[i];
	snprintf(buf, size, "cross-check failed: %s from %s differs from generic",
		 job->choices[i].algo->name, impl ? impl->name : "?");
	return buf;
}
