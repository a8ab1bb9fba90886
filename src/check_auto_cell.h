/* SPDX-License-Identifier: MIT */
/* check_auto_cell.h - what the parts of --check-auto share: the run's
 * sizes, a cell (auto and the forced choices it races), the temporary
 * files and the spawned runs of simdsum. Layer: mode (internal). */
#ifndef SIMDSUM_CHECK_AUTO_CELL_H
#define SIMDSUM_CHECK_AUTO_CELL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "impl.h"

/* Auto is slow in a cell when it takes more than this many times the
 * best forced choice's time. 3%: in process, the least of five runs of
 * two identical choices came within 2% of each other on the 2-vCPU VM
 * this was written on (load average 2); spawned runs spread more. */
#define CA_SLOW_RATIO 1.03

/* A cell that looks slow is timed again in CA_RETRIES batches of paired
 * rounds (auto and the best forced choice), each batch reps to max_reps
 * rounds, and judged on them (ca_judge_pairs); where the pairs leave it
 * open, CA_RETRIES batches more, and the judgement is made again on all
 * of them. */
#define CA_RETRIES 3
#define CA_MAX_PAIRS 192

/* The chance at each of those two judgements that pairs of two equally
 * fast choices show auto slower in as many of them as a SLOW cell
 * needs: one in 40, so one in 20 over both. */
#define CA_SIGN_ALPHA 0.025

#define CA_MAX_COLS 12
#define CA_NAME_SIZE 24
#define CA_MAX_LENGTHS 8
#define CA_MAX_COUNTS 8
#define CA_MAX_SIZES 2

/* The sizes of one run: the full check, or the quick one the tests run
 * (SIMDSUM_CHECK_AUTO_QUICK=1). Lists end at the first 0. */
struct ca_params {
	bool quick;
	unsigned reps;                        /* interleaved runs per column */
	unsigned max_reps;                    /* ... where they are short, */
	unsigned cell_budget_ms;              /* up to this much per cell */
	unsigned kernel_run_ms;               /* CPU time per kernel run */
	size_t sha_lengths[CA_MAX_LENGTHS];   /* message lengths, SHA families */
	size_t crc_lengths[CA_MAX_LENGTHS];   /* and CRC-32C */
	unsigned lane_counts[CA_MAX_COUNTS];  /* files per lanes cell */
	uint64_t lane_sizes[CA_MAX_SIZES];    /* bytes per file */
	uint64_t io_size;                     /* the large file, at most */
	unsigned tree_files;                  /* the threads section's tree */
	unsigned tree_max_size;               /* its largest file */
};

/* The whole run: its sizes, the tally, and what a section leaves for a
 * later one. */
struct ca_run {
	const struct ca_params *p;
	unsigned cells, slow;
	unsigned noise;       /* cells whose median ratio was above 1.03 and
	                       * whose pairs did not show it beyond chance */
	unsigned same_plan;   /* cells the pairs found slower (SLOW or noise)
	                       * whose fastest forced choice runs auto's own
	                       * plan */
	/* The kernels section's fastest forced row of each family at its
	 * longest length: the single-stream choice the lanes race. */
	const struct impl *stream_best[FAMILY_COUNT];
};

/* One cell: column 0 is auto, the others the forced choices. */
struct ca_cell {
	char what[40];                        /* "sha256 1 KiB" */
	char auto_as[CA_NAME_SIZE];           /* what auto ran, when known */
	unsigned ncols;
	char name[CA_MAX_COLS][CA_NAME_SIZE];
	/* The forced choices that run what auto runs in this cell (the same
	 * rows, lanes and tiers): a difference in time between them and auto
	 * is noise or the cost of deciding, never a wrong choice. */
	bool same_plan[CA_MAX_COLS];
	double ns[CA_MAX_COLS];               /* the least time of a run so far */
	unsigned npairs;                      /* paired rounds, when it looked slow */
	double pair_auto[CA_MAX_PAIRS], pair_best[CA_MAX_PAIRS];
};

/* What paired rounds say of a cell, taken two rounds at a time: one
 * with auto first, one with auto second (ca_judge_pairs). */
enum ca_verdict {
	CA_FAST,    /* the median ratio is 1.03 or less */
	CA_SLOW,    /* above 1.03, and auto slower in more rounds of four than
	             * chance gives */
	CA_NOISE,   /* above 1.03, but auto slower in no more rounds of four
	             * than chance gives two choices of equal speed
	             * (CA_SIGN_ALPHA) */
	CA_SAME_PLAN, /* SLOW or NOISE by the pairs, but the fastest forced
	               * choice runs auto's own plan: auto chose the fastest */
};

struct ca_pairs_judged {
	enum ca_verdict verdict;
	double ratio;         /* the median over the rounds of four of auto's
	                       * two times over the other's two */
	unsigned rounds;      /* rounds of four */
	unsigned slower;      /* of them, those in which auto took longer */
};

/* Times one run of column col of a cell into *ns; false after reporting
 * an error. */
typedef bool (*ca_time_fn)(void *ctx, unsigned col, double *ns);

/* check_auto_cell.c */

/* Empties cell and names it; columns are added with ca_cell_add (auto
 * first). */
void ca_cell_start(struct ca_cell *cell, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void ca_cell_add(struct ca_cell *cell, const char *name);

/* Measures every column of the cell in interleaved rounds (reps, or up
 * to max_reps where they fit the budget) and compares least times; where
 * auto looks slow, judges it on paired rounds instead (CA_RETRIES); then
 * prints its line and counts it. false when a run failed or the check
 * was interrupted. */
bool ca_cell_measure(struct ca_run *run, struct ca_cell *cell, ca_time_fn time, void *ctx);

/* Judges n paired rounds, auto's times and the other's, round i
 * with auto first when i is even: rounds 2k and 2k + 1 make a round of
 * four (auto, other, other, auto), whose ratio is the sum of auto's two
 * times over the other's two (a last odd round is left out). A sign
 * test, the number of rounds of four that auto lost against the
 * binomial tail of a fair coin, beside their median ratio. */
struct ca_pairs_judged ca_judge_pairs(const double *auto_ns, const double *other_ns, unsigned n);

/* The forced column of least time. */
unsigned ca_cell_best(const struct ca_cell *cell);

/* A section's heading, how it measures (the rounds added), and the
 * column titles under it. */
void ca_section(const struct ca_run *run, const char *title, const char *how);

/* "1 KiB", "16 MiB", "64 B". */
void ca_format_size(uint64_t bytes, char *buf, size_t size);

/* Progress on stderr ("check-auto: lanes sha256 8 x 1 MiB"), overwritten
 * in place when stderr is a terminal. ca_progress_done ends the line. */
void ca_progress(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void ca_progress_done(void);

/* check_auto_kernels.c: section 1, in process. */
bool ca_kernels(struct ca_run *run);

/* check_auto_lanes.c: section 2. check_auto_io.c: sections 3 and 4.
 * Each makes its files under root and removes them. */
bool ca_lanes(struct ca_run *run, const char *root);
bool ca_io(struct ca_run *run, const char *root);
bool ca_threads(struct ca_run *run, const char *root);

/* check_auto_io.c: the -j columns for cpus CPUs, at most max of them:
 * -j1 ... -jN where they fit, else the powers of two and N. */
unsigned ca_job_counts(unsigned cpus, unsigned *jobs, unsigned max);

/* check_auto_lanes.c: whether two choices hash count files alike at -j1:
 * as many at once, the same multi-buffer row for each number of them,
 * and the same tiers for a file alone (a multi-buffer row forced leaves a
 * file alone to auto's tiers, so with one file it runs auto's plan). */
struct algo_choice;
bool ca_same_lanes_plan(const struct algo_choice *x, const struct algo_choice *y, unsigned count);

/* check_auto_spawn.c: runs of this simdsum binary (/proc/self/exe),
 * stdin and stdout on /dev/null, SIMDSUM_IMPL removed from their
 * environment so that auto is auto. */
#define CA_MAX_ARGS 8
struct ca_command {
	const char *args[CA_MAX_ARGS];        /* after the program name */
	unsigned nargs;
	const char *col_arg[CA_MAX_COLS];     /* the column's option, NULL for auto */
	char **operands;
	unsigned noperands;
};

/* A ca_time_fn for a struct ca_command: the wall-clock time of one run,
 * from before the spawn to after the wait; a run that fails (non-zero
 * exit, a signal) is reported with its command line. */
bool ca_spawn_time(void *command, unsigned col, double *ns);

/* check_auto_files.c: the temporary files. */

/* Makes the run's directory (mkdtemp under $TMPDIR, else /tmp) into
 * root, and arranges for it to be removed however the run ends: at exit,
 * and after SIGINT, SIGTERM or SIGHUP (noted, see ca_interrupted). */
bool ca_tmp_open(char *root, size_t size);

/* Removes the directory and everything under it; then re-raises a signal
 * that interrupted the run. */
void ca_tmp_close(const char *root);

/* A path made from a format, allocated; ca_paths_free frees n of them
 * and the array. */
char *ca_path(const char *fmt, ...) __attribute__((format(printf, 1, 2), malloc));
void ca_paths_free(char **paths, unsigned n);

/* Makes directory path; false after reporting. */
bool ca_tmp_mkdir(const char *path);

/* Removes path and everything under it (a section's files). */
void ca_tmp_remove(const char *path);

/* Writes a file of size bytes of varied content (seed picks which);
 * false after reporting. */
bool ca_tmp_file(const char *path, uint64_t size, uint64_t seed);

/* Writes back the file system's dirty data (so that the write-back of
 * the files just made does not run during the timings), then reads each
 * of the paths once, so that they are cached. */
bool ca_tmp_cache(char *const *paths, unsigned npaths);

/* Bytes of memory available and free in the file system of path: how
 * large the cached files may grow. */
uint64_t ca_tmp_room(const char *path);

/* Whether a signal asked the run to stop. */
bool ca_interrupted(void);

#endif
