/* SPDX-License-Identifier: MIT */
/* meta_gcs.c - Google Cloud Storage's object metadata: the JSON API's
 * object resource (size as a string, crc32c, md5Hash, componentCount;
 * Cloud Storage JSON API reference, Objects) and `gcloud storage objects
 * describe --format=json` (size, crc32c_hash, md5_hash, component_count,
 * the keys of the gcloud storage resource formatter). Both hashes are
 * base64: the CRC-32C big-endian, the MD5 raw. A composite object has a
 * crc32c (Cloud Storage combines its components' CRCs) and no md5Hash;
 * either is the whole object's. Layer: parsing (pure). */
#include <stdio.h>

#include "meta_read.h"

/* The two spellings of each member: the JSON API's, then gcloud's. */
static const struct {
	const char *api, *gcloud;
	const char *algo;
} gcs_hashes[] = {
	{ "crc32c", "crc32c_hash", "crc32c" },
	{ "md5Hash", "md5_hash", "md5" },
};

static bool component_count(struct meta_reader *r, const struct json_value *root,
			    uint64_t *count)
{
	const struct json_value *api, *gcloud;
	uint64_t other = 0;

	*count = 0;
	if (!meta_member(r, root, "", "componentCount", false, &api) ||
	    !meta_member(r, root, "", "component_count", false, &gcloud))
		return false;
	if (api && !meta_uint(r, api, "componentCount", UINT32_MAX, count))
		return false;
	if (!gcloud)
		return true;
	if (!meta_uint(r, gcloud, "component_count", UINT32_MAX, &other))
		return false;
	/* Both spellings: they must agree, as two sizes must. */
	if (api && other != *count)
		return meta_fail(r, "component_count: %llu, but componentCount says %llu",
				 (unsigned long long)other, (unsigned long long)*count);
	*count = other;
	return true;
}

static bool gcs_hash(struct meta_reader *r, const struct json_value *v, const char *name,
		     const char *algo, uint64_t components)
{
	if (!v)
		return true;
	struct meta_check *c = meta_add(r, algo_by_name(algo), META_FULL, name);
	c->components = components;
	return meta_digest(r, v, c, NULL, false);
}

bool meta_read_gcs(struct meta_reader *r, const struct json_value *root)
{
	const struct json_value *size, *api, *gcloud;
	uint64_t components;

	if (!meta_member(r, root, "", "size", false, &size) || !meta_set_size(r, size, "size") ||
	    !component_count(r, root, &components))
		return false;
	for (size_t i = 0; i < sizeof gcs_hashes / sizeof gcs_hashes[0]; i++) {
		if (!meta_member(r, root, "", gcs_hashes[i].api, false, &api) ||
		    !meta_member(r, root, "", gcs_hashes[i].gcloud, false, &gcloud))
			return false;
		if (!gcs_hash(r, api, gcs_hashes[i].api, gcs_hashes[i].algo, components) ||
		    !gcs_hash(r, gcloud, gcs_hashes[i].gcloud, gcs_hashes[i].algo, components))
			return false;
	}
	return true;
}
