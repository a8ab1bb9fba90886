/* SPDX-License-Identifier: MIT */
/* verify_mode.c - --verify-object=META [FILE]: checks every checksum an
 * object store's JSON gives for an object against a local copy, from one
 * read of it. META is read and judged first: invalid JSON, no known
 * checksum or a malformed value is an error before FILE is opened, so
 * nothing is ever claimed for it. Then the size (a mismatch is the only
 * line: the checksums cannot hold, and the file is not read), then one
 * line per checksum. Layer: mode. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "debug.h"
#include "diag.h"
#include "input.h"
#include "meta_parse.h"
#include "object_meta.h"
#include "output.h"
#include "output_verify.h"
#include "progress.h"
#include "quote.h"
#include "reader.h"
#include "sink.h"
#include "verify_mode.h"
#include "verify_plan.h"
#include "xalloc.h"

/* The file META was read from (st_ino 0: unknown), so that a FILE that is
 * the same one (/dev/stdin and "-") is refused, not read after it. */
struct meta_source {
	dev_t dev;
	ino_t ino;
};

/* META's bytes, at most one more than META_MAX_SIZE (so that a larger
 * one is seen as such); NULL with *err the errno when it cannot be read. */
static char *read_meta(const char *name, size_t *len, int *err, struct meta_source *src)
{
	bool is_stdin = strcmp(name, "-") == 0;
	int fd = is_stdin ? STDIN_FILENO : open(name, O_RDONLY | O_CLOEXEC);
	struct stat st;
	char *buf;

	if (fd < 0) {
		*err = errno;
		return NULL;
	}
	if (is_stdin)
		reader_mark_stdin_used();
	if (fstat(fd, &st) == 0) {
		src->dev = st.st_dev;
		src->ino = st.st_ino;
	}
	buf = xmalloc(META_MAX_SIZE + 1);
	*len = 0;
	while (*len <= META_MAX_SIZE) {
		ssize_t n = read(fd, buf + *len, META_MAX_SIZE + 1 - *len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			*err = errno;
			free(buf);
			buf = NULL;
			break;
		}
		if (n == 0)
			break;
		*len += (size_t)n;
	}
	if (!is_stdin)
		close(fd);
	return buf;
}

static bool load_meta(const struct options *opt, const char *name, struct object_meta *m,
		      struct meta_source *src)
{
	bool is_stdin = strcmp(name, "-") == 0;
	const char *shown = is_stdin ? "standard input" : name;
	char err[256];
	size_t len;
	int errnum = 0;
	char *text = read_meta(name, &len, &errnum, src);

	if (!text) {
		/* A name that cannot be opened is shown as given, as a FILE's is. */
		if (is_stdin)
			diag_error(errnum, "%s", quote_name(shown));
		else
			quote_file_error(name, errnum);
		output_verify_meta_error(opt, name, strerror(errnum));
		return false;
	}
	bool ok = meta_parse(text, len, m, err, sizeof err);
	free(text);
	if (!ok) {
		diag_error(0, "%s: %s", quote_name(shown), err);
		output_verify_meta_error(opt, name, err);
		return false;
	}
	for (unsigned i = 0; i < m->nnotes && !opt->status_only; i++)
		diag_error(0, "%s: %s", quote_name(shown), m->notes[i]);
	return true;
}

static void file_failed(const struct options *opt, const char *name, const struct file_outcome *o)
{
	diag_error(0, "%s: %s", quote_name(name), file_outcome_message(o));
	output_file_error(opt, name, file_outcome_message(o));
}

/* Reads the file into the plan. Returns false after reporting a file
 * that failed, changed, or turned out to be of another size. */
static bool run_plan(const struct options *opt, const struct object_meta *m,
		     struct verify_plan *plan, struct file_reader *r)
{
	struct input_sink sink = {
		.ctxs = plan->reps, .nctx = plan->nreps, .feed = verify_plan_feed, .arg = plan,
	};
	struct read_buffer *buf = input_buffer_new();
	struct file_outcome o = input_feed_opened(r, &sink, opt->io, buf);

	read_buffer_free(buf);
	if (o.status != FILE_OK) {
		file_failed(opt, r->name, &o);
		return false;
	}
	if (m->has_size && o.size != m->size) {   /* a pipe, or a file that changed */
		output_verify_size(opt, r->name, m->size, o.size);
		return false;
	}
	verify_plan_finish(plan);
	return true;
}

static unsigned long long report(const struct options *opt, const char *name,
				 const struct object_meta *m, const struct verify_plan *plan)
{
	unsigned long long failed = 0;

	if (m->has_size)
		output_verify_size(opt, name, m->size, m->size);
	for (size_t i = 0; i < m->nchecks; i++) {
		output_verify_result(opt, name, &plan->results[i]);
		failed += plan->results[i].status != VERIFY_OK;
	}
	if (failed && !opt->status_only)
		diag_error(0, failed == 1 ? "WARNING: %llu computed checksum did NOT match"
					  : "WARNING: %llu computed checksums did NOT match",
			   failed);
	return failed;
}

static bool verify_file(const struct options *opt, const struct object_meta *m,
			const struct meta_source *src, const char *file)
{
	struct file_reader r;
	struct verify_plan plan;

	if (!reader_open(&r, file, NULL)) {
		file_failed(opt, file, &r.outcome);
		return false;
	}
	/* "--verify-object=/dev/stdin -" (or META "-" and FILE /dev/fd/0): one
	 * stream, all of it META's, so FILE would be checked as empty. */
	if (src->ino && r.before.st_ino == src->ino && r.before.st_dev == src->dev) {
		reader_close(&r);
		diag_error(0, "%s: is META itself: name the FILE to check", quote_name(file));
		output_file_error(opt, file, "is META itself: name the FILE to check");
		return false;
	}
	progress_add_file(file, &r.before);
	/* regular: the size is known, and the length read from here */
	uint64_t here = r.regular ? (uint64_t)reader_length_left(&r) : 0;
	if (m->has_size && r.regular && here != m->size) {
		reader_close(&r);
		output_verify_size(opt, file, m->size, here);
		return false;
	}
	bool size_known = m->has_size || r.regular;
	bool ok = verify_plan_build(&plan, m, size_known, m->has_size ? m->size : here,
				    opt->impl_name);
	if (ok && opt->debug)
		debug_report_chosen(plan.choices, plan.chosen);
	if (!ok)
		reader_close(&r);
	else if ((ok = run_plan(opt, m, &plan, &r)))
		ok = report(opt, file, m, &plan) == 0;
	verify_plan_free(&plan);
	return ok;
}

bool verify_mode_run(const struct options *opt, const char *meta_name, const char *file)
{
	struct object_meta m;
	struct meta_source src = { 0 };

	if (!load_meta(opt, meta_name, &m, &src))
		return false;
	bool ok = verify_file(opt, &m, &src, file);
	object_meta_free(&m);
	return ok;
}
