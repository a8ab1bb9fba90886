/* SPDX-License-Identifier: MIT */
/* test_huge_buffer.c - huge_buffer.h's contract: 2 MiB aligned, every
 * byte asked for writable, NULL for nothing and for a size that cannot be
 * rounded up to whole huge pages; huge_buffer_new's pages backed, and
 * huge_buffer_reserve's not until priced or made ready. */
#include <malloc.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "huge_buffer.h"
#include "testlib.h"

#define HUGE ((size_t)2 << 20)

/* ASan's allocator recycles memory whatever mallopt says, so a region
 * fresh from it may hold pages already. */
#ifndef __has_feature
#define __has_feature(x) 0
#endif
#if defined(__SANITIZE_ADDRESS__) || __has_feature(address_sanitizer)
#define RECYCLES_MEMORY 1
#else
#define RECYCLES_MEMORY 0
#endif

static const size_t sizes[] = { 1, 4096, 17 * 64 * 1024, HUGE, HUGE + 1, 8u << 20 };

static void check_aligned_and_writable(void *(*make)(size_t))
{
	for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
		uint8_t *p = make(sizes[i]);
		assert_non_null(p);
		assert_int_equal((uintptr_t)p % HUGE, 0);
		memset(p, 0xa5, sizes[i]);
		assert_int_equal(p[sizes[i] - 1], 0xa5);
		free(p);
	}
}

static void test_aligned_and_writable(void **state)
{
	(void)state;
	check_aligned_and_writable(huge_buffer_new);
	check_aligned_and_writable(huge_buffer_reserve);
}

static void test_nothing_and_too_much(void **state)
{
	(void)state;
	assert_null(huge_buffer_new(0));
	assert_null(huge_buffer_new(SIZE_MAX));            /* rounding up wraps */
	assert_null(huge_buffer_new(SIZE_MAX - HUGE + 2));  /* so does this */
	assert_null(huge_buffer_reserve(0));
	assert_null(huge_buffer_reserve(SIZE_MAX));
}

/* Pages of p[0 .. size) that mincore(2) says are resident. */
static size_t resident_pages(const void *p, size_t size)
{
	size_t pages = (size + 4095) / 4096, n = 0;
	unsigned char *v = calloc(pages, 1);

	assert_non_null(v);
	assert_int_equal(mincore((void *)p, size, v), 0);
	for (size_t i = 0; i < pages; i++)
		n += v[i] & 1;
	free(v);
	return n;
}

static void test_new_backs_every_page(void **state)
{
	(void)state;
	test_require_populate();
	size_t size = 17 * 64 * 1024;
	uint8_t *p = huge_buffer_new(size);
	assert_non_null(p);
	assert_int_equal(resident_pages(p, size), size / 4096);
	free(p);

	/* Priced: its first pages backed; made ready: all. (Reserved, it
	 * may hold pages already where malloc recycles memory, as ASan's
	 * does whatever mallopt says.) */
	size = 4u << 20;
	p = huge_buffer_reserve(size);
	assert_non_null(p);
	size_t reserved = resident_pages(p, size);
	if (!RECYCLES_MEMORY)
		assert_int_equal(reserved, 0);   /* reserved, nothing backed */
	double ns = huge_buffer_price_ns(p, size);
	assert_true(ns >= 0.0);
	assert_true(resident_pages(p, size) >= (reserved ? reserved : 1));
	huge_buffer_ready(p, size);
	assert_int_equal(resident_pages(p, size), size / 4096);
	free(p);
}

static void test_price_hook(void **state)
{
	(void)state;
	uint8_t *p = huge_buffer_reserve(HUGE);
	assert_non_null(p);
	assert_int_equal(setenv("SIMDSUM_TEST_PAGE_FAULT_NS", "100", 1), 0);
	assert_true(huge_buffer_price_ns(p, HUGE) == 100.0 * 512);
	assert_int_equal(unsetenv("SIMDSUM_TEST_PAGE_FAULT_NS"), 0);
	free(p);
}

int main(void)
{
	/* Every buffer here a fresh mapping where glibc's malloc runs: it
	 * would otherwise hand back, already backed, memory an earlier test
	 * freed. */
	mallopt(M_MMAP_THRESHOLD, 128 * 1024);
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_aligned_and_writable),
		cmocka_unit_test(test_nothing_and_too_much),
		cmocka_unit_test(test_new_backs_every_page),
		cmocka_unit_test(test_price_hook),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
