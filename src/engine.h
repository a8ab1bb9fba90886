/* SPDX-License-Identifier: MIT */
/* engine.h - hashing a stream of files: worker threads, multi-buffer lanes,
 * results handed back in submission order.
 * Layer: engine. */
#ifndef SIMDSUM_ENGINE_H
#define SIMDSUM_ENGINE_H

#include "job.h"
#include "lanes.h"

struct engine_config {
	unsigned jobs;        /* worker threads; 1: everything on the caller's thread */
	enum io_mode io;
	struct lane_policy lanes[FAMILY_COUNT];
	/* Called on the caller's thread, once per job, in submission order. */
	void (*emit)(struct job *job, void *ctx);
	void *ctx;
	/* The caller submits one job only ("simdsum FILE"): it skips the
	 * lanes, which could not fill, and takes the single-stream path,
	 * where a large file is read on a second thread (input.c). */
	bool one_job;
};

struct engine;

struct engine *engine_create(const struct engine_config *cfg);

/* The next job to fill in. May first emit finished jobs, and waits while
 * the window of unemitted jobs is full (memory stays bounded however slow
 * the oldest file is). The job is zeroed. */
struct job *engine_job(struct engine *e);

/* Queues the job returned by the last engine_job. */
void engine_submit(struct engine *e, struct job *job);

/* Hashes and emits everything submitted, then frees the engine. */
void engine_finish(struct engine *e);

/* Default for -j: the CPUs this process may run on, or 1 when one of the
 * files sampled must come off a rotational disk (parallel reads would make
 * it seek from file to file): it is on such a disk and its data is not in
 * the page cache (cached data costs no seek, and cloud VMs' virtual disks
 * say they rotate). The sample: the regular files among the first
 * ENGINE_SAMPLE_NAMES names, and for a directory among them (-r) the first few files of a
 * short walk inside; a directory on a rotational disk with no file to
 * sample gives 1. "-" and names that cannot be opened are not sampled.
 * With every_file set (the names are every file the run will hash, not
 * a sample of them, nor lists), one regular file too small to be split
 * gets 1 without a sample: one worker is all it can use.
 * SIMDSUM_TEST_ROTATIONAL=1 (=0) puts every file on a rotational disk
 * (none), SIMDSUM_TEST_UNCACHED=1 makes every file uncached: for tests. */
#define ENGINE_SAMPLE_NAMES 8
unsigned engine_default_jobs(char *const *names, int count, bool every_file);

/* Why the last engine_default_jobs chose what it did, for --debug: "one
 * CPU", "one file, too small to split", "the CPUs available", "on a
 * rotational disk but cached", "files on a rotational disk, not cached" or
 * "a directory on a rotational disk, no file to sample". A static string; NULL before the first call (-j given). */
const char *engine_jobs_reason(void);

#endif
