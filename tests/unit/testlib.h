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

/* A cmocka group being built: one test per registry row (or family) and
 * body, each with its state. Rows this CPU cannot run are skipped by
 * test_require_supported(), with the missing features printed. */
struct impl_test {
	const struct impl *impl;   /* NULL for a test of the whole family */
	const void *extra;         /* per-test data (an algorithm, a family...) */
	char name[96];             /* "<family>/<row>: <what>" */
};

#define TEST_LIST_MAX 256

struct test_list {
	size_t n;
	struct CMUnitTest tests[TEST_LIST_MAX];
	struct impl_test states[TEST_LIST_MAX];
};

/* One test of fn on row impl of family, named "<family>/<row>: <what>"
 * ("<family>/<what>" when impl is NULL). */
void test_list_add(struct test_list *l, enum family family, const struct impl *impl,
		   CMUnitTestFunction fn, const char *what, const void *extra);

/* One test per single-stream row of family (of every family when
 * family < 0). */
void test_list_rows(struct test_list *l, int family, CMUnitTestFunction fn, const char *what,
		    const void *extra);

/* Runs the group; its exit status. */
int test_list_run(const char *group, const struct test_list *l);

/* Skips the current test (visibly) when the CPU lacks what impl needs. */
void test_require_supported(const struct impl *impl);

/* Skips the current test (visibly) unless this kernel backs pages on
 * advice (src/populate.h: MADV_POPULATE_WRITE, Linux 5.14), as seen with
 * mincore(2): qemu's user mode says yes to any advice and does nothing. */
void test_require_populate(void);

/* libxxhash's one-shot digest of an xxHash-family algorithm, canonical
 * (big-endian) as xxhsum prints it: the oracle of those rows. */
void test_xxhash_digest(const struct algo *a, const uint8_t *p, size_t len, uint8_t *out);

#endif
