/* SPDX-License-Identifier: MIT */
/* test_read_buffer.c - read_buffer_prepare's contract (src/read_buffer.h):
 * the pages a read will fill are resident after it, the ones past what
 * was asked are not, each page is asked for once, and a wrapped buffer
 * is left alone. Residency is read with mincore(2). */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include "read_buffer.h"
#include "testlib.h"

#define PAGE 4096u
#define SIZE (64 * PAGE)

/* Resident pages among data[from .. to) (page indexes). */
static unsigned resident(const uint8_t *data, unsigned from, unsigned to)
{
	unsigned char vec[SIZE / PAGE];
	unsigned n = 0;

	assert_int_equal(mincore((void *)data, SIZE, vec), 0);
	for (unsigned i = from; i < to; i++)
		n += vec[i] & 1;
	return n;
}

/* A new buffer, with whatever pages the allocator had touched (a heap
 * reused, a sanitizer's allocator) given back, so that nothing is
 * resident yet. */
static struct read_buffer *fresh(void)
{
	struct read_buffer *b = read_buffer_new(SIZE);

	assert_int_equal((uintptr_t)b->data % PAGE, 0);
	assert_int_equal(b->size, SIZE);
	assert_int_equal(b->ready, 0);
	assert_int_equal(madvise(b->data, SIZE, MADV_DONTNEED), 0);
	assert_int_equal(resident(b->data, 0, SIZE / PAGE), 0);
	return b;
}

static void test_prepares_what_the_file_fills(void **state)
{
	(void)state;
	test_require_populate();
	struct read_buffer *b = fresh();

	read_buffer_prepare(b, 10 * PAGE + 1);          /* 11 pages */
	assert_int_equal(b->ready, 10 * PAGE + 1);
	assert_int_equal(resident(b->data, 0, 11), 11);
	assert_int_equal(resident(b->data, 11, SIZE / PAGE), 0);

	read_buffer_prepare(b, 5 * PAGE);               /* less: nothing */
	assert_int_equal(b->ready, 10 * PAGE + 1);

	read_buffer_prepare(b, (uint64_t)1 << 40);      /* more than the buffer */
	assert_int_equal(b->ready, SIZE);
	assert_int_equal(resident(b->data, 0, SIZE / PAGE), SIZE / PAGE);
	read_buffer_free(b);
}

static void test_one_page_is_left_to_the_read(void **state)
{
	(void)state;
	test_require_populate();
	struct read_buffer *b = fresh();

	read_buffer_prepare(b, 100);                    /* a tiny file */
	assert_int_equal(b->ready, 100);
	assert_int_equal(resident(b->data, 0, SIZE / PAGE), 0);
	read_buffer_prepare(b, 0);
	assert_int_equal(b->ready, 100);
	read_buffer_prepare(b, 3 * PAGE);               /* from the first page */
	assert_int_equal(resident(b->data, 0, 3), 3);
	assert_int_equal(resident(b->data, 3, SIZE / PAGE), 0);
	read_buffer_free(b);
}

static void test_wrapped_is_ready(void **state)
{
	(void)state;
	uint8_t *mem = mmap(NULL, SIZE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	assert_true(mem != MAP_FAILED);
	struct read_buffer w = read_buffer_wrap(mem, SIZE);

	assert_ptr_equal(w.data, mem);
	assert_int_equal(w.ready, SIZE);
	read_buffer_prepare(&w, SIZE);                  /* the caller's: untouched */
	assert_int_equal(resident(mem, 0, SIZE / PAGE), 0);
	munmap(mem, SIZE);
	read_buffer_free(NULL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_prepares_what_the_file_fills),
		cmocka_unit_test(test_one_page_is_left_to_the_read),
		cmocka_unit_test(test_wrapped_is_ready),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
