/* SPDX-License-Identifier: MIT */
/* meta_azure.c - Azure Blob Storage's blob metadata: `az storage blob
 * show` (properties.contentLength, and properties.contentSettings.
 * contentMd5, base64 of the MD5) and the REST API's headers given as
 * members (Content-Length, Content-MD5, x-ms-blob-content-md5, and
 * x-ms-content-crc64, names matched case-insensitively as HTTP does;
 * Azure Storage REST API reference: Get Blob Properties, Put Blob). Azure's
 * CRC64 is CRC-64/NVME, its base64 of the bytes least significant first;
 * it is checked as the whole blob's (what Put Blob reports; a Put Block's
 * covers only that block). Layer: parsing (pure). */
#include <stdio.h>

#include "meta_read.h"

static bool azure_hash(struct meta_reader *r, const struct json_value *v, const char *what,
		       const char *algo, bool little_endian)
{
	if (!v)
		return true;
	struct meta_check *c = meta_add(r, algo_by_name(algo), META_FULL, what);
	return meta_digest(r, v, c, NULL, little_endian);
}

/* az storage blob show: the members under "properties". */
static bool cli_properties(struct meta_reader *r, const struct json_value *root)
{
	const struct json_value *props, *len, *settings, *md5, *crc;

	if (!meta_member(r, root, "", "properties", false, &props) || !props)
		return !r->failed;
	if (props->type != JSON_OBJECT)
		return meta_fail(r, "properties: not an object");
	if (!meta_member(r, props, "properties.", "contentLength", false, &len) ||
	    !meta_set_size(r, len, "properties.contentLength") ||
	    !meta_member(r, props, "properties.", "contentSettings", false, &settings) ||
	    !meta_member(r, props, "properties.", "contentCrc64", false, &crc) ||
	    !azure_hash(r, crc, "properties.contentCrc64", "crc64nvme", true))
		return false;
	if (!settings)
		return true;
	if (settings->type != JSON_OBJECT)
		return meta_fail(r, "properties.contentSettings: not an object");
	return meta_member(r, settings, "properties.contentSettings.", "contentMd5", false, &md5) &&
	       azure_hash(r, md5, "properties.contentSettings.contentMd5", "md5", false);
}

/* The REST headers, as members of the top-level object. */
static const struct {
	const char *name;
	const char *algo;     /* NULL: the size */
	bool little_endian;
} headers[] = {
	{ "Content-Length", NULL, false },
	{ "Content-MD5", "md5", false },
	{ "x-ms-blob-content-md5", "md5", false },
	{ "x-ms-content-crc64", "crc64nvme", true },
	{ "contentCrc64", "crc64nvme", true },
};

bool meta_read_azure(struct meta_reader *r, const struct json_value *root)
{
	const struct json_value *v;

	if (!cli_properties(r, root))
		return false;
	for (size_t i = 0; i < sizeof headers / sizeof headers[0]; i++) {
		bool icase = headers[i].name[0] != 'c';   /* contentCrc64 is az's spelling */
		if (!meta_member(r, root, "", headers[i].name, icase, &v))
			return false;
		bool ok = headers[i].algo ? azure_hash(r, v, headers[i].name, headers[i].algo,
						       headers[i].little_endian)
					  : meta_set_size(r, v, headers[i].name);
		if (!ok)
			return false;
	}
	return true;
}
