/* test_oracle.c - every implementation against independent code: OpenSSL's
 * libcrypto for the SHA family, ISA-L's crc32_iscsi for CRC-32C. */
#include <isa-l.h>
#include <openssl/evp.h>
#include <stdlib.h>
#include <string.h>

#include "testlib.h"

static void openssl_digest(const struct algo *algo, const uint8_t *p, size_t len, uint8_t *out)
{
	unsigned outlen = 0;
	const EVP_MD *md = EVP_get_digestbyname(algo->name);
	assert_non_null(md);
	assert_int_equal(EVP_Digest(p, len, out, &outlen, md, NULL), 1);
	assert_int_equal(outlen, algo->digest_size);
}

static void test_openssl(void **state)
{
	const struct impl_test *t = *state;
	test_require_supported(t->impl);
	uint8_t *buf = malloc((1 << 20) + 64);
	uint8_t want[64], got[64];

	for (const struct algo *a = algos; a->name; a++) {
		if (a->family != t->impl->family)
			continue;
		for (int iter = 0; iter < 200; iter++) {
			size_t len = iter < 150 ? test_rand_len(2048) : test_rand_len(1 << 20);
			uint8_t *p = buf + test_rand_below(64);
			test_fill_random(p, len);
			openssl_digest(a, p, len, want);
			test_hash(a, t->impl, p, len, NULL, 0, got);
			if (memcmp(want, got, a->digest_size) != 0)
				fail_msg("%s %s: length %zu differs from OpenSSL", a->name, t->impl->name,
					 len);
		}
	}
	free(buf);
}

static void test_isal(void **state)
{
	const struct impl_test *t = *state;
	test_require_supported(t->impl);
	uint8_t *buf = malloc((8 << 20) + 64);

	test_fill_random(buf, (8 << 20) + 64);
	for (int iter = 0; iter < 300; iter++) {
		size_t len = iter < 200 ? test_rand_len(5000) : test_rand_len(8 << 20);
		uint8_t *p = buf + test_rand_below(64);
		uint32_t seed = (uint32_t)test_rand();
		/* crc32_iscsi is the raw register form, like our transforms. */
		uint32_t want = crc32_iscsi(p, (int)len, seed);
		uint32_t got = t->impl->fn.crc32c(seed, p, len);
		if (want != got)
			fail_msg("%s: length %zu seed %08x: %08x, ISA-L %08x", t->impl->name, len, seed,
				 got, want);
	}
	free(buf);
}

int main(void)
{
	enum { MAX = 64 };
	static struct CMUnitTest tests[MAX];
	static struct impl_test states[MAX];
	size_t n = 0;

	for (int f = FAMILY_SHA1; f <= FAMILY_SHA512; f++)
		n += test_add_impl_tests(tests + n, states + n, MAX - n, f, test_openssl,
					 "random messages vs OpenSSL libcrypto", NULL);
	n += test_add_impl_tests(tests + n, states + n, MAX - n, FAMILY_CRC32C, test_isal,
				 "random buffers and seeds vs ISA-L crc32_iscsi", NULL);
	return _cmocka_run_group_tests("oracle", tests, n, NULL, NULL);
}
