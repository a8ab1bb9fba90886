/* SPDX-License-Identifier: MIT */
/* audit_arena.c - a bump allocator over 1 MiB chunks. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "audit_arena.h"
#include "xalloc.h"

#define CHUNK_SIZE (1024 * 1024)

struct arena_chunk {
	struct arena_chunk *older;
	char bytes[];
};

void *audit_arena_alloc(struct audit_arena *a, size_t len)
{
	if (!a->head || a->cap - a->used < len) {
		size_t cap = len > CHUNK_SIZE ? len : CHUNK_SIZE;
		if (cap > SIZE_MAX - sizeof(struct arena_chunk))
			xalloc_die();
		struct arena_chunk *c = xmalloc(sizeof *c + cap);
		c->older = a->head;
		a->head = c;
		a->used = 0;
		a->cap = cap;
	}
	void *p = a->head->bytes + a->used;
	a->used += len;
	return p;
}

char *audit_arena_strndup(struct audit_arena *a, const char *s, size_t len)
{
	if (len == SIZE_MAX)
		xalloc_die();
	char *p = audit_arena_alloc(a, len + 1);
	memcpy(p, s, len);
	p[len] = '\0';
	return p;
}

void audit_arena_free(struct audit_arena *a)
{
	while (a->head) {
		struct arena_chunk *older = a->head->older;
		free(a->head);
		a->head = older;
	}
	a->used = a->cap = 0;
}
