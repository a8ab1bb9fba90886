/* SPDX-License-Identifier: MIT */
/* bench_mode.c - simdsum --benchmark: times every implementation of each
 * algorithm through the hashing driver, tcrypt's rows by its columns
 * (the columns: bench_plan.c; the reports: bench_report.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "bench_mode.h"
#include "bench_plan.h"
#include "check_auto.h"
#include "build_info.h"
#include "cpu.h"
#include "cycles.h"
#include "diag.h"
#include "quote.h"
#include "version.h"
#include "xalloc.h"

/* The Linux kernel's generic_hash_speed_template (crypto/tcrypt.h): 22
 * (block, update) pairs from 16 to 8192 bytes, then two single-update
 * rows of our own so the table reaches the sizes files are read in. */
static const struct bench_case bench_cases[] = {
	{ 16, 16 },	{ 64, 16 },	  { 64, 64 },	  { 256, 16 },	  { 256, 64 },
	{ 256, 256 },	{ 1024, 16 },	  { 1024, 256 },  { 1024, 1024 }, { 2048, 16 },
	{ 2048, 256 },	{ 2048, 1024 },	  { 2048, 2048 }, { 4096, 16 },	  { 4096, 256 },
	{ 4096, 1024 }, { 4096, 4096 },	  { 8192, 16 },	  { 8192, 256 },  { 8192, 1024 },
	{ 8192, 4096 }, { 8192, 8192 },	  { 16384, 16384 }, { 1 << 20, 1 << 20 },
};
#define NCASES (sizeof bench_cases / sizeof bench_cases[0])

/* Three runs is the fewest a median needs, and 20 ms is about the
 * shortest run that a timer interrupt does not dominate. Without
 * --benchmark-time, runs are shortened (to 10 ms at least) only where the
 * plan would otherwise pass BENCH_BUDGET_MS of CPU time, so that the
 * default run finishes within a minute on the shared 2-vCPU VM: with the
 * 39 columns of the six algorithms there (multi-buffer rows included),
 * runs of 14 ms took 42 s of CPU and 56 s of wall-clock time at a load
 * average of 4; the budget gives 11 ms and about 45 s.
 *
 * Runs are timed in the thread's CPU time: on the shared VM this was
 * written on, with twice as many runnable processes as vCPUs, wall-clock
 * medians of one cell spread from 700 to 1670 MiB/s over three runs of
 * the benchmark, CPU-time ones from 1500 to 1650. */
#define BENCH_RUNS 3
#define BENCH_DEFAULT_RUN_MS 20
#define BENCH_SHORTEST_RUN_MS 10
#define BENCH_BUDGET_MS 36000
#define BENCH_MAX_RUN_MS 60000

/* --- measuring --------------------------------------------------------- */

struct bench_env {
	const uint8_t *buf;
	uint64_t run_ns;
	const struct cycles *cycles;
};

/* Doubles the operation count until a batch lasts a sixteenth of a run
 * (so the warm-up costs at most an eighth of one):
 * that warms caches, branch predictors and the core's clock, and tells
 * how many operations fill a run. */
static uint64_t warm_up(const struct bench_env *env, const struct bench_column *col,
			const struct bench_case *bc)
{
	for (uint64_t n = 1;; n *= 2) {
		uint64_t t0 = cycles_cpu_ns();
		col->run(col, bc, env->buf, n);
		uint64_t dt = cycles_cpu_ns() - t0;
		if (dt >= env->run_ns / 16 || n >= (1ull << 40)) {
			double per_op = dt ? (double)dt / (double)n : 1.0;
			uint64_t iters = (uint64_t)((double)env->run_ns / per_op) + 1;
			return iters;
		}
	}
}

struct run_sample {
	double mib_per_s;
	double cycles_per_byte;
};

/* One run of at least run_ns of CPU time: *iters operations, and more
 * while the time is short (the warm-up's last batch may have run cold and
 * slow, so that its count falls short); *iters then grows to what the run
 * took, for the next. */
static struct run_sample timed_run(const struct bench_env *env, const struct bench_column *col,
				   const struct bench_case *bc, uint64_t *iters)
{
	struct cycles_stamp c0, c1;
	struct run_sample s;
	uint64_t bytes = 0, done = 0, n = *iters, t1;

	cycles_read(env->cycles, &c0);
	uint64_t t0 = cycles_cpu_ns();
	for (;;) {
		bytes += col->run(col, bc, env->buf, n);
		done += n;
		t1 = cycles_cpu_ns();
		uint64_t spent = t1 - t0;
		if (spent >= env->run_ns)
			break;
		n = spent ? (uint64_t)((double)done * (double)(env->run_ns - spent) / (double)spent) + 1
			  : done;
	}
	cycles_read(env->cycles, &c1);
	*iters = done;

	double ns = t1 > t0 ? (double)(t1 - t0) : 1.0;
	s.mib_per_s = (double)bytes * 1e9 / ns / (1024.0 * 1024.0);
	s.cycles_per_byte = env->cycles->kind == CYCLES_NONE
				    ? -1.0
				    : cycles_between(env->cycles, &c0, &c1) / (double)bytes;
	return s;
}

static double median(double *v, unsigned n)
{
	for (unsigned i = 1; i < n; i++)
		for (unsigned j = i; j > 0 && v[j - 1] > v[j]; j--) {
			double t = v[j];
			v[j] = v[j - 1];
			v[j - 1] = t;
		}
	return v[n / 2];
}

/* One row: every column warmed up, then the runs interleaved (each round
 * starting at a different column), so that the machine's drift over the
 * row touches every column alike. */
static void measure_case(const struct bench_env *env, const struct bench_column *cols,
			 unsigned ncols, const struct bench_case *bc, struct bench_result *out)
{
	uint64_t iters[BENCH_MAX_COLUMNS];
	double mib[BENCH_MAX_COLUMNS][BENCH_RUNS], cpb[BENCH_MAX_COLUMNS][BENCH_RUNS];

	for (unsigned c = 0; c < ncols; c++)
		iters[c] = warm_up(env, &cols[c], bc);
	for (unsigned r = 0; r < BENCH_RUNS; r++)
		for (unsigned k = 0; k < ncols; k++) {
			unsigned c = (k + r) % ncols;
			struct run_sample s = timed_run(env, &cols[c], bc, &iters[c]);
			mib[c][r] = s.mib_per_s;
			cpb[c][r] = s.cycles_per_byte;
		}
	for (unsigned c = 0; c < ncols; c++) {
		out[c].mib_per_s = median(mib[c], BENCH_RUNS);
		out[c].cycles_per_byte = median(cpb[c], BENCH_RUNS);
	}
}

/* --- options ----------------------------------------------------------- */

static const struct bench_format *parse_format(const char *arg)
{
	if (!arg)
		return &bench_formats[0];
	for (const struct bench_format *f = bench_formats; f->name; f++)
		if (strcmp(f->name, arg) == 0)
			return f;
	diag_usage_error("invalid --format %s; valid: table, csv, json", quote_arg(arg));
}

/* The default run length for a plan: 20 ms, or what fits the budget. */
static unsigned default_run_ms(const struct bench_plan *p)
{
	unsigned cells = 0;

	for (unsigned k = 0; k < p->nalgos; k++)
		cells += p->algo[k].ncols * (unsigned)NCASES;
	/* Per cell: the runs and, measured, about a third of a run more
	 * (warm-up, rounding up, whole 1 MiB operations). */
	double per_run_ms = BENCH_BUDGET_MS / (cells * (BENCH_RUNS + 0.35) + 1.0);
	if (per_run_ms >= BENCH_DEFAULT_RUN_MS)
		return BENCH_DEFAULT_RUN_MS;
	return per_run_ms > BENCH_SHORTEST_RUN_MS ? (unsigned)per_run_ms : BENCH_SHORTEST_RUN_MS;
}

static unsigned parse_run_ms(const char *arg, const struct bench_plan *p)
{
	char *end;

	if (!arg)
		return default_run_ms(p);
	unsigned long ms = strtoul(arg, &end, 10);
	if (end == arg || *end || arg[0] == '-' || ms < 1 || ms > BENCH_MAX_RUN_MS)
		diag_usage_error("invalid --benchmark-time %s; give milliseconds per timed run, "
				 "1 to %d",
				 quote_arg(arg), BENCH_MAX_RUN_MS);
	return (unsigned)ms;
}

void bench_check_unused(const struct bench_options *bench)
{
	if (bench->format)
		diag_usage_error("the --format option is meaningful only with --benchmark");
	if (bench->time_ms)
		diag_usage_error("the --benchmark-time option is meaningful only with --benchmark");
	if (bench->check_auto)
		diag_usage_error("the --check-auto option is meaningful only with --benchmark");
}

/* What hashes files has no meaning here; each is refused by name. */
static void reject_options(const struct options *opt, int noperands)
{
	if (noperands > 0)
		diag_usage_error("--benchmark takes no FILE operands");
	if (opt->check)
		diag_usage_error("the --check option is meaningless with --benchmark");
	if (opt->style == OUTPUT_TAG)
		diag_usage_error("the --tag option is meaningless with --benchmark");
	if (opt->style == OUTPUT_JSON)
		diag_usage_error("the --json option is meaningless with --benchmark (see --format)");
	if (opt->binary)
		diag_usage_error("the --binary option is meaningless with --benchmark");
	if (opt->base64)
		diag_usage_error("the --base64 option is meaningless with --benchmark");
	if (opt->delim == '\0')
		diag_usage_error("the --zero option is meaningless with --benchmark");
	if (!io_mode_is_auto(opt->io))
		diag_usage_error("the --io option is meaningless with --benchmark");
	if (opt->jobs)
		diag_usage_error("the --jobs option is meaningless with --benchmark (it times one "
				 "thread)");
	if (opt->recursive)
		diag_usage_error("the --recursive option is meaningless with --benchmark");
	if (opt->files_from)
		diag_usage_error("the --%s option is meaningless with --benchmark",
				 opt->files_nul ? "files0-from" : "files-from");
	if (opt->update_list)
		diag_usage_error("the --update option is meaningless with --benchmark");
	if (opt->cross_check)
		diag_usage_error("the --cross-check option is meaningless with --benchmark");
	if (opt->crc_little)
		diag_usage_error("the --byte-order option is meaningless with --benchmark");
}

/* --- the run ------------------------------------------------------------ */


static void run_tables(const struct bench_plan *p, const struct bench_format *fmt,
		       const struct bench_meta *meta, const struct bench_env *env)
{
	struct bench_result res[BENCH_MAX_COLUMNS];

	fmt->begin(meta);
	for (unsigned k = 0; k < p->nalgos; k++) {
		const struct bench_column *cols = p->algo[k].cols;
		unsigned ncols = p->algo[k].ncols;
		fmt->table_begin(meta, cols, ncols);
		for (size_t i = 0; i < NCASES; i++) {
			measure_case(env, cols, ncols, &bench_cases[i], res);
			fmt->row(meta, &bench_cases[i], cols, res, ncols);
		}
		fmt->table_end();
	}
	fmt->end();
}

bool bench_mode_run(const struct bench_options *bench, const struct options *opt, int noperands)
{
	reject_options(opt, noperands);
	if (bench->check_auto) {
		if (bench->format || bench->time_ms)
			diag_usage_error("--check-auto takes neither --format nor --benchmark-time");
		if (bench->algos_given)
			diag_usage_error("--check-auto checks every algorithm; -a does not apply");
		return check_auto_run(opt);
	}
	const struct bench_format *fmt = parse_format(bench->format);
	struct bench_plan *plan = xcalloc(1, sizeof *plan);
	bool ok = bench_plan_build(plan, opt, bench->algos_given);
	unsigned run_ms = parse_run_ms(bench->time_ms, plan);

	struct cycles cycles;
	char err[192];
	if (ok && !cycles_open(&cycles, err, sizeof err)) {
		diag_error(0, "%s", err);
		ok = false;
	}
	uint8_t *buf = ok ? xmemalign(64, BENCH_BUFFER_SIZE) : NULL;
	if (ok) {
		for (size_t i = 0; i < BENCH_BUFFER_SIZE; i++)
			buf[i] = (uint8_t)(i * 131 + (i >> 9));
		struct bench_meta meta = {
			.version = SIMDSUM_VERSION,
			.cpu = cpu_brand(),
			.compiler = build_compiler(),
			.cflags = build_cflags(),
			.cycle_source = cycles_source_name(&cycles),
			.run_ms = run_ms,
			.runs = BENCH_RUNS,
			.multi_buffer = bench_plan_has_multi_buffer(plan),
			.notes = plan->notes,
			.nnotes = plan->nnotes,
		};
		cycles_describe(&cycles, meta.cycles, sizeof meta.cycles);
		struct bench_env env = { buf, (uint64_t)run_ms * 1000000u, &cycles };
		run_tables(plan, fmt, &meta, &env);
		cycles_close(&cycles);
	}
	free(buf);
	free(plan);
	return ok;
}
