/* SPDX-License-Identifier: MIT */
/* output_verify.c - --verify-object's lines: what each check is, in
 * words ("composite, 3 parts of 8 MiB"), its verdict, and in JSON the
 * values expected and computed in META's own notation. Layer: output. */
#include <stdio.h>
#include <string.h>

#include "base64.h"
#include "escape.h"
#include "json.h"
#include "output.h"
#include "output_verify.h"

#define MiB (1024 * 1024ull)

/* The cutting a line reports: the candidate that matched, else the only
 * one there was; NULL when several were tried, or none. */
static const struct layout *reported_layout(const struct verify_result *r)
{
	if (r->matched)
		return r->matched->layout;
	return r->ntracks == 1 ? r->tracks[0]->layout : NULL;
}

static void size_words(uint64_t bytes, char *out, size_t n)
{
	if (bytes && bytes % MiB == 0)
		snprintf(out, n, "%llu MiB", (unsigned long long)(bytes / MiB));
	else
		snprintf(out, n, "%llu bytes", (unsigned long long)bytes);
}

/* Listed parts of one size but a shorter last: that size, else 0. */
static uint64_t uniform_size(const struct layout *l)
{
	for (size_t i = 1; i < l->nsizes; i++)
		if (l->sizes[i] != l->sizes[0] && !(i + 1 == l->nsizes && l->sizes[i] < l->sizes[0]))
			return 0;
	return l->nsizes ? l->sizes[0] : 0;
}

/* ", 3 parts of 8 MiB", ", 3 parts as listed", "; tried 8 MiB, 7 MiB",
 * "; no size: tried 8 MiB, 5 MiB, ..." (a pipe, and META has none). */
static void cutting_words(const struct verify_result *r, char *out, size_t n)
{
	const struct layout *l = reported_layout(r);
	uint64_t parts = r->check->nparts, each = 0;
	int k = snprintf(out, n, ", %llu part%s", (unsigned long long)parts, parts == 1 ? "" : "s");
	char words[32];

	if (l && l->kind != LAYOUT_WHOLE) {
		each = l->kind == LAYOUT_FIXED ? l->part_size : uniform_size(l);
		size_words(each, words, sizeof words);
		snprintf(out + k, n - (size_t)k, each ? " of %s" : " as listed", words);
	} else if (!l && r->ntracks == 0) {
		snprintf(out + k, n - (size_t)k, "; no part size tried gives %llu parts%s",
			 (unsigned long long)parts, r->part_listed ? " of the sizes listed" : "");
	} else if (!l) {
		k += snprintf(out + k, n - (size_t)k, "; %stried", r->size_unknown ? "no size: " : "");
		for (unsigned i = 0; i < r->ntracks && (size_t)k < n; i++) {
			size_words(r->tracks[i]->layout->part_size, words, sizeof words);
			k += snprintf(out + k, n - (size_t)k, "%s %s", i ? "," : "", words);
		}
	}
}

static void type_words(const struct verify_result *r, char *out, size_t n)
{
	const struct meta_check *c = r->check;

	switch (c->kind) {
	case META_FULL:
		if (c->etag)
			snprintf(out, n, "ETag");
		else if (c->components)
			snprintf(out, n, "full object, %llu components",
				 (unsigned long long)c->components);
		else
			snprintf(out, n, "full object");
		break;
	case META_PART:
		if (c->nparts)
			snprintf(out, n, "part %llu of %llu", (unsigned long long)c->part,
				 (unsigned long long)c->nparts);
		else   /* a partial listing, and no count */
			snprintf(out, n, "part %llu", (unsigned long long)c->part);
		break;
	case META_COMPOSITE:
	case META_ETAG: {
		/* a CRC that may be either (or_whole): the form that matched */
		if (r->matched_whole) {
			snprintf(out, n, "full object");
			break;
		}
		bool either = c->or_whole && r->status != VERIFY_OK;
		int k = snprintf(out, n, c->kind == META_ETAG ? "ETag"
					 : either             ? "full object or composite"
							      : "composite");
		cutting_words(r, out + k, n - (size_t)k);
		break;
	}
	}
}

/* Where a failed composite's value is shown from: the first cutting that
 * gave its N parts (another count's composite is no value to compare),
 * else the whole file's CRC when it may be that; NULL when there is none.
 * *whole: the whole file's. */
static const struct track *shown_track(const struct verify_result *r, bool *whole)
{
	*whole = r->matched_whole;
	if (r->matched || r->check->kind == META_FULL)
		return r->matched ? r->matched : r->tracks[0];
	for (unsigned i = 0; i < r->ntracks; i++)
		if (r->tracks[i]->layout->nparts == r->check->nparts)
			return r->tracks[i];
	*whole = r->whole != NULL;
	return r->whole;
}

/* The value computed, in the notation META used; "" when there is none
 * (a part the file never reached, a composite no cutting gave). */
static void actual_text(const struct verify_result *r, char *out)
{
	const struct meta_check *c = r->check;
	bool whole = false;
	const struct track *t = c->kind == META_PART ? NULL : shown_track(r, &whole);
	const uint8_t *d = NULL;
	uint8_t ordered[ALGO_MAX_DIGEST];
	unsigned n = c->algo->digest_size;

	out[0] = '\0';
	if (c->kind == META_PART)
		d = r->have_got ? r->got : NULL;
	else if (t)
		d = c->kind == META_FULL || whole ? t->last : t->combined;
	if (!d)
		return;
	for (unsigned i = 0; i < n; i++)
		ordered[i] = d[c->little_endian ? n - 1 - i : i];
	if (c->kind == META_ETAG || c->etag)
		hex_encode(ordered, n, out);
	else
		base64_encode(ordered, n, out);
	if ((c->kind == META_ETAG || c->kind == META_COMPOSITE) && !whole && strchr(c->text, '-'))
		sprintf(out + strlen(out), "-%llu", (unsigned long long)c->nparts);
}

static void put_name(const char *name)
{
	/* As --check prints names: escaped only when they hold a newline. */
	if (strchr(name, '\n')) {
		putchar('\\');
		write_escaped_name(stdout, name);
	} else {
		fputs(name, stdout);
	}
}

static bool silent(const struct options *opt, bool ok)
{
	return opt->status_only || (ok && opt->quiet);
}

void output_verify_size(const struct options *opt, const char *name, uint64_t expected,
			uint64_t found)
{
	bool ok = expected == found;

	if (silent(opt, ok))
		return;
	output_begin();
	if (opt->style == OUTPUT_JSON) {
		putchar('{');
		json_write_name(stdout, "name", name);
		printf(",\"algorithm\":\"size\",\"type\":\"size\",\"status\":\"%s\","
		       "\"expected\":%llu,\"actual\":%llu}\n",
		       ok ? "ok" : "failed", (unsigned long long)expected, (unsigned long long)found);
	} else {
		put_name(name);
		if (ok)
			printf(": size (%llu bytes) OK\n", (unsigned long long)expected);
		else
			printf(": size (%llu bytes expected, %llu found) FAILED\n",
			       (unsigned long long)expected, (unsigned long long)found);
	}
	output_end();
}

void output_verify_meta_error(const struct options *opt, const char *meta, const char *message)
{
	if (opt->style != OUTPUT_JSON || opt->status_only)
		return;
	output_begin();
	json_write_error(stdout, "meta", meta, message);
	output_end();
}

static const char *const json_types[] = {
	[META_FULL] = "full", [META_COMPOSITE] = "composite", [META_ETAG] = "etag",
	[META_PART] = "part",
};

/* The cutting, for JSON: parts, the part size and where it came from. */
static void json_cutting(const struct verify_result *r)
{
	const struct meta_check *c = r->check;
	const struct layout *l = reported_layout(r);

	if (r->matched_whole)
		return;
	if (c->kind == META_PART)
		printf(",\"part\":%llu", (unsigned long long)c->part);
	if (c->kind != META_FULL && c->nparts)
		printf(",\"parts\":%llu", (unsigned long long)c->nparts);
	if (c->kind != META_COMPOSITE && c->kind != META_ETAG)
		return;
	if (l && l->kind == LAYOUT_FIXED)
		printf(",\"part_size\":%llu,\"part_size_from\":\"guess\"",
		       (unsigned long long)l->part_size);
	else if (l && l->kind == LAYOUT_LISTED && uniform_size(l))
		printf(",\"part_size\":%llu,\"part_size_from\":\"listed\"",
		       (unsigned long long)uniform_size(l));
	else if (l && l->kind == LAYOUT_LISTED)
		fputs(",\"part_size_from\":\"listed\"", stdout);
	if (!l) {
		fputs(",\"tried\":[", stdout);
		for (unsigned i = 0; i < r->ntracks; i++)
			printf("%s%llu", i ? "," : "",
			       (unsigned long long)r->tracks[i]->layout->part_size);
		putchar(']');
	}
}

static void json_result(const char *name, const struct verify_result *r, const char *actual)
{
	const struct meta_check *c = r->check;

	putchar('{');
	json_write_name(stdout, "name", name);
	printf(",\"algorithm\":\"%s\",\"type\":\"%s\"", c->algo->name,
	       c->etag ? "etag" : r->matched_whole ? "full" : json_types[c->kind]);
	if (c->or_whole && r->status != VERIFY_OK)
		fputs(",\"or_type\":\"full\"", stdout);
	json_cutting(r);
	if (c->components)
		printf(",\"components\":%llu", (unsigned long long)c->components);
	fputs(",\"source\":", stdout);
	json_write_string(stdout, c->source);
	printf(",\"status\":\"%s\",\"expected\":\"%s\"",
	       r->status == VERIFY_OK ? "ok" : "failed", c->text);
	if (actual[0])
		printf(",\"actual\":\"%s\"", actual);
	fputs("}\n", stdout);
}

void output_verify_result(const struct options *opt, const char *name,
			  const struct verify_result *r)
{
	char type[512], actual[META_TEXT_MAX];
	bool ok = r->status == VERIFY_OK;

	if (silent(opt, ok))
		return;
	type_words(r, type, sizeof type);
	actual_text(r, actual);
	output_begin();
	if (opt->style == OUTPUT_JSON) {
		json_result(name, r, actual);
	} else {
		put_name(name);
		printf(": %s (%s) %s\n", r->check->algo->tag, type, ok ? "OK" : "FAILED");
	}
	output_end();
}
