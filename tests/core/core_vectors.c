/* SPDX-License-Identifier: MIT */
/* core_vectors.c - known answers through one row: the NIST CAVP
 * byte-oriented SHA vectors (ShortMsg, LongMsg, Monte Carlo) and the
 * CRC-32C vectors of RFC 3720 and others (../shared/vectors). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"

/* --- the .rsp files, read once ------------------------------------------- */

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

static void add_message(struct vector_set *set, uint8_t *msg, size_t len, const char *md_hex)
{
	struct msg_vector *grown = realloc(set->v, (set->n + 1) * sizeof *set->v);
	if (!grown) {
		free(msg);
		return;
	}
	set->v = grown;
	struct msg_vector *v = &set->v[set->n++];
	v->msg = msg;
	v->len = len;
	test_unhex(md_hex, v->md, sizeof v->md);
}

/* "Len = bits / Msg = hex / MD = hex" records, or "Seed = / MD =" for
 * Monte. false when the file cannot be read. */
static bool load_rsp(const char *file, struct vector_set *set)
{
	FILE *f = fopen(test_vector_path(file), "r");
	if (!f)
		return false;
	char *line = NULL;
	size_t cap = 0;
	long bits = -1;
	uint8_t *msg = NULL;

	while (getline(&line, &cap, f) > 0) {
		if (strncmp(line, "Len = ", 6) == 0) {
			bits = atol(line + 6);
		} else if (strncmp(line, "Msg = ", 6) == 0) {
			free(msg);
			msg = malloc(strlen(line) / 2 + 1);
			if (msg)
				test_unhex(line + 6, msg, strlen(line) / 2);
		} else if (strncmp(line, "Seed = ", 7) == 0) {
			test_unhex(line + 7, set->seed, sizeof set->seed);
		} else if (strncmp(line, "MD = ", 5) == 0 && msg && bits >= 0 && bits % 8 == 0) {
			/* Len = 0 comes with Msg = 00: the length rules. */
			add_message(set, msg, (size_t)bits / 8, line + 5);
			msg = NULL;
		} else if (strncmp(line, "MD = ", 5) == 0 && set->nmonte < 100) {
			test_unhex(line + 5, set->monte_md[set->nmonte++], 64);
		}
	}
	free(msg);
	free(line);
	fclose(f);
	return true;
}

/* The set of nist/<TAG><KIND>.rsp, or NULL (a failure counted in t). */
static const struct vector_set *vectors(struct tc *t, const char *tag, const char *kind)
{
	static struct {
		char file[64];
		struct vector_set set;
		bool ok;
	} cache[16];
	static int ncache;
	char file[64];

	snprintf(file, sizeof file, "nist/%s%s.rsp", tag, kind);
	for (int i = 0; i < ncache; i++)
		if (strcmp(cache[i].file, file) == 0)
			return cache[i].ok ? &cache[i].set : NULL;
	if (ncache == 16)
		return NULL;
	snprintf(cache[ncache].file, sizeof cache[ncache].file, "%s", file);
	struct vector_set *set = &cache[ncache].set;
	bool ok = load_rsp(file, set) && (set->n > 0 || set->nmonte == 100);
	cache[ncache++].ok = ok;
	tc_expect(t, ok, "%s: cannot read its vectors (set SIMDSUM_VECTORS)", test_vector_path(file));
	return ok ? set : NULL;
}

/* --- one message through a row: one update, then split -------------------- */

static void check_message(struct tc *t, const struct algo *a, const struct impl *impl,
			  const uint8_t *msg, size_t len, const uint8_t *want, const char *what)
{
	uint8_t got[ALGO_MAX_DIGEST];

	test_hash(a, impl, msg, len, NULL, 0, got);
	tc_expect(t, memcmp(got, want, a->digest_size) == 0, "%s/%s: %s", a->name, impl->name, what);
	if (len <= 300) {
		for (size_t cut = 1; cut < len; cut++) {
			test_hash(a, impl, msg, len, &cut, 1, got);
			tc_expect(t, memcmp(got, want, a->digest_size) == 0, "%s/%s: %s split at %zu",
				  a->name, impl->name, what, cut);
		}
		return;
	}
	size_t cuts[40];
	for (size_t i = 0; i < 40; i++)
		cuts[i] = test_rand_below(len / 40 + 1);
	test_hash(a, impl, msg, len, cuts, 40, got);
	tc_expect(t, memcmp(got, want, a->digest_size) == 0, "%s/%s: %s in 41 pieces", a->name,
		  impl->name, what);
}

static void nist_messages(struct tc *t, const struct impl *impl, const struct algo *a,
			  const char *kind)
{
	const struct vector_set *set = vectors(t, a->tag, kind);

	for (size_t i = 0; set && i < set->n; i++) {
		char what[64];
		snprintf(what, sizeof what, "%s record %zu (%zu bytes)", kind, i, set->v[i].len);
		check_message(t, a, impl, set->v[i].msg, set->v[i].len, set->v[i].md, what);
	}
}

/* M0 = M1 = M2 = seed; M_i = H(M_{i-3} || M_{i-2} || M_{i-1}) for
 * i = 3..1002; the checkpoint is M_1002 and seeds the next one. */
static void nist_monte(struct tc *t, const struct impl *impl, const struct algo *a)
{
	const struct vector_set *set = vectors(t, a->tag, "Monte");
	size_t d = a->digest_size;
	uint8_t seed[64], m[3][64], buf[192];

	if (!set)
		return;
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
			test_hash(a, impl, buf, 3 * d, NULL, 0, m[2]);
		}
		memcpy(seed, m[2], d);
		tc_expect(t, memcmp(seed, set->monte_md[j], d) == 0, "%s/%s: Monte checkpoint %zu",
			  a->name, impl->name, j);
	}
	tc_expect(t, set->nmonte == 100, "%s: %zu Monte checkpoints", a->name, set->nmonte);
}

bool tc_has_nist(enum family family)
{
	return family >= FAMILY_SHA1 && family <= FAMILY_SHA512;
}

void tc_nist(struct tc *t, const struct impl *impl)
{
	for (const struct algo *a = algos; a->name; a++) {
		if (a->family != impl->family)
			continue;
		nist_messages(t, impl, a, "ShortMsg");
		nist_messages(t, impl, a, "LongMsg");
		nist_monte(t, impl, a);
	}
}

/* --- CRC-32C ---------------------------------------------------------------- */

/* One line: "NAME HEX|- CRC [SEED]"; with a seed, the raw register form. */
static bool crc_line(struct tc *t, const struct impl *impl, const char *line, uint8_t *data,
		     size_t cap)
{
	char name[128], hex[1 << 14], crc_s[16], seed_s[16];
	int fields = sscanf(line, "%127s %16383s %15s %15s", name, hex, crc_s, seed_s);
	if (fields < 3)
		return false;
	size_t len = strcmp(hex, "-") == 0 ? 0 : test_unhex(hex, data, cap);
	uint32_t want = (uint32_t)strtoul(crc_s, NULL, 16);
	if (fields == 4) {
		uint32_t got = impl->fn.crc32((uint32_t)strtoul(seed_s, NULL, 16), data, len);
		tc_expect(t, got == want, "crc32c/%s: %s: got %08x want %08x", impl->name, name, got,
			  want);
	} else {
		uint8_t md[4] = { (uint8_t)(want >> 24), (uint8_t)(want >> 16), (uint8_t)(want >> 8),
				  (uint8_t)want };
		check_message(t, family_algo(FAMILY_CRC32C), impl, data, len, md, name);
	}
	return true;
}

void tc_crc32c_vectors(struct tc *t, const struct impl *impl)
{
	FILE *f = fopen(test_vector_path("crc32c.txt"), "r");
	tc_expect(t, f != NULL, "%s: cannot open (set SIMDSUM_VECTORS)",
		  test_vector_path("crc32c.txt"));
	if (!f)
		return;
	char *line = NULL;
	size_t cap = 0, count = 0, bad = 0;
	uint8_t *data = malloc(1 << 20);

	while (data && getline(&line, &cap, f) > 0) {
		if (line[0] == '#' || line[0] == '\n')
			continue;
		if (crc_line(t, impl, line, data, 1 << 20))
			count++;
		else
			bad++;
	}
	tc_expect(t, count >= 150 && bad == 0, "crc32c.txt: %zu vectors, %zu unreadable lines",
		  count, bad);
	free(line);
	free(data);
	fclose(f);
}
