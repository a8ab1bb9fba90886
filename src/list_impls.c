/* SPDX-License-Identifier: MIT */
/* list_impls.c - what every implementation is worth on this CPU: compiled
 * in, runnable or not (and why), chosen by auto or not. */
#include <stdio.h>

#include "algo.h"
#include "cost_model.h"
#include "impl.h"
#include "profile.h"
#include "list_impls.h"

/* The lengths tier t of d covers: "16-89", ">= 548", "under 16". */
static int tier_range(const struct dispatch *d, unsigned t, char *buf, size_t size)
{
	size_t lo = d->tier[t].min_len;

	if (t == 0)
		return snprintf(buf, size, ">= %zu", lo);
	if (lo == 0)
		return snprintf(buf, size, "under %zu", d->tier[t - 1].min_len);
	return snprintf(buf, size, "%zu-%zu", lo, d->tier[t - 1].min_len - 1);
}

/* How auto uses a row: "auto", "auto for calls >= N bytes", "auto for
 * shorter calls", or "". A row auto takes for two ranges of lengths (a
 * row of two segments, cheapest on short calls and again on long ones)
 * has them named: "auto for calls of 16-89 and >= 548 bytes". */
static void auto_role(const struct dispatch *d, const struct impl *impl, char *buf, size_t size)
{
	unsigned n = 0;
	size_t used = 0;

	buf[0] = '\0';
	for (unsigned t = 0; t < d->ntiers; t++)
		n += d->tier[t].impl == impl;
	if (n == 0)
		return;
	if (d->ntiers == 1) {
		snprintf(buf, size, "auto");
	} else if (n > 1) {
		/* Shortest first: tiers run from the longest calls down. */
		used = (size_t)snprintf(buf, size, "auto for calls of");
		for (unsigned t = d->ntiers, left = n; t-- > 0 && used < size;) {
			if (d->tier[t].impl != impl)
				continue;
			const char *sep = left == n ? " " : left == 1 ? " and " : ", ";
			left--;
			used += (size_t)snprintf(buf + used, size - used, "%s", sep);
			if (used < size)
				used += (size_t)tier_range(d, t, buf + used, size - used);
		}
		if (used < size)
			snprintf(buf + used, size - used, " bytes");
	} else {
		/* ">= N" above every other tier, "A-B" between two, "shorter"
		 * below them all */
		for (unsigned t = 0; t < d->ntiers; t++) {
			if (d->tier[t].impl != impl)
				continue;
			if (!d->tier[t].min_len) {
				snprintf(buf, size, "auto for shorter calls");
				continue;
			}
			used = (size_t)snprintf(buf, size, "auto for calls %s", t ? "of " : "");
			if (used < size)
				used += (size_t)tier_range(d, t, buf + used, size - used);
			if (used < size)
				snprintf(buf + used, size - used, " bytes");
		}
	}
}

void list_impls_print(void)
{
	char buf[256];

	printf("CPU: %s\n", cpu_brand());
	cpu_features_format(cpu_features_raw(), " ", buf, sizeof buf);
	printf("CPU features: %s\n", buf[0] ? buf : "(none used by simdsum)");
	cpu_features off = cpu_features_raw() & ~cpu_features_get();
	if (off) {
		cpu_features_format(off, " ", buf, sizeof buf);
		printf("Disabled by SIMDSUM_CPU_DISABLE: %s\n", buf);
	}

	const struct cpu_profile *prof = profile_get();
	printf("Cost profile: %s (%s)\n", prof->name, prof->origin);

	for (int f = 0; f < FAMILY_COUNT; f++) {
		struct dispatch d;
		impl_select_auto((enum family)f, &d);
		printf("\n%s:\n", family_desc((enum family)f)->algorithms);
		for (const struct impl *i = impl_table((enum family)f); i->name; i++) {
			cpu_features missing = impl_missing(i);
			char role[64], status[300];
			if (missing) {
				cpu_features_format(missing, ",", buf, sizeof buf);
				snprintf(status, sizeof status, "unsupported (missing: %s)", buf);
			} else {
				snprintf(status, sizeof status, "supported");
			}
			auto_role(&d, i, role, sizeof role);
			if (impl_is_multibuffer(i) && !missing)
				snprintf(role, sizeof role, "multi-buffer, %u lanes", i->lanes);
			if (family_desc(i->family)->kind == KIND_STREAM) {
				char lib[80];
				i->fn.stream->describe(lib, sizeof lib);
				snprintf(status, sizeof status, "supported (%s)", lib);
			}
			printf("  %-10s %s%s%s%s\n", i->name, status, role[0] ? "  [" : "", role,
			       role[0] ? "]" : "");
		}
	}
}

void list_impls_names(enum family family)
{
	puts("auto");
	for (const struct impl *i = impl_table(family); i->name; i++)
		puts(i->name);
}
