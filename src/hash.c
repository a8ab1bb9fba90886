/* hash.c - starting a hash computation. */
#include "hash.h"

void hash_init(struct hash_ctx *ctx, const struct algo *algo, const struct dispatch *d)
{
	ctx->algo = algo;
	ctx->dispatch = *d;
	ctx->used = d->tier[d->ntiers - 1].impl;
	ctx->used_len = 0;
	algo->ops->init(ctx);
}

void hash_buffer(const struct algo *algo, const struct dispatch *d, const void *data,
		 size_t len, uint8_t *digest)
{
	struct hash_ctx ctx;

	hash_init(&ctx, algo, d);
	hash_update(&ctx, data, len);
	hash_final(&ctx, digest);
}
