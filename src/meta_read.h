/* SPDX-License-Identifier: MIT */
/* meta_read.h - what the readers of each store's JSON (meta_s3.c,
 * meta_gcs.c, meta_azure.c) share: strict reading of members, sizes and
 * digests, the first error, the checks found. Private to object_meta*.c
 * and meta_*.c. Layer: parsing (pure). */
#ifndef SIMDSUM_META_READ_H
#define SIMDSUM_META_READ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "json_parse.h"
#include "object_meta.h"

struct meta_reader {
	struct object_meta *m;
	char *err;
	size_t errsize;
	bool failed;
};

/* Records the first error ("WHAT: reason"); returns false. */
bool meta_fail(struct meta_reader *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* A note on something not checked (at most a few are kept). */
void meta_note(struct meta_reader *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* The member key of obj: *out is NULL when it is absent or null. A name
 * given twice (ASCII case-insensitively with icase) is an error, since
 * either value might be the one meant. where names obj in messages ("",
 * "Checksum."). Returns false on an error. */
bool meta_member(struct meta_reader *r, const struct json_value *obj, const char *where,
		 const char *key, bool icase, const struct json_value **out);

/* An unsigned integer, from a JSON number without fraction or exponent,
 * or from a string of decimal digits (Cloud Storage's int64 fields); no
 * sign, no leading zeros, at most max. */
bool meta_uint(struct meta_reader *r, const struct json_value *v, const char *what, uint64_t max,
	       uint64_t *out);

/* The object's size: a second size that disagrees is an error. */
bool meta_set_size(struct meta_reader *r, const struct json_value *v, const char *what);

/* A new check, zeroed, its source set to what. */
struct meta_check *meta_add(struct meta_reader *r, const struct algo *algo, enum meta_kind kind,
			    const char *what);

/* A base64 digest of algo's size (standard alphabet, padded, canonical),
 * optionally followed by "-N" when suffix is non-NULL (*suffix: N, or 0
 * when there is none). Fills c->want and c->text. reverse: the bytes
 * are stored least significant first (Azure's CRC64). */
bool meta_digest(struct meta_reader *r, const struct json_value *v, struct meta_check *c,
		 uint64_t *suffix, bool reverse);

/* An S3 ETag: 32 hex digits, optionally "-N", with or without the double
 * quotes head-object keeps. Fills c->want and c->text (lower case,
 * unquoted); *nparts is N, or 0 for a plain MD5. */
bool meta_etag(struct meta_reader *r, const struct json_value *v, struct meta_check *c,
	       uint64_t *nparts);

/* The readers of each store: they add what they find and return false
 * only on an error. */
bool meta_read_s3(struct meta_reader *r, const struct json_value *root);
bool meta_read_gcs(struct meta_reader *r, const struct json_value *root);
bool meta_read_azure(struct meta_reader *r, const struct json_value *root);

#endif
