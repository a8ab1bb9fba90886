/* SPDX-License-Identifier: MIT */
/* output_audit.h - what --check --audit prints: a line (or JSON object)
 * per file on stdout, the WARNING summaries on stderr.
 * Layer: output. */
#ifndef SIMDSUM_OUTPUT_AUDIT_H
#define SIMDSUM_OUTPUT_AUDIT_H

#include "algo.h"
#include "options.h"

enum audit_status {
	AUDIT_OK,          /* listed, digest matches */
	AUDIT_CHANGED,     /* listed, digest differs */
	AUDIT_MISSING,     /* listed, not on disk */
	AUDIT_MOVED,       /* missing, its content found under a new name */
	AUDIT_NEW,         /* under DIR, not listed */
	AUDIT_UNREADABLE,  /* could not be read (listed or not) */
	AUDIT_MALFORMED,   /* improperly formatted line (JSON only) */
};

struct audit_counts {
	unsigned long long ok, changed, missing, moved, new_files;
	unsigned long long unreadable;          /* listed files */
	unsigned long long unlisted_unreadable; /* walked, not listed */
	unsigned long long malformed;
};

/* One file's verdict. lineno 0: not from the list (new, unlisted);
 * to: the new name of a moved file; algo and message may be NULL. */
struct audit_record {
	const char *list;             /* as given, "-": standard input */
	unsigned long long lineno;
	const char *name;
	const char *to;
	const struct algo *algo;
	enum audit_status status;
	const char *message;
	bool nul_cut;                 /* its line was read up to a NUL */
};

void output_audit(const struct options *opt, const struct audit_record *r);

/* The counts: JSON's object on stdout (nothing in text, nor with
 * --status), with "error" when error is not NULL (the list's reason to
 * fail that no count says). */
void output_audit_counts(const struct options *opt, const char *list,
			 const struct audit_counts *c, const char *error);

/* The counts (JSON only) on stdout, then the WARNING lines on stderr
 * (none with --status). */
void output_audit_summary(const struct options *opt, const char *list,
			  const struct audit_counts *c);

#endif
