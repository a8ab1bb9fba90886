/* SPDX-License-Identifier: MIT */
/* test_differential.c - every implementation against generic: every short
 * length, random long lengths cut into random update calls, random
 * alignments, buffers flush against a guard page, every split of a small
 * buffer, and the auto dispatch ladder itself. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cost_model.h"
#include "testlib.h"

static const struct algo *family_algo(enum family f)
{
	return algo_by_name(family_desc(f)->name);   /* every family's name is an algorithm's */
}

static size_t all_lengths_max(enum family f)
{
	return family_is_crc(f) ? 4200 : 1100;
}

static size_t random_max(enum family f)
{
	return family_is_crc(f) ? (8u << 20) : (1u << 20);
}

static void digest_with(const struct algo *algo, const struct impl *impl, const struct dispatch *d,
			const uint8_t *p, size_t len, const size_t *splits, size_t nsplits,
			uint8_t *out)
{
	if (impl) {
		test_hash(algo, impl, p, len, splits, nsplits, out);
		return;
	}
	struct hash_ctx ctx;
	size_t off = 0;
	hash_init(&ctx, algo, d);
	for (size_t i = 0; i < nsplits; i++) {
		hash_update(&ctx, p + off, splits[i]);
		off += splits[i];
	}
	hash_update(&ctx, p + off, len - off);
	hash_final(&ctx, out);
}

/* Lengths 0..max, each one-shot, the data ending at a guard page and
 * starting at every alignment in turn. */
static void test_all_lengths(void **state)
{
	const struct impl_test *t = *state;
	test_require_supported(t->impl);
	enum family f = t->impl->family;
	const struct algo *algo = family_algo(f);
	size_t max = all_lengths_max(f);
	uint8_t *src = malloc(max + 64);
	uint8_t want[64], got[64];

	test_fill_random(src, max + 64);
	for (size_t len = 0; len <= max; len++) {
		uint8_t *g = test_guarded_alloc(len);
		memcpy(g, src + len % 64, len);
		test_hash(algo, test_generic(f), g, len, NULL, 0, want);
		test_hash(algo, t->impl, g, len, NULL, 0, got);
		if (memcmp(want, got, algo->digest_size) != 0)
			fail_msg("%s: length %zu differs from generic", t->name, len);
		test_guarded_free(g, len);
	}
	free(src);
}

/* Random lengths up to 1 MiB (8 MiB for CRC) at random alignments, cut
 * into random update sizes, against generic in one update. */
static void test_random_splits(void **state)
{
	const struct impl_test *t = *state;
	test_require_supported(t->impl);
	enum family f = t->impl->family;
	const struct algo *algo = family_algo(f);
	size_t max = random_max(f);
	uint8_t *buf = malloc(max + 64);
	size_t *splits = malloc(4096 * sizeof *splits);
	uint8_t want[64], got[64];

	for (int iter = 0; iter < 48; iter++) {
		size_t len = test_rand_len(max);
		uint8_t *p = buf + test_rand_below(64);
		test_fill_random(p, len);
		size_t nsplits = 0, off = 0;
		while (off < len && nsplits < 4095) {
			size_t piece = test_rand_len(test_rand_below(2) ? 300 : len - off);
			if (piece > len - off)
				piece = len - off;
			splits[nsplits++] = piece;
			off += piece;
		}
		splits[nsplits++] = len - off;
		test_hash(algo, test_generic(f), p, len, NULL, 0, want);
		test_hash(algo, t->impl, p, len, splits, nsplits, got);
		if (memcmp(want, got, algo->digest_size) != 0)
			fail_msg("%s: length %zu in %zu updates differs (seed replay)", t->name, len,
				 nsplits);
	}
	free(splits);
	free(buf);
}

/* A 300-byte buffer cut at every position into two updates, and a
 * 140-byte one at every pair of positions into three. */
static void test_every_split(void **state)
{
	const struct impl_test *t = *state;
	test_require_supported(t->impl);
	enum family f = t->impl->family;
	const struct algo *algo = family_algo(f);
	uint8_t buf[300], want[64], got[64];

	test_fill_random(buf, sizeof buf);
	test_hash(algo, test_generic(f), buf, 300, NULL, 0, want);
	for (size_t i = 0; i <= 300; i++) {
		size_t s[2] = { i, 300 - i };
		test_hash(algo, t->impl, buf, 300, s, 2, got);
		if (memcmp(want, got, algo->digest_size) != 0)
			fail_msg("%s: split at %zu differs", t->name, i);
	}
	test_hash(algo, test_generic(f), buf, 140, NULL, 0, want);
	for (size_t i = 0; i <= 140; i++)
		for (size_t j = i; j <= 140; j++) {
			size_t s[3] = { i, j - i, 140 - j };
			test_hash(algo, t->impl, buf, 140, s, 3, got);
			if (memcmp(want, got, algo->digest_size) != 0)
				fail_msg("%s: split at %zu,%zu differs", t->name, i, j);
		}
}

/* auto switches transforms by call length inside one computation. */
static void test_auto_ladder(void **state)
{
	enum family f = (enum family)(uintptr_t)((const struct impl_test *)*state)->extra;
	const struct algo *algo = family_algo(f);
	struct dispatch d;
	uint8_t *buf = malloc(1 << 20);
	size_t splits[64];
	uint8_t want[64], got[64];

	impl_select_auto(f, &d);
	for (int iter = 0; iter < 64; iter++) {
		size_t len = test_rand_len(1 << 20);
		test_fill_random(buf, len);
		size_t n = 0, off = 0;
		while (off < len && n < 63) {
			size_t piece = test_rand_len(len - off);
			splits[n++] = piece;
			off += piece;
		}
		test_hash(algo, test_generic(f), buf, len, NULL, 0, want);
		digest_with(algo, NULL, &d, buf, len, splits, n, got);
		if (memcmp(want, got, algo->digest_size) != 0)
			fail_msg("%s auto: length %zu differs", family_name(f), len);
	}
	free(buf);
}

int main(void)
{
	enum { MAX = 256 };
	static struct CMUnitTest tests[MAX];
	static struct impl_test states[MAX];
	size_t n = 0;

	n += test_add_impl_tests(tests + n, states + n, MAX - n, -1, test_all_lengths,
				 "every length vs generic, guard page", NULL);
	n += test_add_impl_tests(tests + n, states + n, MAX - n, -1, test_random_splits,
				 "random lengths and update splits vs generic", NULL);
	n += test_add_impl_tests(tests + n, states + n, MAX - n, -1, test_every_split,
				 "every split of a small buffer", NULL);
	for (int f = 0; f < FAMILY_COUNT; f++) {
		struct impl_test *st = &states[n];
		st->impl = NULL;
		st->extra = (const void *)(uintptr_t)f;
		snprintf(st->name, sizeof st->name, "%s/auto: dispatch ladder vs generic",
			 family_name((enum family)f));
		tests[n++] = (struct CMUnitTest){ st->name, test_auto_ladder, NULL, NULL, st };
	}
	return _cmocka_run_group_tests("differential", tests, n, NULL, NULL);
}
