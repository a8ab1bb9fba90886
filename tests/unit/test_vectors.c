/* SPDX-License-Identifier: MIT */
/* test_vectors.c - known answers through every implementation: the NIST
 * CAVP byte-oriented SHA vectors (ShortMsg, LongMsg, Monte Carlo) and the
 * CRC-32C vectors of RFC 3720 and others (../shared/vectors). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "crc32c.h"
#include "testlib.h"

/* --- NIST .rsp files ------------------------------------------------------ */

struct msg_vector {
	uint8_t *msg;
	size_t len;
	uint8_t md[64];
};

struct vector_set {
	struct msg_vector *v;
	size_t n;
	uint8_t seed[64];       /* Monte Carlo */
	uint8_t monte_md[100][64];
	size_t nmonte;
};

static char *strip(char *line)
{
	size_t n = strlen(line);
	while (n && (line[n - 1] == '\n' || line[n - 1] == '\r'))
		line[--n] = '\0';
	return line;
}

/* Reads "Len = / Msg = / MD =" records, or "Seed = / MD =" for Monte. */
static void load_rsp(const char *file, struct vector_set *set)
{
	FILE *f = fopen(test_vector_path(file), "r");
	if (!f)
		fail_msg("cannot open %s (set SIMDSUM_VECTORS)", test_vector_path(file));
	char *line = NULL;
	size_t cap = 0;
	long bits = -1;
	uint8_t *msg = NULL;
	size_t msglen = 0;

	while (getline(&line, &cap, f) > 0) {
		strip(line);
		if (strncmp(line, "Len = ", 6) == 0) {
			bits = atol(line + 6);
		} else if (strncmp(line, "Msg = ", 6) == 0) {
			size_t hexlen = strlen(line + 6);
			msg = malloc(hexlen / 2 + 1);
			msglen = test_unhex(line + 6, msg, hexlen / 2);
			assert_true(bits >= 0 && bits % 8 == 0);
			/* Len = 0 comes with Msg = 00: the length rules. */
			msglen = (size_t)bits / 8;
		} else if (strncmp(line, "Seed = ", 7) == 0) {
			test_unhex(line + 7, set->seed, sizeof set->seed);
		} else if (strncmp(line, "MD = ", 5) == 0) {
			if (msg) {
				set->v = realloc(set->v, (set->n + 1) * sizeof *set->v);
				struct msg_vector *v = &set->v[set->n++];
				v->msg = msg;
				v->len = msglen;
				test_unhex(line + 5, v->md, sizeof v->md);
				msg = NULL;
			} else {
				assert_true(set->nmonte < 100);
				test_unhex(line + 5, set->monte_md[set->nmonte++], 64);
			}
		}
	}
	free(line);
	fclose(f);
	assert_true(set->n > 0 || set->nmonte == 100);
}

static const struct vector_set *vectors(const char *tag, const char *kind)
{
	static struct {
		char key[32];
		struct vector_set set;
	} cache[16];
	static int ncache;
	char key[32], file[64];

	snprintf(key, sizeof key, "%s%s", tag, kind);
	for (int i = 0; i < ncache; i++)
		if (strcmp(cache[i].key, key) == 0)
			return &cache[i].set;
	assert_true(ncache < 16);
	snprintf(file, sizeof file, "nist/%s%s.rsp", tag, kind);
	snprintf(cache[ncache].key, sizeof cache[ncache].key, "%s", key);
	load_rsp(file, &cache[ncache].set);
	return &cache[ncache++].set;
}

static void nist_messages(const struct impl *impl, const struct algo *algo, const char *kind)
{
	const struct vector_set *set = vectors(algo->tag, kind);
	uint8_t md[64];

	for (size_t i = 0; i < set->n; i++) {
		test_hash(algo, impl, set->v[i].msg, set->v[i].len, NULL, 0, md);
		if (memcmp(md, set->v[i].md, algo->digest_size) != 0)
			fail_msg("%s %s %s: record %zu (%zu bytes) differs", algo->name, impl->name,
				 kind, i, set->v[i].len);
	}
}

/* M0 = M1 = M2 = seed; M_i = H(M_{i-3} || M_{i-2} || M_{i-1}) for
 * i = 3..1002; the checkpoint is M_1002 and seeds the next one. */
static void nist_monte(const struct impl *impl, const struct algo *algo)
{
	const struct vector_set *set = vectors(algo->tag, "Monte");
	size_t d = algo->digest_size;
	uint8_t seed[64], m[3][64], buf[192];

	memcpy(seed, set->seed, d);
	for (size_t j = 0; j < set->nmonte; j++) {
		for (int k = 0; k < 3; k++)
			memcpy(m[k], seed, d);
		for (int i = 3; i < 1003; i++) {
			memcpy(buf, m[0], d);
			memcpy(buf + d, m[1], d);
			memcpy(buf + 2 * d, m[2], d);
			memmove(m[0], m[1], d);
			memmove(m[1], m[2], d);
			test_hash(algo, impl, buf, 3 * d, NULL, 0, m[2]);
		}
		memcpy(seed, m[2], d);
		if (memcmp(seed, set->monte_md[j], d) != 0)
			fail_msg("%s %s Monte checkpoint %zu differs", algo->name, impl->name, j);
	}
}

static void test_nist(void **state)
{
	const struct impl_test *t = *state;
	test_require_supported(t->impl);
	for (const struct algo *a = algos; a->name; a++) {
		if (a->family != t->impl->family)
			continue;
		nist_messages(t->impl, a, "ShortMsg");
		nist_messages(t->impl, a, "LongMsg");
		nist_monte(t->impl, a);
	}
}

/* --- CRC-32C ------------------------------------------------------------ */

/* Lines: name hexdata|- crc [seed]; seeded lines are raw register form. */
static void test_crc_vectors(void **state)
{
	const struct impl_test *t = *state;
	test_require_supported(t->impl);
	FILE *f = fopen(test_vector_path("crc32c.txt"), "r");
	assert_non_null(f);
	char *line = NULL;
	size_t cap = 0;
	int count = 0;
	uint8_t *data = malloc(1 << 20);

	while (getline(&line, &cap, f) > 0) {
		char name[128], hex[1 << 14], crc_s[16], seed_s[16];
		if (line[0] == '#' || line[0] == '\n')
			continue;
		int fields = sscanf(line, "%127s %16383s %15s %15s", name, hex, crc_s, seed_s);
		assert_true(fields >= 3);
		size_t len = strcmp(hex, "-") == 0 ? 0 : test_unhex(hex, data, 1 << 20);
		uint32_t want = (uint32_t)strtoul(crc_s, NULL, 16);
		uint32_t got;
		if (fields == 4)
			got = t->impl->fn.crc32((uint32_t)strtoul(seed_s, NULL, 16), data, len);
		else
			got = ~t->impl->fn.crc32(~0u, data, len);
		if (got != want)
			fail_msg("%s: %s: got %08x want %08x", t->impl->name, name, got, want);
		count++;
	}
	free(line);
	free(data);
	fclose(f);
	assert_true(count >= 150);
}

int main(void)
{
	static struct CMUnitTest tests[64];
	static struct impl_test states[64];
	size_t n = 0;

	for (int f = FAMILY_SHA1; f <= FAMILY_SHA512; f++)
		n += test_add_impl_tests(tests + n, states + n, 64 - n, f, test_nist,
					 "NIST CAVP ShortMsg, LongMsg, Monte", NULL);
	n += test_add_impl_tests(tests + n, states + n, 64 - n, FAMILY_CRC32C, test_crc_vectors,
				 "crc32c.txt vectors", NULL);
	return _cmocka_run_group_tests("vectors", tests, n, NULL, NULL);
}
