/* hash_mode.c - computing and printing checksums of the named files. */
#include "diag.h"
#include "engine.h"
#include "hash_mode.h"
#include "output.h"
#include "quote.h"

struct hash_run {
	const struct options *opt;
	bool ok;
};

/* Called in argument order, whatever order the files finished in. */
static void emit(struct job *job, void *ctx)
{
	struct hash_run *run = ctx;
	const struct file_outcome *o = &job->result.outcome;

	if (o->status != FILE_OK) {
		diag_error(0, "%s: %s", quote_name(job->name), file_outcome_message(o));
		run->ok = false;
		return;
	}
	for (unsigned i = 0; i < run->opt->nalgos; i++)
		output_digest_line(run->opt, job->name, run->opt->algos[i].algo,
				   job->result.digest[i]);
}

bool hash_mode_run(const struct options *opt, char *const *files, int nfiles)
{
	static char *const stdin_only[] = { "-" };
	struct hash_run run = { opt, true };
	struct engine_config cfg = { .jobs = opt->jobs, .io = opt->io, .emit = emit, .ctx = &run };

	if (nfiles == 0) {
		files = stdin_only;
		nfiles = 1;
	}
	/* Files share lanes only when each needs one algorithm. */
	if (opt->nalgos == 1)
		lanes_policy_for(&opt->algos[0], opt->impl_name,
				 &cfg.lanes[opt->algos[0].algo->family]);

	struct engine *e = engine_create(&cfg);
	for (int i = 0; i < nfiles; i++) {
		struct job *job = engine_job(e);
		job->name = files[i];
		job->choices = opt->algos;
		job->nchoices = opt->nalgos;
		job->hash = true;
		engine_submit(e, job);
	}
	engine_finish(e);
	return run.ok;
}
