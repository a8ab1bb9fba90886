/* output.c - checksum lines in the formats of coreutils: GNU, BSD tag, -z. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "diag.h"
#include "escape.h"
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

/* errno of the first failed write to stdout: by the time stdout is
 * closed, errno has long been overwritten. */
static int first_write_errno;

static void note_write_error(void)
{
	if (!first_write_errno && ferror(stdout))
		first_write_errno = errno ? errno : EIO;
}

/* A name that could break the line (newline) or be ambiguous (backslash)
 * is escaped and the line marked with a leading backslash; -z lines end
 * with NUL and are never escaped. */
static void put_name(const char *name, int escape)
{
	if (escape)
		write_escaped_name(stdout, name);
	else
		fputs(name, stdout);
}

void output_digest_line(const struct options *opt, const char *name, const struct algo *algo,
			const uint8_t *digest)
{
	char hex[2 * ALGO_MAX_DIGEST + 1];
	int escape = opt->delim == '\n' && name_needs_escape(name);

	hex_encode(digest, algo->digest_size, hex);
	if (escape)
		putchar('\\');
	if (opt->tag) {
		fputs(algo->tag, stdout);
		fputs(" (", stdout);
		put_name(name, escape);
		fputs(") = ", stdout);
		fputs(hex, stdout);
	} else {
		fputs(hex, stdout);
		putchar(' ');
		putchar(opt->binary ? '*' : ' ');
		put_name(name, escape);
	}
	putchar(opt->delim);
	note_write_error();
}

bool output_close_stdout(void)
{
	/* fclose() may report only part of what went wrong: check the
	 * stream's error flag first, so "> /dev/full" is never silent. */
	int failed = ferror(stdout);
	int err = first_write_errno;

	if (fflush(stdout) != 0) {
		failed = 1;
		if (!err)
			err = errno;
	}
	if (fclose(stdout) != 0 && !failed) {
		/* Closing a stdout that was already closed (EBADF) is no error. */
		if (errno != EBADF) {
			failed = 1;
			err = errno;
		}
	}
	if (failed) {
		diag_error(err, "write error");
		return false;
	}
	return true;
}
