/* SPDX-License-Identifier: MIT */
/* audit_verify.c - the list's entries in list order: listed files hashed
 * with their line's algorithm and compared, the missing and moved ones
 * reported without a read, malformed lines counted as --check does. */
#include <errno.h>
#include <string.h>

#include "audit_run.h"
#include "diag.h"
#include "output.h"
#include "progress.h"
#include "quote.h"

static void report(struct audit_run *run, const struct audit_entry *e, enum audit_status status,
		   const char *message)
{
	struct audit_record r = { .list = run->list, .lineno = e->lineno, .name = e->name,
				  .algo = e->name ? &algos[e->algo] : NULL, .status = status,
				  .message = message, .nul_cut = e->nul_cut };
	if (status == AUDIT_MOVED)
		r.to = run->ix.files[e->moved_to].path;
	output_audit(run->opt, &r);
}

static void malformed(struct audit_run *run, const struct audit_entry *e)
{
	const struct options *opt = run->opt;

	run->n.malformed++;
	if (opt->warn)
		diag_error(0, "%s: %llu: improperly formatted %s checksum line",
			   quote_name(run->shown), e->lineno, opt->algos[0].algo->tag);
	report(run, e, AUDIT_MALFORMED, NULL);
}

static void missing(struct audit_run *run, const struct audit_entry *e)
{
	if (run->opt->ignore_missing)
		return;
	run->n.missing++;
	report(run, e, AUDIT_MISSING, NULL);
}

/* A listed file that was hashed. */
static void hashed(struct audit_run *run, const struct audit_entry *e, struct job *job)
{
	const struct file_outcome *o = &job->result.outcome;
	const struct algo *algo = &algos[e->algo];

	if (o->status == FILE_OPEN_FAILED && (o->err == ENOENT || o->err == ENOTDIR)) {
		missing(run, e);   /* gone since it was walked */
		return;
	}
	if (o->status != FILE_OK) {
		char detail[160];
		const char *message = outcome_detail(job, detail, sizeof detail);
		diag_error(0, "%s: %s", quote_name(e->name), message);
		run->n.unreadable++;
		report(run, e, AUDIT_UNREADABLE, message);
		return;
	}
	uint8_t digest[ALGO_MAX_DIGEST];
	digest_in_order(run->opt, algo, job->result.digest[0], digest);
	bool match = memcmp(digest, e->digest, algo->digest_size) == 0;
	if (match)
		run->n.ok++;
	else
		run->n.changed++;
	report(run, e, match ? AUDIT_OK : AUDIT_CHANGED, NULL);
}

static void emit(struct job *job, void *ctx)
{
	struct audit_run *run = ctx;
	const struct audit_entry *e = job->user;

	switch (e->state) {
	case ENTRY_MALFORMED:
		malformed(run, e);
		break;
	case ENTRY_MISSING:
		missing(run, e);
		break;
	case ENTRY_MOVED:
		run->n.moved++;
		report(run, e, AUDIT_MOVED, NULL);
		break;
	default:
		hashed(run, e, job);
		break;
	}
}

void audit_verify_listed(struct audit_run *run)
{
	struct engine *eng = audit_engine(run, emit);

	for (size_t i = 0; i < run->ix.nentries; i++) {
		struct audit_entry *e = &run->ix.entries[i];
		if (e->state == ENTRY_SELF)
			continue;
		struct job *job = engine_job(eng);
		job->user = e;
		if (e->state == ENTRY_WALKED || e->state == ENTRY_PRESENT) {
			progress_add_file(e->name, NULL);
			job->name = e->name;
			if (e->state == ENTRY_WALKED)
				job->walked = e->walked;
			job->choices = &run->choices[e->algo];
			job->nchoices = 1;
			job->cross_check = run->opt->cross_check;
			job->hash = true;
		}
		engine_submit(eng, job);
	}
	engine_finish(eng);
}
