/* SPDX-License-Identifier: MIT */
/* core.c - what the test bodies share: counting, random data, vector
 * paths, guarded buffers, hashing through one row in given splits. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "bytes.h"
#include "core.h"

void tc_expect(struct tc *t, bool ok, const char *fmt, ...)
{
	t->checks++;
	if (ok)
		return;
	char msg[sizeof t->first];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	if (t->failures++ == 0)
		memcpy(t->first, msg, sizeof msg);
	if (t->print_each && t->failures <= 50)   /* the count tells the rest */
		fprintf(stderr, "FAIL: %s\n", msg);
}

/* --- random data ----------------------------------------------------------- */

static uint64_t rng_state[4];
static bool rng_ready;

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
	rng_ready = true;
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

/* --- inputs ---------------------------------------------------------------- */

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

/* A guarded buffer's mapping: an unmapped page, the pages that hold len
 * bytes, an unmapped page. */
static size_t guarded_span(size_t len, size_t page)
{
	return (len + page - 1) / page * page + 2 * page;
}

uint8_t *test_guarded_alloc(size_t len, enum guard_side side)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE), span = guarded_span(len, page);
	uint8_t *base = mmap(NULL, span, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (base == MAP_FAILED || mprotect(base, page, PROT_NONE) != 0 ||
	    mprotect(base + span - page, page, PROT_NONE) != 0) {
		perror("test_guarded_alloc");
		exit(2);
	}
	return side == GUARD_BEFORE ? base + page : base + span - page - len;
}

void test_guarded_free(uint8_t *p, size_t len)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	/* Either way the buffer starts in the page after the leading guard. */
	uint8_t *base = (uint8_t *)((uintptr_t)p / page * page) - page;
	munmap(base, guarded_span(len, page));
}

/* --- hashing ---------------------------------------------------------------- */

const char *family_name(enum family family)
{
	return family_desc(family)->name;
}

const struct algo *family_algo(enum family family)
{
	return algo_by_name(family_name(family));   /* every family's name is an algorithm's */
}

void test_hash(const struct algo *algo, const struct impl *impl, const uint8_t *data, size_t len,
	       const size_t *splits, size_t nsplits, uint8_t *digest)
{
	struct dispatch d;
	struct hash_ctx ctx;
	size_t off = 0;

	impl_select_one(impl, &d);
	hash_init(&ctx, algo, &d);
	for (size_t i = 0; i < nsplits && off < len; i++) {
		size_t n = splits[i] < len - off ? splits[i] : len - off;
		hash_update(&ctx, data + off, n);
		off += n;
	}
	hash_update(&ctx, data + off, len - off);   /* the rest, or all */
	hash_final(&ctx, digest);
}
