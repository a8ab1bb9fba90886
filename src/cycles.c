/* SPDX-License-Identifier: MIT */
/* cycles.c - the benchmark's cycle counter: core cycles from the kernel's
 * perf events when it grants them, else the TSC with its frequency
 * measured, and the reason core cycles were not had. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#ifdef __linux__
#include <linux/perf_event.h>
#include <sys/syscall.h>
#endif
#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
#define HAVE_TSC 1
#else
#define HAVE_TSC 0
#endif

#include "cycles.h"
#include "quote.h"

/* Long enough that clock_gettime's granularity and the cost of reading
 * both clocks are well under 0.1% of it. */
#define TSC_CALIBRATION_NS 20000000ull

uint64_t cycles_clock_ns(void)
{
	struct timespec ts;

#ifdef CLOCK_MONOTONIC_RAW
	clock_gettime(CLOCK_MONOTONIC_RAW, &ts);   /* not slewed by NTP */
#else
	clock_gettime(CLOCK_MONOTONIC, &ts);
#endif
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

uint64_t cycles_cpu_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* Work the optimiser cannot remove, to see whether a counter counts. */
static volatile unsigned spin_sink;

static void spin(unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		spin_sink += i;
}

#ifdef __linux__
static int perf_paranoid_level(void)
{
	FILE *f = fopen("/proc/sys/kernel/perf_event_paranoid", "r");
	int level = -99;

	if (f) {
		if (fscanf(f, "%d", &level) != 1)
			level = -99;
		fclose(f);
	}
	return level;
}

/* Why perf_event_open failed, in the words a user can act on. */
static void perf_failure_reason(int err, char *buf, size_t size)
{
	int level;

	switch (err) {
	case ENOENT:
	case EOPNOTSUPP:
	case ENODEV:
		/* What a hypervisor that hides the PMU answers, and what
		 * `perf stat -e cycles` then calls "not supported". */
		snprintf(buf, size, "perf counters not supported");
		break;
	case EACCES:
	case EPERM:
		level = perf_paranoid_level();
		if (level != -99)
			snprintf(buf, size, "perf counters not permitted (perf_event_paranoid=%d)",
				 level);
		else
			snprintf(buf, size, "perf counters not permitted");
		break;
	case ENOSYS:
		snprintf(buf, size, "perf_event_open not available");
		break;
	default:
		snprintf(buf, size, "perf_event_open: %s", strerror(err));
		break;
	}
}

/* Opens a counter for this thread in user space only: kernel time (page
 * faults, interrupts) is not the transform's work. */
static int perf_open(uint32_t type, uint64_t config)
{
	struct perf_event_attr attr;

	memset(&attr, 0, sizeof attr);
	attr.size = sizeof attr;
	attr.type = type;
	attr.config = config;
	attr.exclude_kernel = 1;
	attr.exclude_hv = 1;
	attr.read_format = PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING;
	return (int)syscall(SYS_perf_event_open, &attr, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
}

static bool perf_try(struct cycles *c, enum cycles_kind kind)
{
	bool hw = kind == CYCLES_PERF;
	int fd = hw ? perf_open(PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES)
		    : perf_open(PERF_TYPE_SOFTWARE, PERF_COUNT_SW_TASK_CLOCK);

	if (fd < 0) {
		perf_failure_reason(errno, c->why_not_perf, sizeof c->why_not_perf);
		return false;
	}
	c->fd = fd;
	c->kind = kind;

	/* Some hypervisors accept the event and never schedule it. */
	struct cycles_stamp a, b;
	cycles_read(c, &a);
	spin(1000000);
	cycles_read(c, &b);
	if (b.running == a.running || b.count == a.count) {
		close(fd);
		c->fd = -1;
		snprintf(c->why_not_perf, sizeof c->why_not_perf, "perf counter does not count");
		return false;
	}
	return true;
}
#else
static bool perf_try(struct cycles *c, enum cycles_kind kind)
{
	(void)kind;
	snprintf(c->why_not_perf, sizeof c->why_not_perf, "no perf events on this OS");
	return false;
}
#endif

/* The TSC is read only here, against the clock, to learn its rate. */
static bool tsc_open(struct cycles *c)
{
#if HAVE_TSC
	uint64_t t0 = cycles_clock_ns(), c0 = __rdtsc(), t1;

	while ((t1 = cycles_clock_ns()) - t0 < TSC_CALIBRATION_NS)
		;
	uint64_t c1 = __rdtsc();
	c->tsc_mhz = (double)(c1 - c0) * 1000.0 / (double)(t1 - t0);
	c->kind = CYCLES_TSC;
	return true;
#else
	c->kind = CYCLES_NONE;
	return false;
#endif
}

bool cycles_open(struct cycles *c, char *err, size_t errsize)
{
	const char *want = getenv("SIMDSUM_CYCLES");

	memset(c, 0, sizeof *c);
	c->fd = -1;
	c->kind = CYCLES_NONE;
	if (!want || !*want || strcmp(want, "auto") == 0) {
		if (!perf_try(c, CYCLES_PERF))
			tsc_open(c);
		return true;
	}
	if (strcmp(want, "perf") == 0 || strcmp(want, "perf-sw") == 0) {
		enum cycles_kind kind = want[4] ? CYCLES_PERF_SW : CYCLES_PERF;
		if (perf_try(c, kind))
			return true;
		snprintf(err, errsize, "SIMDSUM_CYCLES=%s: %s", want, c->why_not_perf);
		return false;
	}
	if (strcmp(want, "tsc") == 0) {
		snprintf(c->why_not_perf, sizeof c->why_not_perf, "forced by SIMDSUM_CYCLES=tsc");
		if (tsc_open(c))
			return true;
		snprintf(err, errsize, "SIMDSUM_CYCLES=tsc: this CPU has no TSC");
		return false;
	}
	snprintf(err, errsize, "invalid SIMDSUM_CYCLES %s; valid: auto, perf, tsc, perf-sw",
		 quote_arg(want));
	return false;
}

void cycles_close(struct cycles *c)
{
	if (c->fd >= 0)
		close(c->fd);
	c->fd = -1;
}

void cycles_read(const struct cycles *c, struct cycles_stamp *out)
{
	memset(out, 0, sizeof *out);
	switch (c->kind) {
	case CYCLES_PERF:
	case CYCLES_PERF_SW: {
		uint64_t v[3];
		if (read(c->fd, v, sizeof v) == (ssize_t)sizeof v) {
			out->count = v[0];
			out->enabled = v[1];
			out->running = v[2];
		}
		break;
	}
	case CYCLES_TSC:
		/* Not the TSC itself, which ticks on while other processes
		 * run: this thread's CPU time, converted at the TSC's rate
		 * in cycles_between. On an idle machine they agree. */
		out->count = cycles_cpu_ns();
		break;
	case CYCLES_NONE:
		break;
	}
}

double cycles_between(const struct cycles *c, const struct cycles_stamp *a,
		      const struct cycles_stamp *b)
{
	double n = (double)(b->count - a->count);

	if (c->kind == CYCLES_TSC)
		return n * c->tsc_mhz / 1000.0;
	if (c->kind == CYCLES_PERF || c->kind == CYCLES_PERF_SW) {
		/* Sharing the PMU with other events, the kernel counts only
		 * part of the time; scale by enabled/running as perf does. */
		uint64_t enabled = b->enabled - a->enabled, running = b->running - a->running;
		if (running && running < enabled)
			n *= (double)enabled / (double)running;
	}
	return n;
}

const char *cycles_source_name(const struct cycles *c)
{
	static const char *const names[] = {
		[CYCLES_PERF] = "perf",
		[CYCLES_PERF_SW] = "perf-sw",
		[CYCLES_TSC] = "tsc",
		[CYCLES_NONE] = "none",
	};
	return names[c->kind];
}

void cycles_describe(const struct cycles *c, char *buf, size_t size)
{
	switch (c->kind) {
	case CYCLES_PERF:
		snprintf(buf, size, "core cycles in user space (perf_event_open)");
		break;
	case CYCLES_PERF_SW:
		snprintf(buf, size, "task-clock nanoseconds, not cycles (perf_event_open; "
				    "SIMDSUM_CYCLES=perf-sw, for testing)");
		break;
	case CYCLES_TSC:
		snprintf(buf, size, "TSC at %.0f MHz (core cycles unavailable: %s)", c->tsc_mhz,
			 c->why_not_perf);
		break;
	case CYCLES_NONE:
		snprintf(buf, size, "not measured (core cycles unavailable: %s; no TSC)",
			 c->why_not_perf);
		break;
	}
}
