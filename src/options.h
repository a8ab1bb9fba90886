/* options.h - the parsed command line, shared by the modes. */
#ifndef SIMDSUM_OPTIONS_H
#define SIMDSUM_OPTIONS_H

#include <stdbool.h>

#include "algo.h"
#include "impl.h"
#include "input.h"

#define MAX_ALGOS 8

/* An algorithm to compute and the transforms it runs on. */
struct algo_choice {
	const struct algo *algo;
	struct dispatch dispatch;
};

struct options {
	struct algo_choice algos[MAX_ALGOS];   /* -a, in the order given */
	unsigned nalgos;
	const char *impl_name;     /* --impl or SIMDSUM_IMPL, NULL for auto */
	enum io_mode io;

	/* output */
	bool tag;                  /* --tag: BSD style */
	bool binary;               /* '*' indicator */
	char delim;                /* '\n', or '\0' with -z */

	/* --check */
	bool check;
	bool ignore_missing;
	bool quiet;
	bool status_only;
	bool strict;
	bool warn;
};

#endif
