/* SPDX-License-Identifier: MIT */
/* cost_model.c - the rules that turn a profile's costs into auto's
 * choices. Every automatic kernel choice is made here:
 *
 *  - a dispatch's tiers: for each call length the row of least expected
 *    cost (call_ns + byte_ns x len, or the second segment's from its
 *    from_len), found on a grid of lengths and cut where the cheapest row
 *    changes; a row that refines it (struct impl's refines) instead when
 *    within REFINE_MARGIN of it;
 *  - the lane scheduler's kernel for b files ready: the sequence of steps
 *    of least expected time for b equal files (a row of n lanes costs
 *    n x byte_ns per byte of each file whatever number of its lanes is
 *    busy; one file alone runs at the single-stream dispatch's cost), and
 *    how many files to keep in flight: the b of the highest throughput.
 *
 * Rows the CPU lacks are never considered; a row without a cost (which
 * profile_get() never leaves) is never chosen. */
#include <math.h>
#include <string.h>

#include "cost_model.h"

/* Lengths at which the single-stream rows are compared: every length to
 * 64 bytes, then every 8 to 1 KiB, then 1/16 steps up to 1 GiB (about
 * 370 lengths: this runs at every start). */
#define GRID_DENSE 64
#define GRID_MID 1024
#define GRID_MAX ((size_t)1 << 30)

/* The lane scheduler reads files in chunks of this size per lane
 * (LANE_BUFFER in lanes.c): the call length of one file alone. */
#define LANE_CHUNK (64 * 1024)

/* A row that does another's work with fewer instructions is chosen over
 * it unless the profile has it dearer by more than this. --tune times
 * kernels alone, back to back, where the two cannot be told apart: SHA-512
 * avx512 against avx2 on the Zen 5 VM fitted 5% dearer per call and equal
 * per byte in the built-in profile, 13-18% cheaper per call and 0.5-1.5%
 * dearer per byte in three runs on 2026-12-05. Whole messages, the
 * driver's work beside the kernel, had avx512 5-6% faster at 64 B and
 * 1 KiB and never slower (--benchmark, two runs). */
#define REFINE_MARGIN 0.03

double cost_model_call_ns(const struct row_cost *c, size_t len)
{
	if (c->from_len && len >= c->from_len)
		return c->call2_ns + c->byte2_ns * (double)len;
	return c->call_ns + c->byte_ns * (double)len;
}

static size_t grid_next(size_t len)
{
	if (len < GRID_DENSE)
		return len + 1;
	if (len < GRID_MID)
		return len + 8;
	return len + len / 16;
}

/* The call lengths a family's transforms see: whole blocks for SHA and
 * MD5, any for the CRCs and the libraries' streams. */
static size_t call_granule(enum family family)
{
	return family_is_blocks(family) ? impl_block_size(family) : 1;
}

/* A family's single-stream rows this CPU runs and the profile costs, each
 * with the one among them that refines it, if any. */
struct singles {
	const struct row_cost *row[PROFILE_MAX_ROWS];
	int refined_by[PROFILE_MAX_ROWS];   /* an index into row, or -1 */
	unsigned n;
};

/* The row auto takes for a call of len bytes: the cheapest (the earlier of
 * equals), or the row refining it when that one is within REFINE_MARGIN. */
static const struct row_cost *cheapest(const struct singles *s, size_t len)
{
	double cost[PROFILE_MAX_ROWS];
	unsigned best = 0;

	for (unsigned i = 0; i < s->n; i++) {
		cost[i] = cost_model_call_ns(s->row[i], len);
		if (cost[i] < cost[best])
			best = i;
	}
	int r = s->refined_by[best];
	if (r >= 0 && cost[r] <= cost[best] * (1 + REFINE_MARGIN))
		best = (unsigned)r;
	return s->row[best];
}

/* The line of c's cost at len: call + byte * len, of its segment there. */
static void line_at(const struct row_cost *c, size_t len, double *call, double *byte)
{
	bool second = c->from_len && len >= c->from_len;

	*call = second ? c->call2_ns : c->call_ns;
	*byte = second ? c->byte2_ns : c->byte_ns;
}

/* Brings *next down to the multiples of g on either side of x, where
 * they lie in (len, *next). */
static void stop_around(double x, size_t len, size_t g, size_t *next)
{
	if (!(x > (double)len) || x >= (double)*next)   /* NaN too */
		return;
	size_t below = (size_t)x / g * g, above = below + g;
	if (below > len && below < *next)
		*next = below;
	if (above > len && above < *next)
		*next = above;
}

/* Where the lines call1 + byte1 * x and (call2 + byte2 * x) * scale meet. */
static double meet(double call1, double byte1, double call2, double byte2, double scale)
{
	return (call2 * scale - call1) / (byte1 - byte2 * scale);
}

/* The next length to look at after len: the grid's, or sooner one where
 * the row auto takes may change: a row's knee (its from_len), where two
 * rows' costs cross, or where a refining row's cost crosses its refined
 * row's times 1 + REFINE_MARGIN (the multiples of g on both sides of
 * each). Between two lengths looked at, the row taken is then one: a
 * row cheapest only between two points of the grid (a vpclmul256 tier
 * of 66 bytes between 64 and 72) is not skipped. */
static size_t next_length(size_t len, size_t g, const struct singles *s)
{
	size_t next = grid_next(len);

	for (unsigned i = 0; i < s->n; i++) {
		size_t k = s->row[i]->from_len;
		if (k)
			stop_around((double)k - 0.5, len, g, &next);
		double ci, bi;
		line_at(s->row[i], len, &ci, &bi);
		for (unsigned j = i + 1; j < s->n; j++) {
			double cj, bj;
			line_at(s->row[j], len, &cj, &bj);
			stop_around(meet(ci, bi, cj, bj, 1), len, g, &next);
		}
		if (s->refined_by[i] >= 0) {
			double cr, br;
			line_at(s->row[s->refined_by[i]], len, &cr, &br);
			stop_around(meet(cr, br, ci, bi, 1 + REFINE_MARGIN), len, g, &next);
		}
	}
	return next;
}

static unsigned candidates(enum family family, const struct cpu_profile *p, cpu_features have,
			   bool multi, const struct row_cost *out[], unsigned max)
{
	unsigned n = 0;

	for (const struct impl *i = impl_table(family); i->name && n < max; i++) {
		if (impl_is_multibuffer(i) != multi || (i->needs & ~have))
			continue;
		const struct row_cost *c = profile_cost(p, i);
		if (c)
			out[n++] = c;
	}
	return n;
}

static unsigned singles_of(enum family family, const struct cpu_profile *p, cpu_features have,
			   struct singles *s)
{
	s->n = candidates(family, p, have, false, s->row, PROFILE_MAX_ROWS);
	for (unsigned i = 0; i < s->n; i++) {
		s->refined_by[i] = -1;
		for (unsigned j = 0; j < s->n; j++) {
			const char *refines = s->row[j]->impl->refines;
			if (refines && strcmp(refines, s->row[i]->impl->name) == 0)
				s->refined_by[i] = (int)j;
		}
	}
	return s->n;
}

static size_t round_up(size_t len, size_t g)
{
	return (len + g - 1) / g * g;
}

void cost_model_dispatch(enum family family, const struct cpu_profile *p, cpu_features have,
			 struct dispatch *out)
{
	struct singles s;
	unsigned n = singles_of(family, p, have, &s);
	size_t g = call_granule(family);

	out->ntiers = 0;
	if (n == 0) {
		impl_select_one(impl_generic(family), out);
		return;
	}
	/* Walk the grid up from one granule, noting where the cheapest row
	 * changes; tiers are then listed from the longest calls down. Calls
	 * are whole granules: each multiple of g is looked at once. */
	const struct impl *row_at[64];
	size_t from[64];
	unsigned runs = 0;
	size_t prev = 0, next;
	for (size_t l = g; l <= GRID_MAX; l = next > l ? next : l + g) {
		next = round_up(next_length(l, g, &s), g);
		const struct impl *best = cheapest(&s, l)->impl;
		if (runs && row_at[runs - 1] == best) {
			prev = l;
			continue;
		}
		if (runs == 64)
			break;
		/* The grid skipped lengths: find the first one, between the
		 * last grid point and this one, where best is cheapest. */
		size_t lo = prev, hi = l;   /* best at hi, not at lo */
		while (runs && hi - lo > g) {
			size_t mid = lo + (hi - lo) / g / 2 * g;
			if (cheapest(&s, mid)->impl == best)
				hi = mid;
			else
				lo = mid;
		}
		row_at[runs] = best;
		from[runs++] = hi;
		prev = l;
	}
	/* More runs than tiers: the shortest calls share the row of the
	 * IMPL_MAX_TIERS-th longest run. */
	unsigned first = runs > IMPL_MAX_TIERS ? runs - IMPL_MAX_TIERS : 0;
	for (unsigned r = runs; r-- > first;) {
		out->tier[out->ntiers].impl = row_at[r];
		out->tier[out->ntiers++].min_len = r == first ? 0 : from[r];
	}
	dispatch_pad(out);
}

/* The one row of the kind (multi-buffer or not) this CPU runs for
 * family, NULL when it runs none or several; *count says how many. */
static const struct impl *only_row(enum family family, bool multi, unsigned *count)
{
	cpu_features have = cpu_features_get();
	const struct impl *only = NULL;

	*count = 0;
	for (const struct impl *i = impl_table(family); i->name; i++)
		if (impl_is_multibuffer(i) == multi && !(i->needs & ~have)) {
			only = i;
			++*count;
		}
	return *count == 1 ? only : NULL;
}

/* A family with one row here (the xxHash family's library) is that row,
 * without the profile: reading it is most of what auto costs a run that
 * has no choice to make (about 50 us of a 4 ms run on the Zen 5 VM). */
void impl_select_auto(enum family family, struct dispatch *out)
{
	unsigned n;
	const struct impl *only = only_row(family, false, &n);

	if (only)
		impl_select_one(only, out);
	else
		cost_model_dispatch(family, profile_get(), cpu_features_get(), out);
}

void cost_model_auto_lanes(enum family family, struct lane_plan *out)
{
	unsigned n;

	only_row(family, true, &n);
	if (n)
		cost_model_lanes(family, profile_get(), cpu_features_get(), NULL, out);
	else
		memset(out, 0, sizeof *out);
}

void cost_model_lanes(enum family family, const struct cpu_profile *p, cpu_features have,
		      const struct impl *forced, struct lane_plan *out)
{
	memset(out, 0, sizeof *out);
	if (forced) {
		out->capacity = forced->lanes < COST_MAX_STREAMS ? forced->lanes : COST_MAX_STREAMS;
		for (unsigned b = 2; b <= out->capacity; b++)
			out->kernel[b] = forced;
		return;
	}
	const struct row_cost *multi[PROFILE_MAX_ROWS];
	unsigned nmulti = candidates(family, p, have, true, multi, PROFILE_MAX_ROWS);
	if (nmulti == 0)
		return;

	/* Per byte of each file: one file alone, in the dispatch's row for
	 * its chunks. */
	struct singles s;
	const struct row_cost *single =
		singles_of(family, p, have, &s) ? cheapest(&s, LANE_CHUNK) : NULL;
	double alone = single ? cost_model_call_ns(single, LANE_CHUNK) / LANE_CHUNK : INFINITY;

	/* t[b]: least time for b files (per byte of one file). */
	double t[COST_MAX_STREAMS + 1] = { 0 };
	for (unsigned b = 1; b <= COST_MAX_STREAMS; b++) {
		t[b] = alone + t[b - 1];
		out->kernel[b] = NULL;
		for (unsigned i = 0; i < nmulti; i++) {
			unsigned lanes = multi[i]->impl->lanes;
			unsigned served = b < lanes ? b : lanes;
			double cost = lanes * multi[i]->byte_ns + t[b - served];
			/* A tie with one stream first goes to the lanes (the
			 * lone file then runs in the next step, same cost);
			 * between rows, to the earlier. */
			bool better = cost < t[b] * (1 - 1e-9) ||
				      (!out->kernel[b] && cost <= t[b] * (1 + 1e-9));
			if (b >= 2 && better) {
				t[b] = cost;
				out->kernel[b] = multi[i]->impl;
			}
		}
	}
	/* Keep as many files in flight as give the most bytes per ns; the
	 * fewest of equals (less memory, fewer open files). Compared as
	 * b * t[best] against best * t[b]: b / t[b] overflows to infinity for
	 * a subnormal cost, and every larger b then looked no better. */
	unsigned best = 1;
	for (unsigned b = 2; b <= COST_MAX_STREAMS; b++)
		if (b * t[best] > best * t[b] * (1 + 1e-6))
			best = b;
	out->capacity = best > 1 ? best : 0;
	for (unsigned b = best + 1; b <= COST_MAX_STREAMS; b++)
		out->kernel[b] = NULL;
}
