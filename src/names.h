/* SPDX-License-Identifier: MIT */
/* names.h - reading file names from a list (--files-from, --files0-from).
 * Layer: input. */
#ifndef SIMDSUM_NAMES_H
#define SIMDSUM_NAMES_H

#include <stdbool.h>

/* Called for each name read; name is malloc'd and belongs to the callee.
 * bad is set for a line whose escapes are invalid (the name is then the
 * raw line, for the error message). */
typedef void (*names_fn)(void *ctx, char *name, bool bad);

/* Reads names from list ("-": standard input): one per line (a line
 * starting with '\' uses the escapes of checksum lines: \\, \n, \r), or
 * NUL-terminated when nul is set (as GNU du and wc read --files0-from).
 * Returns 0, or the errno of a failure to open or read the list. */
int names_read(const char *list, bool nul, names_fn fn, void *ctx);

#endif
