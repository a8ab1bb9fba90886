/* SPDX-License-Identifier: MIT */
/* names.c - file names from a list, newline- or NUL-separated. */
#include <errno.h>
#include <string.h>

#include "escape.h"
#include "line_reader.h"
#include "names.h"
#include "xalloc.h"

int names_read(const char *list, bool nul, names_fn fn, void *ctx)
{
	struct line_reader in;
	char *line;
	ssize_t len;

	unsigned long long number = 0;

	if (!line_reader_open(&in, list))
		return errno;
	while ((len = line_reader_next(&in, nul ? '\0' : '\n', &line)) > 0) {
		size_t n = (size_t)len;
		number++;
		if (line[n - 1] == (nul ? '\0' : '\n'))
			n--;
		if (n == 0 && !nul)
			continue;   /* blank line */
		char *name = xmalloc(n + 1);
		enum listed_name problem = LISTED_NAME_OK;
		if (!nul && line[0] == '\\') {
			/* What the escapes leave is checked as an unescaped
			 * name is: "\\" alone names nothing, and a NUL stays a
			 * NUL whatever surrounds it. */
			memcpy(name, line + 1, n - 1);
			if (memchr(line, '\0', n))
				problem = LISTED_NAME_NUL;
			else if (!unescape_name(name, n - 1))
				problem = LISTED_NAME_ESCAPE;
			else if (!name[0])
				problem = LISTED_NAME_EMPTY;
			if (problem != LISTED_NAME_OK) {
				memcpy(name, line, n);
				name[n] = '\0';
			}
		} else {
			memcpy(name, line, n);
			name[n] = '\0';
			if (n == 0)
				problem = LISTED_NAME_EMPTY;
			else if (memchr(line, '\0', n))
				problem = LISTED_NAME_NUL;
		}
		fn(ctx, name, problem, number);
	}
	int err = in.err;
	line_reader_close(&in);
	return err;
}
