/* SPDX-License-Identifier: MIT */
/* check_mode.h - verifying checksum lists (-c). */
#ifndef SIMDSUM_CHECK_MODE_H
#define SIMDSUM_CHECK_MODE_H

#include "options.h"

/* Verifies each list (standard input when nlists is 0 or for "-").
 * Returns true when every list verified cleanly. */
bool check_mode_run(const struct options *opt, char *const *lists, int nlists);

#endif
