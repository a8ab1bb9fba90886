/* SPDX-License-Identifier: MIT */
/* hash_mode.c - computing and printing checksums of the named files: the
 * operands, a list of names (--files-from), or the trees under them (-r). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "diag.h"
#include "engine.h"
#include "hash_mode.h"
#include "names.h"
#include "output.h"
#include "progress.h"
#include "quote.h"
#include "stream_guard.h"
#include "walk.h"
#include "xalloc.h"

struct hash_run {
	const struct options *opt;
	struct engine *engine;
	bool ok;
	struct stream_guard streams;
	bool list_is_stdin;   /* --files-from reads the stream "-" would */
};

/* A --files-from record that names no file: the job's user data. */
struct bad_listed_name {
	unsigned long long line;   /* the record's number, for --json */
	char where[];              /* "LIST:N" (LIST quoted): the job's name */
};

/* Called in the order the files were named, whatever order they finished
 * in. */
static void emit(struct job *job, void *ctx)
{
	struct hash_run *run = ctx;
	const struct options *opt = run->opt;
	const struct file_outcome *o = &job->result.outcome;

	if (o->status != FILE_OK) {
		char detail[160];
		const char *message = outcome_detail(job, detail, sizeof detail);
		bool listed = o->status == FILE_BAD_LISTED_NAME;   /* "LIST:N", quoted */
		diag_error(0, "%s: %s", listed ? job->name : quote_name(job->name), message);
		if (listed)
			output_listed_name_error(opt, opt->files_from,
						 ((struct bad_listed_name *)job->user)->line, message);
		else
			output_file_error(opt, job->name, message);
		run->ok = false;
	} else {
		for (unsigned i = 0; i < opt->nalgos; i++) {
			struct digest_record r = { .name = job->name, .algo = opt->algos[i].algo,
						   .digest = job->result.digest[i], .size = o->size,
						   .impl = job->result.impl[i] };
			output_digest(opt, &r);
		}
	}
	free(job->user);   /* the name, when it was copied */
}

/* Queues one file; owned is freed once it is emitted. A nonzero err
 * queues an error for the name instead (it keeps its place in order).
 * walked: the walk's stat of it (-r), else NULL. */
static void submit(struct hash_run *run, const char *name, char *owned, const struct stat *walked,
		   int err)
{
	struct job *job = engine_job(run->engine);

	job->name = name;
	job->user = owned;
	if (walked)
		job->walked = walked_file_of(walked, run->opt->dereference);
	if (err) {
		job_fail(job, err);
	} else {
		job->choices = run->opt->algos;
		job->nchoices = run->opt->nalgos;
		job->cross_check = run->opt->cross_check;
		job->hash = true;
	}
	engine_submit(run->engine, job);
}

static void on_walk(void *ctx, const char *path, const struct stat *st, int err)
{
	struct hash_run *run = ctx;
	char *copy = xstrdup(path);

	if (!err)
		progress_add_file(path, st);
	submit(run, copy, copy, err ? NULL : st, err);
}

/* A name given on the command line or in a list: walked with -r when it is
 * a directory, else hashed. counted: its size is in --progress's total. */
static void add_name(struct hash_run *run, const char *name, char *owned, bool counted)
{
	const struct options *opt = run->opt;
	struct stat st;
	bool known = false;

	if ((opt->recursive || progress_on) && strcmp(name, "-") != 0 && stat(name, &st) == 0) {
		known = true;
		if (opt->recursive && S_ISDIR(st.st_mode)) {
			walk_tree(name, opt->dereference, on_walk, run);
			free(owned);
			return;
		}
	}
	if (!counted)
		progress_add_file(name, known ? &st : NULL);
	stream_guard_before(&run->streams, name, known ? &st : NULL);
	submit(run, name, owned, NULL, 0);
}

/* An error for a listed name, in its place in the output; user is freed
 * once it is emitted. */
static void submit_listed_error(struct hash_run *run, const char *name, void *user,
				enum file_status status, int err)
{
	struct job *job = engine_job(run->engine);

	job->name = name;
	job->user = user;
	job->result.outcome.status = status;
	job->result.outcome.err = err;
	engine_submit(run->engine, job);
}

static void on_listed_name(void *ctx, char *name, enum listed_name problem,
			   unsigned long long number)
{
	struct hash_run *run = ctx;

	if (problem != LISTED_NAME_OK) {
		/* Named by the list and the record's number, as du and wc name
		 * it: "LIST:2: invalid zero-length file name" (LIST quoted here,
		 * the whole not again in emit). */
		const char *list = quote_name(run->opt->files_from);
		size_t size = strlen(list) + 24;
		struct bad_listed_name *bad = xmalloc(sizeof *bad + size);
		bad->line = number;
		snprintf(bad->where, size, "%s:%llu", list, number);
		free(name);
		submit_listed_error(run, bad->where, bad, FILE_BAD_LISTED_NAME, (int)problem);
	} else if (run->list_is_stdin && strcmp(name, "-") == 0) {
		submit_listed_error(run, name, name, FILE_STDIN_IS_LIST, 0);
	} else {
		add_name(run, name, name, false);
	}
}

/* Whether the --files-from list is the stream standard input reads: "-",
 * or /dev/stdin of a pipe (a regular file opened again has an offset of
 * its own). */
static bool list_reads_stdin(const char *list)
{
	struct stat a, b;

	if (strcmp(list, "-") == 0)
		return true;
	return stat(list, &a) == 0 && fstat(STDIN_FILENO, &b) == 0 && !S_ISREG(a.st_mode) &&
	       a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

bool hash_mode_run(const struct options *opt, char *const *files, int nfiles)
{
	struct hash_run run = { .opt = opt, .ok = true };
	struct engine_config cfg;

	/* With several algorithms, each file's one read feeds them all, each
	 * family in its own kernels (lanes.c). */
	engine_config_init(&cfg, opt, nfiles, opt->algos, opt->nalgos, JOBS_SAME_SET, emit, &run);
	run.engine = engine_create(&cfg);
	stream_guard_init(&run.streams, run.engine, cfg.jobs > 1 && !cfg.one_job);

	if (opt->files_from) {
		run.list_is_stdin = list_reads_stdin(opt->files_from);
		int err = names_read(opt->files_from, opt->files_nul, on_listed_name, &run);
		if (err) {
			engine_finish(run.engine);
			stream_guard_free(&run.streams);
			diag_error(err, "cannot read file names from %s",
				   quote_name(strcmp(opt->files_from, "-") ? opt->files_from
									   : "standard input"));
			output_list_error(opt, opt->files_from, strerror(err));
			return false;
		}
	} else if (nfiles == 0) {
		add_name(&run, "-", NULL, false);
	} else {
		/* --progress: every operand's size before the first is hashed
		 * (at -j1 it is hashed as it is queued), for a whole-run ETA;
		 * the files under a directory are counted as it is walked. */
		for (int i = 0; i < nfiles; i++)
			progress_add_file(files[i], NULL);
		for (int i = 0; i < nfiles; i++)
			add_name(&run, files[i], NULL, true);
	}
	engine_finish(run.engine);
	stream_guard_free(&run.streams);
	return run.ok;
}
