/* diag.c - error and warning messages. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "progress.h"
#include "quote.h"

const char *program_name = "simdsum";

void diag_set_program_name(const char *argv0)
{
	if (argv0 && *argv0) {
		const char *slash = strrchr(argv0, '/');
		program_name = slash ? slash + 1 : argv0;
	}
}

__attribute__((format(printf, 2, 0))) static void vreport(int errnum, const char *fmt, va_list ap)
{
	fflush(stdout);
	progress_clear();
	fprintf(stderr, "%s: ", program_name);
	vfprintf(stderr, fmt, ap);
	if (errnum)
		fprintf(stderr, ": %s", strerror(errnum));
	fputc('\n', stderr);
}

void diag_error(int errnum, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport(errnum, fmt, ap);
	va_end(ap);
}

void diag_file_error(const char *name, int errnum)
{
	diag_error(errnum, "%s", quote_name(name));
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
