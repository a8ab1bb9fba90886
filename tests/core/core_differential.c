/* SPDX-License-Identifier: MIT */
/* core_differential.c - every row against its family's generic row:
 * every short length (and the CRCs' long paths) flush against a guard
 * page after the end and before the start, random long lengths cut into
 * random update calls at random alignments, every split of a small
 * buffer, auto's dispatch ladder, and multi-buffer rows lane by lane,
 * each lane between guard pages. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"
#include "lanes.h"

static size_t all_lengths_max(enum family f)
{
	return family_is_crc(f) ? 4200 : 1100;
}

static size_t random_max(enum family f)
{
	return family_is_crc(f) ? (8u << 20) : (1u << 20);
}

/* The generic row's digest of p and impl's in the given splits. */
static void compare(struct tc *t, const struct impl *impl, const uint8_t *p, size_t len,
		    const size_t *splits, size_t nsplits, const char *what, size_t a, size_t b)
{
	const struct algo *algo = family_algo(impl->family);
	uint8_t want[ALGO_MAX_DIGEST], got[ALGO_MAX_DIGEST];

	test_hash(algo, impl_generic(impl->family), p, len, NULL, 0, want);
	test_hash(algo, impl, p, len, splits, nsplits, got);
	tc_expect(t, memcmp(want, got, algo->digest_size) == 0, "%s/%s: %s %zu %zu differs from generic",
		  family_name(impl->family), impl->name, what, a, b);
}

/* Two buffers of cap random bytes, one flush against a guard page after
 * its end, one against a guard page before its start: a message of len
 * bytes is the last len bytes of the one and the first len of the other. */
struct guarded_pair {
	uint8_t *after, *before;
	size_t cap;
};

static void guarded_pair_alloc(struct guarded_pair *g, size_t cap)
{
	g->cap = cap;
	g->after = test_guarded_alloc(cap, GUARD_AFTER);
	g->before = test_guarded_alloc(cap, GUARD_BEFORE);
	test_fill_random(g->after, cap);
	test_fill_random(g->before, cap);
}

static void guarded_pair_free(struct guarded_pair *g)
{
	test_guarded_free(g->after, g->cap);
	test_guarded_free(g->before, g->cap);
}

/* A message of len bytes ending at a guard page, and one starting just
 * after a guard page, through impl and through generic. */
static void compare_guarded(struct tc *t, const struct impl *impl, const struct guarded_pair *g,
			    size_t len)
{
	const uint8_t *end_at_guard = g->after + g->cap - len;

	compare(t, impl, end_at_guard, len, NULL, 0, "guard after the end: length, alignment", len,
		(uintptr_t)end_at_guard % 64);
	compare(t, impl, g->before, len, NULL, 0, "guard before the start: length, alignment", len,
		(uintptr_t)g->before % 64);
}

/* The CRCs' lengths past the every-length sweep, into their long paths:
 * avx2blend's blocks of 12288 bytes and the merges between them,
 * hybrid's 4 KiB superblocks (the second from 8192 bytes) and its
 * prefetching from 2 MiB. Each end of a block or superblock up to 64
 * KiB give or take a byte (and with a tail), a stride of 997 bytes,
 * random lengths to 64 KiB, and a few around 2 MiB and over. */
#define CRC_LONG_MAX (64u << 10)
#define CRC_PREFETCH_FROM (2u << 20)
#define CRC_HUGE_MAX (CRC_PREFETCH_FROM + (1u << 20))

static void crc_long_lengths(struct tc *t, const struct impl *impl)
{
	static const size_t blocks[] = { 4096, 12288 };
	static const size_t huge[] = { CRC_PREFETCH_FROM - 1, CRC_PREFETCH_FROM,
				       CRC_PREFETCH_FROM + 4096 + 17, CRC_PREFETCH_FROM + 3 * 12288 + 5 };
	size_t from = all_lengths_max(impl->family) + 1;
	struct guarded_pair g;

	guarded_pair_alloc(&g, CRC_HUGE_MAX);
	for (size_t b = 0; b < sizeof blocks / sizeof blocks[0]; b++)
		for (size_t m = blocks[b]; m <= CRC_LONG_MAX; m += blocks[b]) {
			compare_guarded(t, impl, &g, m - 1);
			compare_guarded(t, impl, &g, m);
			compare_guarded(t, impl, &g, m + 1);
			compare_guarded(t, impl, &g, m + 200);
		}
	for (size_t len = from; len <= CRC_LONG_MAX; len += 997)
		compare_guarded(t, impl, &g, len);
	for (int i = 0; i < 16; i++)
		compare_guarded(t, impl, &g, from + test_rand_below(CRC_LONG_MAX - from + 1));
	for (size_t i = 0; i < sizeof huge / sizeof huge[0]; i++)
		compare_guarded(t, impl, &g, huge[i]);
	compare_guarded(t, impl, &g, CRC_PREFETCH_FROM + test_rand_below(CRC_HUGE_MAX - CRC_PREFETCH_FROM + 1));
	guarded_pair_free(&g);
}

void tc_all_lengths(struct tc *t, const struct impl *impl)
{
	size_t max = all_lengths_max(impl->family);
	struct guarded_pair g;

	guarded_pair_alloc(&g, max);
	for (size_t len = 0; len <= max; len++)
		compare_guarded(t, impl, &g, len);
	guarded_pair_free(&g);
	if (family_is_crc(impl->family))
		crc_long_lengths(t, impl);
}

/* Random update sizes that cover len: short ones and long ones mixed. */
static size_t random_splits(size_t len, size_t *splits, size_t max)
{
	size_t n = 0, off = 0;

	while (off < len && n < max) {
		size_t piece = test_rand_len(test_rand_below(2) ? 300 : len - off);
		if (piece > len - off)
			piece = len - off;
		splits[n++] = piece;
		off += piece;
	}
	return n;
}

void tc_random_splits(struct tc *t, const struct impl *impl)
{
	size_t max = random_max(impl->family);
	uint8_t *buf = malloc(max + 64);
	size_t *splits = malloc(4096 * sizeof *splits);

	tc_expect(t, buf && splits, "out of memory");
	for (int iter = 0; buf && splits && iter < 48; iter++) {
		size_t len = test_rand_len(max);
		uint8_t *p = buf + test_rand_below(64);
		test_fill_random(p, len);
		size_t n = random_splits(len, splits, 4096);
		compare(t, impl, p, len, splits, n, "length, updates (replay with the seed)", len, n);
	}
	free(splits);
	free(buf);
}

void tc_every_split(struct tc *t, const struct impl *impl)
{
	uint8_t buf[300];

	test_fill_random(buf, sizeof buf);
	for (size_t i = 0; i <= 300; i++) {
		size_t s[2] = { i, 300 - i };
		compare(t, impl, buf, 300, s, 2, "300 bytes split at", i, 300 - i);
	}
	for (size_t i = 0; i <= 140; i++)
		for (size_t j = i; j <= 140; j++) {
			size_t s[3] = { i, j - i, 140 - j };
			compare(t, impl, buf, 140, s, 3, "140 bytes split at", i, j);
		}
}

void tc_auto_ladder(struct tc *t, enum family f)
{
	const struct algo *algo = family_algo(f);
	struct dispatch d;
	uint8_t *buf = malloc(1 << 20);
	size_t splits[64];
	uint8_t want[ALGO_MAX_DIGEST], got[ALGO_MAX_DIGEST];

	tc_expect(t, buf != NULL, "out of memory");
	impl_select_auto(f, &d);
	for (int iter = 0; buf && iter < 64; iter++) {
		size_t len = test_rand_len(1 << 20);
		test_fill_random(buf, len);
		size_t n = 0, off = 0;
		while (off < len && n < 63) {
			splits[n] = test_rand_len(len - off);
			off += splits[n++];
		}
		test_hash(algo, impl_generic(f), buf, len, NULL, 0, want);
		struct hash_ctx ctx;
		size_t at = 0;
		hash_init(&ctx, algo, &d);
		for (size_t i = 0; i < n; at += splits[i++])
			hash_update(&ctx, buf + at, splits[i]);
		hash_update(&ctx, buf + at, len - at);
		hash_final(&ctx, got);
		tc_expect(t, memcmp(want, got, algo->digest_size) == 0,
			  "%s auto: length %zu in %zu updates differs", family_name(f), len, n + 1);
	}
	free(buf);
}

/* --- multi-buffer rows -------------------------------------------------------- */

/* Where a lane's message (or the idle lanes' scratch) sits, each in its
 * own mapping between guard pages: flush against the guard after its end
 * or before its start, or ending 1..63 bytes before the guard after it,
 * so that it starts unaligned. */
enum lane_place { PLACE_AFTER, PLACE_BEFORE, PLACE_UNALIGNED, PLACE_COUNT };

struct lane_buf {
	uint8_t *p;     /* the guarded allocation */
	size_t len;     /* its length */
};

static uint8_t *lane_buf_alloc(struct lane_buf *b, size_t len, unsigned place)
{
	b->len = len + (place == PLACE_UNALIGNED ? 1 + test_rand_below(63) : 0);
	b->p = test_guarded_alloc(b->len, place == PLACE_BEFORE ? GUARD_BEFORE : GUARD_AFTER);
	return b->p;
}

struct lane_run {
	struct lane_buf bufs[LANES_MAX], scratch;
	const uint8_t *data[LANES_MAX];
	uint64_t st[LANES_MAX][8], want[LANES_MAX][8];
	void *states[LANES_MAX];
};

/* Lane i's data and state: busy lanes have their own messages, idle ones
 * share scratch. */
static void lane_setup(struct lane_run *r, const struct impl *k, unsigned i, unsigned busy,
		       size_t nblocks, unsigned place)
{
	size_t len = nblocks * impl_block_size(k->family);

	r->states[i] = r->st[i];
	test_fill_random((uint8_t *)r->st[i], sizeof r->st[i]);
	if (i >= busy) {
		r->data[i] = r->scratch.p;
		return;
	}
	r->data[i] = lane_buf_alloc(&r->bufs[i], len, place);
	test_fill_random(r->bufs[i].p, len);
	memcpy(r->want[i], r->st[i], sizeof r->st[i]);
	impl_blocks(impl_generic(k->family), r->want[i], r->data[i], nblocks);
}

/* One call of the kernel; run turns the placements: lane i sits at
 * (i + run) mod PLACE_COUNT, the scratch at (busy + run), so that in any
 * three runs in a row each lane meets every placement. */
static void lanes_once(struct tc *t, const struct impl *k, size_t nblocks, unsigned busy, unsigned run)
{
	enum family f = k->family;
	size_t len = nblocks * impl_block_size(f);
	struct lane_run *r = malloc(sizeof *r);

	if (!r) {
		perror("tc_lanes");
		exit(2);
	}
	test_fill_random(lane_buf_alloc(&r->scratch, len, (busy + run) % PLACE_COUNT), len);
	for (unsigned i = 0; i < k->lanes; i++)
		lane_setup(r, k, i, busy, nblocks, (i + run) % PLACE_COUNT);
	impl_mblocks(k, r->states, r->data, nblocks);
	for (unsigned i = 0; i < busy; i++)
		tc_expect(t, memcmp(r->st[i], r->want[i], family_state_bytes(f)) == 0,
			  "%s/%s: lane %u of %u busy, %zu blocks, run %u differs from generic",
			  family_name(f), k->name, i, busy, nblocks, run);
	for (unsigned i = 0; i < busy; i++)
		test_guarded_free(r->bufs[i].p, r->bufs[i].len);
	test_guarded_free(r->scratch.p, r->scratch.len);
	free(r);
}

void tc_lanes(struct tc *t, const struct impl *k)
{
	unsigned run = 0;

	for (size_t n = 1; n <= 40; n++)
		lanes_once(t, k, n, k->lanes, run++);
	for (int i = 0; i < 20; i++)
		lanes_once(t, k, 41 + test_rand_below(600), 1 + (unsigned)test_rand_below(k->lanes), run++);
}
