/* SPDX-License-Identifier: MIT */
/* test_oracle.c - every implementation against independent code: OpenSSL's
 * libcrypto for the SHA families and MD5, libxxhash's one-shot functions
 * for the xxHash family (simdsum feeds the library's streaming state in
 * pieces and reads its canonical form: that is what is tested), ISA-L's crc32_iscsi for CRC-32C, ISA-L's
 * crc32_gzip_refl and zlib's crc32 for CRC-32, and for CRC-64/NVME (which
 * neither library has) a bit-at-a-time loop written here from the CRC
 * catalogue's parameters. */
#include <isa-l.h>
#include <openssl/evp.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

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

static void test_xxhash(void **state)
{
	const struct impl_test *t = *state;
	test_require_supported(t->impl);
	uint8_t *buf = malloc((1 << 20) + 64);
	uint8_t want[16], got[16];

	for (const struct algo *a = algos; a->name; a++) {
		if (a->family != t->impl->family)
			continue;
		for (int iter = 0; iter < 400; iter++) {
			size_t len = iter < 300 ? (size_t)iter : test_rand_len(1 << 20);
			uint8_t *p = buf + test_rand_below(64);
			test_fill_random(p, len);
			size_t splits[8], nsplits = 0, left = len;
			while (nsplits < 7 && left && test_rand_below(4)) {   /* pieces of any size */
				splits[nsplits] = test_rand_below(left + 1);
				left -= splits[nsplits++];
			}
			splits[nsplits++] = left;
			test_xxhash_digest(a, p, len, want);
			test_hash(a, t->impl, p, len, splits, nsplits, got);
			if (memcmp(want, got, a->digest_size) != 0)
				fail_msg("%s: length %zu differs from the one-shot library call", a->name,
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
		uint32_t got = t->impl->fn.crc32(seed, p, len);
		if (want != got)
			fail_msg("%s: length %zu seed %08x: %08x, ISA-L %08x", t->impl->name, len, seed,
				 got, want);
	}
	free(buf);
}

/* One pass of random buffers, offsets and raw registers through the row,
 * each compared with want(). */
typedef uint64_t (*oracle_fn)(uint64_t reg, const uint8_t *p, size_t len);

static void against(const struct impl_test *t, oracle_fn want_fn, const char *oracle)
{
	test_require_supported(t->impl);
	size_t max = 8 << 20;
	uint8_t *buf = malloc(max + 64);
	uint64_t mask = family_crc_width(t->impl->family) == 64 ? ~(uint64_t)0 : 0xffffffffu;

	test_fill_random(buf, max + 64);
	for (int iter = 0; iter < 300; iter++) {
		size_t len = iter < 200 ? test_rand_len(5000) : test_rand_len(max);
		uint8_t *p = buf + test_rand_below(64);
		uint64_t seed = ((uint64_t)test_rand() << 32 ^ (uint64_t)test_rand()) & mask;
		uint64_t want = want_fn(seed, p, len);
		uint64_t got = impl_crc(t->impl, seed, p, len);
		if (want != got)
			fail_msg("%s: length %zu seed %llx: %llx, %s %llx", t->impl->name, len,
				 (unsigned long long)seed, (unsigned long long)got, oracle,
				 (unsigned long long)want);
	}
	free(buf);
}

/* Both libraries take and return the standard (inverted) CRC. */
static uint64_t isal_crc32(uint64_t reg, const uint8_t *p, size_t len)
{
	return ~crc32_gzip_refl(~(uint32_t)reg, p, len) & 0xffffffffu;
}

static uint64_t zlib_crc32(uint64_t reg, const uint8_t *p, size_t len)
{
	uLong crc = ~(uint32_t)reg;
	/* zlib's length is a uInt: feed in pieces below 2^31. */
	while (len) {
		uInt n = len > (1u << 30) ? 1u << 30 : (uInt)len;
		crc = crc32(crc, p, n);
		p += n;
		len -= n;
	}
	return ~(uint32_t)crc;
}

/* CRC-64/NVME: reflected polynomial 0x9A6C9329AC4BC9B5, eight shifts a byte. */
static uint64_t bitwise_crc64nvme(uint64_t reg, const uint8_t *p, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		reg ^= p[i];
		for (int b = 0; b < 8; b++)
			reg = (reg >> 1) ^ (0x9a6c9329ac4bc9b5ull & (0 - (reg & 1)));
	}
	return reg;
}

static void test_crc32_isal(void **state)
{
	against(*state, isal_crc32, "ISA-L crc32_gzip_refl");
}

static void test_crc32_zlib(void **state)
{
	against(*state, zlib_crc32, "zlib crc32");
}

static void test_crc64nvme_bitwise(void **state)
{
	against(*state, bitwise_crc64nvme, "the bitwise loop");
}

int main(void)
{
	static struct test_list l;

	for (int f = 0; f < FAMILY_COUNT; f++)
		if (family_is_blocks((enum family)f))
			test_list_rows(&l, f, test_openssl, "random messages vs OpenSSL libcrypto", NULL);
	test_list_rows(&l, FAMILY_XXH64, test_xxhash,
		       "streamed in pieces vs libxxhash's one-shot XXH64", NULL);
	test_list_rows(&l, FAMILY_XXH3, test_xxhash,
		       "streamed in pieces vs libxxhash's one-shot XXH3 and XXH128", NULL);
	test_list_rows(&l, FAMILY_CRC32C, test_isal, "random buffers and seeds vs ISA-L crc32_iscsi",
		       NULL);
	test_list_rows(&l, FAMILY_CRC32, test_crc32_isal,
		       "random buffers and seeds vs ISA-L crc32_gzip_refl", NULL);
	test_list_rows(&l, FAMILY_CRC32, test_crc32_zlib, "random buffers and seeds vs zlib crc32",
		       NULL);
	test_list_rows(&l, FAMILY_CRC64NVME, test_crc64nvme_bitwise,
		       "random buffers and seeds vs a bitwise loop", NULL);
	return test_list_run("oracle", &l);
}
