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
#include <stdlib.h>
#include <sys/mman.h>

#include "huge_buffer.h"

#define HUGE_PAGE ((size_t)2 << 20)

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
