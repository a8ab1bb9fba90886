/* diag.h - diagnostics on stderr in coreutils' form ("prog: name: reason"). */
#ifndef SIMDSUM_DIAG_H
#define SIMDSUM_DIAG_H

/* Basename of argv[0]: "simdsum", or "sha256sum" when run through a link. */
extern const char *program_name;

void diag_set_program_name(const char *argv0);

/* "prog: <message>[: strerror(errnum)]\n". errnum 0 adds nothing.
 * Flushes stdout first, so interleaved output keeps its order. */
void diag_error(int errnum, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* "prog: <quoted name>: strerror(errnum)\n". */
void diag_file_error(const char *name, int errnum);

/* A usage error: the message, then "Try 'prog --help' ...", exit 1. */
void diag_usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));

/* A fatal error: the message, exit 1. */
void diag_fatal(int errnum, const char *fmt, ...) __attribute__((format(printf, 2, 3), noreturn));

#endif
