/* SPDX-License-Identifier: MIT */
/* escape.c - escaping names in checksum lines, as coreutils 9.1 does. */
#include <string.h>

#include "escape.h"

bool name_needs_escape(const char *name)
{
	return name[strcspn(name, "\\\n\r")] != '\0';
}

void write_escaped_name(FILE *out, const char *name)
{
	for (const char *p = name; *p; p++) {
		if (*p == '\n')
			fputs("\\n", out);
		else if (*p == '\r')
			fputs("\\r", out);
		else if (*p == '\\')
			fputs("\\\\", out);
		else
			putc(*p, out);
	}
}

bool unescape_name(char *s, size_t len)
{
	char *dst = s;

	for (size_t i = 0; i < len; i++) {
		if (s[i] == '\0')
			return false;
		if (s[i] != '\\') {
			*dst++ = s[i];
			continue;
		}
		if (++i == len)
			return false;
		if (s[i] == 'n')
			*dst++ = '\n';
		else if (s[i] == 'r')
			*dst++ = '\r';
		else if (s[i] == '\\')
			*dst++ = '\\';
		else
			return false;
	}
	*dst = '\0';
	return true;
}
