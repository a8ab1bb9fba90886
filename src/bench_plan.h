/* SPDX-License-Identifier: MIT */
/* bench_plan.h - the columns of --benchmark's tables: for each algorithm,
 * the implementations timed (every row, or the one --impl names, then
 * auto), each with the operation that times it, and the rows left out
 * with the reason. Private to bench_mode.c and bench_plan.c.
 * Layer: mode. */
#ifndef SIMDSUM_BENCH_PLAN_H
#define SIMDSUM_BENCH_PLAN_H

#include <stdbool.h>

#include "bench.h"
#include "options.h"

/* The buffer every run hashes: the largest block bench_mode.c times. */
#define BENCH_BUFFER_SIZE (1 << 20)
#define BENCH_MAX_COLUMNS 16
#define BENCH_MAX_ALGOS 16
#define BENCH_MAX_NOTES 64

struct bench_plan {
	struct {
		struct bench_column cols[BENCH_MAX_COLUMNS];
		unsigned ncols;
	} algo[BENCH_MAX_ALGOS];
	unsigned nalgos;
	struct bench_note notes[BENCH_MAX_NOTES];
	unsigned nnotes;
};

/* Fills *p (zeroed) for the algorithms in opt (all of them unless
 * algos_given: -a) and opt->impl_name. Returns false after reporting an
 * implementation that cannot be benchmarked. */
bool bench_plan_build(struct bench_plan *p, const struct options *opt, bool algos_given);

/* Whether some column is a multi-buffer row. */
bool bench_plan_has_multi_buffer(const struct bench_plan *p);

#endif
