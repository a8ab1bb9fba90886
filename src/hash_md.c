/* SPDX-License-Identifier: MIT */
/* hash_md.c - the block-buffering driver shared by SHA-1, SHA-2/256, SHA-2/512
 * and MD5: it owns the partial block, the padding and the length, and hands whole
 * blocks to the transform the dispatch picks. No transform ever pads. */
#include <string.h>

#include "bytes.h"
#include "hash.h"

/* Calls the transform for nblocks whole blocks at data. */
static void run_blocks(struct hash_ctx *ctx, const uint8_t *data, size_t nblocks)
{
	enum family family = ctx->algo->family;
	size_t len = nblocks * impl_block_size(family);
	const struct impl *impl = dispatch_pick(ctx->dispatch, len);

	hash_note_impl(ctx, impl, len);
	impl_blocks(impl, &ctx->u.md.h, data, nblocks);
}

/* The first size bytes of the chaining words, each word in the family's
 * byte order (a digest is a prefix of them: SHA-224, SHA-384). */
static void store_words(const struct family_desc *fd, const void *words, unsigned size,
			uint8_t *out)
{
	const uint32_t *w32 = words;
	const uint64_t *w64 = words;

	for (unsigned i = 0; i < size / fd->word_bytes; i++) {
		uint8_t *p = out + fd->word_bytes * i;
		if (fd->word_bytes == 8)
			store_be64(p, w64[i]);
		else if (fd->little_endian)
			store_le32(p, w32[i]);
		else
			store_be32(p, w32[i]);
	}
}

void md_init(struct hash_ctx *ctx)
{
	struct md_state *md = &ctx->u.md;

	memcpy(&md->h, ctx->algo->iv, family_state_bytes(ctx->algo->family));
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

/* Padding (FIPS 180-4, 5.1; RFC 1321, 3.1-3.2): a 1 bit, zeros, then the
 * message length in bits as an integer of 64 bits (128 for SHA-512)
 * ending the last block: big-endian for SHA, little-endian for MD5. */
void md_final(struct hash_ctx *ctx, uint8_t *digest)
{
	struct md_state *md = &ctx->u.md;
	const struct family_desc *fd = family_desc(ctx->algo->family);
	unsigned bs = fd->block_size;
	uint64_t bits_lo = md->nbytes << 3;
	uint64_t bits_hi = (md->nbytes_hi << 3) | (md->nbytes >> 61);
	unsigned n = md->buffered;

	md->buf[n++] = 0x80;
	if (n > bs - fd->length_bytes) {
		memset(md->buf + n, 0, bs - n);
		run_blocks(ctx, md->buf, 1);
		n = 0;
	}
	memset(md->buf + n, 0, bs - 8 - n);
	if (fd->little_endian) {
		store_le64(md->buf + bs - 8, bits_lo);
	} else {
		if (fd->length_bytes == 16)
			store_be64(md->buf + bs - 16, bits_hi);
		store_be64(md->buf + bs - 8, bits_lo);
	}
	run_blocks(ctx, md->buf, 1);
	store_words(fd, &md->h, ctx->algo->digest_size, digest);
}
