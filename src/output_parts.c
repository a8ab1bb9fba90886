/* SPDX-License-Identifier: MIT */
/* output_parts.c - --parts lines, as BSD-tag-like text or JSON. */
#include <stdio.h>

#include "escape.h"
#include "json.h"
#include "output.h"
#include "output_parts.h"

/* "TAG (NAME) " with the name escaped as in tag lines. */
static void put_prefix(const char *name, const struct algo *a)
{
	bool escape = name_needs_escape(name);

	if (escape)
		putchar('\\');
	printf("%s (", a->tag);
	if (escape)
		write_escaped_name(stdout, name);
	else
		fputs(name, stdout);
	fputs(") ", stdout);
}

static void text_part(const struct part_record *p, const char *text)
{
	put_prefix(p->name, p->algo);
	printf("part %llu", (unsigned long long)p->number);
	if (p->count)
		printf(" of %llu", (unsigned long long)p->count);
	printf(", offset %llu, length %llu = %s\n", (unsigned long long)p->offset,
	       (unsigned long long)p->length, text);
}

static void json_part(const struct part_record *p, const char *text)
{
	putchar('{');
	json_write_name(stdout, "name", p->name);
	printf(",\"algorithm\":\"%s\",\"part\":%llu,\"offset\":%llu,\"length\":%llu,"
	       "\"digest\":\"%s\"}\n",
	       p->algo->name, (unsigned long long)p->number, (unsigned long long)p->offset,
	       (unsigned long long)p->length, text);
}

void output_part(const struct options *opt, const struct part_record *p)
{
	char text[2 * ALGO_MAX_DIGEST + 1];

	output_begin();
	digest_text(opt, p->algo, p->digest, text);
	if (opt->style == OUTPUT_JSON)
		json_part(p, text);
	else
		text_part(p, text);
	output_end();
}

void output_parts_summary(const struct options *opt, const struct parts_summary *s)
{
	output_begin();
	if (opt->style == OUTPUT_JSON) {
		putchar('{');
		json_write_name(stdout, "name", s->name);
		printf(",\"algorithm\":\"%s\",\"size\":%llu,\"parts\":%llu", s->algo->name,
		       (unsigned long long)s->size, (unsigned long long)s->nparts);
		if (s->composite)
			printf(",\"composite\":\"%s\"", s->composite);
		if (s->etag)
			printf(",\"etag\":\"%s\"", s->etag);
		if (s->full)
			printf(",\"digest\":\"%s\"", s->full);
		fputs("}\n", stdout);
	} else {
		/* "of 1 parts" on purpose: the summary lines keep one form,
		 * so that a script's grep ' part ' finds the part lines only. */
		if (s->composite) {
			put_prefix(s->name, s->algo);
			printf("composite of %llu parts = %s\n", (unsigned long long)s->nparts,
			       s->composite);
		}
		if (s->etag) {
			put_prefix(s->name, s->algo);
			printf("multipart ETag of %llu parts = %s\n", (unsigned long long)s->nparts,
			       s->etag);
		}
		if (s->full) {
			put_prefix(s->name, s->algo);
			printf("full object = %s\n", s->full);
		}
	}
	output_end();
}
