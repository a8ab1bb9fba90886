/* SPDX-License-Identifier: MIT */
/* audit_mode.h - --check --audit: a list against the tree beside it.
 * Layer: mode. */
#ifndef SIMDSUM_AUDIT_MODE_H
#define SIMDSUM_AUDIT_MODE_H

#include "options.h"

/* Verifies the one list (standard input when nlists is 0) and walks
 * opt->audit_dir; true when every file is OK and none is new or missing. */
bool audit_mode_run(const struct options *opt, char *const *lists, int nlists);

#endif
