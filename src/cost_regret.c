/* SPDX-License-Identifier: MIT */
/* cost_regret.c - auto's choices under one profile, costed with another's
 * rows (cost_regret.h). */
#include <stdbool.h>
#include <stdio.h>

#include "cost_model.h"
#include "cost_regret.h"
#include "family.h"
#include "impl.h"

#define FILE_BYTES (16.0 * 1024 * 1024)

static const size_t lengths[] = { 16, 64, 256, 1024, 8192, 65536, 1 << 20 };
#define NLENGTHS (sizeof lengths / sizeof lengths[0])

struct worst {
	double ratio;
	char *where;
	size_t size;
};

/* Keeps the worst cell: family name, n bytes a call or n files. */
static void note(struct worst *w, double ratio, const char *name, unsigned n, bool files)
{
	if (ratio <= w->ratio)
		return;
	w->ratio = ratio;
	if (files)
		snprintf(w->where, w->size, "%s %u x 16 MiB", name, n);
	else
		snprintf(w->where, w->size, "%s %u B", name, n);
}

cpu_features cost_regret_features(const struct cpu_profile *p)
{
	cpu_features have = 0;
	for (unsigned i = 0; i < p->nrows; i++)
		if (p->rows[i].impl)
			have |= p->rows[i].impl->needs;
	return have;
}

static double call_ns(const struct cpu_profile *truth, const struct impl *row, size_t len)
{
	const struct row_cost *c = profile_cost(truth, row);
	return c ? cost_model_call_ns(c, len) : 1e30;
}

/* Nanoseconds for b files of FILE_BYTES under plan, costed with truth;
 * single-stream files through the dispatch d. */
static double lanes_ns(const struct cpu_profile *truth, const struct lane_plan *plan,
		       const struct dispatch *d, unsigned b)
{
	const struct impl *single = dispatch_pick(d, 1 << 20);
	double ns = 0;
	while (b) {
		const struct impl *k = b <= plan->capacity ? plan->kernel[b] : NULL;
		const struct row_cost *c = k ? profile_cost(truth, k) : NULL;
		if (!c) {
			ns += FILE_BYTES / (1 << 20) * call_ns(truth, single, 1 << 20);
			b--;
			continue;
		}
		ns += FILE_BYTES * k->lanes * c->byte_ns;
		b -= b < k->lanes ? b : k->lanes;
	}
	return ns;
}

double cost_regret(const struct cpu_profile *truth, const struct cpu_profile *used,
		   cpu_features have, char *where, size_t where_size)
{
	struct worst w = { 1.0, where, where_size };

	snprintf(where, where_size, "-");
	for (int f = 0; f < FAMILY_COUNT; f++) {
		const char *name = family_desc((enum family)f)->name;
		struct dispatch dt, du;
		cost_model_dispatch((enum family)f, truth, have, &dt);
		cost_model_dispatch((enum family)f, used, have, &du);
		/* A block transform is called on whole blocks. */
		size_t block = impl_block_size((enum family)f);
		for (size_t i = 0; i < NLENGTHS; i++) {
			size_t len = block > 1 ? (lengths[i] + block - 1) / block * block : lengths[i];
			double best = call_ns(truth, dispatch_pick(&dt, len), len);
			double got = call_ns(truth, dispatch_pick(&du, len), len);
			note(&w, got / best, name, (unsigned)len, false);
		}
		struct lane_plan pt, pu;
		cost_model_lanes((enum family)f, truth, have, NULL, &pt);
		cost_model_lanes((enum family)f, used, have, NULL, &pu);
		for (unsigned b = 1; b <= COST_MAX_STREAMS; b++)
			note(&w, lanes_ns(truth, &pu, &du, b) / lanes_ns(truth, &pt, &dt, b), name, b, true);
	}
	return w.ratio;
}
