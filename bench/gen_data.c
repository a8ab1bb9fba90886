/* SPDX-License-Identifier: MIT */
/* gen_data.c - reproducible benchmark inputs from a seed: one large file,
 * or a tree of small files whose sizes are log-uniform, so every run and
 * every machine hashes the same bytes without committing them.
 *
 *   gen_data file PATH BYTES SEED
 *   gen_data tree DIR COUNT MAX_BYTES SEED   (DIR/dNNN/fNNNNNN, 100 a folder)
 */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define FILES_PER_DIR 100

/* splitmix64: tiny, fast, and the same sequence everywhere. */
static uint64_t next(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15u);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
	return z ^ (z >> 31);
}

static int write_random(const char *path, uint64_t bytes, uint64_t *state)
{
	static uint64_t block[8192];
	FILE *f = fopen(path, "wb");

	if (!f) {
		fprintf(stderr, "gen_data: %s: %s\n", path, strerror(errno));
		return -1;
	}
	while (bytes) {
		size_t n = bytes < sizeof block ? (size_t)bytes : sizeof block;
		for (size_t i = 0; i < (n + 7) / 8; i++)
			block[i] = next(state);
		if (fwrite(block, 1, n, f) != n)
			break;
		bytes -= n;
	}
	if (fclose(f) != 0 || bytes) {
		fprintf(stderr, "gen_data: %s: write failed\n", path);
		return -1;
	}
	return 0;
}

/* A size in [1, max], its logarithm uniform: as many files of 1-2 bytes
 * as of 32-64 KiB, which is how the sizes of real trees spread. */
static uint64_t log_uniform(uint64_t *state, uint64_t max)
{
	double u = (double)(next(state) >> 11) / 9007199254740992.0;   /* [0, 1) */
	uint64_t size = (uint64_t)exp2(u * log2((double)max + 1.0));
	return size < 1 ? 1 : size > max ? max : size;
}

static int make_tree(const char *dir, unsigned long count, uint64_t max, uint64_t seed)
{
	char path[4096];
	uint64_t state = seed;

	if (mkdir(dir, 0755) != 0 && errno != EEXIST) {
		fprintf(stderr, "gen_data: %s: %s\n", dir, strerror(errno));
		return 1;
	}
	for (unsigned long i = 0; i < count; i++) {
		if (i % FILES_PER_DIR == 0) {
			snprintf(path, sizeof path, "%s/d%03lu", dir, i / FILES_PER_DIR);
			if (mkdir(path, 0755) != 0 && errno != EEXIST) {
				fprintf(stderr, "gen_data: %s: %s\n", path, strerror(errno));
				return 1;
			}
		}
		uint64_t size = log_uniform(&state, max);
		snprintf(path, sizeof path, "%s/d%03lu/f%06lu", dir, i / FILES_PER_DIR, i);
		if (write_random(path, size, &state) != 0)
			return 1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 5 && strcmp(argv[1], "file") == 0) {
		uint64_t state = strtoull(argv[4], NULL, 0);
		return write_random(argv[2], strtoull(argv[3], NULL, 0), &state) ? 1 : 0;
	}
	if (argc == 6 && strcmp(argv[1], "tree") == 0)
		return make_tree(argv[2], strtoul(argv[3], NULL, 0), strtoull(argv[4], NULL, 0),
				 strtoull(argv[5], NULL, 0));
	fprintf(stderr, "usage: gen_data file PATH BYTES SEED\n"
			"       gen_data tree DIR COUNT MAX_BYTES SEED\n");
	return 2;
}
