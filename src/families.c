/* SPDX-License-Identifier: MIT */
/* families.c - the family descriptors, one row a family: the registry's
 * index (family.h), pointing at each family's rows (impl_*.c). Apart from
 * family.c so that the descriptor's code needs nothing of the registry. */
#include "family.h"
#include "impl.h"

#define ROWS(rows, portable_row) .impls = rows, .portable = portable_row
/* A block family: block bytes, chaining words of wbytes each, the
 * padding's length field, and whether its words are little-endian. */
#define BLOCKS(block, words, wbytes, length_field, le)                              \
	.kind = KIND_BLOCKS, .block_size = block, .state_words = words,             \
	.word_bytes = wbytes, .length_bytes = length_field, .little_endian = le
#define CRC(width_bytes) .kind = KIND_CRC, .state_words = 1, .word_bytes = width_bytes

const struct family_desc family_descs[FAMILY_COUNT] = {
	[FAMILY_SHA1] = { "sha1", "sha1", ROWS(sha1_impls, "generic"), BLOCKS(64, 5, 4, 8, false) },
	[FAMILY_SHA256] = { "sha256", "sha224, sha256", ROWS(sha256_impls, "generic"),
			    BLOCKS(64, 8, 4, 8, false) },
	[FAMILY_SHA512] = { "sha512", "sha384, sha512", ROWS(sha512_impls, "generic"),
			    BLOCKS(128, 8, 8, 16, false) },
	[FAMILY_MD5] = { "md5", "md5", ROWS(md5_impls, "generic"), BLOCKS(64, 4, 4, 8, true) },
	[FAMILY_XXH64] = { "xxh64", "xxh64", ROWS(xxh64_impls, "libxxhash"), .kind = KIND_STREAM },
	[FAMILY_XXH3] = { "xxh3", "xxh3, xxh128", ROWS(xxh3_impls, "libxxhash"), .kind = KIND_STREAM },
	[FAMILY_CRC32C] = { "crc32c", "crc32c", ROWS(crc32c_impls, "generic"), CRC(4) },
	[FAMILY_CRC32] = { "crc32", "crc32", ROWS(crc32_impls, "generic"), CRC(4) },
	[FAMILY_CRC64NVME] = { "crc64nvme", "crc64nvme", ROWS(crc64nvme_impls, "generic"), CRC(8) },
};
