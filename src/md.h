/* SPDX-License-Identifier: MIT */
/* md.h - the Merkle-Damgard (SHA) driver: buffering, padding, length. */
#ifndef SIMDSUM_MD_H
#define SIMDSUM_MD_H

#include <stddef.h>
#include <stdint.h>

struct hash_ctx;

void md_init(struct hash_ctx *ctx);
void md_update(struct hash_ctx *ctx, const uint8_t *data, size_t len);
void md_final(struct hash_ctx *ctx, uint8_t *digest);

#endif
