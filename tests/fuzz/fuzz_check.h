/* SPDX-License-Identifier: MIT */
/* fuzz_check.h - what every fuzz target asserts with: a failed property
 * aborts with its file, line and text, so libFuzzer (and the corpus
 * replay in make check) report it as a crash. Kept out of NDEBUG's reach,
 * unlike assert(). */
#ifndef SIMDSUM_FUZZ_CHECK_H
#define SIMDSUM_FUZZ_CHECK_H

#include <stdio.h>
#include <stdlib.h>

#define CHECK(cond)                                                                 \
	do {                                                                        \
		if (!(cond)) {                                                      \
			fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
			abort();                                                    \
		}                                                                   \
	} while (0)

#endif
