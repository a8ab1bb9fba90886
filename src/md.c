/* md.c - the block-buffering driver shared by SHA-1, SHA-2/256 and SHA-2/512:
 * it owns the partial block, the padding and the length, and hands whole
 * blocks to the transform the dispatch picks. No transform ever pads. */
#include <string.h>

#include "bytes.h"
#include "hash.h"
#include "md.h"

/* Calls the transform for nblocks whole blocks at data. */
static void run_blocks(struct hash_ctx *ctx, const uint8_t *data, size_t nblocks)
{
	enum family family = ctx->algo->family;
	size_t len = nblocks * impl_block_size(family);
	const struct impl *impl = dispatch_pick(ctx->dispatch, len);

	hash_note_impl(ctx, impl, len);
	impl_sha_blocks(impl, &ctx->u.md.h, data, nblocks);
}

void md_init(struct hash_ctx *ctx)
{
	struct md_state *md = &ctx->u.md;

	if (ctx->algo->family == FAMILY_SHA512)
		memcpy(md->h.w64, ctx->algo->iv, sizeof md->h.w64);
	else
		memcpy(md->h.w32, ctx->algo->iv, (ctx->algo->family == FAMILY_SHA1 ? 5 : 8) * 4);
	md->nbytes = 0;
	md->nbytes_hi = 0;
	md->buffered = 0;
}

void md_update(struct hash_ctx *ctx, const uint8_t *data, size_t len)
{
	struct md_state *md = &ctx->u.md;
	unsigned bs = impl_block_size(ctx->algo->family);

	md->nbytes += len;
	if (md->nbytes < len)
		md->nbytes_hi++;

	if (md->buffered) {
		size_t take = bs - md->buffered;
		if (take > len)
			take = len;
		memcpy(md->buf + md->buffered, data, take);
		md->buffered += (unsigned)take;
		data += take;
		len -= take;
		if (md->buffered < bs)
			return;
		run_blocks(ctx, md->buf, 1);
		md->buffered = 0;
	}
	if (len >= bs) {
		size_t nblocks = len / bs;
		run_blocks(ctx, data, nblocks);
		data += nblocks * bs;
		len -= nblocks * bs;
	}
	if (len) {
		memcpy(md->buf, data, len);
		md->buffered = (unsigned)len;
	}
}

/* Padding (FIPS 180-4, 5.1): a 1 bit, zeros, then the message length in
 * bits as a big-endian integer of 64 bits (128 for SHA-512) ending the
 * last block. */
void md_final(struct hash_ctx *ctx, uint8_t *digest)
{
	struct md_state *md = &ctx->u.md;
	enum family family = ctx->algo->family;
	unsigned bs = impl_block_size(family);
	unsigned lenfield = family == FAMILY_SHA512 ? 16 : 8;
	uint64_t bits_lo = md->nbytes << 3;
	uint64_t bits_hi = (md->nbytes_hi << 3) | (md->nbytes >> 61);
	unsigned n = md->buffered;

	md->buf[n++] = 0x80;
	if (n > bs - lenfield) {
		memset(md->buf + n, 0, bs - n);
		run_blocks(ctx, md->buf, 1);
		n = 0;
	}
	memset(md->buf + n, 0, bs - 8 - n);
	if (lenfield == 16)
		store_be64(md->buf + bs - 16, bits_hi);
	store_be64(md->buf + bs - 8, bits_lo);
	run_blocks(ctx, md->buf, 1);

	if (family == FAMILY_SHA512) {
		for (unsigned i = 0; i < ctx->algo->digest_size / 8; i++)
			store_be64(digest + 8 * i, md->h.w64[i]);
	} else {
		for (unsigned i = 0; i < ctx->algo->digest_size / 4; i++)
			store_be32(digest + 4 * i, md->h.w32[i]);
	}
}
