/* SPDX-License-Identifier: MIT */
/* tune.h - simdsum --tune: measures what each implementation costs on
 * this machine and how large cached files read fastest, and prints (or
 * saves) the profile auto then uses. Layer: mode. */
#ifndef SIMDSUM_TUNE_H
#define SIMDSUM_TUNE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "impl.h"
#include "profile.h"

/* Measures every registry row this CPU runs (at a few call lengths, fitted
 * to a per-call and a per-byte cost; multi-buffer rows with every lane
 * busy) and read() against mmap on a cached temporary file, in at most
 * about 15 seconds; prints the profile in the file format of
 * src/profile.h on stdout. With save, also writes it to profile_path():
 * a temporary file in the same directory, fsync'ed and renamed over the
 * old one. Returns false after reporting an error. */
bool tune_run(bool save);

/* --- between the tune_*.c files ------------------------------------------ */

/* How long to measure: the normal run, or SIMDSUM_TUNE_QUICK's (tune.c). */
struct tune_budget {
	double batch_ns;        /* CPU time of one timed batch of calls */
	unsigned min_rounds;    /* rounds over every cell, at least ... */
	unsigned max_rounds;    /* ... and at most */
	double rows_wall_ns;    /* no new round once this much time has gone */
	uint64_t io_bytes;      /* the temporary file for read() against mmap */
};

/* A row's measured cost, and its speed at TUNE_REPORT_LEN bytes a call
 * (multi-buffer rows: all lanes together) for the comments. */
struct tune_row {
	struct row_cost cost;
	double gb_per_s;
};
#define TUNE_REPORT_LEN 16384

/* Measures every row the CPU runs (tune_rows.c); returns how many went
 * into out (at most max). */
unsigned tune_rows(const struct tune_budget *b, struct tune_row *out, unsigned max);

/* The per-call and per-byte cost that fits n (length, ns) points best
 * (tune_rows.c); false when the points cannot give one. */
bool tune_fit(const double len[], const double ns[], unsigned n, double *call_ns,
	      double *byte_ns);

/* A row's cost from n (length, ns) points, lengths ascending (tune_rows.c):
 * tune_fit's line, or two segments (out->from_len set) when one line fits
 * badly. Every split leaving TUNE_SEGMENT_POINTS points or more on each
 * side is fitted, each side by tune_fit, and the split of the least
 * worst relative error |cost / ns - 1| over all the points is kept if it
 * cuts the line's worst error by TUNE_SEGMENT_GAIN or more: 0.10, ten
 * points. On Zen 3 the kernels with a second code path gain 14-17 points
 * (crc32c avx2blend from 29% to 12%, pclmul from 17% to 3%); the rest
 * gain 0-7, differently from run to run (the table CRC's slight curve,
 * the steps of whole vectors), which a second segment would only chase. */
#define TUNE_SEGMENT_POINTS 3
#define TUNE_SEGMENT_GAIN 0.10
bool tune_fit_row(const double len[], const double ns[], unsigned n, struct row_cost *out);

/* read() against mmap on a cached file (tune_io.c), hashing with the
 * CRC-32C dispatch that tuned (the rows just measured) gives. */
struct tune_io {
	bool measured;          /* false: why says so */
	double read_gb_per_s;
	double mmap_gb_per_s;
	enum io_pref pref;      /* IO_PREF_MEASURE when not measured */
	char why[160];
};
void tune_io(const struct tune_budget *b, const struct cpu_profile *tuned, struct tune_io *out);

/* Writes len bytes of text to path atomically (tune_save.c); reports
 * "cannot save profile to PATH: REASON" and returns false on failure,
 * leaving no temporary file behind. */
bool tune_save(const char *path, const char *text, size_t len);

/* Whether a profile could be saved to path (nothing there, or a regular
 * file, through any symbolic links); reports why not. Checked before the
 * measuring, and again by tune_save. */
bool tune_save_possible(const char *path);

#endif
