/* SPDX-License-Identifier: MIT */
/* check_mode.h - verifying checksum lists (-c).
 * Layer: mode. */
#ifndef SIMDSUM_CHECK_MODE_H
#define SIMDSUM_CHECK_MODE_H

#include "check_line.h"
#include "options.h"

/* The parser's rules for lines as -a and the program's name set them:
 * every list reader (--check, --audit, --update) starts from this. */
void check_parser_from_options(struct check_parser *p, const struct options *opt);

/* The default for -j with --check: jobs_default over the first
 * names the lists give (shared among the first of them), the files -c
 * reads, from the lists that are regular files (a pipe or standard input
 * cannot be read twice: with no name to sample the default is the CPUs,
 * as with --files-from). Lists read to their end that name one small
 * file between them get one job, as "simdsum FILE" does. */
unsigned check_default_jobs(const struct options *opt, char *const *lists, int nlists);

/* Verifies each list (standard input when nlists is 0 or for "-").
 * Returns true when every list verified cleanly. */
bool check_mode_run(const struct options *opt, char *const *lists, int nlists);

#endif
