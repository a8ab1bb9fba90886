/* combine_mode.c - joining CRC-32Cs of parts (a composed Cloud Storage object,
 * an S3 full-object checksum) without the data, in O(parts x log length). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base64.h"
#include "bytes.h"
#include "combine_mode.h"
#include "crc32c.h"
#include "diag.h"
#include "line_reader.h"
#include "output.h"
#include "quote.h"

#define IS_BLANK(c) ((c) == ' ' || (c) == '\t')

/* 8 hex digits, or the 8 characters of base64 for 4 bytes ("...=="). */
static bool parse_crc(const char *s, size_t len, uint32_t *out)
{
	uint8_t raw[4];

	if (len == 8 && strspn(s, "0123456789abcdefABCDEF") >= 8) {
		*out = (uint32_t)strtoul(s, NULL, 16);
		return true;
	}
	if (base64_decode_exact(s, len, raw, 4)) {
		*out = load_be32(raw);
		return true;
	}
	return false;
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

static bool combine_input(const struct options *opt, const char *input)
{
	const char *shown = strcmp(input, "-") == 0 ? "standard input" : input;
	struct line_reader in;
	char *line;
	ssize_t len;
	unsigned long long lineno = 0, nparts = 0;
	uint32_t crc = 0;     /* the CRC of nothing */
	uint64_t total = 0;
	bool ok = true;

	if (!line_reader_open(&in, input)) {
		diag_file_error(input, errno);
		return false;
	}
	while (ok && (len = line_reader_next(&in, '\n', &line)) > 0) {
		lineno++;
		if (memchr(line, '\0', (size_t)len)) {
			diag_error(0, "%s: %llu: NUL byte in line", quote_name(shown), lineno);
			ok = false;
			break;
		}
		line[strcspn(line, "\r\n")] = '\0';
		const char *f[2];
		size_t flen[2];
		int n = fields(line, f, flen);
		uint32_t part_crc;
		uint64_t part_len;
		if (n == 0 || line[strspn(line, " \t")] == '#')
			continue;
		if (n == 1) {
			diag_error(0, "%s: %llu: missing length after the CRC", quote_name(shown), lineno);
			ok = false;
		} else if (n > 2) {
			diag_error(0, "%s: %llu: expected 'CRC LENGTH', found more fields",
				   quote_name(shown), lineno);
			ok = false;
		} else if (!parse_crc(f[0], flen[0], &part_crc)) {
			diag_error(0, "%s: %llu: invalid CRC '%.*s' (8 hex digits or base64)",
				   quote_name(shown), lineno, (int)flen[0], f[0]);
			ok = false;
		} else if (!parse_length(f[1], flen[1], &part_len)) {
			diag_error(0, "%s: %llu: invalid length '%.*s' (decimal bytes, below 2^63)",
				   quote_name(shown), lineno, (int)flen[1], f[1]);
			ok = false;
		} else if (total + part_len < total) {
			diag_error(0, "%s: %llu: total length overflows", quote_name(shown), lineno);
			ok = false;
		} else {
			crc = nparts ? crc32c_combine(crc, part_crc, part_len) : part_crc;
			total += part_len;
			nparts++;
		}
	}
	if (ok && in.err) {
		diag_error(0, "%s: read error", quote_name(shown));
		ok = false;
	}
	line_reader_close(&in);
	if (!ok)
		return false;

	uint8_t digest[4];
	store_be32(digest, crc);
	output_digest(opt, input, algo_by_name("crc32c"), digest, total, NULL);
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
