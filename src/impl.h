/* SPDX-License-Identifier: MIT */
/* impl.h - the registry of transform implementations and their selection.
 * Layer: registry. */
#ifndef SIMDSUM_IMPL_H
#define SIMDSUM_IMPL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "bytes.h"
#include "cpu.h"
#include "family.h"

/* Single-stream transforms (see asm/README for the contract). */
typedef void (*sha1_blocks_fn)(uint32_t state[5], const uint8_t *data, size_t nblocks);
typedef void (*sha256_blocks_fn)(uint32_t state[8], const uint8_t *data, size_t nblocks);
typedef void (*sha512_blocks_fn)(uint64_t state[8], const uint8_t *data, size_t nblocks);
typedef void (*md5_blocks_fn)(uint32_t state[4], const uint8_t *data, size_t nblocks);
typedef uint32_t (*crc32_fn)(uint32_t crc, const uint8_t *data, size_t len);
typedef uint64_t (*crc64_fn)(uint64_t crc, const uint8_t *data, size_t len);

/* Multi-buffer transforms: lanes independent messages at once. Lane i
 * hashes nblocks whole blocks from data[i] into state[i] (normal, not
 * transposed, layout); every lane advances by the same nblocks >= 1 and
 * every pointer must be valid (idle lanes get a scratch message). */
typedef void (*sha1_mblocks_fn)(uint32_t *const state[], const uint8_t *const data[], size_t nblocks);
typedef void (*sha256_mblocks_fn)(uint32_t *const state[], const uint8_t *const data[], size_t nblocks);
typedef void (*sha512_mblocks_fn)(uint64_t *const state[], const uint8_t *const data[], size_t nblocks);
typedef void (*md5_mblocks_fn)(uint32_t *const state[], const uint8_t *const data[], size_t nblocks);

/* A library's streaming hash (the xxHash family): its state lives in the
 * hash_ctx (HASH_STREAM_STATE bytes, 64-byte aligned); final writes
 * digest_size bytes, the family's algorithms told apart by their size. */
struct stream_ops {
	void (*init)(void *state);
	void (*update)(void *state, const uint8_t *data, size_t len);
	void (*final)(void *state, unsigned digest_size, uint8_t *digest);
	/* What --list-impls says of the row: the library and its version. */
	void (*describe)(char *buf, size_t size);
};

/* The block transforms of 32-bit words (sha1, sha256, md5) have one C
 * type, as have their multi-buffer forms; impl_blocks calls either kind
 * by the family's word size. */
union transform {
	sha1_blocks_fn sha1;
	sha256_blocks_fn sha256;
	sha512_blocks_fn sha512;
	md5_blocks_fn md5;
	crc32_fn crc32;       /* CRC-32C and CRC-32 */
	crc64_fn crc64;       /* CRC-64/NVME */
	sha1_mblocks_fn sha1_mb;
	sha256_mblocks_fn sha256_mb;
	sha512_mblocks_fn sha512_mb;
	md5_mblocks_fn md5_mb;
	const struct stream_ops *stream;
};

/* One row of the registry. What auto makes of a row is not here but in
 * its measured costs (src/profile_builtin.c) and the rules of
 * src/cost_model.c; the order of a family's rows is only the order
 * --list-impls and --benchmark show. */
struct impl {
	enum family family;
	const char *name;     /* --impl name: generic ssse3 avx avx2 shani ... */
	cpu_features needs;   /* every bit must be present */
	union transform fn;
	unsigned lanes;       /* 0: single stream (fn.sha1...); n > 1: a
	                       * multi-buffer kernel of n lanes (fn.sha1_mb...),
	                       * used only by the lane scheduler */
	const char *refines;  /* the row of this family whose work this one
	                       * does with fewer instructions (the same rounds,
	                       * a cheaper schedule), or NULL: a tie between
	                       * them in a profile goes to this one
	                       * (src/cost_model.c) */
};

/* A CRC row's transform on the un-inverted register, whatever its width. */
static inline uint64_t impl_crc(const struct impl *k, uint64_t reg, const void *data,
				size_t len)
{
	if (k->family == FAMILY_CRC64NVME)
		return k->fn.crc64(reg, data, len);
	return k->fn.crc32((uint32_t)reg, data, len);
}

/* A CRC family's initial register (all ones in its width). */
static inline uint64_t crc_register_init(enum family family)
{
	return family_crc_width(family) == 64 ? ~(uint64_t)0 : 0xffffffffu;
}

/* A standard CRC value (already inverted) of width bits as a digest: its
 * width / 8 bytes, most significant first. Inline, for callers that store
 * one digest per short call (bench/peers.c, which looks the width up once). */
static inline void crc_store_width(uint8_t *digest, unsigned width, uint64_t crc)
{
	if (width == 64)
		store_be64(digest, crc);
	else
		store_be32(digest, (uint32_t)crc);
}

static inline void crc_store_digest(enum family family, uint8_t *digest, uint64_t crc)
{
	crc_store_width(digest, family_crc_width(family), crc);
}

/* The CRC value back from its digest bytes. */
uint64_t crc_load_digest(enum family family, const uint8_t *digest);

/* The standard CRC of A||B from CRC(A), CRC(B) and |B| (O(log |B|)). */
uint64_t crc_combine(enum family family, uint64_t crc_a, uint64_t crc_b, uint64_t len_b);

/* Whether a row is a multi-buffer kernel (fn.*_mb, the lane scheduler's)
 * rather than a single-stream transform. */
static inline bool impl_is_multibuffer(const struct impl *k)
{
	return k->lanes > 1;
}

/* A block row's single-stream transform on nblocks whole blocks; state is
 * the family's chaining words (family_desc: state_words of word_bytes). */
static inline void impl_blocks(const struct impl *k, void *state, const uint8_t *data,
			       size_t nblocks)
{
	if (family_desc(k->family)->word_bytes == 8)
		k->fn.sha512(state, data, nblocks);
	else
		k->fn.sha256(state, data, nblocks);
}

/* A multi-buffer row on k->lanes messages (see the typedefs above). */
static inline void impl_mblocks(const struct impl *k, void *const states[],
				const uint8_t *const data[], size_t nblocks)
{
	if (family_desc(k->family)->word_bytes == 8)
		k->fn.sha512_mb((uint64_t *const *)states, data, nblocks);
	else
		k->fn.sha256_mb((uint32_t *const *)states, data, nblocks);
}

/* The rows of one family, terminated by a row with name == NULL.
 * Each family's table lives in src/impl_<family>.c. */
extern const struct impl sha1_impls[];
extern const struct impl sha256_impls[];
extern const struct impl sha512_impls[];
extern const struct impl crc32c_impls[];
extern const struct impl crc32_impls[];
extern const struct impl crc64nvme_impls[];

extern const struct impl md5_impls[];
extern const struct impl xxh64_impls[];
extern const struct impl xxh3_impls[];

/* The rows of a family. */
static inline const struct impl *impl_table(enum family family)
{
	return family_desc(family)->impls;
}

/* The family's portable row (every family has one, runnable anywhere). */
const struct impl *impl_generic(enum family family);

/* Features a row needs that the CPU lacks (0: runnable here). */
cpu_features impl_missing(const struct impl *impl);

/* Finds a row by name; NULL when the family has none of that name. */
const struct impl *impl_find(enum family family, const char *name);

/* What a hashing context calls: up to IMPL_MAX_TIERS rows, each used for
 * calls of at least min_len bytes, longest calls first; the last tier has
 * min_len 0. A forced implementation is a single tier. The tiers past
 * ntiers repeat the last one (dispatch_pad), so that dispatch_pick can
 * count instead of loop. */
#define IMPL_MAX_TIERS 4
struct dispatch {
	unsigned ntiers;
	struct {
		size_t min_len;
		const struct impl *impl;
	} tier[IMPL_MAX_TIERS];
};

/* A single-tier dispatch for one row (the caller checked it is runnable). */
void impl_select_one(const struct impl *impl, struct dispatch *out);

/* Fills the tiers past d->ntiers with copies of the last. */
void dispatch_pad(struct dispatch *d);

/* The row a dispatch uses for a call of len bytes: the number of tiers
 * whose min_len is above len, without branches (a CRC of 16 bytes is a
 * dozen nanoseconds, and a loop over the tiers cost one or two of them
 * against a forced row's single tier). */
_Static_assert(IMPL_MAX_TIERS == 4, "dispatch_pick compares three tiers");
static inline const struct impl *dispatch_pick(const struct dispatch *d, size_t len)
{
	unsigned i = (unsigned)(len < d->tier[0].min_len) + (unsigned)(len < d->tier[1].min_len) +
		     (unsigned)(len < d->tier[2].min_len);
	return d->tier[i].impl;
}

/* The CRC-32C register after len more bytes, through a CRC-32C dispatch:
 * the CRC alone, for callers that need no hash_ctx (ranges of a split
 * file; the comparison with ISA-L's crc32_iscsi, which has the same
 * shape). Inline, so that a caller keeps the register in a register:
 * through a hash_ctx, the generic context lives in memory and a 256-byte
 * CRC takes about 2 ns longer (8.5 against 6.3 ns, bench/peers.c). */
static inline uint32_t dispatch_crc32c(const struct dispatch *d, uint32_t crc, const void *data,
				       size_t len)
{
	return dispatch_pick(d, len)->fn.crc32(crc, data, len);
}

/* The same through the dispatch of any CRC family. */
static inline uint64_t dispatch_crc(const struct dispatch *d, uint64_t reg, const void *data,
				    size_t len)
{
	return impl_crc(dispatch_pick(d, len), reg, data, len);
}

#endif
