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
	static struct test_list l;

	for (int f = 0; f < FAMILY_COUNT; f++)
		for (const struct impl *i = impl_table((enum family)f); i->name; i++)
			if (impl_is_multibuffer(i))
				test_list_add(&l, (enum family)f, i, test_lanes,
					      "every lane vs generic, guard page, idle lanes", NULL);
	return test_list_run("multibuffer", &l);
}
