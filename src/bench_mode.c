/* SPDX-License-Identifier: MIT */
/* bench_mode.c - simdsum --benchmark: times every implementation of each
 * algorithm through the hashing driver, tcrypt's rows by its columns. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cost_model.h"
#include "bench.h"
#include "bench_mode.h"
#include "check_auto.h"
#include "build_info.h"
#include "cpu.h"
#include "cycles.h"
#include "diag.h"
#include "hash.h"
#include "lanes.h"
#include "quote.h"
#include "select.h"
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
#define BENCH_BUFFER_SIZE (1 << 20)   /* the largest block above */

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

/* Where digests go so that no operation is dead code. */
static volatile uint8_t bench_sink;

/* One operation is one full init, update..., final, as tcrypt times it;
 * the updates walk the block, as tcrypt's do. */
static uint64_t run_single_stream(const struct bench_column *col, const struct bench_case *bc,
				  const uint8_t *buf, uint64_t iters)
{
	struct hash_ctx ctx;
	uint8_t digest[ALGO_MAX_DIGEST];
	size_t updates = bc->block / bc->update;

	for (uint64_t i = 0; i < iters; i++) {
		hash_init(&ctx, col->algo, &col->dispatch);
		for (size_t u = 0; u < updates; u++)
			hash_update(&ctx, buf + u * bc->update, bc->update);
		hash_final(&ctx, digest);
	}
	bench_sink ^= digest[0];
	return iters * bc->block;
}

/* A multi-buffer row: one operation hashes lanes equal-length messages
 * of the row's block bytes at once, as the lane scheduler does with that
 * many files: each lane's whole blocks in one kernel call on the
 * driver's chaining words, then its tail and padding through the driver
 * (auto's single-stream code). Its throughput is the sum over the lanes.
 * The messages lie side by side in the buffer while they fit in it, else
 * they are the same bytes. The update size does not apply: lanes take
 * whole blocks of their message, whatever the caller's updates were. */
static uint64_t run_multi_buffer(const struct bench_column *col, const struct bench_case *bc,
				 const uint8_t *buf, uint64_t iters)
{
	const struct impl *k = col->impl;
	struct hash_ctx ctx[LANES_MAX];
	void *states[LANES_MAX];
	const uint8_t *data[LANES_MAX];
	uint8_t digest[ALGO_MAX_DIGEST];
	size_t bs = impl_block_size(k->family);
	size_t nblocks = bc->block / bs, tail = bc->block % bs;
	bool apart = k->lanes * bc->block <= BENCH_BUFFER_SIZE;

	for (unsigned i = 0; i < k->lanes; i++)
		data[i] = buf + (apart ? i * bc->block : 0);
	for (uint64_t it = 0; it < iters; it++) {
		for (unsigned i = 0; i < k->lanes; i++) {
			hash_init(&ctx[i], col->algo, &col->dispatch);
			states[i] = hash_md_words(&ctx[i]);
		}
		if (nblocks) {
			impl_mblocks(k, states, data, nblocks);
			for (unsigned i = 0; i < k->lanes; i++)
				hash_md_absorbed(&ctx[i], nblocks * bs);
		}
		for (unsigned i = 0; i < k->lanes; i++) {
			hash_update(&ctx[i], data[i] + nblocks * bs, tail);
			hash_final(&ctx[i], digest);
		}
	}
	bench_sink ^= digest[0];
	return iters * k->lanes * bc->block;
}

/* How a registry row is measured: single-stream rows one message at a
 * time, multi-buffer rows a message per lane, aggregate. */
static bench_run_fn runner_for(const struct impl *impl, char *why, size_t size)
{
	if (impl->lanes > LANES_MAX || (impl_is_multibuffer(impl) && family_is_crc(impl->family))) {
		snprintf(why, size, "multi-buffer layout the benchmark does not know");
		return NULL;
	}
	return impl_is_multibuffer(impl) ? run_multi_buffer : run_single_stream;
}

/* "this CPU/OS lacks avx2,bmi2" for a row that cannot run here. */
static void why_missing(const struct impl *impl, char *why, size_t size)
{
	char missing[80];

	cpu_features_format(impl_missing(impl), ",", missing, sizeof missing);
	snprintf(why, size, "this CPU/OS lacks %s", missing);
}

static void add_note(struct bench_plan *p, const struct algo *a, const char *impl,
		     const char *reason)
{
	if (p->nnotes == BENCH_MAX_NOTES)
		return;
	struct bench_note *n = &p->notes[p->nnotes++];
	n->algo = a->name;
	n->impl = impl;
	snprintf(n->reason, sizeof n->reason, "%s", reason);
}

static void add_column(struct bench_plan *p, const struct algo *a, const struct impl *impl,
		       const struct dispatch *d, bench_run_fn run)
{
	unsigned k = p->nalgos;

	if (p->algo[k].ncols == BENCH_MAX_COLUMNS)
		diag_fatal(0, "benchmark: more than %d implementations of %s", BENCH_MAX_COLUMNS,
			   a->name);
	struct bench_column *col = &p->algo[k].cols[p->algo[k].ncols++];
	col->algo = a;
	col->impl = impl;
	col->name = impl ? impl->name : "auto";
	col->dispatch = *d;
	col->run = run;
}

/* Every row of a's family, those this CPU cannot run as notes. */
static void plan_every_impl(struct bench_plan *p, const struct algo *a)
{
	char why[128];

	for (const struct impl *i = impl_table(a->family); i->name; i++) {
		struct dispatch d;
		bench_run_fn run = runner_for(i, why, sizeof why);
		if (!run) {
			add_note(p, a, i->name, why);
			continue;
		}
		if (impl_missing(i)) {
			why_missing(i, why, sizeof why);
			add_note(p, a, i->name, why);
			continue;
		}
		/* A multi-buffer row's lanes end in auto's, as --impl has it. */
		select_row_dispatch(i, &d);
		add_column(p, a, i, &d, run);
	}
}

/* What a run with --impl=NAME found across the algorithms. */
struct named_search {
	const char *name;
	bool algos_given;
	const struct algo *has_it;   /* the first algorithm with such a row */
	bool planned;                /* some algorithm got the column */
};

/* The one named row. Without -a, an algorithm that lacks it or cannot
 * run it here is noted and skipped (plan_build fails if none could);
 * with -a, select_impl reports either and the benchmark fails. */
static bool plan_named_impl(struct bench_plan *p, const struct algo *a, struct named_search *ns)
{
	const struct impl *impl = impl_find(a->family, ns->name);
	struct algo_choice choice = { .algo = a };
	char why[128];

	if (impl && !ns->has_it)
		ns->has_it = a;
	if (!ns->algos_given && !impl) {
		add_note(p, a, ns->name, "no such implementation of this algorithm");
		return true;
	}
	if (!ns->algos_given && impl_missing(impl)) {
		why_missing(impl, why, sizeof why);
		add_note(p, a, ns->name, why);
		return true;
	}
	if (!impl)
		return select_impl(&choice, ns->name);   /* reports it, lists the valid names */
	bench_run_fn run = runner_for(impl, why, sizeof why);
	if (!run) {
		diag_error(0, "implementation %s of %s: %s", quote_arg(ns->name), a->name, why);
		return false;
	}
	if (!select_impl(&choice, ns->name))
		return false;
	add_column(p, a, impl, &choice.dispatch, run);
	ns->planned = true;
	return true;
}

/* The columns of one algorithm: its implementations (or the one named),
 * then auto, so each table reads "sha1-ssse3 vs sha1-avx ... vs auto". */
static bool plan_algo(struct bench_plan *p, const struct algo *a, struct named_search *ns)
{
	unsigned k = p->nalgos;
	struct dispatch d;

	if (k == BENCH_MAX_ALGOS)
		return true;
	p->algo[k].ncols = 0;
	if (!ns->name) {
		plan_every_impl(p, a);
	} else if (strcmp(ns->name, "auto") != 0) {
		if (!plan_named_impl(p, a, ns))
			return false;
		if (p->algo[k].ncols == 0)
			return true;   /* skipped, noted */
	}
	impl_select_auto(a->family, &d);
	add_column(p, a, NULL, &d, run_single_stream);
	p->nalgos++;
	return true;
}

static bool plan_build(struct bench_plan *p, const struct bench_options *bench,
		       const struct options *opt)
{
	struct named_search ns = { .name = opt->impl_name, .algos_given = bench->algos_given };

	if (bench->algos_given) {
		for (unsigned i = 0; i < opt->nalgos; i++)
			if (!plan_algo(p, opt->algos[i].algo, &ns))
				return false;
	} else {
		for (const struct algo *a = algos; a->name; a++)
			if (!plan_algo(p, a, &ns))
				return false;
	}
	if (!ns.name || strcmp(ns.name, "auto") == 0 || ns.planned)
		return true;
	if (ns.has_it) {
		/* Known, but no algorithm can run it here: say what is missing. */
		struct algo_choice choice = { .algo = ns.has_it };
		select_impl(&choice, ns.name);
		return false;
	}
	diag_error(0, "unknown implementation %s: no algorithm has one of that name "
		      "(see --list-impls)",
		   quote_arg(ns.name));
	return false;
}

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
		diag_usage_error("the --files-from option is meaningless with --benchmark");
	if (opt->cross_check)
		diag_usage_error("the --cross-check option is meaningless with --benchmark");
}

/* --- the run ------------------------------------------------------------ */

static bool plan_has_multi_buffer(const struct bench_plan *p)
{
	for (unsigned k = 0; k < p->nalgos; k++)
		for (unsigned c = 0; c < p->algo[k].ncols; c++)
			if (p->algo[k].cols[c].run == run_multi_buffer)
				return true;
	return false;
}

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
	bool ok = plan_build(plan, bench, opt);
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
			.multi_buffer = plan_has_multi_buffer(plan),
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
