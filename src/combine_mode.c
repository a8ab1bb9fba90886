/* SPDX-License-Identifier: MIT */
/* combine_mode.c - joining the CRCs of parts (a composed Cloud Storage
 * object, an S3 full-object checksum, any CRC family) without the data, in
 * O(parts x log length). */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base64.h"
#include "bytes.h"
#include "combine_mode.h"
#include "diag.h"
#include "line_reader.h"
#include "output.h"
#include "quote.h"
#include "xalloc.h"

#define IS_BLANK(c) ((c) == ' ' || (c) == '\t')

static unsigned hex_digit(char c)
{
	return c <= '9' ? (unsigned)(c - '0') : (unsigned)((c | 0x20) - 'a' + 10);
}

/* A CRC of the algorithm as printed: 2n hex digits or the base64 of its
 * n bytes, in the order --byte-order says. */
static bool parse_crc(const struct options *opt, const struct algo *algo, const char *s,
		      size_t len, uint64_t *out)
{
	size_t n = algo->digest_size;
	uint8_t raw[ALGO_MAX_DIGEST], ordered[ALGO_MAX_DIGEST];

	if (len == 2 * n && strspn(s, "0123456789abcdefABCDEF") >= len) {
		for (size_t i = 0; i < n; i++)
			raw[i] = (uint8_t)(hex_digit(s[2 * i]) << 4 | hex_digit(s[2 * i + 1]));
	} else if (!base64_decode_exact(s, len, raw, n)) {
		return false;
	}
	/* digest_in_order is its own inverse: it reverses or leaves alone. */
	digest_in_order(opt, algo, raw, ordered);
	*out = crc_load_digest(algo->family, ordered);
	return true;
}

/* Decimal digits only; at most 2^63 - 1 (no sign, no suffix). */
static bool parse_length(const char *s, size_t len, uint64_t *out)
{
	uint64_t n = 0;

	if (len == 0 || len > 19)
		return false;
	for (size_t i = 0; i < len; i++) {
		if (s[i] < '0' || s[i] > '9')
			return false;
		n = n * 10 + (uint64_t)(s[i] - '0');
	}
	if (n > INT64_MAX)
		return false;
	*out = n;
	return true;
}

/* Splits the line into its first two blank-separated fields. Returns the
 * number of fields found (more than 2 counts as 3). */
static int fields(char *line, const char **f, size_t *flen)
{
	int n = 0;
	char *p = line;

	while (*p) {
		while (IS_BLANK(*p))
			p++;
		if (!*p)
			break;
		if (n == 2)
			return 3;
		f[n] = p;
		while (*p && !IS_BLANK(*p))
			p++;
		flen[n] = (size_t)(p - f[n]);
		n++;
	}
	return n;
}

/* An input that gives no CRC: "NAME: REASON" on stderr and, with --json,
 * the error object hash mode writes for a file it cannot read, whose
 * error is the same REASON. */
static void input_error(const struct options *opt, const char *input, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static void input_error(const struct options *opt, const char *input, const char *fmt, ...)
{
	const char *shown = strcmp(input, "-") == 0 ? "standard input" : input;
	char *reason;
	size_t len;
	FILE *f = xopen_memstream(&reason, &len);
	va_list ap;

	va_start(ap, fmt);
	vfprintf(f, fmt, ap);
	va_end(ap);
	xclose_memstream(f, &reason);
	diag_error(0, "%s: %s", quote_name(shown), reason);
	output_file_error(opt, input, reason);
	free(reason);
}

static bool combine_input(const struct options *opt, const char *input)
{
	const struct algo *algo = opt->algos[0].algo;
	struct line_reader in;
	char *line;
	ssize_t len;
	unsigned long long lineno = 0, nparts = 0;
	uint64_t crc = 0;     /* the CRC of nothing */
	uint64_t total = 0;
	bool ok = true;

	if (!line_reader_open(&in, input)) {
		input_error(opt, input, "%s", strerror(errno));
		return false;
	}
	while (ok && (len = line_reader_next(&in, '\n', &line)) > 0) {
		lineno++;
		if (memchr(line, '\0', (size_t)len)) {
			input_error(opt, input, "%llu: NUL byte in line", lineno);
			ok = false;
			break;
		}
		/* The newline, and a CR before it (a CRLF list); a CR
		 * anywhere else stays, to make the line invalid. */
		size_t end = (size_t)len;
		if (end && line[end - 1] == '\n')
			end--;
		if (end && line[end - 1] == '\r')
			end--;
		line[end] = '\0';
		const char *f[2];
		size_t flen[2];
		int n = fields(line, f, flen);
		uint64_t part_crc;
		uint64_t part_len;
		if (n == 0 || line[strspn(line, " \t")] == '#')
			continue;
		if (n == 1) {
			input_error(opt, input, "%llu: missing length after the CRC", lineno);
			ok = false;
		} else if (n > 2) {
			input_error(opt, input, "%llu: expected 'CRC LENGTH', found more fields", lineno);
			ok = false;
		} else if (!parse_crc(opt, algo, f[0], flen[0], &part_crc)) {
			input_error(opt, input, "%llu: invalid CRC %s (%u hex digits or base64)", lineno,
				    quote_value(f[0], flen[0]), 2 * algo->digest_size);
			ok = false;
		} else if (!parse_length(f[1], flen[1], &part_len)) {
			input_error(opt, input, "%llu: invalid length %s (decimal bytes, below 2^63)",
				    lineno, quote_value(f[1], flen[1]));
			ok = false;
		} else if (part_len == 0 && part_crc != 0) {
			/* The CRC of no bytes is 0 in every family here. */
			input_error(opt, input, "%llu: a part of 0 bytes has CRC 0, not %s", lineno,
				    quote_value(f[0], flen[0]));
			ok = false;
		} else if (total + part_len < total) {
			input_error(opt, input, "%llu: total length overflows", lineno);
			ok = false;
		} else {
			crc = nparts ? crc_combine(algo->family, crc, part_crc, part_len) : part_crc;
			total += part_len;
			nparts++;
		}
	}
	if (ok && in.err) {
		input_error(opt, input, "read error");
		ok = false;
	}
	line_reader_close(&in);
	if (!ok)
		return false;

	uint8_t digest[ALGO_MAX_DIGEST];
	crc_store_digest(algo->family, digest, crc);
	struct digest_record r = { .name = input, .algo = algo, .digest = digest, .size = total };
	output_digest(opt, &r);
	return true;
}

bool combine_mode_run(const struct options *opt, char *const *inputs, int ninputs)
{
	bool ok = true;

	if (ninputs == 0)
		return combine_input(opt, "-");
	for (int i = 0; i < ninputs; i++)
		ok &= combine_input(opt, inputs[i]);
	return ok;
}
