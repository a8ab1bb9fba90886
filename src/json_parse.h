/* SPDX-License-Identifier: MIT */
/* json_parse.h - a strict RFC 8259 JSON parser into a small read-only tree,
 * for the object metadata --verify-object reads (src/json.h only writes).
 * Layer: parsing (pure: bytes in, tree out; no I/O, no messages).
 *
 * Strict: exactly one value, UTF-8 only (RFC 3629: no overlong forms,
 * surrogates or code points past U+10FFFF, raw or escaped; an escaped
 * surrogate must be a high one followed by a low one), no control
 * characters in strings, no comments, no trailing commas, the number
 * grammar of RFC 8259 section 6. A leading UTF-8 byte order mark is
 * skipped (section 8.1 allows it). Nesting deeper than JSON_MAX_DEPTH and
 * more than JSON_MAX_VALUES values are refused, so any input costs
 * bounded stack and memory. Duplicate member names are kept, in order:
 * json_member reports them, and callers decide what a duplicate means. */
#ifndef SIMDSUM_JSON_PARSE_H
#define SIMDSUM_JSON_PARSE_H

#include <stdbool.h>
#include <stddef.h>

#define JSON_MAX_DEPTH 64
#define JSON_MAX_VALUES 100000

enum json_type {
	JSON_NULL,
	JSON_FALSE,
	JSON_TRUE,
	JSON_NUMBER,
	JSON_STRING,
	JSON_ARRAY,
	JSON_OBJECT,
};

struct json_value {
	enum json_type type;
	/* STRING: the decoded bytes, NUL-terminated (a \u0000 escape puts a
	 * NUL inside: use len); NUMBER: its text in the input, as written
	 * (not terminated). */
	const char *text;
	size_t len;
	/* A member of an object: its decoded name (NUL-terminated, key_len
	 * bytes); NULL for an array element or the root. */
	const char *key;
	size_t key_len;
	struct json_value *first;   /* ARRAY, OBJECT: the first child */
	struct json_value *next;    /* the next element or member */
	size_t count;               /* ARRAY, OBJECT: the number of children */
};

struct json_chunk;

struct json_doc {
	struct json_value *root;
	char *strings;              /* every decoded string and name */
	struct json_chunk *chunks;  /* the values */
};

/* Where and why parsing stopped; line and column count from 1 (the
 * column in bytes). */
struct json_error {
	size_t offset;
	unsigned long line, column;
	const char *message;        /* "expected ',' or '}'" */
};

/* Parses the len bytes at text (which need not be NUL-terminated).
 * Returns true with doc filled (release it with json_free), or false
 * with err filled and nothing to free. */
bool json_parse(const char *text, size_t len, struct json_doc *doc, struct json_error *err);

void json_free(struct json_doc *doc);

enum json_find {
	JSON_ABSENT,
	JSON_FOUND,
	JSON_DUPLICATE,   /* the name occurs more than once */
};

/* The member of obj named key (compared byte for byte, or ASCII
 * case-insensitively with icase). *out is the first match, or NULL. */
enum json_find json_member(const struct json_value *obj, const char *key, bool icase,
			   const struct json_value **out);

/* Whether a member name equals key, byte for byte or ASCII
 * case-insensitively; a name holding a NUL never equals a C string. */
bool json_key_is(const struct json_value *member, const char *key, bool icase);

/* Whether v is a string of exactly the bytes of s (one holding a NUL
 * never is). */
bool json_string_is(const struct json_value *v, const char *s);

#endif
