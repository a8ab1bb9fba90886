/* SPDX-License-Identifier: MIT */
/* cross_test.c - the known-answer and differential tests in one program
 * with no test framework, for targets whose cmocka, OpenSSL and ISA-L are
 * not installed (aarch64 and big-endian s390x under qemu-user; make
 * check-cross). It runs on x86-64 too.
 *
 *   - the NIST CAVP SHA vectors (ShortMsg, LongMsg, Monte Carlo) and the
 *     CRC-32C vectors of ../shared/vectors through every implementation
 *     this CPU runs, in one update and split at every position (short
 *     messages) or at random positions;
 *   - every implementation against generic on random messages and splits,
 *     multi-buffer rows lane by lane;
 *   - --selftest's vectors (every CRC: CRC-32C, CRC-32, CRC-64/NVME), and
 *     crc_combine against the CRC of the joined message, every CRC.
 *
 *   cross_test [VECTORS_DIR]     (default: the one compiled in) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "crc32c.h"
#include "hash.h"
#include "impl.h"
#include "lanes.h"
#include "selftest.h"

static const char *vectors_dir = VECTORS_DIR;
static unsigned long checks, failures;

#define EXPECT(cond, ...)                                  \
	do {                                               \
		checks++;                                  \
		if (!(cond)) {                             \
			failures++;                        \
			fprintf(stderr, "FAIL: " __VA_ARGS__); \
			fputc('\n', stderr);               \
		}                                          \
	} while (0)

/* A fixed xorshift: the same messages on every architecture. */
static uint64_t rng = 0x5eed5eed5eed5eedull;

static uint64_t rnd(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

static void fill(uint8_t *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		p[i] = (uint8_t)(rnd() >> 32);
}

static size_t unhex(const char *s, uint8_t *out, size_t cap)
{
	size_t n = 0;
	int hi, lo;   /* one hex digit each, or -1 */
	while (n < cap && (hi = hex_digit_value((unsigned char)s[0])) >= 0 &&
	       (lo = hex_digit_value((unsigned char)s[1])) >= 0) {
		out[n++] = (uint8_t)(hi << 4 | lo);
		s += 2;
	}
	return n;
}

/* Hashes msg through impl, split at the given offsets (none: one update). */
static void hash_split(const struct algo *a, const struct impl *impl, const uint8_t *msg,
		       size_t len, const size_t *cuts, size_t ncuts, uint8_t *out)
{
	struct dispatch d;
	struct hash_ctx ctx;
	size_t off = 0;

	impl_select_one(impl, &d);
	hash_init(&ctx, a, &d);
	for (size_t i = 0; i < ncuts; i++) {
		hash_update(&ctx, msg + off, cuts[i] - off);
		off = cuts[i];
	}
	hash_update(&ctx, msg + off, len - off);
	hash_final(&ctx, out);
}

/* Every single-stream row of a's family this CPU runs: one update, then
 * one cut at every position up to 300 bytes (else 40 random cuts). */
static void check_message(const struct algo *a, const uint8_t *msg, size_t len,
			  const uint8_t *want, const char *what)
{
	uint8_t got[ALGO_MAX_DIGEST];

	for (const struct impl *k = impl_table(a->family); k->name; k++) {
		if (impl_is_multibuffer(k) || impl_missing(k))
			continue;
		hash_split(a, k, msg, len, NULL, 0, got);
		EXPECT(memcmp(got, want, a->digest_size) == 0, "%s/%s: %s", a->name, k->name, what);
		if (len <= 300) {
			for (size_t cut = 1; cut < len; cut++) {
				hash_split(a, k, msg, len, &cut, 1, got);
				EXPECT(memcmp(got, want, a->digest_size) == 0, "%s/%s: %s split at %zu",
				       a->name, k->name, what, cut);
			}
		} else {
			size_t cuts[40];
			for (size_t i = 0; i < 40; i++)
				cuts[i] = (i ? cuts[i - 1] : 0) + rnd() % (len / 40 + 1);
			hash_split(a, k, msg, len, cuts, 40, got);
			EXPECT(memcmp(got, want, a->digest_size) == 0, "%s/%s: %s in 41 pieces", a->name,
			       k->name, what);
		}
	}
}

/* --- NIST CAVP ------------------------------------------------------------ */

static FILE *open_vector(const char *name)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/%s", vectors_dir, name);
	FILE *f = fopen(path, "r");
	if (!f) {
		fprintf(stderr, "cross_test: cannot open %s\n", path);
		exit(2);
	}
	return f;
}

/* ShortMsg and LongMsg: "Len = bits", "Msg = hex", "MD = hex". */
static void nist_messages(const struct algo *a, const char *file)
{
	FILE *f = open_vector(file);
	char *line = NULL;
	size_t cap = 0, nvec = 0;
	long bits = -1;
	uint8_t *msg = NULL, md[64];

	while (getline(&line, &cap, f) > 0) {
		if (strncmp(line, "Len = ", 6) == 0) {
			bits = atol(line + 6);
		} else if (strncmp(line, "Msg = ", 6) == 0) {
			free(msg);
			msg = malloc(strlen(line) / 2 + 1);
			unhex(line + 6, msg, strlen(line) / 2);
		} else if (strncmp(line, "MD = ", 5) == 0 && msg && bits >= 0) {
			char what[64];
			unhex(line + 5, md, sizeof md);
			snprintf(what, sizeof what, "%s Len=%ld", file, bits);
			/* Len = 0 comes with Msg = 00: the length rules. */
			check_message(a, msg, (size_t)bits / 8, md, what);
			nvec++;
		}
	}
	EXPECT(nvec > 0, "%s: no vectors", file);
	free(msg);
	free(line);
	fclose(f);
}

/* Monte Carlo: M0 = M1 = M2 = seed, M_i = H(M_{i-3} || M_{i-2} || M_{i-1})
 * for i = 3..1002; each checkpoint's MD is M_1002, the next seed. Through
 * each implementation in turn. */
static void nist_monte(const struct algo *a, const char *file)
{
	for (const struct impl *k = impl_table(a->family); k->name; k++) {
		if (impl_is_multibuffer(k) || impl_missing(k))
			continue;
		FILE *f = open_vector(file);
		char *line = NULL;
		size_t cap = 0, n = a->digest_size;
		uint8_t seed[64], md[64], m[3][64], buf[192];
		unsigned count = 0;
		int have_seed = 0;

		while (getline(&line, &cap, f) > 0) {
			if (strncmp(line, "Seed = ", 7) == 0) {
				unhex(line + 7, seed, sizeof seed);
				have_seed = 1;
			} else if (strncmp(line, "MD = ", 5) == 0 && have_seed) {
				unhex(line + 5, md, sizeof md);
				for (int j = 0; j < 3; j++)
					memcpy(m[j], seed, n);
				for (int i = 3; i < 1003; i++) {
					memcpy(buf, m[0], n);
					memcpy(buf + n, m[1], n);
					memcpy(buf + 2 * n, m[2], n);
					memcpy(m[0], m[1], n);
					memcpy(m[1], m[2], n);
					hash_split(a, k, buf, 3 * n, NULL, 0, m[2]);
				}
				EXPECT(memcmp(m[2], md, n) == 0, "%s/%s: %s checkpoint %u", a->name,
				       k->name, file, count);
				memcpy(seed, m[2], n);
				count++;
			}
		}
		EXPECT(count == 100, "%s: %u Monte checkpoints", file, count);
		free(line);
		fclose(f);
	}
}

/* --- CRC-32C ---------------------------------------------------------------- */

/* "<name> <hex or -> <crc> [<seed>]": with a seed, the raw register form
 * through each transform; without, the standard CRC through the driver. */
static void crc_vectors(void)
{
	FILE *f = open_vector("crc32c.txt");
	const struct algo *a = algo_by_name("crc32c");
	char *line = NULL;
	size_t cap = 0, nvec = 0;

	while (getline(&line, &cap, f) > 0) {
		char name[256], hex[8192], crc_hex[16], seed_hex[16];
		if (line[0] == '#')
			continue;
		int fields = sscanf(line, "%255s %8191s %15s %15s", name, hex, crc_hex, seed_hex);
		if (fields < 3)
			continue;
		uint8_t *msg = malloc(strlen(hex) / 2 + 1);
		size_t len = strcmp(hex, "-") == 0 ? 0 : unhex(hex, msg, strlen(hex) / 2);
		uint32_t want = (uint32_t)strtoul(crc_hex, NULL, 16);
		if (fields == 4) {
			uint32_t seed = (uint32_t)strtoul(seed_hex, NULL, 16);
			for (const struct impl *k = impl_table(FAMILY_CRC32C); k->name; k++)
				if (!impl_missing(k))
					EXPECT(k->fn.crc32(seed, msg, len) == want, "crc32c/%s: %s", k->name,
					       name);
		} else {
			uint8_t md[4] = { (uint8_t)(want >> 24), (uint8_t)(want >> 16),
					  (uint8_t)(want >> 8), (uint8_t)want };
			check_message(a, msg, len, md, name);
		}
		free(msg);
		nvec++;
	}
	EXPECT(nvec > 100, "crc32c.txt: %zu vectors", nvec);
	free(line);
	fclose(f);
}

/* Every CRC family on this host's byte order: its published vectors
 * (the --selftest table) and combination on random splits. */
static void crc_families(void)
{
	enum { MAX = 5000 };
	uint8_t *buf = malloc(MAX);

	EXPECT(selftest_run(), "--selftest's vectors");
	fill(buf, MAX);
	for (int f = FAMILY_CRC32C; f < FAMILY_COUNT; f++) {
		const struct impl *g = impl_generic((enum family)f);
		uint64_t ones = crc_register_init((enum family)f);
		for (int iter = 0; iter < 300; iter++) {
			size_t len = rnd() % MAX, cut = len ? rnd() % (len + 1) : 0;
			uint64_t whole = ~impl_crc(g, ones, buf, len) & ones;
			uint64_t a = ~impl_crc(g, ones, buf, cut) & ones;
			uint64_t b = ~impl_crc(g, ones, buf + cut, len - cut) & ones;
			EXPECT(crc_combine((enum family)f, a, b, len - cut) == whole,
			       "%s combine: %zu + %zu", family_desc((enum family)f)->name, cut, len - cut);
		}
	}
	free(buf);
}

/* --- every row against generic ------------------------------------------ */

static void random_messages(void)
{
	enum { MAX = 70000 };
	uint8_t *buf = malloc(MAX + 64), want[ALGO_MAX_DIGEST];

	for (const struct algo *a = algos; a->name; a++) {
		const struct impl *g = impl_generic(a->family);
		for (int iter = 0; iter < 60; iter++) {
			size_t len = iter < 40 ? rnd() % 600 : rnd() % MAX;
			uint8_t *p = buf + rnd() % 64;
			fill(p, len);
			hash_split(a, g, p, len, NULL, 0, want);
			check_message(a, p, len, want, "random message");
		}
	}
	free(buf);
}

static void generic_blocks(enum family f, void *state, const uint8_t *p, size_t nblocks)
{
	impl_blocks(impl_generic(f), state, p, nblocks);
}

/* Each lane its own message and state (none on a portable build). */
static void multi_buffer(void)
{
	enum { NB = 37 };
	uint8_t *buf = malloc(LANES_MAX * (NB * 128 + 8));
	uint64_t st[LANES_MAX][8], want[LANES_MAX][8];
	void *sp[LANES_MAX];
	const uint8_t *dp[LANES_MAX];

	fill(buf, LANES_MAX * (NB * 128 + 8));
	for (int f = 0; f < FAMILY_COUNT; f++)
		for (const struct impl *k = impl_table((enum family)f); k->name; k++) {
			if (!impl_is_multibuffer(k) || impl_missing(k))
				continue;
			for (unsigned i = 0; i < k->lanes; i++) {
				fill((uint8_t *)st[i], sizeof st[i]);
				memcpy(want[i], st[i], sizeof st[i]);
				dp[i] = buf + i * (NB * 128 + 8) + i % 8;
				sp[i] = st[i];
				generic_blocks((enum family)f, want[i], dp[i], NB);
			}
			impl_mblocks(k, sp, dp, NB);
			for (unsigned i = 0; i < k->lanes; i++)
				EXPECT(memcmp(st[i], want[i], family_state_bytes((enum family)f)) == 0,
				       "multi-buffer %s (family %d): lane %u", k->name, f, i);
		}
	free(buf);
}

int main(int argc, char **argv)
{
	static const char *const sha[] = { "SHA1", "SHA224", "SHA256", "SHA384", "SHA512" };
	static const char *const names[] = { "sha1", "sha224", "sha256", "sha384", "sha512" };

	if (argc > 1)
		vectors_dir = argv[1];
	for (int i = 0; i < 5; i++) {
		char file[64];
		const struct algo *a = algo_by_name(names[i]);
		snprintf(file, sizeof file, "nist/%sShortMsg.rsp", sha[i]);
		nist_messages(a, file);
		snprintf(file, sizeof file, "nist/%sLongMsg.rsp", sha[i]);
		nist_messages(a, file);
		snprintf(file, sizeof file, "nist/%sMonte.rsp", sha[i]);
		nist_monte(a, file);
	}
	crc_vectors();
	crc_families();
	random_messages();
	multi_buffer();
	printf("cross_test: %lu checks, %lu failed\n", checks, failures);
	return failures ? 1 : 0;
}
