/* output.h - writing checksum lines. */
#ifndef SIMDSUM_OUTPUT_H
#define SIMDSUM_OUTPUT_H

#include <stdint.h>

#include "options.h"

/* Writes one checksum line for name in the format the options select
 * (GNU "DIGEST  NAME", BSD "TAG (NAME) = DIGEST", -z). */
void output_digest_line(const struct options *opt, const char *name, const struct algo *algo,
			const uint8_t *digest);

/* Lower-case hex of len bytes into out (2 * len + 1 bytes). */
void hex_encode(const uint8_t *bytes, size_t len, char *out);

/* Flushes and closes standard output; on a write error reports it in
 * coreutils' form ("write error: No space left on device") and returns
 * false. */
bool output_close_stdout(void);

#endif
