/* crc32c_driver.c - CRC-32C as a hash: init/final inversion, big-endian digest. */
#include "bytes.h"
#include "crc32c_driver.h"
#include "hash.h"

static void crc_init(struct hash_ctx *ctx)
{
	ctx->u.crc = 0xffffffffu;
}

static void crc_update(struct hash_ctx *ctx, const uint8_t *data, size_t len)
{
	if (len) {
		const struct impl *impl = dispatch_pick(&ctx->dispatch, len);
		hash_note_impl(ctx, impl, len);
		ctx->u.crc = impl->fn.crc32c(ctx->u.crc, data, len);
	}
}

/* The digest is the 32-bit CRC written most significant byte first, so
 * its hex form is the usual printed value ("123456789" -> e3069283) and
 * its base64 form matches what cloud object stores report. */
static void crc_final(struct hash_ctx *ctx, uint8_t *digest)
{
	store_be32(digest, ~ctx->u.crc);
}

const struct hash_ops crc32c_ops = { crc_init, crc_update, crc_final };
