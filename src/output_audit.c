/* SPDX-License-Identifier: MIT */
/* output_audit.c - the lines and JSON objects of --check --audit, in the
 * forms output.c gives --check's. */
#include <stdio.h>
#include <string.h>

#include "diag.h"
#include "escape.h"
#include "json.h"
#include "output.h"
#include "output_audit.h"

static const char *const text_words[] = {
	[AUDIT_OK] = "OK",
	[AUDIT_CHANGED] = "CHANGED",
	[AUDIT_MISSING] = "MISSING",
	[AUDIT_MOVED] = "MOVED",
	[AUDIT_NEW] = "NEW",
	[AUDIT_UNREADABLE] = "FAILED open or read",
	[AUDIT_MALFORMED] = "improperly formatted",
};

static const char *const json_words[] = {
	[AUDIT_OK] = "ok",
	[AUDIT_CHANGED] = "changed",
	[AUDIT_MISSING] = "missing",
	[AUDIT_MOVED] = "moved",
	[AUDIT_NEW] = "new",
	[AUDIT_UNREADABLE] = "unreadable",
	[AUDIT_MALFORMED] = "malformed",
};

/* As --check: a name holding a newline is escaped, the line marked with
 * a leading backslash; for a move, both names are then escaped. */
static void text_record(const struct audit_record *r)
{
	bool escape = strchr(r->name, '\n') || (r->to && strchr(r->to, '\n'));

	if (escape) {
		putchar('\\');
		write_escaped_name(stdout, r->name);
	} else {
		fputs(r->name, stdout);
	}
	if (r->to) {
		fputs(" -> ", stdout);
		if (escape)
			write_escaped_name(stdout, r->to);
		else
			fputs(r->to, stdout);
	}
	printf(": %s\n", text_words[r->status]);
}

static void json_record(const struct audit_record *r)
{
	putchar('{');
	json_write_name(stdout, "list", r->list);
	if (r->lineno)
		printf(",\"line\":%llu", r->lineno);
	if (r->to) {
		putchar(',');
		json_write_name(stdout, "from", r->name);
		putchar(',');
		json_write_name(stdout, "to", r->to);
	} else if (r->name) {
		putchar(',');
		json_write_name(stdout, "name", r->name);
	}
	if (r->algo)
		printf(",\"algorithm\":\"%s\"", r->algo->name);
	printf(",\"status\":\"%s\"", json_words[r->status]);
	if (r->nul_cut)
		fputs(",\"nul_cut\":true", stdout);
	if (r->message) {
		fputs(",\"error\":", stdout);
		json_write_string(stdout, r->message);
	}
	fputs("}\n", stdout);
}

void output_audit(const struct options *opt, const struct audit_record *r)
{
	if (opt->status_only || (r->status == AUDIT_OK && opt->quiet))
		return;
	if (opt->style != OUTPUT_JSON && r->status == AUDIT_MALFORMED)
		return;
	output_begin();
	if (opt->style == OUTPUT_JSON)
		json_record(r);
	else
		text_record(r);
	output_end();
}

static void json_summary(const char *list, const struct audit_counts *c, const char *error)
{
	output_begin();
	putchar('{');
	json_write_name(stdout, "list", list);
	printf(",\"summary\":{\"ok\":%llu,\"changed\":%llu,\"missing\":%llu,\"moved\":%llu,"
	       "\"new\":%llu,\"unreadable\":%llu,\"malformed\":%llu}",
	       c->ok, c->changed, c->missing, c->moved, c->new_files,
	       c->unreadable + c->unlisted_unreadable, c->malformed);
	json_end_object(stdout, error);
	output_end();
}

/* One format per plural form, both literal so the compiler checks them. */
#define WARN_COUNT(n, one, many)                                 \
	do {                                                     \
		if (n)                                           \
			diag_error(0, (n) == 1 ? one : many, n); \
	} while (0)

void output_audit_counts(const struct options *opt, const char *list,
			 const struct audit_counts *c, const char *error)
{
	if (!opt->status_only && opt->style == OUTPUT_JSON)
		json_summary(list, c, error);
}

void output_audit_summary(const struct options *opt, const char *list,
			  const struct audit_counts *c)
{
	if (opt->status_only)
		return;
	output_audit_counts(opt, list, c, NULL);
	WARN_COUNT(c->malformed, "WARNING: %llu line is improperly formatted",
		   "WARNING: %llu lines are improperly formatted");
	WARN_COUNT(c->unreadable, "WARNING: %llu listed file could not be read",
		   "WARNING: %llu listed files could not be read");
	WARN_COUNT(c->unlisted_unreadable, "WARNING: %llu unlisted file could not be read",
		   "WARNING: %llu unlisted files could not be read");
	WARN_COUNT(c->changed, "WARNING: %llu computed checksum did NOT match",
		   "WARNING: %llu computed checksums did NOT match");
	WARN_COUNT(c->missing, "WARNING: %llu listed file is missing",
		   "WARNING: %llu listed files are missing");
	WARN_COUNT(c->moved, "WARNING: %llu listed file was moved",
		   "WARNING: %llu listed files were moved");
	WARN_COUNT(c->new_files, "WARNING: %llu file is not in the list",
		   "WARNING: %llu files are not in the list");
}
