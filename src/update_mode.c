/* SPDX-License-Identifier: MIT */
/* update_mode.c - --update=LIST: reads the list, hashes what it lacks,
 * and only once every file is hashed writes the new list beside the old
 * and renames it over (atomic_file.c). Nothing is printed on stdout. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "atomic_file.h"
#include "diag.h"
#include "quote.h"
#include "update_mode.h"
#include "update_run.h"
#include "xalloc.h"

/* The old records (the replaced ones rewritten), then the added lines,
 * after a delimiter if the old last line had none. */
static void write_records(struct update_run *run, struct atomic_file *af)
{
	const struct update_list *l = &run->list;
	size_t from = 0;   /* unchanged bytes from here go out in one write */
	const char *last = NULL;   /* the last byte written */

	for (size_t i = 0; i < l->nrec; i++) {
		const struct list_record *r = &l->rec[i];
		if (!r->replaced)
			continue;
		atomic_write(af, l->data + from, r->start - from);
		atomic_write(af, run->fresh_buf + r->new_start, r->new_len);
		if (r->new_len)
			last = run->fresh_buf + r->new_start + r->new_len - 1;
		from = r->start + r->len;
	}
	atomic_write(af, l->data + from, l->size - from);
	if (l->size > from)
		last = l->data + l->size - 1;
	if (!run->nadded)
		return;
	/* A rewritten last line ends in its delimiter; a kept one may not.
	 * A CRLF list's last line may end in its CR alone: "\r\r\n" would
	 * put a CR in its name. */
	if (last && *last != l->delim) {
		bool crlf = run->fmt.crlf && *last != '\r';
		atomic_write(af, crlf ? "\r\n" : &l->delim, crlf ? 2 : 1);
	}
	atomic_write(af, run->added_buf, run->added_len);
}

static bool write_list(struct update_run *run)
{
	struct atomic_file *af = xmalloc(sizeof *af);
	bool ok = false;

	if (atomic_open(af, run->target, run->shown, "list")) {
		/* The list must still be the one read: another writer's
		 * update would be lost. */
		atomic_expect(af, run->list.exists ? &run->list.st : NULL);
		/* Its digests are as old as the run: a file changed after it
		 * was hashed is not older than the list, and the next
		 * --update-changed hashes it again. */
		atomic_set_mtime(af, &run->started);
		write_records(run, af);
		ok = atomic_commit(af, run->list.exists ? &run->list.st : NULL);
	}
	free(af);
	return ok;
}

/* The list read and its format known; false (reported) when it cannot be. */
static bool prepare(struct update_run *run)
{
	const char *shown = run->shown;

	run->target = atomic_resolve(shown);
	if (!run->target) {
		quote_file_error(shown, errno);
		return false;
	}
	int err = update_list_load(&run->list, run->target, run->opt);
	if (err == UPDATE_LIST_NOT_REGULAR) {
		diag_error(0, "%s: not a regular file: not updated", quote_name(shown));
		return false;
	}
	if (err) {
		quote_file_error(shown, err);
		return false;
	}
	/* rename(2) would replace a list its owner made read-only. */
	if (run->list.exists && access(run->target, W_OK) != 0) {
		quote_file_error(shown, errno);
		return false;
	}
	if (!update_format_of(&run->list, run->opt, shown, &run->fmt))
		return false;
	atomic_clean_stale(run->target);
	return true;
}

static void finish(struct update_run *run)
{
	update_list_free(&run->list);
	for (size_t i = 0; i < run->nnames; i++)
		free(run->names[i]);
	free(run->names);
	free(run->added_buf);
	free(run->fresh_buf);
	free(run->target);
}

bool update_mode_run(const struct options *opt, char *const *operands, int noperands)
{
	struct update_run run = { .opt = opt, .shown = opt->update_list, .ok = true };
	bool ok = false;

	if (opt->nalgos != 1) {
		diag_error(0, "--update adds lines of one algorithm, not %u", opt->nalgos);
		return false;
	}
	if (noperands == 0) {
		diag_error(0, "--update needs the files or directories to add");
		return false;
	}
	run.scratch = *opt;
	/* The clock file times are taken from, so that a file written
	 * after this moment is never stamped before it. */
	clock_gettime(CLOCK_REALTIME_COARSE, &run.started);
	if (prepare(&run)) {
		run.added = xopen_memstream(&run.added_buf, &run.added_len);
		run.fresh = xopen_memstream(&run.fresh_buf, &run.fresh_len);
		update_hash(&run, operands, noperands);
		xclose_memstream(run.added, &run.added_buf);
		xclose_memstream(run.fresh, &run.fresh_buf);
		/* Nothing new: the list stays as it is, not rewritten. */
		ok = run.ok && ((!run.nadded && !run.nreplaced) || write_list(&run));
	}
	finish(&run);
	return ok;
}
