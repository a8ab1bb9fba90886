/* SPDX-License-Identifier: MIT */
/* audit_moves.c - looking for moved files: each unlisted file is hashed
 * with the algorithms the missing entries use (nothing else is read),
 * and, in the walk's order, takes the first missing entry (in list order)
 * with one of its digests. */
#include <string.h>

#include "audit_run.h"
#include "diag.h"
#include "output.h"
#include "progress.h"
#include "quote.h"

struct moves {
	struct audit_run *run;
	struct algo_choice choices[ALGO_COUNT];   /* those the missing use */
	unsigned n;
};

static void file_failed(struct audit_run *run, struct audit_file *f, struct job *job)
{
	char detail[160];
	const char *message = outcome_detail(job, detail, sizeof detail);

	f->state = FILE_UNREADABLE;
	if (run->opt->ignore_new)   /* not reported, as it would not be as new */
		return;
	diag_error(0, "%s: %s", quote_name(f->path), message);
	run->n.unlisted_unreadable++;
	struct audit_record r = { .list = run->list, .name = f->path, .status = AUDIT_UNREADABLE,
				  .message = message };
	output_audit(run->opt, &r);
}

static void emit(struct job *job, void *ctx)
{
	struct audit_run *run = ctx;
	struct audit_file *f = job->user;
	struct audit_entry *best = NULL;

	if (job->result.outcome.status != FILE_OK) {
		file_failed(run, f, job);
		return;
	}
	/* The earliest line among its algorithms' candidates. */
	for (unsigned i = 0; i < job->nchoices; i++) {
		const struct algo *algo = job->choices[i].algo;
		uint8_t digest[ALGO_MAX_DIGEST];
		digest_in_order(run->opt, algo, job->result.digest[i], digest);
		struct audit_entry *e = audit_index_first_missing(&run->ix, algo, digest);
		if (e && (!best || e->lineno < best->lineno))
			best = e;
	}
	if (best) {
		audit_index_pair(best, (size_t)(f - run->ix.files));
		f->state = FILE_MOVED_HERE;
	}
}

/* One file, one job: a job computes every algorithm at once. */
static void submit_file(struct engine *eng, struct moves *m, struct audit_file *f)
{
	struct job *job = engine_job(eng);

	progress_add_file(f->path, NULL);
	job->name = f->path;
	job->walked = f->walked;
	job->user = f;
	job->choices = m->choices;
	job->nchoices = m->n;
	job->cross_check = m->run->opt->cross_check;
	job->hash = true;
	engine_submit(eng, job);
}

void audit_moves_find(struct audit_run *run)
{
	struct moves m = { .run = run };

	for (const struct algo *a = algos; a->name; a++)
		if (audit_index_missing_uses(&run->ix, a))
			m.choices[m.n++] = run->choices[a - algos];

	struct engine *eng = audit_engine(run, emit);
	for (size_t i = 0; i < run->ix.nfiles; i++)
		if (run->ix.files[i].state == FILE_UNLISTED)
			submit_file(eng, &m, &run->ix.files[i]);
	engine_finish(eng);
}
