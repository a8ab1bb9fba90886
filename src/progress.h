/* SPDX-License-Identifier: MIT */
/* progress.h - the --progress line on standard error.
 * Layer: platform. */
#ifndef SIMDSUM_PROGRESS_H
#define SIMDSUM_PROGRESS_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/stat.h>

/* Set while a progress line may be shown; readers check it before
 * counting, so the cost when off is one predictable branch. */
extern bool progress_on;

/* Starts the line (a thread redrawing it about 4 times a second) when
 * stderr is a terminal, or always when forced. */
void progress_start(bool force);

/* Adds to the bytes expected (the producer, as it finds files). */
void progress_add_total(uint64_t bytes);

/* The same for a file about to be queued, when the line is on: a regular
 * file's size; nothing for a directory (walked, or an error) or a name
 * that does not stat; else (standard input, a pipe, a device) a total not
 * known. known: its stat when the caller has one, else NULL (a stat is
 * made). */
void progress_add_file(const char *name, const struct stat *known);

/* An input whose size is not known in advance (a pipe, standard input):
 * the line then shows the bytes done and the rate, no total. */
void progress_add_unknown(void);

/* Counts bytes read (any thread). */
static inline void progress_count(uint64_t bytes)
{
	extern uint64_t progress_done_bytes;
	if (progress_on)
		__atomic_fetch_add(&progress_done_bytes, bytes, __ATOMIC_RELAXED);
}

/* Erases the line before another message goes to the same terminal; it
 * is redrawn on the next tick. */
void progress_clear(void);

/* Erases the line and keeps it from being drawn until progress_release:
 * while a message or an output line is written (diag.c's lines lock), so
 * that no redraw lands inside it and erases it. */
void progress_hold(void);
void progress_release(void);

/* Stops the thread and erases the line. */
void progress_stop(void);

#endif
