/* file_hash.c - one file through one or several algorithms in one read. */
#include "file_hash.h"
#include "job.h"

void file_hash(const char *name, const struct algo_choice *choices, unsigned n, enum io_mode io,
	       uint8_t *buf, size_t size, struct file_digests *out)
{
	struct hash_ctx ctx[MAX_ALGOS];

	for (unsigned i = 0; i < n; i++)
		hash_init(&ctx[i], choices[i].algo, &choices[i].dispatch);
	out->outcome = input_hash_file(name, ctx, n, io, buf, size);
	if (out->outcome.status == FILE_OK)
		for (unsigned i = 0; i < n; i++) {
			hash_final(&ctx[i], out->digest[i]);
			out->impl[i] = ctx[i].used;
		}
}

void job_hash_single(struct job *job, enum io_mode io, uint8_t *buf, size_t size)
{
	file_hash(job->name, job->choices, job->nchoices, io, buf, size, &job->result);
}
