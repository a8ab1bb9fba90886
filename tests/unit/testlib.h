/* SPDX-License-Identifier: MIT */
/* testlib.h - what the cmocka unit tests share beyond the test core
 * (tests/core/core.h, included here): one cmocka test per registry row,
 * visible skips, the verdict on a body's count, the libxxhash oracle. */
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
#include "core.h"

/* The cmocka verdict on a body's count (tests/core): fails the current
 * test with the first failure and the count, or when nothing was
 * checked at all (a body that cannot fail is a defect). */
void test_verdict(const struct tc *t);

/* The whole of a cmocka test of one row (state: a struct impl_test):
 * skip the row visibly when this CPU cannot run it, else run the core
 * body on it and give the verdict. */
void test_run_row(void **state, void (*body)(struct tc *t, const struct impl *impl));

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

/* libxxhash's one-shot digest of an xxHash-family algorithm, canonical
 * (big-endian) as xxhsum prints it: the oracle of those rows. */
void test_xxhash_digest(const struct algo *a, const uint8_t *p, size_t len, uint8_t *out);

#endif
