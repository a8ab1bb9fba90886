/* SPDX-License-Identifier: MIT */
/* jobs_default.h - the default for -j: how many workers a run gets when
 * the user does not say, from the CPUs and a sample of the files.
 * Layer: engine. */
#ifndef SIMDSUM_JOBS_DEFAULT_H
#define SIMDSUM_JOBS_DEFAULT_H

#include <stdbool.h>

#include "walk.h"   /* WALK_MAX_DESCRIPTORS */

/* The CPUs this process may run on (its affinity mask), at least 1. */
unsigned jobs_cpus(void);

/* The names sampled, at most: the engine's operands, --check's lists'. */
#define JOBS_SAMPLE_NAMES 8

/* Default for -j: the CPUs this process may run on, or 1 when one of the
 * files sampled must come off a rotational disk (parallel reads would make
 * it seek from file to file): it is on such a disk and its data is not in
 * the page cache (cached data costs no seek, and cloud VMs' virtual disks
 * say they rotate). The sample: the regular files among the first
 * JOBS_SAMPLE_NAMES names, and for a directory among them (-r) the first
 * few files of a short walk inside; a directory on a rotational disk with
 * no file to sample gives 1. "-" and names that cannot be opened are not
 * sampled. With every_file set (the names are every file the run will
 * hash, not a sample of them, nor lists), one regular file too small to be
 * split gets 1 without a sample: one worker is all it can use.
 * SIMDSUM_TEST_ROTATIONAL=1 (=0) puts every file on a rotational disk
 * (none), SIMDSUM_TEST_UNCACHED=1 makes every file uncached: for tests. */
unsigned jobs_default(char *const *names, int count, bool every_file);

/* Descriptors a run keeps open besides those of the files its workers
 * hash: the lists, the standard streams, the walk's directories. */
#define JOBS_DESCRIPTORS_KEPT (24 + WALK_MAX_DESCRIPTORS)

/* jobs, or fewer: each worker holds a descriptor open while it hashes a
 * file, and all must fit under RLIMIT_NOFILE with JOBS_DESCRIPTORS_KEPT
 * to spare (under "ulimit -n 4" two workers gave thousands of files "Too
 * many open files" that one at a time opens: a review). -j changes no
 * file's result. */
unsigned jobs_within_descriptors(unsigned jobs);

/* Why the last jobs_default chose what it did, for --debug: "one CPU",
 * "one file, too small to split", "the CPUs available", "on a rotational
 * disk but cached", "files on a rotational disk, not cached" or "a
 * directory on a rotational disk, no file to sample"; or why the last
 * jobs_within_descriptors took fewer. A static string; NULL before the
 * first call (-j given). */
const char *jobs_default_reason(void);

#endif
