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

#endif
