/* SPDX-License-Identifier: MIT */
/* fuzz_check_line.c - libFuzzer target for what --check reads: the list
 * line parser (check_line.c) and the name unescaping (escape.c).
 *
 * Checked for any input, besides the sanitizers' memory and UB checks:
 *  1. Lines fed to one parser, as a list would be: a well-formed result
 *     points inside the line, has a digest of exactly the algorithm's
 *     length in hex or the canonical base64 of that many bytes, and a
 *     NUL-terminated name inside the line; comparing it with a digest
 *     stays inside it.
 *  2. A line written the way simdsum writes it (GNU or BSD tag form, hex
 *     or base64, escaped when the name needs it) parses back to the same
 *     algorithm, digest, binary flag and name (but for untagged base64
 *     of hex digits alone, which is read as hex).
 *  3. Escaping then unescaping a name gives the name back; unescaping
 *     then escaping gives the text back when it held no raw newline or
 *     carriage return. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base64.h"
#include "check_line.h"
#include "escape.h"
#include "fuzz_check.h"

static int is_hex(char c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

/* Hex of exactly the digest's size, or its canonical base64. */
static int valid_digest_text(const struct check_line *l)
{
	uint8_t raw[ALGO_MAX_DIGEST];
	size_t n = l->algo->digest_size;

	if (l->digest_len == 2 * n) {
		size_t i = 0;
		while (i < l->digest_len && is_hex(l->digest[i]))
			i++;
		if (i == l->digest_len)
			return 1;
	}
	return base64_decode_exact(l->digest, l->digest_len, raw, n);
}

/* A copy in a buffer of exactly len + 1 bytes, NUL-terminated like
 * getline's, so that ASan sees any access past it. */
static char *copy_line(const uint8_t *p, size_t len)
{
	char *s = malloc(len + 1);
	CHECK(s);
	memcpy(s, p, len);
	s[len] = '\0';
	return s;
}

/* 1: every line of the input through one parser. */
static void parse_as_list(const uint8_t *data, size_t size)
{
	struct check_parser parser;
	size_t start = 0;

	check_parser_init(&parser, &algos[size ? data[0] % ALGO_COUNT : 0]);
	parser.nul_records = size > 1 && data[1] & 1;   /* a -z list's records */
	while (start < size) {
		const uint8_t *nl = memchr(data + start, '\n', size - start);
		size_t len = nl ? (size_t)(nl - (data + start)) + 1 : size - start;
		char *line = copy_line(data + start, len);
		struct check_line out;

		if (check_parse_line(&parser, line, len, &out) == CHECK_LINE_OK) {
			CHECK(out.algo);
			CHECK(out.digest >= line && out.digest + out.digest_len <= line + len);
			CHECK(out.digest_len <= 2 * ALGO_MAX_DIGEST);
			CHECK(valid_digest_text(&out));
			uint8_t zero[ALGO_MAX_DIGEST] = { 0 };
			(void)check_digest_matches(out.digest, out.digest_len, zero,
						   out.algo->digest_size);
			CHECK(out.name >= line && out.name <= line + len);
			CHECK(out.name + strlen(out.name) <= line + len);
		}
		free(line);
		start += len;
	}
}

/* 2: a line as simdsum writes it, parsed back. The input gives the
 * algorithm, the form, the digest bytes and the name. */
static void round_trip(const uint8_t *data, size_t size)
{
	if (size < 2)
		return;
	const struct algo *algo = &algos[data[0] % ALGO_COUNT];
	int tagged = data[1] & 1, binary = !tagged && (data[1] & 2), b64 = data[1] & 4;
	data += 2;
	size -= 2;
	if (size < algo->digest_size + 1)
		return;
	char hex[2 * ALGO_MAX_DIGEST + 1];
	if (b64) {
		base64_encode(data, algo->digest_size, hex);
	} else {
		for (unsigned i = 0; i < algo->digest_size; i++)
			snprintf(hex + 2 * i, 3, "%02x", data[i]);
	}
	/* The one line that does not come back: untagged base64 made of hex
	 * digits alone (a SHA-384 whose 64 characters could be a SHA-256 in
	 * hex) is read as hex, as check_line.c explains; once in 10^29. */
	if (b64 && !tagged && strspn(hex, "0123456789abcdefABCDEF") == strlen(hex))
		return;
	/* The name: the rest, up to a NUL (names cannot hold one). */
	char *name = copy_line(data + algo->digest_size, size - algo->digest_size);
	if (!name[0]) {
		free(name);
		return;
	}

	char *text = NULL;
	size_t textlen = 0;
	FILE *f = open_memstream(&text, &textlen);
	CHECK(f);
	int escape = name_needs_escape(name);
	if (escape)
		fputc('\\', f);
	if (tagged) {
		fprintf(f, "%s (", algo->tag);
		escape ? write_escaped_name(f, name) : (void)fputs(name, f);
		fprintf(f, ") = %s\n", hex);
	} else {
		fprintf(f, "%s %c", hex, binary ? '*' : ' ');
		escape ? write_escaped_name(f, name) : (void)fputs(name, f);
		fputc('\n', f);
	}
	CHECK(fclose(f) == 0);

	struct check_parser parser;
	struct check_line out;
	char *line = copy_line((const uint8_t *)text, textlen);
	check_parser_init(&parser, algo);
	CHECK(check_parse_line(&parser, line, textlen, &out) == CHECK_LINE_OK);
	CHECK(out.algo == algo);
	CHECK(out.digest_len == strlen(hex) && memcmp(out.digest, hex, out.digest_len) == 0);
	CHECK(check_digest_matches(out.digest, out.digest_len, data, algo->digest_size));
	CHECK(out.binary == binary);
	CHECK(strcmp(out.name, name) == 0);
	free(line);
	free(text);
	free(name);
}

/* 3: escaping and unescaping undo each other. */
static void escape_pairs(const uint8_t *data, size_t size)
{
	char *name = copy_line(data, size);
	char *text = NULL;
	size_t textlen = 0;
	FILE *f = open_memstream(&text, &textlen);
	CHECK(f);
	write_escaped_name(f, name);
	CHECK(fclose(f) == 0);
	char *back = copy_line((const uint8_t *)text, textlen);
	CHECK(unescape_name(back, textlen));
	CHECK(strcmp(back, name) == 0);
	free(back);
	free(text);

	char *raw = copy_line(data, size);
	if (unescape_name(raw, size)) {
		CHECK(strlen(raw) <= size);
		if (!memchr(data, '\n', size) && !memchr(data, '\r', size)) {
			f = open_memstream(&text, &textlen);
			CHECK(f);
			write_escaped_name(f, raw);
			CHECK(fclose(f) == 0);
			CHECK(textlen == size && memcmp(text, data, size) == 0);
			free(text);
		}
	}
	free(raw);
	free(name);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	parse_as_list(data, size);
	round_trip(data, size);
	escape_pairs(data, size);
	return 0;
}
