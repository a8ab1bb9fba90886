/* SPDX-License-Identifier: MIT */
/* sink.h - where the reading code (input.c, readahead.c) sends a file's
 * bytes: every computation of a list, or a consumer of its own (--parts),
 * which still names the computations it runs, since their algorithms
 * decide how a file is best read. Layer: input (above hash.h). */
#ifndef SIMDSUM_SINK_H
#define SIMDSUM_SINK_H

#include <stddef.h>
#include <stdint.h>

#include "hash.h"

struct input_sink {
	struct hash_ctx *ctxs;   /* the computations, ctxs[0..nctx) */
	unsigned nctx;
	/* When set, each piece goes here, in order, instead of into ctxs. */
	void (*feed)(void *arg, const uint8_t *p, size_t n);
	void *arg;
};

static inline void sink_feed(const struct input_sink *s, const uint8_t *p, size_t n)
{
	if (s->feed) {
		s->feed(s->arg, p, n);
		return;
	}
	for (unsigned i = 0; i < s->nctx; i++)
		hash_update(&s->ctxs[i], p, n);
}

#endif
