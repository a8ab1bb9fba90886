/* SPDX-License-Identifier: MIT */
/* hash.h - one streaming hash computation: init, update..., final.
 * Layer: registry. */
#ifndef SIMDSUM_HASH_H
#define SIMDSUM_HASH_H

#include <stddef.h>
#include <stdint.h>

#include "algo.h"
#include "bytes.h"
#include "impl.h"

struct md_state {
	union {
		uint32_t w32[8];
		uint64_t w64[8];
	} h;                       /* chaining words */
	uint64_t nbytes;           /* message length mod 2^64 bytes */
	uint64_t nbytes_hi;        /* carries out of nbytes */
	unsigned buffered;         /* bytes waiting in buf */
	uint8_t buf[128] __attribute__((aligned(64)));
};

/* Room for a library's streaming state (XXH3_state_t is 576 bytes;
 * src/impl_xxhash.c checks that it fits). */
#define HASH_STREAM_STATE 640

struct hash_ctx {
	const struct algo *algo;
	const struct dispatch *dispatch;   /* must outlive the computation */
	const struct impl *used;   /* the row that took the longest call so far */
	size_t used_len;           /* (what --json and --debug report) */
	union {
		struct md_state md;
		uint64_t crc;          /* un-inverted register, in its width */
		unsigned char stream[HASH_STREAM_STATE] __attribute__((aligned(64)));
	} u;
};

/* The block-buffering driver of SHA and MD5 (hash_md.c): the partial
 * block, the padding and the length; whole blocks go to the transform the
 * dispatch picks. */
void md_init(struct hash_ctx *ctx);
void md_update(struct hash_ctx *ctx, const uint8_t *data, size_t len);
void md_final(struct hash_ctx *ctx, uint8_t *digest);

/* Starting, feeding and finishing a computation. SHA and MD5 go through
 * the block-buffering driver (hash_md.c), the xxHash family through its
 * library's own streaming state (the row's fn.stream). CRC-32C needs no buffering and its
 * start and end are one instruction each, so its path is inline: for
 * messages of 16 to 256 bytes, calls through a table of operations cost
 * as much as the CRC itself (measured: 2.8 ns of 8 ns at 256 bytes).
 * The context still lives in memory, since the SHA driver takes its
 * address; a caller that wants the CRC alone calls dispatch_crc32c
 * (impl.h), which keeps the register in a register. */

/* Starts a computation of algo through the given dispatch (see impl.h),
 * which the context keeps pointing to. */
static inline void hash_init(struct hash_ctx *ctx, const struct algo *algo,
			     const struct dispatch *d)
{
	ctx->algo = algo;
	ctx->dispatch = d;
	ctx->used = d->tier[d->ntiers - 1].impl;
	ctx->used_len = 0;
	if (family_is_crc(algo->family))
		ctx->u.crc = crc_register_init(algo->family);   /* all ones */
	else if (family_is_blocks(algo->family))
		md_init(ctx);
	else
		ctx->used->fn.stream->init(ctx->u.stream);
}

/* Records that impl processed a call of len bytes for this computation. */
static inline void hash_note_impl(struct hash_ctx *ctx, const struct impl *impl, size_t len)
{
	if (len >= ctx->used_len) {
		ctx->used = impl;
		ctx->used_len = len;
	}
}

static inline void hash_update(struct hash_ctx *ctx, const void *data, size_t len)
{
	if (family_is_blocks(ctx->algo->family)) {
		md_update(ctx, data, len);
	} else if (!family_is_crc(ctx->algo->family)) {
		hash_note_impl(ctx, ctx->used, len);
		ctx->used->fn.stream->update(ctx->u.stream, data, len);
	} else if (len) {
		const struct impl *impl = dispatch_pick(ctx->dispatch, len);
		hash_note_impl(ctx, impl, len);
		ctx->u.crc = impl_crc(impl, ctx->u.crc, data, len);
	}
}

/* Writes algo->digest_size bytes. The context must be re-initialised
 * before it is used again. A CRC-32C digest is the CRC most significant
 * byte first, so its hex is the usual printed value ("123456789" ->
 * e3069283) and its base64 what cloud object stores report; the same
 * holds for every CRC (8 bytes for CRC-64/NVME). */
static inline void hash_final(struct hash_ctx *ctx, uint8_t *digest)
{
	if (family_is_crc(ctx->algo->family))
		crc_store_digest(ctx->algo->family, digest, ~ctx->u.crc);
	else if (family_is_blocks(ctx->algo->family))
		md_final(ctx, digest);
	else
		ctx->used->fn.stream->final(ctx->u.stream, ctx->algo->digest_size, digest);
}

/* For the lane scheduler, which lets a multi-buffer kernel work on the
 * chaining words in place: the words, and the bookkeeping for nbytes
 * (whole blocks) that a kernel absorbed into them. Valid only for SHA
 * computations with nothing buffered. */
static inline void *hash_md_words(struct hash_ctx *ctx)
{
	return &ctx->u.md.h;
}

static inline void hash_md_absorbed(struct hash_ctx *ctx, uint64_t nbytes)
{
	ctx->u.md.nbytes += nbytes;
	if (ctx->u.md.nbytes < nbytes)
		ctx->u.md.nbytes_hi++;
}

/* One-shot convenience. */
void hash_buffer(const struct algo *algo, const struct dispatch *d, const void *data,
		 size_t len, uint8_t *digest);

#endif
