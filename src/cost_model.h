/* SPDX-License-Identifier: MIT */
/* cost_model.h - every automatic kernel choice, derived from a profile's
 * costs (src/profile.h): the length tiers of a family's dispatch and the
 * kernel for b files ready in the lane scheduler. Layer: registry. */
#ifndef SIMDSUM_COST_MODEL_H
#define SIMDSUM_COST_MODEL_H

#include "cpu.h"
#include "impl.h"
#include "profile.h"

#define COST_MAX_STREAMS 16

/* The dispatch auto uses for family with the features have: for every
 * call length the row of least cost, as up to IMPL_MAX_TIERS tiers. */
void cost_model_dispatch(enum family family, const struct cpu_profile *p, cpu_features have,
			 struct dispatch *out);

/* What the lane scheduler runs: for b files ready (1..capacity), the
 * multi-buffer row for the next step, or NULL for one file through the
 * single-stream dispatch. capacity: how many files it keeps open at once
 * (0 or 1: lanes are not worth it). */
struct lane_plan {
	unsigned capacity;
	const struct impl *kernel[COST_MAX_STREAMS + 1];
};

/* The plan of least expected time for each b, from the rows' costs
 * (a row of n lanes with b < n files runs at b/n of its aggregate). With
 * forced (a multi-buffer row named by --impl), that row for every b >= 2. */
void cost_model_lanes(enum family family, const struct cpu_profile *p, cpu_features have,
		      const struct impl *forced, struct lane_plan *out);

/* The auto choice for a family on this CPU, under the profile in force
 * (cost_model_dispatch with profile_get() and cpu_features_get()); the
 * family's one row, without a profile, where the CPU runs only one. Never
 * fails: generic is always supported. */
void impl_select_auto(enum family family, struct dispatch *out);

/* Auto's lane plan for family: cost_model_lanes under the profile in
 * force, or none, without a profile, where the CPU runs no multi-buffer
 * row of it. */
void cost_model_auto_lanes(enum family family, struct lane_plan *out);

/* Expected nanoseconds of one call of len bytes on row (single-stream). */
double cost_model_call_ns(const struct row_cost *c, size_t len);

#endif
