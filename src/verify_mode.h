/* SPDX-License-Identifier: MIT */
/* verify_mode.h - --verify-object: a local copy against its object
 * store's metadata (S3, Cloud Storage, Azure JSON). Layer: mode. */
#ifndef SIMDSUM_VERIFY_MODE_H
#define SIMDSUM_VERIFY_MODE_H

#include <stdbool.h>

#include "options.h"

/* Checks file ("-": standard input) against every checksum and the size
 * the JSON in meta_name ("-": standard input, then file is not) gives,
 * reading the file once. Prints a line per check (output_verify.h) and
 * returns true when every one held; errors in META (not JSON, no known
 * checksum, a malformed value) and an unreadable file are reported on
 * stderr, with no line claiming anything, and give false. */
bool verify_mode_run(const struct options *opt, const char *meta_name, const char *file);

#endif
