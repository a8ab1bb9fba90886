/* SPDX-License-Identifier: MIT */
/* test_check_auto.c - --check-auto's judgement of a cell on paired runs
 * (ca_judge_pairs): the median against 1.03, and SLOW only where auto
 * lost more pairs than a fair coin would at most one time in 40. */
#include <stddef.h>

#include "check_auto_cell.h"
#include "testlib.h"

/* n ratios: the first `slower` of them `above`, the rest `below`. */
static struct ca_pairs_judged judge(unsigned n, unsigned slower, double above, double below)
{
	double r[CA_MAX_PAIRS];

	for (unsigned i = 0; i < n; i++)
		r[i] = i < slower ? above : below;
	return ca_judge_pairs(r, n);
}

static void test_fast_below_the_threshold(void **state)
{
	(void)state;
	/* Slower in every pair, by less than 3%: not a SLOW cell. */
	struct ca_pairs_judged j = judge(15, 15, 1.02, 1.0);
	assert_int_equal(j.verdict, CA_FAST);
	assert_int_equal(j.slower, 15);
	assert_true(j.ratio == 1.02);
	/* The ratio is the printed one: 1.0304 prints as 1.030, not above. */
	j = judge(15, 15, 1.0304, 1.0);
	assert_int_equal(j.verdict, CA_FAST);
}

static void test_slow_where_the_pairs_show_it(void **state)
{
	(void)state;
	/* 15 pairs: 12 lost is one time in 57 for a coin (P = 0.0176). */
	struct ca_pairs_judged j = judge(15, 12, 1.06, 0.99);
	assert_int_equal(j.verdict, CA_SLOW);
	assert_int_equal(j.slower, 12);
	assert_true(j.ratio == 1.06);
	/* 11 of 15 is one time in 17 (0.059): the median alone says slow. */
	j = judge(15, 11, 1.06, 0.99);
	assert_int_equal(j.verdict, CA_NOISE);
	assert_true(j.ratio == 1.06);
	/* 6 of 6 is one time in 64; 5 of 5 one in 32, not enough. */
	assert_int_equal(judge(6, 6, 1.05, 1.0).verdict, CA_SLOW);
	assert_int_equal(judge(5, 5, 1.05, 1.0).verdict, CA_NOISE);
	/* Many pairs: 58 of 96 lost is 0.0260, 59 of 96 is 0.0158. */
	assert_int_equal(judge(96, 58, 1.05, 0.98).verdict, CA_NOISE);
	assert_int_equal(judge(96, 59, 1.05, 0.98).verdict, CA_SLOW);
}

static void test_noise_of_equal_choices(void **state)
{
	(void)state;
	/* Pairs spread as those of auto and the row it runs were on the Zen
	 * 5 VM (sha512, 32 files of 16 MiB: 0.85 to 1.15, one at 1.40), with
	 * the median at 1.05 but auto losing only 9 of 15. */
	double r[] = { 1.15, 0.85, 1.40, 0.88, 1.05, 0.90, 1.04, 0.93,
		       1.10, 0.95, 1.06, 0.97, 1.12, 1.08, 1.18 };
	struct ca_pairs_judged j = ca_judge_pairs(r, sizeof r / sizeof r[0]);
	assert_true(j.ratio == 1.05);
	assert_int_equal(j.slower, 9);
	assert_int_equal(j.verdict, CA_NOISE);
	/* A tie is not a loss. */
	double tie[] = { 1.0, 1.0, 1.0, 1.2, 1.2 };
	j = ca_judge_pairs(tie, 5);
	assert_int_equal(j.slower, 2);
	assert_int_equal(j.verdict, CA_FAST);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fast_below_the_threshold),
		cmocka_unit_test(test_slow_where_the_pairs_show_it),
		cmocka_unit_test(test_noise_of_equal_choices),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
