/* readahead.c - one reader thread, one hashing thread, a ring of chunks.
 * read() from the page cache is a copy the CPU pays for (about 0.09 s per
 * GiB on the reference VM); on another core it costs the hashing core
 * nothing, so a large file is hashed in the time of the slower of the two
 * instead of their sum. There is still one reader, reading in order, so a
 * spinning disk sees the same access pattern as without it. */
#include <pthread.h>
#include <stdlib.h>

#include "readahead.h"

#define CHUNK (512 * 1024)
#define SLOTS 4

struct ring {
	struct file_reader *r;
	uint8_t *buf[SLOTS];
	ssize_t len[SLOTS];
	unsigned filled;        /* slots holding data, starting at next */
	unsigned next;          /* the slot the hashing thread takes next */
	bool stop;              /* the hashing thread leaves early */
	pthread_mutex_t mu;
	pthread_cond_t cv;
};

static void *read_ahead(void *arg)
{
	struct ring *g = arg;
	unsigned slot = 0;

	for (;;) {
		pthread_mutex_lock(&g->mu);
		while (g->filled == SLOTS && !g->stop)
			pthread_cond_wait(&g->cv, &g->mu);
		bool stop = g->stop;
		pthread_mutex_unlock(&g->mu);
		if (stop)
			return NULL;

		ssize_t n = reader_read(g->r, g->buf[slot], CHUNK);

		pthread_mutex_lock(&g->mu);
		g->len[slot] = n;
		g->filled++;
		pthread_cond_broadcast(&g->cv);
		pthread_mutex_unlock(&g->mu);
		if (n <= 0)
			return NULL;   /* end of file, or an error in r->outcome */
		slot = (slot + 1) % SLOTS;
	}
}

bool readahead_hash(struct file_reader *r, struct hash_ctx *ctxs, unsigned nctx)
{
	struct ring g = { .r = r };
	pthread_t thread;
	bool ok = true;

	for (int i = 0; i < SLOTS; i++) {
		g.buf[i] = malloc(CHUNK);
		ok &= g.buf[i] != NULL;
	}
	pthread_mutex_init(&g.mu, NULL);
	pthread_cond_init(&g.cv, NULL);
	if (!ok || pthread_create(&thread, NULL, read_ahead, &g) != 0) {
		ok = false;
		goto out;
	}
	for (;;) {
		pthread_mutex_lock(&g.mu);
		while (g.filled == 0)
			pthread_cond_wait(&g.cv, &g.mu);
		ssize_t n = g.len[g.next];
		pthread_mutex_unlock(&g.mu);
		if (n <= 0)
			break;
		for (unsigned i = 0; i < nctx; i++)
			hash_update(&ctxs[i], g.buf[g.next], (size_t)n);
		pthread_mutex_lock(&g.mu);
		g.filled--;
		g.next = (g.next + 1) % SLOTS;
		pthread_cond_broadcast(&g.cv);
		pthread_mutex_unlock(&g.mu);
	}
	pthread_join(thread, NULL);
out:
	pthread_mutex_destroy(&g.mu);
	pthread_cond_destroy(&g.cv);
	for (int i = 0; i < SLOTS; i++)
		free(g.buf[i]);
	return ok;
}
