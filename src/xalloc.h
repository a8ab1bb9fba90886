/* SPDX-License-Identifier: MIT */
/* xalloc.h - allocations that do not return on failure: they end the run
 * with "prog: memory exhausted" and status 1, as coreutils' xalloc_die
 * does (for use where a failure cannot be confined to one file).
 * Layer: platform. */
#ifndef SIMDSUM_XALLOC_H
#define SIMDSUM_XALLOC_H

#include <stddef.h>

/* Reports "memory exhausted" and exits with status 1; callable from any
 * thread (see diag_die). */
void xalloc_die(void) __attribute__((noreturn));

void *xmalloc(size_t size) __attribute__((malloc, returns_nonnull));
void *xcalloc(size_t n, size_t size) __attribute__((malloc, returns_nonnull));
void *xrealloc(void *p, size_t size) __attribute__((returns_nonnull));
/* realloc to n * size bytes; a product past SIZE_MAX is exhaustion too. */
void *xnrealloc(void *p, size_t n, size_t size) __attribute__((returns_nonnull));
char *xstrdup(const char *s) __attribute__((malloc, returns_nonnull));
/* align: a power of two, a multiple of sizeof(void *); free() the result. */
void *xmemalign(size_t align, size_t size) __attribute__((malloc, returns_nonnull));

/* open_memstream(3) into *buf and *len, and its close, which leaves *buf
 * holding what was written. glibc's fclose of a memstream returns 0 even
 * when its last realloc fails, leaving *buf NULL (and *len stale): that
 * is exhaustion too. */
#include <stdio.h>
FILE *xopen_memstream(char **buf, size_t *len) __attribute__((returns_nonnull));
void xclose_memstream(FILE *f, char **buf);

#endif
