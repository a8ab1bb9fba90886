/* SPDX-License-Identifier: MIT */
/* test_engine_config.c - engine_config_init's rules (src/engine.h), the
 * one place every mode's engine configuration comes from: one_job only
 * for one file operand hashed alone (not -r, --files-from or --check's
 * lists), lanes for exactly the families of the choices given (none at
 * --io=mmap), -j, --io, emit and ctx as given. */
#include <stdbool.h>
#include <sys/types.h>   /* reader.h, through engine.h, uses ssize_t */

#include "engine.h"
#include "testlib.h"

static void emit(struct job *job, void *ctx)
{
	(void)job;
	(void)ctx;
}

/* A choice of algo whose lane plan has capacity files (select.c's). */
static struct algo_choice choice_of(const char *algo, unsigned capacity)
{
	struct algo_choice c = { .algo = algo_by_name(algo) };

	assert_non_null(c.algo);
	c.lanes.capacity = capacity;
	return c;
}

static void test_one_job(void **state)
{
	(void)state;
	struct options opt = { .jobs = 3, .io = IO_READ };
	struct engine_config cfg;
	int ctx;

	engine_config_init(&cfg, &opt, 1, NULL, 0, JOBS_SAME_SET, emit, &ctx);
	assert_true(cfg.one_job);
	assert_int_equal(cfg.jobs, 3);
	assert_int_equal(cfg.io, IO_READ);
	assert_ptr_equal(cfg.emit, emit);
	assert_ptr_equal(cfg.ctx, &ctx);
	engine_config_init(&cfg, &opt, 0, NULL, 0, JOBS_SAME_SET, emit, &ctx);   /* standard input */
	assert_true(cfg.one_job);
	engine_config_init(&cfg, &opt, 2, NULL, 0, JOBS_SAME_SET, emit, &ctx);
	assert_false(cfg.one_job);
	opt.recursive = true;
	engine_config_init(&cfg, &opt, 1, NULL, 0, JOBS_SAME_SET, emit, &ctx);
	assert_false(cfg.one_job);
	opt.recursive = false;
	opt.files_from = "-";
	engine_config_init(&cfg, &opt, 0, NULL, 0, JOBS_SAME_SET, emit, &ctx);
	assert_false(cfg.one_job);
	opt.files_from = NULL;
	opt.check = true;   /* one list may name many files */
	engine_config_init(&cfg, &opt, 1, NULL, 0, JOBS_SAME_SET, emit, &ctx);
	assert_false(cfg.one_job);
}

static void test_lanes_of_the_choices_given(void **state)
{
	(void)state;
	struct options opt = { .jobs = 2, .io = IO_READ };
	struct algo_choice c[2] = { choice_of("sha256", 8), choice_of("md5", 16) };
	struct engine_config cfg;

	engine_config_init(&cfg, &opt, 2, c, 0, JOBS_SAME_SET, emit, NULL);
	for (unsigned f = 0; f < FAMILY_COUNT; f++)
		assert_false(cfg.lanes[f].enabled);
	engine_config_init(&cfg, &opt, 2, c, 1, JOBS_SAME_SET, emit, NULL);
	for (unsigned f = 0; f < FAMILY_COUNT; f++)
		assert_int_equal(cfg.lanes[f].enabled, f == FAMILY_SHA256);
	assert_int_equal(cfg.lanes[FAMILY_SHA256].plan.capacity, 8);
	engine_config_init(&cfg, &opt, 2, c, 2, JOBS_SAME_SET, emit, NULL);
	for (unsigned f = 0; f < FAMILY_COUNT; f++)
		assert_int_equal(cfg.lanes[f].enabled, f == FAMILY_SHA256 || f == FAMILY_MD5);
	assert_int_equal(cfg.lanes[FAMILY_MD5].family, FAMILY_MD5);
	opt.io = IO_MMAP;   /* a mapped file is hashed alone */
	engine_config_init(&cfg, &opt, 2, c, 2, JOBS_SAME_SET, emit, NULL);
	for (unsigned f = 0; f < FAMILY_COUNT; f++)
		assert_false(cfg.lanes[f].enabled);
}

/* The lane groups that share the descriptors: one when every job
 * computes the same algorithms (hash mode: "-a md5,sha1,sha256" once
 * counted four, and under a limit of 1024 descriptors at -j64 left each
 * group 3 files, not 14); a family each for --check's lines; and one
 * more for the set of several families --update and --audit may meet. */
static void test_lane_groups(void **state)
{
	(void)state;
	struct options opt = { .jobs = 2, .io = IO_READ };
	struct algo_choice c[3] = { choice_of("sha256", 16), choice_of("md5", 16),
				    choice_of("sha1", 16) };
	struct engine_config cfg;

	engine_config_init(&cfg, &opt, 2, c, 3, JOBS_SAME_SET, emit, NULL);
	assert_int_equal(engine_lane_groups(&cfg), 1);
	engine_config_init(&cfg, &opt, 2, c, 3, JOBS_ONE_FAMILY, emit, NULL);
	assert_int_equal(engine_lane_groups(&cfg), 3);
	engine_config_init(&cfg, &opt, 2, c, 3, JOBS_ANY_SET, emit, NULL);
	assert_int_equal(engine_lane_groups(&cfg), 4);
	engine_config_init(&cfg, &opt, 2, c, 1, JOBS_ANY_SET, emit, NULL);
	assert_int_equal(engine_lane_groups(&cfg), 2);
	engine_config_init(&cfg, &opt, 2, c, 0, JOBS_ANY_SET, emit, NULL);   /* no lanes */
	assert_int_equal(engine_lane_groups(&cfg), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_one_job),
		cmocka_unit_test(test_lanes_of_the_choices_given),
		cmocka_unit_test(test_lane_groups),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
