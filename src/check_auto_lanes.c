/* SPDX-License-Identifier: MIT */
/* check_auto_lanes.c - --check-auto's lanes section: several files at
 * once, -j1, auto's lane scheduling against each multi-buffer row forced
 * and against the best single-stream row forced (which turns lanes off). */
#include <stdio.h>
#include <stdlib.h>

#include "algo.h"
#include "check_auto_cell.h"
#include "options.h"
#include "select.h"
#include "xalloc.h"

/* The files of one size: as many as the largest count. */
struct lane_set {
	uint64_t size;
	char **path;
	unsigned n;
};

static unsigned most_files(const struct ca_params *p)
{
	unsigned n = 0;

	for (unsigned i = 0; i < CA_MAX_COUNTS && p->lane_counts[i]; i++)
		if (p->lane_counts[i] > n)
			n = p->lane_counts[i];
	return n;
}

/* Makes and caches set->n files of set->size bytes under dir. */
static bool make_set(struct lane_set *set, const char *dir)
{
	char size[16];

	ca_format_size(set->size, size, sizeof size);
	ca_progress("lanes: writing %u files of %s", set->n, size);
	set->path = xcalloc(set->n, sizeof *set->path);
	for (unsigned i = 0; i < set->n; i++) {
		set->path[i] = ca_path("%s/%llu-%02u", dir, (unsigned long long)set->size, i);
		if (!ca_tmp_file(set->path[i], set->size, set->size + i))
			return false;
	}
	return ca_tmp_cache(set->path, set->n);
}

/* How many files a choice hashes at once among count: 0 without lanes
 * (the files one by one, outside the lane scheduler). */
static unsigned in_flight(const struct algo_choice *c, unsigned count)
{
	if (c->lanes.capacity < 2)
		return 0;
	return c->lanes.capacity < count ? c->lanes.capacity : count;
}

bool ca_same_lanes_plan(const struct algo_choice *x, const struct algo_choice *y, unsigned count)
{
	unsigned n = in_flight(x, count);

	if (n != in_flight(y, count) || x->dispatch.ntiers != y->dispatch.ntiers)
		return false;
	for (unsigned b = 1; b <= n; b++)
		if (x->lanes.kernel[b] != y->lanes.kernel[b])
			return false;
	for (unsigned t = 0; t < x->dispatch.ntiers; t++)
		if (x->dispatch.tier[t].impl != y->dispatch.tier[t].impl ||
		    x->dispatch.tier[t].min_len != y->dispatch.tier[t].min_len)
			return false;
	return true;
}

/* What auto's line names as what it ran: the row for its first step (the
 * most files at once), or a file alone's row for the longest calls. */
static const char *autos_row(const struct algo_choice *c, unsigned count)
{
	unsigned n = in_flight(c, count);

	if (n && c->lanes.kernel[n])
		return c->lanes.kernel[n]->name;
	return c->dispatch.tier[c->dispatch.ntiers - 1].impl->name;
}

/* One cell: count files of one set, auto against every multi-buffer row
 * this CPU runs and the best single stream. */
static bool measure_count(struct ca_run *run, const struct algo *a, const struct lane_set *set,
			  unsigned count)
{
	struct ca_command cmd = { .args = { "-a", a->name, "-j1" }, .nargs = 3 };
	char arg[CA_MAX_COLS][CA_NAME_SIZE + 8];
	struct ca_cell cell;
	char size[16];

	ca_format_size(set->size, size, sizeof size);
	ca_cell_start(&cell, "%s %u x %s", a->name, count, size);
	ca_cell_add(&cell, "auto");
	/* The plans as the runs will make them (the same profile, CPU and
	 * options: select_impl is what they call). */
	struct algo_choice autos = { .algo = a }, forced = { .algo = a };
	select_impl(&autos, NULL);
	snprintf(cell.auto_as, sizeof cell.auto_as, "%s", autos_row(&autos, count));
	for (const struct impl *i = impl_table(a->family); i->name; i++)
		if ((impl_is_multibuffer(i) || i == run->stream_best[a->family]) && !impl_missing(i) &&
		    cell.ncols < CA_MAX_COLS && select_impl(&forced, i->name)) {
			snprintf(arg[cell.ncols], sizeof arg[0], "--impl=%s", i->name);
			cmd.col_arg[cell.ncols] = arg[cell.ncols];
			cell.same_plan[cell.ncols] = ca_same_lanes_plan(&autos, &forced, count);
			ca_cell_add(&cell, i->name);
		}
	cmd.operands = set->path;
	cmd.noperands = count;
	ca_progress("lanes %s", cell.what);
	return ca_cell_measure(run, &cell, ca_spawn_time, &cmd);
}

static bool measure_algo(struct ca_run *run, const struct algo *a, const struct lane_set *sets,
			 unsigned nsets)
{
	const struct ca_params *p = run->p;

	for (unsigned s = 0; s < nsets; s++)
		for (unsigned i = 0; i < CA_MAX_COUNTS && p->lane_counts[i]; i++)
			if (!measure_count(run, a, &sets[s], p->lane_counts[i]))
				return false;
	return true;
}

/* The sets that fit in half the room (memory, disk); a size that does
 * not is left out, saying so. */
static unsigned plan_sets(const struct ca_run *run, const char *dir, struct lane_set *sets)
{
	uint64_t room = ca_tmp_room(dir) / 2, used = 0;
	unsigned n = most_files(run->p), nsets = 0;

	for (unsigned s = 0; s < CA_MAX_SIZES && run->p->lane_sizes[s]; s++) {
		uint64_t need = run->p->lane_sizes[s] * n;
		char size[16];
		if (used + need > room) {
			ca_format_size(run->p->lane_sizes[s], size, sizeof size);
			printf("  (files of %s left out: %u of them would not fit in half the free "
			       "memory or disk)\n",
			       size, n);
			continue;
		}
		used += need;
		sets[nsets++] = (struct lane_set){ .size = run->p->lane_sizes[s], .n = n };
	}
	return nsets;
}

static bool run_sets(struct ca_run *run, const char *dir, struct lane_set *sets, unsigned nsets)
{
	for (unsigned s = 0; s < nsets; s++)
		if (!make_set(&sets[s], dir))
			return false;
	for (int f = 0; f < FAMILY_COUNT; f++)   /* every family with lanes */
		if (!family_is_crc((enum family)f) &&
		    !measure_algo(run, algo_by_name(family_desc((enum family)f)->name), sets, nsets))
			return false;
	return true;
}

bool ca_lanes(struct ca_run *run, const char *root)
{
	struct lane_set sets[CA_MAX_SIZES] = { 0 };
	char *dir = ca_path("%s/lanes", root);
	bool ok = ca_tmp_mkdir(dir);

	ca_section(run,
		   "lanes: N files at once, auto against each multi-buffer row and the best "
		   "single stream",
		   "-j1, the files cached; wall-clock time of one run of simdsum");
	unsigned nsets = ok ? plan_sets(run, dir, sets) : 0;
	if (ok)
		ok = run_sets(run, dir, sets, nsets);
	for (unsigned s = 0; s < nsets; s++)
		ca_paths_free(sets[s].path, sets[s].path ? sets[s].n : 0);
	ca_tmp_remove(dir);
	free(dir);
	return ok;
}
