/* SPDX-License-Identifier: MIT */
/* algo.h - the algorithms simdsum computes, as a table of descriptors.
 * Layer: registry. */
#ifndef SIMDSUM_ALGO_H
#define SIMDSUM_ALGO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "impl.h"

#define ALGO_MAX_DIGEST 64

struct algo {
	const char *name;        /* -a name and program-name stem: "sha256" */
	const char *tag;         /* BSD tag and messages: "SHA256" */
	enum family family;
	unsigned digest_size;    /* bytes */
	const void *iv;          /* initial chaining words (SHA, MD5) */
	bool always_tagged;      /* printed as BSD-tag lines even without
	                          * --tag, as xxhsum prints XXH3 */
};

#define ALGO_COUNT 12
extern const struct algo algos[ALGO_COUNT + 1];   /* terminated by name == NULL */

/* Case-sensitive lookup by name ("sha256"); NULL if unknown. */
const struct algo *algo_by_name(const char *name);

/* Lookup by BSD tag of exactly taglen bytes ("SHA256"); NULL if none. */
const struct algo *algo_by_tag(const char *tag, size_t taglen);

#endif
