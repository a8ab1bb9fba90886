/* SPDX-License-Identifier: MIT */
/* json_parse.c - strict RFC 8259 parsing by recursive descent (depth
 * bounded by JSON_MAX_DEPTH, so the stack is too), into values carved
 * from chunks and strings decoded into one buffer as large as the input.
 * Layer: parsing (pure). See json_parse.h for what strict means here. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bytes.h"
#include "json_parse.h"
#include "xalloc.h"

#define CHUNK_VALUES 256

struct json_chunk {
	struct json_chunk *next;
	size_t used;
	struct json_value v[CHUNK_VALUES];
};

struct parser {
	const unsigned char *p, *end, *start;
	char *out;                 /* where the next decoded string goes */
	struct json_doc *doc;
	size_t nvalues;
	const char *error;
	const unsigned char *error_at;
};

static bool fail(struct parser *ps, const unsigned char *at, const char *message)
{
	if (!ps->error) {
		ps->error = message;
		ps->error_at = at;
	}
	return false;
}

static struct json_value *new_value(struct parser *ps, enum json_type type)
{
	struct json_chunk *c = ps->doc->chunks;

	if (++ps->nvalues > JSON_MAX_VALUES) {
		fail(ps, ps->p, "too many values");
		return NULL;
	}
	if (!c || c->used == CHUNK_VALUES) {
		c = xmalloc(sizeof *c);
		c->next = ps->doc->chunks;
		c->used = 0;
		ps->doc->chunks = c;
	}
	struct json_value *v = &c->v[c->used++];
	memset(v, 0, sizeof *v);
	v->type = type;
	return v;
}

static void skip_space(struct parser *ps)
{
	while (ps->p < ps->end &&
	       (*ps->p == ' ' || *ps->p == '\t' || *ps->p == '\n' || *ps->p == '\r'))
		ps->p++;
}

/* --- strings ---------------------------------------------------------- */

/* Length of the valid UTF-8 sequence at p (before end), or 0. */
static size_t utf8_sequence(const unsigned char *p, const unsigned char *end)
{
	size_t n;
	uint32_t cp, min;

	if (p[0] < 0x80)
		return 1;
	if ((p[0] & 0xe0) == 0xc0)
		n = 2, cp = p[0] & 0x1f, min = 0x80;
	else if ((p[0] & 0xf0) == 0xe0)
		n = 3, cp = p[0] & 0x0f, min = 0x800;
	else if ((p[0] & 0xf8) == 0xf0)
		n = 4, cp = p[0] & 0x07, min = 0x10000;
	else
		return 0;
	if ((size_t)(end - p) < n)
		return 0;
	for (size_t i = 1; i < n; i++) {
		if ((p[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (p[i] & 0x3f);
	}
	if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
		return 0;
	return n;
}

/* Four hex digits at p (before end) into *u; false if they are not. */
static bool hex4(const unsigned char *p, const unsigned char *end, uint32_t *u)
{
	*u = 0;
	if (end - p < 4)
		return false;
	for (int i = 0; i < 4; i++) {
		int h = hex_digit_value(p[i]);
		if (h < 0)
			return false;
		*u = *u << 4 | (uint32_t)h;
	}
	return true;
}

static void put_utf8(struct parser *ps, uint32_t cp)
{
	unsigned char *o = (unsigned char *)ps->out;

	if (cp < 0x80) {
		*o++ = (unsigned char)cp;
	} else if (cp < 0x800) {
		*o++ = (unsigned char)(0xc0 | cp >> 6);
		*o++ = (unsigned char)(0x80 | (cp & 0x3f));
	} else if (cp < 0x10000) {
		*o++ = (unsigned char)(0xe0 | cp >> 12);
		*o++ = (unsigned char)(0x80 | ((cp >> 6) & 0x3f));
		*o++ = (unsigned char)(0x80 | (cp & 0x3f));
	} else {
		*o++ = (unsigned char)(0xf0 | cp >> 18);
		*o++ = (unsigned char)(0x80 | ((cp >> 12) & 0x3f));
		*o++ = (unsigned char)(0x80 | ((cp >> 6) & 0x3f));
		*o++ = (unsigned char)(0x80 | (cp & 0x3f));
	}
	ps->out = (char *)o;
}

/* A \u escape at ps->p (just past the 'u'), with its low surrogate when
 * it is a high one. */
static bool unicode_escape(struct parser *ps)
{
	const unsigned char *at = ps->p - 2;
	uint32_t cp, lo;

	if (!hex4(ps->p, ps->end, &cp))
		return fail(ps, at, "invalid \\u escape");
	ps->p += 4;
	if (cp >= 0xdc00 && cp <= 0xdfff)
		return fail(ps, at, "unpaired surrogate in \\u escape");
	if (cp >= 0xd800 && cp <= 0xdbff) {
		if (ps->end - ps->p < 6 || ps->p[0] != '\\' || ps->p[1] != 'u' ||
		    !hex4(ps->p + 2, ps->end, &lo) || lo < 0xdc00 || lo > 0xdfff)
			return fail(ps, at, "unpaired surrogate in \\u escape");
		ps->p += 6;
		cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
	}
	put_utf8(ps, cp);
	return true;
}

static bool escape(struct parser *ps)
{
	static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
	const char *hit;

	if (ps->p >= ps->end)
		return fail(ps, ps->p, "unexpected end of input in a string");
	unsigned char c = *ps->p++;
	if (c == 'u')
		return unicode_escape(ps);
	if (c == '\0' || !(hit = strchr(from, c)))
		return fail(ps, ps->p - 2, "invalid escape in a string");
	*ps->out++ = to[hit - from];
	return true;
}

/* A string at ps->p (on its opening quote), decoded to *text, *len. */
static bool string(struct parser *ps, const char **text, size_t *len)
{
	const unsigned char *open = ps->p++;
	char *start = ps->out;

	for (;;) {
		if (ps->p >= ps->end)
			return fail(ps, open, "unterminated string");
		unsigned char c = *ps->p;
		if (c == '"')
			break;
		if (c == '\\') {
			ps->p++;
			if (!escape(ps))
				return false;
		} else if (c < 0x20) {
			return fail(ps, ps->p, c ? "control character in a string"
						 : "NUL byte in a string");
		} else {
			size_t n = utf8_sequence(ps->p, ps->end);
			if (!n)
				return fail(ps, ps->p, "invalid UTF-8 in a string");
			memcpy(ps->out, ps->p, n);
			ps->out += n;
			ps->p += n;
		}
	}
	ps->p++;
	*ps->out++ = '\0';
	*text = start;
	*len = (size_t)(ps->out - 1 - start);
	return true;
}

/* --- numbers and literals ---------------------------------------------- */

static bool digits(struct parser *ps)
{
	const unsigned char *from = ps->p;

	while (ps->p < ps->end && *ps->p >= '0' && *ps->p <= '9')
		ps->p++;
	return ps->p > from;
}

static bool number(struct parser *ps, struct json_value *v)
{
	const unsigned char *from = ps->p;

	if (ps->p < ps->end && *ps->p == '-')
		ps->p++;
	if (ps->p < ps->end && *ps->p == '0')
		ps->p++;
	else if (!digits(ps))
		return fail(ps, from, "invalid number");
	if (ps->p < ps->end && *ps->p == '.') {
		ps->p++;
		if (!digits(ps))
			return fail(ps, from, "invalid number");
	}
	if (ps->p < ps->end && (*ps->p == 'e' || *ps->p == 'E')) {
		ps->p++;
		if (ps->p < ps->end && (*ps->p == '+' || *ps->p == '-'))
			ps->p++;
		if (!digits(ps))
			return fail(ps, from, "invalid number");
	}
	v->text = (const char *)from;
	v->len = (size_t)(ps->p - from);
	return true;
}

static bool literal(struct parser *ps, const char *word)
{
	size_t n = strlen(word);

	if ((size_t)(ps->end - ps->p) < n || memcmp(ps->p, word, n) != 0)
		return fail(ps, ps->p, "expected a value");
	ps->p += n;
	return true;
}

/* --- values ------------------------------------------------------------ */

static struct json_value *value(struct parser *ps, unsigned depth);

/* The elements of an array or the members of an object, after its
 * opening bracket; close is ']' or '}'. */
static bool children(struct parser *ps, struct json_value *v, unsigned depth, char close)
{
	struct json_value **link = &v->first;
	bool object = close == '}';

	skip_space(ps);
	if (ps->p < ps->end && *ps->p == close) {
		ps->p++;
		return true;
	}
	for (;;) {
		const char *key = NULL;
		size_t key_len = 0;
		skip_space(ps);
		if (object) {
			if (ps->p >= ps->end || *ps->p != '"')
				return fail(ps, ps->p, "expected a string (a member name)");
			if (!string(ps, &key, &key_len))
				return false;
			skip_space(ps);
			if (ps->p >= ps->end || *ps->p != ':')
				return fail(ps, ps->p, "expected ':'");
			ps->p++;
		}
		struct json_value *child = value(ps, depth + 1);
		if (!child)
			return false;
		child->key = key;
		child->key_len = key_len;
		*link = child;
		link = &child->next;
		v->count++;
		skip_space(ps);
		if (ps->p < ps->end && *ps->p == ',') {
			ps->p++;
			continue;
		}
		if (ps->p < ps->end && *ps->p == close) {
			ps->p++;
			return true;
		}
		return fail(ps, ps->p, object ? "expected ',' or '}'" : "expected ',' or ']'");
	}
}

static struct json_value *value(struct parser *ps, unsigned depth)
{
	struct json_value *v;
	bool ok;

	skip_space(ps);
	if (depth > JSON_MAX_DEPTH) {
		fail(ps, ps->p, "nested too deeply");
		return NULL;
	}
	if (ps->p >= ps->end) {
		fail(ps, ps->p, "unexpected end of input");
		return NULL;
	}
	switch (*ps->p) {
	case '{':
	case '[':
		if (!(v = new_value(ps, *ps->p == '{' ? JSON_OBJECT : JSON_ARRAY)))
			return NULL;
		ps->p++;
		ok = children(ps, v, depth, v->type == JSON_OBJECT ? '}' : ']');
		break;
	case '"':
		if (!(v = new_value(ps, JSON_STRING)))
			return NULL;
		ok = string(ps, &v->text, &v->len);
		break;
	case 't':
	case 'f':
	case 'n':
		if (!(v = new_value(ps, *ps->p == 't' ? JSON_TRUE : *ps->p == 'f' ? JSON_FALSE
										     : JSON_NULL)))
			return NULL;
		ok = literal(ps, v->type == JSON_TRUE ? "true" : v->type == JSON_FALSE ? "false"
											 : "null");
		break;
	default:
		if (*ps->p != '-' && (*ps->p < '0' || *ps->p > '9')) {
			fail(ps, ps->p, *ps->p ? "expected a value" : "NUL byte");
			return NULL;
		}
		if (!(v = new_value(ps, JSON_NUMBER)))
			return NULL;
		ok = number(ps, v);
		break;
	}
	return ok ? v : NULL;
}

/* --- the document --------------------------------------------------------- */

void json_free(struct json_doc *doc)
{
	while (doc->chunks) {
		struct json_chunk *next = doc->chunks->next;
		free(doc->chunks);
		doc->chunks = next;
	}
	free(doc->strings);
	doc->strings = NULL;
	doc->root = NULL;
}

static void locate(const unsigned char *start, const unsigned char *at, struct json_error *err)
{
	err->offset = (size_t)(at - start);
	err->line = 1;
	err->column = 1;
	for (const unsigned char *q = start; q < at; q++) {
		if (*q == '\n') {
			err->line++;
			err->column = 1;
		} else {
			err->column++;
		}
	}
}

bool json_parse(const char *text, size_t len, struct json_doc *doc, struct json_error *err)
{
	struct parser ps = {
		.p = (const unsigned char *)text, .end = (const unsigned char *)text + len,
		.start = (const unsigned char *)text, .doc = doc,
	};

	memset(doc, 0, sizeof *doc);
	/* Decoded strings never outgrow their quoted source (see string()),
	 * so one buffer of the input's size holds them all. */
	doc->strings = ps.out = xmalloc(len + 1);
	if (len >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0)
		ps.p += 3;
	doc->root = value(&ps, 1);
	if (doc->root) {
		skip_space(&ps);
		if (ps.p < ps.end)
			fail(&ps, ps.p, *ps.p ? "unexpected data after the value" : "NUL byte");
	}
	if (ps.error) {
		locate(ps.start, ps.error_at, err);
		err->message = ps.error;
		json_free(doc);
		return false;
	}
	return true;
}

/* --- looking members up ---------------------------------------------------- */

static unsigned char lower(unsigned char c)
{
	return c >= 'A' && c <= 'Z' ? (unsigned char)(c + 32) : c;
}

bool json_string_is(const struct json_value *v, const char *s)
{
	size_t n = strlen(s);

	return v->type == JSON_STRING && v->len == n && memcmp(v->text, s, n) == 0;
}

bool json_key_is(const struct json_value *member, const char *key, bool icase)
{
	size_t n = strlen(key);

	if (!member->key || member->key_len != n)
		return false;
	if (!icase)
		return memcmp(member->key, key, n) == 0;
	for (size_t i = 0; i < n; i++)
		if (lower((unsigned char)member->key[i]) != lower((unsigned char)key[i]))
			return false;
	return true;
}

enum json_find json_member(const struct json_value *obj, const char *key, bool icase,
			   const struct json_value **out)
{
	enum json_find found = JSON_ABSENT;

	*out = NULL;
	if (!obj || obj->type != JSON_OBJECT)
		return JSON_ABSENT;
	for (const struct json_value *m = obj->first; m; m = m->next) {
		if (!json_key_is(m, key, icase))
			continue;
		if (found == JSON_FOUND)
			return JSON_DUPLICATE;
		found = JSON_FOUND;
		*out = m;
	}
	return found;
}
