/* names.c - file names from a list, newline- or NUL-separated. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "names.h"

int names_read(const char *list, bool nul, names_fn fn, void *ctx)
{
	bool is_stdin = strcmp(list, "-") == 0;
	FILE *in = is_stdin ? stdin : fopen(list, "r");
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	int err = 0;

	if (!in)
		return errno;
	while ((len = getdelim(&line, &cap, nul ? '\0' : '\n', in)) > 0) {
		size_t n = (size_t)len;
		if (line[n - 1] == (nul ? '\0' : '\n'))
			n--;
		if (n == 0 && !nul)
			continue;   /* blank line */
		char *name = malloc(n + 1);
		if (!name)
			abort();
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
	if (ferror(in))
		err = errno ? errno : EIO;
	free(line);
	if (!is_stdin)
		fclose(in);
	return err;
}
