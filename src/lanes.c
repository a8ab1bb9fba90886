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
 * file.
 *
 * A group serves the jobs of one set of families. With several
 * algorithms per file ("-a sha256,sha1") a lane's one buffer feeds every
 * computation of its file: each family's kernels run over that family's
 * computations of all ready lanes (sha224 and sha256 of eight files fill
 * sixteen SHA-256 lanes), and the families without lanes (CRC, xxHash)
 * take the same bytes through their single-stream code. */
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
	struct hash_ctx *ctx;  /* as job_start sets them: one per choice, then
	                        * generic's with --cross-check */
	uint8_t *buf;
	size_t start, end;     /* unhashed bytes: buf[start, end) */
};

struct lane_group {
	struct lane_policy policy[FAMILY_COUNT];
	uint32_t families;            /* of the jobs it takes (lanes_families) */
	uint32_t laned;               /* of those, the ones with lanes */
	unsigned capacity;            /* files in flight (0: lanes unused) */
	unsigned choices_max;         /* a job's choices, at most */
	unsigned block;               /* the laned families' largest block */
	enum io_mode io;
	struct lane lane[LANES_MAX];
	unsigned busy;
	void (*done)(struct job *job, void *ctx);
	void *done_ctx;
	uint8_t *region;              /* every lane's buffer, scratch, then
	                               * every lane's contexts */
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

uint32_t lanes_families(const struct job *job)
{
	uint32_t set = 0;

	for (unsigned i = 0; i < job->nchoices; i++)
		set |= UINT32_C(1) << job->choices[i].algo->family;
	return set;
}

struct lane_group *lanes_create(const struct lane_policy policies[FAMILY_COUNT],
				uint32_t families, enum io_mode io,
				void (*done)(struct job *job, void *ctx), void *ctx)
{
	struct lane_group *g = xcalloc(1, sizeof *g);

	g->families = families;
	g->io = io;
	g->done = done;
	g->done_ctx = ctx;
	/* As many files at once as the family that wants the most: the
	 * others' plans run the same files in narrower kernels. */
	for (int f = 0; f < FAMILY_COUNT; f++) {
		const struct lane_policy *p = &policies[f];
		if (!(families & (UINT32_C(1) << f)) || !p->enabled || p->plan.capacity < 2)
			continue;
		g->policy[f] = *p;
		g->laned |= UINT32_C(1) << f;
		unsigned cap = p->plan.capacity < LANES_MAX ? p->plan.capacity : LANES_MAX;
		if (cap > g->capacity)
			g->capacity = cap;
		if (impl_block_size((enum family)f) > g->block)
			g->block = impl_block_size((enum family)f);
	}
	/* One context a choice, and one more each for --cross-check. */
	for (const struct algo *a = algos; a->name; a++)
		g->choices_max += (families >> a->family) & 1;
	/* Buffers come when lanes are first used: "simdsum FILE" should not
	 * pay for sixteen of them. */
	return g;
}

/* The lanes' buffers, the scratch message and the lanes' contexts, one
 * region taken when a file first needs one: (capacity + 1) x 64 KiB and
 * under 300 KiB of contexts (2.8 KiB a lane for SHA-256 alone), at most
 * 1.4 MiB, in one huge page where the kernel gives one (huge_buffer.c: on the Zen 5
 * VM eight lanes' first touches in small pages cost 1.3 ms, and sixteen
 * lanes lost to two on eight 1 MiB files). When memory is short the
 * group gives its lanes up (capacity 0) and returns false: the lanes are
 * only faster, and the files are then hashed one at a time, with the
 * digests and messages of -j1. */
static bool buffers(struct lane_group *g)
{
	if (g->region)
		return true;
	size_t contexts = 2 * (size_t)g->choices_max;
	size_t buffers = ((size_t)g->capacity + 1) * LANE_BUFFER;
	g->region = huge_buffer_new(buffers + g->capacity * contexts * sizeof(struct hash_ctx));
	if (!g->region) {
		g->capacity = 0;
		return false;
	}
	struct hash_ctx *ctx = (struct hash_ctx *)(void *)(g->region + buffers);
	for (unsigned i = 0; i < g->capacity; i++) {
		g->lane[i].buf = g->region + (size_t)i * LANE_BUFFER;
		g->lane[i].ctx = ctx + i * contexts;
	}
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
	return g->capacity > 1 && job->hash && job->nchoices <= g->choices_max &&
	       lanes_families(job) == g->families;
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
	if (!l)
		return LANES_FULL;
	bool opened = reader_open(&l->r, job->name, &job->walked);
	int err = l->r.outcome.err;
	if (!opened && (err == EMFILE || err == ENFILE) && g->busy) {
		/* Out of descriptors (other processes share the limit): the
		 * lanes' files close as they finish; then once more. */
		while (g->busy)
			lanes_step(g);
		opened = reader_open(&l->r, job->name, &job->walked);
	}
	if (opened && (!S_ISREG(l->r.before.st_mode) || reader_is_stdout_file(&l->r))) {
		*stream = l->r;
		return LANES_STREAM;
	}
	unsigned contexts = job_start(job, l->ctx);
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

/* The kernel of family f for b computations ready, or NULL for
 * single-stream. There may be more than the plan's files in flight (a
 * group holds as many as its widest family wants; sha224 and sha256 are
 * two computations a file): they go through the kernel for as many as
 * the plan holds, in turn. */
static const struct impl *kernel_for(const struct lane_group *g, enum family f, unsigned b)
{
	const struct lane_plan *plan = &g->policy[f].plan;

	return plan->kernel[b < plan->capacity ? b : plan->capacity];
}

/* One family's computations in the ready lanes: a lane's context for
 * each of its job's choices of that family, all at the same offset. */
struct family_work {
	struct hash_ctx *ctx[LANES_MAX * MAX_ALGOS];
	const uint8_t *data[LANES_MAX * MAX_ALGOS];
	unsigned n;
};

static void run_kernel(struct lane_group *g, const struct impl *k, struct hash_ctx *const ctx[],
		       const uint8_t *const data[], unsigned n, size_t nblocks, size_t len)
{
	void *states[LANES_MAX];
	const uint8_t *in[LANES_MAX];

	for (unsigned i = 0; i < k->lanes; i++) {
		if (i < n) {
			states[i] = hash_md_words(ctx[i]);
			in[i] = data[i];
		} else {
			/* Idle lanes hash whatever the scratch buffer holds. */
			states[i] = g->scratch_state;
			in[i] = g->scratch;
		}
	}
	impl_mblocks(k, states, in, nblocks);
	for (unsigned i = 0; i < n; i++) {
		hash_md_absorbed(ctx[i], len);
		hash_note_impl(ctx[i], k, len);
	}
}

/* Advances family f's computations in the ready lanes by len bytes
 * (whole blocks of every laned family), through the best kernel for how
 * many there are. */
static void advance_family(struct lane_group *g, enum family f, struct lane *const ready[],
			   unsigned b, size_t len)
{
	struct family_work w;

	w.n = 0;
	for (unsigned i = 0; i < b; i++) {
		struct job *job = ready[i]->job;
		for (unsigned c = 0; c < job->nchoices; c++) {
			if (job->choices[c].algo->family != f)
				continue;
			w.ctx[w.n] = &ready[i]->ctx[c];
			w.data[w.n++] = ready[i]->buf + ready[i]->start;
		}
	}
	size_t nblocks = len / impl_block_size(f);
	for (unsigned e = 0; e < w.n;) {
		const struct impl *k = kernel_for(g, f, w.n - e);
		if (!k) {
			/* One computation through the single-stream transforms. */
			hash_update(w.ctx[e], w.data[e], len);
			e++;
			continue;
		}
		unsigned n = w.n - e < k->lanes ? w.n - e : k->lanes;
		run_kernel(g, k, &w.ctx[e], &w.data[e], n, nblocks, len);
		e += n;
	}
}

void lanes_step(struct lane_group *g)
{
	struct lane *ready[LANES_MAX];
	unsigned b = 0;
	size_t len = SIZE_MAX;   /* what every ready lane advances by */

	for (unsigned i = 0; i < g->capacity; i++) {
		struct lane *l = &g->lane[i];
		if (!l->job || !refill(g, l))
			continue;
		size_t avail = l->end - l->start;
		if (avail >= g->block) {
			ready[b++] = l;
			if (avail / g->block * g->block < len)
				len = avail / g->block * g->block;
		} else if (l->r.eof) {
			/* The tail (less than a block) and the padding. */
			job_feed(l->job, l->ctx, l->buf + l->start, avail);
			l->start = l->end;
			finish(g, l);
		}
		/* else a short read: the lane waits for the next step */
	}
	if (!b)
		return;
	for (int f = 0; f < FAMILY_COUNT; f++)
		if (g->laned & (UINT32_C(1) << f))
			advance_family(g, (enum family)f, ready, b, len);
	for (unsigned i = 0; i < b; i++) {
		struct lane *l = ready[i];
		const uint8_t *data = l->buf + l->start;
		/* The choices without lanes, and generic's with --cross-check. */
		for (unsigned c = 0; c < l->job->nchoices; c++)
			if (!(g->laned & (UINT32_C(1) << l->job->choices[c].algo->family)))
				hash_update(&l->ctx[c], data, len);
		job_feed_checks(l->job, l->ctx, data, len);
		l->start += len;
	}
}
