/* SPDX-License-Identifier: MIT */
/* impl_xxhash.c - the xxHash family's rows: XXH64, and XXH3 in its 64-
 * and 128-bit forms, computed by the reference implementation (Debian's
 * libxxhash, with its own run-time choice of SSE2, AVX2 or AVX-512 for
 * XXH3 on x86-64), whose streaming state lives in the hash_ctx. A digest
 * is the library's canonical form (big-endian), what xxhsum prints. A
 * cross build compiles the same implementation from the library's header
 * (XXH_INLINE_ALL): no library for the target is needed. */
#ifndef SIMDSUM_XXH_INLINE
#define SIMDSUM_XXH_INLINE 0
#endif
#ifndef SIMDSUM_XXH_DISPATCH
#define SIMDSUM_XXH_DISPATCH 0
#endif
#define XXH_STATIC_LINKING_ONLY   /* the state structures, to embed them */
#if SIMDSUM_XXH_INLINE
#define XXH_INLINE_ALL
#endif
#include <stdio.h>
#include <string.h>
#include <xxhash.h>
#if SIMDSUM_XXH_DISPATCH && !SIMDSUM_XXH_INLINE
#include <xxh_x86dispatch.h>      /* XXH3 updates through the library's dispatch */
#endif

#include "hash.h"
#include "impl.h"

_Static_assert(sizeof(XXH64_state_t) <= HASH_STREAM_STATE, "XXH64 state fits a hash_ctx");
_Static_assert(sizeof(XXH3_state_t) <= HASH_STREAM_STATE, "XXH3 state fits a hash_ctx");
_Static_assert(_Alignof(XXH3_state_t) <= 64, "the hash_ctx aligns it");

static void describe(char *buf, size_t size)
{
	unsigned v = XXH_versionNumber();
	snprintf(buf, size, "libxxhash %u.%u.%u%s", v / 10000, v / 100 % 100, v % 100,
		 SIMDSUM_XXH_INLINE ? " (inlined from its header)"
		 : SIMDSUM_XXH_DISPATCH ? ", its own choice of SIMD" : "");
}

static void xxh64_init(void *state)
{
	XXH64_reset(state, 0);
}

static void xxh64_update(void *state, const uint8_t *data, size_t len)
{
	XXH64_update(state, data, len);
}

static void xxh64_final(void *state, unsigned digest_size, uint8_t *digest)
{
	XXH64_canonical_t c;

	(void)digest_size;
	XXH64_canonicalFromHash(&c, XXH64_digest(state));
	memcpy(digest, c.digest, sizeof c.digest);
}

/* XXH3's 64- and 128-bit forms share the state and the update (the
 * library's two resets and updates are the same code); the digest is
 * taken by the size asked for. */
static void xxh3_init(void *state)
{
	XXH3_128bits_reset(state);
}

static void xxh3_update(void *state, const uint8_t *data, size_t len)
{
	XXH3_128bits_update(state, data, len);
}

static void xxh3_final(void *state, unsigned digest_size, uint8_t *digest)
{
	if (digest_size == 16) {
		XXH128_canonical_t c;
		XXH128_canonicalFromHash(&c, XXH3_128bits_digest(state));
		memcpy(digest, c.digest, sizeof c.digest);
	} else {
		XXH64_canonical_t c;
		XXH64_canonicalFromHash(&c, XXH3_64bits_digest(state));
		memcpy(digest, c.digest, sizeof c.digest);
	}
}

static const struct stream_ops xxh64_ops = { xxh64_init, xxh64_update, xxh64_final, describe };
static const struct stream_ops xxh3_ops = { xxh3_init, xxh3_update, xxh3_final, describe };

/* One row each: the library is the implementation (the family's portable
 * row, families.c), and its SIMD choice its own. */
const struct impl xxh64_impls[] = {
	{ .family = FAMILY_XXH64, .name = "libxxhash", .fn.stream = &xxh64_ops },
	{ 0 }
};

const struct impl xxh3_impls[] = {
	{ .family = FAMILY_XXH3, .name = "libxxhash", .fn.stream = &xxh3_ops },
	{ 0 }
};
