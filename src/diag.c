/* SPDX-License-Identifier: MIT */
/* diag.c - error and warning messages. */
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdio_ext.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "diag.h"
#include "escape.h"
#include "progress.h"

const char *program_name = "simdsum";

/* argv[0] as given, as coreutils names itself: "/usr/bin/sha256sum: f: ..." */
void diag_set_program_name(const char *argv0)
{
	if (argv0 && *argv0)
		program_name = argv0;
}

/* Every line on stdout (output.c) and every message here is written
 * whole under this lock, so a thread that dies (diag_die) finds both
 * streams at a line's end, and the --progress line is erased and not
 * redrawn meanwhile. holder: this thread has it. */
static pthread_mutex_t lines = PTHREAD_MUTEX_INITIALIZER;
static __thread bool holder;

void diag_lines_lock(void)
{
	pthread_mutex_lock(&lines);
	holder = true;
	progress_hold();
}

void diag_lines_unlock(void)
{
	progress_release();
	holder = false;
	pthread_mutex_unlock(&lines);
}

void diag_lines_flush(void)
{
	diag_lines_lock();
	fflush(stdout);
	diag_lines_unlock();
}

static atomic_bool prompt_lines;

void diag_lines_prompt(void)
{
	atomic_store_explicit(&prompt_lines, true, memory_order_relaxed);
	diag_lines_flush();
}

bool diag_lines_are_prompt(void)
{
	return atomic_load_explicit(&prompt_lines, memory_order_relaxed);
}

static atomic_int slow_reads;

void diag_slow_read_begin(void)
{
	atomic_fetch_add_explicit(&slow_reads, 1, memory_order_relaxed);
	diag_lines_flush();
}

void diag_slow_read_end(void)
{
	atomic_fetch_sub_explicit(&slow_reads, 1, memory_order_relaxed);
}

bool diag_slow_read_active(void)
{
	return atomic_load_explicit(&slow_reads, memory_order_relaxed) > 0;
}

__attribute__((format(printf, 2, 0))) static void vreport(int errnum, const char *fmt, va_list ap)
{
	diag_lines_lock();
	fflush(stdout);
	fprintf(stderr, "%s: ", program_name);
	vfprintf(stderr, fmt, ap);
	if (errnum)
		fprintf(stderr, ": %s", strerror(errnum));
	fputc('\n', stderr);
	diag_lines_unlock();
}

void diag_error(int errnum, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport(errnum, fmt, ap);
	va_end(ap);
}

bool diag_debug_enabled;

void diag_debug_file(const char *name, const char *fmt, ...)
{
	va_list ap;

	if (!diag_debug_enabled)
		return;
	va_start(ap, fmt);
	diag_lines_lock();
	fprintf(stderr, "%s: ", program_name);
	write_escaped_name(stderr, name);
	fputs(": ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	diag_lines_unlock();
	va_end(ap);
}

void diag_usage_error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport(0, fmt, ap);
	va_end(ap);
	fprintf(stderr, "Try '%s --help' for more information.\n", program_name);
	exit(EXIT_FAILURE);
}

void diag_fatal(int errnum, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport(errnum, fmt, ap);
	va_end(ap);
	exit(EXIT_FAILURE);
}

void diag_die(const char *message)
{
	static int dying;

	/* The first thread reports; any other that fails as well waits for
	 * its exit. */
	if (__atomic_exchange_n(&dying, 1, __ATOMIC_ACQ_REL))
		for (;;)
			pause();
	/* Output code does not allocate; should it, half a line on stdout
	 * is dropped rather than written. */
	if (holder)
		__fpurge(stdout);
	else
		diag_lines_lock();
	fflush(stdout);
	progress_clear();
	fprintf(stderr, "%s: %s\n", program_name, message);
	exit(EXIT_FAILURE);
}
