/* SPDX-License-Identifier: MIT */
/* update_mode.h - --update: adding to a checksum list, atomically.
 * Layer: mode. */
#ifndef SIMDSUM_UPDATE_MODE_H
#define SIMDSUM_UPDATE_MODE_H

#include "options.h"

/* Appends to opt->update_list the files among operands (walked with -r)
 * that it lacks; true when the list was rewritten (or needed nothing) and
 * every file could be hashed. */
bool update_mode_run(const struct options *opt, char *const *operands, int noperands);

#endif
