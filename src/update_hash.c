/* SPDX-License-Identifier: MIT */
/* update_hash.c - which of the named files --update hashes (those the
 * list lacks; with --update-changed those newer than it too), hashed
 * through the engine, their lines formatted as the results come back in
 * the order the files were named. */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "atomic_file.h"
#include "diag.h"
#include "progress.h"
#include "quote.h"
#include "select.h"
#include "update_run.h"
#include "walk.h"
#include "xalloc.h"

/* What one job is for: a line to add, or the records of a name to rewrite. */
struct update_item {
	bool change;
	size_t first;                      /* change: the name's first record */
	struct algo_choice *choices;       /* change: owned */
};

static void rewrite_records(struct update_run *run, const struct update_item *it,
			    const struct job *job)
{
	struct update_list *l = &run->list;

	for (size_t i = it->first; i != NO_RECORD; i = l->rec[i].next_same) {
		struct list_record *r = &l->rec[i];
		struct list_format f;
		for (unsigned k = 0; k < job->nchoices; k++) {
			if (job->choices[k].algo != r->algo)
				continue;
			update_format_of_record(l, r, &run->fmt, &f);
			r->new_start = (size_t)ftell(run->fresh);
			update_format_line(run->fresh, &f, &run->scratch, job->name,
					   job->result.digest[k]);
			r->new_len = (size_t)ftell(run->fresh) - r->new_start;
			r->replaced = true;
			run->nreplaced++;
			break;
		}
	}
}

static void emit(struct job *job, void *ctx)
{
	struct update_run *run = ctx;
	struct update_item *it = job->user;
	const struct file_outcome *o = &job->result.outcome;

	if (o->status != FILE_OK) {
		char detail[160];
		diag_error(0, "%s: %s", quote_name(job->name),
			   outcome_detail(job, detail, sizeof detail));
		run->ok = false;
	} else if (run->ok && it->change) {
		rewrite_records(run, it, job);
	} else if (run->ok) {
		update_format_line(run->added, &run->fmt, &run->scratch, job->name,
				   job->result.digest[0]);
		run->nadded++;
	}
	free(it->choices);
	free(it);
}

/* Queues name (kept until the run ends) with item, or an error for it. */
static void submit(struct update_run *run, const char *name, struct update_item *it,
		   const struct algo_choice *choices, unsigned n, const struct stat *walked, int err)
{
	struct job *job = engine_job(run->engine);

	job->name = name;
	job->user = it;
	if (walked)
		job->walked = walked_file_of(walked, run->opt->dereference);
	if (err) {
		job_fail(job, err);
	} else {
		job->choices = choices;
		job->nchoices = n;
		job->cross_check = run->opt->cross_check;
		job->hash = true;
	}
	engine_submit(run->engine, job);
}

static char *keep_name(struct update_run *run, const char *name)
{
	if (run->nnames == run->names_cap)
		run->names = xnrealloc(run->names, run->names_cap = 2 * run->names_cap + 16,
				       sizeof *run->names);
	return run->names[run->nnames++] = xstrdup(name);
}

/* The records of the name at first are rehashed, each with its own
 * algorithm (at most MAX_ALGOS of them; others keep their lines). */
static void submit_change(struct update_run *run, const char *name, size_t first,
			  const struct stat *walked)
{
	struct update_list *l = &run->list;
	struct update_item *it = xcalloc(1, sizeof *it);
	unsigned n = 0;

	it->change = true;
	it->first = first;
	it->choices = xcalloc(MAX_ALGOS, sizeof *it->choices);
	for (size_t i = first; i != NO_RECORD; i = l->rec[i].next_same) {
		unsigned k = 0;
		while (k < n && it->choices[k].algo != l->rec[i].algo)
			k++;
		if (k == n && n < MAX_ALGOS)
			it->choices[n++] = run->choices[l->rec[i].algo - algos];
	}
	l->rec[first].queued = true;
	submit(run, keep_name(run, name), it, it->choices, n, walked, 0);
}

/* Modified when the list was, or later: a list --update wrote bears the
 * moment its run began, and a file written in that same tick of the
 * clock may have been written after it. */
static bool not_older(const struct stat *a, const struct stat *b)
{
	return a->st_mtim.tv_sec > b->st_mtim.tv_sec ||
	       (a->st_mtim.tv_sec == b->st_mtim.tv_sec && a->st_mtim.tv_nsec >= b->st_mtim.tv_nsec);
}

/* A temporary file of this list's (another run's, under way), by name. */
static bool is_our_tmp(const struct update_run *run, const char *name)
{
	return atomic_is_tmp_of(name, run->target);
}

/* One file hash mode would name so: added when the list lacks it, rehashed
 * when listed and changed; never the list itself. walked: the walk's stat
 * of it (-r), else NULL. */
static void consider(struct update_run *run, const char *name, const struct stat *walked)
{
	struct update_list *l = &run->list;
	struct stat st;
	bool have_st = strcmp(name, "-") != 0 && stat(name, &st) == 0;

	if (have_st && l->exists && st.st_dev == l->st.st_dev && st.st_ino == l->st.st_ino)
		return;
	if (is_our_tmp(run, name))
		return;
	struct name_slot *s = update_list_find(l, name);
	bool changed = s->name && s->first != NO_RECORD && run->opt->update_changed && have_st &&
		       l->exists && not_older(&st, &l->st) && !l->rec[s->first].queued;
	if (!s->name || changed) {
		progress_add_file(name, have_st ? &st : NULL);
		stream_guard_before(&run->streams, name, have_st ? &st : NULL);
	}
	if (!s->name) {
		char *copy = keep_name(run, name);
		update_list_claim(l, s, copy, NO_RECORD);
		submit(run, copy, xcalloc(1, sizeof(struct update_item)),
		       &run->choices[run->fmt.algo - algos], 1, walked, 0);
		return;
	}
	if (changed)
		submit_change(run, name, s->first, walked);
}

static void on_walk(void *ctx, const char *path, const struct stat *st, int err)
{
	struct update_run *run = ctx;
	(void)st;

	if (err)
		submit(run, keep_name(run, path), xcalloc(1, sizeof(struct update_item)), NULL,
		       0, NULL, err);
	else
		consider(run, path, st);
}

static void add_operand(struct update_run *run, const char *name)
{
	struct stat st;

	if (run->opt->recursive && strcmp(name, "-") != 0 && stat(name, &st) == 0 &&
	    S_ISDIR(st.st_mode))
		walk_tree(name, run->opt->dereference, on_walk, run);
	else
		consider(run, name, NULL);
}

void update_hash(struct update_run *run, char *const *operands, int noperands)
{
	const struct options *opt = run->opt;
	struct engine_config cfg;

	if (!select_for_lists(run->choices, run->opt)) {
		run->ok = false;   /* a forced row this CPU lacks: nothing hashed */
		return;
	}
	/* Lanes for every family, as --check gives them: a file added is
	 * hashed with the list's algorithm, one rehashed (--update-changed)
	 * with its records' (maybe several families at once). */
	engine_config_init(&cfg, opt, noperands, run->choices, ALGO_COUNT, JOBS_ANY_SET, emit, run);
	run->engine = engine_create(&cfg);
	stream_guard_init(&run->streams, run->engine, cfg.jobs > 1 && !cfg.one_job);
	for (int i = 0; i < noperands; i++)
		add_operand(run, operands[i]);
	engine_finish(run->engine);
	run->engine = NULL;
	stream_guard_free(&run->streams);
}
