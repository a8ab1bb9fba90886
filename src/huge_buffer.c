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
 * madvise(MADV_HUGEPAGE) give small pages; those are backed in one
 * madvise(MADV_POPULATE_WRITE), not a fault each: on the Zen 5 VM with
 * huge pages off, 1088 KiB (sixteen lanes' buffers) in 0.12-0.15 ms
 * against 3.8-4.2 ms page by page. (Eight 1 MiB files of SHA-256 ran
 * sixteen lanes 1.13x slower than two without it, 1.07x with it: the
 * rest is what small pages cost the copy and the kernel, not priced.) */
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include "cycles.h"
#include "huge_buffer.h"
#include "populate.h"

#define HUGE_PAGE ((size_t)2 << 20)
/* Pages timed after the first to price the rest, twice (the faster of
 * the two kept: one sample alone came out 0.4 to 6 ms for the same 4 MiB
 * ring on the Zen 5 VM, the high ones where something else ran). */
#define PRICE_SAMPLE 16

void *huge_buffer_reserve(size_t size)
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

void huge_buffer_ready(void *p, size_t size)
{
	(void)populate(p, size);
}

void *huge_buffer_new(size_t size)
{
	void *p = huge_buffer_reserve(size);

	if (p)
		huge_buffer_ready(p, size);
	return p;
}

static double now_ns(void)
{
	return (double)cycles_clock_ns();
}

/* The kernel's page size (4 KiB on x86-64; 16 or 64 KiB on some arm64
 * kernels). */
static size_t small_page(void)
{
	long n = sysconf(_SC_PAGESIZE);
	return n > 0 ? (size_t)n : 4096;
}

/* The time per page, in ns, to back the sample pages from v: in one call
 * where the kernel can, as huge_buffer_ready will back the rest, else by
 * a write to each, as the reads will. A kernel that takes the advice and
 * backs nothing (qemu-user says yes to any) is caught by its last page
 * not being resident. */
static double pages_ns(volatile uint8_t *v, size_t sample, size_t page)
{
	unsigned char last = 0;
	double t0 = now_ns();
	if (populate((uint8_t *)v, sample * page) &&
	    mincore((uint8_t *)v + (sample - 1) * page, page, &last) == 0 && (last & 1))
		return (now_ns() - t0) / (double)sample;
	t0 = now_ns();
	for (size_t i = 0; i < sample; i++)
		v[i * page] = 0;
	return (now_ns() - t0) / (double)sample;
}

double huge_buffer_price_ns(void *p, size_t size)
{
	const char *test = getenv("SIMDSUM_TEST_PAGE_FAULT_NS");
	size_t page = small_page();
	if (test)
		return strtod(test, NULL) * (double)((size + 4095) / 4096);

	/* Writes: a read would map the zero page. */
	volatile uint8_t *v = p;
	double t0 = now_ns();
	v[0] = 0;
	double first = now_ns() - t0;
	unsigned char resident[2] = { 0, 0 };
	if (size > page && mincore(p, 2 * page, resident) == 0 && (resident[1] & 1))
		return first * (double)((size + HUGE_PAGE - 1) / HUGE_PAGE);

	/* Small pages. The first fault of a fresh mapping also builds its
	 * page tables (100-180 us on the Zen 5 VM, against 9-10 us for each
	 * next page faulted in, or 0.5-1 us backed in one call): the pages
	 * after it are timed for the rest. */
	size_t pages = (size + page - 1) / page;
	if (pages < 2)
		return first;
	size_t sample = pages - 1 < PRICE_SAMPLE ? pages - 1 : PRICE_SAMPLE;
	double each = pages_ns(v + page, sample, page);
	if (pages - 1 >= 2 * sample) {
		double again = pages_ns(v + (1 + sample) * page, sample, page);
		each = again < each ? again : each;
	}
	return first + each * (double)(pages - 1);
}
