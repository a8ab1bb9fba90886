/* SPDX-License-Identifier: MIT */
/* base64.c - base64 with the standard alphabet and padding (RFC 4648, 4). */

#include "base64.h"

static const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

void base64_encode(const uint8_t *in, size_t len, char *out)
{
	size_t i = 0;

	for (; i + 3 <= len; i += 3) {
		uint32_t v = (uint32_t)in[i] << 16 | (uint32_t)in[i + 1] << 8 | in[i + 2];
		*out++ = alphabet[v >> 18];
		*out++ = alphabet[(v >> 12) & 63];
		*out++ = alphabet[(v >> 6) & 63];
		*out++ = alphabet[v & 63];
	}
	if (len - i == 1) {
		uint32_t v = (uint32_t)in[i] << 16;
		*out++ = alphabet[v >> 18];
		*out++ = alphabet[(v >> 12) & 63];
		*out++ = '=';
		*out++ = '=';
	} else if (len - i == 2) {
		uint32_t v = (uint32_t)in[i] << 16 | (uint32_t)in[i + 1] << 8;
		*out++ = alphabet[v >> 18];
		*out++ = alphabet[(v >> 12) & 63];
		*out++ = alphabet[(v >> 6) & 63];
		*out++ = '=';
	}
	*out = '\0';
}

static int value_of(char c)
{
	if (c >= 'A' && c <= 'Z')
		return c - 'A';
	if (c >= 'a' && c <= 'z')
		return c - 'a' + 26;
	if (c >= '0' && c <= '9')
		return c - '0' + 52;
	if (c == '+')
		return 62;
	if (c == '/')
		return 63;
	return -1;
}

bool base64_decode_exact(const char *text, size_t textlen, uint8_t *out, size_t outlen)
{
	if (textlen != BASE64_LENGTH(outlen))
		return false;
	size_t o = 0;
	for (size_t i = 0; i < textlen; i += 4) {
		int v[4];
		int pad = 0;
		for (int k = 0; k < 4; k++) {
			char c = text[i + k];
			if (c == '=' && i + 4 == textlen && k >= 2) {
				v[k] = 0;
				pad++;
				continue;
			}
			if (pad)
				return false;   /* data after '=' */
			v[k] = value_of(c);
			if (v[k] < 0)
				return false;
		}
		uint32_t bits = (uint32_t)v[0] << 18 | (uint32_t)v[1] << 12 | (uint32_t)v[2] << 6 |
				(uint32_t)v[3];
		uint8_t b[3] = { (uint8_t)(bits >> 16), (uint8_t)(bits >> 8), (uint8_t)bits };
		for (int k = 0; k < 3 - pad; k++) {
			if (o >= outlen)
				return false;
			out[o++] = b[k];
		}
		/* Canonical: the bits under the padding must be zero. */
		if ((pad == 1 && (v[2] & 3)) || (pad == 2 && (v[1] & 15)))
			return false;
	}
	return o == outlen;
}
