/* SPDX-License-Identifier: MIT */
/* meta_read.c - strict reading of the values object metadata carries:
 * member look-ups that refuse duplicates, sizes, base64 digests with S3's
 * "-N", hex ETags; the first error and the checks found. Layer: parsing
 * (pure). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base64.h"
#include "meta_read.h"
#include "xalloc.h"

bool meta_fail(struct meta_reader *r, const char *fmt, ...)
{
	va_list ap;

	if (!r->failed) {
		va_start(ap, fmt);
		vsnprintf(r->err, r->errsize, fmt, ap);
		va_end(ap);
		r->failed = true;
	}
	return false;
}

void meta_note(struct meta_reader *r, const char *fmt, ...)
{
	struct object_meta *m = r->m;
	va_list ap;

	if (m->nnotes == sizeof m->notes / sizeof m->notes[0])
		return;
	va_start(ap, fmt);
	vsnprintf(m->notes[m->nnotes++], sizeof m->notes[0], fmt, ap);
	va_end(ap);
}

bool meta_member(struct meta_reader *r, const struct json_value *obj, const char *where,
		 const char *key, bool icase, const struct json_value **out)
{
	if (json_member(obj, key, icase, out) == JSON_DUPLICATE)
		return meta_fail(r, "%s%s: given more than once", where, key);
	if (*out && (*out)->type == JSON_NULL)
		*out = NULL;
	return true;
}

/* Decimal digits, no sign, no leading zero: 0 when they are, 1 when the
 * text is not such a number, 2 when it is above max. */
static int parse_decimal(const char *s, size_t len, uint64_t max, uint64_t *out)
{
	uint64_t n = 0;

	if (len == 0 || (s[0] == '0' && len > 1))
		return 1;
	for (size_t i = 0; i < len; i++) {
		if (s[i] < '0' || s[i] > '9')
			return 1;
		unsigned d = (unsigned)(s[i] - '0');
		if (n > (max - d) / 10)
			return 2;
		n = n * 10 + d;
	}
	*out = n;
	return 0;
}

bool meta_uint(struct meta_reader *r, const struct json_value *v, const char *what, uint64_t max,
	       uint64_t *out)
{
	int rc = 1;

	if (v->type == JSON_NUMBER || v->type == JSON_STRING)
		rc = parse_decimal(v->text, v->len, max, out);
	if (rc == 2)
		return meta_fail(r, "%s: too large (at most %llu)", what, (unsigned long long)max);
	if (rc)
		return meta_fail(r, "%s: not a whole number of at least 0", what);
	return true;
}

bool meta_set_size(struct meta_reader *r, const struct json_value *v, const char *what)
{
	uint64_t size;

	if (!v)
		return true;
	if (!meta_uint(r, v, what, INT64_MAX, &size))
		return false;
	if (r->m->has_size && r->m->size != size)
		return meta_fail(r, "%s: %llu bytes, but another size member says %llu", what,
				 (unsigned long long)size, (unsigned long long)r->m->size);
	r->m->has_size = true;
	r->m->size = size;
	return true;
}

struct meta_check *meta_add(struct meta_reader *r, const struct algo *algo, enum meta_kind kind,
			    const char *what)
{
	struct object_meta *m = r->m;

	if (m->nchecks == m->cap) {
		m->cap = m->cap ? 2 * m->cap : 8;
		m->checks = xnrealloc(m->checks, m->cap, sizeof *m->checks);
	}
	struct meta_check *c = &m->checks[m->nchecks++];
	memset(c, 0, sizeof *c);
	c->algo = algo;
	c->kind = kind;
	snprintf(c->source, sizeof c->source, "%s", what);
	return c;
}

/* "-N" at s (len bytes, the '-' included): N from 1 to META_MAX_PARTS. */
static bool part_suffix(struct meta_reader *r, const struct meta_check *c, const char *s,
			size_t len, uint64_t *n)
{
	if (parse_decimal(s + 1, len - 1, META_MAX_PARTS, n) != 0 || *n == 0)
		return meta_fail(r, "%s: invalid part count after '-' (1 to %d)", c->source,
				 META_MAX_PARTS);
	return true;
}

static bool string_value(struct meta_reader *r, const struct json_value *v,
			 const struct meta_check *c)
{
	if (v->type != JSON_STRING)
		return meta_fail(r, "%s: not a string", c->source);
	return true;
}

bool meta_digest(struct meta_reader *r, const struct json_value *v, struct meta_check *c,
		 uint64_t *suffix, bool reverse)
{
	unsigned n = c->algo->digest_size;
	uint8_t raw[ALGO_MAX_DIGEST];

	if (!string_value(r, v, c))
		return false;
	const char *dash = memchr(v->text, '-', v->len);
	size_t b64len = dash ? (size_t)(dash - v->text) : v->len;
	if (suffix)
		*suffix = 0;
	if (dash && !suffix)
		return meta_fail(r, "%s: a part count (-N) does not belong here", c->source);
	if (!base64_decode_exact(v->text, b64len, raw, n))
		return meta_fail(r, "%s: not the base64 of a %u-byte %s value", c->source, n,
				 c->algo->tag);
	if (dash && !part_suffix(r, c, dash, v->len - b64len, suffix))
		return false;
	for (unsigned i = 0; i < n; i++)
		c->want[i] = raw[reverse ? n - 1 - i : i];
	c->little_endian = reverse;
	memcpy(c->text, v->text, v->len);   /* validated: it fits */
	c->text[v->len] = '\0';
	return true;
}

bool meta_etag(struct meta_reader *r, const struct json_value *v, struct meta_check *c,
	       uint64_t *nparts)
{
	if (!string_value(r, v, c))
		return false;
	const char *s = v->text;
	size_t len = v->len;
	if (len >= 2 && s[0] == '"' && s[len - 1] == '"') {
		s++;
		len -= 2;
	}
	*nparts = 0;
	if (len < 32 || strspn(s, "0123456789abcdefABCDEF") < 32 || (len > 32 && s[32] != '-'))
		return meta_fail(r, "%s: not an MD5 ETag (32 hex digits, then optionally -N)",
				 c->source);
	if (len > 32 && !part_suffix(r, c, s + 32, len - 32, nparts))
		return false;
	for (size_t i = 0; i < len; i++)
		c->text[i] = (char)(s[i] >= 'A' && s[i] <= 'F' ? s[i] + 32 : s[i]);
	c->text[len] = '\0';
	for (unsigned i = 0; i < 16; i++) {
		char pair[3] = { c->text[2 * i], c->text[2 * i + 1], '\0' };
		c->want[i] = (uint8_t)strtoul(pair, NULL, 16);
	}
	return true;
}
