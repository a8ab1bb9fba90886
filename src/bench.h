/* SPDX-License-Identifier: MIT */
/* bench.h - what --benchmark measures and how its reports are written
 * (shared by bench_mode.c, which measures, bench_plan.c, which chooses
 * the columns, and bench_report.c).
 * Layer: mode. */
#ifndef SIMDSUM_BENCH_H
#define SIMDSUM_BENCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "algo.h"
#include "impl.h"

/* One row of the table: an operation hashes a message of block bytes in
 * block / update calls of update bytes (tcrypt's blen and plen). */
struct bench_case {
	size_t block;
	size_t update;
};

struct bench_column;

/* Runs iters operations of bc over buf; returns the bytes hashed. */
typedef uint64_t (*bench_run_fn)(const struct bench_column *col, const struct bench_case *bc,
				 const uint8_t *buf, uint64_t iters);

/* One column: an implementation of an algorithm (or auto). */
struct bench_column {
	const struct algo *algo;
	const struct impl *impl;   /* NULL for auto */
	const char *name;          /* the --impl name, or "auto" */
	struct dispatch dispatch;
	bench_run_fn run;
};

struct bench_result {
	double mib_per_s;
	double cycles_per_byte;    /* < 0: no cycle counter */
};

/* An implementation the benchmark leaves out, and why. */
struct bench_note {
	const char *algo;
	const char *impl;
	char reason[128];
};

struct bench_meta {
	const char *version;
	const char *cpu;
	const char *compiler;
	const char *cflags;
	const char *cycle_source;   /* "perf", "tsc", ... */
	char cycles[192];           /* the header line's description */
	unsigned run_ms;
	unsigned runs;
	bool multi_buffer;          /* some column is a multi-buffer row */
	const struct bench_note *notes;
	unsigned nnotes;
};

/* An output format: called in this order, table_begin/row.../table_end
 * once per algorithm. */
struct bench_format {
	const char *name;
	void (*begin)(const struct bench_meta *meta);
	void (*table_begin)(const struct bench_meta *meta, const struct bench_column *cols,
			    unsigned ncols);
	void (*row)(const struct bench_meta *meta, const struct bench_case *bc,
		    const struct bench_column *cols, const struct bench_result *res, unsigned ncols);
	void (*table_end)(void);
	void (*end)(void);
};

/* table, csv, json; terminated by name == NULL. */
extern const struct bench_format bench_formats[];

#endif
