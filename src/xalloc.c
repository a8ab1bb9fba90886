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

/* A zero-byte request asks for one byte: malloc(0) may return NULL, and
 * realloc(p, 0) frees p. */
void *xmalloc(size_t size)
{
	void *p = malloc(size ? size : 1);
	if (!p)
		xalloc_die();
	return p;
}

void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);
	if (!p)
		xalloc_die();
	return p;
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
