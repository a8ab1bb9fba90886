/* SPDX-License-Identifier: MIT */
/* check_auto_kernels.c - --check-auto's kernels section: for each family
 * and message length, auto's dispatch against every single-stream row,
 * in process (starting a process would dwarf a 64-byte hash). */
#include <stdio.h>
#include <stdlib.h>

#include "algo.h"
#include "check_auto_cell.h"
#include "cycles.h"
#include "hash.h"
#include "select.h"
#include "xalloc.h"

#define KERNEL_BUFFER (1 << 20)   /* the longest length measured */

struct kernel_cell {
	const struct algo *algo;
	size_t len;
	const uint8_t *buf;
	uint64_t run_ns;
	struct dispatch d[CA_MAX_COLS];      /* column 0: auto's */
	const struct impl *row[CA_MAX_COLS]; /* column 0: NULL */
	uint64_t iters[CA_MAX_COLS];
};

/* Where digests go so that no message is dead code. */
static volatile uint8_t kernel_sink;

/* iters messages of len bytes, each one init, one update and the final,
 * as tcrypt's single-update rows time them; returns the row that took
 * the longest call of the last message (what auto ran). */
static const struct impl *hash_messages(const struct kernel_cell *k, unsigned col, uint64_t iters)
{
	struct hash_ctx ctx;
	uint8_t digest[ALGO_MAX_DIGEST];

	for (uint64_t i = 0; i < iters; i++) {
		hash_init(&ctx, k->algo, &k->d[col]);
		hash_update(&ctx, k->buf, k->len);
		hash_final(&ctx, digest);
	}
	kernel_sink ^= digest[0];
	return ctx.used;
}

/* Doubles the count until a batch lasts a sixteenth of a run (which warms
 * caches, branch predictors and the core's clock), then how many messages
 * fill a run. */
static uint64_t calibrate(const struct kernel_cell *k, unsigned col)
{
	for (uint64_t n = 1;; n *= 2) {
		uint64_t t0 = cycles_cpu_ns();
		hash_messages(k, col, n);
		uint64_t dt = cycles_cpu_ns() - t0;
		if (dt >= k->run_ns / 16 || n >= (1ull << 40))
			return (uint64_t)((double)k->run_ns * (double)n / (double)(dt ? dt : 1)) + 1;
	}
}

/* A ca_time_fn: the thread's CPU time per message over one run, so that
 * time the scheduler gives other processes is not counted. */
static bool time_messages(void *ctx, unsigned col, double *ns)
{
	const struct kernel_cell *k = ctx;
	uint64_t t0 = cycles_cpu_ns();

	hash_messages(k, col, k->iters[col]);
	uint64_t t1 = cycles_cpu_ns();
	*ns = (double)(t1 - t0) / (double)k->iters[col];
	return true;
}

/* Whether row makes every call auto's dispatch makes for one message:
 * a CRC's one call; a block family's whole blocks and the one or two
 * blocks of its padding; the xxHash family's one row. */
static bool runs_autos_plan(const struct kernel_cell *k, const struct impl *row)
{
	enum family f = k->algo->family;
	size_t bs = family_is_blocks(f) ? impl_block_size(f) : 0;
	size_t calls[] = { bs ? k->len / bs * bs : k->len, bs, 2 * bs };

	if (!family_is_blocks(f) && !family_is_crc(f))
		return k->d[0].tier[k->d[0].ntiers - 1].impl == row;
	for (size_t i = 0; i < sizeof calls / sizeof calls[0]; i++)
		if (calls[i] && dispatch_pick(&k->d[0], calls[i]) != row)
			return false;
	return true;
}

/* Auto, then every single-stream row this CPU runs. */
static void plan_cell(struct kernel_cell *k, struct ca_cell *cell)
{
	char size[16];

	ca_format_size(k->len, size, sizeof size);
	ca_cell_start(cell, "%s %s", k->algo->name, size);
	ca_cell_add(cell, "auto");
	struct algo_choice choice = { .algo = k->algo };
	select_impl(&choice, NULL);   /* auto, exactly as the tool makes it */
	k->d[0] = choice.dispatch;
	k->row[0] = NULL;
	for (const struct impl *i = impl_table(k->algo->family); i->name; i++) {
		if (impl_is_multibuffer(i) || impl_missing(i) || cell->ncols == CA_MAX_COLS)
			continue;
		k->row[cell->ncols] = i;
		impl_select_one(i, &k->d[cell->ncols]);
		ca_cell_add(cell, i->name);
	}
	snprintf(cell->auto_as, sizeof cell->auto_as, "%s", hash_messages(k, 0, 1)->name);
	for (unsigned c = 1; c < cell->ncols; c++)
		cell->same_plan[c] = runs_autos_plan(k, k->row[c]);
	for (unsigned c = 0; c < cell->ncols; c++)
		k->iters[c] = calibrate(k, c);
}

static bool measure_length(struct ca_run *run, struct kernel_cell *k)
{
	struct ca_cell cell;

	plan_cell(k, &cell);
	ca_progress("kernels %s", cell.what);
	if (!ca_cell_measure(run, &cell, time_messages, k))
		return false;
	/* The lanes section races auto against the best single stream. */
	run->stream_best[k->algo->family] = k->row[ca_cell_best(&cell)];
	return true;
}

static bool measure_family(struct ca_run *run, enum family f, const uint8_t *buf)
{
	const size_t *lengths = family_is_crc(f) ? run->p->crc_lengths : run->p->sha_lengths;
	struct kernel_cell k = {
		.algo = algo_by_name(family_desc((enum family)f)->name),
		.buf = buf,
		.run_ns = (uint64_t)run->p->kernel_run_ms * 1000000u,
	};

	for (unsigned i = 0; i < CA_MAX_LENGTHS && lengths[i]; i++) {
		k.len = lengths[i] < KERNEL_BUFFER ? lengths[i] : KERNEL_BUFFER;
		if (!measure_length(run, &k))
			return false;
	}
	return true;
}

bool ca_kernels(struct ca_run *run)
{
	char how[160];
	bool ok = true;
	uint8_t *buf = xmemalign(64, KERNEL_BUFFER);

	for (size_t i = 0; i < KERNEL_BUFFER; i++)
		buf[i] = (uint8_t)(i * 131 + (i >> 9));
	snprintf(how, sizeof how,
		 "in process, one update per message; thread CPU time per message, runs of "
		 "%u ms",
		 run->p->kernel_run_ms);
	ca_section(run, "kernels per message length: auto's dispatch against each single-stream row",
		   how);
	for (int f = 0; f < FAMILY_COUNT && ok; f++)
		ok = measure_family(run, (enum family)f, buf);
	free(buf);
	return ok;
}
