/* SPDX-License-Identifier: MIT */
/* meta_parse.c - from META's text to the checks it asks for: the JSON
 * parsed, the object found, each store's reader run over it (a member
 * only one store uses means the same wherever it appears), and what the
 * checks need of one another verified, so that nothing later has to
 * doubt them. Layer: parsing (pure). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "meta_parse.h"
#include "meta_read.h"
#include "object_meta.h"

/* The object described: the top-level object, or the one element of a
 * top-level array (what a listing of one object prints). */
static const struct json_value *the_object(struct meta_reader *r, const struct json_value *root)
{
	if (root->type == JSON_ARRAY && root->count == 1)
		root = root->first;
	if (root->type != JSON_OBJECT) {
		meta_fail(r, "not a JSON object (the metadata of one object)");
		return NULL;
	}
	return root;
}

/* The listed parts must tile the object: all of it when the list is
 * complete, no more than it when it is not. A complete list is the
 * object's size when no member gives it (get-object-attributes asked for
 * ObjectParts without ObjectSize), so that a shorter or longer file is
 * the size line's FAILED and not the OK of the parts it does hold. */
static bool parts_fit(struct meta_reader *r)
{
	struct object_meta *m = r->m;
	uint64_t sum = 0;

	for (size_t i = 0; i < m->nlisted; i++) {
		if (m->part_sizes[i] > INT64_MAX - sum)
			return meta_fail(r, "ObjectParts.Parts: the sizes add up past 2^63 bytes");
		sum += m->part_sizes[i];
	}
	if (!m->has_size && m->parts_complete) {
		m->has_size = true;
		m->size = sum;
	}
	if (!m->has_size || !m->nlisted)
		return true;
	if (m->parts_complete ? sum != m->size : sum > m->size)
		return meta_fail(r, "ObjectParts.Parts: the parts add up to %llu bytes, the object "
				 "to %llu", (unsigned long long)sum, (unsigned long long)m->size);
	return true;
}

static bool read_all(struct meta_reader *r, const struct json_value *root)
{
	const struct json_value *obj = the_object(r, root);

	if (!obj || !meta_read_s3(r, obj) || !meta_read_gcs(r, obj) || !meta_read_azure(r, obj) ||
	    !parts_fit(r))
		return false;
	if (r->m->nchecks == 0 && r->m->nnotes)
		return meta_fail(r, "no checksum simdsum knows (%s)", r->m->notes[0]);
	if (r->m->nchecks == 0)
		return meta_fail(r, "no checksum simdsum knows (S3's ETag or Checksum*, Cloud "
				 "Storage's crc32c or md5Hash, Azure's Content-MD5)");
	return true;
}

bool meta_parse(const char *text, size_t len, struct object_meta *m, char *err, size_t errsize)
{
	struct meta_reader r = { .m = m, .err = err, .errsize = errsize };
	struct json_doc doc;
	struct json_error jerr;

	memset(m, 0, sizeof *m);
	if (len > META_MAX_SIZE) {
		snprintf(err, errsize, "larger than %d bytes: not the metadata of an object",
			 META_MAX_SIZE);
		return false;
	}
	if (!json_parse(text, len, &doc, &jerr)) {
		snprintf(err, errsize, "invalid JSON at line %lu, column %lu: %s", jerr.line,
			 jerr.column, jerr.message);
		return false;
	}
	bool ok = read_all(&r, doc.root);
	json_free(&doc);
	if (!ok)
		object_meta_free(m);
	return ok;
}
