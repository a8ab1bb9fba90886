/* SPDX-License-Identifier: MIT */
/* update_run.h - the state of one --update run, shared by its parts:
 * update_hash.c finds and hashes the files, update_mode.c writes.
 * Layer: mode. */
#ifndef SIMDSUM_UPDATE_RUN_H
#define SIMDSUM_UPDATE_RUN_H

#include <stdio.h>
#include <time.h>

#include "engine.h"
#include "stream_guard.h"
#include "update_format.h"
#include "update_list.h"

struct update_run {
	const struct options *opt;
	const char *shown;                 /* LIST as the user named it */
	char *target;                      /* ... its links followed */
	struct update_list list;
	struct list_format fmt;            /* of the lines added */
	struct options scratch;            /* the options a line is written with */
	struct algo_choice choices[ALGO_COUNT];   /* one per algorithm */
	struct engine *engine;
	struct stream_guard streams;      /* "-" and /dev/stdin one after the other */
	FILE *added;                       /* the lines to append */
	char *added_buf;
	size_t added_len;
	FILE *fresh;                       /* the lines that replace others */
	char *fresh_buf;
	size_t fresh_len;
	char **names;                      /* the names added (owned) */
	size_t nnames, names_cap;
	unsigned long long nadded, nreplaced;
	struct timespec started;           /* before any file was looked at */
	bool ok;                           /* every file hashed */
};

/* Hashes the operands' files (walking directories with -r) that the list
 * lacks, or that changed since it (--update-changed), formatting their
 * lines into run->added and run->fresh. Sets run->ok false on any error
 * (reported). */
void update_hash(struct update_run *run, char *const *operands, int noperands);

#endif
