/* SPDX-License-Identifier: MIT */
/* lanes.c - the lane scheduler: files waiting to be hashed feed the free
 * lanes of a multi-buffer kernel; each step advances the busy lanes by the
 * whole blocks they all have; a file that ends leaves its lane for the
 * next. Tails and padding go through the ordinary driver (hash_update and
 * hash_final on the lane's own context), so the digests are those of
 * single-stream hashing by construction.
 *
 * No file ever waits for lanes to fill: each step runs on the files it
 * has, through the kernel that is best for that many (the policy's plan,
 * from src/cost_model.c), down to the single-stream transforms for one
 * file. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "huge_buffer.h"
#include "impl.h"
#include "lanes.h"
#include "reader.h"
#include "xalloc.h"

/* Bytes read per lane at a time: 16 lanes of 64 KiB stay within a 1 MiB
 * L2 cache, where the 16-lane SHA-256 kernel ran at 6.8 GB/s against 5.5
 * with 128 KiB or more per lane (Zen 5). Through the whole tool (64 files
 * of 16 MiB, -j1, SHA-256) 64 KiB took 0.36-0.39 s, against 0.45-0.47
 * with 16 KiB (more system calls), 0.41-0.43 with 32 KiB and 0.42-0.47
 * with 128 KiB. */
#define LANE_BUFFER (64 * 1024)

struct lane {
	struct job *job;       /* NULL: idle */
	struct file_reader r;
	struct hash_ctx ctx[2]; /* as job_start sets them: the lane's own,
	                         * then generic's with --cross-check */
	uint8_t *buf;
	size_t start, end;     /* unhashed bytes: buf[start, end) */
};

struct lane_group {
	struct lane_policy policy;
	unsigned capacity;            /* files in flight (0: lanes unused) */
	unsigned block;               /* block size in bytes */
	enum io_mode io;
	struct lane lane[LANES_MAX];
	unsigned busy;
	void (*done)(struct job *job, void *ctx);
	void *done_ctx;
	uint8_t *region;              /* every lane's buffer, then scratch */
	uint8_t *scratch;             /* message for idle lanes */
	uint64_t scratch_state[8];    /* and their chaining words */
};

void lanes_policy_for(const struct algo_choice *choice, enum io_mode io, struct lane_policy *out)
{
	memset(out, 0, sizeof *out);
	out->family = choice->algo->family;
	out->plan = choice->lanes;
	out->enabled = out->plan.capacity > 1 && io != IO_MMAP;
}

struct lane_group *lanes_create(const struct lane_policy *policy, enum io_mode io,
				void (*done)(struct job *job, void *ctx), void *ctx)
{
	struct lane_group *g = xcalloc(1, sizeof *g);

	g->policy = *policy;
	g->io = io;
	g->done = done;
	g->done_ctx = ctx;
	g->block = impl_block_size(policy->family);
	if (policy->enabled)
		g->capacity = policy->plan.capacity < LANES_MAX ? policy->plan.capacity : LANES_MAX;
	/* Buffers come when lanes are first used: "simdsum FILE" should not
	 * pay for sixteen of them. */
	return g;
}

/* The lanes' buffers and the scratch message, one region taken when a
 * file first needs one: (capacity + 1) x 64 KiB, at most 1.06 MiB, in
 * one huge page where the kernel gives one (huge_buffer.c: on the Zen 5
 * VM eight lanes' first touches in small pages cost 1.3 ms, and sixteen
 * lanes lost to two on eight 1 MiB files). When memory is short the
 * group gives its lanes up (capacity 0) and returns false: the lanes are
 * only faster, and the files are then hashed one at a time, with the
 * digests and messages of -j1. */
static bool buffers(struct lane_group *g)
{
	if (g->region)
		return true;
	g->region = huge_buffer_new(((size_t)g->capacity + 1) * LANE_BUFFER);
	if (!g->region) {
		g->capacity = 0;
		return false;
	}
	for (unsigned i = 0; i < g->capacity; i++)
		g->lane[i].buf = g->region + (size_t)i * LANE_BUFFER;
	/* Zeroed: idle lanes hash it, and it should not be uninitialised. */
	g->scratch = memset(g->region + (size_t)g->capacity * LANE_BUFFER, 0, LANE_BUFFER);
	return true;
}

void lanes_destroy(struct lane_group *g)
{
	if (!g)
		return;
	free(g->region);
	free(g);
}

unsigned lanes_free(const struct lane_group *g)
{
	return g->capacity - g->busy;
}

unsigned lanes_busy(const struct lane_group *g)
{
	return g->busy;
}

bool lanes_accepts(const struct lane_group *g, const struct job *job)
{
	return g->capacity > 1 && job->hash && job->nchoices == 1 &&
	       job->choices[0].algo->family == g->policy.family;
}

static void finish(struct lane_group *g, struct lane *l)
{
	struct job *job = l->job;

	job_finish(job, reader_close(&l->r), l->ctx);
	l->job = NULL;
	g->busy--;
	g->done(job, g->done_ctx);
}

enum lanes_took lanes_add(struct lane_group *g, struct job *job, struct file_reader *stream)
{
	struct lane *l = NULL;

	for (unsigned i = 0; i < g->capacity && !l; i++)
		if (!g->lane[i].job)
			l = &g->lane[i];
	if (!buffers(g)) {
		diag_debug_file(job->name, "no memory for the multi-buffer lanes: one file at a time");
		return LANES_DECLINED;
	}
	if (!l) {
		struct read_buffer scratch = read_buffer_wrap(g->scratch, LANE_BUFFER);
		job_hash_single(job, g->io, &scratch);
		g->done(job, g->done_ctx);
		return LANES_TAKEN;
	}
	bool opened = reader_open(&l->r, job->name, &job->walked);
	int err = l->r.outcome.err;
	if (!opened && (err == EMFILE || err == ENFILE) && g->busy) {
		/* Out of descriptors (other processes share the limit): the
		 * lanes' files close as they finish; then once more. */
		while (g->busy)
			lanes_step(g);
		opened = reader_open(&l->r, job->name, &job->walked);
	}
	if (opened && !S_ISREG(l->r.before.st_mode)) {
		*stream = l->r;
		return LANES_STREAM;
	}
	unsigned contexts = job_start(job, l->ctx);   /* one choice (lanes_accepts) */
	if (!opened) {
		job_finish(job, l->r.outcome, l->ctx);
		g->done(job, g->done_ctx);
		return LANES_TAKEN;
	}
	if (!l->r.regular || l->r.is_stdin) {
		/* Files of unknown size could stall every lane. */
		struct read_buffer buf = read_buffer_wrap(l->buf, LANE_BUFFER);
		job_finish(job, input_hash_opened(&l->r, l->ctx, contexts, g->io, &buf), l->ctx);
		g->done(job, g->done_ctx);
		return LANES_TAKEN;
	}
	l->job = job;
	l->start = l->end = 0;
	g->busy++;
	return LANES_TAKEN;
}

/* Tops the lane's buffer up to at least one block when the file has more.
 * Returns false when the lane failed (and was finished). */
static bool refill(struct lane_group *g, struct lane *l)
{
	if (l->end - l->start >= g->block || l->r.eof)
		return true;
	size_t left = l->end - l->start;
	memmove(l->buf, l->buf + l->start, left);
	l->start = 0;
	l->end = left;
	ssize_t n = reader_read(&l->r, l->buf + left, LANE_BUFFER - left);
	if (n < 0) {
		finish(g, l);
		return false;
	}
	l->end += (size_t)n;
	return true;
}

/* The kernel for b files ready, or NULL for single-stream. */
static const struct impl *kernel_for(const struct lane_group *g, unsigned b)
{
	return b <= COST_MAX_STREAMS ? g->policy.plan.kernel[b] : NULL;
}

static void run_kernel(struct lane_group *g, const struct impl *k, struct lane **ready, unsigned n,
		       size_t nblocks)
{
	void *states[LANES_MAX];
	const uint8_t *data[LANES_MAX];

	for (unsigned i = 0; i < k->lanes; i++) {
		if (i < n) {
			states[i] = hash_md_words(&ready[i]->ctx[0]);
			data[i] = ready[i]->buf + ready[i]->start;
		} else {
			/* Idle lanes hash whatever the scratch buffer holds. */
			states[i] = g->scratch_state;
			data[i] = g->scratch;
		}
	}
	impl_mblocks(k, states, data, nblocks);
	for (unsigned i = 0; i < n; i++) {
		struct lane *l = ready[i];
		job_feed_checks(l->job, l->ctx, l->buf + l->start, nblocks * g->block);
		l->start += nblocks * g->block;
		hash_md_absorbed(&l->ctx[0], nblocks * g->block);
		hash_note_impl(&l->ctx[0], k, nblocks * g->block);
	}
}

void lanes_step(struct lane_group *g)
{
	struct lane *ready[LANES_MAX];
	unsigned b = 0;

	for (unsigned i = 0; i < g->capacity; i++) {
		struct lane *l = &g->lane[i];
		if (!l->job || !refill(g, l))
			continue;
		size_t avail = l->end - l->start;
		if (avail >= g->block) {
			ready[b++] = l;
		} else if (l->r.eof) {
			/* The tail (less than a block) and the padding. */
			job_feed(l->job, l->ctx, l->buf + l->start, avail);
			l->start = l->end;
			finish(g, l);
		}
		/* else a short read: the lane waits for the next step */
	}

	struct lane **next = ready;
	while (b) {
		const struct impl *k = kernel_for(g, b);
		if (!k) {
			/* One file through the single-stream transforms. */
			struct lane *l = next[0];
			size_t whole = (l->end - l->start) / g->block * g->block;
			job_feed(l->job, l->ctx, l->buf + l->start, whole);
			l->start += whole;
			next++;
			b--;
			continue;
		}
		unsigned n = b < k->lanes ? b : k->lanes;
		size_t nblocks = (size_t)-1;
		for (unsigned i = 0; i < n; i++) {
			size_t have = (next[i]->end - next[i]->start) / g->block;
			if (have < nblocks)
				nblocks = have;
		}
		run_kernel(g, k, next, n, nblocks);
		next += n;
		b -= n;
	}
}
