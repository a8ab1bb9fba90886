/* SPDX-License-Identifier: MIT */
/* engine.h - hashing a stream of files: worker threads, multi-buffer lanes,
 * results handed back in submission order.
 * Layer: engine. */
#ifndef SIMDSUM_ENGINE_H
#define SIMDSUM_ENGINE_H

#include "job.h"
#include "lanes.h"
#include "options.h"

enum job_sets {
	JOBS_ONE_FAMILY,  /* each job one family, not all the same one
	                   * (--check's lines): a group a family */
	JOBS_SAME_SET,    /* every job the same algorithms (hash mode's
	                   * -a): one group */
	JOBS_ANY_SET,     /* jobs of one family or several, as each needs
	                   * (--update, --audit): a group a family, and the
	                   * one for the first set of several met */
};

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
	/* Which algorithms the jobs compute: a worker's lane groups are
	 * one a set of families (lanes.c), and how many may hold files at
	 * once decides each one's share of the descriptors. */
	enum job_sets sets;
};

/* The configuration every mode gives the engine, decided here from the
 * options: -j and --io; the lanes of each family in choices[0..nlanes)
 * (the choices a file may be hashed with; select.c made their
 * plans, one per family); one_job when the operands are files to hash
 * (not --check's lists), at most one, without -r or --files-from; sets,
 * what the jobs compute. */
void engine_config_init(struct engine_config *cfg, const struct options *opt, int nfiles,
			const struct algo_choice *choices, unsigned nlanes, enum job_sets sets,
			void (*emit)(struct job *job, void *ctx), void *ctx);

/* The lane groups a worker may hold files in at once, under cfg: what
 * the descriptors left for lanes are shared by. */
unsigned engine_lane_groups(const struct engine_config *cfg);

struct engine;

struct engine *engine_create(const struct engine_config *cfg);

/* The next job to fill in. May first emit finished jobs, and waits while
 * the window of unemitted jobs is full (memory stays bounded however slow
 * the oldest file is). The job is zeroed. */
struct job *engine_job(struct engine *e);

/* Queues the job returned by the last engine_job. */
void engine_submit(struct engine *e, struct job *job);

/* Waits until every job submitted so far is hashed and emitted; the
 * engine then takes more. */
void engine_drain(struct engine *e);

/* Hashes and emits everything submitted, then frees the engine. */
void engine_finish(struct engine *e);

#endif
