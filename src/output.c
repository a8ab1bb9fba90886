/* SPDX-License-Identifier: MIT */
/* output.c - standard output in three styles, chosen through a table:
 * GNU lines, BSD-tag lines (both as coreutils 9.1 writes them) and JSON
 * lines. Digests are hex or, with --base64, base64. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdio_ext.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base64.h"
#include "diag.h"
#include "escape.h"
#include "json.h"
#include "output.h"

void hex_encode(const uint8_t *bytes, size_t len, char *out)
{
	static const char digits[] = "0123456789abcdef";

	for (size_t i = 0; i < len; i++) {
		out[2 * i] = digits[bytes[i] >> 4];
		out[2 * i + 1] = digits[bytes[i] & 15];
	}
	out[2 * len] = '\0';
}

static void bytes_reversed(const uint8_t *in, size_t n, uint8_t *out)
{
	for (size_t i = 0; i < n; i++)
		out[i] = in[n - 1 - i];
}

void digest_in_order(const struct options *opt, const struct algo *algo, const uint8_t *digest,
		     uint8_t *out)
{
	if (opt->crc_little && family_is_crc(algo->family))
		bytes_reversed(digest, algo->digest_size, out);
	else
		memcpy(out, digest, algo->digest_size);
}

void digest_text(const struct options *opt, const struct algo *algo, const uint8_t *digest,
		 char *out)
{
	uint8_t bytes[ALGO_MAX_DIGEST];

	digest_in_order(opt, algo, digest, bytes);
	if (opt->base64)
		base64_encode(bytes, algo->digest_size, out);
	else
		hex_encode(bytes, algo->digest_size, out);
}

static const char *const check_words[] = {
	[CHECK_OK] = "OK",
	[CHECK_FAILED] = "FAILED",
	[CHECK_UNREADABLE] = "FAILED open or read",
	[CHECK_MALFORMED] = "improperly formatted",
};

/* --- GNU and BSD-tag text ------------------------------------------------ */

/* A name that could break the line (newline, carriage return) or be
 * ambiguous (backslash) is escaped and the line marked with a leading
 * backslash; -z lines end with NUL and are never escaped. */
static void put_name(FILE *out, const char *name, bool escape)
{
	if (escape)
		write_escaped_name(out, name);
	else
		fputs(name, out);
}

static void gnu_line(FILE *out, const struct options *opt, const char *name, const char *text)
{
	bool escape = opt->delim == '\n' && name_needs_escape(name);

	if (escape)
		putc('\\', out);
	fputs(text, out);
	putc(' ', out);
	putc(opt->binary ? '*' : ' ', out);
	put_name(out, name, escape);
	putc(opt->delim, out);
}

static void tag_line(FILE *out, const struct options *opt, const char *name, const char *tag,
		     const char *text)
{
	bool escape = opt->delim == '\n' && name_needs_escape(name);

	if (escape)
		putc('\\', out);
	fputs(tag, out);
	fputs(" (", out);
	put_name(out, name, escape);
	fputs(") = ", out);
	fputs(text, out);
	putc(opt->delim, out);
}

static void gnu_digest(const struct options *opt, const struct digest_record *r, const char *text)
{
	gnu_line(stdout, opt, r->name, text);
}

static void tag_digest(const struct options *opt, const struct digest_record *r, const char *text)
{
	tag_line(stdout, opt, r->name, r->algo->tag, text);
}

/* A file or list that could not be read: its message is on stderr. */
static void text_error(const struct options *opt, const char *name, const char *message)
{
	(void)opt, (void)name, (void)message;
}

/* In check mode coreutils 9.1 escapes a name only when it holds a newline. */
static void text_check(const struct options *opt, const struct check_record *r)
{
	if (opt->status_only || r->status == CHECK_MALFORMED ||
	    (r->status == CHECK_OK && opt->quiet))
		return;
	if (strchr(r->name, '\n')) {
		putchar('\\');
		write_escaped_name(stdout, r->name);
	} else {
		fputs(r->name, stdout);
	}
	printf(": %s\n", check_words[r->status]);
}

static void text_summary(const struct options *opt, const char *list,
			 const struct check_counts *counts, const char *error)
{
	(void)opt, (void)list, (void)counts, (void)error;
}

/* --- JSON lines -------------------------------------------------------- */

static void json_digest(const struct options *opt, const struct digest_record *r, const char *text)
{
	(void)opt;
	putchar('{');
	json_write_name(stdout, "name", r->name);
	printf(",\"algorithm\":\"%s\",\"digest\":\"%s\",\"size\":%llu", r->algo->name, text,
	       (unsigned long long)r->size);
	/* None for a digest no implementation computed (--combine's). */
	if (r->impl)
		printf(",\"impl\":\"%s-%s\"", r->algo->name, r->impl->name);
	fputs("}\n", stdout);
}

static void json_file_error(const struct options *opt, const char *name, const char *message)
{
	(void)opt;
	json_write_error(stdout, "name", name, message);
}

/* In place of the list's summary, so --status keeps it quiet too. */
static void json_list_error(const struct options *opt, const char *list, const char *message)
{
	if (!opt->status_only)
		json_write_error(stdout, "list", list, message);
}

static void json_check(const struct options *opt, const struct check_record *r)
{
	static const char *const words[] = {
		[CHECK_OK] = "ok", [CHECK_FAILED] = "failed",
		[CHECK_UNREADABLE] = "unreadable", [CHECK_MALFORMED] = "malformed",
	};
	if (opt->status_only || (r->status == CHECK_OK && opt->quiet))
		return;
	putchar('{');
	json_write_name(stdout, "list", r->list);
	printf(",\"line\":%llu", r->lineno);
	if (r->name) {
		putchar(',');
		json_write_name(stdout, "name", r->name);
	}
	if (r->algo)
		printf(",\"algorithm\":\"%s\"", r->algo->name);
	printf(",\"status\":\"%s\"", words[r->status]);
	if (r->nul_cut)   /* what follows the NUL was ignored; --strict fails */
		fputs(",\"nul_cut\":true", stdout);
	if (r->message) {
		fputs(",\"error\":", stdout);
		json_write_string(stdout, r->message);
	}
	fputs("}\n", stdout);
}

static void json_summary(const struct options *opt, const char *list,
			 const struct check_counts *c, const char *error)
{
	if (opt->status_only)
		return;
	putchar('{');
	json_write_name(stdout, "list", list);
	printf(",\"summary\":{\"ok\":%llu,\"failed\":%llu,\"unreadable\":%llu,\"malformed\":%llu}",
	       c->ok, c->failed, c->unreadable, c->malformed);
	json_end_object(stdout, error);
}

/* --- the table ---------------------------------------------------------- */

struct style {
	void (*digest)(const struct options *opt, const struct digest_record *r, const char *text);
	void (*file_error)(const struct options *opt, const char *name, const char *message);
	void (*check)(const struct options *opt, const struct check_record *r);
	void (*summary)(const struct options *opt, const char *list,
			const struct check_counts *counts, const char *error);
	void (*list_error)(const struct options *opt, const char *list, const char *message);
};

static const struct style styles[] = {
	[OUTPUT_GNU] = { gnu_digest, text_error, text_check, text_summary, text_error },
	[OUTPUT_TAG] = { tag_digest, text_error, text_check, text_summary, text_error },
	[OUTPUT_JSON] = { json_digest, json_file_error, json_check, json_summary, json_list_error },
};

/* Everything on stdout goes through these, which also keep a --progress
 * line on the same terminal out of the way. Each record is written under
 * diag's line lock (a thread that runs out of memory waits for its end),
 * and nothing here allocates. */
void output_digest(const struct options *opt, const struct digest_record *r)
{
	char text[2 * ALGO_MAX_DIGEST + 1];

	/* XXH3 lines are tagged even without --tag, as xxhsum writes them. */
	enum output_style style = opt->style == OUTPUT_GNU && r->algo->always_tagged ? OUTPUT_TAG
										      : opt->style;

	digest_text(opt, r->algo, r->digest, text);
	diag_lines_lock();
	styles[style].digest(opt, r, text);
	output_end();
}

void output_line_to(FILE *out, const struct options *opt, const char *name,
		    const struct algo *algo, const uint8_t *digest)
{
	char text[2 * ALGO_MAX_DIGEST + 1];

	digest_text(opt, algo, digest, text);
	if (opt->style == OUTPUT_TAG || algo->always_tagged)
		tag_line(out, opt, name, algo->tag, text);
	else
		gnu_line(out, opt, name, text);
}

void output_gnu_line_to(FILE *out, const struct options *opt, const char *name,
			const char *prefix, const struct algo *algo, const uint8_t *digest)
{
	char text[2 * ALGO_MAX_DIGEST + 1], line[sizeof text + 16];

	digest_text(opt, algo, digest, text);
	snprintf(line, sizeof line, "%s%s", prefix, text);
	gnu_line(out, opt, name, line);
}

void output_le_tag_line_to(FILE *out, const struct options *opt, const char *name,
			   const struct algo *algo, const uint8_t *digest)
{
	char text[2 * ALGO_MAX_DIGEST + 1], tag[32];
	uint8_t reversed[ALGO_MAX_DIGEST];

	bytes_reversed(digest, algo->digest_size, reversed);
	digest_text(opt, algo, reversed, text);
	snprintf(tag, sizeof tag, "%s_LE", algo->tag);
	tag_line(out, opt, name, tag, text);
}

void output_sfv_line_to(FILE *out, const char *name, const struct algo *algo,
			const uint8_t *digest)
{
	fputs(name, out);
	putc(' ', out);
	for (unsigned i = 0; i < algo->digest_size; i++)
		fprintf(out, "%02X", digest[i]);
	putc('\n', out);
}

void output_listed_name_error(const struct options *opt, const char *list,
			      unsigned long long lineno, const char *message)
{
	if (opt->style != OUTPUT_JSON)
		return;
	diag_lines_lock();
	putchar('{');
	json_write_name(stdout, "list", list);
	printf(",\"line\":%llu,\"error\":", lineno);
	json_write_string(stdout, message);
	fputs("}\n", stdout);
	output_end();
}

void output_file_error(const struct options *opt, const char *name, const char *message)
{
	diag_lines_lock();
	styles[opt->style].file_error(opt, name, message);
	output_end();
}

void output_check(const struct options *opt, const struct check_record *r)
{
	diag_lines_lock();
	styles[opt->style].check(opt, r);
	output_end();
}

void output_check_summary(const struct options *opt, const char *list,
			  const struct check_counts *counts, const char *error)
{
	diag_lines_lock();
	styles[opt->style].summary(opt, list, counts, error);
	output_end();
}

void output_list_error(const struct options *opt, const char *list, const char *message)
{
	diag_lines_lock();
	styles[opt->style].list_error(opt, list, message);
	output_end();
}

/* Lines reach stdout whole, so that several processes writing to one
 * pipe or file (xargs -P) never tear one another's: line-buffered, as
 * coreutils sets it, except into a regular file, where a write() per line
 * cost a fifth more time over 20,000 small files; there whole lines are
 * written in chunks of at most about PIPE_BUF bytes, each one write(),
 * which O_APPEND writers cannot interleave either. Once an input may keep
 * the run waiting, each line is one write again (diag_lines_prompt). */
#define OUTPUT_CHUNK (PIPE_BUF / 2)
static bool chunked;

/* Standard output was closed when the program started (held since by
 * /dev/null, which refuses writes: reader.c). */
static bool closed_at_start;

void output_init(bool stdout_closed)
{
	struct stat st;

	closed_at_start = stdout_closed;
	chunked = fstat(STDOUT_FILENO, &st) == 0 && S_ISREG(st.st_mode);
	if (chunked)
		setvbuf(stdout, NULL, _IOFBF, 16 * PIPE_BUF);
	else
		setvbuf(stdout, NULL, _IOLBF, 0);
}

void output_begin(void)
{
	diag_lines_lock();
}

void output_end(void)
{
	if (chunked && (__fpending(stdout) >= OUTPUT_CHUNK || diag_lines_are_prompt()))
		fflush(stdout);
	diag_lines_unlock();
}

bool output_close_stdout(void)
{
	/* fclose() may report only part of what went wrong: check the
	 * stream's error flag first, so "> /dev/full" is never silent. As
	 * coreutils says it, a write that failed before the last flush
	 * leaves no errno to tell, and the last flush's own failure does
	 * when it is the first: coreutils' line-buffered stdout holds only
	 * a last line without a newline (-z lines) to the end. Lines held
	 * here in a chunk (into a regular file) that hold a newline would
	 * have failed there already. */
	bool earlier = ferror(stdout), failed = earlier;
	size_t pending = __fpending(stdout);
	bool newline_held = pending && memchr(stdout->_IO_write_base, '\n', pending);
	int err = 0;

	if (fflush(stdout) != 0) {
		failed = true;
		err = earlier || newline_held ? 0 : errno;
	}
	/* Closing a stdout that was already closed (EBADF) is no error. */
	if (fclose(stdout) != 0 && errno != EBADF)
		failed = true;
	/* As coreutils 9.1 says it: "write error", with the last flush's
	 * error when it was the first, and for a standard output closed
	 * from the start (">&-") ": Bad file descriptor", the error of its
	 * close(1) there. */
	if (failed)
		diag_error(closed_at_start ? EBADF : err, "write error");
	/* A message that could not be written ("2> /dev/full", "2>&-")
	 * fails the run too, silently (there is nowhere to say it), as
	 * coreutils' close_stdout has it: a check whose only complaint was
	 * lost must not look clean. */
	if (ferror(stderr))
		failed = true;
	return !failed;
}
