/* SPDX-License-Identifier: MIT */
/* check_auto_cell.c - one cell of --check-auto: auto and the forced
 * choices timed in interleaved rounds, judged, and printed as one line. */
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
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

/* Rounds first..end over every column, each round starting at the next
 * one, so that the machine's drift over the cell touches them alike;
 * each column keeps its least time. */
static bool measure_rounds(struct ca_cell *cell, unsigned first, unsigned end, ca_time_fn time,
			   void *ctx)
{
	for (unsigned r = first; r < end; r++)
		for (unsigned k = 0; k < cell->ncols; k++) {
			unsigned c = (k + r) % cell->ncols;
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

/* Every column: one round, timed, then the rest of the rounds rounds_for
 * gives rounds that long. */
static bool measure_all(const struct ca_run *run, struct ca_cell *cell, ca_time_fn time,
			void *ctx)
{
	uint64_t t0 = cycles_clock_ns();
	if (!measure_rounds(cell, 0, 1, time, ctx))
		return false;
	unsigned rounds = rounds_for(run->p, cycles_clock_ns() - t0);
	return measure_rounds(cell, 1, rounds, time, ctx);
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

/* The times shown: the least ones, or the medians of the paired rounds. */
static void print_cell(const struct ca_cell *cell, unsigned best, double auto_ns, double best_ns,
		       const struct ca_pairs_judged *j)
{
	static const char *const mark[] = { [CA_FAST] = "", [CA_SLOW] = "  SLOW",
					    [CA_NOISE] = "  noise", [CA_SAME_PLAN] = "  same plan" };
	char at[16], bt[16];

	format_ns(auto_ns, at, sizeof at);
	format_ns(best_ns, bt, sizeof bt);
	ca_progress_done();
	printf("  %-22s %-9s %10s  %-16s %10s  %6.3f%s", cell->what, cell->auto_as, at,
	       cell->name[best], bt, j->ratio, mark[j->verdict]);
	if (cell->npairs)
		printf("  (medians of %u paired runs; auto slower in %u of %u rounds of four)",
		       cell->npairs, j->slower, j->rounds);
	printf("\n");
	fflush(stdout);
}

static int compare_doubles(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* The median of v[0..n), n > 0; sorts v. */
static double median(double *v, unsigned n)
{
	qsort(v, n, sizeof *v, compare_doubles);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* One round of the pair: auto and the best forced choice, back to back,
 * which of them first alternating by round. */
static bool time_pair(struct ca_cell *cell, unsigned best, unsigned round, ca_time_fn time,
		      void *ctx)
{
	unsigned cols[2] = { 0, best };
	double ns[2];

	for (unsigned k = 0; k < 2; k++) {
		unsigned c = (k + round) % 2;
		if (ca_interrupted() || !time(ctx, cols[c], &ns[c]))
			return false;
	}
	cell->pair_auto[cell->npairs] = ns[0];
	cell->pair_best[cell->npairs] = ns[1];
	cell->npairs++;
	return true;
}

/* CA_RETRIES batches of paired rounds, each as many rounds as the budget
 * gives the pair (reps to max_reps), all of them kept. */
static bool measure_pairs(const struct ca_run *run, struct ca_cell *cell, unsigned best,
			  ca_time_fn time, void *ctx)
{
	for (unsigned batch = 0; batch < CA_RETRIES && cell->npairs < CA_MAX_PAIRS; batch++) {
		uint64_t t0 = cycles_clock_ns();
		if (!time_pair(cell, best, cell->npairs, time, ctx))
			return false;
		unsigned rounds = rounds_for(run->p, cycles_clock_ns() - t0);
		for (unsigned r = 1; r < rounds && cell->npairs < CA_MAX_PAIRS; r++)
			if (!time_pair(cell, best, cell->npairs, time, ctx))
				return false;
	}
	return true;
}

/* Three decimals, as printed: the printed ratio decides the mark, so
 * that a reader (or a script) never sees "1.030  SLOW". */
static double printed_ratio(double r)
{
	return (double)(long long)(r * 1000.0 + 0.5) / 1000.0;
}

/* The chance that a fair coin tossed n times shows k or more heads. */
static double coin_tail(unsigned k, unsigned n)
{
	double term = 1.0, tail = 0;

	for (unsigned i = 0; i < n; i++)   /* C(n, 0) / 2^n (not ldexp: libm) */
		term *= 0.5;

	for (unsigned i = 0; i <= n; i++) {
		if (i >= k)
			tail += term;
		term = term * (double)(n - i) / (double)(i + 1);   /* C(n, i + 1) / 2^n */
	}
	return tail;
}

struct ca_pairs_judged ca_judge_pairs(const double *auto_ns, const double *other_ns, unsigned n)
{
	double r[CA_MAX_PAIRS / 2];
	struct ca_pairs_judged j = { .verdict = CA_FAST };

	for (unsigned k = 0; 2 * k + 1 < n && k < CA_MAX_PAIRS / 2; k++)
		r[j.rounds++] = (auto_ns[2 * k] + auto_ns[2 * k + 1]) /
				(other_ns[2 * k] + other_ns[2 * k + 1]);
	if (n == 1)   /* a lone pair stands for itself */
		r[j.rounds++] = auto_ns[0] / other_ns[0];
	if (j.rounds == 0)
		return j;
	for (unsigned k = 0; k < j.rounds; k++)
		j.slower += r[k] > 1.0;
	j.ratio = printed_ratio(median(r, j.rounds));
	if (j.ratio > CA_SLOW_RATIO)
		j.verdict = coin_tail(j.slower, j.rounds) <= CA_SIGN_ALPHA ? CA_SLOW : CA_NOISE;
	return j;
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
	double auto_ns = cell->ns[0], best_ns = cell->ns[best];
	struct ca_pairs_judged j = { .verdict = CA_FAST, .ratio = printed_ratio(auto_ns / best_ns) };
	/* A cell that looks slow by the least times is judged again on
	 * paired rounds of auto and the best forced choice: the median of
	 * the rounds' ratios. A least time is not steady enough for that on
	 * a shared VM: on the 2-vCPU Zen 5 VM, 25 runs of 7 ms each of
	 * auto and of the one row it runs forced left least times up to
	 * 6.7% apart; the medians of 100 paired ratios of one command
	 * against itself stayed within 1.1%. A round's two runs see the
	 * same moment of the machine, and a choice that costs more is
	 * slower in most rounds, whatever the noise.
	 * But not where runs are long and memory-bound: on the 2-vCPU VM,
	 * 15 pairs of auto and the row it runs forced (sha512, 32 cached
	 * files of 16 MiB, 170 ms a run) had ratios from 0.83 to 1.14, above
	 * and below 1 by turns, and --check-auto once put their median at
	 * 1.074. Runs one after the other land on alternate vCPUs, and the
	 * two differ in speed while one of them shares its core (pinned to
	 * one vCPU, such pairs of sha256 on 16 files spread 0.97 to 1.04,
	 * against 0.85 to 1.22 unpinned). So the pairs are taken two at a
	 * time, auto first in one and second in the other, which where runs
	 * alternate gives each choice a run on each vCPU, and judged by a
	 * sign test (ca_judge_pairs): SLOW only where the median of those
	 * rounds of four is above 1.03 and auto lost more of them than a
	 * coin would; where not, as many pairs again are timed and all of
	 * them judged, and a cell still open is marked noise: its rounds do
	 * not show auto slower beyond chance. */
	if (j.ratio > CA_SLOW_RATIO) {
		if (!measure_pairs(run, cell, best, time, ctx))
			return false;
		j = ca_judge_pairs(cell->pair_auto, cell->pair_best, cell->npairs);
		if (j.verdict == CA_NOISE && !cell->same_plan[best]) {
			if (!measure_pairs(run, cell, best, time, ctx))
				return false;
			j = ca_judge_pairs(cell->pair_auto, cell->pair_best, cell->npairs);
		}
		auto_ns = median(cell->pair_auto, cell->npairs);
		best_ns = median(cell->pair_best, cell->npairs);
	}
	/* Where the fastest forced choice runs what auto runs, auto chose
	 * the fastest plan whatever the times say: what is left is the cost
	 * of deciding, or noise (on the Zen 5 VM, auto and --impl=libxxhash,
	 * one library call each, were once judged SLOW at 1.043; 60 pairs
	 * by hand gave 1.001). Shown, not counted as slow. */
	if (j.verdict != CA_FAST && cell->same_plan[best])
		j.verdict = CA_SAME_PLAN;
	print_cell(cell, best, auto_ns, best_ns, &j);
	run->cells++;
	run->slow += j.verdict == CA_SLOW;
	run->noise += j.verdict == CA_NOISE;
	run->same_plan += j.verdict == CA_SAME_PLAN;
	return true;
}

void ca_section(const struct ca_run *run, const char *title, const char *how)
{
	const struct ca_params *p = run->p;

	printf("\n%s\n  (%s; the least of %u interleaved runs", title, how, p->reps);
	if (p->max_reps > p->reps)
		printf(", up to %u where runs are short", p->max_reps);
	printf(";\n   where auto looks slow, the medians of paired runs, judged in rounds of "
	       "four: their median ratio and how many auto lost)\n");
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
