/* SPDX-License-Identifier: MIT */
/* diag.h - diagnostics on stderr in coreutils' form ("prog: name: reason").
 * Layer: platform. */
#ifndef SIMDSUM_DIAG_H
#define SIMDSUM_DIAG_H

#include <stdbool.h>

/* Basename of argv[0]: "simdsum", or "sha256sum" when run through a link. */
extern const char *program_name;

void diag_set_program_name(const char *argv0);

/* "prog: <message>[: strerror(errnum)]\n". errnum 0 adds nothing.
 * Flushes stdout first, so interleaved output keeps its order. */
void diag_error(int errnum, const char *fmt, ...) __attribute__((format(printf, 2, 3)));


/* --debug's note on a file, on stderr ("prog: <name>: <message>", the
 * name escaped as in checksum lines), only once diag_debug_enabled is set
 * (by main, from --debug). Safe from any thread. */
extern bool diag_debug_enabled;
void diag_debug_file(const char *name, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* A usage error: the message, then "Try 'prog --help' ...", exit 1. */
void diag_usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));

/* A fatal error: the message, exit 1. */
void diag_fatal(int errnum, const char *fmt, ...) __attribute__((format(printf, 2, 3), noreturn));

/* A fatal error from any thread: "prog: <message>\n", exit 1. The first
 * caller reports; other threads calling it block. It waits for the line
 * another thread is writing (see diag_lines_lock), so stdout ends with
 * whole lines: those of files fully hashed. */
void diag_die(const char *message) __attribute__((noreturn));

/* Held while one line is written to stdout, so diag_die never cuts one;
 * nothing may allocate while holding it. */
void diag_lines_lock(void);
void diag_lines_unlock(void);

/* The lines written so far go out now: what follows may take long (a
 * large file). */
void diag_lines_flush(void);

/* The same, and from now on each line goes out as it is written, as
 * coreutils writes every line: an input that may keep the run waiting
 * (a pipe, FIFO or device) must not hold back the lines of the files
 * before it, which what feeds it may be waiting to read. */
void diag_lines_prompt(void);

bool diag_lines_are_prompt(void);

/* A large file is being read (begin: the lines so far go out now), or
 * no longer; and whether one is, so that lines made while it is read
 * (of the files before it, in the lanes beside it) go out too. */
void diag_slow_read_begin(void);
void diag_slow_read_end(void);
bool diag_slow_read_active(void);

#endif
