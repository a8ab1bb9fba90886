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
#include "escape.h"
#include "file_hash.h"
#include "quote.h"

/* What one list came to. */
struct check_report {
	unsigned long long malformed;   /* improperly formatted lines */
	unsigned long long mismatched;  /* computed checksum did NOT match */
	unsigned long long unreadable;  /* listed file could not be read */
	bool any_well_formed;
	bool any_matched;
};

/* In check mode 9.1 escapes a name only when it holds a newline. */
static void print_status(const char *name, const char *status)
{
	if (strchr(name, '\n')) {
		putchar('\\');
		write_escaped_name(stdout, name);
	} else {
		fputs(name, stdout);
	}
	printf(": %s\n", status);
}

/* The transforms for an algorithm met in a list: the user's choice when
 * it is one of -a's algorithms, else auto. */
static struct algo_choice choice_for(const struct options *opt, const struct algo *algo)
{
	struct algo_choice c = { algo, { 0 } };

	for (unsigned i = 0; i < opt->nalgos; i++)
		if (opt->algos[i].algo->family == algo->family) {
			c.dispatch = opt->algos[i].dispatch;
			return c;
		}
	impl_select_auto(algo->family, &c.dispatch);
	return c;
}

static void check_entry(const struct options *opt, const struct check_line *entry,
			struct check_report *r)
{
	struct algo_choice choice = choice_for(opt, entry->algo);
	struct file_digests fd;

	file_hash(entry->name, &choice, 1, opt->io, &fd);
	if (fd.outcome.status != FILE_OK) {
		if (opt->ignore_missing && fd.outcome.status == FILE_OPEN_FAILED &&
		    fd.outcome.err == ENOENT)
			return;
		diag_error(0, "%s: %s", quote_name(entry->name), file_outcome_message(&fd.outcome));
		r->unreadable++;
		if (!opt->status_only)
			print_status(entry->name, "FAILED open or read");
		return;
	}
	bool match = check_digest_matches(entry->digest, entry->digest_len, fd.digest[0],
					  entry->algo->digest_size);
	if (match)
		r->any_matched = true;
	else
		r->mismatched++;
	if (!opt->status_only && (!match || !opt->quiet))
		print_status(entry->name, match ? "OK" : "FAILED");
}

/* One format per plural form, both literal so the compiler checks them. */
#define WARN_COUNT(n, one, many)                               \
	do {                                                   \
		if (n)                                         \
			diag_error(0, (n) == 1 ? one : many, n); \
	} while (0)

static bool check_list(const struct options *opt, struct check_parser *parser, const char *list)
{
	bool is_stdin = strcmp(list, "-") == 0;
	const char *shown = is_stdin ? "standard input" : list;
	FILE *in = is_stdin ? stdin : fopen(list, "r");
	struct check_report r = { 0 };
	char *line = NULL;
	size_t cap = 0;
	unsigned long long lineno = 0;

	if (!in) {
		diag_file_error(list, errno);
		return false;
	}
	for (;;) {
		ssize_t len = getline(&line, &cap, in);
		if (len <= 0)
			break;
		lineno++;
		struct check_line entry;
		enum check_line_kind kind = check_parse_line(parser, line, (size_t)len, &entry);
		if (kind == CHECK_LINE_SKIP)
			continue;
		/* "-" in a list read from standard input cannot be hashed. */
		if (kind == CHECK_LINE_OK && is_stdin && strcmp(entry.name, "-") == 0)
			kind = CHECK_LINE_MALFORMED;
		if (kind == CHECK_LINE_MALFORMED) {
			r.malformed++;
			if (opt->warn)
				diag_error(0, "%s: %llu: improperly formatted %s checksum line",
					   quote_name(shown), lineno, parser->untagged_algo->tag);
			continue;
		}
		r.any_well_formed = true;
		check_entry(opt, &entry, &r);
	}
	free(line);

	bool read_failed = ferror(in);
	if (is_stdin)
		clearerr(in);
	else if (fclose(in) != 0 && !read_failed) {
		diag_file_error(list, errno);
		return false;
	}
	if (read_failed) {
		diag_error(0, "%s: read error", quote_name(shown));
		return false;
	}

	if (!r.any_well_formed) {
		diag_error(0, "%s: no properly formatted checksum lines found", quote_name(shown));
		return false;
	}
	if (!opt->status_only) {
		WARN_COUNT(r.malformed, "WARNING: %llu line is improperly formatted",
			   "WARNING: %llu lines are improperly formatted");
		WARN_COUNT(r.unreadable, "WARNING: %llu listed file could not be read",
			   "WARNING: %llu listed files could not be read");
		WARN_COUNT(r.mismatched, "WARNING: %llu computed checksum did NOT match",
			   "WARNING: %llu computed checksums did NOT match");
		if (opt->ignore_missing && !r.any_matched)
			diag_error(0, "%s: no file was verified", quote_name(shown));
	}
	return r.any_matched && r.mismatched == 0 && r.unreadable == 0 &&
	       (!opt->strict || r.malformed == 0);
}

bool check_mode_run(const struct options *opt, char *const *lists, int nlists)
{
	struct check_parser parser;
	bool ok = true;

	check_parser_init(&parser, opt->algos[0].algo);
	if (nlists == 0)
		return check_list(opt, &parser, "-");
	for (int i = 0; i < nlists; i++)
		ok &= check_list(opt, &parser, lists[i]);
	return ok;
}
