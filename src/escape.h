/* SPDX-License-Identifier: MIT */
/* escape.h - the backslash escaping of file names in checksum lines.
 * Layer: platform. */
#ifndef SIMDSUM_ESCAPE_H
#define SIMDSUM_ESCAPE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* Whether a name written into a checksum line needs escaping: it holds
 * a newline (which would split the line), a carriage return (which a
 * CRLF reader would eat) or a backslash (so that the escaped form stays
 * unambiguous). Such a line starts with '\'. */
bool name_needs_escape(const char *name);

/* Writes name with '\n' as "\n", '\r' as "\r" and '\' as "\\". */
void write_escaped_name(FILE *out, const char *name);

/* Undoes write_escaped_name in place on the len bytes at s and
 * NUL-terminates the result. Returns false (s then undefined) for a
 * name coreutils rejects: a backslash followed by anything but 'n', 'r'
 * or '\', a trailing lone backslash, or a NUL byte. */
bool unescape_name(char *s, size_t len);

#endif
