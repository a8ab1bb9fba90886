/* SPDX-License-Identifier: MIT */
/* check_auto.h - simdsum --benchmark --check-auto: whether auto is the
 * best choice on this machine, cell by cell. Layer: mode. */
#ifndef SIMDSUM_CHECK_AUTO_H
#define SIMDSUM_CHECK_AUTO_H

#include <stdbool.h>

#include "options.h"

/* Races auto against every forced choice (see the man page) and prints a
 * compact matrix; each cell where auto is more than 3% slower than the
 * best forced choice is marked. Returns false when any is. */
bool check_auto_run(const struct options *opt);

#endif
