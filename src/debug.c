/* SPDX-License-Identifier: MIT */
/* debug.c - --debug, in the spirit of coreutils' cksum --debug. */
#include <stdio.h>
#include <string.h>

#include "debug.h"
#include "diag.h"
#include "io_choice.h"
#include "jobs_default.h"
#include "lanes.h"
#include "profile.h"
#include "select.h"

/* "hybrid (needs ...) for calls of 1024 bytes or more; vpclmul (needs ...)
 * for shorter calls" */
static void describe_tiers(const struct dispatch *d, char *buf, size_t size)
{
	size_t used = 0;

	buf[0] = '\0';
	for (unsigned t = 0; t < d->ntiers; t++) {
		const struct impl *i = d->tier[t].impl;
		char needs[200], when[64];
		cpu_features_format(i->needs, ",", needs, sizeof needs);
		if (d->ntiers == 1)
			snprintf(when, sizeof when, "for every length");
		else if (d->tier[t].min_len && t == 0)
			snprintf(when, sizeof when, "for calls of %zu bytes or more", d->tier[t].min_len);
		else if (d->tier[t].min_len)
			snprintf(when, sizeof when, "for calls of %zu-%zu bytes", d->tier[t].min_len,
				 d->tier[t - 1].min_len - 1);
		else
			snprintf(when, sizeof when, "for shorter calls");
		char plain[80] = "no extension";
		if (family_desc(i->family)->kind == KIND_STREAM)
			i->fn.stream->describe(plain, sizeof plain);   /* a library's own */
		else if (i == impl_generic(i->family))
			snprintf(plain, sizeof plain, "portable C");
		int n = snprintf(buf + used, size - used, "%s%s (%s%s) %s", t ? "; " : "", i->name,
				 needs[0] ? "needs " : plain, needs, when);
		if (n < 0 || (size_t)n >= size - used)
			return;
		used += (size_t)n;
	}
}

/* Several laned families in one run ("-a sha512,sha256") share one group
 * of lanes a worker, which holds as many files as the widest family's
 * plan (lanes.c): its size and the algorithm whose plan sets it; 0 when
 * fewer than two laned families share it. */
struct shared_group {
	unsigned capacity;
	const char *widest;
};

static struct shared_group shared_group_of(const struct options *opt)
{
	struct shared_group g = { 0, NULL };
	uint32_t laned = 0;

	for (unsigned i = 0; i < opt->nalgos; i++) {
		const struct algo_choice *c = &opt->algos[i];
		struct lane_policy p;
		lanes_policy_for(c, opt->io, &p);
		if (!p.enabled || p.plan.capacity < 2)
			continue;
		laned |= UINT32_C(1) << c->algo->family;
		unsigned cap = p.plan.capacity < LANES_MAX ? p.plan.capacity : LANES_MAX;
		if (cap > g.capacity)
			g = (struct shared_group){ cap, c->algo->name };
	}
	if (!(laned & (laned - 1)))
		g.capacity = 0;
	return g;
}

/* "shanix2 for 2 files" ... from the plan, grouping equal kernels; and
 * where the shared group holds more files than the plan, how the rest
 * go (lanes.c kernel_for: through the plan's widest kernel in turns). */
static void describe_lanes(const struct algo_choice *c, enum io_mode io,
			   const struct shared_group *group, char *buf, size_t size)
{
	struct lane_policy p;
	size_t used = 0;

	lanes_policy_for(c, io, &p);
	if (!p.enabled) {
		snprintf(buf, size, "%s", c->lanes.capacity > 1 && io == IO_MMAP
						 ? "none (--io=mmap: one file at a time)" : "none");
		return;
	}
	if (c->forced) {
		snprintf(buf, size, "%s (forced) whenever two or more files are ready", c->forced->name);
		return;
	}
	used = (size_t)snprintf(buf, size, "up to %u files at once:", p.plan.capacity);
	for (unsigned b = 1; b <= p.plan.capacity && used < size; b++) {
		unsigned last = b;
		while (last < p.plan.capacity && p.plan.kernel[last + 1] == p.plan.kernel[b])
			last++;
		const struct impl *k = p.plan.kernel[b];
		char files[32];
		if (last == b)
			snprintf(files, sizeof files, "%u", b);
		else
			snprintf(files, sizeof files, "%u-%u", b, last);
		int n = snprintf(buf + used, size - used, "%s %s for %s ready", b > 1 ? "," : "",
				 k ? k->name : "one stream", files);
		if (n < 0 || (size_t)n >= size - used)
			return;
		used += (size_t)n;
		b = last;
	}
	unsigned cap = p.plan.capacity;
	if (group->capacity > cap && used < size)
		snprintf(buf + used, size - used, "; in a group of %u with %s, %u-%u ready in turns of %u",
			 group->capacity, group->widest, cap + 1, group->capacity, cap);
}

static void report_header(void)
{
	char buf[512];

	cpu_features_format(cpu_features_get(), ",", buf, sizeof buf);
	diag_error(0, "CPU features used by simdsum: %s", buf[0] ? buf : "none");
	const struct cpu_profile *prof = profile_get();
	diag_error(0, "cost profile: %s (%s)", prof->name, prof->origin);
}

static void report_choice(const struct algo_choice *c)
{
	char buf[512];

	describe_tiers(&c->dispatch, buf, sizeof buf);
	diag_error(0, "%s: %s %s", c->algo->name,
		   c->forced && !c->forced->lanes ? "forced:" : "auto:", buf);
}

/* How auto reads a large cached file (input.c's auto_path): with a SHA
 * or MD5 among the algorithms, by read() on a reading thread or in lanes
 * whatever the profile says, and with -j1 never measured. A list without
 * -a may name any algorithm: then the method in general. */
static void describe_auto_io(const struct options *opt, bool lists, char *buf, size_t size)
{
	bool blocks = false;

	for (unsigned i = 0; i < opt->nalgos && !(lists && opt->untagged_by_length); i++)
		blocks |= family_is_blocks(opt->algos[i].algo->family);
	if (blocks && opt->io == IO_AUTO)
		snprintf(buf, size, "auto (large cached files: read() (a SHA or MD5: a reading "
				    "thread or lanes))");
	else if (blocks && io_choice_get() == IO_METHOD_OPEN)
		snprintf(buf, size, "auto (large cached files: read() (a SHA or MD5 does not "
				    "measure))");
	else
		snprintf(buf, size, "auto (large cached files: %s)", io_choice_describe());
}

void debug_report(const struct options *opt, bool lists)
{
	char buf[512];

	/* --check and --update give each file its own set: no group shared. */
	struct shared_group group = lists ? (struct shared_group){ 0, NULL } : shared_group_of(opt);
	struct shared_group none = { 0, NULL };

	report_header();
	for (unsigned i = 0; i < opt->nalgos; i++) {
		const struct algo_choice *c = &opt->algos[i];
		report_choice(c);
		describe_lanes(c, opt->io, &group, buf, sizeof buf);
		diag_error(0, "%s: multi-buffer lanes: %s", c->algo->name, buf);
	}
	/* A list of any algorithm: the other families --impl forces. */
	for (const struct algo *a = algos; lists && a->name; a++) {
		struct algo_choice c = { .algo = a };
		if (a->family == opt->algos[0].algo->family || !select_list_forces(opt, a) ||
		    impl_missing(impl_find(a->family, opt->impl_name)) ||
		    !select_impl(&c, opt->impl_name))
			continue;
		report_choice(&c);
		if (c.forced->lanes) {
			describe_lanes(&c, opt->io, &none, buf, sizeof buf);
			diag_error(0, "%s: multi-buffer lanes: %s", a->name, buf);
		}
	}
	const char *why = jobs_default_reason();
	char io[160];
	if (io_mode_is_auto(opt->io))
		describe_auto_io(opt, lists, io, sizeof io);
	else
		snprintf(io, sizeof io, "%s", opt->io == IO_MMAP ? "mmap" : "read()");
	diag_error(0, "input: %s, %u job%s%s%s%s", io, opt->jobs,
		   opt->jobs == 1 ? "" : "s", why ? " (" : "", why ? why : "", why ? ")" : "");
}

void debug_report_chosen(const struct algo_choice *choices, const bool *chosen)
{
	report_header();
	for (unsigned i = 0; i < ALGO_COUNT; i++)
		if (chosen[i])
			report_choice(&choices[i]);
}
