/* SPDX-License-Identifier: MIT */
/* cost_regret.h - how far auto's choices under one profile are from its
 * best on a CPU described by another: the measure the default profile is
 * chosen by (bench/profile_regret, tests/unit/test_cost_model.c).
 * Layer: registry. */
#ifndef SIMDSUM_COST_REGRET_H
#define SIMDSUM_COST_REGRET_H

#include <stddef.h>

#include "cpu.h"
#include "profile.h"

/* The worst ratio, over every family, of the expected time of auto's
 * choices under `used` to that of the choices under `truth`, both costed
 * with truth's rows, for a CPU with the features have:
 *   - one call of each length from 16 B to 1 MiB (whole blocks for the
 *     block transforms);
 *   - b files of 16 MiB, b = 1..16, the lane plan followed until every
 *     file is done (a kernel of n lanes runs min(b, n) files together at
 *     its aggregate cost for n lanes; no kernel: one file single-stream).
 * Writes where the worst cell is into where (e.g. "md5 2 x 16 MiB"). */
double cost_regret(const struct cpu_profile *truth, const struct cpu_profile *used,
		   cpu_features have, char *where, size_t where_size);

/* The features a profile's CPU has, as far as its rows tell: the needs
 * of every row it has a cost for. */
cpu_features cost_regret_features(const struct cpu_profile *p);

#endif
