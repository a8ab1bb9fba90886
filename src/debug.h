/* SPDX-License-Identifier: MIT */
/* debug.h - --debug: what runs, and why.
 * Layer: mode. */
#ifndef SIMDSUM_DEBUG_H
#define SIMDSUM_DEBUG_H

#include "options.h"

/* Prints on stderr, once per algorithm, the implementation chosen and the
 * reason (forced, or the CPU features auto found and its thresholds),
 * the multi-buffer kernels the lane scheduler may use, and how files are
 * read. */
void debug_report(const struct options *opt);

#endif
