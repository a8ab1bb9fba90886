/* algo.h - the algorithms simdsum computes, as a table of descriptors. */
#ifndef SIMDSUM_ALGO_H
#define SIMDSUM_ALGO_H

#include <stddef.h>
#include <stdint.h>

#include "impl.h"

#define ALGO_MAX_DIGEST 64

struct hash_ctx;

/* How a family hashes: SHA families share the Merkle-Damgard driver
 * (md.c), CRC-32C has its own (crc32c_driver.c). */
struct hash_ops {
	void (*init)(struct hash_ctx *ctx);
	void (*update)(struct hash_ctx *ctx, const uint8_t *data, size_t len);
	void (*final)(struct hash_ctx *ctx, uint8_t *digest);
};

struct algo {
	const char *name;        /* -a name and program-name stem: "sha256" */
	const char *tag;         /* BSD tag and messages: "SHA256" */
	enum family family;
	unsigned digest_size;    /* bytes */
	const void *iv;          /* initial chaining words (SHA) */
	const struct hash_ops *ops;
};

#define ALGO_COUNT 6
extern const struct algo algos[ALGO_COUNT + 1];   /* terminated by name == NULL */

/* Case-sensitive lookup by name ("sha256"); NULL if unknown. */
const struct algo *algo_by_name(const char *name);

/* Lookup by BSD tag of exactly taglen bytes ("SHA256"); NULL if none. */
const struct algo *algo_by_tag(const char *tag, size_t taglen);

#endif
