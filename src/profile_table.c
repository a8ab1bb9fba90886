/* SPDX-License-Identifier: MIT */
/* profile_table.c - the built-in profiles (their figures: profile_builtin.c,
 * generated), made into a struct cpu_profile: the caller's (the run's
 * profile, profile.c), or one kept here on first use (tests, --tune,
 * --list-impls). */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "profile.h"

#define MAX_BUILTIN 16

static struct cpu_profile made[MAX_BUILTIN];
static bool done[MAX_BUILTIN];
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

unsigned profile_builtin_count(void)
{
	return profile_builtins_count < MAX_BUILTIN ? profile_builtins_count : MAX_BUILTIN;
}

/* Everything but the rows: what says which CPU a profile is for. */
static void make_head(const struct builtin_profile *b, struct cpu_profile *out)
{
	memset(out, 0, sizeof *out);
	snprintf(out->name, sizeof out->name, "%s", b->name);
	strcpy(out->origin, "built-in");
	if (b->vendor) {
		snprintf(out->vendor, sizeof out->vendor, "%s", b->vendor);
		out->family = b->family;
		out->nranges = b->nranges < PROFILE_MAX_MODEL_RANGES ? b->nranges
								     : PROFILE_MAX_MODEL_RANGES;
		for (unsigned i = 0; i < out->nranges; i++) {
			out->model[i].lo = b->model[i].lo;
			out->model[i].hi = b->model[i].hi;
		}
	}
	out->io = b->io;
}

/* The rows this build has and out lacks (the others are skipped: see
 * struct builtin_row). */
static void make_rows(const struct builtin_profile *b, struct cpu_profile *out)
{
	for (unsigned i = 0; i < b->nrows && out->nrows < PROFILE_MAX_ROWS; i++) {
		const struct builtin_row *r = &b->rows[i];
		const struct impl *impl = impl_find(r->family, r->impl);
		if (!impl || profile_cost(out, impl))
			continue;
		out->rows[out->nrows++] = (struct row_cost){
			.impl = impl, .call_ns = r->call_ns, .byte_ns = r->byte_ns,
			.from_len = r->from_len, .call2_ns = r->call2_ns, .byte2_ns = r->byte2_ns,
		};
	}
}

void profile_builtin_make(unsigned i, struct cpu_profile *out)
{
	if (i >= profile_builtin_count())
		i = profile_builtin_count() - 1;
	make_head(&profile_builtins[i], out);
	make_rows(&profile_builtins[i], out);
}

void profile_builtin_merge(unsigned i, struct cpu_profile *p)
{
	if (i < profile_builtin_count())
		make_rows(&profile_builtins[i], p);
}

/* Made on first use, one at a time (a run's own profile does not come
 * from here: see profile_builtin_make). */
const struct cpu_profile *profile_builtin(unsigned i)
{
	if (i >= profile_builtin_count())
		return NULL;
	pthread_mutex_lock(&lock);
	if (!done[i]) {
		profile_builtin_make(i, &made[i]);
		done[i] = true;
	}
	pthread_mutex_unlock(&lock);
	return &made[i];
}

bool profile_builtin_matches(unsigned i, const struct cpu_signature *sig)
{
	/* Not on the stack: its 3.5 KiB of rows overflowed it under a small
	 * "ulimit -s" (see thread_start.h). */
	static struct cpu_profile head;

	if (i >= profile_builtin_count())
		return false;
	pthread_mutex_lock(&lock);
	make_head(&profile_builtins[i], &head);
	bool matches = profile_matches(&head, sig);
	pthread_mutex_unlock(&lock);
	return matches;
}

const struct cpu_profile *profile_default(void)
{
	return profile_builtin(profile_builtin_count() - 1);
}
