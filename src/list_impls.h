/* SPDX-License-Identifier: MIT */
/* list_impls.h - --list-impls.
 * Layer: mode. */
#ifndef SIMDSUM_LIST_IMPLS_H
#define SIMDSUM_LIST_IMPLS_H

#include "impl.h"

/* Prints the CPU, its features, and for every algorithm each compiled-in
 * implementation with its status and what auto picks. */
void list_impls_print(void);

/* Prints "auto" and the name of every row of the family, one per line
 * (for shell completion). */
void list_impls_names(enum family family);

#endif
