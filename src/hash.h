/* hash.h - one streaming hash computation: init, update..., final. */
#ifndef SIMDSUM_HASH_H
#define SIMDSUM_HASH_H

#include <stddef.h>
#include <stdint.h>

#include "algo.h"
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

struct hash_ctx {
	const struct algo *algo;
	struct dispatch dispatch;
	const struct impl *used;   /* the row that took the longest call so far */
	size_t used_len;           /* (what --json and --debug report) */
	union {
		struct md_state md;
		uint32_t crc;          /* un-inverted register */
	} u;
};

/* Starts a computation of algo through the given dispatch (see impl.h). */
void hash_init(struct hash_ctx *ctx, const struct algo *algo, const struct dispatch *d);

static inline void hash_update(struct hash_ctx *ctx, const void *data, size_t len)
{
	ctx->algo->ops->update(ctx, data, len);
}

/* Writes algo->digest_size bytes. The context must be re-initialised
 * before it is used again. */
static inline void hash_final(struct hash_ctx *ctx, uint8_t *digest)
{
	ctx->algo->ops->final(ctx, digest);
}

/* For the lane scheduler, which lets a multi-buffer kernel work on the
 * chaining words in place: the words, and the bookkeeping for nbytes
 * (whole blocks) that a kernel absorbed into them. Valid only for SHA
 * computations with nothing buffered. */
static inline void *hash_md_words(struct hash_ctx *ctx)
{
	return &ctx->u.md.h;
}

/* Records that impl processed a call of len bytes for this computation. */
static inline void hash_note_impl(struct hash_ctx *ctx, const struct impl *impl, size_t len)
{
	if (len >= ctx->used_len) {
		ctx->used = impl;
		ctx->used_len = len;
	}
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
