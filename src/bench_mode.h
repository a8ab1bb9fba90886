/* SPDX-License-Identifier: MIT */
/* bench_mode.h - simdsum --benchmark: what each implementation is worth on
 * this CPU, in the rows of the Linux kernel's tcrypt hash speed test.
 * Layer: mode. */
#ifndef SIMDSUM_BENCH_MODE_H
#define SIMDSUM_BENCH_MODE_H

#include <stdbool.h>

#include "options.h"

/* The benchmark's options as cli_options.c collects them; bench_mode.c checks
 * their values. */
struct bench_options {
	bool enabled;          /* --benchmark */
	bool algos_given;      /* -a given: only those algorithms, else all */
	const char *format;    /* --format, NULL for the table */
	const char *time_ms;   /* --benchmark-time, NULL for the default */
	bool check_auto;       /* --check-auto: auto against every forced choice */
};

/* Without --benchmark, --format and --benchmark-time are usage errors. */
void bench_check_unused(const struct bench_options *bench);

/* Runs the benchmark for the algorithms in opt (all of them unless -a was
 * given) and opt->impl_name. Rejects the options and operands that have
 * no meaning here (usage errors exit). Returns false after reporting an
 * implementation that cannot be benchmarked. */
bool bench_mode_run(const struct bench_options *bench, const struct options *opt,
		    int noperands);

#endif
