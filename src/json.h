/* SPDX-License-Identifier: MIT */
/* json.h - writing JSON strings for --json.
 * Layer: platform. */
#ifndef SIMDSUM_JSON_H
#define SIMDSUM_JSON_H

#include <stdbool.h>
#include <stdio.h>

/* Writes s as a JSON string (quotes included). File names are bytes, not
 * text: a name that is valid UTF-8 is written as it is (with JSON's
 * escapes for '"', '\' and control characters); each byte of an invalid
 * sequence becomes U+FFFD. Returns false when a byte was replaced, so the
 * caller can add the exact bytes (json_write_base64). */
bool json_write_string(FILE *out, const char *s);

/* Writes the bytes of s as a JSON string holding their base64 encoding. */
void json_write_base64(FILE *out, const char *s);

/* Writes a "name" member (and "name_base64" when the name is not UTF-8). */
void json_write_name(FILE *out, const char *key, const char *name);

/* Ends an object and its line, with ,"error":MESSAGE first when message
 * is not NULL. */
void json_end_object(FILE *out, const char *message);

/* Writes the line {"KEY":NAME,"error":MESSAGE}: what a file, a list or a
 * metadata file whose error is all there is to say becomes. */
void json_write_error(FILE *out, const char *key, const char *name, const char *message);

#endif
