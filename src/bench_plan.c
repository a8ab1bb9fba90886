/* SPDX-License-Identifier: MIT */
/* bench_plan.c - the columns of --benchmark's tables (bench_plan.h): which
 * implementations each algorithm's table times, and how one operation of
 * each is run through the hashing driver. */
#include <stdio.h>
#include <string.h>

#include "bench_plan.h"
#include "cost_model.h"
#include "cpu.h"
#include "diag.h"
#include "hash.h"
#include "lanes.h"
#include "quote.h"
#include "select.h"

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
 * run it here is noted and skipped (bench_plan_build fails if none could);
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

bool bench_plan_build(struct bench_plan *p, const struct options *opt, bool algos_given)
{
	struct named_search ns = { .name = opt->impl_name, .algos_given = algos_given };

	if (algos_given) {
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

bool bench_plan_has_multi_buffer(const struct bench_plan *p)
{
	for (unsigned k = 0; k < p->nalgos; k++)
		for (unsigned c = 0; c < p->algo[k].ncols; c++)
			if (p->algo[k].cols[c].run == run_multi_buffer)
				return true;
	return false;
}
