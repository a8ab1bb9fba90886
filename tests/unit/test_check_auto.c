/* SPDX-License-Identifier: MIT */
/* test_check_auto.c - --check-auto's judgement of a cell on paired runs
 * (ca_judge_pairs): rounds taken two at a time, auto first in one and
 * second in the other; their median ratio against 1.03, and SLOW only
 * where auto lost more of them than a fair coin would at most one time
 * in 40. */
#include <stddef.h>

#include "check_auto_cell.h"
#include "testlib.h"

static double auto_ns[CA_MAX_PAIRS], other_ns[CA_MAX_PAIRS];

/* 2 * rounds paired runs: in the first `lost` rounds of four auto takes
 * `above` times the other's time, in the rest `below` times. */
static struct ca_pairs_judged judge(unsigned rounds, unsigned lost, double above, double below)
{
	for (unsigned i = 0; i < 2 * rounds; i++) {
		other_ns[i] = 1000.0;
		auto_ns[i] = 1000.0 * (i / 2 < lost ? above : below);
	}
	return ca_judge_pairs(auto_ns, other_ns, 2 * rounds);
}

static void test_fast_below_the_threshold(void **state)
{
	(void)state;
	/* Slower in every round, by less than 3%: not a SLOW cell. */
	struct ca_pairs_judged j = judge(15, 15, 1.02, 1.0);
	assert_int_equal(j.verdict, CA_FAST);
	assert_int_equal(j.rounds, 15);
	assert_int_equal(j.slower, 15);
	assert_true(j.ratio == 1.02);
	/* The ratio is the printed one: 1.0304 prints as 1.030, not above. */
	assert_int_equal(judge(15, 15, 1.0304, 1.0).verdict, CA_FAST);
}

static void test_slow_where_the_rounds_show_it(void **state)
{
	(void)state;
	/* 15 rounds: 12 lost is one time in 57 for a coin (P = 0.0176). */
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
	/* Many rounds: 58 of 96 lost is 0.0260, 59 of 96 is 0.0158. */
	assert_int_equal(judge(96, 58, 1.05, 0.98).verdict, CA_NOISE);
	assert_int_equal(judge(96, 59, 1.05, 0.98).verdict, CA_SLOW);
}

/* Runs that alternate between a fast and a slow place (two vCPUs, one
 * sharing its core): each round's second run lands on the slow one, 15%
 * slower. speed is auto's time over the other's where both run alike. */
static struct ca_pairs_judged alternating(unsigned n, double speed)
{
	for (unsigned i = 0; i < n; i++) {
		bool auto_first = i % 2 == 0;
		auto_ns[i] = 1000.0 * speed * (auto_first ? 1.0 : 1.15);
		other_ns[i] = 1000.0 * (auto_first ? 1.15 : 1.0);
	}
	return ca_judge_pairs(auto_ns, other_ns, n);
}

static void test_places_that_alternate(void **state)
{
	(void)state;
	/* Equal choices: single pairs would say 0.87 and 1.15 by turns (and
	 * a median of 15 of them 1.15); each round of four says 1. */
	struct ca_pairs_judged j = alternating(30, 1.0);
	assert_int_equal(j.rounds, 15);
	assert_true(j.ratio == 1.0);
	assert_int_equal(j.slower, 0);
	assert_int_equal(j.verdict, CA_FAST);
	/* Auto 5% slower shows through in every round. */
	j = alternating(30, 1.05);
	assert_true(j.ratio == 1.05);
	assert_int_equal(j.slower, 15);
	assert_int_equal(j.verdict, CA_SLOW);
}

static void test_odd_counts_and_ties(void **state)
{
	(void)state;
	/* An odd last round is left out; a lone pair stands for itself. */
	for (unsigned i = 0; i < 7; i++) {
		auto_ns[i] = 1100.0;
		other_ns[i] = 1000.0;
	}
	auto_ns[6] = 5000.0;
	struct ca_pairs_judged j = ca_judge_pairs(auto_ns, other_ns, 7);
	assert_int_equal(j.rounds, 3);
	assert_true(j.ratio == 1.1);
	j = ca_judge_pairs(auto_ns, other_ns, 1);
	assert_int_equal(j.rounds, 1);
	assert_true(j.ratio == 1.1);
	assert_int_equal(j.verdict, CA_NOISE);
	/* A tie is not a loss. */
	j = judge(5, 2, 1.2, 1.0);
	assert_int_equal(j.slower, 2);
	assert_int_equal(j.verdict, CA_FAST);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fast_below_the_threshold),
		cmocka_unit_test(test_slow_where_the_rounds_show_it),
		cmocka_unit_test(test_places_that_alternate),
		cmocka_unit_test(test_odd_counts_and_ties),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
