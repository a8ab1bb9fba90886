/* SPDX-License-Identifier: MIT */
/* crc_call_shapes.c - one CRC family's single-stream rows, and auto's
 * dispatch, timed three ways at each of a few short lengths, on this CPU:
 *
 *   alone  independent calls of the row back to back (what --tune fits:
 *          the transform alone, its throughput);
 *   chain  each call fed the register the one before returned (the row's
 *          latency: a file's tail after its last full buffer);
 *   whole  independent whole messages through hash_init, hash_update and
 *          hash_final (what --check-auto's kernel cells and --benchmark
 *          time).
 *
 * The three disagree below a few hundred bytes, and this shows by how
 * much. Each (row, way) is a batch of calls sized to about 2 ms; rounds
 * run every batch in a fresh random order and each keeps its least time
 * a call, in the thread's CPU time, as --tune does.
 *
 *   make crc-call-shapes   (build/bench/crc_call_shapes [-a ALGO]
 *                           [--rounds=N] [LENGTH...])
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "algo.h"
#include "cpu.h"
#include "cycles.h"
#include "hash.h"
#include "select.h"

enum way { ALONE, CHAIN, WHOLE, NWAYS };
static const char *const way_name[NWAYS] = { "alone", "chain", "whole" };

#define MAX_ROWS 16      /* the rows a family has, and auto */
#define MAX_LENGTHS 16
#define BATCH_NS 2000000.0

struct column {
	const char *name;
	const struct impl *row;       /* NULL: auto */
	struct dispatch d;
	uint64_t reps[NWAYS];
	double best_ns[NWAYS];
};

static volatile uint64_t sink;   /* so that no call is dead code */

static void run(const struct algo *algo, struct column *c, enum way w, const uint8_t *buf,
		size_t len, uint64_t reps)
{
	const struct impl *row = c->row ? c->row : dispatch_pick(&c->d, len);
	uint64_t acc = crc_register_init(algo->family);

	if (w == ALONE) {
		uint64_t sum = 0;
		for (uint64_t i = 0; i < reps; i++)
			sum += impl_crc(row, acc, buf, len);
		acc = sum;
	} else if (w == CHAIN) {
		for (uint64_t i = 0; i < reps; i++)
			acc = impl_crc(row, acc, buf, len);
	} else {
		struct hash_ctx ctx;
		uint8_t digest[ALGO_MAX_DIGEST];
		for (uint64_t i = 0; i < reps; i++) {
			hash_init(&ctx, algo, &c->d);
			hash_update(&ctx, buf, len);
			hash_final(&ctx, digest);
		}
		acc = digest[0];
	}
	sink += acc;
}

static double time_batch(const struct algo *algo, struct column *c, enum way w,
			 const uint8_t *buf, size_t len, uint64_t reps)
{
	uint64_t t0 = cycles_cpu_ns();
	run(algo, c, w, buf, len, reps);
	return (double)(cycles_cpu_ns() - t0);
}

static void measure_length(const struct algo *algo, struct column *cols, unsigned ncols,
			   const uint8_t *buf, size_t len, unsigned rounds)
{
	unsigned n = ncols * NWAYS, order[MAX_ROWS * NWAYS];

	for (unsigned i = 0; i < n; i++) {
		struct column *c = &cols[i / NWAYS];
		enum way w = (enum way)(i % NWAYS);
		uint64_t reps = 1;
		double t;
		while ((t = time_batch(algo, c, w, buf, len, reps)) < BATCH_NS / 8)
			reps *= 2;
		c->reps[w] = (uint64_t)((double)reps * BATCH_NS / t) + 1;
		c->best_ns[w] = 1e300;
		order[i] = i;
	}
	for (unsigned r = 0; r < rounds; r++) {
		for (unsigned i = n - 1; i > 0; i--) {   /* a fresh order each round */
			unsigned j = (unsigned)(rand() % (int)(i + 1)), t = order[i];
			order[i] = order[j];
			order[j] = t;
		}
		for (unsigned i = 0; i < n; i++) {
			struct column *c = &cols[order[i] / NWAYS];
			enum way w = (enum way)(order[i] % NWAYS);
			double ns = time_batch(algo, c, w, buf, len, c->reps[w]) / (double)c->reps[w];
			if (ns < c->best_ns[w])
				c->best_ns[w] = ns;
		}
	}
	printf("%zu bytes (ns a call, the least of %u rounds)\n", len, rounds);
	printf("  %-22s %8s %8s %8s\n", "row", way_name[ALONE], way_name[CHAIN], way_name[WHOLE]);
	for (unsigned i = 0; i < ncols; i++) {
		const struct column *c = &cols[i];
		char name[40];
		snprintf(name, sizeof name, "%s%s%s%s", c->name, c->row ? "" : " (",
			 c->row ? "" : dispatch_pick(&c->d, len)->name, c->row ? "" : ")");
		printf("  %-22s %8.2f %8.2f %8.2f\n", name, c->best_ns[ALONE], c->best_ns[CHAIN],
		       c->best_ns[WHOLE]);
	}
	fflush(stdout);
}

int main(int argc, char **argv)
{
	const char *name = "crc32c";
	unsigned rounds = 15, nlengths = 0;
	size_t lengths[MAX_LENGTHS];

	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "-a") == 0 && i + 1 < argc)
			name = argv[++i];
		else if (strncmp(argv[i], "--rounds=", 9) == 0)
			rounds = (unsigned)atoi(argv[i] + 9);
		else if (nlengths < MAX_LENGTHS && atoi(argv[i]) > 0)
			lengths[nlengths++] = (size_t)atoi(argv[i]);
		else {
			fprintf(stderr, "usage: %s [-a ALGO] [--rounds=N] [LENGTH...]\n", argv[0]);
			return 2;
		}
	}
	static const size_t default_lengths[] = { 16, 32, 64, 96, 128, 256, 512 };
	if (!nlengths)
		for (nlengths = 0; nlengths < sizeof default_lengths / sizeof default_lengths[0];
		     nlengths++)
			lengths[nlengths] = default_lengths[nlengths];
	const struct algo *algo = algo_by_name(name);
	if (!algo || !family_is_crc(algo->family) || rounds < 1) {
		fprintf(stderr, "%s: -a takes a CRC (crc32c, crc32, crc64nvme); rounds >= 1\n",
			argv[0]);
		return 2;
	}

	struct column cols[MAX_ROWS];
	unsigned ncols = 0;
	struct algo_choice choice = { .algo = algo };
	select_impl(&choice, NULL);   /* auto, as the tool makes it */
	cols[ncols++] = (struct column){ .name = "auto", .d = choice.dispatch };
	for (const struct impl *i = impl_table(algo->family); i->name && ncols < MAX_ROWS; i++) {
		if (impl_missing(i))
			continue;
		cols[ncols] = (struct column){ .name = i->name, .row = i };
		impl_select_one(i, &cols[ncols].d);
		ncols++;
	}

	uint8_t *buf = aligned_alloc(64, 4096);
	for (size_t i = 0; i < 4096; i++)
		buf[i] = (uint8_t)(i * 131 + (i >> 9));
	srand(20261205);
	printf("%s, single-stream rows and auto, on %s\n", algo->name, cpu_brand());
	for (unsigned i = 0; i < nlengths; i++)
		if (lengths[i] <= 4096)
			measure_length(algo, cols, ncols, buf, lengths[i], rounds);
	free(buf);
	return 0;
}
