/* SPDX-License-Identifier: MIT */
/* profile_regret.c - how far auto would be from its best on each CPU with
 * a built-in profile if that CPU ran under another profile instead (the
 * default, above all: what a CPU without a profile gets). Every choice
 * auto makes under the other profile is costed with the CPU's own rows
 * (src/cost_regret.c says which choices and how). These are the
 * profiles' own figures, not a new measurement: the table the default is
 * chosen by, "never far from the best on the CPUs measured".
 *
 *   make profile-regret      (build/bench/profile_regret)
 */
#include <stdio.h>

#include "cost_regret.h"
#include "profile.h"

int main(void)
{
	static struct cpu_profile merged[32];
	unsigned n = profile_builtin_count();

	if (n > 32)
		n = 32;
	for (unsigned i = 0; i < n; i++) {
		merged[i] = *profile_builtin(i);
		profile_merge_missing(&merged[i], profile_default());
	}
	printf("Worst ratio of auto's expected time under a profile to its best, on each\n"
	       "CPU with a built-in profile (its rows; its features: the rows it has)\n\n");
	for (unsigned t = 0; t + 1 < n; t++) {
		cpu_features have = cost_regret_features(profile_builtin(t));
		printf("on %s:\n", merged[t].name);
		for (unsigned u = 0; u < n; u++) {
			char where[64];
			double r = cost_regret(&merged[t], &merged[u], have, where, sizeof where);
			printf("  under %-34s %5.2fx  %s\n", u + 1 == n ? "the default" : merged[u].name,
			       r, where);
		}
	}
	return 0;
}
