/* SPDX-License-Identifier: MIT */
/* cycles.h - a cycle counter for the benchmark: core cycles through
 * perf_event_open where the kernel allows it, else the TSC, calibrated.
 * Layer: platform. */
#ifndef SIMDSUM_CYCLES_H
#define SIMDSUM_CYCLES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum cycles_kind {
	CYCLES_PERF,      /* PERF_COUNT_HW_CPU_CYCLES, user space only */
	CYCLES_PERF_SW,   /* task-clock nanoseconds through the same perf
	                   * code: only to test that code on machines whose
	                   * hypervisor hides the hardware counters */
	CYCLES_TSC,       /* the thread's CPU time at the time-stamp
	                   * counter's rate (its nominal frequency) */
	CYCLES_NONE,      /* no counter: cycles are not reported */
};

struct cycles {
	enum cycles_kind kind;
	int fd;                 /* perf event, or -1 */
	double tsc_mhz;         /* CYCLES_TSC: the calibrated frequency */
	char why_not_perf[96];  /* why core cycles are not counted */
};

/* A reading; subtract two with cycles_between. Perf counters and the
 * TSC-rate count both stop while the thread is not running. */
struct cycles_stamp {
	uint64_t count;
	uint64_t enabled, running;   /* perf's times, for multiplexing */
};

/* Opens the counter chosen by the environment variable SIMDSUM_CYCLES:
 * unset or "auto" (perf, else TSC), "perf" (core cycles or failure),
 * "tsc" (forces the fallback), "perf-sw" (see CYCLES_PERF_SW). Returns
 * false with a message in err when the requested one cannot be had. */
bool cycles_open(struct cycles *c, char *err, size_t errsize);

void cycles_close(struct cycles *c);

void cycles_read(const struct cycles *c, struct cycles_stamp *out);

/* Counts between two readings, scaled up if the kernel multiplexed the
 * counter (perf's estimate); 0 for CYCLES_NONE. */
double cycles_between(const struct cycles *c, const struct cycles_stamp *a,
		      const struct cycles_stamp *b);

/* Short name for CSV/JSON: "perf", "perf-sw", "tsc" or "none". */
const char *cycles_source_name(const struct cycles *c);

/* The header line's text after "cycles: ", e.g. "TSC at 2096 MHz (core
 * cycles unavailable: perf counters not supported)". */
void cycles_describe(const struct cycles *c, char *buf, size_t size);

/* A monotonic clock in nanoseconds, not slewed by NTP where the OS
 * offers that: what the benchmark times with. */
uint64_t cycles_clock_ns(void);

/* This thread's CPU time in nanoseconds: what the benchmark times runs
 * with, so that time the scheduler gives other processes (a shared VM
 * runs several) is not charged to the code measured. */
uint64_t cycles_cpu_ns(void);

#endif
