/* SPDX-License-Identifier: MIT */
/* fuzz_stream.c - libFuzzer target for the streaming driver and every
 * transform this CPU runs: any sequence of update sizes must give the
 * one-shot digest of generic, and every lane of a multi-buffer kernel
 * must give what generic computes for that lane's blocks.
 *
 * Input layout: byte 0 picks the algorithm, byte 1 how many times the
 * message repeats (1..16, so that inputs of a few KiB reach the long
 * kernels' paths), byte 2 how many update sizes follow (0..31), one byte
 * each (see decode_size); the rest is the message. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cost_model.h"
#include "hash.h"
#include "impl.h"
#include "lanes.h"
#include "fuzz_check.h"

struct plan {
	const struct algo *algo;
	const uint8_t *msg;
	size_t len;
	unsigned nsizes;
	size_t sizes[32];
};

/* Streams the message through d in the plan's update sizes (cycled;
 * a size of 0 is an empty update, and a run of them moves on). */
static void hash_in_pieces(const struct plan *pl, const struct dispatch *d, uint8_t *digest)
{
	struct hash_ctx ctx;
	size_t off = 0;
	unsigned i = 0, zeros = 0;

	hash_init(&ctx, pl->algo, d);
	while (off < pl->len) {
		size_t n = pl->nsizes ? pl->sizes[i++ % pl->nsizes] : pl->len;
		if (n == 0 && ++zeros > pl->nsizes)
			n = pl->len - off;
		if (n > pl->len - off)
			n = pl->len - off;
		if (n)
			zeros = 0;
		hash_update(&ctx, pl->msg + off, n);
		off += n;
	}
	hash_final(&ctx, digest);
}

static void generic_blocks(enum family f, void *state, const uint8_t *p, size_t nblocks)
{
	impl_blocks(impl_generic(f), state, p, nblocks);
}

/* Lane i hashes the message from byte 3 * i on (so no two lanes see the
 * same data), from a state of its own, in calls of the plan's sizes in
 * blocks; each lane must end as generic does over the same blocks. */
static void check_lanes(const struct plan *pl, const struct impl *k)
{
	enum family f = k->family;
	size_t bs = impl_block_size(f), skew = 3 * (LANES_MAX - 1);
	if (pl->len < skew + bs)
		return;
	size_t nblocks = (pl->len - skew) / bs;
	uint64_t st[LANES_MAX][8], want[LANES_MAX][8];
	void *sp[LANES_MAX];
	const uint8_t *dp[LANES_MAX];

	for (unsigned i = 0; i < k->lanes; i++) {
		for (unsigned w = 0; w < 8; w++)
			st[i][w] = 0x0123456789abcdefull * (i + 1) + w * 0x9e3779b97f4a7c15ull;
		memcpy(want[i], st[i], sizeof st[i]);
		generic_blocks(f, want[i], pl->msg + 3 * i, nblocks);
		sp[i] = st[i];
		dp[i] = pl->msg + 3 * i;
	}
	for (size_t done = 0, c = 0; done < nblocks; c++) {
		size_t n = pl->nsizes ? 1 + pl->sizes[c % pl->nsizes] / bs : nblocks;
		if (n > nblocks - done)
			n = nblocks - done;
		impl_mblocks(k, sp, dp, n);
		for (unsigned i = 0; i < k->lanes; i++)
			dp[i] += n * bs;
		done += n;
	}
	size_t words = family_state_bytes(f);
	for (unsigned i = 0; i < k->lanes; i++)
		if (memcmp(st[i], want[i], words) != 0) {
			fprintf(stderr, "%s: lane %u differs from generic (%zu blocks)\n", k->name, i,
				nblocks);
			abort();
		}
}

/* Sizes up to 191 bytes as they are (block and padding edges matter
 * most), larger ones in steps of 997 up to about 63 KiB. */
static size_t decode_size(uint8_t b)
{
	return b < 192 ? b : (size_t)(b - 191) * 997;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct plan pl;
	uint8_t want[ALGO_MAX_DIGEST], got[ALGO_MAX_DIGEST];

	if (size < 3)
		return 0;
	pl.algo = &algos[data[0] % ALGO_COUNT];
	unsigned repeat = 1 + data[1] % 16;
	pl.nsizes = data[2] % 32;
	data += 3;
	size -= 3;
	for (unsigned i = 0; i < pl.nsizes; i++)
		pl.sizes[i] = i < size ? decode_size(data[i]) : 0;
	size_t skip = pl.nsizes < size ? pl.nsizes : size;
	data += skip;
	size -= skip;

	/* The message in a buffer of its exact size, so ASan catches any
	 * transform reading past it. */
	uint8_t *msg = malloc(size * repeat + 1);
	CHECK(msg);
	for (unsigned r = 0; r < repeat; r++)
		memcpy(msg + r * size, data, size);
	pl.msg = msg;
	pl.len = size * repeat;

	struct dispatch d;
	enum family f = pl.algo->family;
	impl_select_one(impl_generic(f), &d);
	hash_buffer(pl.algo, &d, pl.msg, pl.len, want);

	for (const struct impl *k = impl_table(f); k->name; k++) {
		if (impl_missing(k))
			continue;
		if (impl_is_multibuffer(k)) {
			check_lanes(&pl, k);
			continue;
		}
		impl_select_one(k, &d);
		hash_in_pieces(&pl, &d, got);
		if (memcmp(got, want, pl.algo->digest_size) != 0) {
			fprintf(stderr, "%s/%s: %zu bytes in %u sizes differ from generic\n",
				pl.algo->name, k->name, pl.len, pl.nsizes);
			abort();
		}
	}
	/* auto, which may switch implementations between calls by length */
	impl_select_auto(f, &d);
	hash_in_pieces(&pl, &d, got);
	CHECK(memcmp(got, want, pl.algo->digest_size) == 0);
	free(msg);
	return 0;
}
