/* SPDX-License-Identifier: MIT */
/* check_auto.c - simdsum --benchmark --check-auto: races each automatic
 * choice against every forced one on this machine, section by section,
 * and says where auto is not the fastest. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_auto.h"
#include "check_auto_cell.h"
#include "cpu.h"
#include "diag.h"
#include "jobs_default.h"
#include "quote.h"
#include "version.h"

/* Five runs per column at least, the least kept: it is the run the
 * machine disturbed least. Where runs are short (a few files of 1 MiB
 * take milliseconds) up to 25, as many as a quarter of a second holds.
 * Kernel runs of 20 ms, the benchmark's, are long against a timer tick.
 * The sizes: tcrypt's lengths (and 16 B and 4 KiB for CRC-32C), file
 * counts on both sides of each lane width (2, 3, 8, 16), files of 16 and
 * of 256 lane buffers (64 KiB each), a file far larger than the read
 * buffer, and a tree shaped like a source tree. On the 2-vCPU VM the
 * whole check took 2.2 minutes at a load average of 0.3 to 1.1 (3.2 at
 * 1.3 to 2.9), most of it in the lanes section. */
#define FULL_MAX_REPS 25
_Static_assert(2 * CA_RETRIES * FULL_MAX_REPS <= CA_MAX_PAIRS,
	       "a cell's two looks of paired batches all fit (measure_pairs stops at the end)");
static const struct ca_params full_params = {
	.reps = 5,
	.max_reps = FULL_MAX_REPS,
	.cell_budget_ms = 250,
	.kernel_run_ms = 20,
	.sha_lengths = { 64, 256, 1024, 8192, 65536, 1 << 20 },
	.crc_lengths = { 16, 64, 256, 1024, 4096, 8192, 65536, 1 << 20 },
	.lane_counts = { 1, 2, 3, 4, 8, 12, 16, 32 },
	.lane_sizes = { 1 << 20, 16 << 20 },
	.io_size = 1ull << 30,
	.tree_files = 20000,
	.tree_max_size = 64 << 10,
};

/* SIMDSUM_CHECK_AUTO_QUICK=1: every path of the full check in a few
 * seconds, for the tests; its figures mean nothing. */
static const struct ca_params quick_params = {
	.quick = true,
	.reps = 1,
	.max_reps = 1,
	.kernel_run_ms = 1,
	.sha_lengths = { 64, 1024 },
	.crc_lengths = { 16, 4096 },
	.lane_counts = { 1, 2, 3, 8 },
	.lane_sizes = { 4 << 10, 64 << 10 },
	.io_size = 4 << 20,
	.tree_files = 300,
	.tree_max_size = 4 << 10,
};

static const struct ca_params *choose_params(void)
{
	const char *quick = getenv("SIMDSUM_CHECK_AUTO_QUICK");

	if (!quick || !*quick || strcmp(quick, "0") == 0)
		return &full_params;
	if (strcmp(quick, "1") != 0)
		diag_usage_error("invalid SIMDSUM_CHECK_AUTO_QUICK %s; valid: 0, 1", quote_arg(quick));
	return &quick_params;
}

/* The 1-minute load average against the CPUs: on a busy machine, other
 * processes' share of the CPUs makes SLOW cells of noise. */
static void print_load(const char *when)
{
	double load;
	unsigned cpus = jobs_cpus();

	if (getloadavg(&load, 1) != 1)
		return;
	printf("load average %s: %.2f on %u CPUs%s\n", when, load, cpus,
	       load > 0.5 * cpus ? " (busy: SLOW cells may be noise)" : "");
}

static void print_header(const struct ca_params *p)
{
	struct cpu_signature sig;

	cpu_signature_get(&sig);
	printf("simdsum %s --check-auto: auto against every forced choice, cell by cell\n",
	       SIMDSUM_VERSION);
	printf("CPU: %s\n", cpu_brand());
	printf("CPUID signature: %s family 0x%02x model 0x%02x\n", sig.vendor,
	       sig.family, sig.model);
	print_load("at the start");
	if (p->quick)
		puts("quick run (SIMDSUM_CHECK_AUTO_QUICK=1): tiny sizes, one run each; the "
		     "figures mean nothing");
	printf("A cell is SLOW when auto takes more than %.2f times the best forced choice's "
	       "time;\na cell that looks slow by the least times is timed again, auto and that "
	       "choice in pairs\nof runs, two pairs at a time in both orders (rounds of four), "
	       "and judged on their\nmedian ratio and on how many auto lost: SLOW when more than "
	       "a coin would lose,\nelse noise; where that choice runs auto's own plan, neither "
	       "but same plan, not\ncounted as slow.\n",
	       CA_SLOW_RATIO);
	fflush(stdout);
}

/* The sections that spawn simdsum on files, in one temporary directory. */
static bool spawned_sections(struct ca_run *run)
{
	char root[PATH_MAX];

	if (!ca_tmp_open(root, sizeof root))
		return false;
	bool ok = ca_lanes(run, root) && ca_io(run, root) && ca_threads(run, root);
	ca_progress_done();
	ca_tmp_close(root);
	return ok;
}

bool check_auto_run(const struct options *opt)
{
	if (opt->impl_name && strcmp(opt->impl_name, "auto") != 0)
		diag_usage_error("--check-auto races auto against every implementation; it takes no "
				 "--impl (nor SIMDSUM_IMPL)");
	struct ca_run run = { .p = choose_params() };

	print_header(run.p);
	bool ok = ca_kernels(&run) && spawned_sections(&run);
	ca_progress_done();
	if (!ok) {
		diag_error(0, "check-auto: stopped after %u cells", run.cells);
		return false;
	}
	printf("\n");
	print_load("at the end");
	if (run.noise)
		printf("check-auto: %u cells slower by the median ratio but not in more pairs than "
		       "chance gives (noise)\n",
		       run.noise);
	if (run.same_plan)
		printf("check-auto: %u cells slower by the median ratio than a forced choice that "
		       "runs auto's own plan (same plan)\n",
		       run.same_plan);
	printf("check-auto: %u cells, %u where auto is more than 3%% slower than the best forced "
	       "choice\n",
	       run.cells, run.slow);
	return run.slow == 0;
}
