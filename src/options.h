/* SPDX-License-Identifier: MIT */
/* options.h - the parsed command line, shared by the modes.
 * Layer: registry. */
#ifndef SIMDSUM_OPTIONS_H
#define SIMDSUM_OPTIONS_H

#include <stdbool.h>

#include "algo.h"
#include "cost_model.h"
#include "impl.h"
#include "outcome.h"

/* -a may name every algorithm once. */
#define MAX_ALGOS ALGO_COUNT

/* An algorithm to compute and the transforms it runs on, decided once
 * (src/select.c) from --impl, the CPU and the cost profile; everything
 * that hashes reads it, nothing looks at the --impl name again. */
struct algo_choice {
	const struct algo *algo;
	struct dispatch dispatch;   /* calls of one file, single-stream */
	struct lane_plan lanes;     /* several files at once (capacity 0: never) */
	const struct impl *forced;  /* the row --impl named, NULL for auto */
};

struct options {
	struct algo_choice algos[MAX_ALGOS];   /* -a, in the order given */
	unsigned nalgos;
	const char *impl_name;     /* --impl or SIMDSUM_IMPL, NULL for auto */
	enum io_mode io;
	unsigned jobs;             /* -j: worker threads */

	/* output */
	enum output_style {
		OUTPUT_GNU,        /* DIGEST  NAME */
		OUTPUT_TAG,        /* --tag: TAG (NAME) = DIGEST */
		OUTPUT_JSON,       /* --json: one object per line */
	} style;
	bool binary;               /* '*' indicator */
	bool base64;               /* --base64 digests */
	bool crc_little;           /* --byte-order=little: CRC digests least
	                            * significant byte first (Azure's CRC64) */
	char delim;                /* '\n', or '\0' with -z */
	bool debug;                /* --debug */
	bool cross_check;          /* --cross-check: generic as well */

	/* which files */
	bool recursive;            /* -r */
	bool dereference;          /* -L */
	const char *files_from;    /* --files-from / --files0-from list */
	bool files_nul;            /* ... NUL-separated */

	/* --check */
	bool check;
	bool ignore_missing;
	bool quiet;
	bool status_only;
	bool strict;
	bool warn;
	bool untagged_by_length;   /* untagged lines: any algorithm whose
	                            * digest length is the line's alone */

	/* --verify-object=META: the JSON to check the one FILE against */
	const char *verify_object;

	/* --check --audit[=DIR]: the tree beside the list as well */
	bool audit;
	const char *audit_dir;     /* NULL: the current directory */
	bool ignore_new;           /* --ignore-new: files not listed are fine */

	/* --update=LIST: append what LIST lacks (atomically) */
	const char *update_list;
	bool update_changed;       /* --update-changed: also files newer than LIST */
};

#endif
