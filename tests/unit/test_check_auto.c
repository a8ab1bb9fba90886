/* SPDX-License-Identifier: MIT */
/* test_check_auto.c - --check-auto's judgement of a cell on paired runs
 * (ca_judge_pairs): rounds taken two at a time, auto first in one and
 * second in the other; their median ratio against 1.03, and SLOW only
 * where auto lost more of them than a fair coin would at most one time
 * in 40. A cell whose fastest forced choice runs auto's own plan, and
 * which plans of the lanes are one; the -j columns of the threads cell. */
#include <stddef.h>
#include <string.h>

#include "check_auto_cell.h"
#include "options.h"
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

/* A cell of fixed times: column c always takes times[c]. */
static bool fixed_time(void *ctx, unsigned col, double *ns)
{
	*ns = ((const double *)ctx)[col];
	return true;
}

/* Enough rounds for a sign test to call a cell slow (24 rounds of four). */
static const struct ca_params rounds = { .quick = true, .reps = 16, .max_reps = 16 };

static struct ca_cell fixed_cell(struct ca_run *run, const double *times, unsigned same_col)
{
	struct ca_cell cell;

	ca_cell_start(&cell, "test");
	ca_cell_add(&cell, "auto");
	ca_cell_add(&cell, "a");
	ca_cell_add(&cell, "b");
	if (same_col)
		cell.same_plan[same_col] = true;
	assert_true(ca_cell_measure(run, &cell, fixed_time, (void *)times));
	return cell;
}

static void test_same_plan_is_not_slow(void **state)
{
	(void)state;
	/* Auto 10% over the fastest forced choice, which runs auto's plan,
	 * in every pair: same plan, not slow. */
	const double times[] = { 1100.0, 1000.0, 1050.0 };
	struct ca_run run = { .p = &rounds };
	struct ca_cell cell = fixed_cell(&run, times, 1);
	assert_int_equal(run.cells, 1);
	assert_int_equal(run.same_plan, 1);
	assert_int_equal(run.slow + run.noise, 0);
	assert_true(cell.npairs > 0);
	/* The same times where the other column runs auto's plan: the fastest
	 * runs another, so the cell is judged on pairs, and auto loses every
	 * round. */
	run = (struct ca_run){ .p = &rounds };
	cell = fixed_cell(&run, times, 2);
	assert_int_equal(run.same_plan, 0);
	assert_int_equal(run.slow, 1);
	assert_true(cell.npairs > 0);
	/* Within 3%: fast, same plan or not. */
	const double close[] = { 1020.0, 1000.0, 1050.0 };
	run = (struct ca_run){ .p = &rounds };
	fixed_cell(&run, close, 1);
	assert_int_equal(run.same_plan + run.slow + run.noise, 0);
}

/* A choice with lanes: capacity files at once, row for every b >= 2. */
static struct algo_choice lanes_choice(const struct impl *single, unsigned capacity,
				       const struct impl *row)
{
	struct algo_choice c = { .algo = algo_by_name("sha256") };
	impl_select_one(single, &c.dispatch);
	c.lanes.capacity = capacity;
	for (unsigned b = 2; b <= capacity && b <= COST_MAX_STREAMS; b++)
		c.lanes.kernel[b] = row;
	return c;
}

static void test_same_lanes_plan(void **state)
{
	(void)state;
	const struct impl *rows = impl_table(FAMILY_SHA256);
	const struct impl *one = &rows[0], *other = &rows[1];
	struct algo_choice x = lanes_choice(one, 16, other);

	/* The same choice; with a row forced for one file, which then runs
	 * the single-stream tiers through the lanes either way. */
	assert_true(ca_same_lanes_plan(&x, &x, 8));
	struct algo_choice y = lanes_choice(one, 8, one);
	assert_true(ca_same_lanes_plan(&x, &y, 1));
	assert_false(ca_same_lanes_plan(&x, &y, 2));
	/* Capacities alike up to count: 16 and 8 lanes of one row for 8 files
	 * are one plan, for 9 files two. */
	y = lanes_choice(one, 8, other);
	assert_true(ca_same_lanes_plan(&x, &y, 8));
	assert_false(ca_same_lanes_plan(&x, &y, 9));
	/* No lanes against lanes of one file: another path. */
	struct algo_choice none = lanes_choice(one, 0, NULL);
	assert_false(ca_same_lanes_plan(&x, &none, 1));
	assert_true(ca_same_lanes_plan(&none, &none, 5));
	/* Other tiers for a file alone. */
	struct algo_choice other_tiers = lanes_choice(other, 0, NULL);
	assert_false(ca_same_lanes_plan(&none, &other_tiers, 5));
}

static void test_job_counts(void **state)
{
	(void)state;
	unsigned jobs[11];

	/* Every count while they fit, up to exactly as many CPUs as columns. */
	assert_int_equal(ca_job_counts(2, jobs, 11), 2);
	assert_int_equal(jobs[1], 2);
	assert_int_equal(ca_job_counts(11, jobs, 11), 11);
	for (unsigned j = 0; j < 11; j++)
		assert_int_equal(jobs[j], j + 1);
	/* Beyond, the powers of two and the CPU count. */
	assert_int_equal(ca_job_counts(12, jobs, 11), 5);
	const unsigned want12[] = { 1, 2, 4, 8, 12 };
	assert_memory_equal(jobs, want12, sizeof want12);
	assert_int_equal(ca_job_counts(64, jobs, 11), 7);
	assert_int_equal(jobs[6], 64);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fast_below_the_threshold),
		cmocka_unit_test(test_slow_where_the_rounds_show_it),
		cmocka_unit_test(test_places_that_alternate),
		cmocka_unit_test(test_odd_counts_and_ties),
		cmocka_unit_test(test_same_plan_is_not_slow),
		cmocka_unit_test(test_same_lanes_plan),
		cmocka_unit_test(test_job_counts),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
