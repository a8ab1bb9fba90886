/* SPDX-License-Identifier: MIT */
/* testlib.c - helpers shared by the cmocka unit tests. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <xxhash.h>

#include "testlib.h"

static uint64_t rng_state[4];
static int rng_ready;

static uint64_t rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

static void rng_seed(void)
{
	const char *env = getenv("SIMDSUM_TEST_SEED");
	uint64_t seed = env ? strtoull(env, NULL, 0) : 0x5eed5eedULL;

	printf("# random seed %llu (set SIMDSUM_TEST_SEED to replay)\n", (unsigned long long)seed);
	/* splitmix64 to spread the seed over the state */
	for (int i = 0; i < 4; i++) {
		seed += 0x9e3779b97f4a7c15ULL;
		uint64_t z = seed;
		z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
		z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
		rng_state[i] = z ^ (z >> 31);
	}
	rng_ready = 1;
}

uint64_t test_rand(void)
{
	if (!rng_ready)
		rng_seed();
	uint64_t *s = rng_state;
	uint64_t result = rotl(s[1] * 5, 7) * 9;
	uint64_t t = s[1] << 17;
	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rotl(s[3], 45);
	return result;
}

uint64_t test_rand_below(uint64_t n)
{
	return n ? test_rand() % n : 0;
}

size_t test_rand_len(size_t max)
{
	switch (test_rand_below(4)) {
	case 0: /* small */
		return (size_t)test_rand_below(max < 300 ? max + 1 : 301);
	case 1: { /* next to a multiple of 64 or 128 */
		size_t edge = 64 * (size_t)test_rand_below(max / 64 + 1);
		size_t len = edge + (size_t)test_rand_below(5) - 2;
		return len > max ? max : len;
	}
	case 2: /* log-uniform */
		return (size_t)test_rand_below((size_t)1 << test_rand_below(64 - __builtin_clzll(max | 1) + 1)) % (max + 1);
	default:
		return (size_t)test_rand_below(max + 1);
	}
}

void test_fill_random(uint8_t *p, size_t n)
{
	while (n >= 8) {
		uint64_t r = test_rand();
		memcpy(p, &r, 8);
		p += 8;
		n -= 8;
	}
	while (n--)
		*p++ = (uint8_t)test_rand();
}

size_t test_unhex(const char *hex, uint8_t *out, size_t cap)
{
	size_t n = 0;
	int hi, lo;   /* one hex digit each, or -1 */
	while (n < cap && (hi = hex_digit_value((unsigned char)hex[0])) >= 0 &&
	       (lo = hex_digit_value((unsigned char)hex[1])) >= 0) {
		out[n++] = (uint8_t)(hi << 4 | lo);
		hex += 2;
	}
	return n;
}

const char *test_vector_path(const char *relative)
{
	static char path[4096];
	const char *dir = getenv("SIMDSUM_VECTORS");

	if (!dir)
		dir = VECTORS_DIR;
	snprintf(path, sizeof path, "%s/%s", dir, relative);
	return path;
}

uint8_t *test_guarded_alloc(size_t len)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	size_t span = (len + page - 1) / page * page + page;
	uint8_t *base = mmap(NULL, span, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	assert_true(base != MAP_FAILED);
	assert_int_equal(mprotect(base + span - page, page, PROT_NONE), 0);
	return base + span - page - len;
}

void test_guarded_free(uint8_t *p, size_t len)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	size_t span = (len + page - 1) / page * page + page;
	uint8_t *end = p + len + page;   /* end of the guard page */
	munmap(end - span, span);
}

const char *family_name(enum family family)
{
	return family_desc(family)->name;
}

size_t test_add_impl_tests(struct CMUnitTest *tests, struct impl_test *states, size_t max,
			   int family, CMUnitTestFunction fn, const char *what, const void *extra)
{
	size_t n = 0;

	for (int f = 0; f < FAMILY_COUNT; f++) {
		if (family >= 0 && f != family)
			continue;
		for (const struct impl *i = impl_table((enum family)f); i->name; i++) {
			if (impl_is_multibuffer(i))
				continue;
			assert_true(n < max);
			struct impl_test *st = &states[n];
			st->impl = i;
			st->extra = extra;
			snprintf(st->name, sizeof st->name, "%s/%s: %s", family_name((enum family)f),
				 i->name, what);
			tests[n] = (struct CMUnitTest){ st->name, fn, NULL, NULL, st };
			n++;
		}
	}
	return n;
}

void test_require_supported(const struct impl *impl)
{
	cpu_features missing = impl_missing(impl);
	if (missing) {
		char buf[256];
		cpu_features_format(missing, ",", buf, sizeof buf);
		print_message("SKIP %s: this CPU/OS lacks %s\n", impl->name, buf);
		skip();
	}
}

const struct impl *test_generic(enum family family)
{
	return impl_generic(family);
}

void test_hash(const struct algo *algo, const struct impl *impl, const uint8_t *data, size_t len,
	       const size_t *splits, size_t nsplits, uint8_t *digest)
{
	struct dispatch d;
	struct hash_ctx ctx;

	impl_select_one(impl, &d);
	hash_init(&ctx, algo, &d);
	if (nsplits == 0) {
		hash_update(&ctx, data, len);
	} else {
		size_t off = 0;
		for (size_t i = 0; i < nsplits; i++) {
			hash_update(&ctx, data + off, splits[i]);
			off += splits[i];
		}
		assert_int_equal(off, len);
	}
	hash_final(&ctx, digest);
}

/* The canonical (big-endian) one-shot digest, as xxhsum prints it. */
void test_xxhash_digest(const struct algo *a, const uint8_t *p, size_t len, uint8_t *out)
{
	if (a->digest_size == 16) {
		XXH128_canonical_t c;
		XXH128_canonicalFromHash(&c, XXH3_128bits(p, len));
		memcpy(out, c.digest, 16);
		return;
	}
	XXH64_canonical_t c;
	XXH64_canonicalFromHash(&c, a->family == FAMILY_XXH64 ? XXH64(p, len, 0) : XXH3_64bits(p, len));
	memcpy(out, c.digest, 8);
}
