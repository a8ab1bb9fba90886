/* SPDX-License-Identifier: MIT */
/* selftest.c - --selftest: published known answers through every
 * implementation this CPU runs, so a broken kernel, a miscompiled build or
 * a faulty core is caught before it prints a wrong digest.
 *
 * Single-stream rows hash each vector through the normal driver (padding,
 * length and final included), once in one update and once in uneven
 * pieces. Multi-buffer rows are plugged into the same driver through an
 * adapter that runs the whole kernel for each call: the vector in one lane
 * (a different lane each call), pseudo-random messages and states in the
 * others, which must come out as the generic transform computes them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "algo.h"
#include "check_line.h"
#include "hash.h"
#include "impl.h"
#include "lanes.h"
#include "selftest.h"
#include "xalloc.h"

#define FIPS_EXAMPLE "FIPS 180-4 example (NIST CSRC)"
#define CAVP_EMPTY "NIST CAVP ShortMsg, Len = 0"
#define MSG448 "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"
#define MSG896                                                                   \
	"abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmno" \
	"ijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu"
#define RFC1321 "RFC 1321, A.5 test suite"
#define XXHSUM "xxhsum 0.8.1, the reference implementation"
#define Z8 "\0\0\0\0\0\0\0\0"
#define F8 "\xff\xff\xff\xff\xff\xff\xff\xff"

/* For every SHA algorithm: the empty message (CAVP), and FIPS 180-4's
 * examples "abc", the 448- and 896-bit messages (one or two blocks after
 * padding, for both block sizes) and a million 'a's (many blocks, past
 * 2^23 bits of length). For MD5, RFC 1321's test suite and a million
 * 'a's. For the xxHash family, what the reference xxhsum prints (the
 * library computes it; this checks the way simdsum feeds it and reads
 * the digest). For CRC-32C: the examples of RFC 3720 (B.4), the
 * usual check value and one long message. The digests are checked
 * against OpenSSL and ISA-L by tests/unit/test_selftest.c. */
const struct selftest_vector selftest_vectors[] = {
	{ "sha1", "", 0, 1, "da39a3ee5e6b4b0d3255bfef95601890afd80709", CAVP_EMPTY },
	{ "sha1", "abc", 3, 1, "a9993e364706816aba3e25717850c26c9cd0d89d", FIPS_EXAMPLE },
	{ "sha1", MSG448, 56, 1, "84983e441c3bd26ebaae4aa1f95129e5e54670f1", FIPS_EXAMPLE },
	{ "sha1", MSG896, 112, 1, "a49b2446a02c645bf419f995b67091253a04a259", FIPS_EXAMPLE },
	{ "sha1", "a", 1, 1000000, "34aa973cd4c4daa4f61eeb2bdbad27316534016f", FIPS_EXAMPLE },

	{ "sha224", "", 0, 1, "d14a028c2a3a2bc9476102bb288234c415a2b01f828ea62ac5b3e42f", CAVP_EMPTY },
	{ "sha224", "abc", 3, 1, "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7",
	  FIPS_EXAMPLE },
	{ "sha224", MSG448, 56, 1, "75388b16512776cc5dba5da1fd890150b0c6455cb4f58b1952522525",
	  FIPS_EXAMPLE },
	{ "sha224", MSG896, 112, 1, "c97ca9a559850ce97a04a96def6d99a9e0e0e2ab14e6b8df265fc0b3",
	  FIPS_EXAMPLE },
	{ "sha224", "a", 1, 1000000, "20794655980c91d8bbb4c1ea97618a4bf03f42581948b2ee4ee7ad67",
	  FIPS_EXAMPLE },

	{ "sha256", "", 0, 1, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
	  CAVP_EMPTY },
	{ "sha256", "abc", 3, 1, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
	  FIPS_EXAMPLE },
	{ "sha256", MSG448, 56, 1,
	  "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1", FIPS_EXAMPLE },
	{ "sha256", MSG896, 112, 1,
	  "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1", FIPS_EXAMPLE },
	{ "sha256", "a", 1, 1000000,
	  "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0", FIPS_EXAMPLE },

	{ "sha384", "", 0, 1,
	  "38b060a751ac96384cd9327eb1b1e36a21fdb71114be07434c0cc7bf63f6e1da"
	  "274edebfe76f65fbd51ad2f14898b95b",
	  CAVP_EMPTY },
	{ "sha384", "abc", 3, 1,
	  "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed"
	  "8086072ba1e7cc2358baeca134c825a7",
	  FIPS_EXAMPLE },
	{ "sha384", MSG448, 56, 1,
	  "3391fdddfc8dc7393707a65b1b4709397cf8b1d162af05abfe8f450de5f36bc6"
	  "b0455a8520bc4e6f5fe95b1fe3c8452b",
	  FIPS_EXAMPLE },
	{ "sha384", MSG896, 112, 1,
	  "09330c33f71147e83d192fc782cd1b4753111b173b3b05d22fa08086e3b0f712"
	  "fcc7c71a557e2db966c3e9fa91746039",
	  FIPS_EXAMPLE },
	{ "sha384", "a", 1, 1000000,
	  "9d0e1809716474cb086e834e310a4a1ced149e9c00f248527972cec5704c2a5b"
	  "07b8b3dc38ecc4ebae97ddd87f3d8985",
	  FIPS_EXAMPLE },

	{ "sha512", "", 0, 1,
	  "cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce"
	  "47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e",
	  CAVP_EMPTY },
	{ "sha512", "abc", 3, 1,
	  "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
	  "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f",
	  FIPS_EXAMPLE },
	{ "sha512", MSG448, 56, 1,
	  "204a8fc6dda82f0a0ced7beb8e08a41657c16ef468b228a8279be331a703c335"
	  "96fd15c13b1b07f9aa1d3bea57789ca031ad85c7a71dd70354ec631238ca3445",
	  FIPS_EXAMPLE },
	{ "sha512", MSG896, 112, 1,
	  "8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018"
	  "501d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909",
	  FIPS_EXAMPLE },
	{ "sha512", "a", 1, 1000000,
	  "e718483d0ce769644e2e42c7bc15b4638e1f98b13b2044285632a803afa973eb"
	  "de0ff244877ea60a4cb0432ce577c31beb009c5c2c49aa2e4eadb217ad8cc09b",
	  FIPS_EXAMPLE },

	{ "md5", "", 0, 1, "d41d8cd98f00b204e9800998ecf8427e", RFC1321 },
	{ "md5", "a", 1, 1, "0cc175b9c0f1b6a831c399e269772661", RFC1321 },
	{ "md5", "abc", 3, 1, "900150983cd24fb0d6963f7d28e17f72", RFC1321 },
	{ "md5", "message digest", 14, 1, "f96b697d7cb7938d525a2f31aaf161d0", RFC1321 },
	{ "md5", "abcdefghijklmnopqrstuvwxyz", 26, 1, "c3fcd3d76192e4007dfb496cca67e13b", RFC1321 },
	{ "md5", "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", 62, 1,
	  "d174ab98d277d9f5a5611c2c9f419d9f", RFC1321 },
	{ "md5", "1234567890", 10, 8, "57edf4a22be3c955ac49da2e2107b67a", RFC1321 },
	{ "md5", "a", 1, 1000000, "7707d6ae4e027c70eea2a935c2296f21",
	  "NESSIE MD5 set 1, a million 'a's" },

	{ "xxh64", "", 0, 1, "ef46db3751d8e999", XXHSUM },
	{ "xxh64", "abc", 3, 1, "44bc2cf5ad770999", XXHSUM },
	{ "xxh64", "123456789", 9, 1, "8cb841db40e6ae83", XXHSUM },
	{ "xxh64", "a", 1, 1000000, "dc483aaa9b4fdc40", XXHSUM },
	{ "xxh3", "", 0, 1, "2d06800538d394c2", XXHSUM },
	{ "xxh3", "abc", 3, 1, "78af5f94892f3950", XXHSUM },
	{ "xxh3", "123456789", 9, 1, "72dcb18b67a17dff", XXHSUM },
	{ "xxh3", "a", 1, 1000000, "b1fd6fae5285c4eb", XXHSUM },
	{ "xxh128", "", 0, 1, "99aa06d3014798d86001c324468d497f", XXHSUM },
	{ "xxh128", "abc", 3, 1, "06b05ab6733a618578af5f94892f3950", XXHSUM },
	{ "xxh128", "123456789", 9, 1, "33119477ede5dcd5e9716427681d5860", XXHSUM },
	{ "xxh128", "a", 1, 1000000, "a545df8e384a9579b1fd6fae5285c4eb", XXHSUM },

	{ "crc32c", Z8 Z8 Z8 Z8, 32, 1, "8a9136aa", "RFC 3720 B.4, 32 bytes of zeros" },
	{ "crc32c", F8 F8 F8 F8, 32, 1, "62a8ab43", "RFC 3720 B.4, 32 bytes of ones" },
	{ "crc32c",
	  "\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f"
	  "\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f",
	  32, 1, "46dd794e", "RFC 3720 B.4, 32 incrementing bytes" },
	{ "crc32c",
	  "\x1f\x1e\x1d\x1c\x1b\x1a\x19\x18\x17\x16\x15\x14\x13\x12\x11\x10"
	  "\x0f\x0e\x0d\x0c\x0b\x0a\x09\x08\x07\x06\x05\x04\x03\x02\x01\x00",
	  32, 1, "113fdb5c", "RFC 3720 B.4, 32 decrementing bytes" },
	{ "crc32c",
	  "\x01\xc0\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
	  "\x14\x00\x00\x00\x00\x00\x04\x00\x00\x00\x00\x14\x00\x00\x00\x18"
	  "\x28\x00\x00\x00\x00\x00\x00\x00\x02\x00\x00\x00\x00\x00\x00\x00",
	  48, 1, "d9963a56", "RFC 3720 B.4, an iSCSI read command PDU" },
	{ "crc32c", "123456789", 9, 1, "e3069283", "the CRC catalogue's check value" },
	/* Long enough for every folding path (the RFC's are 32-48 bytes):
	 * the value is ISA-L's crc32_iscsi, checked by the unit test. */
	{ "crc32c", "a", 1, 1000000, "436fe240", "ISA-L crc32_iscsi" },

	{ "crc32", "123456789", 9, 1, "cbf43926", "the CRC catalogue's check value" },
	{ "crc32", Z8 Z8 Z8 Z8, 32, 1, "190a55ad", "the AWS SDKs' tests, 32 bytes of zeros" },
	{ "crc32", "The quick brown fox jumps over the lazy dog", 43, 1, "414fa339",
	  "zlib crc32" },
	{ "crc32", "a", 1, 1000000, "dc25bfbc", "zlib crc32 (Python's zlib.crc32)" },

	{ "crc64nvme", "123456789", 9, 1, "ae8b14860a799888", "the CRC catalogue's check value" },
	{ "crc64nvme", Z8 Z8 Z8 Z8, 32, 1, "cf3473434d4ecf3b",
	  "aws-c-checksums' tests, 32 bytes of zeros" },
	{ "crc64nvme", "aaaaaaaaaa", 10, 1, "0c1a80036d65c555", "aws-c-s3's tests" },
	{ "crc64nvme", "\0", 1, 4096, "6482d367eb22b64e",
	  "NVM Command Set 1.0c, as SPDK's tests: 4 KiB of zeros" },
	{ "crc64nvme", "\xff", 1, 4096, "c0ddba7302eca3ac",
	  "NVM Command Set 1.0c, as SPDK's tests: 4 KiB of ones" },
	/* Long enough for every folding path: the CRC catalogue's
	 * parameters bit by bit (in Python), checked again by the unit test. */
	{ "crc64nvme", "a", 1, 1000000, "38b0ef50419e0b4c", "a bitwise reference" },
	{ 0 },
};

/* The message of the vector being run (the million 'a's take 1 MB). */
static uint8_t *message_buf;

/* Builds the vector's message one byte past a malloc boundary, so that no
 * kernel can rely on alignment, in a buffer that ends with it (for the
 * sanitizers). */
static const uint8_t *vector_message(const struct selftest_vector *v, size_t *len)
{
	*len = v->len * v->repeat;
	free(message_buf);
	message_buf = xmalloc(*len + 1);
	uint8_t *msg = message_buf + 1;
	if (v->len == 1)
		memset(msg, v->message[0], v->repeat);
	else
		for (size_t i = 0; i < v->repeat; i++)
			memcpy(msg + i * v->len, v->message, v->len);
	return msg;
}

/* One vector through one dispatch: in one update, then in pieces of
 * 1, 63, 1000 and 4097 bytes in turn (crossing block edges everywhere). */
static bool check_vector(const struct selftest_vector *v, const struct dispatch *d)
{
	static const size_t pieces[] = { 1, 63, 1000, 4097 };
	const struct algo *algo = algo_by_name(v->algo);
	uint8_t digest[ALGO_MAX_DIGEST];
	struct hash_ctx ctx;
	size_t len;
	const uint8_t *msg = vector_message(v, &len);

	if (!algo)
		return false;
	hash_buffer(algo, d, msg, len, digest);
	if (!check_digest_matches(v->digest, strlen(v->digest), digest, algo->digest_size))
		return false;

	hash_init(&ctx, algo, d);
	for (size_t off = 0, i = 0; off < len; i++) {
		size_t n = pieces[i % 4] < len - off ? pieces[i % 4] : len - off;
		hash_update(&ctx, msg + off, n);
		off += n;
	}
	hash_final(&ctx, digest);
	return check_digest_matches(v->digest, strlen(v->digest), digest, algo->digest_size);
}

/* --- multi-buffer rows through the single-stream driver ------------------- */

/* The row the adapters below drive, and what they found. A file-scope
 * variable because a transform pointer carries no context; --selftest
 * runs on one thread. */
static struct {
	const struct impl *row;
	unsigned calls;
	bool other_lanes_ok;
} mb;

static uint64_t mix(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

static void generic_blocks(enum family f, void *state, const uint8_t *p, size_t nblocks)
{
	impl_blocks(impl_generic(f), state, p, nblocks);
}

/* Below this many calls per row, or from this many blocks in a call, the
 * other lanes get messages of their own, checked against generic; the
 * other calls (one block each, from the driver's buffer, thousands of
 * them for the million 'a's in pieces) give every lane the same message,
 * and the lanes must agree. This keeps --selftest well under a second. */
#define MB_VERIFY_CALLS 64
#define MB_VERIFY_BLOCKS 1000

/* Runs the multi-buffer kernel once: the caller's state and data in one
 * lane (a different one each call), and in the others either messages
 * and states of their own (lanes overlap in one scratch buffer at
 * different offsets, so no two are the same) checked against the generic
 * transform, or copies of the caller's, which must give the same words. */
static void mb_blocks(void *state, const uint8_t *p, size_t nblocks)
{
	const struct impl *k = mb.row;
	enum family f = k->family;
	size_t state_bytes = family_state_bytes(f);
	bool verify = mb.calls < MB_VERIFY_CALLS || nblocks >= MB_VERIFY_BLOCKS;
	unsigned target = mb.calls++ % k->lanes;
	uint64_t st[LANES_MAX][8], want[LANES_MAX][8], seed = 0x9e3779b97f4a7c15ull + mb.calls;
	void *sp[LANES_MAX];
	const uint8_t *dp[LANES_MAX];
	size_t span = verify ? nblocks * impl_block_size(f) + 8 * LANES_MAX : 0;
	uint8_t *scratch = verify ? xmalloc(span) : NULL;

	for (size_t i = 0; i < span; i++)
		scratch[i] = (uint8_t)(mix(&seed) >> 24);
	for (unsigned i = 0; i < k->lanes; i++) {
		sp[i] = st[i];
		if (i == target || !verify) {
			memcpy(st[i], state, state_bytes);
			dp[i] = p;
			continue;
		}
		for (size_t w = 0; w < 8; w++)
			st[i][w] = mix(&seed);
		memcpy(want[i], st[i], sizeof want[i]);
		dp[i] = scratch + 8 * i + i % 3;
		generic_blocks(f, want[i], dp[i], nblocks);
	}
	impl_mblocks(k, sp, dp, nblocks);
	for (unsigned i = 0; i < k->lanes; i++)
		if (i != target && memcmp(st[i], verify ? want[i] : st[target], state_bytes) != 0)
			mb.other_lanes_ok = false;
	memcpy(state, st[target], state_bytes);
	free(scratch);
}

static void mb_words32(uint32_t *state, const uint8_t *p, size_t nblocks)
{
	mb_blocks(state, p, nblocks);
}

static void mb_words64(uint64_t *state, const uint8_t *p, size_t nblocks)
{
	mb_blocks(state, p, nblocks);
}

/* A single-stream row that runs the multi-buffer row k (see mb_blocks). */
static struct impl mb_adapter(const struct impl *k)
{
	struct impl a = { .family = k->family, .name = k->name };

	if (family_desc(k->family)->word_bytes == 8)
		a.fn.sha512 = mb_words64;
	else
		a.fn.sha256 = mb_words32;
	return a;
}

/* --- the report ------------------------------------------------------------ */

/* Every vector of the row's family; how many there were in *count. On a
 * failure, what failed goes into why. */
static bool check_row(const struct impl *row, unsigned *count, char *why, size_t size)
{
	struct impl adapter;
	struct dispatch d;

	if (impl_is_multibuffer(row)) {
		adapter = mb_adapter(row);
		mb.row = row;
		mb.calls = 0;
		mb.other_lanes_ok = true;
		row = &adapter;
	}
	impl_select_one(row, &d);
	*count = 0;
	why[0] = '\0';
	for (const struct selftest_vector *v = selftest_vectors; v->algo; v++) {
		const struct algo *a = algo_by_name(v->algo);
		if (!a || a->family != row->family)
			continue;
		(*count)++;
		if (!check_vector(v, &d) && !why[0])
			snprintf(why, size, "%s of %zu bytes, %s", v->algo, v->len * v->repeat,
				 v->source);
	}
	if (row == &adapter && !mb.other_lanes_ok && !why[0])
		snprintf(why, size, "a lane disagrees with generic");
	if (*count == 0)
		snprintf(why, size, "no vectors");
	return !why[0];
}

bool selftest_run(void)
{
	bool all_ok = true;
	unsigned ok = 0, failed = 0, skipped = 0;

	for (int f = 0; f < FAMILY_COUNT; f++) {
		/* "sha224,sha256": one word, so that the columns parse */
		char label[40];
		const char *names = family_desc((enum family)f)->algorithms;
		size_t n = 0;
		for (; *names && n + 1 < sizeof label; names++)
			if (*names != ' ')
				label[n++] = *names;
		label[n] = '\0';
		for (const struct impl *i = impl_table((enum family)f); i->name; i++) {
			char what[300];
			cpu_features missing = impl_missing(i);
			unsigned count;

			if (missing) {
				cpu_features_format(missing, ",", what, sizeof what);
				printf("%-14s %-10s skipped: missing %s\n", label, i->name, what);
				skipped++;
				continue;
			}
			bool row_ok = check_row(i, &count, what, sizeof what);
			if (row_ok)
				printf("%-14s %-10s ok (%u vectors%s)\n", label, i->name,
				       count, impl_is_multibuffer(i) ? ", every lane" : "");
			else
				printf("%-14s %-10s FAILED: %s\n", label, i->name, what);
			if (row_ok)
				ok++;
			else
				failed++;
			all_ok &= row_ok;
		}
	}
	free(message_buf);
	message_buf = NULL;
	printf("%u ok, %u FAILED, %u skipped\n", ok, failed, skipped);
	return all_ok;
}
