/* hash_mode.c - computing and printing checksums of the named files. */
#include "diag.h"
#include "quote.h"
#include "file_hash.h"
#include "hash_mode.h"
#include "output.h"

static bool hash_one(const struct options *opt, const char *name)
{
	struct file_digests fd;

	file_hash(name, opt->algos, opt->nalgos, opt->io, &fd);
	if (fd.outcome.status != FILE_OK) {
		diag_error(0, "%s: %s", quote_name(name), file_outcome_message(&fd.outcome));
		return false;
	}
	for (unsigned i = 0; i < opt->nalgos; i++)
		output_digest_line(opt, name, opt->algos[i].algo, fd.digest[i]);
	return true;
}

bool hash_mode_run(const struct options *opt, char *const *files, int nfiles)
{
	bool ok = true;

	if (nfiles == 0)
		return hash_one(opt, "-");
	for (int i = 0; i < nfiles; i++)
		ok &= hash_one(opt, files[i]);
	return ok;
}
