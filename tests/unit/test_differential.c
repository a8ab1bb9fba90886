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
	enum { MAX = 256 };
	static struct CMUnitTest tests[MAX];
	static struct impl_test states[MAX];
	size_t n = 0;

	n += test_add_impl_tests(tests + n, states + n, MAX - n, -1, test_all_lengths,
				 "every length vs generic, guard page", NULL);
	n += test_add_impl_tests(tests + n, states + n, MAX - n, -1, test_random_splits,
				 "random lengths and update splits vs generic", NULL);
	n += test_add_impl_tests(tests + n, states + n, MAX - n, -1, test_every_split,
				 "every split of a small buffer", NULL);
	for (int f = 0; f < FAMILY_COUNT && n < MAX; f++) {
		struct impl_test *st = &states[n];
		st->impl = NULL;
		st->extra = (const void *)(uintptr_t)f;
		snprintf(st->name, sizeof st->name, "%s/auto: dispatch ladder vs generic",
			 family_name((enum family)f));
		tests[n++] = (struct CMUnitTest){ st->name, test_auto_ladder, NULL, NULL, st };
	}
	return _cmocka_run_group_tests("differential", tests, n, NULL, NULL);
}
