/* SPDX-License-Identifier: MIT */
/* meta_s3.c - Amazon S3's object metadata as the AWS CLI prints it:
 * `aws s3api head-object --checksum-mode ENABLED` (ContentLength, a
 * quoted ETag, Checksum* and ChecksumType at the top level) and `aws
 * s3api get-object-attributes` (ObjectSize, an unquoted ETag, a Checksum
 * object, ObjectParts with TotalPartsCount and Parts). Member names are
 * the API's (Amazon S3 API Reference: HeadObject, GetObjectAttributes,
 * Checksum, ObjectPart); the algorithm after "Checksum" is matched
 * ASCII case-insensitively. Layer: parsing (pure). */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "meta_read.h"
#include "xalloc.h"

/* What follows "Checksum" in a member name, and the algorithm it is. The
 * newer names (SHA512, MD5, XXHASH*) are those of the S3 API's
 * ChecksumAlgorithm values; each is base64 of the digest's bytes (for the
 * xxHash family, its canonical big-endian form). */
static const struct {
	const char *name;
	const char *algo;
} s3_algos[] = {
	{ "CRC64NVME", "crc64nvme" }, { "CRC32", "crc32" },   { "CRC32C", "crc32c" },
	{ "SHA1", "sha1" },           { "SHA256", "sha256" }, { "SHA512", "sha512" },
	{ "MD5", "md5" },             { "XXHASH64", "xxh64" }, { "XXHASH3", "xxh3" },
	{ "XXHASH128", "xxh128" },
};
#define NS3 (sizeof s3_algos / sizeof s3_algos[0])

enum checksum_type { TYPE_UNSAID, TYPE_FULL_OBJECT, TYPE_COMPOSITE };

static bool checksum_type(struct meta_reader *r, const struct json_value *obj, const char *where,
			  enum checksum_type *t)
{
	const struct json_value *v;

	*t = TYPE_UNSAID;
	/* Its name matched as the Checksum* names are, case aside: a
	 * "checksumtype" is read, not passed over. */
	if (!meta_member(r, obj, where, "ChecksumType", true, &v) || !v)
		return !r->failed;
	if (json_string_is(v, "FULL_OBJECT"))
		*t = TYPE_FULL_OBJECT;
	else if (json_string_is(v, "COMPOSITE"))
		*t = TYPE_COMPOSITE;
	else
		return meta_fail(r, "%sChecksumType: neither FULL_OBJECT nor COMPOSITE", where);
	return true;
}

/* The s3_algos row a member names ("ChecksumCRC32C"), -1 for another
 * Checksum* name, -2 for a name that is no checksum. */
static int s3_algo_of(const struct json_value *m)
{
	if (m->key_len <= 8 || strncasecmp(m->key, "checksum", 8) != 0)
		return -2;
	for (size_t i = 0; i < NS3; i++)
		if (strlen(s3_algos[i].name) == m->key_len - 8 &&
		    strcasecmp(m->key + 8, s3_algos[i].name) == 0)
			return (int)i;
	if (strcasecmp(m->key + 8, "Type") == 0 || strcasecmp(m->key + 8, "Algorithm") == 0)
		return -2;
	/* Only a printable name is worth a note on stderr. */
	for (size_t i = 0; i < m->key_len; i++)
		if (m->key[i] < '!' || m->key[i] > '~')
			return -2;
	return -1;
}

/* An object's checksum, whole or composite (which "-N" or the type says). */
static bool object_checksum(struct meta_reader *r, const struct json_value *v,
			    const struct algo *a, const char *what, enum checksum_type type)
{
	struct meta_check *c = meta_add(r, a, META_FULL, what);
	uint64_t n;

	if (!meta_digest(r, v, c, &n, false))
		return false;
	if (n && type == TYPE_FULL_OBJECT)
		return meta_fail(r, "%s: a part count (-N), but ChecksumType is FULL_OBJECT", what);
	if ((n || type == TYPE_COMPOSITE) && a->family == FAMILY_CRC64NVME)
		return meta_fail(r, "%s: CRC-64/NVME has no composite form in S3", what);
	/* get-object-attributes prints a composite without its "-N": the
	 * count is then ObjectParts.TotalPartsCount (see meta_s3_finish). */
	if (n || type == TYPE_COMPOSITE) {
		c->kind = META_COMPOSITE;
		c->nparts = n;
	}
	/* Without "-N" (get-object-attributes) and ChecksumType (older
	 * CLIs), the upload's part count decides (finish). */
	if (!n && type == TYPE_UNSAID) {
		if (a->family == FAMILY_SHA1 || a->family == FAMILY_SHA256)
			c->unsaid = UNSAID_SHA;
		else if (a->family == FAMILY_CRC32 || a->family == FAMILY_CRC32C)
			c->unsaid = UNSAID_CRC;
	}
	return true;
}

/* The Checksum* members of obj (where: its path, "" or "Checksum." or
 * "ObjectParts.Parts[2]."); part > 0: obj is that listed part. */
static bool checksums(struct meta_reader *r, const struct json_value *obj, const char *where,
		      uint64_t part)
{
	bool seen[NS3] = { false };
	enum checksum_type type;

	if (!checksum_type(r, obj, where, &type))
		return false;
	for (const struct json_value *m = obj->first; m; m = m->next) {
		int i = s3_algo_of(m);
		char what[64];
		snprintf(what, sizeof what, "%s%.*s", where, (int)m->key_len, m->key);
		if (i == -2 || m->type == JSON_NULL)
			continue;
		if (i == -1) {
			meta_note(r, "%s: not an algorithm simdsum knows; not checked", what);
			continue;
		}
		if (seen[i])
			return meta_fail(r, "%s: given more than once", what);
		seen[i] = true;
		const struct algo *a = algo_by_name(s3_algos[i].algo);
		if (part) {
			struct meta_check *c = meta_add(r, a, META_PART, what);
			c->part = part;
			if (!meta_digest(r, m, c, NULL, false))
				return false;
		} else if (!object_checksum(r, m, a, what, type)) {
			return false;
		}
	}
	return true;
}

/* One element of ObjectParts.Parts: PartNumber must be index + 1. */
static bool listed_part(struct meta_reader *r, const struct json_value *p, size_t index)
{
	char where[48];
	const struct json_value *num, *size;
	uint64_t n, bytes;

	snprintf(where, sizeof where, "ObjectParts.Parts[%zu].", index);
	if (p->type != JSON_OBJECT)
		return meta_fail(r, "ObjectParts.Parts[%zu]: not an object", index);
	if (!meta_member(r, p, where, "PartNumber", false, &num) ||
	    !meta_member(r, p, where, "Size", false, &size))
		return false;
	if (!num || !size)
		return meta_fail(r, "ObjectParts.Parts[%zu]: no %s", index, num ? "Size" : "PartNumber");
	char what[64];
	snprintf(what, sizeof what, "%sPartNumber", where);
	if (!meta_uint(r, num, what, META_MAX_PARTS, &n))
		return false;
	snprintf(what, sizeof what, "%sSize", where);
	if (!meta_uint(r, size, what, INT64_MAX, &bytes))
		return false;
	if (n != index + 1)
		return meta_fail(r, "ObjectParts.Parts[%zu]: part %llu where part %zu was expected "
				 "(a paged listing? ask for every part: --max-parts %d)",
				 index, (unsigned long long)n, index + 1, META_MAX_PARTS);
	r->m->part_sizes[index] = bytes;
	return checksums(r, p, where, n);
}

static bool object_parts(struct meta_reader *r, const struct json_value *root)
{
	const struct json_value *op, *total, *parts, *trunc;
	struct object_meta *m = r->m;

	if (!meta_member(r, root, "", "ObjectParts", false, &op) || !op)
		return !r->failed;
	if (op->type != JSON_OBJECT)
		return meta_fail(r, "ObjectParts: not an object");
	if (!meta_member(r, op, "ObjectParts.", "TotalPartsCount", false, &total) ||
	    !meta_member(r, op, "ObjectParts.", "Parts", false, &parts) ||
	    !meta_member(r, op, "ObjectParts.", "IsTruncated", false, &trunc))
		return false;
	if (total && !meta_uint(r, total, "ObjectParts.TotalPartsCount", META_MAX_PARTS,
				&m->total_parts))
		return false;
	if (total && m->total_parts == 0)   /* 0 stands for "not given" below */
		return meta_fail(r, "ObjectParts.TotalPartsCount: 0 (a part count is 1 to %d)",
				 META_MAX_PARTS);
	if (!parts)
		return true;
	if (parts->type != JSON_ARRAY)
		return meta_fail(r, "ObjectParts.Parts: not an array");
	if (parts->count > META_MAX_PARTS)
		return meta_fail(r, "ObjectParts.Parts: more than %d parts", META_MAX_PARTS);
	if (m->total_parts && parts->count > m->total_parts)
		return meta_fail(r, "ObjectParts.Parts: %zu parts, more than TotalPartsCount (%llu)",
				 parts->count, (unsigned long long)m->total_parts);
	m->part_sizes = xnrealloc(NULL, parts->count + 1, sizeof *m->part_sizes);
	size_t i = 0;
	for (const struct json_value *p = parts->first; p; p = p->next, i++)
		if (!listed_part(r, p, i))
			return false;
	m->nlisted = parts->count;
	/* All TotalPartsCount parts listed is the whole listing, even where
	 * IsTruncated says more pages follow: a 1-part upload's part 1 must
	 * then be the object, not a 100-byte prefix of it. */
	m->parts_complete = parts->count > 0 &&
			    (m->total_parts ? parts->count == m->total_parts
					    : !trunc || trunc->type != JSON_TRUE);
	return true;
}

static const char *parts_word(uint64_t n)
{
	return n == 1 ? "part" : "parts";
}

/* S3 leaves an object's ETag an MD5 of its data only when it is neither
 * SSE-KMS nor SSE-C encrypted (API Reference, Object: ETag), and never in
 * a directory bucket, whose S3 Express One Zone objects have a random
 * alphanumeric ETag (User Guide: How is S3 Express One Zone different?);
 * HeadObject gives their StorageClass, EXPRESS_ONEZONE. */
static bool etag_is_md5(struct meta_reader *r, const struct json_value *root)
{
	const struct json_value *sse, *ssec, *class;

	if (!meta_member(r, root, "", "ServerSideEncryption", false, &sse) ||
	    !meta_member(r, root, "", "SSECustomerAlgorithm", false, &ssec) ||
	    !meta_member(r, root, "", "StorageClass", false, &class))
		return false;
	if (class && json_string_is(class, "EXPRESS_ONEZONE")) {
		meta_note(r, "ETag: not an MD5 of the data in a directory bucket (S3 Express One "
			  "Zone); not checked");
		return false;
	}
	if (ssec || (sse && sse->type == JSON_STRING && strncmp(sse->text, "aws:kms", 7) == 0)) {
		meta_note(r, "ETag: not an MD5 of the data for an SSE-KMS or SSE-C object; not "
			  "checked");
		return false;
	}
	return true;
}

/* Azure's ETag is "0x" and 15 or 16 hex digits, a version stamp (Azure
 * Storage REST API: Get Blob Properties); in a dump of Azure's headers it
 * sits beside Content-MD5 and is no digest. */
static bool azure_etag(const struct json_value *v)
{
	const char *s = v->text;
	size_t len = v->len;

	if (v->type != JSON_STRING)
		return false;
	if (len >= 2 && s[0] == '"' && s[len - 1] == '"') {
		s++;
		len -= 2;
	}
	return len >= 3 && len <= 18 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') &&
	       strspn(s + 2, "0123456789abcdefABCDEF") == len - 2;
}

static bool etag(struct meta_reader *r, const struct json_value *root)
{
	const struct json_value *v;
	uint64_t n;

	if (!meta_member(r, root, "", "ETag", false, &v) || !v || !etag_is_md5(r, root))
		return !r->failed;
	if (azure_etag(v)) {
		meta_note(r, "ETag: Azure's (a version, not a digest); not checked");
		return true;
	}
	struct meta_check *c = meta_add(r, algo_by_name("md5"), META_ETAG, "ETag");
	if (!meta_etag(r, v, c, &n))
		return false;
	if (n == 0) {
		c->kind = META_FULL;
		c->etag = true;
	}
	c->nparts = n;
	return true;
}

/* The upload's part count, where META gives one: ObjectParts'
 * TotalPartsCount, else the ETag's or any composite's "-N"; 0 if none. */
static uint64_t upload_part_count(const struct object_meta *m)
{
	if (m->total_parts)
		return m->total_parts;
	for (size_t i = 0; i < m->nchecks; i++)
		if ((m->checks[i].kind == META_ETAG || m->checks[i].kind == META_COMPOSITE) &&
		    m->checks[i].nparts)
			return m->checks[i].nparts;
	return 0;
}

/* Composite checksums without "-N" (get-object-attributes prints them so)
 * and listed parts take the upload's count. One upload has one count: the
 * ETag's and every composite's "-N" must agree, with TotalPartsCount too. */
static bool finish(struct meta_reader *r)
{
	struct object_meta *m = r->m;
	const struct meta_check *counted = NULL;
	uint64_t upload_parts = upload_part_count(m);
	for (size_t i = 0; i < m->nchecks; i++) {
		struct meta_check *c = &m->checks[i];
		/* An upload in parts has an ETag with "-N" (a copy made whole
		 * gets a plain one, and no ObjectParts). */
		if (c->etag && m->total_parts > 1)
			return meta_fail(r, "%s: a whole-object MD5 (no -N), but "
					 "ObjectParts.TotalPartsCount is %llu", c->source,
					 (unsigned long long)m->total_parts);
		if (c->unsaid != UNSAID_NO && upload_parts) {
			c->kind = META_COMPOSITE;
			c->nparts = upload_parts;
			c->or_whole = c->unsaid == UNSAID_CRC;
		}
		/* 0: a partial listing, and nothing says how many parts. */
		if (c->kind == META_PART)
			c->nparts = upload_parts ? upload_parts : m->parts_complete ? m->nlisted : 0;
		if (c->kind != META_COMPOSITE && c->kind != META_ETAG)
			continue;
		if (!c->nparts)
			c->nparts = upload_parts;
		if (!c->nparts)
			return meta_fail(r, "%s: composite, but no part count (no -N here or on the "
					 "ETag, no ObjectParts.TotalPartsCount)", c->source);
		if (m->total_parts && c->nparts != m->total_parts)
			return meta_fail(r, "%s: %llu %s, but ObjectParts.TotalPartsCount is %llu",
					 c->source, (unsigned long long)c->nparts,
					 parts_word(c->nparts), (unsigned long long)m->total_parts);
		/* A listing of more parts, or a whole one of other parts. */
		if (m->nlisted > c->nparts || (m->parts_complete && m->nlisted != c->nparts))
			return meta_fail(r, "%s: %llu %s, but ObjectParts.Parts lists %zu",
					 c->source, (unsigned long long)c->nparts,
					 parts_word(c->nparts), m->nlisted);
		if (counted && c->nparts != counted->nparts)
			return meta_fail(r, "%s: %llu %s, but %s: %llu", c->source,
					 (unsigned long long)c->nparts, parts_word(c->nparts),
					 counted->source, (unsigned long long)counted->nparts);
		counted = c;
	}
	return true;
}

bool meta_read_s3(struct meta_reader *r, const struct json_value *root)
{
	const struct json_value *len, *size, *sums, *count;

	/* PartsCount comes only with head-object (or get-object) --part-number,
	 * whose ContentLength, ETag range and checksums are one part's (API
	 * Reference, HeadObject: partNumber, PartsCount). */
	if (!meta_member(r, root, "", "PartsCount", false, &count))
		return false;
	if (count)
		return meta_fail(r, "PartsCount: the metadata of one part (head-object "
				 "--part-number), not of the object");
	if (!meta_member(r, root, "", "ContentLength", false, &len) ||
	    !meta_member(r, root, "", "ObjectSize", false, &size) ||
	    !meta_member(r, root, "", "Checksum", false, &sums) ||
	    !meta_set_size(r, len, "ContentLength") || !meta_set_size(r, size, "ObjectSize"))
		return false;
	if (sums && sums->type != JSON_OBJECT)
		return meta_fail(r, "Checksum: not an object");
	if (!etag(r, root) || !checksums(r, root, "", 0) ||
	    (sums && !checksums(r, sums, "Checksum.", 0)) || !object_parts(r, root))
		return false;
	return finish(r);
}
