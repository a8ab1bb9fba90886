/* SPDX-License-Identifier: MIT */
/* test_differential.c - every implementation against generic: every short
 * length, random long lengths cut into random update calls, random
 * alignments, buffers flush against a guard page, every split of a small
 * buffer, and the auto dispatch ladder itself. The bodies are
 * tests/core/core_differential.c's, which the cross runner runs too. */
#include <stdio.h>

#include "testlib.h"

static void test_all_lengths(void **state)
{
	test_run_row(state, tc_all_lengths);
}

static void test_random_splits(void **state)
{
	test_run_row(state, tc_random_splits);
}

static void test_every_split(void **state)
{
	test_run_row(state, tc_every_split);
}

static void test_auto_ladder(void **state)
{
	const struct impl_test *t = *state;
	struct tc count = { 0 };

	tc_auto_ladder(&count, (enum family)(uintptr_t)t->extra);
	test_verdict(&count);
}

int main(void)
{
	static struct test_list l;

	test_list_rows(&l, -1, test_all_lengths, "every length vs generic, guard page", NULL);
	test_list_rows(&l, -1, test_random_splits, "random lengths and update splits vs generic",
		       NULL);
	test_list_rows(&l, -1, test_every_split, "every split of a small buffer", NULL);
	for (int f = 0; f < FAMILY_COUNT; f++)
		test_list_add(&l, (enum family)f, NULL, test_auto_ladder,
			      "auto: dispatch ladder vs generic", (const void *)(uintptr_t)f);
	return test_list_run("differential", &l);
}
