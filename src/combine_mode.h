/* SPDX-License-Identifier: MIT */
/* combine_mode.h - --combine: the CRC-32C of a concatenation from its parts'.
 * Layer: mode. */
#ifndef SIMDSUM_COMBINE_MODE_H
#define SIMDSUM_COMBINE_MODE_H

#include "options.h"

/* Reads lines "CRC LENGTH" (CRC in hex or base64, LENGTH in decimal
 * bytes; '#' comments and blank lines skipped) from each input ("-":
 * standard input; none: standard input) and prints the CRC-32C of the
 * parts joined in order. A malformed input prints nothing and is reported
 * with its line number. Returns true when every input was well formed. */
bool combine_mode_run(const struct options *opt, char *const *inputs, int ninputs);

#endif
