/* SPDX-License-Identifier: MIT */
/* test_multibuffer.c - every multi-buffer kernel against generic: each lane
 * its own random message and state, every block count 1..40 and random
 * larger ones, unaligned and distinct data pointers, a lane flush against
 * a guard page, idle lanes sharing one scratch message. The body is
 * tests/core/core_differential.c's tc_lanes, which the cross runner runs
 * too. */
#include <stdio.h>

#include "testlib.h"

static void test_lanes(void **state)
{
	test_run_row(state, tc_lanes);
}

int main(void)
{
	enum { MAX = 32 };
	static struct CMUnitTest tests[MAX];
	static struct impl_test states[MAX];
	size_t n = 0;

	for (int f = 0; f < FAMILY_COUNT; f++)
		for (const struct impl *i = impl_table((enum family)f); i->name && n < MAX; i++) {
			if (!impl_is_multibuffer(i))
				continue;
			states[n].impl = i;
			snprintf(states[n].name, sizeof states[n].name,
				 "%s/%s: every lane vs generic, guard page, idle lanes",
				 family_name((enum family)f), i->name);
			tests[n] = (struct CMUnitTest){ states[n].name, test_lanes, NULL, NULL, &states[n] };
			n++;
		}
	return _cmocka_run_group_tests("multibuffer", tests, n, NULL, NULL);
}
