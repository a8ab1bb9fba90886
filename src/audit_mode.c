/* SPDX-License-Identifier: MIT */
/* audit_mode.c - --check --audit[=DIR]: the list verified as --check
 * does, DIR walked as -r does, and each file put in one class: OK,
 * CHANGED, MISSING, MOVED, NEW or unreadable. The phases: read the list,
 * walk, match the names (sorted), stat what the walk did not meet, hash
 * new files only when something is missing (moves), verify the listed
 * files in list order, then report the new files. */
#include <errno.h>
#include <string.h>
#include <sys/stat.h>

#include "audit_mode.h"
#include "audit_run.h"
#include "check_line.h"
#include "outcome.h"
#include "diag.h"
#include "quote.h"
#include "select.h"
#include "walk.h"

struct engine *audit_engine(struct audit_run *run, void (*emit)(struct job *job, void *ctx))
{
	struct engine_config cfg;

	/* Lanes for every family, as --check gives them; looking for moved
	 * files computes every algorithm of the list at once. */
	engine_config_init(&cfg, run->opt, 0, run->choices, ALGO_COUNT, JOBS_ANY_SET, emit, run);
	return engine_create(&cfg);
}

/* Whether what the walk could not read at path is reported here. DIR
 * itself, and a directory below it (under -L a link to one too), are. A
 * name the list has is its line's to report (MISSING, or FAILED open or
 * read), once. A link (-L) that leads nowhere or round a loop is an
 * unlisted file that cannot be read, as -r -L reports it, and
 * --ignore-new hides it as it hides one read to look for moves. Any
 * other name gone (ENOENT) went between its directory's reading and its
 * stat or open (a directory replaced, by a link too): not there, as if
 * the walk had come later. */
static bool walk_error_reported(struct audit_run *run, const char *path, int err)
{
	struct stat st;
	bool link = run->opt->dereference && lstat(path, &st) == 0 && S_ISLNK(st.st_mode);
	bool leads = stat(path, &st) == 0;

	if (strcmp(path, run->dir) == 0)
		return true;
	if (err == ENOENT && (!link || leads))
		return false;
	if (leads && S_ISDIR(st.st_mode))
		return true;
	if (audit_index_lists(&run->ix, path))
		return false;
	return link ? !run->opt->ignore_new : true;
}

/* A file under DIR, or a part of the tree that could not be read. */
static void on_walk(void *ctx, const char *path, const struct stat *st, int err)
{
	struct audit_run *run = ctx;

	if (!err && strcmp(path, run->dir) == 0)
		err = ENOTDIR;   /* --audit=FILE: DIR is no directory */
	if (!err) {
		struct walked_file walked = walked_file_of(st, run->opt->dereference);
		audit_index_walked(&run->ix, path, audit_is_list(run, st), &walked);
		return;
	}
	if (!walk_error_reported(run, path, err))
		return;
	diag_error(0, "%s: %s", quote_name(path), error_text(err));
	run->n.unlisted_unreadable++;
	struct audit_record r = { .list = run->list, .name = path, .status = AUDIT_UNREADABLE,
				  .message = error_text(err) };
	output_audit(run->opt, &r);
}

/* Entries the walk did not meet: missing when the name does not exist
 * (no job, no read), else hashed as --check would. A line naming the list
 * itself (simdsum -r . > LIST writes one) is skipped, whatever name the
 * list was opened by: the walk's stat or this one tells. */
static void classify_entries(struct audit_run *run)
{
	struct stat st;

	for (size_t i = 0; i < run->ix.nentries; i++) {
		struct audit_entry *e = &run->ix.entries[i];
		if (e->state != ENTRY_UNSEEN)
			continue;
		if (stat(e->name, &st) != 0)
			/* ENOTDIR: a directory on its way is now a file */
			e->state = errno == ENOENT || errno == ENOTDIR ? ENTRY_MISSING
								       : ENTRY_PRESENT;
		else
			e->state = audit_is_list(run, &st) ? ENTRY_SELF : ENTRY_PRESENT;
	}
}

/* Unlisted files other than the list itself: how many. */
static size_t count_unlisted(const struct audit_run *run)
{
	size_t unlisted = 0;

	for (size_t i = 0; i < run->ix.nfiles; i++)
		unlisted += run->ix.files[i].state == FILE_UNLISTED;
	return unlisted;
}

static void report_new(struct audit_run *run)
{
	if (run->opt->ignore_new)
		return;
	for (size_t i = 0; i < run->ix.nfiles; i++) {
		const struct audit_file *f = &run->ix.files[i];
		if (f->state != FILE_UNLISTED)
			continue;
		run->n.new_files++;
		struct audit_record r = { .list = run->list, .name = f->path,
					  .status = AUDIT_NEW };
		output_audit(run->opt, &r);
	}
}

/* The exit status: every file OK, nothing new, missing, moved, changed or
 * unreadable (those --ignore-new and --ignore-missing hide are not
 * counted), and under --strict no malformed line. */
static bool verdict(const struct audit_run *run)
{
	const struct options *opt = run->opt;
	const struct audit_counts *c = &run->n;
	bool ok = c->changed == 0 && c->unreadable == 0 && c->unlisted_unreadable == 0 &&
		  c->missing == 0 && c->moved == 0 && c->new_files == 0 &&
		  (!opt->strict || (c->malformed == 0 && !run->nul_cut));

	if (opt->ignore_missing && !c->ok) {
		if (!opt->status_only)
			diag_error(0, "%s: no file was verified", quote_name(run->shown));
		ok = false;
	}
	return ok;
}

/* A list without a well-formed line is not audited (nothing walked):
 * its lines are reported as --check reports them (-w, and an object each
 * with --json), then, with --json, the counts. False. */
static bool refuse_list(struct audit_run *run)
{
	audit_verify_listed(run);
	output_audit_counts(run->opt, run->list, &run->n, NO_CHECKSUM_LINES);
	diag_error(0, "%s: %s", quote_name(run->shown), NO_CHECKSUM_LINES);
	return false;
}

/* The phases after the list's reading; the verdict. */
static bool audit_tree(struct audit_run *run)
{
	audit_index_sort_entries(&run->ix);
	walk_tree(run->dir, run->opt->dereference, on_walk, run);
	audit_index_walk_done(&run->ix);
	classify_entries(run);
	if (count_unlisted(run) && audit_index_missing_table(&run->ix))
		audit_moves_find(run);
	audit_verify_listed(run);
	report_new(run);
	output_audit_summary(run->opt, run->list, &run->n);
	return verdict(run);
}

bool audit_mode_run(const struct options *opt, char *const *lists, int nlists)
{
	struct audit_run run = { .opt = opt, .list = nlists ? lists[0] : "-",
				 .dir = opt->audit_dir ? opt->audit_dir : "." };
	bool ok = false;

	if (!select_for_lists(run.choices, opt))
		return false;
	if (audit_list_read(&run))
		ok = run.any_well_formed ? audit_tree(&run) : refuse_list(&run);
	audit_index_free(&run.ix);
	return ok;
}
