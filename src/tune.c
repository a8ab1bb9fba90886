/* SPDX-License-Identifier: MIT */
/* tune.c - simdsum --tune[=save]: the measurements of tune_rows.c and
 * tune_io.c made into a profile (src/profile.h's format), with comment
 * lines people can read, printed and, with save, written where
 * profile_get() looks (tune_save.c).
 *
 * SIMDSUM_TUNE_QUICK=1 (for tests) measures in tiny batches, one round,
 * on a 4 MiB file: well under a second, figures too rough to use, but
 * every code path of the real run. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cpu.h"
#include "cycles.h"
#include "diag.h"
#include "tune.h"
#include "xalloc.h"

/* Rows: 0.5 ms batches of about 270 cells (34 rows on the 2-vCPU Zen 3
 * VM, the CRC and library rows at 16 lengths each), up to 50 rounds:
 * under 7 s of CPU time, the rounds cut short after 7 s of wall-clock
 * time on a loaded machine. Many short rounds rather than a few long
 * ones, for the best batch of each cell to come from a quiet moment
 * (with a neighbour busy on the other vCPU, 25 rounds gave per-byte
 * costs up to 1.4x too high); the batches were 1 ms when the CRC rows
 * had 6 lengths, halved when they got 16 so that a round takes as long
 * as it did. Then under a second for 8 passes over 256 MiB: 4-8 s in
 * all, under 10 s when the rounds run to their limit, within the 15 s
 * --tune promises. */
static const struct tune_budget normal_budget = {
	.batch_ns = 5e5,
	.min_rounds = 3,
	.max_rounds = 50,
	.rows_wall_ns = 7e9,
	.io_bytes = (uint64_t)256 << 20,
};

static const struct tune_budget quick_budget = {
	.batch_ns = 2e4,
	.min_rounds = 1,
	.max_rounds = 1,
	.rows_wall_ns = 1e9,
	.io_bytes = (uint64_t)4 << 20,
};

static const struct tune_budget *budget(void)
{
	const char *quick = getenv("SIMDSUM_TUNE_QUICK");

	return quick && strcmp(quick, "1") == 0 ? &quick_budget : &normal_budget;
}

/* The profile's parser takes only lines of printable ASCII, comments
 * too: anything else in text that goes into one becomes '?'. */
static void printable_only(char *text)
{
	for (char *s = text; *s; s++)
		if (*s < 0x20 || *s > 0x7e)
			*s = '?';
}

/* "tuned on <brand>": printable ASCII, within the name's 63 characters. */
static void profile_name(char *buf, size_t size)
{
	snprintf(buf, size, "tuned on %s", cpu_brand());
	printable_only(buf);
	size_t n = strlen(buf);
	while (n && buf[n - 1] == ' ')
		buf[--n] = '\0';
}

static void build_profile(const struct tune_row *rows, unsigned nrows, struct cpu_profile *p)
{
	memset(p, 0, sizeof *p);
	profile_name(p->name, sizeof p->name);
	snprintf(p->origin, sizeof p->origin, "--tune");
	p->io = IO_PREF_MEASURE;
	for (unsigned i = 0; i < nrows && i < PROFILE_MAX_ROWS; i++)
		p->rows[p->nrows++] = rows[i].cost;
}

/* The name, not cpu_brand(): the parser takes only printable lines. */
static void write_comments(FILE *f, const struct cpu_profile *p, const struct tune_row *rows,
			   unsigned nrows, const struct tune_io *io, const struct cpu_signature *sig,
			   double secs)
{
	fprintf(f, "# %s (%s family 0x%x model 0x%x), %.1f s\n", p->name, sig->vendor,
		sig->family, sig->model, secs);
	fprintf(f, "# GB/s of each row in calls of %d KiB (multi-buffer rows: all lanes\n"
		   "# together, %d KiB a lane), from the costs below:\n",
		TUNE_REPORT_LEN / 1024, TUNE_REPORT_LEN / 1024);
	for (unsigned i = 0; i < nrows; i++) {
		const struct impl *k = rows[i].cost.impl;
		char lanes[24] = "";
		if (impl_is_multibuffer(k))
			snprintf(lanes, sizeof lanes, " (%u lanes)", k->lanes);
		fprintf(f, "#   %-9s  %-10s %7.2f%s\n", family_desc(k->family)->name, k->name,
			rows[i].gb_per_s, lanes);
	}
	if (io->measured)
		fprintf(f, "# cached file, CRC-32C, best of 3: read() %.2f GB/s, mmap %.2f GB/s\n",
			io->read_gb_per_s, io->mmap_gb_per_s);
	else {
		/* (why may name TMPDIR, in any bytes) */
		char why[181];
		snprintf(why, sizeof why, "%s", io->why);
		printable_only(why);
		fprintf(f, "# read() against mmap not measured: %s\n", why);
	}
}

/* The whole text: comments, then the profile. */
static char *format(const struct cpu_profile *p, const struct tune_row *rows, unsigned nrows,
		    const struct tune_io *io, double secs, size_t *len)
{
	struct cpu_signature sig;
	char *text = NULL;

	cpu_signature_get(&sig);
	FILE *f = xopen_memstream(&text, len);
	write_comments(f, p, rows, nrows, io, &sig, secs);
	profile_write(p, &sig, f);
	xclose_memstream(f, &text);
	return text;
}

/* What is printed must be what profile_get() will take on this CPU. */
static bool parses_back(const char *text, size_t len)
{
	struct cpu_profile *back = xmalloc(sizeof *back);
	struct cpu_signature sig;
	char err[200];
	bool ok = profile_parse(text, len, back, err, sizeof err);

	cpu_signature_get(&sig);
	if (!ok)
		diag_error(0, "--tune: internal error: the profile measured does not parse: %s", err);
	else if (!(ok = profile_matches(back, &sig)))
		diag_error(0, "--tune: internal error: the profile measured does not name this CPU");
	free(back);
	return ok;
}

/* Where --tune=save writes (path[PATH_MAX]); false, reported, when
 * nowhere. */
static bool save_path(char *path)
{
	int where = profile_path(path, PATH_MAX);
	if (where == ENAMETOOLONG) {
		diag_error(0, "cannot save profile: %s", strerror(where));
		return false;
	}
	if (where != 0 || !path[0]) {
		diag_error(0, "cannot save profile: no place for it (HOME is not set, or "
			      "SIMDSUM_PROFILE is empty)");
		return false;
	}
	return tune_save_possible(path);
}

bool tune_run(bool do_save)
{
	const struct tune_budget *b = budget();
	struct tune_row rows[PROFILE_MAX_ROWS];
	struct tune_io io;
	struct cpu_profile p;
	char path[PATH_MAX];
	size_t len;

	/* A save that cannot happen fails before the seconds of measuring. */
	if (do_save && !save_path(path))
		return false;
	uint64_t start = cycles_clock_ns();
	unsigned nrows = tune_rows(b, rows, PROFILE_MAX_ROWS);
	build_profile(rows, nrows, &p);
	tune_io(b, &p, &io);
	p.io = io.pref;
	if (!io.measured)
		diag_error(0, "--tune: read() against mmap not measured (%s); the profile says "
			      "io measure",
			   io.why);
	char *text = format(&p, rows, nrows, &io, (double)(cycles_clock_ns() - start) / 1e9, &len);
	if (!parses_back(text, len)) {
		free(text);
		return false;
	}
	fwrite(text, 1, len, stdout);
	bool ok = !do_save || tune_save(path, text, len);
	free(text);
	return ok;
}
