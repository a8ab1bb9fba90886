/* SPDX-License-Identifier: MIT */
/* json.c - JSON strings that survive any file name. */
#include <stdint.h>
#include <string.h>

#include "base64.h"
#include "json.h"

/* Length of the valid UTF-8 sequence at s (RFC 3629: no overlongs, no
 * surrogates, at most U+10FFFF), or 0 if the bytes there are not one. */
static size_t utf8_len(const unsigned char *s)
{
	if (s[0] < 0x80)
		return 1;
	size_t n;
	uint32_t cp, min;
	if ((s[0] & 0xe0) == 0xc0) {
		n = 2, cp = s[0] & 0x1f, min = 0x80;
	} else if ((s[0] & 0xf0) == 0xe0) {
		n = 3, cp = s[0] & 0x0f, min = 0x800;
	} else if ((s[0] & 0xf8) == 0xf0) {
		n = 4, cp = s[0] & 0x07, min = 0x10000;
	} else {
		return 0;
	}
	for (size_t i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (s[i] & 0x3f);
	}
	if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
		return 0;
	return n;
}

bool json_write_string(FILE *out, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	bool exact = true;

	putc('"', out);
	while (*p) {
		size_t n = utf8_len(p);
		if (n == 0) {
			fputs("\xef\xbf\xbd", out);   /* U+FFFD */
			exact = false;
			p++;
			continue;
		}
		if (n > 1) {
			fwrite(p, 1, n, out);
		} else if (*p == '"' || *p == '\\') {
			putc('\\', out);
			putc(*p, out);
		} else if (*p == '\n') {
			fputs("\\n", out);
		} else if (*p == '\r') {
			fputs("\\r", out);
		} else if (*p == '\t') {
			fputs("\\t", out);
		} else if (*p < 0x20 || *p == 0x7f) {
			fprintf(out, "\\u%04x", *p);
		} else {
			putc(*p, out);
		}
		p += n;
	}
	putc('"', out);
	return exact;
}

/* In pieces of 48 bytes (a multiple of 3, so no padding but the last):
 * written mid-line, this must not allocate (see output.c). */
void json_write_base64(FILE *out, const char *s)
{
	const uint8_t *p = (const uint8_t *)s;
	size_t left = strlen(s);
	char piece[BASE64_LENGTH(48) + 1];

	putc('"', out);
	while (left) {
		size_t n = left < 48 ? left : 48;
		base64_encode(p, n, piece);
		fputs(piece, out);
		p += n;
		left -= n;
	}
	putc('"', out);
}

void json_write_name(FILE *out, const char *key, const char *name)
{
	fprintf(out, "\"%s\":", key);
	if (!json_write_string(out, name)) {
		fprintf(out, ",\"%s_base64\":", key);
		json_write_base64(out, name);
	}
}

void json_end_object(FILE *out, const char *message)
{
	if (message) {
		fputs(",\"error\":", out);
		json_write_string(out, message);
	}
	fputs("}\n", out);
}

void json_write_error(FILE *out, const char *key, const char *name, const char *message)
{
	putc('{', out);
	json_write_name(out, key, name);
	json_end_object(out, message);
}
