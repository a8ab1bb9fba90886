/* SPDX-License-Identifier: MIT */
/* crc_family.c - what the CRC families share above their kernels: the
 * digest bytes and the combination, through each family's model. */
#include "bytes.h"
#include "crc_model.h"
#include "impl.h"

static struct crc_model *model_of(enum family family)
{
	switch (family) {
	case FAMILY_CRC32:
		return &crc_model_crc32;
	case FAMILY_CRC64NVME:
		return &crc_model_crc64nvme;
	default:
		return &crc_model_crc32c;
	}
}

uint64_t crc_load_digest(enum family family, const uint8_t *digest)
{
	return family_crc_width(family) == 64 ? load_be64(digest) : load_be32(digest);
}

uint64_t crc_combine(enum family family, uint64_t crc_a, uint64_t crc_b, uint64_t len_b)
{
	return crc_model_combine(model_of(family), crc_a, crc_b, len_b);
}
