/* SPDX-License-Identifier: MIT */
/* audit_arena.h - one pool for the many small strings and digests of an
 * audit, freed at once (no malloc header per name).
 * Layer: mode. */
#ifndef SIMDSUM_AUDIT_ARENA_H
#define SIMDSUM_AUDIT_ARENA_H

#include <stddef.h>

struct arena_chunk;

struct audit_arena {
	struct arena_chunk *head;   /* the chunk being filled, then older ones */
	size_t used, cap;           /* within head */
};

/* len bytes that live until audit_arena_free (not aligned: bytes only). */
void *audit_arena_alloc(struct audit_arena *a, size_t len);

/* A copy of len bytes of s with a NUL after them. */
char *audit_arena_strndup(struct audit_arena *a, const char *s, size_t len);

void audit_arena_free(struct audit_arena *a);

#endif
