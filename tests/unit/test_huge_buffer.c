/* SPDX-License-Identifier: MIT */
/* test_huge_buffer.c - huge_buffer_new's contract (src/huge_buffer.h):
 * 2 MiB aligned, every byte asked for writable, NULL for nothing and for
 * a size that cannot be rounded up to whole huge pages. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "huge_buffer.h"
#include "testlib.h"

#define HUGE ((size_t)2 << 20)

static void test_aligned_and_writable(void **state)
{
	(void)state;
	static const size_t sizes[] = { 1, 4096, 17 * 64 * 1024, HUGE, HUGE + 1, 8u << 20 };

	for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
		uint8_t *p = huge_buffer_new(sizes[i]);
		assert_non_null(p);
		assert_int_equal((uintptr_t)p % HUGE, 0);
		memset(p, 0xa5, sizes[i]);
		assert_int_equal(p[sizes[i] - 1], 0xa5);
		free(p);
	}
}

static void test_nothing_and_too_much(void **state)
{
	(void)state;
	assert_null(huge_buffer_new(0));
	assert_null(huge_buffer_new(SIZE_MAX));            /* rounding up wraps */
	assert_null(huge_buffer_new(SIZE_MAX - HUGE + 2));  /* so does this */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_aligned_and_writable),
		cmocka_unit_test(test_nothing_and_too_much),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
