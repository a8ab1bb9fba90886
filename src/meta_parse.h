/* SPDX-License-Identifier: MIT */
/* meta_parse.h - reading META (an object store's JSON) into the checks of
 * object_meta.h. Layer: parsing (pure: text in, checks out). */
#ifndef SIMDSUM_META_PARSE_H
#define SIMDSUM_META_PARSE_H

#include <stdbool.h>
#include <stddef.h>

#include "object_meta.h"

/* Reads the len bytes at text. Returns true with m filled (at least one
 * check; release it with object_meta_free), or false with a one-line
 * reason in err ("invalid JSON at line 2, column 7: expected ':'") and
 * nothing to free. */
bool meta_parse(const char *text, size_t len, struct object_meta *m, char *err,
		size_t errsize);

#endif
