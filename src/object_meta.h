/* SPDX-License-Identifier: MIT */
/* object_meta.h - what an object store's own tools say of an object (the
 * JSON of `aws s3api head-object` and `get-object-attributes`, `gcloud
 * storage objects describe` and the Cloud Storage JSON API, `az storage
 * blob show`), read as a list of checks to run against a local copy.
 * Layer: parsing (pure: text in, checks out; no I/O, no messages). */
#ifndef SIMDSUM_OBJECT_META_H
#define SIMDSUM_OBJECT_META_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "algo.h"

/* The largest META accepted: room for every part S3 allows, listed the
 * way the AWS CLI prints them (indented by 4: about 180 bytes a part with
 * a SHA-256, 1.8 MB for 10,000), twice over. */
#define META_MAX_SIZE (4 * 1024 * 1024)

/* S3's limit on the parts of a multipart upload. */
#define META_MAX_PARTS 10000

enum meta_kind {
	META_FULL,        /* the algorithm over the whole object */
	META_COMPOSITE,   /* S3: the algorithm over the parts' raw digests,
	                   * concatenated in part order (nparts parts) */
	META_ETAG,        /* S3's multipart ETag: MD5 of the parts' MD5s */
	META_PART,        /* one part listed in ObjectParts */
};

#define META_TEXT_MAX (2 * ALGO_MAX_DIGEST + 16)

struct meta_check {
	const struct algo *algo;
	enum meta_kind kind;
	uint8_t want[ALGO_MAX_DIGEST];   /* the raw digest expected */
	uint64_t nparts;      /* COMPOSITE, ETAG: the parts it covers; PART: parts listed */
	uint64_t part;        /* PART: its number, from 1 */
	uint64_t components;  /* Cloud Storage's componentCount (a label only) */
	bool etag;            /* a FULL MD5 that is a single-part ETag */
	/* An S3 checksum without -N or ChecksumType (an older CLI's
	 * get-object-attributes) of an upload in parts: a SHA-1 or SHA-256 is
	 * a composite (S3 keeps no whole-object SHA of one); a CRC-32 or
	 * CRC-32C a composite (all were, before S3 offered FULL_OBJECT ones
	 * for uploads in parts) or the whole object's: either form matches
	 * (or_whole). */
	enum { UNSAID_NO, UNSAID_SHA, UNSAID_CRC } unsaid;
	bool or_whole;        /* COMPOSITE: the whole object's value matches too */
	bool little_endian;   /* the value's bytes least significant first (Azure's CRC64) */
	char source[64];      /* the member it came from ("Checksum.ChecksumSHA256") */
	char text[META_TEXT_MAX];   /* the value in its own notation (ETag unquoted) */
};

struct object_meta {
	bool has_size;
	uint64_t size;
	struct meta_check *checks;
	size_t nchecks, cap;
	uint64_t *part_sizes;   /* ObjectParts.Parts[].Size in part order, from part 1 */
	size_t nlisted;
	uint64_t total_parts;   /* ObjectParts.TotalPartsCount; 0: not given */
	bool parts_complete;    /* the listed parts are all the object's parts */
	char notes[4][160];     /* what is not checked, and why (for stderr) */
	unsigned nnotes;
};

void object_meta_free(struct object_meta *m);

#endif
