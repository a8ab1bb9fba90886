/* SPDX-License-Identifier: MIT */
/* tune_rows.c - --tune's kernel measurements: every registry row this CPU
 * runs, called directly (the transform alone, which is what a dispatch
 * choice is about; not through hash_ctx), then fitted to the per-call
 * and per-byte cost of src/profile.h: one line, or two segments where one
 * line fits badly (tune_fit_row).
 *
 * A cell is one row at one call length. Each cell is first sized to a
 * batch of about budget->batch_ns, then every round times one batch of
 * every cell, in a fresh random order, and a cell keeps its fastest
 * batch: a noisy moment (an interrupt, a neighbour's burst) spoils one
 * round of all the rows alike instead of all the rounds of one row.
 *
 * Batches are timed in the thread's CPU time (CLOCK_THREAD_CPUTIME_ID,
 * cycles_cpu_ns) as --benchmark's runs are: on the shared 2-vCPU VM,
 * time the scheduler gives other processes would otherwise be charged to
 * whichever row was running. The rounds stop at budget->rows_wall_ns of
 * wall-clock time (CLOCK_MONOTONIC), so a loaded machine gets fewer
 * rounds, not a longer run. */
#include <math.h>
#include <stdlib.h>

#include "cost_model.h"
#include "cycles.h"
#include "diag.h"
#include "hash.h"
#include "lanes.h"
#include "tune.h"
#include "xalloc.h"

/* Call lengths: SHA rows in blocks, CRC rows in bytes. The longest CRC
 * call and 16 lanes of TUNE_LANE_BYTES both fill the buffer. The CRC
 * lengths are dense up to 1 KiB, where kernels switch code paths (on
 * Zen 3 avx2blend runs one crc32 chain below 80 bytes, crc32c_sse42's
 * three from 80, folds alone from 128 and blends from 384, and only
 * overtakes vpclmul256 at about 600 bytes): enough points on each side
 * of such a knee for tune_fit_row to place it. */
static const size_t sha_blocks[] = { 1, 4, 16, 256 };
static const size_t crc_lengths[] = { 16,  32,  64,  80,   96,   128,   192,   256,
				      384, 512, 640, 768, 1024, 4096, 16384, 262144 };
#define NSHA (sizeof sha_blocks / sizeof sha_blocks[0])
#define NCRC (sizeof crc_lengths / sizeof crc_lengths[0])
#define MAX_POINTS NCRC
#define TUNE_LANE_BYTES 16384
#define TUNE_BUFFER (256 * 1024)

struct cell {
	const struct impl *k;
	size_t len;         /* bytes a call (a lane's, for multi-buffer rows) */
	uint64_t reps;      /* calls a batch */
	double best_ns;     /* fastest call seen */
};

/* Where results go so that no call is dead code. */
static volatile uint64_t tune_sink;

/* reps calls of the cell's row. A SHA call is fed the state the last one
 * left (a stream of updates). A CRC call starts afresh: short CRCs are
 * mostly whole small files, independent messages, and a chain of them
 * would time the kernel's latency instead (--check-auto found pclmul
 * chosen for 16-byte files, where it is 1.6x slower than sse42). */
static void run_calls(const struct cell *c, const uint8_t *buf, uint64_t reps)
{
	const struct impl *k = c->k;

	if (family_is_crc(k->family)) {
		uint64_t sum = 0;
		for (uint64_t i = 0; i < reps; i++)
			sum += impl_crc(k, ~(uint64_t)0, buf, c->len);
		tune_sink += sum;
	} else if (!family_is_blocks(k->family)) {
		/* A library's stream: whole messages, start to digest. */
		_Alignas(64) unsigned char st[HASH_STREAM_STATE];
		uint8_t digest[ALGO_MAX_DIGEST];
		for (uint64_t i = 0; i < reps; i++) {
			k->fn.stream->init(st);
			k->fn.stream->update(st, buf, c->len);
			k->fn.stream->final(st, 8, digest);
		}
		tune_sink += digest[0];
	} else if (impl_is_multibuffer(k)) {
		uint64_t st[LANES_MAX][8] = { { 0 } };
		void *states[LANES_MAX];
		const uint8_t *data[LANES_MAX];
		for (unsigned l = 0; l < k->lanes; l++) {
			states[l] = st[l];
			data[l] = buf + l * TUNE_LANE_BYTES;
		}
		for (uint64_t i = 0; i < reps; i++)
			impl_mblocks(k, states, data, c->len / impl_block_size(k->family));
		tune_sink += st[0][0];
	} else {
		uint64_t st[8] = { 0 };
		for (uint64_t i = 0; i < reps; i++)
			impl_blocks(k, st, buf, c->len / impl_block_size(k->family));
		tune_sink += st[0];
	}
}

/* CPU nanoseconds of reps calls. */
static double time_calls(const struct cell *c, const uint8_t *buf, uint64_t reps)
{
	uint64_t t0 = cycles_cpu_ns();
	run_calls(c, buf, reps);
	return (double)(cycles_cpu_ns() - t0);
}

/* Finds how many calls take about batch_ns; the runs it takes warm the
 * row up and are not kept. The first call is not timed: it may pay a
 * one-off cost (the generic CRCs build their tables on first use, about
 * 100 us), which would size the batch at a call or two, and such a batch
 * times the clock (about 0.5 us a read on the VMs) instead of the row. */
static void size_batch(struct cell *c, const uint8_t *buf, double batch_ns)
{
	uint64_t reps = 1;

	run_calls(c, buf, 1);
	for (;;) {
		double t = time_calls(c, buf, reps);
		if (t >= batch_ns / 4 || reps >= ((uint64_t)1 << 32)) {
			double scaled = t > 0 ? (double)reps * batch_ns / t : (double)reps;
			c->reps = scaled < 1 ? 1 : (uint64_t)scaled;
			break;
		}
		reps *= 4;
	}
	c->best_ns = INFINITY;
}

static unsigned add_cells(const struct impl *k, struct cell *out)
{
	unsigned n = 0;

	if (impl_is_multibuffer(k)) {
		out[n++] = (struct cell){ .k = k, .len = TUNE_LANE_BYTES };
	} else if (!family_is_blocks(k->family)) {   /* a CRC or a library's stream */
		for (unsigned i = 0; i < NCRC; i++)
			out[n++] = (struct cell){ .k = k, .len = crc_lengths[i] };
	} else {
		for (unsigned i = 0; i < NSHA; i++)
			out[n++] = (struct cell){ .k = k, .len = sha_blocks[i] * impl_block_size(k->family) };
	}
	return n;
}

/* The cells of every row this CPU runs, rows in registry order. */
static unsigned make_cells(struct cell *out, unsigned max)
{
	unsigned n = 0;

	for (int f = 0; f < FAMILY_COUNT; f++)
		for (const struct impl *k = impl_table((enum family)f); k->name; k++) {
			if (impl_missing(k) || k->lanes > LANES_MAX || n + MAX_POINTS > max)
				continue;
			n += add_cells(k, out + n);
		}
	return n;
}

/* xorshift32: a different order every round, the same every run. */
static uint32_t next_random(uint32_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 17;
	*s ^= *s << 5;
	return *s;
}

static void shuffle(unsigned *order, unsigned n, uint32_t *seed)
{
	for (unsigned i = n; i > 1; i--) {
		unsigned j = next_random(seed) % i;
		unsigned t = order[i - 1];
		order[i - 1] = order[j];
		order[j] = t;
	}
}

static void measure(struct cell *cells, unsigned n, const struct tune_budget *b,
		    const uint8_t *buf)
{
	unsigned *order = xmalloc(n * sizeof *order);
	uint32_t seed = 0x9e3779b9u;
	uint64_t start = cycles_clock_ns();

	for (unsigned i = 0; i < n; i++) {
		size_batch(&cells[i], buf, b->batch_ns);
		order[i] = i;
	}
	for (unsigned r = 0; r < b->max_rounds; r++) {
		double spent = (double)(cycles_clock_ns() - start);
		/* Stop when another round like the last ones would overrun. */
		if (r >= b->min_rounds && r > 0 && spent + spent / r > b->rows_wall_ns)
			break;
		shuffle(order, n, &seed);
		for (unsigned i = 0; i < n; i++) {
			struct cell *c = &cells[order[i]];
			double per_call = time_calls(c, buf, c->reps) / (double)c->reps;
			if (per_call < c->best_ns)
				c->best_ns = per_call;
		}
	}
	free(order);
}

/* Weighted least squares on the relative error, as bench/profile_fit.py
 * does: minimises sum(((a + b L) / t - 1)^2), so the short calls, where
 * the per-call cost shows, count as much as the long ones. When the
 * intercept comes out negative (a curve no such line fits well) the line
 * through the shortest and the longest call instead. The byte cost is
 * kept above 0, as the profile format requires. */
bool tune_fit(const double len[], const double ns[], unsigned n, double *call_ns,
	      double *byte_ns)
{
	double s00 = 0, s01 = 0, s11 = 0, r0 = 0, r1 = 0;
	unsigned lo = 0, hi = 0;

	for (unsigned i = 0; i < n; i++) {
		if (!(ns[i] > 0) || !isfinite(ns[i]))
			return false;
		double w = 1 / ns[i];
		s00 += w * w;
		s01 += len[i] * w * w;
		s11 += len[i] * len[i] * w * w;
		r0 += w;
		r1 += len[i] * w;
		lo = len[i] < len[lo] ? i : lo;
		hi = len[i] > len[hi] ? i : hi;
	}
	double det = s00 * s11 - s01 * s01;
	if (n < 2 || len[lo] == len[hi] || !(det > 0))
		return false;
	double a = (r0 * s11 - r1 * s01) / det;
	double b = (s00 * r1 - s01 * r0) / det;
	if (a < 0) {
		b = (ns[hi] - ns[lo]) / (len[hi] - len[lo]);
		a = ns[lo] - b * len[lo];
		a = a > 0 ? a : 0;
	}
	*call_ns = a;
	*byte_ns = b > 1e-6 ? b : 1e-6;
	return true;
}

/* The worst relative error of c against n measured points. */
static double worst_error(const struct row_cost *c, const double len[], const double ns[],
			  unsigned n)
{
	double worst = 0;

	for (unsigned i = 0; i < n; i++) {
		double error = fabs(cost_model_call_ns(c, (size_t)len[i]) / ns[i] - 1);
		worst = error > worst ? error : worst;
	}
	return worst;
}

/* The least whole number at or above x (0 < x < 2^53): ceil() without
 * libm, which the binary does not link (see LIBS in the Makefile). */
static double whole_at_or_above(double x)
{
	double whole = (double)(uint64_t)x;

	return whole < x ? whole + 1 : whole;
}

/* Two segments, points [0, k) and [k, n) (lengths ascending), into out.
 * The knee is where the two lines cross if that is between the last
 * point of the first and the first of the second (the cost then has no
 * jump), else that first point of the second. (A crossing within 1e-6
 * of a whole length is that length, not the next.) */
static bool fit_split(const double len[], const double ns[], unsigned n, unsigned k,
		      struct row_cost *out)
{
	if (!tune_fit(len, ns, k, &out->call_ns, &out->byte_ns) ||
	    !tune_fit(len + k, ns + k, n - k, &out->call2_ns, &out->byte2_ns))
		return false;
	double knee = len[k];
	if (out->byte_ns != out->byte2_ns) {
		double cross = (out->call2_ns - out->call_ns) / (out->byte_ns - out->byte2_ns);
		if (cross > len[k - 1] && cross < len[k]) {
			knee = whole_at_or_above(cross - 1e-6);
			knee = knee > len[k - 1] + 1 ? knee : len[k - 1] + 1;
		}
	}
	out->from_len = (size_t)knee;
	return true;
}

bool tune_fit_row(const double len[], const double ns[], unsigned n, struct row_cost *out)
{
	out->from_len = 0;
	out->call2_ns = out->byte2_ns = 0;
	if (!tune_fit(len, ns, n, &out->call_ns, &out->byte_ns))
		return false;
	double line_error = worst_error(out, len, ns, n);
	struct row_cost best = *out, two = *out;
	double best_error = INFINITY;
	for (unsigned k = TUNE_SEGMENT_POINTS; k + TUNE_SEGMENT_POINTS <= n; k++) {
		if (!fit_split(len, ns, n, k, &two))
			continue;
		double e = worst_error(&two, len, ns, n);
		if (e < best_error) {
			best_error = e;
			best = two;
		}
	}
	if (line_error - best_error >= TUNE_SEGMENT_GAIN)
		*out = best;
	return true;
}

/* The cost of the row whose cells start at c (count of them). */
static bool row_from_cells(const struct cell *c, unsigned count, struct tune_row *out)
{
	double len[MAX_POINTS], ns[MAX_POINTS];

	out->cost = (struct row_cost){ .impl = c->k };
	if (impl_is_multibuffer(c->k)) {
		out->cost.byte_ns = c->best_ns / ((double)c->k->lanes * (double)c->len);
		out->gb_per_s = 1 / out->cost.byte_ns;
		return isfinite(out->cost.byte_ns) && out->cost.byte_ns > 0;
	}
	for (unsigned i = 0; i < count; i++) {
		len[i] = (double)c[i].len;
		ns[i] = c[i].best_ns;
	}
	if (!tune_fit_row(len, ns, count, &out->cost))
		return false;
	out->gb_per_s = TUNE_REPORT_LEN / cost_model_call_ns(&out->cost, TUNE_REPORT_LEN);
	return true;
}

unsigned tune_rows(const struct tune_budget *b, struct tune_row *out, unsigned max)
{
	unsigned cap = PROFILE_MAX_ROWS * MAX_POINTS, nrows = 0;
	struct cell *cells = xmalloc(cap * sizeof *cells);
	uint8_t *buf = xmemalign(64, TUNE_BUFFER);

	/* Any bytes will do; these are not all one value. */
	for (size_t i = 0; i < TUNE_BUFFER; i++)
		buf[i] = (uint8_t)(i * 131 + (i >> 8));
	unsigned n = make_cells(cells, cap);
	measure(cells, n, b, buf);
	for (unsigned i = 0; i < n && nrows < max;) {
		unsigned count = 1;
		while (i + count < n && cells[i + count].k == cells[i].k)
			count++;
		if (row_from_cells(&cells[i], count, &out[nrows]))
			nrows++;
		else
			diag_error(0, "--tune: %s %s: no usable timing; its built-in cost stays",
				   family_desc(cells[i].k->family)->name, cells[i].k->name);
		i += count;
	}
	free(buf);
	free(cells);
	return nrows;
}
