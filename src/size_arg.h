/* SPDX-License-Identifier: MIT */
/* size_arg.h - sizes on the command line: 5MiB, 8M, 1G, 100000.
 * Layer: platform. */
#ifndef SIMDSUM_SIZE_ARG_H
#define SIMDSUM_SIZE_ARG_H

#include <stdbool.h>
#include <stdint.h>

/* Parses a positive size: digits, then optionally a unit: K, M, G, T (or
 * KiB, MiB, GiB, TiB) for powers of 1024, KB, MB, GB, TB for powers of
 * 1000, B for bytes. Returns false on anything else, zero or overflow. */
bool parse_size(const char *arg, uint64_t *out);

#endif
