/* SPDX-License-Identifier: MIT */
/* readahead.c - one reader thread, one or two hashing threads, a ring of
 * chunks.
 * read() from the page cache is a copy the CPU pays for (about 0.09 s per
 * GiB on the reference VM); on another core it costs the hashing core
 * nothing, so a large file is hashed in the time of the slower of the two
 * instead of their sum. There is still one reader, reading in order, so a
 * spinning disk sees the same access pattern as without it.
 *
 * Waking a sleeping thread is a futex call and, on a VM, an interrupt to
 * the other vCPU: it measured about 33 us, 0.068 s over a GiB of
 * SHA-512 when every chunk the hashing thread took woke the reader (the
 * hashing is the slower side, so the ring is always full). So each side
 * wakes the other only when it waits, and the reader, once the ring is
 * full, sleeps until half of it is free: one wake-up per half ring
 * (2 MiB). SHA-512 on a cached GiB: 1.02 s against 1.06 s.
 *
 * With several computations ("-a sha256,sha1") a second hashing thread
 * shares them: each chunk is fed to every computation, each computation
 * by one thread at a time and in order, and a thread takes whichever free
 * computation is furthest behind, so unequal algorithms still keep both
 * busy. A chunk's slot is free once every computation has taken it. On
 * the Zen 5 VM, a cached 512 MiB file: -a sha256,sha1 0.39 s against 0.63,
 * -a md5,sha1,sha256 0.74 s against 1.34 (bench/RESULTS.md).
 *
 * A pipe or device, and standard input, come here once they have given
 * READAHEAD_MIN_SIZE (input.c); a pipe's chunks are filled by as many
 * reads as it takes. */
#include <pthread.h>
#include <stdlib.h>

#include "diag.h"
#include "huge_buffer.h"
#include "readahead.h"
#include "thread_start.h"

#define CHUNK (512 * 1024)
/* Chunks start on page boundaries (the ring's region is 2 MiB aligned,
 * CHUNK a multiple of a page): the kernel's copy into a buffer 16 bytes
 * past a page, where malloc puts one this large, ran 6 times slower on
 * an AMD Zen 3 VM: 0.62 s of system time a GiB against 0.11. */
#define SLOTS 8
#define RESUME_AT (SLOTS / 2)   /* the reader sleeps until this few are full */
#define RING_SIZE ((size_t)SLOTS * CHUNK)

/* What the ring takes off the hashing core: read()'s copy from the page
 * cache, about 0.09 s a GiB on the reference VM. */
#define COPY_NS_PER_BYTE 0.085

/* A ring is fresh for each file, and its pages must be backed by memory.
 * With 2 MiB pages that is two faults (about 0.25 ms on the Zen 5 VM);
 * with 4 KiB pages (transparent huge pages off) 1024 of them, which at
 * 10 us a fault there was 10 ms, more than the copy saved on a 16 MiB
 * file (SHA-256: 28 ms with the ring against 18 by read() on one thread),
 * and in one madvise(MADV_POPULATE_WRITE) 0.7-1.2 ms. So the ring's cost
 * is measured on its first pages (huge_buffer.c), and a file that would
 * save less copying than that is read on one thread. */
static bool ring_pays(const struct file_reader *r, uint8_t *region)
{
	/* A stream's length is unknown: what it has given so far stands for
	 * what is to come. */
	double size = r->regular ? (double)r->before.st_size : (double)r->total;
	double ready = huge_buffer_price_ns(region, RING_SIZE);
	double saved = size * COPY_NS_PER_BYTE;

	if (ready < saved) {
		huge_buffer_ready(region, RING_SIZE);
		return true;
	}
	diag_debug_file(r->name, "read on one thread: a reading thread's ring would cost %.1f ms "
			"to back with memory, to save %.1f ms of copying", ready / 1e6, saved / 1e6);
	return false;
}

/* The computations fed separately: each context of the sink, or the
 * whole sink as one (a consumer of its own, or one context). */
#define UNITS_MAX 32

struct ring {
	struct file_reader *r;
	const struct input_sink *s;
	uint8_t *buf[SLOTS];
	ssize_t len[SLOTS];
	uint64_t produced;      /* slots filled so far (the last may be the end) */
	unsigned units;
	uint64_t fed[UNITS_MAX];   /* slots each unit has taken */
	bool held[UNITS_MAX];      /* a hashing thread is feeding it */
	bool ended[UNITS_MAX];     /* it reached the end */
	unsigned finished;         /* units ended */
	unsigned waiting;          /* hashing threads with nothing to take */
	bool reader_sleeps;        /* waiting on space */
	pthread_mutex_t mu;
	pthread_cond_t space;   /* signalled to the reader */
	pthread_cond_t data;    /* signalled to the hashing threads */
};

/* A slot is free once every unit has taken it. */
static uint64_t filled(const struct ring *g)
{
	uint64_t least = g->produced;

	for (unsigned u = 0; u < g->units; u++)
		if (g->fed[u] < least)
			least = g->fed[u];
	return g->produced - least;
}

/* A chunk's bytes, or what the read that ended the input returned (0 at
 * the end, -1 on an error, left in r->outcome). A pipe gives at most its
 * buffer (64 KiB) a read, so a stream's chunk is filled by as many reads
 * as it takes: a slot handed over per 64 KiB would cost the threads
 * eight times the locking and waking. (An error after some bytes ends
 * the chunk; the next call sees it in r->outcome.) */
static ssize_t fill_chunk(struct file_reader *r, uint8_t *p)
{
	if (r->regular)
		return reader_read(r, p, CHUNK);
	if (r->outcome.status != FILE_OK)
		return -1;
	size_t got = 0;
	while (got < CHUNK) {
		ssize_t n = reader_read(r, p + got, CHUNK - got);
		if (n <= 0)
			return got ? (ssize_t)got : n;
		got += (size_t)n;
	}
	return (ssize_t)got;
}

static void *read_ahead(void *arg)
{
	struct ring *g = arg;

	for (;;) {
		pthread_mutex_lock(&g->mu);
		if (filled(g) == SLOTS) {
			g->reader_sleeps = true;
			while (filled(g) > RESUME_AT)
				pthread_cond_wait(&g->space, &g->mu);
			g->reader_sleeps = false;
		}
		unsigned slot = (unsigned)(g->produced % SLOTS);
		pthread_mutex_unlock(&g->mu);

		ssize_t n = fill_chunk(g->r, g->buf[slot]);

		pthread_mutex_lock(&g->mu);
		g->len[slot] = n;
		g->produced++;
		if (g->waiting)
			pthread_cond_broadcast(&g->data);
		pthread_mutex_unlock(&g->mu);
		if (n <= 0)
			return NULL;   /* end of file, or an error in r->outcome */
	}
}

/* The unit a hashing thread should feed next: of those free and with a
 * slot to take, the one furthest behind (so that two threads share the
 * work however unequal the algorithms); -1 if none. how_many counts them. */
static int next_unit(const struct ring *g, unsigned *how_many)
{
	int best = -1;

	*how_many = 0;
	for (unsigned u = 0; u < g->units; u++) {
		if (g->held[u] || g->ended[u] || g->fed[u] == g->produced)
			continue;
		++*how_many;
		if (best < 0 || g->fed[u] < g->fed[best])
			best = (int)u;
	}
	return best;
}

static void feed_unit(const struct ring *g, unsigned u, const uint8_t *p, size_t n)
{
	if (g->units == 1)
		sink_feed(g->s, p, n);
	else
		hash_update(&g->s->ctxs[u], p, n);
}

/* A hashing thread: takes a slot of a unit at a time until every unit
 * has reached the end. A waiting thread is woken only when there is more
 * to take than the thread that frees a unit goes on with. */
static void *hash_units(void *arg)
{
	struct ring *g = arg;
	unsigned free_units;

	pthread_mutex_lock(&g->mu);
	while (g->finished < g->units) {
		int u = next_unit(g, &free_units);
		if (u < 0) {
			g->waiting++;
			pthread_cond_wait(&g->data, &g->mu);
			g->waiting--;
			continue;
		}
		unsigned slot = (unsigned)(g->fed[u] % SLOTS);
		ssize_t n = g->len[slot];
		if (n <= 0) {
			/* the end, or a read error (left in r->outcome) */
			g->ended[u] = true;
			if (++g->finished == g->units && g->waiting)
				pthread_cond_broadcast(&g->data);
			continue;
		}
		g->held[u] = true;
		pthread_mutex_unlock(&g->mu);
		feed_unit(g, (unsigned)u, g->buf[slot], (size_t)n);
		pthread_mutex_lock(&g->mu);
		g->held[u] = false;
		g->fed[u]++;
		if (g->reader_sleeps && filled(g) <= RESUME_AT)
			pthread_cond_signal(&g->space);
		if (g->waiting) {
			next_unit(g, &free_units);
			if (free_units > 1)
				pthread_cond_signal(&g->data);
		}
	}
	pthread_mutex_unlock(&g->mu);
	return NULL;
}

bool readahead_hash(struct file_reader *r, const struct input_sink *s)
{
	struct ring g = { .r = r, .s = s };
	pthread_t reader, helper;
	/* One region for the ring: 4 MiB in two huge pages (huge_buffer.c). */
	uint8_t *region = huge_buffer_reserve(RING_SIZE);
	bool ok = region != NULL && ring_pays(r, region);

	/* Several computations: each a unit, so that a second hashing
	 * thread can take some while this one feeds others. */
	g.units = !s->feed && s->nctx > 1 && s->nctx <= UNITS_MAX ? s->nctx : 1;
	for (int i = 0; i < SLOTS; i++)
		g.buf[i] = region ? region + (size_t)i * CHUNK : NULL;
	pthread_mutex_init(&g.mu, NULL);
	pthread_cond_init(&g.space, NULL);
	pthread_cond_init(&g.data, NULL);
	uint64_t before = r->total;   /* the reading thread's from now on */
	if (!ok || !thread_start(&reader, read_ahead, &g)) {
		ok = false;
		goto out;
	}
	if (before)   /* a stream (or standard input), some of it read */
		diag_debug_file(r->name, "a stream past its first %llu MiB: read on a thread of its own",
				(unsigned long long)(before >> 20));
	/* Without the helper (it could not start) this thread feeds all. */
	bool helped = g.units > 1 && thread_start(&helper, hash_units, &g);
	if (helped)
		diag_debug_file(r->name, "%u computations shared by two hashing threads, read on a third",
				g.units);
	hash_units(&g);
	if (helped)
		pthread_join(helper, NULL);
	pthread_join(reader, NULL);
out:
	pthread_mutex_destroy(&g.mu);
	pthread_cond_destroy(&g.space);
	pthread_cond_destroy(&g.data);
	free(region);
	return ok;
}
