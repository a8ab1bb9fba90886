/* SPDX-License-Identifier: MIT */
/* check_mode.c - reading checksum lists, hashing what they name, reporting
 * as coreutils 9.1 does: a line per file on stdout, errors and the
 * WARNING summaries on stderr, the exit status from the counters. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_line.h"
#include "check_mode.h"
#include "diag.h"
#include "engine.h"
#include "jobs_default.h"
#include "line_reader.h"
#include "output.h"
#include "progress.h"
#include "quote.h"
#include "select.h"
#include "stream_guard.h"
#include "xalloc.h"

/* What one list came to. */
struct check_report {
	struct check_counts n;          /* ok, failed, unreadable, malformed */
	bool any_well_formed;
	bool nul_cut;                   /* a line was read up to a NUL: --strict fails */
};

/* One format per plural form, both literal so the compiler checks them. */
#define WARN_COUNT(n, one, many)                                 \
	do {                                                     \
		if (n)                                           \
			diag_error(0, (n) == 1 ? one : many, n); \
	} while (0)

/* What one line of a list asks for, kept until its result is emitted. */
struct entry {
	unsigned long long lineno;
	bool nul_cut;                        /* the line was read up to a NUL */
	const struct algo *algo;
	char *name;                          /* unescaped */
	char digest[2 * ALGO_MAX_DIGEST + 1];
	size_t digest_len;
};

struct check_run {
	const struct options *opt;
	const char *list;                    /* as given, "-": standard input (JSON's list) */
	const char *shown;                   /* the list's name in messages */
	const struct algo *untagged;
	struct check_report r;
	struct algo_choice choices[ALGO_COUNT];   /* one per algorithm */
	struct stream_guard streams;
};

/* The transforms for an algorithm met in a list, as select_for_lists
 * chose them: --impl forces every family that has the row, the others
 * run auto. */
static const struct algo_choice *choice_for(struct check_run *run, const struct algo *algo)
{
	size_t i = (size_t)(algo - algos);
	return &run->choices[i];
}

/* Called in list order for every line that was not skipped. */
static void emit(struct job *job, void *ctx)
{
	struct check_run *run = ctx;
	const struct options *opt = run->opt;
	struct check_report *r = &run->r;
	struct entry *e = job->user;

	if (!job->hash) {
		r->n.malformed++;
		if (opt->warn)
			diag_error(0, "%s: %llu: improperly formatted %s checksum line",
				   quote_name(run->shown), e->lineno, run->untagged->tag);
		struct check_record rec = { .list = run->list, .lineno = e->lineno,
					    .status = CHECK_MALFORMED };
		output_check(opt, &rec);
		goto out;
	}
	/* coreutils 9.1 checks the name up to the NUL (so a NUL-separated
	 * list is one line, its first record checked): so does simdsum, and
	 * says so. */
	if (e->nul_cut && !opt->status_only)
		diag_error(0, "%s: %llu: NUL byte in checksum line: what follows it is ignored",
			   quote_name(run->shown), e->lineno);
	const struct file_outcome *o = &job->result.outcome;
	if (o->status != FILE_OK) {
		if (opt->ignore_missing && o->status == FILE_OPEN_FAILED && o->err == ENOENT)
			goto out;
		char detail[160];
		const char *message = outcome_detail(job, detail, sizeof detail);
		diag_error(0, "%s: %s", quote_name(e->name), message);
		r->n.unreadable++;
		struct check_record rec = { .list = run->list, .lineno = e->lineno, .name = e->name,
					    .algo = e->algo, .status = CHECK_UNREADABLE,
					    .message = message, .nul_cut = e->nul_cut };
		output_check(opt, &rec);
		goto out;
	}
	uint8_t want[ALGO_MAX_DIGEST];
	digest_in_order(opt, e->algo, job->result.digest[0], want);
	bool match = check_digest_matches(e->digest, e->digest_len, want, e->algo->digest_size);
	if (match)
		r->n.ok++;
	else
		r->n.failed++;
	struct check_record rec = { .list = run->list, .lineno = e->lineno, .name = e->name,
				    .algo = e->algo, .status = match ? CHECK_OK : CHECK_FAILED,
				    .nul_cut = e->nul_cut };
	output_check(opt, &rec);
out:
	free(e->name);
	free(e);
}

/* One line's job: a well-formed line (parsed) is hashed and compared;
 * a malformed one (NULL) only keeps its place in the output. */
static void submit_line(struct engine *eng, const struct options *opt, struct check_run *run,
			const struct check_line *parsed, unsigned long long lineno)
{
	if (parsed) {
		progress_add_file(parsed->name, NULL);
		stream_guard_before(&run->streams, parsed->name, NULL);
	}
	struct entry *e = xcalloc(1, sizeof *e);
	struct job *job = engine_job(eng);

	e->lineno = lineno;
	job->user = e;
	if (parsed) {
		e->nul_cut = parsed->nul_cut;
		run->r.nul_cut |= parsed->nul_cut;
		run->r.any_well_formed = true;
		e->algo = parsed->algo;
		e->name = xstrdup(parsed->name);
		memcpy(e->digest, parsed->digest, parsed->digest_len);
		e->digest_len = parsed->digest_len;
		job->name = e->name;
		job->choices = choice_for(run, parsed->algo);
		job->nchoices = 1;
		job->cross_check = opt->cross_check;
		job->hash = true;
	}
	engine_submit(eng, job);
}

/* After the last line: the summary and warnings, and whether LIST passed. */
static bool list_verdict(const struct options *opt, const struct check_report *report,
			 const char *list, const char *shown)
{
	struct check_report r = *report;

	/* JSON's, for every list read */
	output_check_summary(opt, list, &r.n, r.any_well_formed ? NULL : NO_CHECKSUM_LINES);
	if (!r.any_well_formed) {
		diag_error(0, "%s: %s", quote_name(shown), NO_CHECKSUM_LINES);
		return false;
	}
	if (!opt->status_only) {
		WARN_COUNT(r.n.malformed, "WARNING: %llu line is improperly formatted",
			   "WARNING: %llu lines are improperly formatted");
		WARN_COUNT(r.n.unreadable, "WARNING: %llu listed file could not be read",
			   "WARNING: %llu listed files could not be read");
		WARN_COUNT(r.n.failed, "WARNING: %llu computed checksum did NOT match",
			   "WARNING: %llu computed checksums did NOT match");
		if (opt->ignore_missing && !r.n.ok)
			diag_error(0, "%s: no file was verified", quote_name(shown));
	}
	return r.n.ok && r.n.failed == 0 && r.n.unreadable == 0 &&
	       (!opt->strict || (r.n.malformed == 0 && !r.nul_cut));
}

/* A list that could not be opened or read to its end: the message and,
 * with --json, an object saying so in place of the summary. */
static bool list_failed(const struct options *opt, const char *list, const char *shown,
			const char *reason)
{
	diag_error(0, "%s: %s", quote_name(shown), reason);
	output_list_error(opt, list, reason);
	return false;
}

/* One list, read line by line into the engine; returns its verdict. */
static bool check_list(const struct options *opt, struct check_parser *parser, const char *list,
		       struct check_run *run)
{
	struct line_reader in;
	char *line;
	unsigned long long lineno = 0;

	if (!line_reader_open(&in, list))
		return list_failed(opt, list, list, strerror(errno));
	bool is_stdin = in.is_stdin;
	check_parser_start_list(parser);
	run->list = list;
	run->shown = is_stdin ? "standard input" : list;
	memset(&run->r, 0, sizeof run->r);

	struct engine_config cfg;
	/* Lanes as the choices say (--impl where the family has the row). */
	engine_config_init(&cfg, opt, 0, run->choices, ALGO_COUNT, JOBS_ONE_FAMILY, emit, run);
	struct engine *eng = engine_create(&cfg);
	stream_guard_init(&run->streams, eng, cfg.jobs > 1);

	for (;;) {
		ssize_t len = line_reader_next(&in, '\n', &line);
		if (len <= 0)
			break;
		lineno++;
		struct check_line parsed;
		enum check_line_kind kind = check_parse_line(parser, line, (size_t)len, &parsed);
		if (kind == CHECK_LINE_SKIP)
			continue;
		/* "-" in a list read from standard input cannot be hashed. */
		if (kind == CHECK_LINE_OK && is_stdin && strcmp(parsed.name, "-") == 0)
			kind = CHECK_LINE_MALFORMED;

		submit_line(eng, opt, run, kind == CHECK_LINE_OK ? &parsed : NULL, lineno);
	}
	engine_finish(eng);
	stream_guard_free(&run->streams);

	struct check_report r = run->r;
	const char *shown = run->shown;
	bool read_failed = in.err != 0;
	int close_err = line_reader_close(&in);
	if (close_err && !read_failed)
		return list_failed(opt, list, list, strerror(close_err));
	if (read_failed)
		return list_failed(opt, list, shown, "read error");
	return list_verdict(opt, &r, list, shown);
}

void check_parser_from_options(struct check_parser *p, const struct options *opt)
{
	check_parser_init(p, opt->algos[0].algo);
	p->by_length = opt->untagged_by_length;
	/* where a list may hold CRC-32 lines; sha256sum and the others read
	 * none, as coreutils does */
	p->sfv = opt->untagged_by_length || opt->algos[0].algo->family == FAMILY_CRC32;
	/* simdsum -c alone reads mixed lists; sha256sum and -a read their own. */
	p->other_tags_malformed = !opt->untagged_by_length;
}

/* Lines and bytes of a list read for the sample's names, at most (a
 * list given by mistake, a disk image without a newline, is not read
 * whole twice). */
#define SAMPLE_LINES 64
#define SAMPLE_BYTES (64 * 1024)

/* Up to quota names of the files list names (a regular file: a pipe or
 * standard input is not read twice) into names[*n ..]. True when they are
 * all the names it holds: the list was read to its end. */
static bool sample_list(const struct options *opt, const char *list, char **names, unsigned *n,
			unsigned quota)
{
	struct line_reader in;

	if (strcmp(list, "-") == 0 || !line_reader_open_regular(&in, list, SAMPLE_BYTES))
		return false;
	struct check_parser parser;
	struct check_line parsed;
	char *line;
	ssize_t len = 1;
	unsigned end = *n + quota;
	check_parser_from_options(&parser, opt);
	for (unsigned lines = 0;
	     *n < end && lines < SAMPLE_LINES && (len = line_reader_next(&in, '\n', &line)) > 0;
	     lines++)
		if (check_parse_line(&parser, line, (size_t)len, &parsed) == CHECK_LINE_OK &&
		    (names[*n] = strdup(parsed.name)))
			(*n)++;
	/* At the end unless the sample filled first; a last line that fills
	 * it is not known to be the last. */
	bool whole = len == 0 && in.err == 0 && !in.cut;
	line_reader_close(&in);
	return whole;
}

unsigned check_default_jobs(const struct options *opt, char *const *lists, int nlists)
{
	char *names[JOBS_SAMPLE_NAMES] = { NULL };
	unsigned n = 0;

	/* The sample shared among the first lists, what one leaves going to
	 * the next: one list of cached files does not speak for another
	 * whose files must come off a spinning disk. */
	unsigned sampled = (unsigned)nlists < JOBS_SAMPLE_NAMES ? (unsigned)nlists
								 : JOBS_SAMPLE_NAMES;
	bool every_file = sampled == (unsigned)nlists;
	for (unsigned i = 0; i < sampled; i++) {
		unsigned left = JOBS_SAMPLE_NAMES - n, lists_left = sampled - i;
		every_file &= sample_list(opt, lists[i], names, &n, (left + lists_left - 1) / lists_left);
	}
	unsigned jobs = jobs_default(names, (int)n, every_file);
	for (unsigned i = 0; i < n; i++)
		free(names[i]);
	return jobs;
}

bool check_mode_run(const struct options *opt, char *const *lists, int nlists)
{
	struct check_parser parser;
	struct check_run run = { .opt = opt, .untagged = opt->algos[0].algo };
	bool ok = true;

	if (!select_for_lists(run.choices, opt))
		return false;
	check_parser_from_options(&parser, opt);
	if (nlists == 0)
		return check_list(opt, &parser, "-", &run);
	for (int i = 0; i < nlists; i++)
		ok &= check_list(opt, &parser, lists[i], &run);
	return ok;
}
