/* SPDX-License-Identifier: MIT */
/* test_selftest.c - the vectors compiled into --selftest are what
 * independent code computes (OpenSSL's libcrypto, ISA-L's crc32_iscsi, zlib's
 * crc32, a bitwise CRC-64/NVME),
 * they cover every algorithm, and the self-test passes on this CPU. */
#include <isa-l.h>
#include <openssl/evp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "bytes.h"
#include "check_line.h"
#include "selftest.h"
#include "testlib.h"

static uint8_t *message_of(const struct selftest_vector *v, size_t *len)
{
	*len = v->len * v->repeat;
	uint8_t *p = malloc(*len + 1);
	assert_non_null(p);
	for (size_t i = 0; i < v->repeat; i++)
		memcpy(p + i * v->len, v->message, v->len);
	return p;
}

static void oracle_digest(const struct algo *algo, const uint8_t *p, size_t len, uint8_t *out)
{
	if (!family_is_blocks(algo->family) && !family_is_crc(algo->family)) {
		test_xxhash_digest(algo, p, len, out);   /* the library's one-shot call */
		return;
	}
	if (algo->family == FAMILY_CRC32C) {
		/* crc32_iscsi is the raw register form and takes an int length. */
		store_be32(out, ~crc32_iscsi((uint8_t *)p, (int)len, 0xffffffffu));
		return;
	}
	if (algo->family == FAMILY_CRC32) {
		store_be32(out, (uint32_t)crc32(0, p, (uInt)len));   /* zlib */
		return;
	}
	if (algo->family == FAMILY_CRC64NVME) {
		/* No library has it: the CRC catalogue's parameters, bit by bit. */
		uint64_t reg = ~(uint64_t)0;
		for (size_t i = 0; i < len; i++) {
			reg ^= p[i];
			for (int b = 0; b < 8; b++)
				reg = (reg >> 1) ^ (0x9a6c9329ac4bc9b5ull & (0 - (reg & 1)));
		}
		store_be64(out, ~reg);
		return;
	}
	unsigned outlen = 0;
	const EVP_MD *md = EVP_get_digestbyname(algo->name);
	assert_non_null(md);
	assert_int_equal(EVP_Digest(p, len, out, &outlen, md, NULL), 1);
	assert_int_equal(outlen, algo->digest_size);
}

static void test_vectors_match_oracles(void **state)
{
	(void)state;
	unsigned n = 0;

	for (const struct selftest_vector *v = selftest_vectors; v->algo; v++, n++) {
		const struct algo *a = algo_by_name(v->algo);
		uint8_t want[ALGO_MAX_DIGEST];
		size_t len;

		assert_non_null(a);
		assert_int_equal(strlen(v->digest), 2 * a->digest_size);
		uint8_t *msg = message_of(v, &len);
		oracle_digest(a, msg, len, want);
		if (!check_digest_matches(v->digest, strlen(v->digest), want, a->digest_size))
			fail_msg("vector %u (%s, %zu bytes, %s) disagrees with the oracle", n, v->algo,
				 len, v->source);
		free(msg);
	}
	assert_true(n >= 30);
}

/* At least the empty message (not for the CRCs), one short and one long
 * message of more than a megabyte's worth of blocks per algorithm. */
static void test_vectors_cover_every_algorithm(void **state)
{
	(void)state;
	for (const struct algo *a = algos; a->name; a++) {
		unsigned count = 0, empty = 0, longer = 0;
		for (const struct selftest_vector *v = selftest_vectors; v->algo; v++) {
			if (strcmp(v->algo, a->name) != 0)
				continue;
			count++;
			empty += v->len * v->repeat == 0;
			longer += v->len * v->repeat >= 1000000;
		}
		if (count < 4 || longer < 1 || (!family_is_crc(a->family) && empty < 1))
			fail_msg("%s: %u vectors, %u empty, %u long", a->name, count, empty, longer);
	}
}

static void test_selftest_passes(void **state)
{
	(void)state;
	assert_true(selftest_run());
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_vectors_match_oracles),
		cmocka_unit_test(test_vectors_cover_every_algorithm),
		cmocka_unit_test(test_selftest_passes),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
