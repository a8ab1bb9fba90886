/* SPDX-License-Identifier: MIT */
/* debug.h - --debug: what runs, and why.
 * Layer: mode. */
#ifndef SIMDSUM_DEBUG_H
#define SIMDSUM_DEBUG_H

#include "options.h"

/* Prints on stderr, once per algorithm, the implementation chosen and the
 * reason (forced, or the CPU features auto found and its thresholds),
 * the multi-buffer kernels the lane scheduler may use, and how files are
 * read; with lists (-c, --audit, --update), also the other families
 * --impl forces (select_list_forces). */
void debug_report(const struct options *opt, bool lists);

/* The same for --verify-object, once its META has said which algorithms
 * it checks: choices[i] for each chosen[i] (ALGO_COUNT of each). */
void debug_report_chosen(const struct algo_choice *choices, const bool *chosen);

#endif
