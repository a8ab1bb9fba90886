/* file_hash.c - one file through one or several algorithms in one read. */
#include "file_hash.h"

void file_hash(const char *name, const struct algo_choice *choices, unsigned n, enum io_mode io,
	       struct file_digests *out)
{
	struct hash_ctx ctx[MAX_ALGOS];

	for (unsigned i = 0; i < n; i++)
		hash_init(&ctx[i], choices[i].algo, &choices[i].dispatch);
	out->outcome = input_hash_file(name, ctx, n, io);
	if (out->outcome.status == FILE_OK)
		for (unsigned i = 0; i < n; i++)
			hash_final(&ctx[i], out->digest[i]);
}
