/* SPDX-License-Identifier: MIT */
/* readahead.c - one reader thread, one hashing thread, a ring of chunks.
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
 * (2 MiB). SHA-512 on a cached GiB: 1.02 s against 1.06 s. */
#include <pthread.h>
#include <stdlib.h>

#include "diag.h"
#include "huge_buffer.h"
#include "readahead.h"

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
	double size = (double)r->before.st_size;
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

struct ring {
	struct file_reader *r;
	uint8_t *buf[SLOTS];
	ssize_t len[SLOTS];
	unsigned filled;        /* slots holding data, starting at next */
	unsigned next;          /* the slot the hashing thread takes next */
	bool reader_sleeps;     /* waiting on space */
	bool hasher_sleeps;     /* waiting on data */
	pthread_mutex_t mu;
	pthread_cond_t space;   /* signalled to the reader */
	pthread_cond_t data;    /* signalled to the hashing thread */
};

static void *read_ahead(void *arg)
{
	struct ring *g = arg;
	unsigned slot = 0;

	for (;;) {
		pthread_mutex_lock(&g->mu);
		if (g->filled == SLOTS) {
			g->reader_sleeps = true;
			while (g->filled > RESUME_AT)
				pthread_cond_wait(&g->space, &g->mu);
			g->reader_sleeps = false;
		}
		pthread_mutex_unlock(&g->mu);

		ssize_t n = reader_read(g->r, g->buf[slot], CHUNK);

		pthread_mutex_lock(&g->mu);
		g->len[slot] = n;
		g->filled++;
		if (g->hasher_sleeps)
			pthread_cond_signal(&g->data);
		pthread_mutex_unlock(&g->mu);
		if (n <= 0)
			return NULL;   /* end of file, or an error in r->outcome */
		slot = (slot + 1) % SLOTS;
	}
}

bool readahead_hash(struct file_reader *r, const struct input_sink *s)
{
	struct ring g = { .r = r };
	pthread_t thread;
	/* One region for the ring: 4 MiB in two huge pages (huge_buffer.c). */
	uint8_t *region = huge_buffer_reserve(RING_SIZE);
	bool ok = region != NULL && ring_pays(r, region);

	for (int i = 0; i < SLOTS; i++)
		g.buf[i] = region ? region + (size_t)i * CHUNK : NULL;
	pthread_mutex_init(&g.mu, NULL);
	pthread_cond_init(&g.space, NULL);
	pthread_cond_init(&g.data, NULL);
	if (!ok || pthread_create(&thread, NULL, read_ahead, &g) != 0) {
		ok = false;
		goto out;
	}
	for (;;) {
		pthread_mutex_lock(&g.mu);
		if (g.filled == 0) {
			g.hasher_sleeps = true;
			while (g.filled == 0)
				pthread_cond_wait(&g.data, &g.mu);
			g.hasher_sleeps = false;
		}
		ssize_t n = g.len[g.next];
		pthread_mutex_unlock(&g.mu);
		if (n <= 0)
			break;   /* the reader has returned */
		sink_feed(s, g.buf[g.next], (size_t)n);
		pthread_mutex_lock(&g.mu);
		g.filled--;
		g.next = (g.next + 1) % SLOTS;
		if (g.reader_sleeps && g.filled <= RESUME_AT)
			pthread_cond_signal(&g.space);
		pthread_mutex_unlock(&g.mu);
	}
	pthread_join(thread, NULL);
out:
	pthread_mutex_destroy(&g.mu);
	pthread_cond_destroy(&g.space);
	pthread_cond_destroy(&g.data);
	free(region);
	return ok;
}
