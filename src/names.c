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

	if (!line_reader_open(&in, list))
		return errno;
	while ((len = line_reader_next(&in, nul ? '\0' : '\n', &line)) > 0) {
		size_t n = (size_t)len;
		if (line[n - 1] == (nul ? '\0' : '\n'))
			n--;
		if (n == 0 && !nul)
			continue;   /* blank line */
		char *name = xmalloc(n + 1);
		bool bad = false;
		if (!nul && line[0] == '\\') {
			memcpy(name, line + 1, n - 1);
			bad = !unescape_name(name, n - 1);
			if (bad) {
				memcpy(name, line, n);
				name[n] = '\0';
			}
		} else {
			memcpy(name, line, n);
			name[n] = '\0';
			/* A NUL inside a newline-separated name, or an empty
			 * NUL-separated one, names no file. */
			bad = memchr(line, '\0', n) != NULL || n == 0;
		}
		fn(ctx, name, bad);
	}
	int err = in.err;
	line_reader_close(&in);
	return err;
}
