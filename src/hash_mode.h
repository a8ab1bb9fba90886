/* SPDX-License-Identifier: MIT */
/* hash_mode.h - printing the checksums of files.
 * Layer: mode. */
#ifndef SIMDSUM_HASH_MODE_H
#define SIMDSUM_HASH_MODE_H

#include "options.h"

/* Hashes each file (or standard input when nfiles is 0) and prints a
 * line per file and algorithm. Returns true when every file was hashed. */
bool hash_mode_run(const struct options *opt, char *const *files, int nfiles);

#endif
