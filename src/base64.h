/* SPDX-License-Identifier: MIT */
/* base64.h - RFC 4648 base64 (standard alphabet, padded).
 * Layer: platform. */
#ifndef SIMDSUM_BASE64_H
#define SIMDSUM_BASE64_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Characters base64 needs for len bytes, without the terminating NUL. */
#define BASE64_LENGTH(len) ((((len) + 2) / 3) * 4)

/* Writes the encoding of len bytes and a NUL into out
 * (BASE64_LENGTH(len) + 1 bytes). */
void base64_encode(const uint8_t *in, size_t len, char *out);

/* Decodes exactly BASE64_LENGTH(outlen) characters of text (padding
 * required, nothing else allowed) into outlen bytes. Returns false if the
 * text is not the canonical encoding of outlen bytes. */
bool base64_decode_exact(const char *text, size_t textlen, uint8_t *out, size_t outlen);

#endif
