/* SPDX-License-Identifier: MIT */
/* quote.h - quoting file names in diagnostics the way GNU coreutils does.
 * Layer: platform. */
#ifndef SIMDSUM_QUOTE_H
#define SIMDSUM_QUOTE_H

#include <stddef.h>

/* Returns name as coreutils' error messages show it: unchanged when it
 * is safe to paste into a shell, else in single or double quotes, with
 * control and invalid bytes as $'\ooo' segments (e.g. 'a b', "it's",
 * 'a'$'\n''b'). ':' is also quoted, since it separates the parts of a
 * message. The result lives in one of a few rotating static buffers, so
 * a message may quote up to four names. */
const char *quote_name(const char *name);

/* The len bytes of value (a field read from a file: no NUL among them)
 * as quote_name shows a name, but always quoted ('zzz', as coreutils
 * quotes a value it refuses), so that nothing raw reaches a terminal. The
 * same rotating buffers as quote_name. */
const char *quote_value(const char *value, size_t len);

/* quote_value of a whole string: an option's argument or an environment
 * variable's value that is refused. */
const char *quote_arg(const char *arg);

/* The message for a file, as coreutils words it: "prog: 'a b': strerror"
 * (the name quoted as above). */
void quote_file_error(const char *name, int errnum);

#endif
