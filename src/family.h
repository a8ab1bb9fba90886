/* SPDX-License-Identifier: MIT */
/* family.h - the algorithm families, one descriptor row each: what every
 * module needs to know of a family's shape is read from here, so that a
 * new family is one row, its registry file and its kernels.
 * Layer: registry (the lowest; includes nothing of simdsum's). */
#ifndef SIMDSUM_FAMILY_H
#define SIMDSUM_FAMILY_H

#include <stdbool.h>

/* A family shares one transform: SHA-224 runs on SHA-256's, SHA-384 on
 * SHA-512's, XXH3's 64- and 128-bit forms on one state. */
enum family {
	FAMILY_SHA1,
	FAMILY_SHA256,
	FAMILY_SHA512,
	FAMILY_MD5,
	FAMILY_XXH64,
	FAMILY_XXH3,
	FAMILY_CRC32C,     /* the CRC families follow, in this order */
	FAMILY_CRC32,
	FAMILY_CRC64NVME,
	FAMILY_COUNT
};

struct impl;

/* How a family's rows are called and where its state lives. */
enum family_kind {
	KIND_BLOCKS,     /* block transforms behind hash_md.c's padding (fn.sha*, fn.md5) */
	KIND_STREAM,     /* a library's own streaming state (fn.stream) */
	KIND_CRC,        /* a register and any length (fn.crc32, fn.crc64) */
};

struct family_desc {
	const char *name;          /* its transform's name ("sha256"): the algorithm
	                            * --benchmark and --check-auto run, the
	                            * family in a profile's rows */
	const char *algorithms;    /* what --list-impls and --selftest call it:
	                            * "sha224, sha256" */
	const struct impl *impls;  /* its registry rows (src/impl_<name>.c) */
	const char *portable;      /* the row that runs anywhere: "generic" (C
	                            * written here), or the library's row */
	enum family_kind kind;
	unsigned block_size;       /* bytes a transform takes at once; 0: any
	                            * length (a CRC, a library's stream) */
	unsigned state_words;      /* chaining words; a CRC has one register */
	unsigned word_bytes;       /* 4 (uint32_t words) or 8 (uint64_t); a
	                            * CRC's width / 8 */
	unsigned length_bytes;     /* the padding's length field: 8 or 16 */
	bool little_endian;        /* MD5: the length field and the digest
	                            * words are little-endian (SHA: big) */
};

extern const struct family_desc family_descs[FAMILY_COUNT];

static inline const struct family_desc *family_desc(enum family family)
{
	return &family_descs[family];
}

/* Whether the family is a CRC (any call length, no blocks, no lanes). */
static inline bool family_is_crc(enum family family)
{
	return family_descs[family].kind == KIND_CRC;
}

/* Whether the family runs block transforms (hash_md.c; lanes, if it has them). */
static inline bool family_is_blocks(enum family family)
{
	return family_descs[family].kind == KIND_BLOCKS;
}

/* The width of a CRC family's register in bits: 32 (fn.crc32) or 64
 * (fn.crc64). */
static inline unsigned family_crc_width(enum family family)
{
	return family_descs[family].word_bytes * 8;
}

/* The block a hash family's transforms work on, in bytes. */
static inline unsigned impl_block_size(enum family family)
{
	return family_descs[family].block_size;
}

/* The bytes of a block family's chaining words. */
static inline unsigned family_state_bytes(enum family family)
{
	return family_descs[family].state_words * family_descs[family].word_bytes;
}

/* The family of that name (exactly len bytes); false for none. */
bool family_by_name(const char *name, unsigned long len, enum family *out);

#endif
