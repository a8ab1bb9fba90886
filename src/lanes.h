/* SPDX-License-Identifier: MIT */
/* lanes.h - hashing several files at once through multi-buffer kernels.
 * Layer: engine. */
#ifndef SIMDSUM_LANES_H
#define SIMDSUM_LANES_H

#include <stdbool.h>
#include <stdint.h>

#include "cost_model.h"
#include "job.h"

#define LANES_MAX 16

struct lane_group;

/* How a family's files are spread over multi-buffer kernels. */
struct lane_policy {
	enum family family;
	bool enabled;                /* false: every file goes single-stream */
	struct lane_plan plan;       /* the kernel for b files ready */
};

/* The policy of an algorithm choice (its lane plan, made by select.c) for
 * files read by io: --io=mmap hashes each file from its mapping, one at a
 * time, so it has no lanes. */
void lanes_policy_for(const struct algo_choice *choice, enum io_mode io, struct lane_policy *out);

/* The families a job computes, one bit each: a group takes the jobs of
 * one such set. */
uint32_t lanes_families(const struct job *job);

/* A worker's lanes for the jobs of one set of families, with their
 * policies (policies[f] for each family f in the set; those without
 * lanes read the lanes' bytes single-stream). done() is called for each
 * job the group finishes (result filled). */
struct lane_group *lanes_create(const struct lane_policy policies[FAMILY_COUNT],
				uint32_t families, enum io_mode io,
				void (*done)(struct job *job, void *ctx), void *ctx);
void lanes_destroy(struct lane_group *g);

/* How many more files the group wants now (0 when lanes are disabled). */
unsigned lanes_free(const struct lane_group *g);
unsigned lanes_busy(const struct lane_group *g);

/* Whether job can go into a lane: its families are the group's. */
bool lanes_accepts(const struct lane_group *g, const struct job *job);

enum lanes_took {
	LANES_TAKEN,      /* in a lane, or finished (failed to open, or read
	                   * at once: a regular file of unknown size, /proc,
	                   * standard input redirected from a file) */
	LANES_DECLINED,   /* untouched: the lanes' buffers could not be had;
	                   * the group has given up its lanes (lanes_accepts
	                   * is false from now on) */
	LANES_FULL,       /* untouched: every lane is busy; the caller hashes
	                   * it on its own, as any file the lanes do not take
	                   * (a FIFO, stdout's own file: engine.c) */
	LANES_STREAM,     /* a pipe, FIFO, device or socket, opened into
	                   * *stream and left to the caller: it may not end
	                   * soon, and the files in the worker's lanes should
	                   * finish and be printed first; so is standard
	                   * output's own file, read once the lines before
	                   * it are written (engine.c) */
};

/* Starts hashing job in a free lane, or says why not. */
enum lanes_took lanes_add(struct lane_group *g, struct job *job, struct file_reader *stream);

/* One round: refill the lanes' buffers, finish the files that ended,
 * and advance the others through the best kernel for how many are busy. */
void lanes_step(struct lane_group *g);

#endif
