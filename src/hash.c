/* SPDX-License-Identifier: MIT */
/* hash.c - starting a hash computation. */
#include "hash.h"

void hash_buffer(const struct algo *algo, const struct dispatch *d, const void *data,
		 size_t len, uint8_t *digest)
{
	struct hash_ctx ctx;

	hash_init(&ctx, algo, d);
	hash_update(&ctx, data, len);
	hash_final(&ctx, digest);
}
