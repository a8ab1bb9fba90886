/* SPDX-License-Identifier: MIT */
/* timespec_same.h - whether two file times are the same instant, as the
 * change checks of a file read (reader.c) and of a list about to be
 * replaced (atomic_file.c) compare them. Layer: platform. */
#ifndef SIMDSUM_TIMESPEC_SAME_H
#define SIMDSUM_TIMESPEC_SAME_H

#include <stdbool.h>
#include <time.h>

static inline bool timespec_same(const struct timespec *a, const struct timespec *b)
{
	return a->tv_sec == b->tv_sec && a->tv_nsec == b->tv_nsec;
}

#endif
