/* SPDX-License-Identifier: MIT */
/* stream_guard.h - names that read one stream ("- /dev/stdin" of a pipe,
 * "-" twice, a FIFO named twice) read one after the other, as -j1 reads
 * them: the first takes the stream to its end, the next finds the end.
 * Standard input is shared without an open, so only this can keep it in
 * order; names of one FIFO that this does not see ("f" and "./f") the
 * engine keeps in order when they are opened (engine.c, stream_turn).
 * Layer: mode. */
#ifndef SIMDSUM_STREAM_GUARD_H
#define SIMDSUM_STREAM_GUARD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>

struct engine;
struct stream_id;

struct stream_guard {
	struct engine *engine;
	bool parallel;              /* the engine may read two files at once */
	struct stream_id *seen;     /* since the engine last drained */
	size_t nseen, cap;
	uint64_t *names;            /* hashes of the names queued since then */
	size_t nnames, name_cap;
};

void stream_guard_init(struct stream_guard *g, struct engine *engine, bool parallel);

/* Before name is queued: when it reads a stream that a name queued since
 * the last drain reads too, every file queued so far is finished first.
 * known: name's stat when the caller has it, else NULL (then a stat is
 * made, only when parallel, and only of "-", names under /dev or /proc,
 * and a name given again: a FIFO named by two different names, "f" and
 * "./f", is not seen here). */
void stream_guard_before(struct stream_guard *g, const char *name, const struct stat *known);

void stream_guard_free(struct stream_guard *g);

#endif
