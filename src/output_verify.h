/* SPDX-License-Identifier: MIT */
/* output_verify.h - the lines of --verify-object: "NAME: ALGORITHM (TYPE)
 * OK" or "... FAILED", one per checksum (and one for the size), or JSON
 * objects; --quiet drops the OK ones, --status all. Layer: output. */
#ifndef SIMDSUM_OUTPUT_VERIFY_H
#define SIMDSUM_OUTPUT_VERIFY_H

#include <stdint.h>

#include "options.h"
#include "verify_plan.h"

/* The size META gives against the file's (found: bytes there or read). */
void output_verify_size(const struct options *opt, const char *name, uint64_t expected,
			uint64_t found);

/* One decided check. */
void output_verify_result(const struct options *opt, const char *name,
			  const struct verify_result *r);

#endif
