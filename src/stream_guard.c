/* SPDX-License-Identifier: MIT */
/* stream_guard.c - keeping names that read one stream apart in time. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine.h"
#include "name_hash.h"
#include "stream_guard.h"
#include "xalloc.h"

/* A name that could share its bytes with another: standard input ("-",
 * descriptor 0 and its offset), or a pipe, FIFO, terminal or socket,
 * whose bytes go to whichever open file reads them first. */
struct stream_id {
	bool is_stdin;
	bool stream;        /* a pipe, FIFO, terminal or socket: dev, ino */
	dev_t dev;
	ino_t ino;
};

static bool is_stream(const struct stat *st)
{
	return S_ISFIFO(st->st_mode) || S_ISCHR(st->st_mode) || S_ISSOCK(st->st_mode);
}

void stream_guard_init(struct stream_guard *g, struct engine *engine, bool parallel)
{
	memset(g, 0, sizeof *g);
	g->engine = engine;
	g->parallel = parallel;
}

/* --- names queued since the last drain, by their hashes ---------------- */

/* 0 marks an empty slot, so a name that hashes to 0 counts as 1. Two
 * names with one hash cost a stat, never a wrong answer. */
static uint64_t name_key(const char *name)
{
	uint64_t h = name_hash(name);

	return h ? h : 1;
}

/* The slot of h in the open-addressed table (cap a power of two). */
static size_t name_slot(const struct stream_guard *g, uint64_t h)
{
	size_t i = (size_t)h & (g->name_cap - 1);

	while (g->names[i] && g->names[i] != h)
		i = (i + 1) & (g->name_cap - 1);
	return i;
}

/* Adds name; true when it was there already. */
static bool name_seen_again(struct stream_guard *g, const char *name)
{
	uint64_t h = name_key(name);

	if (2 * (g->nnames + 1) > g->name_cap) {   /* at most half full */
		uint64_t *old = g->names;
		size_t old_cap = g->name_cap;
		g->name_cap = old_cap ? 2 * old_cap : 64;
		g->names = xcalloc(g->name_cap, sizeof *g->names);
		for (size_t i = 0; i < old_cap; i++)
			if (old[i])
				g->names[name_slot(g, old[i])] = old[i];
		free(old);
	}
	size_t i = name_slot(g, h);
	if (g->names[i])
		return true;
	g->names[i] = h;
	g->nnames++;
	return false;
}

static void names_clear(struct stream_guard *g)
{
	if (g->names)
		memset(g->names, 0, g->name_cap * sizeof *g->names);
	g->nnames = 0;
}

void stream_guard_before(struct stream_guard *g, const char *name, const struct stat *known)
{
	struct stream_id id = { .is_stdin = strcmp(name, "-") == 0 };
	struct stat st;
	bool have;

	if (!g->parallel)
		return;
	/* A stat of every name cost -c of 20,000 small files 45% on the Zen 5
	 * VM (the names are queued on one thread): only names that can
	 * reach a stream that "-" or another name reads are stat'ed, those
	 * under /dev and /proc (/dev/stdin, /dev/fd/N, /proc/self/fd/N), and
	 * a name given again since the last drain ("simdsum -j2 fifo fifo"),
	 * which a hash of each name finds. */
	bool again = !id.is_stdin && name_seen_again(g, name);
	if (!id.is_stdin && !known && !again && !strstr(name, "dev/") && !strstr(name, "proc/"))
		return;
	if (id.is_stdin)
		have = fstat(STDIN_FILENO, &st) == 0;
	else if (known)
		have = (st = *known, true);
	else
		have = stat(name, &st) == 0;
	id.stream = have && is_stream(&st);
	if (!id.is_stdin && !id.stream)
		return;
	id.dev = id.stream ? st.st_dev : 0;
	id.ino = id.stream ? st.st_ino : 0;
	/* The same name queued before reads this stream too, whether or not
	 * it was stat'ed then. */
	bool drain = again;
	for (size_t i = 0; i < g->nseen && !drain; i++) {
		const struct stream_id *o = &g->seen[i];
		drain = (id.is_stdin && o->is_stdin) ||
			(id.stream && o->stream && o->dev == id.dev && o->ino == id.ino);
	}
	if (drain) {
		engine_drain(g->engine);
		g->nseen = 0;
		names_clear(g);
		if (!id.is_stdin)
			name_seen_again(g, name);
	}
	if (g->nseen == g->cap)
		g->seen = xnrealloc(g->seen, g->cap = 2 * g->cap + 4, sizeof *g->seen);
	g->seen[g->nseen++] = id;
}

void stream_guard_free(struct stream_guard *g)
{
	free(g->seen);
	free(g->names);
	memset(g, 0, sizeof *g);
}
