/* SPDX-License-Identifier: MIT */
/* check_auto_cell.c - one cell of --check-auto: auto and the forced
 * choices timed in interleaved rounds, judged, and printed as one line. */
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "check_auto_cell.h"
#include "cycles.h"

void ca_cell_start(struct ca_cell *cell, const char *fmt, ...)
{
	va_list ap;

	memset(cell, 0, sizeof *cell);
	va_start(ap, fmt);
	vsnprintf(cell->what, sizeof cell->what, fmt, ap);
	va_end(ap);
}

void ca_cell_add(struct ca_cell *cell, const char *name)
{
	if (cell->ncols == CA_MAX_COLS)
		return;   /* the registry has fewer rows per family */
	snprintf(cell->name[cell->ncols], CA_NAME_SIZE, "%s", name);
	cell->ns[cell->ncols++] = DBL_MAX;
}

unsigned ca_cell_best(const struct ca_cell *cell)
{
	unsigned best = 1;

	for (unsigned c = 2; c < cell->ncols; c++)
		if (cell->ns[c] < cell->ns[best])
			best = c;
	return best;
}

/* Rounds first..end over the columns cols[0..n), each round starting at
 * the next one, so that the machine's drift over the cell touches them
 * alike; each column keeps its least time. */
static bool measure_rounds(struct ca_cell *cell, const unsigned *cols, unsigned n, unsigned first,
			   unsigned end, ca_time_fn time, void *ctx)
{
	for (unsigned r = first; r < end; r++)
		for (unsigned k = 0; k < n; k++) {
			unsigned c = cols[(k + r) % n];
			double ns;
			if (ca_interrupted() || !time(ctx, c, &ns))
				return false;
			if (ns < cell->ns[c])
				cell->ns[c] = ns;
		}
	return true;
}

/* How many rounds a cell gets: reps, or more where a round is short
 * (files of 1 MiB take a few ms), up to max_reps or the cell's budget:
 * more runs are cheap there, and their least is steadier. */
static unsigned rounds_for(const struct ca_params *p, uint64_t round_ns)
{
	uint64_t budget = (uint64_t)p->cell_budget_ms * 1000000u;
	uint64_t n = round_ns ? budget / round_ns : p->max_reps;

	if (n > p->max_reps)
		n = p->max_reps;
	return n > p->reps ? (unsigned)n : p->reps;
}

/* The columns cols[0..n): one round, timed, then the rest of the rounds
 * rounds_for gives rounds that long. */
static bool measure_budgeted(const struct ca_run *run, struct ca_cell *cell, const unsigned *cols,
			     unsigned n, ca_time_fn time, void *ctx)
{
	uint64_t t0 = cycles_clock_ns();
	if (!measure_rounds(cell, cols, n, 0, 1, time, ctx))
		return false;
	unsigned rounds = rounds_for(run->p, cycles_clock_ns() - t0);
	return measure_rounds(cell, cols, n, 1, rounds, time, ctx);
}

/* Every column. */
static bool measure_all(const struct ca_run *run, struct ca_cell *cell, ca_time_fn time,
			void *ctx)
{
	unsigned all[CA_MAX_COLS];

	for (unsigned c = 0; c < cell->ncols; c++)
		all[c] = c;
	return measure_budgeted(run, cell, all, cell->ncols, time, ctx);
}

/* Four significant digits: "812.4 ns", "3.210 us", "41.73 ms", "1.930 s". */
static void format_ns(double ns, char *buf, size_t size)
{
	static const char *const units[] = { "ns", "us", "ms", "s" };
	unsigned u = 0;

	while (ns >= 1000.0 && u < 3) {
		ns /= 1000.0;
		u++;
	}
	snprintf(buf, size, "%.*f %s", ns < 10.0 ? 3 : ns < 100.0 ? 2 : 1, ns, units[u]);
}

static void print_cell(const struct ca_cell *cell, unsigned best, double ratio, bool slow)
{
	char at[16], bt[16];

	format_ns(cell->ns[0], at, sizeof at);
	format_ns(cell->ns[best], bt, sizeof bt);
	ca_progress_done();
	printf("  %-22s %-9s %10s  %-16s %10s  %6.3f%s\n", cell->what, cell->auto_as, at,
	       cell->name[best], bt, ratio, slow ? "  SLOW" : "");
	fflush(stdout);
}

bool ca_cell_measure(struct ca_run *run, struct ca_cell *cell, ca_time_fn time, void *ctx)
{
	if (cell->ncols < 2) {
		printf("  %-22s (no forced choice runs here)\n", cell->what);
		return true;
	}
	if (!measure_all(run, cell, time, ctx))
		return false;
	unsigned best = ca_cell_best(cell);
	/* A slow-looking cell is measured again, auto against the best only,
	 * in as many rounds as the budget gives the two (reps to max_reps),
	 * up to CA_RETRIES times while it still looks slow: a least time
	 * falls towards what the choice costs as runs are added, and more
	 * runs cannot hide a choice that costs more. On the 2-vCPU VM, runs
	 * of a few ms spread by a millisecond, and 25 of them left whole-run
	 * cells 4 to 8% apart whose choices were the same code. */
	for (unsigned retry = 0; retry < CA_RETRIES && cell->ns[0] > CA_SLOW_RATIO * cell->ns[best];
	     retry++) {
		unsigned pair[2] = { 0, best };
		if (!measure_budgeted(run, cell, pair, 2, time, ctx))
			return false;
		best = ca_cell_best(cell);
	}
	/* The ratio as printed, three decimals, decides the mark, so that a
	 * reader (or a script) never sees "1.030  SLOW". */
	double ratio = (double)(long long)(cell->ns[0] / cell->ns[best] * 1000.0 + 0.5) / 1000.0;
	bool slow = ratio > CA_SLOW_RATIO;
	print_cell(cell, best, ratio, slow);
	run->cells++;
	run->slow += slow;
	return true;
}

void ca_section(const struct ca_run *run, const char *title, const char *how)
{
	const struct ca_params *p = run->p;

	printf("\n%s\n  (%s; the least of %u interleaved runs", title, how, p->reps);
	if (p->max_reps > p->reps)
		printf(", up to %u where runs are short", p->max_reps);
	printf(")\n");
	printf("  %-22s %-9s %10s  %-16s %10s  %6s\n", "cell", "auto ran", "auto", "best forced",
	       "time", "ratio");
}

void ca_format_size(uint64_t bytes, char *buf, size_t size)
{
	if (bytes >= (1u << 30) && bytes % (1u << 30) == 0)
		snprintf(buf, size, "%llu GiB", (unsigned long long)(bytes >> 30));
	else if (bytes >= (1u << 20) && bytes % (1u << 20) == 0)
		snprintf(buf, size, "%llu MiB", (unsigned long long)(bytes >> 20));
	else if (bytes >= 1024 && bytes % 1024 == 0)
		snprintf(buf, size, "%llu KiB", (unsigned long long)(bytes >> 10));
	else
		snprintf(buf, size, "%llu B", (unsigned long long)bytes);
}

/* --- progress on stderr -------------------------------------------------- */

static bool progress_shown;   /* a line waits to be overwritten */

void ca_progress(const char *fmt, ...)
{
	bool tty = isatty(STDERR_FILENO);
	va_list ap;

	fflush(stdout);
	fputs(tty ? "\r\033[Kcheck-auto: " : "check-auto: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	if (!tty)
		fputc('\n', stderr);
	fflush(stderr);
	progress_shown = tty;
}

void ca_progress_done(void)
{
	if (progress_shown)
		fputs("\r\033[K", stderr);
	progress_shown = false;
}
