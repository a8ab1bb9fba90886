/* SPDX-License-Identifier: MIT */
/* audit_run.h - the state of one --check --audit run, shared by its
 * phases: reading the list (audit_list.c), looking for moves
 * (audit_moves.c), verifying the listed files (audit_verify.c).
 * Layer: mode. */
#ifndef SIMDSUM_AUDIT_RUN_H
#define SIMDSUM_AUDIT_RUN_H

#include <sys/stat.h>
#include <sys/types.h>

#include "audit_index.h"
#include "engine.h"
#include "options.h"
#include "output_audit.h"

struct audit_run {
	const struct options *opt;
	const char *list;                 /* as named, "-": standard input */
	const char *dir;                  /* the tree walked */
	const char *shown;                /* the list's name in messages */
	struct audit_index ix;
	struct audit_counts n;
	bool any_well_formed;
	bool nul_cut;                     /* a line was read up to a NUL: --strict fails */
	bool list_known;                  /* the list is a regular file: */
	dev_t list_dev;                   /* ... its identity */
	ino_t list_ino;
	struct algo_choice choices[ALGO_COUNT];   /* one per algorithm */
};

/* Reads the list into run->ix (entries in list order). False, reported,
 * when it cannot be read; run->any_well_formed says whether it holds a
 * line to audit. */
bool audit_list_read(struct audit_run *run);

/* Whether the file of this stat is the list itself (by any name: a
 * link, /dev/stdin, a redirection). */
bool audit_is_list(const struct audit_run *run, const struct stat *st);

/* An engine whose lanes follow run->choices (--impl where the family has
 * the row, auto for the others). */
struct engine *audit_engine(struct audit_run *run, void (*emit)(struct job *job, void *ctx));

/* Hashes the unlisted files with the algorithms of the missing entries
 * and pairs each with the first missing entry of its digest. */
void audit_moves_find(struct audit_run *run);

/* Hashes the listed files in list order and reports every entry. */
void audit_verify_listed(struct audit_run *run);

#endif
