/* SPDX-License-Identifier: MIT */
/* parts_mode.h - --parts: digests of fixed-size parts and their composite.
 * Layer: mode. */
#ifndef SIMDSUM_PARTS_MODE_H
#define SIMDSUM_PARTS_MODE_H

#include <stdint.h>

#include "options.h"

/* For each file: the digest of every part of part_size bytes (the last
 * may be shorter), the S3-style composite (the same algorithm over the
 * concatenated raw part digests, base64, "-N"), and for CRC-32C the
 * full-object CRC joined from the parts' CRCs. Each byte is read and
 * hashed once. Returns true when every file was read. */
bool parts_mode_run(const struct options *opt, uint64_t part_size, char *const *files, int nfiles);

#endif
