/* SPDX-License-Identifier: MIT */
/* audit_list.c - reading the list of an audit into entries: the line
 * parser of --check, records ended by opt->delim ('\0' with -z), the
 * digest kept raw (its algorithm's size), names normalised for matching. */
#include <errno.h>
#include <string.h>
#include <sys/stat.h>

#include "audit_run.h"
#include "base64.h"
#include "bytes.h"
#include "check_mode.h"
#include "diag.h"
#include "line_reader.h"
#include "output.h"
#include "quote.h"

/* The line's digest (hex or base64, as check_parse_line accepted it) as
 * bytes in the arena. */
static const uint8_t *raw_digest(struct audit_arena *a, const struct check_line *l)
{
	size_t n = l->algo->digest_size;
	uint8_t *out = audit_arena_alloc(a, n);

	if (l->digest_len == 2 * n) {
		size_t i;
		for (i = 0; i < n; i++) {
			int hi = hex_digit_value((unsigned char)l->digest[2 * i]);
			int lo = hex_digit_value((unsigned char)l->digest[2 * i + 1]);
			if (hi < 0 || lo < 0)
				break;
			out[i] = (uint8_t)(hi << 4 | lo);
		}
		if (i == n)
			return out;
	}
	if (!base64_decode_exact(l->digest, l->digest_len, out, n))
		memset(out, 0, n);   /* cannot happen: the parser checked it */
	return out;
}

static void add_line(struct audit_run *run, struct check_parser *p, char *line, size_t len,
		     unsigned long long lineno)
{
	bool zero = run->opt->delim == '\0';
	struct check_line parsed;

	if (zero && len && line[len - 1] == '\0')
		len--;
	enum check_line_kind kind = check_parse_line(p, line, len, &parsed);
	if (kind == CHECK_LINE_SKIP)
		return;
	/* "-" is standard input to --check; a tree holds no such file. */
	if (kind == CHECK_LINE_OK && strcmp(parsed.name, "-") == 0)
		kind = CHECK_LINE_MALFORMED;

	struct audit_entry *e = audit_index_add_entry(&run->ix);
	e->lineno = lineno;
	if (kind != CHECK_LINE_OK) {
		e->state = ENTRY_MALFORMED;
		return;
	}
	/* As --check: read up to the NUL, as coreutils does, and said. */
	if (parsed.nul_cut && !run->opt->status_only)
		diag_error(0, "%s: %llu: NUL byte in checksum line: what follows it is ignored",
			   quote_name(run->shown), lineno);
	run->nul_cut |= parsed.nul_cut;
	run->any_well_formed = true;
	e->state = ENTRY_UNSEEN;
	e->nul_cut = parsed.nul_cut;
	e->algo = (uint8_t)(parsed.algo - algos);
	e->name = audit_arena_strndup(&run->ix.arena, parsed.name, strlen(parsed.name));
	e->key = audit_key(&run->ix.arena, e->name);
	e->digest = raw_digest(&run->ix.arena, &parsed);
}

static void note_identity(struct audit_run *run, int fd)
{
	struct stat st;

	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode)) {
		run->list_known = true;
		run->list_dev = st.st_dev;
		run->list_ino = st.st_ino;
	}
}

/* A list that could not be opened or read to its end: the message and,
 * with --json, an object saying so in place of the counts. */
static bool list_failed(const struct audit_run *run, const char *shown, const char *reason)
{
	diag_error(0, "%s: %s", quote_name(shown), reason);
	output_list_error(run->opt, run->list, reason);
	return false;
}

/* Every line; false (reported) on a read or close error. */
static bool read_lines(struct audit_run *run, struct line_reader *in)
{
	struct check_parser parser;
	unsigned long long lineno = 0;
	char *line;
	ssize_t len;

	check_parser_from_options(&parser, run->opt);
	parser.nul_records = run->opt->delim == '\0';
	while ((len = line_reader_next(in, run->opt->delim, &line)) > 0)
		add_line(run, &parser, line, (size_t)len, ++lineno);

	bool read_failed = in->err != 0;
	int close_err = line_reader_close(in);
	if (close_err && !read_failed)
		return list_failed(run, run->list, strerror(close_err));
	if (read_failed)
		return list_failed(run, run->shown, "read error");
	return true;
}

bool audit_list_read(struct audit_run *run)
{
	struct line_reader in;

	if (!line_reader_open(&in, run->list))
		return list_failed(run, run->list, strerror(errno));
	run->shown = in.is_stdin ? "standard input" : run->list;
	note_identity(run, in.fd);
	return read_lines(run, &in);
}

bool audit_is_list(const struct audit_run *run, const struct stat *st)
{
	return run->list_known && st->st_dev == run->list_dev && st->st_ino == run->list_ino;
}
