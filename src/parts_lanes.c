/* SPDX-License-Identifier: MIT */
/* parts_lanes.c - the parts of one large file through multi-buffer lanes.
 * Layer: engine (beside parts_mode.c, which prints what this computes).
 *
 * The parts of a multipart upload are independent messages, so W of them
 * (the lane plan's capacity: 2 for shanix2, 8 for avx2x8, 16 for
 * avx512x16) are hashed side by side: each round reads the next chunk of
 * every part of the window with pread, and the lanes advance over the
 * whole blocks they all have, as the lane scheduler does for files
 * (src/lanes.c). A part's tail and padding go through its own context, so
 * each digest is that of single-stream hashing by construction. Other
 * algorithms of the same run (a CRC, XXH3) take the same chunks part by
 * part. With -j N, N windows run at once, one a thread; their parts are
 * handed over in file order when they all end.
 *
 * Reading at W offsets a part apart is a pattern only a file in the page
 * cache or on a disk that seeks cheaply likes; the caller asks for this
 * path only for regular files, and never with --io=mmap. A file that
 * shrinks is caught by a short pread, one that grows or is rewritten by
 * reader_close's second fstat. */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "huge_buffer.h"
#include "lanes.h"
#include "parts_lanes.h"
#include "progress.h"
#include "reader.h"
#include "thread_start.h"
#include "xalloc.h"

/* Bytes read per part and round: the lanes' L2-friendly size (lanes.c). */
#define CHUNK (64 * 1024)

struct window {
	const struct options *opt;
	int fd;
	unsigned nparts;
	uint64_t offset[LANES_MAX], length[LANES_MAX];
	uint8_t *region;              /* the parts' buffers, then scratch */
	uint8_t *buf[LANES_MAX];
	size_t got[LANES_MAX];        /* bytes in buf this round */
	struct hash_ctx *ctx;         /* ctx[a * LANES_MAX + i]: algorithm a, part i */
	uint8_t *scratch;             /* message of the idle lanes */
	uint64_t scratch_state[8];
	uint8_t digests[LANES_MAX][MAX_ALGOS][ALGO_MAX_DIGEST];   /* when it ends */
	struct file_outcome out;      /* FILE_OK, or why the window failed */
	pthread_t thread;
};

/* At most this many windows at once, whatever -j says. */
#define MAX_WINDOWS 16

static unsigned window_capacity(const struct options *opt)
{
	unsigned w = 0;

	for (unsigned a = 0; a < opt->nalgos; a++) {
		const struct algo_choice *c = &opt->algos[a];
		if (family_is_blocks(c->algo->family) && c->lanes.capacity > w)
			w = c->lanes.capacity;
	}
	return w < LANES_MAX ? w : LANES_MAX;
}

bool parts_lanes_wanted(const struct options *opt, const struct file_reader *r, uint64_t part_size)
{
	return opt->io != IO_MMAP && r->regular && !r->is_stdin && window_capacity(opt) >= 2 &&
	       (uint64_t)r->before.st_size / 2 >= part_size;
}

/* Fills buf[i] with the round's bytes of each part; false on an error or
 * a file that shrank (*out set). */
static bool read_round(struct window *w, uint64_t pos, struct file_outcome *out)
{
	for (unsigned i = 0; i < w->nparts; i++) {
		size_t want = pos >= w->length[i] ? 0
			      : w->length[i] - pos < CHUNK ? (size_t)(w->length[i] - pos) : CHUNK;
		w->got[i] = 0;
		while (w->got[i] < want) {
			ssize_t n = pread(w->fd, w->buf[i] + w->got[i], want - w->got[i],
					  (off_t)(w->offset[i] + pos + w->got[i]));
			if (n < 0 && (errno == EINTR || reader_waits_again(w->fd, errno)))
				continue;
			if (n <= 0) {
				out->status = n < 0 ? FILE_READ_FAILED : FILE_CHANGED;
				out->err = n < 0 ? errno : 0;
				return false;
			}
			w->got[i] += (size_t)n;
			progress_count((uint64_t)n);
		}
	}
	return true;
}

/* One multi-buffer call on the first n of the parts in part[], nblocks
 * whole blocks each from done[]; idle lanes hash the scratch message. */
static void run_kernel(struct window *w, unsigned a, const struct impl *k, const unsigned *part,
		       unsigned n, size_t *done, size_t nblocks)
{
	size_t bs = impl_block_size(k->family);
	void *states[LANES_MAX];
	const uint8_t *data[LANES_MAX];

	for (unsigned l = 0; l < k->lanes; l++) {
		if (l < n) {
			states[l] = hash_md_words(&w->ctx[a * LANES_MAX + part[l]]);
			data[l] = w->buf[part[l]] + done[part[l]];
		} else {
			states[l] = w->scratch_state;
			data[l] = w->scratch;
		}
	}
	impl_mblocks(k, states, data, nblocks);
	for (unsigned l = 0; l < n; l++) {
		struct hash_ctx *ctx = &w->ctx[a * LANES_MAX + part[l]];
		hash_md_absorbed(ctx, nblocks * bs);
		hash_note_impl(ctx, k, nblocks * bs);
		done[part[l]] += nblocks * bs;
	}
}

/* Algorithm a over the round's chunks: whole blocks through the kernel
 * the plan gives for that many ready parts (single-stream for one), then
 * each part's tail, which only its last chunk has (CHUNK is whole
 * blocks). */
static void hash_round_lanes(struct window *w, unsigned a)
{
	const struct algo_choice *c = &w->opt->algos[a];
	size_t bs = impl_block_size(c->algo->family);
	size_t done[LANES_MAX] = { 0 };

	for (;;) {
		unsigned ready[LANES_MAX], b = 0;
		for (unsigned i = 0; i < w->nparts; i++)
			if (w->got[i] - done[i] >= bs)
				ready[b++] = i;
		if (b == 0)
			break;
		const struct impl *k = b <= COST_MAX_STREAMS ? c->lanes.kernel[b] : NULL;
		if (!k) {
			for (unsigned j = 0; j < b; j++) {
				unsigned i = ready[j];
				size_t whole = (w->got[i] - done[i]) / bs * bs;
				hash_update(&w->ctx[a * LANES_MAX + i], w->buf[i] + done[i], whole);
				done[i] += whole;
			}
			continue;
		}
		unsigned n = b < k->lanes ? b : k->lanes;
		size_t nblocks = (size_t)-1;
		for (unsigned j = 0; j < n; j++)
			if ((w->got[ready[j]] - done[ready[j]]) / bs < nblocks)
				nblocks = (w->got[ready[j]] - done[ready[j]]) / bs;
		run_kernel(w, a, k, ready, n, done, nblocks);
	}
	for (unsigned i = 0; i < w->nparts; i++)
		hash_update(&w->ctx[a * LANES_MAX + i], w->buf[i] + done[i], w->got[i] - done[i]);
}

static void hash_round(struct window *w)
{
	for (unsigned a = 0; a < w->opt->nalgos; a++) {
		const struct algo_choice *c = &w->opt->algos[a];
		if (family_is_blocks(c->algo->family) && c->lanes.capacity >= 2) {
			hash_round_lanes(w, a);
			continue;
		}
		for (unsigned i = 0; i < w->nparts; i++)
			hash_update(&w->ctx[a * LANES_MAX + i], w->buf[i], w->got[i]);
	}
}

/* Hashes the window's parts to their ends (w->digests), or sets w->out. */
static void run_window(struct window *w)
{
	uint64_t longest = 0;

	for (unsigned a = 0; a < w->opt->nalgos; a++)
		for (unsigned i = 0; i < w->nparts; i++)
			hash_init(&w->ctx[a * LANES_MAX + i], w->opt->algos[a].algo,
				  &w->opt->algos[a].dispatch);
	for (unsigned i = 0; i < w->nparts; i++)
		if (w->length[i] > longest)
			longest = w->length[i];
	w->out = (struct file_outcome){ .status = FILE_OK };
	for (uint64_t pos = 0; pos < longest; pos += CHUNK) {
		if (!read_round(w, pos, &w->out))
			return;
		hash_round(w);
	}
	for (unsigned i = 0; i < w->nparts; i++)
		for (unsigned a = 0; a < w->opt->nalgos; a++)
			hash_final(&w->ctx[a * LANES_MAX + i], w->digests[i][a]);
}

static void *window_thread(void *arg)
{
	run_window(arg);
	return NULL;
}

static struct window *windows_new(const struct options *opt, int fd, unsigned n, unsigned cap)
{
	struct window *w = xcalloc(n, sizeof *w);

	for (unsigned j = 0; j < n; j++) {
		w[j].opt = opt;
		w[j].fd = fd;
		w[j].ctx = xmemalign(64, sizeof *w[j].ctx * LANES_MAX * opt->nalgos);
		/* One region a window, in a huge page where the kernel gives one
		 * (huge_buffer.c; the lanes' buffers in lanes.c alike); chunks
		 * page-aligned: see crc_ranges.c. */
		w[j].region = huge_buffer_new(((size_t)cap + 1) * CHUNK);
		if (!w[j].region)
			xalloc_die();
		for (unsigned i = 0; i < cap; i++)
			w[j].buf[i] = w[j].region + (size_t)i * CHUNK;
		w[j].scratch = memset(w[j].region + (size_t)cap * CHUNK, 0, CHUNK);
	}
	return w;
}

static void windows_free(struct window *w, unsigned n)
{
	for (unsigned j = 0; j < n; j++) {
		free(w[j].region);
		free(w[j].ctx);
	}
	free(w);
}

/* Gives window w the next parts from *at; false when none are left. */
static bool take_parts(struct window *w, unsigned cap, uint64_t size, uint64_t part_size,
		       uint64_t *at)
{
	for (w->nparts = 0; w->nparts < cap && *at < size; w->nparts++) {
		w->offset[w->nparts] = *at;
		w->length[w->nparts] = size - *at < part_size ? size - *at : part_size;
		*at += w->length[w->nparts];
	}
	return w->nparts > 0;
}

/* Runs windows w[0..n) at once (w[0] on this thread) and hands their
 * parts over in order; false at the first that failed (*out set). */
static bool run_windows(struct window *w, unsigned n, struct file_reader *r, part_done_fn done,
			void *arg, struct file_outcome *out)
{
	bool started[MAX_WINDOWS] = { false };

	if (n > 1)
		reader_block_before_sharing(r->fd);
	for (unsigned j = 1; j < n; j++)
		started[j] = thread_start(&w[j].thread, window_thread, &w[j]);
	run_window(&w[0]);
	for (unsigned j = 1; j < n; j++) {
		if (started[j])
			pthread_join(w[j].thread, NULL);
		else
			run_window(&w[j]);   /* no thread to be had: here, in turn */
	}
	for (unsigned j = 0; j < n; j++) {
		if (w[j].out.status != FILE_OK) {
			*out = w[j].out;
			return false;
		}
		for (unsigned i = 0; i < w[j].nparts; i++)
			done(arg, w[j].length[i], w[j].digests[i]);
		r->total = w[j].offset[w[j].nparts - 1] + w[j].length[w[j].nparts - 1];
	}
	return true;
}

struct file_outcome parts_lanes_run(const struct options *opt, struct file_reader *r,
				    uint64_t part_size, part_done_fn done, void *arg)
{
	unsigned cap = window_capacity(opt);
	unsigned nwin = opt->jobs < MAX_WINDOWS ? (opt->jobs ? opt->jobs : 1) : MAX_WINDOWS;
	uint64_t size = (uint64_t)r->before.st_size, at = 0;
	struct file_outcome out = { .status = FILE_OK };
	struct window *w = windows_new(opt, r->fd, nwin, cap);

	for (;;) {
		unsigned n = 0;
		while (n < nwin && take_parts(&w[n], cap, size, part_size, &at))
			n++;
		if (n == 0 || !run_windows(w, n, r, done, arg, &out))
			break;
	}
	windows_free(w, nwin);
	return reader_close_read(r, out);
}
