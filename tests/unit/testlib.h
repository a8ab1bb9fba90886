/* SPDX-License-Identifier: MIT */
/* testlib.h - helpers shared by the cmocka unit tests. */
#ifndef SIMDSUM_TESTLIB_H
#define SIMDSUM_TESTLIB_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "algo.h"
#include "hash.h"
#include "impl.h"

/* Deterministic pseudo-random numbers (xoshiro-style), seeded from
 * SIMDSUM_TEST_SEED or a fixed default; the seed is printed once so a
 * failure can be replayed. */
uint64_t test_rand(void);
uint64_t test_rand_below(uint64_t n);
/* A length in [0, max], biased towards small values and block edges. */
size_t test_rand_len(size_t max);
void test_fill_random(uint8_t *p, size_t n);

/* Decodes hex into out; returns the byte count. */
size_t test_unhex(const char *hex, uint8_t *out, size_t cap);

/* Path of a vector file under the shared vectors directory. */
const char *test_vector_path(const char *relative);

/* A buffer of len bytes whose last byte sits just before an unmapped
 * page, so any over-read faults. Free with test_guarded_free. */
uint8_t *test_guarded_alloc(size_t len);
void test_guarded_free(uint8_t *p, size_t len);

/* Every registry row, as the state of one cmocka test each. The name is
 * "<family>/<impl>: <what>". Rows this CPU cannot run are skipped by
 * test_require_supported(), with the missing features printed. */
struct impl_test {
	const struct impl *impl;
	const void *extra;   /* per-test data (an algorithm, a file name...) */
	char name[96];
};

/* Appends one test per single-stream row of every family (or of the
 * given family when family >= 0) to tests[], returns how many it added. */
size_t test_add_impl_tests(struct CMUnitTest *tests, struct impl_test *states, size_t max,
			   int family, CMUnitTestFunction fn, const char *what,
			   const void *extra);

/* Skips the current test (visibly) when the CPU lacks what impl needs. */
void test_require_supported(const struct impl *impl);

/* The family's generic row. */
const struct impl *test_generic(enum family family);

/* The first algorithm of a family (sha1, sha224, sha384, crc32c...). */
const char *family_name(enum family family);

/* Hashes data[0..len) with algo through impl in the given update sizes
 * (splits[] summing to len, or one update when nsplits is 0). */
void test_hash(const struct algo *algo, const struct impl *impl, const uint8_t *data, size_t len,
	       const size_t *splits, size_t nsplits, uint8_t *digest);

/* libxxhash's one-shot digest of an xxHash-family algorithm, canonical
 * (big-endian) as xxhsum prints it: the oracle of those rows. */
void test_xxhash_digest(const struct algo *a, const uint8_t *p, size_t len, uint8_t *out);

#endif
