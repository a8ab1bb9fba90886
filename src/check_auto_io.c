/* SPDX-License-Identifier: MIT */
/* check_auto_io.c - --check-auto's I/O and threads sections: one large
 * cached file, the default against --io=read and --io=mmap; a tree of
 * small cached files under -r, the default against each -jN. */
#include <stdio.h>
#include <stdlib.h>

#include "check_auto_cell.h"
#include "jobs_default.h"
#include "xalloc.h"

/* CRC-32C, which the disk's speed bounds, and SHA-256, which the CPU's
 * does: the choices may differ between them. */
static const char *const io_algo[] = { "crc32c", "sha256" };

/* The tree: FILES_PER_DIR files to a directory, DIRS_PER_TOP such
 * directories under each top one, as in a source tree. */
#define FILES_PER_DIR 100
#define DIRS_PER_TOP 10

/* --- I/O ---------------------------------------------------------------- */

/* The size of the large file: the parameter's, or less (whole MiB, at
 * least 1) where that would not fit in a quarter of the room. */
static uint64_t io_file_size(const struct ca_run *run, const char *dir)
{
	uint64_t size = run->p->io_size, room = ca_tmp_room(dir) / 4;

	if (size > room)
		size = room >> 20 << 20;
	return size ? size : 1u << 20;
}

static bool measure_io(struct ca_run *run, const char *algo, char *path, const char *size)
{
	struct ca_command cmd = {
		.args = { "-a", algo },
		.nargs = 2,
		.col_arg = { NULL, "--io=read", "--io=mmap" },
		.operands = &path,
		.noperands = 1,
	};
	struct ca_cell cell;

	ca_cell_start(&cell, "%s %s", algo, size);
	ca_cell_add(&cell, "auto");
	ca_cell_add(&cell, "--io=read");
	ca_cell_add(&cell, "--io=mmap");
	ca_progress("I/O %s", cell.what);
	return ca_cell_measure(run, &cell, ca_spawn_time, &cmd);
}

bool ca_io(struct ca_run *run, const char *root)
{
	char *dir = ca_path("%s/io", root), *path = ca_path("%s/io/large", root);
	char size[16], title[160];
	bool ok = ca_tmp_mkdir(dir);
	uint64_t bytes = ok ? io_file_size(run, dir) : 0;

	ca_format_size(bytes, size, sizeof size);
	snprintf(title, sizeof title, "I/O: one cached file of %s%s, the default against --io", size,
		 bytes < run->p->io_size ? " (less than wanted: memory or disk is short)" : "");
	ca_section(run, title, "default -j; wall-clock time of one run of simdsum");
	if (ok) {
		ca_progress("I/O: writing %s", size);
		ok = ca_tmp_file(path, bytes, 1) && ca_tmp_cache(&path, 1);
	}
	for (size_t i = 0; ok && i < sizeof io_algo / sizeof io_algo[0]; i++)
		ok = measure_io(run, io_algo[i], path, size);
	ca_tmp_remove(dir);
	free(path);
	free(dir);
	return ok;
}

/* --- threads ------------------------------------------------------------- */

struct tree {
	char *dir;
	char **path;
	unsigned n;
	uint64_t bytes;
};

/* Sizes spread evenly over the powers of two from 1 byte to max, as
 * those of a source tree are (many small files, a few large ones). */
static uint64_t tree_file_size(uint64_t *state, unsigned max)
{
	unsigned bits = 0;

	while ((2u << bits) <= max)
		bits++;
	*state ^= *state << 13;
	*state ^= *state >> 7;
	*state ^= *state << 17;
	uint64_t low = 1ull << (*state % (bits + 1));
	uint64_t size = low + (*state >> 8) % low;
	return size < max ? size : max;
}

/* The directories of file i, made when it is the first of its own. */
static bool tree_dirs(const struct tree *t, unsigned i)
{
	unsigned top = i / (FILES_PER_DIR * DIRS_PER_TOP), sub = i / FILES_PER_DIR % DIRS_PER_TOP;
	bool ok = true;

	if (i % (FILES_PER_DIR * DIRS_PER_TOP) == 0) {
		char *p = ca_path("%s/%02u", t->dir, top);
		ok = ca_tmp_mkdir(p);
		free(p);
	}
	if (ok && i % FILES_PER_DIR == 0) {
		char *p = ca_path("%s/%02u/%u", t->dir, top, sub);
		ok = ca_tmp_mkdir(p);
		free(p);
	}
	return ok;
}

static bool make_tree(struct tree *t, const struct ca_params *p)
{
	uint64_t state = 0x853c49e6748fea9bull;

	ca_progress("threads: writing %u files", t->n);
	t->path = xcalloc(t->n, sizeof *t->path);
	for (unsigned i = 0; i < t->n; i++) {
		if (!tree_dirs(t, i))
			return false;
		unsigned top = i / (FILES_PER_DIR * DIRS_PER_TOP), sub = i / FILES_PER_DIR % DIRS_PER_TOP;
		uint64_t size = tree_file_size(&state, p->tree_max_size);
		t->path[i] = ca_path("%s/%02u/%u/%05u", t->dir, top, sub, i);
		if (!ca_tmp_file(t->path[i], size, i))
			return false;
		t->bytes += size;
	}
	return ca_tmp_cache(t->path, t->n);
}

unsigned ca_job_counts(unsigned cpus, unsigned *jobs, unsigned max)
{
	unsigned n = 0;

	for (unsigned j = 1; j <= cpus && n < max; j++)
		if (cpus <= max || (j & (j - 1)) == 0 || j == cpus)
			jobs[n++] = j;
	return n;
}

static bool measure_threads(struct ca_run *run, const char *algo, struct tree *t)
{
	struct ca_command cmd = {
		.args = { "-a", algo, "-r" },
		.nargs = 3,
		.operands = &t->dir,
		.noperands = 1,
	};
	char arg[CA_MAX_COLS][16];
	unsigned jobs[CA_MAX_COLS - 1];
	unsigned njobs = ca_job_counts(jobs_cpus(), jobs, CA_MAX_COLS - 1);
	struct ca_cell cell;

	ca_cell_start(&cell, "%s -r", algo);
	ca_cell_add(&cell, "auto");
	for (unsigned j = 0; j < njobs; j++) {
		snprintf(arg[j + 1], sizeof arg[0], "-j%u", jobs[j]);
		cmd.col_arg[j + 1] = arg[j + 1];
		ca_cell_add(&cell, arg[j + 1]);
	}
	ca_progress("threads %s", cell.what);
	return ca_cell_measure(run, &cell, ca_spawn_time, &cmd);
}

bool ca_threads(struct ca_run *run, const char *root)
{
	struct tree t = { .dir = ca_path("%s/tree", root), .n = run->p->tree_files };
	char size[16], title[160];
	bool ok = ca_tmp_mkdir(t.dir) && make_tree(&t, run->p);

	ca_format_size(run->p->tree_max_size, size, sizeof size);
	snprintf(title, sizeof title,
		 "threads: -r over %u cached files of 1 B to %s (%.1f MiB), the default against -jN",
		 t.n, size, (double)t.bytes / (1 << 20));
	ca_section(run, title, "wall-clock time of one run of simdsum");
	for (size_t i = 0; ok && i < sizeof io_algo / sizeof io_algo[0]; i++)
		ok = measure_threads(run, io_algo[i], &t);
	ca_tmp_remove(t.dir);
	ca_paths_free(t.path, t.path ? t.n : 0);
	free(t.dir);
	return ok;
}
