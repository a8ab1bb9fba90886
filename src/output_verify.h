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

/* META could not be read, or is not what it must be (message: the text
 * after META's name on stderr): JSON's object {"meta", "error"}, as the
 * list of --check has it (not with --status); text styles print nothing. */
void output_verify_meta_error(const struct options *opt, const char *meta, const char *message);

/* One decided check. */
void output_verify_result(const struct options *opt, const char *name,
			  const struct verify_result *r);

#endif
