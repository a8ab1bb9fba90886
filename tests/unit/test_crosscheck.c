/* SPDX-License-Identifier: MIT */
/* test_crosscheck.c - --cross-check catches a wrong kernel: a deliberately
 * broken transform, single-stream and in multi-buffer lanes (alone or
 * beside another algorithm), must turn the file's outcome into
 * FILE_DISAGREE instead of a digest. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cost_model.h"
#include "job.h"
#include "input.h"
#include "lanes.h"
#include "reader.h"
#include "sha256.h"
#include "testlib.h"

/* Right on every call except that it flips one state bit after calls of
 * more than one block: the kind of fault a broken kernel or core makes. */
static void broken_sha256(uint32_t state[8], const uint8_t *data, size_t nblocks)
{
	sha256_blocks_generic(state, data, nblocks);
	if (nblocks > 1)
		state[3] ^= 0x10;
}

static void broken_sha256_mb(uint32_t *const state[], const uint8_t *const data[], size_t nblocks)
{
	for (int i = 0; i < 2; i++)
		broken_sha256(state[i], data[i], nblocks);
}

static const struct impl broken_row = { .family = FAMILY_SHA256, .name = "broken",
					.fn.sha256 = broken_sha256 };
static const struct impl broken_mb_row = { .family = FAMILY_SHA256, .name = "brokenx2",
					   .lanes = 2,
					   .fn.sha256_mb = broken_sha256_mb };

static char *make_file(size_t len)
{
	static int n;
	char *path = malloc(64);
	snprintf(path, 64, "/tmp/simdsum-crosscheck-%d-%d", (int)getpid(), n++);
	FILE *f = fopen(path, "wb");
	assert_non_null(f);
	uint8_t *buf = malloc(len);
	test_fill_random(buf, len);
	assert_int_equal(fwrite(buf, 1, len, f), len);
	fclose(f);
	free(buf);
	return path;
}

/* Opens the job's file and hashes it single-stream, as the engine does. */
static void hash_single(struct job *job, enum io_mode io, struct read_buffer *buf)
{
	struct file_reader r;
	bool opened = reader_open(&r, job->name, &job->walked);

	job_hash_reader(job, &r, opened, io, buf);
}

static void test_single_stream(void **state)
{
	(void)state;
	struct algo_choice choice = { .algo = algo_by_name("sha256") };
	struct job job = { .choices = &choice, .nchoices = 1, .hash = true };
	struct read_buffer *buf = input_buffer_new();
	char *path = make_file(100000);

	job.name = path;
	impl_select_one(&broken_row, &choice.dispatch);
	hash_single(&job, IO_READ, buf);
	assert_int_equal(job.result.outcome.status, FILE_OK);   /* wrong, and unnoticed */
	job.cross_check = true;
	hash_single(&job, IO_READ, buf);
	assert_int_equal(job.result.outcome.status, FILE_DISAGREE);
	hash_single(&job, IO_MMAP, buf);
	assert_int_equal(job.result.outcome.status, FILE_DISAGREE);
	/* a right implementation passes */
	impl_select_auto(FAMILY_SHA256, &choice.dispatch);
	hash_single(&job, IO_READ, buf);
	assert_int_equal(job.result.outcome.status, FILE_OK);
	unlink(path);
	free(path);
	read_buffer_free(buf);
}

static int finished;

static void on_done(struct job *job, void *ctx)
{
	(void)ctx;
	(void)job;
	finished++;
}

/* SHA-256's lanes planned on the broken multi-buffer row, the other
 * families without lanes. */
static void broken_lanes(struct lane_policy policies[FAMILY_COUNT])
{
	struct lane_policy *policy = &policies[FAMILY_SHA256];

	memset(policies, 0, FAMILY_COUNT * sizeof *policies);
	cost_model_lanes(FAMILY_SHA256, profile_get(), cpu_features_get(), &broken_mb_row,
			 &policy->plan);
	policy->family = FAMILY_SHA256;
	policy->enabled = true;
}

/* Hashes the files in one lane group of families, each job computing
 * choices[0..nchoices), until every job is done. */
static void hash_in_lanes(const struct lane_policy policies[FAMILY_COUNT], uint32_t families,
			  struct job *jobs, char *const paths[], int n,
			  const struct algo_choice *choices, unsigned nchoices, bool cross)
{
	struct lane_group *g = lanes_create(policies, families, IO_READ, on_done, NULL);
	struct read_buffer *buf = input_buffer_new();

	finished = 0;
	for (int i = 0; i < n; i++) {
		memset(&jobs[i], 0, sizeof jobs[i]);
		jobs[i].name = paths[i];
		jobs[i].choices = choices;
		jobs[i].nchoices = nchoices;
		jobs[i].hash = true;
		jobs[i].cross_check = cross;
		assert_true(lanes_accepts(g, &jobs[i]));
		struct file_reader stream;
		enum lanes_took took = lanes_add(g, &jobs[i], &stream);
		if (took == LANES_FULL) {   /* every lane busy: alone, as the engine does */
			hash_single(&jobs[i], IO_READ, buf);
			finished++;
			continue;
		}
		assert_int_equal(took, LANES_TAKEN);
	}
	while (finished < n)
		lanes_step(g);
	lanes_destroy(g);
	read_buffer_free(buf);
}

static void test_lanes(void **state)
{
	(void)state;
	struct algo_choice choice = { .algo = algo_by_name("sha256") };
	struct lane_policy policies[FAMILY_COUNT];
	struct job jobs[2];
	char *paths[2] = { make_file(300000), make_file(200001) };

	broken_lanes(policies);
	impl_select_auto(FAMILY_SHA256, &choice.dispatch);
	for (int cross = 0; cross < 2; cross++) {
		hash_in_lanes(policies, UINT32_C(1) << FAMILY_SHA256, jobs, paths, 2, &choice, 1,
			      cross);
		for (int i = 0; i < 2; i++)
			assert_int_equal(jobs[i].result.outcome.status, cross ? FILE_DISAGREE : FILE_OK);
	}
	for (int i = 0; i < 2; i++) {
		unlink(paths[i]);
		free(paths[i]);
	}
}

/* Several algorithms per file in one group: the broken kernel is caught
 * and named (its choice's index), and the other family's digest, fed the
 * same bytes single-stream, is right. */
static void test_mixed_lanes(void **state)
{
	(void)state;
	struct algo_choice choices[2] = { { .algo = algo_by_name("crc32c") },
					  { .algo = algo_by_name("sha256") } };
	struct lane_policy policies[FAMILY_COUNT];
	uint32_t families = (UINT32_C(1) << FAMILY_CRC32C) | (UINT32_C(1) << FAMILY_SHA256);
	size_t sizes[3] = { 300000, 200001, 129 };
	struct job jobs[3];
	char *paths[3];

	for (int i = 0; i < 3; i++)
		paths[i] = make_file(sizes[i]);
	broken_lanes(policies);
	impl_select_auto(FAMILY_CRC32C, &choices[0].dispatch);
	impl_select_auto(FAMILY_SHA256, &choices[1].dispatch);
	for (int cross = 0; cross < 2; cross++) {
		hash_in_lanes(policies, families, jobs, paths, 3, choices, 2, cross);
		/* The two large files go through the broken kernel together. */
		for (int i = 0; i < 2; i++) {
			struct file_outcome *o = &jobs[i].result.outcome;
			assert_int_equal(o->status, cross ? FILE_DISAGREE : FILE_OK);
			if (cross)
				assert_int_equal(o->err, 1);   /* sha256, not crc32c */
		}
		for (int i = 0; !cross && i < 3; i++) {
			FILE *f = fopen(paths[i], "rb");
			uint8_t *data = malloc(sizes[i]), want[ALGO_MAX_DIGEST];
			assert_int_equal(fread(data, 1, sizes[i], f), sizes[i]);
			fclose(f);
			hash_buffer(choices[0].algo, job_generic_dispatch(FAMILY_CRC32C), data,
				    sizes[i], want);
			assert_memory_equal(jobs[i].result.digest[0], want, 4);
			free(data);
		}
	}
	/* A job of other families is not the group's. */
	jobs[0].nchoices = 1;
	struct lane_group *g = lanes_create(policies, families, IO_READ, on_done, NULL);
	assert_false(lanes_accepts(g, &jobs[0]));
	lanes_destroy(g);
	for (int i = 0; i < 3; i++) {
		unlink(paths[i]);
		free(paths[i]);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_single_stream),
		cmocka_unit_test(test_lanes),
		cmocka_unit_test(test_mixed_lanes),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
