/* SPDX-License-Identifier: MIT */
/* output_parts.h - the lines of --parts: one per part as it ends, then
 * each algorithm's composite and full-object value.
 * Layer: output. */
#ifndef SIMDSUM_OUTPUT_PARTS_H
#define SIMDSUM_OUTPUT_PARTS_H

#include <stdint.h>

#include "options.h"

/* One part's digest, printed as soon as the part ends. */
struct part_record {
	const char *name;
	const struct algo *algo;
	uint64_t number;          /* from 1 */
	uint64_t count;           /* parts the file's size gives; 0: not known
	                           * in advance (a pipe), the line omits it */
	uint64_t offset, length;
	const uint8_t *digest;    /* algo->digest_size raw bytes */
};

/* An algorithm's values for the whole file, after its last part. */
struct parts_summary {
	const char *name;
	const struct algo *algo;
	uint64_t nparts;
	uint64_t size;            /* bytes hashed */
	const char *composite;    /* base64 "-N", as S3 shows it, or NULL
	                           * (CRC-64/NVME: S3 has no composite) */
	const char *etag;         /* MD5: the multipart ETag, hex "-N", or NULL */
	const char *full;         /* the full-object CRC as text, or NULL */
};

void output_part(const struct options *opt, const struct part_record *p);
void output_parts_summary(const struct options *opt, const struct parts_summary *s);

#endif
