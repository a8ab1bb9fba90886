/* SPDX-License-Identifier: MIT */
/* fuzz_json.c - libFuzzer target for what --verify-object reads: the
 * strict JSON parser (json_parse.c), the object metadata readers
 * (meta_parse.c, meta_*.c) and the verify plan run over the input.
 *
 * Checked for any input, besides the sanitizers' memory and UB checks:
 *  1. A parsed tree is well formed: every string NUL-terminated at its
 *     length inside the string buffer, every count the number of its
 *     children, names on object members only, nesting within the limit.
 *  2. Written back out canonically and parsed again, the tree is the same,
 *     and writing that gives the same bytes.
 *  3. Metadata that is accepted has at least one check, each of a known
 *     algorithm with a part count of 1 to 10,000 where it has one and a
 *     listed part inside the listing; a plan built for it, fed the input
 *     itself as the object in two pieces, decides every check. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json_parse.h"
#include "meta_parse.h"
#include "object_meta.h"
#include "verify_plan.h"
#include "fuzz_check.h"

static void check_string(const struct json_doc *doc, size_t size, const char *s, size_t len)
{
	CHECK(s >= doc->strings && s + len <= doc->strings + size);
	CHECK(s[len] == '\0');
}

/* 1: the shape of the tree. */
static void check_tree(const struct json_doc *doc, size_t size, const struct json_value *v,
		       unsigned depth)
{
	CHECK(depth <= JSON_MAX_DEPTH);
	if (v->type == JSON_STRING)
		check_string(doc, size, v->text, v->len);
	if (v->type == JSON_NUMBER)
		CHECK(v->len > 0);
	if (v->type != JSON_ARRAY && v->type != JSON_OBJECT) {
		CHECK(!v->first && v->count == 0);
		return;
	}
	size_t n = 0;
	for (const struct json_value *c = v->first; c; c = c->next, n++) {
		CHECK((c->key != NULL) == (v->type == JSON_OBJECT));
		if (c->key)
			check_string(doc, size, c->key, c->key_len);
		check_tree(doc, size, c, depth + 1);
	}
	CHECK(n == v->count);
}

static void write_string(FILE *f, const char *s, size_t len)
{
	fputc('"', f);
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c == '"' || c == '\\')
			fprintf(f, "\\%c", c);
		else if (c < 0x20)
			fprintf(f, "\\u%04x", c);
		else
			fputc(c, f);
	}
	fputc('"', f);
}

static void write_value(FILE *f, const struct json_value *v)
{
	static const char *const words[] = { "null", "false", "true" };

	switch (v->type) {
	case JSON_NULL:
	case JSON_FALSE:
	case JSON_TRUE:
		fputs(words[v->type], f);
		break;
	case JSON_NUMBER:
		fwrite(v->text, 1, v->len, f);
		break;
	case JSON_STRING:
		write_string(f, v->text, v->len);
		break;
	case JSON_ARRAY:
	case JSON_OBJECT:
		fputc(v->type == JSON_ARRAY ? '[' : '{', f);
		for (const struct json_value *c = v->first; c; c = c->next) {
			if (c != v->first)
				fputc(',', f);
			if (c->key) {
				write_string(f, c->key, c->key_len);
				fputc(':', f);
			}
			write_value(f, c);
		}
		fputc(v->type == JSON_ARRAY ? ']' : '}', f);
		break;
	}
}

static char *serialize(const struct json_value *v, size_t *len)
{
	char *text = NULL;
	FILE *f = open_memstream(&text, len);
	CHECK(f);
	write_value(f, v);
	CHECK(fclose(f) == 0);
	return text;
}

/* 2: parse(write(tree)) is the tree, and write is then a fixed point. */
static void round_trip(const struct json_value *root)
{
	size_t len, len2;
	char *text = serialize(root, &len);
	struct json_doc doc;
	struct json_error err;

	CHECK(json_parse(text, len, &doc, &err));
	char *again = serialize(doc.root, &len2);
	CHECK(len == len2 && memcmp(text, again, len) == 0);
	json_free(&doc);
	free(again);
	free(text);
}

/* 3: accepted metadata, and a plan over the input as the object. */
static void metadata(const uint8_t *data, size_t size)
{
	struct object_meta m;
	char err[256];

	if (!meta_parse((const char *)data, size, &m, err, sizeof err)) {
		CHECK(strlen(err) > 0);
		return;
	}
	CHECK(m.nchecks > 0);
	for (size_t i = 0; i < m.nchecks; i++) {
		const struct meta_check *c = &m.checks[i];
		CHECK(c->algo && strlen(c->text) < META_TEXT_MAX);
		if (c->kind == META_COMPOSITE || c->kind == META_ETAG)
			CHECK(c->nparts >= 1 && c->nparts <= META_MAX_PARTS);
		if (c->kind == META_PART)
			CHECK(c->part >= 1 && c->part <= m.nlisted);
	}
	struct verify_plan plan;
	CHECK(verify_plan_build(&plan, &m, true, size, NULL));
	verify_plan_feed(&plan, data, size / 2);
	verify_plan_feed(&plan, data + size / 2, size - size / 2);
	verify_plan_finish(&plan);
	for (size_t i = 0; i < m.nchecks; i++)
		CHECK(plan.results[i].status != VERIFY_PENDING);
	verify_plan_free(&plan);
	object_meta_free(&m);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct json_doc doc;
	struct json_error err;

	if (json_parse((const char *)data, size, &doc, &err)) {
		check_tree(&doc, size, doc.root, 1);
		round_trip(doc.root);
		json_free(&doc);
	} else {
		CHECK(err.message && err.offset <= size && err.line >= 1 && err.column >= 1);
	}
	metadata(data, size);
	return 0;
}
