/* SPDX-License-Identifier: MIT */
/* io_choice.c - the process-wide choice between read() and mmap() for
 * large cached files, and the rule that makes it from a measurement.
 *
 * Which one is faster depends on the machine more than on the CPU: with
 * the same cached GiB, mmap() was 1.5 to 2.6 times faster than read() on
 * one VM (AMD Zen 4) and 5 times slower on another (Zen 5, another
 * hypervisor), where every page fault is a trip to the hypervisor. So a
 * profile saved on the machine (--tune=save) says which; the built-in
 * profiles cannot know, and the run measures. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "io_choice.h"
#include "profile.h"


enum state {
	UNLOADED,        /* the profile not yet read */
	MEASURE,
	READ_PROFILE,
	MMAP_PROFILE,
	READ_MEASURED,
	MMAP_MEASURED,
};

static int state = UNLOADED;

static enum state from_profile(void)
{
	switch (profile_get()->io) {
	case IO_PREF_READ:
		return READ_PROFILE;
	case IO_PREF_MMAP:
		return MMAP_PROFILE;
	case IO_PREF_MEASURE:
		break;
	}
	return MEASURE;
}

static enum state current(void)
{
	int s = __atomic_load_n(&state, __ATOMIC_ACQUIRE);

	if (s != UNLOADED)
		return (enum state)s;
	int want = from_profile(), expected = UNLOADED;
	if (__atomic_compare_exchange_n(&state, &expected, want, false, __ATOMIC_ACQ_REL,
					__ATOMIC_ACQUIRE))
		return (enum state)want;
	return (enum state)expected;
}

static enum io_method method_of(enum state s)
{
	switch (s) {
	case READ_PROFILE:
	case READ_MEASURED:
		return IO_METHOD_READ;
	case MMAP_PROFILE:
	case MMAP_MEASURED:
		return IO_METHOD_MMAP;
	case UNLOADED:
	case MEASURE:
		break;
	}
	return IO_METHOD_OPEN;
}

enum io_method io_choice_get(void)
{
	return method_of(current());
}

void io_measure_add(struct io_measure *m, enum io_method method, uint64_t bytes, uint64_t ns)
{
	bool mapped = method == IO_METHOD_MMAP;
	uint64_t *total = mapped ? &m->mmap_ns : &m->read_ns;
	uint64_t *best = mapped ? &m->mmap_best_ns : &m->read_best_ns;

	*(mapped ? &m->mmap_bytes : &m->read_bytes) += bytes;
	*total += ns;
	if (*best == 0 || ns < *best)
		*best = ns ? ns : 1;
}

/* SIMDSUM_TEST_IO_WINNER, or IO_METHOD_OPEN when unset. */
static enum io_method forced_winner(void)
{
	const char *w = getenv("SIMDSUM_TEST_IO_WINNER");

	if (w && strcmp(w, "mmap") == 0)
		return IO_METHOD_MMAP;
	if (w && strcmp(w, "read") == 0)
		return IO_METHOD_READ;
	return IO_METHOD_OPEN;
}

/* The slices are all the same size, so their times compare directly. */
static enum io_method faster(const struct io_measure *m)
{
	enum io_method forced = forced_winner();

	if (forced != IO_METHOD_OPEN)
		return forced;
	if (m->mmap_best_ns && m->read_best_ns &&
	    (double)m->mmap_best_ns * IO_CHOICE_MMAP_MARGIN <= (double)m->read_best_ns)
		return IO_METHOD_MMAP;
	return IO_METHOD_READ;
}

enum io_method io_choice_settle(const struct io_measure *m, bool *decided)
{
	enum io_method won = faster(m);
	int expected = MEASURE;

	current();   /* the profile read, so MEASURE is in place to replace */
	*decided = __atomic_compare_exchange_n(&state, &expected,
					       won == IO_METHOD_MMAP ? MMAP_MEASURED : READ_MEASURED,
					       false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);
	return *decided ? won : method_of((enum state)expected);
}

static const char *method_name(enum io_method method)
{
	return method == IO_METHOD_MMAP ? "mmap" : "read()";
}

void io_choice_format(const struct io_measure *m, enum io_method won, char *buf, size_t size)
{
	snprintf(buf, size,
		 "io: read() %llu MiB in %.2f ms, mmap %llu MiB in %.2f ms"
		 " (fastest %u MiB: %.2f and %.2f ms): %s from now on%s",
		 (unsigned long long)(m->read_bytes >> 20), (double)m->read_ns / 1e6,
		 (unsigned long long)(m->mmap_bytes >> 20), (double)m->mmap_ns / 1e6,
		 IO_CHOICE_SLICE >> 20, (double)m->read_best_ns / 1e6, (double)m->mmap_best_ns / 1e6,
		 method_name(won), forced_winner() != IO_METHOD_OPEN ? " (SIMDSUM_TEST_IO_WINNER)" : "");
}

_Static_assert(IO_CHOICE_MIN_SIZE == 64u << 20, "io_choice_describe says 64 MiB");

const char *io_choice_describe(void)
{
	switch (current()) {
	case READ_PROFILE:
		return "read() (profile)";
	case MMAP_PROFILE:
		return "mmap (profile)";
	case READ_MEASURED:
		return "read() (measured)";
	case MMAP_MEASURED:
		return "mmap (measured)";
	case UNLOADED:
	case MEASURE:
		break;
	}
	return "measure on the first large cached file (64 MiB or more)";
}

uint64_t io_choice_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}
