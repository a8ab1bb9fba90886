/* SPDX-License-Identifier: MIT */
/* algo.c - the algorithm table: names, tags, sizes and initial values. */
#include <string.h>

#include "algo.h"

/* Initial hash values, FIPS 180-4 section 5.3. */
static const uint32_t sha1_iv[5] = {
	0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0,
};
static const uint32_t sha224_iv[8] = {
	0xc1059ed8, 0x367cd507, 0x3070dd17, 0xf70e5939,
	0xffc00b31, 0x68581511, 0x64f98fa7, 0xbefa4fa4,
};
static const uint32_t sha256_iv[8] = {
	0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
	0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
};
static const uint64_t sha384_iv[8] = {
	0xcbbb9d5dc1059ed8, 0x629a292a367cd507, 0x9159015a3070dd17, 0x152fecd8f70e5939,
	0x67332667ffc00b31, 0x8eb44a8768581511, 0xdb0c2e0d64f98fa7, 0x47b5481dbefa4fa4,
};
static const uint64_t sha512_iv[8] = {
	0x6a09e667f3bcc908, 0xbb67ae8584caa73b, 0x3c6ef372fe94f82b, 0xa54ff53a5f1d36f1,
	0x510e527fade682d1, 0x9b05688c2b3e6c1f, 0x1f83d9abfb41bd6b, 0x5be0cd19137e2179,
};

/* RFC 1321, 3.3: words A, B, C, D. */
static const uint32_t md5_iv[4] = { 0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476 };

const struct algo algos[ALGO_COUNT + 1] = {
	{ "sha1", "SHA1", FAMILY_SHA1, 20, sha1_iv, false },
	{ "sha224", "SHA224", FAMILY_SHA256, 28, sha224_iv, false },
	{ "sha256", "SHA256", FAMILY_SHA256, 32, sha256_iv, false },
	{ "sha384", "SHA384", FAMILY_SHA512, 48, sha384_iv, false },
	{ "sha512", "SHA512", FAMILY_SHA512, 64, sha512_iv, false },
	{ "md5", "MD5", FAMILY_MD5, 16, md5_iv, false },
	{ "xxh64", "XXH64", FAMILY_XXH64, 8, NULL, false },
	{ "xxh3", "XXH3", FAMILY_XXH3, 8, NULL, true },
	{ "xxh128", "XXH128", FAMILY_XXH3, 16, NULL, false },
	{ "crc32c", "CRC32C", FAMILY_CRC32C, 4, NULL, false },
	{ "crc32", "CRC32", FAMILY_CRC32, 4, NULL, false },
	{ "crc64nvme", "CRC64NVME", FAMILY_CRC64NVME, 8, NULL, false },
	{ 0 },
};

const struct algo *algo_by_name(const char *name)
{
	for (const struct algo *a = algos; a->name; a++)
		if (strcmp(a->name, name) == 0)
			return a;
	return NULL;
}

const struct algo *algo_by_tag(const char *tag, size_t taglen)
{
	for (const struct algo *a = algos; a->name; a++)
		if (strlen(a->tag) == taglen && memcmp(a->tag, tag, taglen) == 0)
			return a;
	return NULL;
}
