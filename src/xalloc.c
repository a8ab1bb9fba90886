/* SPDX-License-Identifier: MIT */
/* xalloc.c - allocations that end the run when memory is exhausted. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "xalloc.h"

void xalloc_die(void)
{
	diag_die("memory exhausted");
}

/* Memory for a struct that holds a hash_ctx must be as aligned as the
 * struct says (64 bytes: the block buffer, a library's XXH3 state, which
 * it reads with aligned vector loads), and malloc gives 16; so xmalloc
 * and xcalloc give 64. A zero-byte request asks for one byte: malloc(0)
 * may return NULL, and realloc(p, 0) frees p. xrealloc keeps only
 * malloc's alignment: nothing that holds a hash_ctx is reallocated. */
#define XALLOC_ALIGN 64

void *xmalloc(size_t size)
{
	void *p;
	if (posix_memalign(&p, XALLOC_ALIGN, size ? size : 1) != 0)
		xalloc_die();
	return p;
}

void *xcalloc(size_t n, size_t size)
{
	if (size && n > SIZE_MAX / size)
		xalloc_die();
	return memset(xmalloc(n * size), 0, n * size);
}

void *xrealloc(void *p, size_t size)
{
	void *q = realloc(p, size ? size : 1);
	if (!q)
		xalloc_die();
	return q;
}

void *xnrealloc(void *p, size_t n, size_t size)
{
	if (size && n > SIZE_MAX / size)
		xalloc_die();
	return xrealloc(p, n * size);
}

char *xstrdup(const char *s)
{
	size_t n = strlen(s) + 1;
	return memcpy(xmalloc(n), s, n);
}

void *xmemalign(size_t align, size_t size)
{
	void *p;
	if (posix_memalign(&p, align, size ? size : 1) != 0)
		xalloc_die();
	return p;
}

FILE *xopen_memstream(char **buf, size_t *len)
{
	FILE *f = open_memstream(buf, len);

	if (!f)
		xalloc_die();
	return f;
}

void xclose_memstream(FILE *f, char **buf)
{
	if ((ferror(f) | fclose(f)) || !*buf)
		xalloc_die();
}
