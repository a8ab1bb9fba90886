/* SPDX-License-Identifier: MIT */
/* names.h - reading file names from a list (--files-from, --files0-from).
 * Layer: input. */
#ifndef SIMDSUM_NAMES_H
#define SIMDSUM_NAMES_H

#include <stdbool.h>

#include "outcome.h"

/* Called for each name read, and its record's number (from 1: the line,
 * or the NUL-terminated name); name is malloc'd and belongs to the
 * callee. A name that is not LISTED_NAME_OK names no file (it is then
 * the raw record). */
typedef void (*names_fn)(void *ctx, char *name, enum listed_name problem,
			 unsigned long long number);

/* Reads names from list ("-": standard input): one per line (a line
 * starting with '\' uses the escapes of checksum lines: \\, \n, \r), or
 * NUL-terminated when nul is set (as GNU du and wc read --files0-from).
 * Returns 0, or the errno of a failure to open or read the list. */
int names_read(const char *list, bool nul, names_fn fn, void *ctx);

#endif
