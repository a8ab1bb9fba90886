/* SPDX-License-Identifier: MIT */
/* huge_buffer.c - see huge_buffer.h.
 *
 * Why. Every 4 KiB page a process touches for the first time is a page
 * fault, and on the VMs these were measured on a fault is dear: about
 * 10 us a page on the Zen 5 VM (a program touching 4 MiB: 10 ms), so the
 * 4 MiB read-ahead ring made a 16 MiB SHA-256 run 1.65x slower than one
 * without it (30.3 against 18.4 ms), and eight lanes' buffers cost more
 * than sixteen lanes gained on eight 1 MiB files. One 2 MiB page is one
 * fault and a clear of 2 MiB: the same 4 MiB in about 0.3 ms there.
 * Kernels whose transparent huge pages are off ("never") or that lack
 * madvise(MADV_HUGEPAGE) give small pages, as before. */
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>

#include "cycles.h"
#include "huge_buffer.h"

#define HUGE_PAGE ((size_t)2 << 20)
#define SMALL_PAGE ((size_t)4096)

void *huge_buffer_new(size_t size)
{
	size_t whole = (size + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE;
	void *p;

	if (size == 0 || whole < size || posix_memalign(&p, HUGE_PAGE, whole) != 0)
		return NULL;
#ifdef MADV_HUGEPAGE
	/* Advice only: where it is refused the pages are small ones. */
	(void)madvise(p, whole, MADV_HUGEPAGE);
#endif
	return p;
}

static double now_ns(void)
{
	return (double)cycles_clock_ns();
}

double huge_buffer_touch_ns(void *p, size_t size)
{
	const char *test = getenv("SIMDSUM_TEST_PAGE_FAULT_NS");
	if (test)
		return strtod(test, NULL) * (double)((size + SMALL_PAGE - 1) / SMALL_PAGE);

	/* Writes: a read would map the zero page. */
	volatile uint8_t *v = p;
	double t0 = now_ns();
	v[0] = 0;
	double first = now_ns() - t0;
	unsigned char resident[2] = { 0, 0 };
	if (size > SMALL_PAGE && mincore(p, 2 * SMALL_PAGE, resident) == 0 && (resident[1] & 1))
		return first * (double)((size + HUGE_PAGE - 1) / HUGE_PAGE);

	/* Small pages. The first fault of a fresh mapping also builds its
	 * page tables (100-180 us on the Zen 5 VM, against 9-10 us for each
	 * next page): the next few pages are timed for the rest. */
	size_t pages = (size + SMALL_PAGE - 1) / SMALL_PAGE, sample = pages > 5 ? 4 : pages - 1;
	if (sample == 0)
		return first;
	t0 = now_ns();
	for (size_t i = 1; i <= sample; i++)
		v[i * SMALL_PAGE] = 0;
	return first + (now_ns() - t0) / (double)sample * (double)(pages - 1);
}
